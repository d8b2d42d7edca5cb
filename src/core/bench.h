// Bench: fixed-depth searches of a fixed list of positions with one thread and a 16 MB hash,
// clearing the hash and histories before each. The total node count is deterministic and
// serves as the signature of the search (the `Bench: N` line of every commit message is the
// default game's); nodes per second gives a speed figure. Each game brings its own positions and
// default depth (Game::BENCH_FENS, Game::BENCH_DEPTH). The protocol's `bench` command and the
// command line (tools/bench_command.h) both run it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

#include "core/search.h"
#include "core/timeman.h"
#include "core/tt.h"

namespace sen {

struct BenchResult {
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nps() const { return seconds > 0 ? std::uint64_t(double(nodes) / seconds) : 0; }
};

// Receives each position's index, FEN and node count.
using BenchProgress = std::function<void(int, std::string_view, std::uint64_t)>;

// With `evaluator` (an engine's EvalFile choice); the signature is the default one's.
template <SearchGame Game>
requires ProtocolGame<Game> BenchResult run_bench(int depth, const BenchProgress& progress = {},
                                                  typename Game::Evaluator evaluator = Game::default_evaluator()) {
    TranspositionTable tt;
    tt.resize(16);
    BasicSearcher<Game> searcher(tt);
    searcher.set_threads(1);
    searcher.set_evaluator(std::move(evaluator));
    BenchResult result;
    const auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const std::string_view fen : Game::BENCH_FENS) {
        typename Game::Position pos;
        if (Game::set_fen(pos, fen, false)) continue;  // the list is fixed and valid; tests check it
        tt.clear();
        searcher.clear();
        BasicSearchLimits<Game> limits;
        limits.depth = depth;
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        const BasicSearchResult<Game> r = searcher.search(pos, limits, timer, control, {});
        result.nodes += r.nodes;
        if (progress) progress(index, fen, r.nodes);
        ++index;
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace sen
