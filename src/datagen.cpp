#include "datagen.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fmt/core.h>
#include <fstream>
#include <optional>
#include <ostream>
#include <random>

#include "movegen.h"
#include "position.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

namespace sen {

namespace {

constexpr std::size_t DATAGEN_HASH_MB = 16;

enum class GameResult : std::uint8_t { BlackWins, Draw, WhiteWins };

const char* result_text(GameResult r) { return r == GameResult::WhiteWins ? "1.0" : r == GameResult::Draw ? "0.5" : "0.0"; }

// Captures (en passant included; castling is "king takes own rook" and is not one) and
// promotions: positions whose best move is one of these are not quiet, their static evaluation
// says little about the result.
bool is_noisy(const Position& pos, Move m) {
    if (m.kind() == MoveKind::Promotion || m.kind() == MoveKind::EnPassant) return true;
    return m.kind() != MoveKind::Castling && !pos.empty(m.to());
}

class SelfPlay {
public:
    explicit SelfPlay(const DatagenOptions& options) : options_(options), rng_(options.seed), searcher_(tt_) {
        tt_.resize(DATAGEN_HASH_MB);
        searcher_.set_threads(1);
    }

    // Plays one game and appends its lines to `out`; returns the number of lines.
    std::uint64_t play_game(std::ostream& out, DatagenStats& stats) {
        Position pos = pick_opening(stats);
        tt_.clear();
        searcher_.clear();

        std::vector<std::string> fens;
        std::optional<GameResult> result;
        int resign_streak = 0, resign_sign = 0;
        while (!result) {
            const GameState state = pos.game_state();
            if (state == GameState::Checkmate) {
                result = pos.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
                break;
            }
            // Claimable draws (threefold, fifty moves) are taken: a match runner would adjudicate them.
            if (state != GameState::Ongoing || pos.game_ply() > DATAGEN_MAX_PLY) {
                result = GameResult::Draw;
                break;
            }
            SearchLimits limits;
            limits.nodes = options_.nodes;
            const SearchResult r = search(pos, limits);
            stats.nodes += r.nodes;
            if (pos.game_ply() >= DATAGEN_SKIP_PLIES && !pos.in_check() && !is_noisy(pos, r.best)) fens.push_back(pos.fen());

            // Resignation: a score beyond the threshold, in the same side's favour, several plies running.
            const int white_score = pos.side_to_move() == Color::White ? r.score : -r.score;
            if (std::abs(white_score) > DATAGEN_RESIGN_SCORE) {
                const int sign = white_score > 0 ? 1 : -1;
                resign_streak = sign == resign_sign ? resign_streak + 1 : 1;
                resign_sign = sign;
                if (resign_streak >= DATAGEN_RESIGN_PLIES) result = sign > 0 ? GameResult::WhiteWins : GameResult::BlackWins;
            } else {
                resign_streak = 0;
                resign_sign = 0;
            }
            pos.make_move(r.best);
            ++stats.plies;
        }

        ++stats.games;
        if (*result == GameResult::WhiteWins) ++stats.white_wins;
        else if (*result == GameResult::Draw) ++stats.draws;
        else ++stats.black_wins;
        for (const std::string& fen : fens) out << fen << " | " << result_text(*result) << '\n';
        out.flush();
        stats.positions += fens.size();
        return fens.size();
    }

private:
    SearchResult search(const Position& pos, const SearchLimits& limits) {
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        return searcher_.search(pos, limits, timer, control, {});
    }

    // The standard position plus random legal plies, drawn again until the game is still on and
    // a short search finds it roughly balanced.
    Position pick_opening(DatagenStats& stats) {
        for (;;) {
            Position pos;
            bool ok = true;
            for (int i = 0; i < options_.random_plies && ok; ++i) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) ok = false;
                // The generator's raw output with a modulo, so the sequence does not depend on
                // the standard library's distributions.
                else pos.make_move(moves[std::size_t(rng_() % moves.size())]);
            }
            if (ok && pos.game_state() == GameState::Ongoing) {
                tt_.clear();
                searcher_.clear();
                SearchLimits limits;
                limits.depth = DATAGEN_OPENING_DEPTH;
                if (std::abs(search(pos, limits).score) <= DATAGEN_OPENING_MAX_SCORE) return pos;
            }
            ++stats.rejected_openings;
        }
    }

    DatagenOptions options_;
    std::mt19937_64 rng_;
    TranspositionTable tt_;
    Searcher searcher_;
};

constexpr const char* DATAGEN_USAGE =
    "usage: sen datagen --games N --nodes K --out FILE [--seed S] [--random-plies R]\n";

bool parse_count(const std::string& text, std::uint64_t& value) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18) return false;
    value = std::stoull(text);
    return true;
}

}  // namespace

DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const std::function<void(const DatagenStats&)>& progress) {
    SelfPlay play(options);
    DatagenStats stats;
    for (int g = 0; g < options.games; ++g) {
        play.play_game(out, stats);
        if (progress) progress(stats);
    }
    return stats;
}

int run_datagen_command(const std::vector<std::string>& args) {
    DatagenOptions options;
    std::string out_path;
    bool have_games = false, have_nodes = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--out" && i + 1 < args.size()) {
            out_path = args[++i];
            continue;
        }
        std::uint64_t value = 0;
        const bool numeric = i + 1 < args.size() && parse_count(args[i + 1], value);
        if (a == "--games" && numeric && value >= 1 && value <= 100'000'000) options.games = int(value), have_games = true;
        else if (a == "--nodes" && numeric && value >= 1) options.nodes = value, have_nodes = true;
        else if (a == "--seed" && numeric) options.seed = value;
        else if (a == "--random-plies" && numeric && value <= 100) options.random_plies = int(value);
        else {
            fmt::print(stderr, "error: bad or unknown argument '{}'\n{}", a, DATAGEN_USAGE);
            return 2;
        }
        ++i;
    }
    if (!have_games || !have_nodes || out_path.empty()) {
        fmt::print(stderr, "{}", DATAGEN_USAGE);
        return 2;
    }
    std::ofstream out(out_path);
    if (!out) {
        fmt::print(stderr, "error: cannot write {}\n", out_path);
        return 1;
    }
    fmt::print(stderr, "datagen: {} games, {} nodes per move, seed {}, {} random plies -> {}\n", options.games, options.nodes,
               options.seed, options.random_plies, out_path);
    const auto start = std::chrono::steady_clock::now();
    const auto report = [&](const DatagenStats& s) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        fmt::print(stderr, "games {:>6}/{}  +{} ={} -{}  positions {:>8} ({:.0f}/s)  plies/game {:.0f}  {:.0f} nps  rejected openings {}  {:.0f} s\n",
                   s.games, options.games, s.white_wins, s.draws, s.black_wins, s.positions,
                   seconds > 0 ? double(s.positions) / seconds : 0.0, s.games ? double(s.plies) / s.games : 0.0,
                   seconds > 0 ? double(s.nodes) / seconds : 0.0, s.rejected_openings, seconds);
    };
    const DatagenStats stats = run_datagen(options, out, [&](const DatagenStats& s) {
        if (s.games % 10 == 0) report(s);
    });
    if (stats.games % 10 != 0) report(stats);
    if (!out) {
        fmt::print(stderr, "error: writing {} failed\n", out_path);
        return 1;
    }
    return 0;
}

}  // namespace sen
