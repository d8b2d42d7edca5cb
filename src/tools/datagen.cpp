#include "tools/datagen.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <ostream>
#include <random>
#include <utility>

#include <fmt/core.h>

#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "core/search.h"
#include "core/timeman.h"
#include "core/tt.h"
#include "tools/training_data.h"
#include "xiangqi/search.h"

namespace sen {

using namespace chess;

namespace {

constexpr std::size_t DATAGEN_HASH_MB = 16;

enum class GameResult : std::uint8_t { BlackWins, Draw, WhiteWins };

// The record's result, White's (Red's) point of view.
double result_value(GameResult r) { return r == GameResult::WhiteWins ? 1.0 : r == GameResult::Draw ? 0.5 : 0.0; }

// The result if the game is over. Chess: claimable draws (threefold, fifty moves) are taken, as
// a match runner would adjudicate them.
std::optional<GameResult> game_over(const Position& pos) {
    const GameState state = pos.game_state();
    if (state == GameState::Checkmate) return pos.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins;
    if (state != GameState::Ongoing) return GameResult::Draw;
    return std::nullopt;
}
// Xiangqi: no legal move loses (in check or not), perpetual check loses, repetitions (threefold),
// dead material and the no-capture limit are draws (xiangqi::Position::game_state()).
std::optional<GameResult> game_over(const xiangqi::Position& pos) {
    const std::optional<xiangqi::GameResult> r = xiangqi::result_of(pos.game_state());
    if (!r) return std::nullopt;
    if (*r == xiangqi::GameResult::Draw) return GameResult::Draw;
    const bool white_wins = (*r == xiangqi::GameResult::Win) == (pos.side_to_move() == Color::White);
    return white_wins ? GameResult::WhiteWins : GameResult::BlackWins;
}

template <class Game>
class SelfPlay {
public:
    using Position = typename Game::Position;
    using Limits = BasicSearchLimits<Game>;
    using Result = BasicSearchResult<Game>;

    explicit SelfPlay(const DatagenOptions& options) : options_(options), rng_(options.seed), searcher_(tt_) {
        tt_.resize(DATAGEN_HASH_MB);
        searcher_.set_threads(1);
    }

    // Plays one game and appends its lines to `out`; returns the number of lines.
    std::uint64_t play_game(std::ostream& out, DatagenStats& stats) {
        Position pos = pick_opening(stats);
        tt_.clear();
        searcher_.clear();

        std::vector<DataRecord> recorded;  // results filled in when the game ends
        std::optional<GameResult> result;
        int resign_streak = 0, resign_sign = 0;
        while (!result) {
            result = game_over(pos);
            if (!result && pos.game_ply() > DATAGEN_MAX_PLY) result = GameResult::Draw;
            if (result) break;
            Limits limits;
            limits.nodes = options_.nodes;
            const Result r = search(pos, limits);
            stats.nodes += r.nodes;
            const int white_score = pos.side_to_move() == Color::White ? r.score : -r.score;
            if (records_position<Game>(pos, r.best))
                recorded.push_back({pos.fen(), 0.5, std::clamp(white_score, -DATAGEN_SCORE_LIMIT, DATAGEN_SCORE_LIMIT)});

            // Resignation: a score beyond the threshold, in the same side's favour, several plies running.
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
        for (DataRecord& record : recorded) {
            record.result = result_value(*result);
            write_record(out, record);
        }
        out.flush();
        stats.positions += recorded.size();
        return recorded.size();
    }

private:
    Result search(const Position& pos, const Limits& limits) {
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        return searcher_.search(pos, limits, timer, control, {});
    }

    // The start position plus random legal plies, drawn again until the game is still on and
    // a short search finds it roughly balanced.
    Position pick_opening(DatagenStats& stats) {
        for (;;) {
            Position pos;
            bool ok = true;
            for (int i = 0; i < options_.random_plies && ok; ++i) {
                const typename Game::MoveList moves = legal_moves(pos);
                if (moves.empty()) ok = false;
                // The generator's raw output with a modulo, so the sequence does not depend on
                // the standard library's distributions.
                else pos.make_move(moves[std::size_t(rng_() % moves.size())]);
            }
            if (ok && !game_over(pos)) {
                tt_.clear();
                searcher_.clear();
                Limits limits;
                limits.depth = DATAGEN_OPENING_DEPTH;
                if (std::abs(search(pos, limits).score) <= DATAGEN_OPENING_MAX_SCORE) return pos;
            }
            ++stats.rejected_openings;
        }
    }

    DatagenOptions options_;
    std::mt19937_64 rng_;
    TranspositionTable tt_;
    BasicSearcher<Game> searcher_;
};

constexpr const char* DATAGEN_USAGE =
    "usage: sen datagen [--variant chess|xiangqi] --games N --nodes K --out FILE [--seed S] [--random-plies R]\n";

bool parse_count(const std::string& text, std::uint64_t& value) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18) return false;
    value = std::stoull(text);
    return true;
}

}  // namespace

