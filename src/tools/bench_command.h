// `sen bench [depth] [--variant V]` (tools/subcommands.h): the bench (core/bench.h) of any game of
// games.h from the command line, as OpenBench runs it.
#pragma once

#include <optional>

#include "core/bench.h"
#include "games.h"

namespace sen {

// The bench of that game at the given depth, or the game's default.
BenchResult run_bench(GameId game, std::optional<int> depth, const BenchProgress& progress = {});

}  // namespace sen
