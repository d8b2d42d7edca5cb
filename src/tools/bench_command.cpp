#include "tools/bench_command.h"

#include <cstdio>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "chess/search.h"
#include "core/version.h"
#include "tools/subcommands.h"
#include "xiangqi/search.h"

namespace sen {

BenchResult run_bench(GameId game, std::optional<int> depth, const BenchProgress& progress) {
    return visit_game(game, [&](auto tag) {
        using G = typename decltype(tag)::Game;
        return run_bench<G>(depth.value_or(G::BENCH_DEPTH), progress);
    });
}

int run_bench_command(const std::vector<std::string>& args) {
    const std::string usage = fmt::format("usage: sen bench [depth 1..64] [--variant {}]\n", game_names("|"));
    std::optional<int> depth;
    std::string variant(GAME_NAMES[0]);
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
    const std::optional<GameId> game = find_game(variant);
    if (!game) {
        fmt::print("error: unknown variant '{}' ({})\n{}", variant, game_names(" or "), usage);
        return 2;
    }
    // The header names the build, so that a pasted bench output says which version gave it.
    const int shown_depth = depth.value_or(visit_game(*game, [](auto tag) { return decltype(tag)::Game::BENCH_DEPTH; }));
    fmt::print("{} bench: {}, depth {}\n", ENGINE_NAME_AND_VERSION, variant, shown_depth);
    const BenchResult r = run_bench(*game, depth, [](int index, std::string_view fen, std::uint64_t nodes) {
        fmt::print("{:>3} {:>10} {}\n", index + 1, nodes, fen);
        std::fflush(stdout);
    });
    fmt::print("{} nodes {} nps\n", r.nodes, r.nps());
    return 0;
}

}  // namespace sen
