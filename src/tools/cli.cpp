// `sen perft` and `sen magics` (tools/subcommands.h).
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "chess/attacks.h"
#include "core/deep_perft.h"
#include "core/perft_hash.h"
#include "games.h"
#include "tools/perft_suite.h"
#include "tools/progress_line.h"
#include "tools/subcommands.h"

namespace sen {

namespace {

constexpr const char* PERFT_USAGE =
    "usage: sen perft <depth> [FEN] [--divide] [--chess960] [--variant chess|xiangqi] [--threads N] [--hash MB]\n"
    "                 [--progress|--no-progress]\n"
    "       sen perft --suite FILE [--max-depth D] [--chess960] [--variant chess|xiangqi] [--threads N]\n"
    "                 [--progress|--no-progress]\n";

constexpr int MAX_THREADS = 1024;

// How a count runs: threads, the perft hash's size (0: none) and the status line on stderr.
struct PerftSettings {
    bool divide = false;
    int threads = 1;
    std::size_t hash_mb = 0;
    bool progress = false;
};

int perft_suite_command(const std::string& path, int max_depth, bool chess960, GameId game, const PerftSettings& settings) {
    std::vector<std::string> errors;
    const std::vector<PerftCase> cases = load_perft_suite(path, errors);
    for (const std::string& e : errors) fmt::print("error: {}\n", e);
    if (cases.empty()) {
        fmt::print("error: no positions in {}\n", path);
        return 2;
    }
    ProgressLine line(settings.progress);
    const auto start = std::chrono::steady_clock::now();
    int done = 0;
    std::uint64_t nodes = 0;
    // Called one position at a time (run_perft_suite serialises the calls).
    const auto progress = [&](int index, const PerftCase& test, bool ok) {
        line.clear();
        fmt::print("[{}/{}] {} {}\n", index + 1, cases.size(), ok ? "ok  " : "FAIL", test.fen);
        std::fflush(stdout);
        ++done;
        // The counts the position was checked against (exact unless it failed).
        for (const auto& [depth, count] : test.expected)
            if (max_depth <= 0 || depth <= max_depth) nodes += count;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double left = seconds * double(int(cases.size()) - done) / double(done);
        line.show(progress_text("perft suite", done, int(cases.size()), "positions", nodes, seconds, left), true);
    };
    const PerftSuiteResult result = run_perft_suite(game, cases, max_depth, chess960, progress, settings.threads);
    line.clear();
    for (const PerftMismatch& m : result.mismatches) {
        fmt::print("\nMismatch at line {}: {}\n  depth {}: expected {}, got {}\n  divide:\n", m.test.line_number, m.test.fen, m.depth,
                   m.expected, m.actual);
        fmt::print("{}", m.divide);
    }
    for (const std::string& e : result.errors) fmt::print("error: {}\n", e);
    const double nps = result.seconds > 0 ? double(result.nodes) / result.seconds : 0.0;
    fmt::print("\n{} positions, {} counts checked, {} mismatches, {} errors; {} nodes in {:.2f} s ({:.0f} nodes/second)\n",
               result.positions, result.checks, result.mismatches.size(), result.errors.size() + errors.size(), result.nodes,
               result.seconds, nps);
    return result.mismatches.empty() && result.errors.empty() && errors.empty() ? 0 : 1;
}

// Perft (or its divide) of one position of any game, with the same output for all. One
// thread without a hash runs the plain count (core/perft.h), the one scripts/bench-perft measures,
// with the status line (if any) refreshed after each root move; anything else the deep one
// (deep_perft.h). The plain count keeps to the calling thread: through the deep one's task loop
// on a worker thread, the same count took 5-15% longer on this machine.
// `notation` is the game's move text flag (chess: Chess960 castling).
template <class G>
int run_perft(typename G::Position& pos, int depth, const PerftSettings& settings, bool notation) {
    const auto move_text = [notation](typename G::Move m) { return G::move_text(m, notation); };
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const std::string what = fmt::format("perft {}", depth);
    std::uint64_t nodes = 0;
    if (settings.threads <= 1 && settings.hash_mb == 0 && (!settings.progress || depth <= 1)) {
        if (settings.divide && depth > 0) {
            for (const auto& [move, count] : Perft<G>::divide(pos, depth)) {
                fmt::print("{}: {}\n", move_text(move), count);
                nodes += count;
            }
            fmt::print("\n");
        } else {
            nodes = Perft<G>::count(pos, depth);
        }
    } else if (settings.threads <= 1 && settings.hash_mb == 0) {
        ProgressLine line(true);
        auto counts = Perft<G>::divide(pos, 1);  // the root moves, each counted below
        int done = 0;
        for (auto& [move, count] : counts) {
            pos.make_move(move);
            count = Perft<G>::count(pos, depth - 1);
            pos.unmake_move();
            nodes += count;
            ++done;
            const double seconds = elapsed();
            line.show(
                progress_text(what, done, int(counts.size()), "moves", nodes, seconds, seconds * double(int(counts.size()) - done) / done));
        }
        line.clear();
        if (settings.divide) {
            for (const auto& [move, count] : counts) fmt::print("{}: {}\n", move_text(move), count);
            fmt::print("\n");
        }
    } else {
        std::unique_ptr<PerftHash> hash;
        if (settings.hash_mb > 0) {
            hash = std::make_unique<PerftHash>(settings.hash_mb);
            if (hash->empty()) {
                fmt::print("error: cannot allocate {} MB for the perft hash\n", settings.hash_mb);
                return 2;
            }
        }
        ProgressLine line(settings.progress);
        DeepPerftOptions options;
        options.threads = settings.threads;
        options.hash = hash.get();
        if (line.enabled())
            options.progress = [&line, &what](const PerftProgress& p) {
                line.show(progress_text(what, p.roots_done, p.roots_total, "moves", p.nodes, p.seconds, p.seconds_left));
            };
        const auto counts = Perft<G>::divide_deep(pos, depth, options);
        line.clear();
        if (depth == 0) nodes = 1;
        for (const auto& [move, count] : counts) {
            if (settings.divide) fmt::print("{}: {}\n", move_text(move), count);
            nodes += count;
        }
        if (settings.divide && depth > 0) fmt::print("\n");
    }
    const double seconds = elapsed();
    fmt::print("Time: {:.0f} ms, {:.0f} nodes/second\n", seconds * 1000, seconds > 0 ? double(nodes) / seconds : 0.0);
    fmt::print("Nodes searched: {}\n", nodes);
    return 0;
}

// A positive number from the argument after args[i] (which it steps over); nothing when there
// is none or it is not a number in 1..max.
std::optional<long long> positive_argument(const std::vector<std::string>& args, std::size_t& i, long long max) {
    if (i + 1 >= args.size()) return std::nullopt;
    const std::string& text = args[++i];
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 12) return std::nullopt;
    const long long value = std::stoll(text);
    if (value < 1 || value > max) return std::nullopt;
    return value;
}

}  // namespace

