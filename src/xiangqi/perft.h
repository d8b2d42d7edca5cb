// Xiangqi perft: the number of leaf nodes of the legal move tree to a fixed depth, the check
// of the move generator's correctness and speed. The last ply is counted in bulk, without
// making the moves (as Fairy-Stockfish's `go perft` does too). Owns nothing else.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/deep_perft.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {

std::uint64_t perft(Position& pos, int depth);

// Per root move counts, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

// The same on several threads sharing a perft hash (core/deep_perft.h), for deep counts.
std::vector<std::pair<Move, std::uint64_t>> perft_divide_deep(const Position& pos, int depth, const DeepPerftOptions& options);

}  // namespace sen::xiangqi
