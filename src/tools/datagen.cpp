#include "tools/datagen.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <thread>
#include <type_traits>
#include <utility>

#include <fmt/core.h>

#include "chess/chess960.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "core/prng.h"
#include "core/search.h"
#include "core/timeman.h"
#include "core/tt.h"
#include "tools/game_file.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"
#include "xiangqi/search.h"

namespace sen {

using namespace chess;

namespace {

constexpr std::size_t DATAGEN_HASH_MB = 16;

enum class GameResult : std::uint8_t { BlackWins, Draw, WhiteWins };

// The record's result, White's (Red's) point of view.
double result_value(GameResult r) { return r == GameResult::WhiteWins ? 1.0 : r == GameResult::Draw ? 0.5 : 0.0; }

// The result if the game is over by its rules (Game::game_end): claimable draws are taken, as a
// match runner would adjudicate them.
template <class Game>
std::optional<GameResult> game_over(const typename Game::Position& pos) {
    const GameEnd end = Game::game_end(pos);
    if (end.outcome == Outcome::None) return std::nullopt;
    if (end.outcome == Outcome::Draw) return GameResult::Draw;
    const bool white_wins = (end.outcome == Outcome::Win) == (pos.side_to_move() == Color::White);
    return white_wins ? GameResult::WhiteWins : GameResult::BlackWins;
}

// A game with other start positions for its openings (Game::VARIANT_STARTS, set_variant_start):
// chess's Double Fischer Random ones.
template <class Game>
concept HasVariantStarts = requires(typename Game::Position& pos) {
    { Game::VARIANT_STARTS } -> std::convertible_to<std::uint64_t>;
    Game::set_variant_start(pos, std::uint64_t{});
};

// A uniform double in [0, 1) from the generator's top 53 bits (no standard distribution, whose
// output may differ between standard libraries).
double uniform(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

template <class Game>
class SelfPlay {
public:
    using Position = typename Game::Position;
    using Limits = BasicSearchLimits<Game>;
    using Result = BasicSearchResult<Game>;

    explicit SelfPlay(const DatagenOptions& options) : options_(options), searcher_(tt_) {
        tt_.resize(DATAGEN_HASH_MB);
        searcher_.set_threads(1);
    }

    // Plays game number `index`: its random stream (opening) is seeded by the seed and the
    // index, so a resumed run, which starts after the file's largest index, plays new games.
    GameRecord play_game(std::uint64_t index, DatagenStats& stats) {
        rng_.seed(mix_pair(options_.seed, index));
        Position pos = pick_opening(stats);
        // Drawn only when asked, so that runs without it play the games they played before.
        const bool play_out = options_.playout_fraction > 0 && uniform(rng_) < options_.playout_fraction;
        tt_.clear();
        searcher_.clear();

        GameRecord game;
        game.index = index;
        game.start_fen = pos.fen();
        if constexpr (HasVariantStarts<Game>) game.chess960 = pos.is_chess960();
        std::optional<GameResult> result;
        int resign_streak = 0, resign_sign = 0, draw_streak = 0;
        while (!result) {
            result = game_over<Game>(pos);
            // At the ply limit a game is a draw, unless it would have been resigned: a game
            // played out that its winner did not finish in time is still won.
            if (!result && pos.game_ply() > DATAGEN_MAX_PLY) result = resigned(resign_streak, resign_sign).value_or(GameResult::Draw);
            if (result) break;
            const Result r = search_move<Game>(searcher_, pos, options_.soft_nodes, options_.nodes);
            stats.nodes += r.nodes;
            const int white_score = pos.side_to_move() == Color::White ? r.score : -r.score;
            GamePly ply;
            ply.move = r.best.raw();
            ply.score = std::clamp(white_score, -DATAGEN_SCORE_LIMIT, DATAGEN_SCORE_LIMIT);
            ply.recorded = records_position<Game>(pos, r.best);
            stats.positions += ply.recorded;
            game.plies.push_back(ply);

            // Resignation: a score beyond the threshold, in the same side's favour, several plies running.
            if (std::abs(white_score) > DATAGEN_RESIGN_SCORE) {
                const int sign = white_score > 0 ? 1 : -1;
                resign_streak = sign == resign_sign ? resign_streak + 1 : 1;
                resign_sign = sign;
                if (!play_out) result = resigned(resign_streak, resign_sign);
            } else {
                resign_streak = 0;
                resign_sign = 0;
            }
            // Draw adjudication: a long game both searches keep calling level is a draw (the
            // rule match runners such as OpenBench use); the plies left would teach little.
            draw_streak = pos.game_ply() >= DATAGEN_DRAW_MIN_PLY && std::abs(white_score) <= DATAGEN_DRAW_SCORE ? draw_streak + 1 : 0;
            if (!result && draw_streak >= DATAGEN_DRAW_PLIES) result = GameResult::Draw;
            pos.make_move(r.best);
            ++stats.plies;
        }

        ++stats.games;
        if (*result == GameResult::WhiteWins) ++stats.white_wins;
        else if (*result == GameResult::Draw) ++stats.draws;
        else ++stats.black_wins;
        game.result = result_value(*result);
        return game;
    }

private:
    // The result by resignation after `streak` plies running beyond the threshold in the favour of
    // `sign` (White's 1, Black's -1), or none while the streak is short.
    static std::optional<GameResult> resigned(int streak, int sign) {
        if (streak < DATAGEN_RESIGN_PLIES) return std::nullopt;
        return sign > 0 ? GameResult::WhiteWins : GameResult::BlackWins;
    }

    Result search(const Position& pos, const Limits& limits) {
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        return searcher_.search(pos, limits, timer, control, {});
    }

    // The start position (where the game has others, one of them with probability
    // dfrc_fraction) plus random legal plies (a fixed number, or one drawn from the range), drawn
    // again until the game is still on and a short search finds it undecided: |score| at most
    // opening_max_score.
    Position pick_opening(DatagenStats& stats) {
        for (;;) {
            Position pos;
            if constexpr (HasVariantStarts<Game>) {
                if (uniform(rng_) < options_.dfrc_fraction) Game::set_variant_start(pos, rng_() % Game::VARIANT_STARTS);
            }
            // A fixed count draws nothing, so that such runs play the games they played before
            // the range came in.
            int plies = options_.random_plies;
            if (options_.random_plies_max > plies) plies += int(rng_() % std::uint64_t(options_.random_plies_max - plies + 1));
            bool ok = true;
            for (int i = 0; i < plies && ok; ++i) {
                const typename Game::MoveList moves = legal_moves(pos);
                if (moves.empty()) ok = false;
                // The generator's raw output with a modulo, so the sequence does not depend on
                // the standard library's distributions.
                else pos.make_move(moves[std::size_t(rng_() % moves.size())]);
            }
            if (ok && !game_over<Game>(pos)) {
                tt_.clear();
                searcher_.clear();
                Limits limits;
                limits.depth = DATAGEN_OPENING_DEPTH;
                if (std::abs(search(pos, limits).score) <= options_.opening_max_score) return pos;
            }
            ++stats.rejected_openings;
        }
    }

    DatagenOptions options_;
    std::mt19937_64 rng_;
    TranspositionTable tt_;
    BasicSearcher<Game> searcher_;
};

void add_stats(DatagenStats& total, const DatagenStats& s) {
    total.games += s.games;
    total.white_wins += s.white_wins;
    total.draws += s.draws;
    total.black_wins += s.black_wins;
    total.positions += s.positions;
    total.plies += s.plies;
    total.nodes += s.nodes;
    total.rejected_openings += s.rejected_openings;
}

constexpr const char* DATAGEN_USAGE =
    "usage: sen datagen [--variant chess|xiangqi] --games N --nodes K --out FILE [--soft-nodes S] [--seed S]\n"
    "                   [--random-plies R|MIN-MAX] [--opening-score CP] [--threads T] [--dfrc-fraction F]\n"
    "                   [--playout F] [--format binary|text]\n"
    "       --soft-nodes S  each move's search ends at the first iteration completed past S nodes; K stays\n"
    "                       the hard cap (S <= K)\n"
    "       --random-plies  random plies of each opening: R, or a number drawn from MIN-MAX (default 8)\n"
    "       --opening-score an opening that a depth-6 search scores beyond CP either way is drawn again\n"
    "                       (default 300)\n"
    "       --playout F     the share of games never resigned, played out to mate or a rule's end, so that\n"
    "                       won endings are in the data (default 0)\n";

bool parse_count(const std::string& text, std::uint64_t& value) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 18) return false;
    value = std::stoull(text);
    return true;
}

// `R` or `MIN-MAX` (MIN <= MAX), each at most 100.
bool parse_ply_range(const std::string& text, int& low, int& high) {
    const std::size_t dash = text.find('-');
    std::uint64_t a = 0, b = 0;
    if (!parse_count(text.substr(0, dash), a)) return false;
    b = a;
    if (dash != std::string::npos && !parse_count(text.substr(dash + 1), b)) return false;
    if (a > 100 || b > 100 || b < a) return false;
    low = int(a);
    high = int(b);
    return true;
}

bool parse_fraction(const std::string& text, double& value) {
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size() && value >= 0 && value <= 1;
}

}  // namespace

