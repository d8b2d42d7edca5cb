// Threats for quiet-move ordering, as in chess (chess/threats.h): which points the side not to
// move attacks with its cheaper pieces, and what a quiet move does about them.
//
// Cheaper here is by SEE_VALUE: soldiers threaten everything else; soldiers, advisors and
// elephants threaten horses and cannons; those and horses and cannons threaten a chariot. A
// cannon attacks a point only across a screen, and which points those are changes with the very
// move being scored; so a cannon counts where it attacks a piece now (the point a piece leaves)
// and not on the empty point a piece goes to.
//
// Unlike chess, only the escape counts: a move into a cheaper piece's reach is not marked down.
// At equal nodes the escape alone measured +24 +- 26 over 400 games, the chess rule in full
// -19 +- 30 (docs/strength.md); pieces here stand in a horse's or a soldier's reach, defended,
// far more often than in chess.
#pragma once

#include "xiangqi/attacks.h"
#include "xiangqi/position.h"
#include "xiangqi/see.h"

namespace sen::xiangqi {

struct Threats {
    Bitboard to_guard = 0;     // by soldiers: the threats to an advisor or elephant
    Bitboard to_minor = 0;     // by soldiers, advisors and elephants: to a horse or cannon
    Bitboard to_chariot = 0;   // by those, horses and cannons (a cannon's only where it attacks a piece now)
    Bitboard cannon_only = 0;  // the part of to_chariot that only cannons attack
};

inline Threats threats(const Position& pos) {
    const Color them = ~pos.side_to_move();
    const Bitboard occupied = pos.pieces(), occupied_fm = pos.pieces_file_major();
    Threats t;
    for (Bitboard b = pos.pieces(them, SOLDIER); b;) t.to_guard |= soldier_steps(them, pop_lsb(b));
    t.to_minor = t.to_guard;
    for (Bitboard b = pos.pieces(them, ADVISOR); b;) t.to_minor |= advisor_steps(pop_lsb(b));
    for (Bitboard b = pos.pieces(them, ELEPHANT); b;) t.to_minor |= elephant_steps(pop_lsb(b), occupied);
    Bitboard horses = 0, cannons = 0;
    for (Bitboard b = pos.pieces(them, HORSE); b;) horses |= horse_steps(pop_lsb(b), occupied);
    for (Bitboard b = pos.pieces(them, CANNON); b;) cannons |= cannon_reach(pop_lsb(b), occupied, occupied_fm).jumps;
    t.to_chariot = t.to_minor | horses | cannons;
    t.cannon_only = cannons & ~(t.to_minor | horses);
    return t;
}

// For a quiet move: the moving piece's value when it leaves a point a cheaper enemy piece
// attacks for one no such piece attacks, else 0.
inline int threat_escape(const Position& pos, const Threats& t, Move m) {
    const PieceType pt = piece_type(pos.piece_on(m.from()));
    const Bitboard threatened = pt == CHARIOT                     ? t.to_chariot
                                : pt == HORSE || pt == CANNON     ? t.to_minor
                                : pt == ADVISOR || pt == ELEPHANT ? t.to_guard
                                                                  : 0;
    const Bitboard after_mask = pt == CHARIOT ? threatened & ~t.cannon_only : threatened;
    const int before = int((threatened >> m.from()) & 1);
    const int after = int((after_mask >> m.to()) & 1);
    return before * (1 - after) * SEE_VALUE[pt];
}

}  // namespace sen::xiangqi
