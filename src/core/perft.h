// Perft, written once for every game: the number of leaf nodes of the legal move tree to a fixed
// depth, the standard check of a move generator's correctness and speed. It runs the game's own
// generator (the SearchGame functions generate_all and count_legal_moves) and counts the last ply
// in bulk (count_legal_moves), without making the moves.
//
// Each game compiles Perft<Game> once, in its movegen.cpp, beside the generator it counts (its
// game.h declares it extern), so that the protocol, the tools and the tests all run that one copy,
// built under the link-time optimiser with the generator: compiled in the game's engine.cpp instead,
// one game's perft 5 ran 0.56% more instructions (callgrind), all of them in an unchanged generator
// function that the link-time optimiser then compiled differently. The members are defined outside
// the class: defined in it they would be implicitly inline, which GCC's inliner treats differently
// (one game's count then ran 0.4% more instructions, sen perft 5 under callgrind).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"

namespace sen {

struct DeepPerftOptions;  // deep_perft.h

template <SearchGame G>
struct Perft {
    using Position = typename G::Position;
    using Divide = std::vector<std::pair<typename G::Move, std::uint64_t>>;

    static std::uint64_t count(Position& pos, int depth);
    // Per root move counts, in generation order.
    static Divide divide(Position& pos, int depth);
    // The same on several threads sharing a perft hash, for deep counts (defined in deep_perft.h).
    static Divide divide_deep(const Position& pos, int depth, const DeepPerftOptions& options);
};

template <SearchGame G>
std::uint64_t Perft<G>::count(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return G::count_legal_moves(pos);
    typename G::MoveList moves;
    G::generate_all(pos, moves);
    std::uint64_t nodes = 0;
    for (const auto m : moves) {
        pos.make_move(m);
        nodes += count(pos, depth - 1);
        pos.unmake_move();
    }
    return nodes;
}

template <SearchGame G>
typename Perft<G>::Divide Perft<G>::divide(Position& pos, int depth) {
    Divide result;
    typename G::MoveList moves;
    G::generate_all(pos, moves);
    for (const auto m : moves) {
        pos.make_move(m);
        result.emplace_back(m, count(pos, depth - 1));
        pos.unmake_move();
    }
    return result;
}

}  // namespace sen
