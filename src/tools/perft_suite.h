// Perft suites: EPD lines "FEN ;D1 20 ;D2 400 ..." with the expected node count per depth,
// run against the move generator of any game of games.h. Used by `sen perft --suite` and by the
// tests. The file format is the same for every game; only the FEN and move text differ.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games.h"

namespace sen {

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> expected;  // (depth, nodes), increasing depth
    int line_number = 0;
};

// Parses one EPD line; returns nothing for blank lines and comments (#), or an error text.
struct ParsedPerftLine {
    std::optional<PerftCase> value;
    std::string error;
};
ParsedPerftLine parse_perft_line(std::string_view line, int line_number);

struct PerftMismatch {
    PerftCase test;
    int depth = 0;
    std::uint64_t expected = 0, actual = 0;
    std::string divide;  // per-move counts at that depth, to locate the bug
};

struct PerftSuiteResult {
    int positions = 0, checks = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<PerftMismatch> mismatches;
    std::vector<std::string> errors;  // lines that could not be parsed
};

// Runs every case, a position of `game`, up to max_depth (0 = all depths); `notation` is the
// game's flag for FENs and the divide's move text (chess: Chess960 castling; ignored by a game
// without castling). `progress` is called after each position, one call at a time. With `threads`
// > 1 the positions are shared out among that many threads (each counts its positions with the
// plain perft), so `progress` comes in the order positions finish; the result lists mismatches
// and errors in the suite's order, as with one thread.
PerftSuiteResult run_perft_suite(GameId game, const std::vector<PerftCase>& cases, int max_depth, bool notation,
                                 const std::function<void(int index, const PerftCase&, bool ok)>& progress = {}, int threads = 1);

// Reads a suite file; unparsable lines are reported in `errors`.
std::vector<PerftCase> load_perft_suite(const std::string& path, std::vector<std::string>& errors);

}  // namespace sen
