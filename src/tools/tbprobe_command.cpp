// `sen tbprobe` (tools/subcommands.h): the Syzygy tables of chess/syzygy probed from the command line.

#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/core.h>

#include "chess/position.h"
#include "chess/syzygy/tablebase.h"
#include "tools/subcommands.h"

namespace sen {

namespace {

// One output line: the FEN, then `wdl W dtz D`, with `none` for what the tables do not answer.
std::string probe_line(chess::syzygy::Tablebases& tb, const std::string& fen) {
    chess::Position pos;
    if (const auto error = pos.set_fen(fen)) return fmt::format("{} ; error: {}", fen, *error);
    const auto wdl = tb.probe_wdl(pos);
    const auto dtz = tb.probe_dtz(pos);
    return fmt::format("{} ; wdl {} dtz {}", fen, wdl ? std::to_string(*wdl) : "none", dtz ? std::to_string(*dtz) : "none");
}

}  // namespace

int run_tbprobe_command(const std::vector<std::string>& args) {
    std::string path;
    std::vector<std::string> fens;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--path" && i + 1 < args.size()) path = args[++i];
        else fens.push_back(args[i]);
    }
    if (path.empty()) {
        std::fprintf(stderr, "usage: sen tbprobe --path DIRS [FEN ...]  (FENs from standard input without any)\n");
        return 2;
    }
    chess::syzygy::Tablebases tb;
    const std::string found = tb.set_path(path);
    std::fprintf(stderr, "%s\n", found.c_str());
    if (tb.max_pieces() == 0) return 1;
    if (!fens.empty()) {
        for (const std::string& fen : fens) std::printf("%s\n", probe_line(tb, fen).c_str());
        return 0;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        std::printf("%s\n", probe_line(tb, line).c_str());
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace sen