template <class Game>
bool records_position(const typename Game::Position& pos, typename Game::Move best) {
    return pos.game_ply() >= DATAGEN_SKIP_PLIES && !pos.in_check() && !Game::is_noisy(pos, best);
}

template bool records_position<ChessGame>(const Position&, Move);
template bool records_position<xiangqi::XiangqiGame>(const xiangqi::Position&, xiangqi::Move);

template <class Game>
BasicSearchResult<Game> search_move(BasicSearcher<Game>& searcher, const typename Game::Position& pos, std::uint64_t soft_nodes,
                                    std::uint64_t hard_nodes) {
    BasicSearchLimits<Game> limits;
    limits.nodes = hard_nodes;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    BasicSearchCallbacks<Game> callbacks;
    // The search reports each completed iteration with an exact bound (it reports bounds inside an
    // iteration only after seconds, which these searches never take); a stop raised here ends the
    // search before the next iteration searches a node, so the result is this iteration's.
    if (soft_nodes > 0)
        callbacks.on_report = [&control, soft_nodes](const BasicSearchReport<Game>& report) {
            if (report.bound == Bound::Exact && report.nodes >= soft_nodes) control.stop = true;
        };
    return searcher.search(pos, limits, timer, control, callbacks);
}

template BasicSearchResult<ChessGame> search_move<ChessGame>(BasicSearcher<ChessGame>&, const Position&, std::uint64_t, std::uint64_t);
template BasicSearchResult<xiangqi::XiangqiGame> search_move<xiangqi::XiangqiGame>(BasicSearcher<xiangqi::XiangqiGame>&,
                                                                                   const xiangqi::Position&, std::uint64_t, std::uint64_t);

