// Threats for quiet-move ordering: which squares the side not to move attacks with its cheaper
// pieces, and what a quiet move does about them.
//
// A piece attacked by a cheaper one is lost or must move, whatever the exchange on its square
// would say. A quiet move that takes it to a square no cheaper piece attacks deserves an early
// try, and one that puts a piece where a cheaper one takes it a late one. History alone does not
// know this: it keeps what worked in other positions, and at the low depths where late-move
// pruning skips the tail of the quiet moves a saving move ordered by history may never be
// searched. Stockfish orders quiet moves by the same threatened-piece idea.
#pragma once

#include "chess/attacks.h"
#include "chess/position.h"
#include "chess/see.h"

namespace sen::chess {

// The squares the side not to move attacks with pawns, with pawns and minor pieces, and with
// pawns, minor pieces and rooks: the threats to a minor piece, a rook and a queen. On the board as
// it stands: a slider's line through the moving piece itself is not followed beyond it.
struct Threats {
    Bitboard to_minor = 0;
    Bitboard to_rook = 0;
    Bitboard to_queen = 0;
};

inline Threats threats(const Position& pos) {
    const Color them = ~pos.side_to_move();
    const Bitboard occupied = pos.pieces();
    Threats t;
    const Bitboard pawns = pos.pieces(them, PAWN);
    t.to_minor = them == Color::White ? shift<Direction::NorthEast>(pawns) | shift<Direction::NorthWest>(pawns)
                                      : shift<Direction::SouthEast>(pawns) | shift<Direction::SouthWest>(pawns);
    Bitboard minors = t.to_minor;
    for (Bitboard b = pos.pieces(them, KNIGHT); b;) minors |= knight_attacks(pop_lsb(b));
    for (Bitboard b = pos.pieces(them, BISHOP); b;) minors |= bishop_attacks(pop_lsb(b), occupied);
    t.to_rook = minors;
    Bitboard rooks = minors;
    for (Bitboard b = pos.pieces(them, ROOK); b;) rooks |= rook_attacks(pop_lsb(b), occupied);
    t.to_queen = rooks;
    return t;
}

// For a quiet move, in centipawns: the moving piece's value when it leaves a square a cheaper
// enemy piece attacks for one no such piece attacks, minus that value for the reverse, else 0.
// Pawns and the king are never threatened in this sense.
inline int threat_escape(const Position& pos, const Threats& t, Move m) {
    const PieceType pt = piece_type(pos.piece_on(m.from()));
    const Bitboard threatened = pt == QUEEN ? t.to_queen : pt == ROOK ? t.to_rook : pt == KNIGHT || pt == BISHOP ? t.to_minor : 0;
    const int before = (threatened >> m.from()) & 1;
    const int after = (threatened >> m.to()) & 1;
    return (before - after) * SEE_VALUE[pt];
}

}  // namespace sen::chess
