// Entry point: dispatches the command-line subcommands (perft, bench, datagen, datagen-convert, tune,
// nnue-train, tbprobe), otherwise runs a protocol loop on standard input and output with the games of
// games.h: CECP (xboard) when the first command is `xboard`, UCCI when it
// is `ucci`, UCI otherwise.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

#include "core/ucci.h"
#include "core/uci.h"
#include "core/xboard.h"
#include "games.h"
#include "tools/bench_command.h"
#include "tools/cli.h"
#include "tools/datagen.h"
#include "tools/datagen_convert.h"
#include "tools/nnue_train.h"
#include "tools/tbprobe_command.h"
#include "tools/tune.h"

int main(int argc, char* argv[]) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "perft") return sen::run_perft_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "magics") return sen::run_magics_command();
    if (!args.empty() && args[0] == "bench") return sen::run_bench_cli({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "datagen") return sen::run_datagen_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "datagen-convert") return sen::run_datagen_convert_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "tune") return sen::run_tune_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "tbprobe") return sen::run_tbprobe_command({args.begin() + 1, args.end()});
    if (!args.empty() && args[0] == "nnue-train") return sen::run_nnue_train_command({args.begin() + 1, args.end()});

#ifdef _WIN32
    // Binary standard input: in text mode the C runtime would end the input at a Ctrl-Z byte
    // (0x1A) and a GUI's stray byte would quit the engine. The protocol already treats a "\r"
    // before "\n" as white space. Output stays in text mode: "\r\n", as Windows GUIs expect.
    _setmode(_fileno(stdin), _O_BINARY);
#endif
    std::ios::sync_with_stdio(false);
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