template <class Game>
bool records_position(const typename Game::Position& pos, typename Game::Move best) {
    return pos.game_ply() >= DATAGEN_SKIP_PLIES && !pos.in_check() && !Game::is_noisy(pos, best);
}

template bool records_position<ChessGame>(const Position&, Move);
template bool records_position<xiangqi::XiangqiGame>(const xiangqi::Position&, xiangqi::Move);

template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress) {
    SelfPlay<Game> play(options);
    DatagenStats stats;
    for (int g = 0; g < options.games; ++g) {
        play.play_game(out, stats);
        if (progress) progress(stats);
    }
    return stats;
}

template DatagenStats run_datagen<ChessGame>(const DatagenOptions&, std::ostream&, const DatagenProgress&);
template DatagenStats run_datagen<xiangqi::XiangqiGame>(const DatagenOptions&, std::ostream&, const DatagenProgress&);

DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress) {
    return run_datagen<ChessGame>(options, out, progress);
}

int run_datagen_command(const std::vector<std::string>& args) {
    DatagenOptions options;
    std::string out_path, variant = "chess";
    bool have_games = false, have_nodes = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--out" && i + 1 < args.size()) {
            out_path = args[++i];
            continue;
        }
        if (a == "--variant" && i + 1 < args.size()) {
            variant = args[++i];
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
    if (variant != ChessGame::NAME && variant != xiangqi::XiangqiGame::NAME) {
        fmt::print(stderr, "error: unknown variant '{}' (chess or xiangqi)\n{}", variant, DATAGEN_USAGE);
        return 2;
    }
    if (!have_games || !have_nodes || out_path.empty()) {
        fmt::print(stderr, "{}", DATAGEN_USAGE);
        return 2;
    }
    const bool xiangqi = variant == xiangqi::XiangqiGame::NAME;
    std::ofstream out(out_path);
    if (!out) {
        fmt::print(stderr, "error: cannot write {}\n", out_path);
        return 1;
    }
    fmt::print(stderr, "datagen: {}{} games, {} nodes per move, seed {}, {} random plies -> {}\n", xiangqi ? "xiangqi, " : "",
               options.games, options.nodes, options.seed, options.random_plies, out_path);
    const auto start = std::chrono::steady_clock::now();
    const auto report = [&](const DatagenStats& s) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        fmt::print(
            stderr,
            "games {:>6}/{}  +{} ={} -{}  positions {:>8} ({:.0f}/s)  plies/game {:.0f}  {:.0f} nps  rejected openings {}  {:.0f} s\n",
            s.games, options.games, s.white_wins, s.draws, s.black_wins, s.positions, seconds > 0 ? double(s.positions) / seconds : 0.0,
            s.games ? double(s.plies) / s.games : 0.0, seconds > 0 ? double(s.nodes) / seconds : 0.0, s.rejected_openings, seconds);
    };
    const DatagenProgress progress = [&](const DatagenStats& s) {
        if (s.games % 10 == 0) report(s);
    };
    const DatagenStats stats =
        xiangqi ? run_datagen<xiangqi::XiangqiGame>(options, out, progress) : run_datagen<ChessGame>(options, out, progress);
    if (stats.games % 10 != 0) report(stats);
    if (!out) {
        fmt::print(stderr, "error: writing {} failed\n", out_path);
        return 1;
    }
    return 0;
}

}  // namespace sen
