// Command-line subcommands that run without the UCI loop: `sen perft ...` (chess or xiangqi)
// and `sen magics` (`sen bench` is bench.h's run_bench_cli). Each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace sen {

int run_perft_command(const std::vector<std::string>& args);
// `sen magics`: prints magic_numbers.h, the slider multipliers, found again from scratch.
int run_magics_command();

}  // namespace sen
