// Bench: fixed-depth searches of a fixed list of positions with one thread and a 16 MB hash,
// clearing the hash and histories before each. The total node count is deterministic and
// serves as the signature of the search (the `Bench: N` line of every commit message);
// nodes per second gives a speed figure.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace sen {

constexpr int BENCH_DEFAULT_DEPTH = 13;

struct BenchResult {
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nps() const { return seconds > 0 ? std::uint64_t(double(nodes) / seconds) : 0; }
};

// `progress` receives each position's index, FEN and node count.
BenchResult run_bench(int depth, const std::function<void(int, std::string_view, std::uint64_t)>& progress = {});

}  // namespace sen
