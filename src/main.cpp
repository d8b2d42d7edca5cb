// Entry point: a command-line subcommand from the table below (`sen --help` lists them), or with
// no argument a protocol loop on standard input and output with the games of games.h: CECP
// (xboard) when the first command is `xboard`, UCCI when it is `ucci`, UCI otherwise. Any other argument is refused, so
// that a mistyped subcommand does not leave the engine waiting silently for UCI.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

#include <fmt/core.h>

#include "core/ucci.h"
#include "core/uci.h"
#include "core/version.h"
#include "core/xboard.h"
#include "games.h"
#include "tools/subcommands.h"

namespace {

using Arguments = std::vector<std::string>;

struct Subcommand {
    std::string_view name;
    std::string_view summary;  // one line for `sen --help`
    int (*run)(const Arguments& args);
};

int print_usage(const Arguments& args);

int print_version(const Arguments&) {
    fmt::print("{}\n", sen::ENGINE_NAME_AND_VERSION);
    return 0;
}

// The first argument picks one of these, which gets the arguments after it.
constexpr Subcommand SUBCOMMANDS[] = {
    {"perft", "count the leaf nodes of the legal move tree (also --suite FILE)", sen::run_perft_command},
    {"bench", "search the bench positions: the node count and speed", sen::run_bench_command},
    {"datagen", "play self-play games for training data", sen::run_datagen_command},
    {"datagen-convert", "convert training data between text and the binary game files", sen::run_datagen_convert_command},
    {"tune", "fit the hand-written evaluation's weights to training data", sen::run_tune_command},
    {"nnue-train", "train a network on training data", sen::run_nnue_train_command},
    {"tbprobe", "probe the Syzygy tables for positions", sen::run_tbprobe_command},
    {"magics", "print the chess slider attack multipliers, found again", sen::run_magics_command},
    // The binary's own options.
    {"--help", "print this list and exit (also -h and help)", print_usage},
    {"--version", "print the name and version and exit", print_version},
};

int print_usage(const Arguments&) {
    fmt::print("usage: sen [SUBCOMMAND [ARGUMENTS...]]\n"
               "Without arguments Sen reads UCI commands (or CECP after `xboard`) on standard input; games: {}.\n"
               "Subcommands:\n",
               sen::game_names(", "));
    std::size_t width = 0;
    for (const Subcommand& command : SUBCOMMANDS) width = std::max(width, command.name.size());
    for (const Subcommand& command : SUBCOMMANDS) fmt::print("  {:<{}}  {}\n", command.name, width, command.summary);
    return 0;
}

// The subcommand the first argument names, allowing help's other spellings; nothing if none.
const Subcommand* find_subcommand(std::string_view name) {
    if (name == "-h" || name == "help") name = "--help";
    for (const Subcommand& command : SUBCOMMANDS)
        if (command.name == name) return &command;
    return nullptr;
}

}  // namespace

int main(int argc, char* argv[]) {
    const Arguments args(argv + 1, argv + argc);
    if (!args.empty()) {
        const Subcommand* command = find_subcommand(args[0]);
        if (!command) {
            fmt::print(stderr, "sen: unknown subcommand or option '{}' (sen --help lists them)\n", args[0]);
            return 2;
        }
        return command->run({args.begin() + 1, args.end()});
    }

#ifdef _WIN32
    // Binary standard input: in text mode the C runtime would end the input at a Ctrl-Z byte
    // (0x1A) and a GUI's stray byte would quit the engine. The protocol already treats a "\r"
    // before "\n" as white space. Output stays in text mode: "\r\n", as Windows GUIs expect.
    _setmode(_fileno(stdin), _O_BINARY);
#endif
    std::ios::sync_with_stdio(false);
    fmt::print("{}\n", sen::ENGINE_BANNER);  // before any command, as Stockfish's; GUIs skip the line
    std::fflush(stdout);
    sen::Output out([](std::string_view text) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    });
    // The first command that is not blank picks the protocol; it is then handled as the first
    // line of that session (an unknown one gets UCI's error line, as before).
    std::string first;
    while (std::getline(std::cin, first) && sen::split_tokens(first).empty()) {}
    if (!std::cin && first.empty()) return 0;
    const auto command = [](const std::string& line) {
        const std::vector<std::string_view> tokens = sen::split_tokens(line);
        return tokens.empty() ? std::string() : sen::lowercase(tokens[0]);
    };
    std::vector<std::string> lines{first};
    if (command(first) == "ucci") {
        sen::UcciSession session(out, sen::uci_setup());
        if (session.handle_line(first)) session.run(std::cin);
        return 0;
    }
    if (command(first) == "xboard") {
        // Arena's automatic detection sends `xboard` and then `uci` to a UCI engine: a GUI that
        // speaks CECP follows `xboard` with anything but `uci` (protover, new, ...).
        std::string second;
        while (std::getline(std::cin, second) && command(second).empty()) {}
        if (command(second) != "uci") {
            sen::CecpSession session(out, sen::uci_setup());
            if (session.handle_line(first) && (second.empty() || session.handle_line(second))) session.run(std::cin);
            return 0;
        }
        lines = {second};  // `xboard` was a probe
    }
    sen::UciSession session(out, sen::uci_setup());
    for (const std::string& line : lines)
        if (!session.handle_line(line)) return 0;
    session.run(std::cin);
    return 0;
}
