#include "tools/perft_suite.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/perft.h"

namespace sen {

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

// The suite in game G, whose FENs and divide moves `notation` reads and writes (the game's flag:
// chess's Chess960 castling). Each case's outcome is kept apart and merged in the suite's order
// at the end, so threads only share the next case's index.
template <class G>
PerftSuiteResult run_cases(const std::vector<PerftCase>& cases, int max_depth, bool notation,
                           const std::function<void(int, const PerftCase&, bool)>& progress, int threads) {
    struct Outcome {
        std::optional<std::string> error;
        int checks = 0;
        std::uint64_t nodes = 0;
        std::optional<PerftMismatch> mismatch;
    };
    std::vector<Outcome> outcomes(cases.size());
    std::mutex progress_mutex;
    const auto report = [&](std::size_t i, bool ok) {
        if (!progress) return;
        const std::lock_guard lock(progress_mutex);
        progress(int(i), cases[i], ok);
    };
    const auto run_case = [&](std::size_t i) {
        const PerftCase& test = cases[i];
        Outcome& out = outcomes[i];
        typename G::Position pos;
        if (const FenError error = G::set_fen(pos, test.fen, notation)) {
            out.error = "line " + std::to_string(test.line_number) + ": " + *error;
            report(i, false);
            return;
        }
        for (const auto& [depth, expected] : test.expected) {
            if (max_depth > 0 && depth > max_depth) break;
            const std::uint64_t actual = Perft<G>::count(pos, depth);
            ++out.checks;
            out.nodes += actual;
            if (actual != expected) {
                PerftMismatch mismatch{test, depth, expected, actual, {}};
                for (const auto& [move, count] : Perft<G>::divide(pos, depth))
                    mismatch.divide += G::move_text(move, notation) + ": " + std::to_string(count) + "\n";
                out.mismatch = std::move(mismatch);
                break;
            }
        }
        report(i, !out.mismatch);
    };

    const auto start = std::chrono::steady_clock::now();
    if (threads <= 1) {
        for (std::size_t i = 0; i < cases.size(); ++i) run_case(i);
    } else {
        std::atomic<std::size_t> next{0};
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&] {
                for (std::size_t i = next.fetch_add(1); i < cases.size(); i = next.fetch_add(1)) run_case(i);
            });
        for (std::thread& w : workers) w.join();
    }
    PerftSuiteResult result;
    for (Outcome& out : outcomes) {
        if (out.error) {
            result.errors.push_back(std::move(*out.error));
            continue;
        }
        ++result.positions;
        result.checks += out.checks;
        result.nodes += out.nodes;
        if (out.mismatch) result.mismatches.push_back(std::move(*out.mismatch));
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace

PerftSuiteResult run_perft_suite(GameId game, const std::vector<PerftCase>& cases, int max_depth, bool notation,
                                 const std::function<void(int, const PerftCase&, bool)>& progress, int threads) {
    return visit_game(game,
                      [&](auto tag) { return run_cases<typename decltype(tag)::Game>(cases, max_depth, notation, progress, threads); });
}

}  // namespace sen
