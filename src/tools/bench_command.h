// `sen bench [depth] [--variant chess|xiangqi]`: the bench (core/bench.h) of the named game
// from the command line, as OpenBench runs it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bench.h"

namespace sen {

// The bench of the game named "chess" or "xiangqi" (anything else: chess), at the given depth
// or that game's default.
BenchResult run_bench(std::string_view variant, std::optional<int> depth, const BenchProgress& progress = {});

// One line per position, then `<nodes> nodes <nps> nps`. Returns the exit code.
int run_bench_cli(const std::vector<std::string>& args);

}  // namespace sen
