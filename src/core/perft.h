// Perft written once for every game: each game's perft.cpp instantiates it with its own
// position, move list and generator, so each game's generator
// is inlined into its own copy as if perft had been written for that game alone.
//
// The last ply is counted in bulk (count_legal_moves), without making the moves. The functions
// are namespace-scope templates rather than members defined in a class, which would make them
// implicitly inline: GCC's inliner treats those differently, and one game's instantiation then
// ran 0.4% more instructions (sen perft 5 under callgrind) than the function it replaces.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace sen {

template <typename Position, typename MoveList, void (*GenerateAll)(const Position&, MoveList&),
          std::uint64_t (*CountLegalMoves)(const Position&)>
std::uint64_t perft_count(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return CountLegalMoves(pos);
    MoveList moves;
    GenerateAll(pos, moves);
    std::uint64_t nodes = 0;
    for (const auto m : moves) {
        pos.make_move(m);
        nodes += perft_count<Position, MoveList, GenerateAll, CountLegalMoves>(pos, depth - 1);
        pos.unmake_move();
    }
    return nodes;
}

// Per root move counts, in generation order.
template <typename Position, typename MoveList, void (*GenerateAll)(const Position&, MoveList&),
          std::uint64_t (*CountLegalMoves)(const Position&)>
std::vector<std::pair<typename MoveList::value_type, std::uint64_t>> perft_count_divide(Position& pos, int depth) {
    std::vector<std::pair<typename MoveList::value_type, std::uint64_t>> result;
    MoveList moves;
    GenerateAll(pos, moves);
    for (const auto m : moves) {
        pos.make_move(m);
        result.emplace_back(m, perft_count<Position, MoveList, GenerateAll, CountLegalMoves>(pos, depth - 1));
        pos.unmake_move();
    }
    return result;
}

}  // namespace sen
