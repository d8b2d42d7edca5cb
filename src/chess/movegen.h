// Legal move generation.
//
// One generator serves every purpose: it finds the pin lines and the check mask once, then
// emits only legal moves, so no caller ever has to make a move to test it. The same code
// either lists moves (MoveList) or only counts them (count_legal_moves, which adds up whole
// target sets with popcount: the leaves of perft never become individual moves).
#pragma once

#include <cstddef>

#include "chess/position.h"
#include "core/move_list.h"
#include "core/movegen.h"

namespace sen::chess {

// GenKind (core/movegen.h): Noisy = captures (en passant and capture-promotions included) and
// promotions to a queen; Quiet = other non-captures, castling and under-promotions without capture.
using sen::GenKind;

// 218 is the most legal moves any reachable position has; the FEN parser rejects piece sets that
// promotions cannot explain, so 256 is never exceeded.
using MoveList = FixedMoveList<Move, 256>;

template <GenKind Kind>
void generate(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate<GenKind::All>(pos, list);
    return list;
}

// Number of legal moves, without listing them.
std::uint64_t count_legal_moves(const Position& pos);

// Whether a move (say, from the hash table or a killer slot) is legal in this position: exactly
// legal_moves(pos).contains(m) for any 16 bits, decided without generating the list.
bool is_legal(const Position& pos, Move m);

}  // namespace sen::chess
