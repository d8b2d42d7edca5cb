#include "xiangqi/see.h"

namespace sen::xiangqi {

namespace {

constexpr int GENERAL_VALUE = 100000;

int value_of(PieceType pt) { return pt == GENERAL ? GENERAL_VALUE : SEE_VALUE[pt]; }

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) {
    const Square from = m.from(), to = m.to();
    // What we win at once, less the threshold: below zero, even a free capture is not enough.
    int swap = SEE_VALUE[piece_type(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    // Losing the moving piece in return still clears the threshold.
    swap = value_of(piece_type(pos.piece_on(from))) - swap;
    if (swap <= 0) return true;

    Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    Color side = piece_color(pos.piece_on(from));
    bool result = true;  // whether the side that moved first is ahead if the exchange stops now
    for (;;) {
        side = ~side;
        const Bitboard attackers = pos.attackers_to(to, occupied) & ~square_bb(to);
        const Bitboard ours = attackers & pos.pieces(side);
        if (!ours) break;
        result = !result;
        PieceType pt = SOLDIER;
        Bitboard least = 0;
        for (const PieceType t : {SOLDIER, ADVISOR, ELEPHANT, HORSE, CANNON, CHARIOT, GENERAL})
            if ((least = ours & pos.pieces(t))) {
                pt = t;
                break;
            }
        // The general may take last only: if the other side still attacks, it cannot.
        if (pt == GENERAL) return (attackers & pos.pieces(~side)) ? !result : result;
        swap = value_of(pt) - swap;
        if (swap < int(result)) break;
        occupied ^= square_bb(lsb(least));
    }
    return result;
}

}  // namespace sen::xiangqi