template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, const DatagenSink& sink, const DatagenProgress& progress) {
    DatagenStats total;
    std::mutex mutex;  // guards total, the sink and progress
    std::atomic<std::uint64_t> next{0};
    std::atomic<bool> stopped{false};
    const auto games = std::uint64_t(std::max(options.games, 0));
    const auto work = [&] {
        SelfPlay<Game> play(options);
        for (std::uint64_t claimed; !stopped && (claimed = next.fetch_add(1)) < games;) {
            DatagenStats stats;
            const GameRecord game = play.play_game(options.first_index + claimed, stats);
            const std::lock_guard lock(mutex);
            if (stopped) break;
            if (!sink(game)) {
                stopped = true;
                break;
            }
            add_stats(total, stats);
            if (progress) progress(total);
        }
    };
    const int threads = std::max(1, std::min<int>(options.threads, int(std::max<std::uint64_t>(games, 1))));
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work);
    work();
    for (std::thread& w : workers) w.join();
    return total;
}

template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress) {
    const DatagenSink sink = [&out](const GameRecord& game) {
        const bool whole = game_records(game_id<Game>(), game, [&out](const DataRecord& record) { write_record(out, record); });
        assert(whole);
        (void)whole;
        return bool(out.flush());
    };
    return run_datagen<Game>(options, sink, progress);
}

template DatagenStats run_datagen<ChessGame>(const DatagenOptions&, const DatagenSink&, const DatagenProgress&);
template DatagenStats run_datagen<xiangqi::XiangqiGame>(const DatagenOptions&, const DatagenSink&, const DatagenProgress&);
template DatagenStats run_datagen<ChessGame>(const DatagenOptions&, std::ostream&, const DatagenProgress&);
template DatagenStats run_datagen<xiangqi::XiangqiGame>(const DatagenOptions&, std::ostream&, const DatagenProgress&);

DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress) {
    return run_datagen<ChessGame>(options, out, progress);
}