int run_perft_command(const std::vector<std::string>& args) {
    bool chess960 = false;
    PerftSettings settings;
    std::optional<bool> progress;
    GameId game = 0;
    std::string suite, fen;
    int depth = -1, max_depth = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--divide") settings.divide = true;
        else if (a == "--chess960") chess960 = true;
        else if (a == "--progress") progress = true;
        else if (a == "--no-progress") progress = false;
        else if (a == "--threads") {
            const auto n = positive_argument(args, i, MAX_THREADS);
            if (!n) {
                fmt::print("error: --threads needs a number 1..{}\n{}", MAX_THREADS, PERFT_USAGE);
                return 2;
            }
            settings.threads = int(*n);
        } else if (a == "--hash") {
            const auto mb = positive_argument(args, i, (long long)PerftHash::MAX_MB);
            if (!mb) {
                fmt::print("error: --hash needs a size in MB, 1..{}\n{}", PerftHash::MAX_MB, PERFT_USAGE);
                return 2;
            }
            settings.hash_mb = std::size_t(*mb);
        } else if (a == "--variant" || a.rfind("--variant=", 0) == 0) {
            std::string name;
            if (a == "--variant") {
                if (i + 1 >= args.size()) {
                    fmt::print("error: --variant needs a name\n{}", PERFT_USAGE);
                    return 2;
                }
                name = args[++i];
            } else {
                name = a.substr(10);
            }
            const std::optional<GameId> named = find_game(name);
            if (!named) {
                fmt::print("error: unknown variant '{}' ({})\n{}", name, game_names(" or "), PERFT_USAGE);
                return 2;
            }
            game = *named;
        } else if (a == "--suite" && i + 1 < args.size()) suite = args[++i];
        else if (a == "--max-depth" && i + 1 < args.size()) {
            try {
                max_depth = std::stoi(args[++i]);
            } catch (...) { max_depth = -1; }
            if (max_depth <= 0) {
                fmt::print("error: --max-depth needs a positive number\n{}", PERFT_USAGE);
                return 2;
            }
        } else if (depth < 0 && suite.empty() && !a.empty() && a.find_first_not_of("0123456789") == std::string::npos) {
            try {
                depth = std::stoi(a);
            } catch (...) { depth = -1; }
            if (depth < 0 || depth > 20) {
                fmt::print("error: depth must be 0..20\n");
                return 2;
            }
        } else if (!a.empty() && a[0] == '-' && a.size() > 1 && !(a.size() == 1)) {
            fmt::print("error: unknown option '{}'\n{}", a, PERFT_USAGE);
            return 2;
        } else {
            fen += (fen.empty() ? "" : " ") + a;
        }
    }
    if (chess960 && game != game_id<chess::ChessGame>()) {
        fmt::print("error: --chess960 is a chess option, not one of {}\n{}", GAME_NAMES[game], PERFT_USAGE);
        return 2;
    }
    settings.progress = progress ? *progress : stderr_is_terminal();
    if (!suite.empty()) {
        if (settings.hash_mb > 0) {
            fmt::print("error: --hash is for one position; a suite runs the plain count on each thread\n{}", PERFT_USAGE);
            return 2;
        }
        return perft_suite_command(suite, max_depth, chess960, game, settings);
    }
    if (depth < 0) {
        fmt::print("{}", PERFT_USAGE);
        return 2;
    }
    return visit_game(game, [&](auto tag) {
        using G = typename decltype(tag)::Game;
        typename G::Position pos;
        if (!fen.empty()) {
            if (const FenError error = G::set_fen(pos, fen, chess960)) {
                fmt::print("error: invalid FEN: {}\n", *error);
                return 2;
            }
        }
        return run_perft<G>(pos, depth, settings, chess960);
    });
}

