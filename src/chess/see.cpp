#include "chess/see.h"

namespace sen::chess {

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.kind() != MoveKind::Normal) return 0 >= threshold;  // castling, en passant, promotions: treat as even

    const Square from = m.from(), to = m.to();
    int swap = SEE_VALUE[piece_type(pos.piece_on(to))] - threshold;
    if (swap < 0) return false;
    swap = SEE_VALUE[piece_type(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    Color side = pos.side_to_move();
    Bitboard attackers = pos.attackers_to(to, occupied);
    const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
    int result = 1;

    for (;;) {
        side = ~side;
        attackers &= occupied;
        const Bitboard ours = attackers & pos.pieces(side);
        if (!ours) break;
        result ^= 1;
        // The least valuable attacker recaptures; removing it may uncover an x-ray slider.
        PieceType pt = PAWN;
        Bitboard b = 0;
        for (; pt <= KING; pt = PieceType(pt + 1))
            if ((b = ours & pos.pieces(pt))) break;
        if (pt == KING) return (attackers & ~pos.pieces(side)) ? result ^ 1 : result;
        swap = SEE_VALUE[pt] - swap;
        if (swap < result) break;
        occupied ^= square_bb(lsb(b));
        if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
        if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
    }
    return result != 0;
}

}  // namespace sen::chess
