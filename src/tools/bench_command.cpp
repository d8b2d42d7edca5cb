#include "tools/bench_command.h"

#include <cstdio>

#include <fmt/core.h>

#include "chess/search.h"
#include "core/version.h"
#include "xiangqi/search.h"

namespace sen {

using namespace chess;

BenchResult run_bench(std::string_view variant, std::optional<int> depth, const BenchProgress& progress) {
    if (variant == xiangqi::XiangqiGame::NAME)
        return run_bench<xiangqi::XiangqiGame>(depth.value_or(xiangqi::XiangqiGame::BENCH_DEPTH), progress);
    return run_bench<chess::ChessGame>(depth.value_or(chess::ChessGame::BENCH_DEPTH), progress);
}

int run_bench_cli(const std::vector<std::string>& args) {
    constexpr const char* usage = "usage: sen bench [depth 1..64] [--variant chess|xiangqi]\n";
    std::optional<int> depth;
    std::string variant = "chess";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--variant" && i + 1 < args.size()) {
            variant = args[++i];
        } else if (a.rfind("--variant=", 0) == 0) {
            variant = a.substr(10);
        } else if (!depth && !a.empty() && a.find_first_not_of("0123456789") == std::string::npos && a.size() <= 2) {
            depth = std::stoi(a);
            if (*depth < 1 || *depth > 64) {
                fmt::print("{}", usage);
                return 2;
            }
        } else {
            fmt::print("error: unexpected argument '{}'\n{}", a, usage);
            return 2;
        }
    }
    if (variant != chess::ChessGame::NAME && variant != xiangqi::XiangqiGame::NAME) {
        fmt::print("error: unknown variant '{}' (chess or xiangqi)\n{}", variant, usage);
        return 2;
    }
    // The header names the build, so that a pasted bench output says which version gave it.
    const int shown_depth =
        depth.value_or(variant == xiangqi::XiangqiGame::NAME ? xiangqi::XiangqiGame::BENCH_DEPTH : ChessGame::BENCH_DEPTH);
    fmt::print("{} bench: {}, depth {}\n", ENGINE_NAME_AND_VERSION, variant, shown_depth);
    const BenchResult r = run_bench(variant, depth, [](int index, std::string_view fen, std::uint64_t nodes) {
        fmt::print("{:>3} {:>10} {}\n", index + 1, nodes, fen);
        std::fflush(stdout);
    });
    fmt::print("{} nodes {} nps\n", r.nodes, r.nps());
    return 0;
}

}  // namespace sen
