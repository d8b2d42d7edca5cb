// Entry point: dispatches command-line subcommands, otherwise runs the UCI loop.
#include <string>
#include <vector>

#include "cli.h"

int main(int argc, char* argv[]) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "perft") return sen::run_perft_command({args.begin() + 1, args.end()});
    return 0;
}