int run_magics_command(const std::vector<std::string>& args) {
    using namespace chess;
    if (!args.empty()) {
        fmt::print(stderr, "error: unexpected argument '{}'\nusage: sen magics\n", args[0]);
        return 2;
    }
    fmt::print("// Magic multipliers for the slider attack tables, generated by `sen magics`, which repeats the\n"
               "// fixed-seed search in attacks.cpp: regenerate with `build/sen magics > src/chess/magic_numbers.h`.\n"
               "#pragma once\n\n#include \"chess/types.h\"\n\nnamespace sen::chess::detail {{\n");
    for (const PieceType pt : {ROOK, BISHOP}) {
        const auto numbers = search_magic_numbers(pt);
        fmt::print("\ninline constexpr Bitboard {}_MAGIC_NUMBERS[64] = {{\n", pt == ROOK ? "ROOK" : "BISHOP");
        for (int i = 0; i < 64; i += 4)
            fmt::print("    0x{:016X}ULL, 0x{:016X}ULL, 0x{:016X}ULL, 0x{:016X}ULL,\n", numbers[i], numbers[i + 1], numbers[i + 2],
                       numbers[i + 3]);
        fmt::print("}};\n");
    }
    fmt::print("\n}}  // namespace sen::chess::detail\n");
    return 0;
}

}  // namespace sen
