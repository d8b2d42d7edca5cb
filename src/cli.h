// Command-line subcommands that run without the UCI loop: `sen perft ...` (and later `bench`).
// Each returns the process exit code.
#pragma once

#include <string>
#include <vector>

namespace sen {

int run_perft_command(const std::vector<std::string>& args);

}  // namespace sen
