#include "tools/perft_suite.h"

#include <charconv>
#include <chrono>
#include <fstream>
#include <sstream>

#include "chess/notation.h"
#include "chess/perft.h"
#include "chess/position.h"
#include "xiangqi/notation.h"
#include "xiangqi/perft.h"

namespace sen {

using namespace chess;

ParsedPerftLine parse_perft_line(std::string_view line, int line_number) {
    const std::size_t first = line.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || line[first] == '#') return {};
    std::vector<std::string> parts;
    std::string current;
    for (const char c : line) {
        if (c == ';') {
            parts.push_back(current);
            current.clear();
        } else if (c != '\r' && c != '\n') current += c;
    }
    parts.push_back(current);

    PerftCase test;
    test.line_number = line_number;
    test.fen = parts[0];
    while (!test.fen.empty() && (test.fen.back() == ' ' || test.fen.back() == '\t')) test.fen.pop_back();
    // Each count is exactly "D<depth> <nodes>": two unsigned decimal numbers, nothing else.
    const auto number = [](std::string_view text) -> std::optional<std::uint64_t> {
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || text[0] == '-' || text[0] == '+' || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
        return value;
    };
    for (std::size_t i = 1; i < parts.size(); ++i) {
        std::istringstream in(parts[i]);
        std::string tag, count, extra;
        in >> tag >> count;
        const bool more = bool(in >> extra);
        const auto depth = tag.size() >= 2 && tag[0] == 'D' ? number(std::string_view(tag).substr(1)) : std::nullopt;
        const auto nodes = number(count);
        if (more || !depth || !nodes) return {std::nullopt, "line " + std::to_string(line_number) + ": cannot read '" + parts[i] + "'"};
        if (*depth < 1 || *depth > 20) return {std::nullopt, "line " + std::to_string(line_number) + ": bad depth '" + tag + "'"};
        test.expected.emplace_back(int(*depth), *nodes);
    }
    if (test.expected.empty()) return {std::nullopt, "line " + std::to_string(line_number) + ": no ;Dn counts"};
    return {test, {}};
}

std::vector<PerftCase> load_perft_suite(const std::string& path, std::vector<std::string>& errors) {
    std::vector<PerftCase> cases;
    std::ifstream in(path);
    if (!in) {
        errors.push_back("cannot open " + path);
        return cases;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ParsedPerftLine parsed = parse_perft_line(line, ++number);
        if (!parsed.error.empty()) errors.push_back(parsed.error);
        else if (parsed.value) cases.push_back(std::move(*parsed.value));
    }
    return cases;
}

namespace {

// One loop for both games: `set_up` reads a case's FEN into a position (returning an error
// text or nothing) and `move_text` writes a move of the divide.
template <class Pos, class SetUp, class MoveText>
PerftSuiteResult run_cases(const std::vector<PerftCase>& cases, int max_depth, SetUp set_up, MoveText move_text,
                           const std::function<void(int, const PerftCase&, bool)>& progress) {
    PerftSuiteResult result;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const PerftCase& test = cases[i];
        Pos pos;
        if (std::optional<std::string> error = set_up(pos, test.fen)) {
            result.errors.push_back("line " + std::to_string(test.line_number) + ": " + *error);
            if (progress) progress(int(i), test, false);
            continue;
        }
        ++result.positions;
        bool ok = true;
        for (const auto& [depth, expected] : test.expected) {
            if (max_depth > 0 && depth > max_depth) break;
            const std::uint64_t actual = perft(pos, depth);
            ++result.checks;
            result.nodes += actual;
            if (actual != expected) {
                ok = false;
                PerftMismatch mismatch{test, depth, expected, actual, {}};
                for (const auto& [move, count] : perft_divide(pos, depth))
                    mismatch.divide += move_text(move) + ": " + std::to_string(count) + "\n";
                result.mismatches.push_back(std::move(mismatch));
                break;
            }
        }
        if (progress) progress(int(i), test, ok);
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace

PerftSuiteResult run_perft_suite(const std::vector<PerftCase>& cases, int max_depth, bool chess960,
                                 const std::function<void(int, const PerftCase&, bool)>& progress) {
    return run_cases<Position>(
        cases, max_depth, [chess960](Position& pos, const std::string& fen) { return pos.set_fen(fen, chess960); },
        [chess960](Move m) { return move_to_uci(m, chess960); }, progress);
}

PerftSuiteResult run_xiangqi_perft_suite(const std::vector<PerftCase>& cases, int max_depth,
                                         const std::function<void(int, const PerftCase&, bool)>& progress) {
    return run_cases<xiangqi::Position>(
        cases, max_depth, [](xiangqi::Position& pos, const std::string& fen) { return pos.set_fen(fen); },
        [](xiangqi::Move m) { return xiangqi::move_to_uci(m); }, progress);
}

}  // namespace sen