int run_datagen_command(const std::vector<std::string>& args) {
    DatagenOptions options;
    std::string out_path, variant = "chess", format = "binary";
    bool have_games = false, have_nodes = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if ((a == "--out" || a == "--variant" || a == "--format") && i + 1 < args.size()) {
            (a == "--out" ? out_path : a == "--variant" ? variant : format) = args[++i];
            continue;
        }
        if ((a == "--dfrc-fraction" || a == "--playout") && i + 1 < args.size() &&
            parse_fraction(args[i + 1], a == "--playout" ? options.playout_fraction : options.dfrc_fraction)) {
            ++i;
            continue;
        }
        if (a == "--random-plies" && i + 1 < args.size() && parse_ply_range(args[i + 1], options.random_plies, options.random_plies_max)) {
            ++i;
            continue;
        }
        std::uint64_t value = 0;
        const bool numeric = i + 1 < args.size() && parse_count(args[i + 1], value);
        if (a == "--games" && numeric && value >= 1 && value <= 100'000'000) options.games = int(value), have_games = true;
        else if (a == "--nodes" && numeric && value >= 1) options.nodes = value, have_nodes = true;
        else if (a == "--seed" && numeric) options.seed = value;
        else if (a == "--soft-nodes" && numeric && value >= 1) options.soft_nodes = value;
        else if (a == "--opening-score" && numeric && value <= 100000) options.opening_max_score = int(value);
        else if (a == "--threads" && numeric && value >= 1 && value <= 1024) options.threads = int(value);
        else {
            fmt::print(stderr, "error: bad or unknown argument '{}'\n{}", a, DATAGEN_USAGE);
            return 2;
        }
        ++i;
    }
    const std::optional<GameId> game = find_game(variant);
    if (!game) {
        fmt::print(stderr, "error: unknown variant '{}' ({})\n{}", variant, game_names(" or "), DATAGEN_USAGE);
        return 2;
    }
    if (format != "binary" && format != "text") {
        fmt::print(stderr, "error: unknown format '{}' (binary or text)\n{}", format, DATAGEN_USAGE);
        return 2;
    }
    if (!have_games || !have_nodes || out_path.empty()) {
        fmt::print(stderr, "{}", DATAGEN_USAGE);
        return 2;
    }
    if (options.soft_nodes > options.nodes) {
        fmt::print(stderr, "error: --soft-nodes {} is above the hard cap --nodes {}\n{}", options.soft_nodes, options.nodes, DATAGEN_USAGE);
        return 2;
    }
    const auto [name, variant_starts] = visit_game(*game, [](auto tag) {
        using G = typename decltype(tag)::Game;
        return std::pair{G::NAME, HasVariantStarts<G>};
    });
    const bool binary = format == "binary";

    // Binary output appends: the games already in the file count towards --games, and the new
    // ones are numbered after the largest index there, so none is played twice.
    GameFileWriter writer;
    std::ofstream text;
    std::uint64_t existing = 0;
    if (binary) {
        if (auto error = writer.open(out_path, *game)) {
            fmt::print(stderr, "error: {}\n", *error);
            return 1;
        }
        existing = writer.existing().games;
        options.first_index = writer.existing().max_index ? *writer.existing().max_index + 1 : 0;
        if (writer.existing().file_bytes > writer.existing().valid_bytes)
            fmt::print(stderr, "datagen: cut a partial game ({} bytes) off the end of {}\n",
                       writer.existing().file_bytes - writer.existing().valid_bytes, out_path);
    } else {
        text.open(out_path);
        if (!text) {
            fmt::print(stderr, "error: cannot write {}\n", out_path);
            return 1;
        }
    }
    const int wanted = options.games;
    if (existing >= std::uint64_t(wanted)) {
        fmt::print(stderr, "datagen: {} already holds {} games ({} asked); nothing to do\n", out_path, existing, wanted);
        return 0;
    }
    options.games = wanted - int(existing);
    const std::string nodes_text =
        options.soft_nodes > 0 ? fmt::format("{} soft / {} hard", options.soft_nodes, options.nodes) : fmt::format("{}", options.nodes);
    const std::string plies_text = options.random_plies_max > options.random_plies
                                       ? fmt::format("{}-{}", options.random_plies, options.random_plies_max)
                                       : fmt::format("{}", options.random_plies);
    fmt::print(stderr, "datagen: {}{} games ({} there already), {} nodes per move, seed {}, {} random plies, {} threads{}{} -> {} ({})\n",
               name == GAME_NAMES[0] ? "" : fmt::format("{}, ", name), wanted, existing, nodes_text, options.seed, plies_text,
               options.threads, variant_starts ? fmt::format(", DFRC fraction {}", options.dfrc_fraction) : "",
               options.playout_fraction > 0 ? fmt::format(", {} of the games played out", options.playout_fraction) : "", out_path, format);
    const auto start = std::chrono::steady_clock::now();
    const auto report = [&](const DatagenStats& s) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        fmt::print(
            stderr,
            "games {:>6}/{}  +{} ={} -{}  positions {:>8} ({:.0f}/s)  plies/game {:.0f}  {:.0f} nps  rejected openings {}  {:.0f} s\n",
            existing + std::uint64_t(s.games), wanted, s.white_wins, s.draws, s.black_wins, s.positions,
            seconds > 0 ? double(s.positions) / seconds : 0.0, s.games ? double(s.plies) / s.games : 0.0,
            seconds > 0 ? double(s.nodes) / seconds : 0.0, s.rejected_openings, seconds);
    };
    const DatagenProgress progress = [&](const DatagenStats& s) {
        if (s.games % 10 == 0) report(s);
    };
    DatagenStats stats;
    if (binary) {
        const DatagenSink sink = [&writer](const GameRecord& record) { return writer.write(record); };
        stats = visit_game(*game, [&](auto tag) { return run_datagen<typename decltype(tag)::Game>(options, sink, progress); });
    } else {
        stats = visit_game(*game, [&](auto tag) { return run_datagen<typename decltype(tag)::Game>(options, text, progress); });
    }
    if (stats.games % 10 != 0) report(stats);
    if (stats.games != options.games) {
        fmt::print(stderr, "error: writing {} failed\n", out_path);
        return 1;
    }
    return 0;
}

}  // namespace sen
