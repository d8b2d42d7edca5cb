#include "bench.h"

#include <chrono>

#include "bench_positions.h"
#include "position.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

namespace sen {

BenchResult run_bench(int depth, const std::function<void(int, std::string_view, std::uint64_t)>& progress) {
    TranspositionTable tt;
    tt.resize(16);
    Searcher searcher(tt);
    searcher.set_threads(1);
    BenchResult result;
    const auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const std::string_view fen : BENCH_FENS) {
        Position pos;
        if (pos.set_fen(fen)) continue;  // the list is fixed and valid; tests check it
        tt.clear();
        searcher.clear();
        SearchLimits limits;
        limits.depth = depth;
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        const SearchResult r = searcher.search(pos, limits, timer, control, {});
        result.nodes += r.nodes;
        if (progress) progress(index, fen, r.nodes);
        ++index;
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace sen
