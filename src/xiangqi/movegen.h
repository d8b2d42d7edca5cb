// Legal xiangqi move generation.
//
// Owns: turning a position into its legal moves (or their number). Never changes the
// position: no caller has to make a move to test it.
//
// Outside check, the generator first finds the few pieces whose moves could expose their own
// general: the only piece between it and an enemy chariot or the enemy general on an open
// line, either of the two pieces between it and an enemy cannon, and a piece on the leg of an
// enemy horse aimed at it. It also finds the points between the general and an enemy cannon
// with nothing in between, which no piece may step onto (it would become the cannon's screen).
// Every other piece's destinations are then legal as whole sets, so counting them is a
// popcount and the leaves of perft never become individual moves. The exceptions (those
// pieces, every general move, every move while in check) are tested one by one against the
// position after the move.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/move_list.h"
#include "core/movegen.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {

// GenKind (core/movegen.h): Noisy = captures, Quiet = the others.
using sen::GenKind;

// No xiangqi position has more than 2*17 (chariots) + 2*17 (cannons) + 2*8 (horses) +
// 2*4 (elephants) + 4+1 (advisors) + 4 (general) + 5*3 (soldiers) = 116 moves, and the FEN
// parser rejects piece sets beyond the start position's.
using MoveList = FixedMoveList<Move, 128>;

template <GenKind Kind>
void generate(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate<GenKind::All>(pos, list);
    return list;
}

// Number of legal moves, without listing them.
std::uint64_t count_legal_moves(const Position& pos);

// Whether a move (say, from the hash table or a killer slot) could be played here by the
// piece on its origin, ignoring the safety of the own general.
bool is_pseudo_legal(const Position& pos, Move m);
// Whether a move (any 16-bit value) is legal in this position.
bool is_legal(const Position& pos, Move m);

}  // namespace sen::xiangqi
