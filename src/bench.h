// Bench: fixed-depth searches of a fixed list of positions with one thread and a 16 MB hash,
// clearing the hash and histories before each. The total node count is deterministic and
// serves as the signature of the search (the `Bench: N` line of every commit message is the
// chess one); nodes per second gives a speed figure. Each game brings its own positions and
// default depth (Game::BENCH_FENS, Game::BENCH_DEPTH).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sen {

constexpr int BENCH_DEFAULT_DEPTH = 13;  // chess

struct BenchResult {
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t nps() const { return seconds > 0 ? std::uint64_t(double(nodes) / seconds) : 0; }
};

using BenchProgress = std::function<void(int, std::string_view, std::uint64_t)>;

// `progress` receives each position's index, FEN and node count. Instantiated for every game
// in bench.cpp.
template <class Game>
BenchResult run_bench(int depth, const BenchProgress& progress = {});

// The chess bench.
BenchResult run_bench(int depth, const BenchProgress& progress = {});
// The bench of the game named "chess" or "xiangqi" (anything else: chess), at the given depth
// or that game's default.
BenchResult run_bench(std::string_view variant, std::optional<int> depth, const BenchProgress& progress = {});

// `sen bench [depth] [--variant chess|xiangqi]`: one line per position, then
// `<nodes> nodes <nps> nps`. Returns the exit code.
int run_bench_cli(const std::vector<std::string>& args);

}  // namespace sen
