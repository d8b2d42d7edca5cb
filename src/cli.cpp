#include "cli.h"

#include <chrono>
#include <cstdio>
#include <fmt/core.h>

#include "bench.h"
#include "notation.h"
#include "perft.h"
#include "perft_suite.h"
#include "position.h"

namespace sen {

namespace {

constexpr const char* PERFT_USAGE =
    "usage: sen perft <depth> [FEN] [--divide] [--chess960]\n"
    "       sen perft --suite FILE [--max-depth D] [--chess960]\n";

int perft_suite_command(const std::string& path, int max_depth, bool chess960) {
    std::vector<std::string> errors;
    const std::vector<PerftCase> cases = load_perft_suite(path, errors);
    for (const std::string& e : errors) fmt::print("error: {}\n", e);
    if (cases.empty()) {
        fmt::print("error: no positions in {}\n", path);
        return 2;
    }
    const PerftSuiteResult result = run_perft_suite(cases, max_depth, chess960, [&](int index, const PerftCase& test, bool ok) {
        fmt::print("[{}/{}] {} {}\n", index + 1, cases.size(), ok ? "ok  " : "FAIL", test.fen);
        std::fflush(stdout);
    });
    for (const PerftMismatch& m : result.mismatches) {
        fmt::print("\nMismatch at line {}: {}\n  depth {}: expected {}, got {}\n  divide:\n", m.test.line_number, m.test.fen,
                   m.depth, m.expected, m.actual);
        fmt::print("{}", m.divide);
    }
    for (const std::string& e : result.errors) fmt::print("error: {}\n", e);
    const double nps = result.seconds > 0 ? double(result.nodes) / result.seconds : 0.0;
    fmt::print("\n{} positions, {} counts checked, {} mismatches, {} errors; {} nodes in {:.2f} s ({:.0f} nodes/second)\n",
               result.positions, result.checks, result.mismatches.size(), result.errors.size() + errors.size(), result.nodes,
               result.seconds, nps);
    return result.mismatches.empty() && result.errors.empty() && errors.empty() ? 0 : 1;
}

}  // namespace

int run_perft_command(const std::vector<std::string>& args) {
    bool divide = false, chess960 = false;
    std::string suite, fen;
    int depth = -1, max_depth = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--divide") divide = true;
        else if (a == "--chess960") chess960 = true;
        else if (a == "--suite" && i + 1 < args.size()) suite = args[++i];
        else if (a == "--max-depth" && i + 1 < args.size()) {
            try { max_depth = std::stoi(args[++i]); } catch (...) { max_depth = -1; }
            if (max_depth <= 0) { fmt::print("error: --max-depth needs a positive number\n{}", PERFT_USAGE); return 2; }
        } else if (depth < 0 && suite.empty() && !a.empty() && a.find_first_not_of("0123456789") == std::string::npos) {
            try { depth = std::stoi(a); } catch (...) { depth = -1; }
            if (depth < 0 || depth > 20) { fmt::print("error: depth must be 0..20\n"); return 2; }
        } else if (!a.empty() && a[0] == '-' && a.size() > 1 && !(a.size() == 1)) {
            fmt::print("error: unknown option '{}'\n{}", a, PERFT_USAGE);
            return 2;
        } else {
            fen += (fen.empty() ? "" : " ") + a;
        }
    }
    if (!suite.empty()) return perft_suite_command(suite, max_depth, chess960);
    if (depth < 0) {
        fmt::print("{}", PERFT_USAGE);
        return 2;
    }
    Position pos;
    if (!fen.empty()) {
        if (FenError error = pos.set_fen(fen, chess960)) {
            fmt::print("error: invalid FEN: {}\n", *error);
            return 2;
        }
    }
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (divide && depth > 0) {
        for (const auto& [move, count] : perft_divide(pos, depth)) {
            fmt::print("{}: {}\n", move_to_uci(move, chess960), count);
            nodes += count;
        }
        fmt::print("\n");
    } else {
        nodes = perft(pos, depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("Time: {:.0f} ms, {:.0f} nodes/second\n", seconds * 1000, seconds > 0 ? double(nodes) / seconds : 0.0);
    fmt::print("Nodes searched: {}\n", nodes);
    return 0;
}

int run_bench_command(const std::vector<std::string>& args) {
    int depth = BENCH_DEFAULT_DEPTH;
    if (!args.empty()) {
        try { depth = std::stoi(args[0]); } catch (...) { depth = 0; }
        if (depth < 1 || depth > 64) {
            fmt::print("usage: sen bench [depth 1..64]\n");
            return 2;
        }
    }
    const BenchResult r = run_bench(depth, [](int index, std::string_view fen, std::uint64_t nodes) {
        fmt::print("{:>3} {:>10} {}\n", index + 1, nodes, fen);
        std::fflush(stdout);
    });
    fmt::print("{} nodes {} nps\n", r.nodes, r.nps());
    return 0;
}

}  // namespace sen
