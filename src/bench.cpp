#include "bench.h"

#include <chrono>

#include "chess_game.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

namespace sen {

template <class Game>
BenchResult run_bench(int depth, const BenchProgress& progress) {
    TranspositionTable tt;
    tt.resize(16);
    BasicSearcher<Game> searcher(tt);
    searcher.set_threads(1);
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

template BenchResult run_bench<ChessGame>(int depth, const BenchProgress& progress);

BenchResult run_bench(int depth, const BenchProgress& progress) { return run_bench<ChessGame>(depth, progress); }

}  // namespace sen
