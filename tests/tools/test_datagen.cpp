// Tests of self-play data generation (datagen.cpp), for both games: the output is a function of
// the options alone, every line is a record (training_data.h) of a quiet, valid position with a
// result and a search score, and which positions are recorded follows the game's own definition
// of a noisy move. Threads play the games asked, each game the same as with one thread; the
// command appends to a binary file and resumes with new games; DFRC starts are Chess960 games. A
// soft node limit ends each search at a completed iteration under the hard cap; openings take a
// number of random plies from a range and are kept only when a short search finds them open;
// played-out games are never resigned.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chess/game.h"
#include "core/search.h"
#include "core/search_impl.h"
#include "core/timeman.h"
#include "core/tt.h"
#include "game_test_util.h"
#include "tools/datagen.h"
#include "tools/game_file.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"
#include "xiangqi/game.h"
#include "xiangqi/search.h"

namespace sen {

using chess::ChessGame;
using xiangqi::XiangqiGame;

TEMPLATE_TEST_CASE("Self-play data is the same for the same seed", "[datagen]", ChessGame, XiangqiGame) {
    DatagenOptions options;
    options.games = 2;
    options.nodes = 400;
    options.seed = 5;
    std::ostringstream first, second;
    const DatagenStats a = run_datagen<TestType>(options, first);
    const DatagenStats b = run_datagen<TestType>(options, second);
    REQUIRE(a.games == 2);
    REQUIRE(a.positions > 0);
    CHECK(first.str() == second.str());
    CHECK(a.positions == b.positions);
    CHECK(a.nodes == b.nodes);
    CHECK(a.white_wins + a.draws + a.black_wins == 2);

    std::istringstream lines(first.str());
    std::string line;
    std::uint64_t count = 0;
    while (std::getline(lines, line)) {
        INFO(line);
        DataRecord record;
        REQUIRE(parse_record(line, record));
        REQUIRE(record.score.has_value());
        CHECK(std::abs(*record.score) <= DATAGEN_SCORE_LIMIT);
        typename TestType::Position pos;
        REQUIRE_FALSE(TestType::set_fen(pos, record.fen, true).has_value());  // Chess960 reading: DFRC games
        CHECK(pos.fen() == record.fen);
        CHECK_FALSE(pos.in_check());
        CHECK(pos.game_ply() >= DATAGEN_SKIP_PLIES);
        CHECK(TestType::count_legal_moves(pos) > 0);
        ++count;
    }
    CHECK(count == a.positions);

    options.seed = 6;
    std::ostringstream other;
    run_datagen<TestType>(options, other);
    CHECK(other.str() != first.str());
}

TEST_CASE("Datagen records a position only when its best move is quiet by the game's definition", "[datagen]") {
    // Past the opening plies and not in check: the best move decides.
    chess::Position pos;
    REQUIRE_FALSE(pos.set_fen("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 30").has_value());
    const auto chess_move = [&](const char* text) { return ChessGame::parse_move(pos, text, false); };
    for (const char* quiet : {"b7b8n", "b7b8r", "b7b8b", "e1g1", "h1h5"}) {
        INFO(quiet);
        REQUIRE(chess_move(quiet));
        CHECK_FALSE(ChessGame::is_noisy(pos, chess_move(quiet)));
        CHECK(records_position<ChessGame>(pos, chess_move(quiet)));
    }
    for (const char* noisy : {"b7b8q", "b7a8q", "b7a8n"}) {
        INFO(noisy);
        REQUIRE(chess_move(noisy));
        CHECK(ChessGame::is_noisy(pos, chess_move(noisy)));
        CHECK_FALSE(records_position<ChessGame>(pos, chess_move(noisy)));
    }
    // Early in the game, or in check, nothing is recorded.
    REQUIRE_FALSE(pos.set_fen("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 5").has_value());
    CHECK_FALSE(records_position<ChessGame>(pos, chess_move("h1h5")));
    REQUIRE_FALSE(pos.set_fen("4k3/1P6/8/8/8/8/8/r3K2R w K - 0 30").has_value());
    REQUIRE(pos.in_check());
    CHECK_FALSE(records_position<ChessGame>(pos, chess_move("e1e2")));

    // Xiangqi: a capture is noisy, anything else quiet.
    xiangqi::Position xq;
    REQUIRE_FALSE(xq.set_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 10").has_value());
    const auto xiangqi_move = [&](const char* text) { return XiangqiGame::parse_move(xq, text, false); };
    REQUIRE(xiangqi_move("b3b10"));
    CHECK_FALSE(records_position<XiangqiGame>(xq, xiangqi_move("b3b10")));  // cannon takes horse
    REQUIRE(xiangqi_move("b3e3"));
    CHECK(records_position<XiangqiGame>(xq, xiangqi_move("b3e3")));
}

namespace {

template <class Game = ChessGame>
std::vector<GameRecord> collect(const DatagenOptions& options) {
    std::vector<GameRecord> games;
    run_datagen<Game>(options, [&games](const GameRecord& g) { return games.push_back(g), true; });
    std::sort(games.begin(), games.end(), [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
    return games;
}

std::vector<GameRecord> games_in(const std::string& path) {
    std::vector<GameRecord> games;
    GameFileScan scan;
    REQUIRE_FALSE(read_game_file(
                      path, [&](const GameRecord& g) { games.push_back(g); }, scan)
                      .has_value());
    return games;
}

}  // namespace

TEST_CASE("Threads play the games asked, each the same game as one thread plays", "[datagen]") {
    DatagenOptions options;
    options.games = 4;
    options.nodes = 200;
    options.seed = 21;
    options.first_index = 7;
    const std::vector<GameRecord> one = collect(options);
    options.threads = 2;
    const std::vector<GameRecord> two = collect(options);
    REQUIRE(one.size() == 4);
    REQUIRE(two.size() == 4);
    std::set<std::string> starts;
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(two[i].index == 7 + i);
        CHECK(encode_game(one[i]) == encode_game(two[i]));
        starts.insert(one[i].start_fen);
    }
    CHECK(starts.size() == 4);
}

TEST_CASE("Datagen appends to a binary file and resumes with new games up to the total asked", "[datagen]") {
    const std::string path = game_test::unique_temp_path("sen_test_datagen_resume", ".bin");
    std::remove(path.c_str());
    const auto run = [&](const char* games, const char* threads) {
        return run_datagen_command({"--games", games, "--nodes", "200", "--seed", "4", "--threads", threads, "--out", path});
    };
    REQUIRE(run("2", "1") == 0);
    CHECK(games_in(path).size() == 2);
    // A killed run leaves part of a game: it is cut off, and the total counts whole games.
    const auto two_games = std::filesystem::file_size(path);
    {
        std::ofstream tail(path, std::ios::binary | std::ios::app);
        tail << encode_game(games_in(path)[0]).substr(0, 30);
    }
    REQUIRE(run("4", "2") == 0);
    const std::vector<GameRecord> games = games_in(path);
    REQUIRE(games.size() == 4);
    std::set<std::uint64_t> indices;
    std::set<std::string> bodies;
    for (const GameRecord& g : games) indices.insert(g.index), bodies.insert(encode_game(g));
    CHECK(indices == std::set<std::uint64_t>{0, 1, 2, 3});
    CHECK(bodies.size() == 4);
    CHECK(std::filesystem::file_size(path) > two_games);
    // Enough already: nothing is added.
    const auto size = std::filesystem::file_size(path);
    REQUIRE(run("3", "1") == 0);
    CHECK(std::filesystem::file_size(path) == size);
    // An unknown format is refused.
    CHECK(run_datagen_command({"--games", "1", "--nodes", "200", "--format", "csv", "--out", path}) == 2);
    std::remove(path.c_str());
}

TEST_CASE("DFRC openings start Chess960 games that replay", "[datagen]") {
    DatagenOptions options;
    options.games = 2;
    options.nodes = 200;
    options.seed = 8;
    options.dfrc_fraction = 1.0;
    options.random_plies = 0;
    for (const GameRecord& game : collect(options)) {
        CHECK(game.chess960);
        INFO(game.start_fen);
        CHECK(game.start_fen.find("/pppppppp/8/8/8/8/PPPPPPPP/") != std::string::npos);
        CHECK(game_records(game_id<ChessGame>(), game, [](const DataRecord&) {}));
    }
    options.dfrc_fraction = 0.0;
    for (const GameRecord& game : collect(options)) CHECK(game.start_fen == std::string(chess::Position::START_FEN));
}

TEMPLATE_TEST_CASE("Played-out games are never resigned: each decisive one ends in mate or past the ply limit", "[datagen]", ChessGame,
                   XiangqiGame) {
    // The game's last position, replayed from its moves, and whether the rules end the game there.
    const auto final_position = [](const GameRecord& game) {
        typename TestType::Position pos;
        REQUIRE_FALSE(TestType::set_fen(pos, game.start_fen, game.chess960).has_value());
        for (const GamePly& ply : game.plies) pos.make_move(typename TestType::Move(ply.move));
        return pos;
    };
    const auto over = [](const typename TestType::Position& pos) { return TestType::game_end(pos).outcome != Outcome::None; };
    DatagenOptions options;
    options.games = 8;
    options.nodes = 200;
    options.seed = 21;
    int resigned = 0;
    for (const GameRecord& game : collect<TestType>(options)) resigned += game.result != 0.5 && !over(final_position(game));
    CHECK(resigned > 0);  // without it, decided games end by resignation

    options.playout_fraction = 1.0;
    const std::vector<GameRecord> played_out = collect<TestType>(options);
    int decisive = 0, ended = 0;
    for (const GameRecord& game : played_out) {
        if (game.result == 0.5) continue;
        ++decisive;
        const auto pos = final_position(game);
        INFO(game.start_fen << " -> " << pos.fen());
        const GameEnd end = TestType::game_end(pos);
        if (end.outcome == Outcome::None) {
            // Not finished in time: won by the score, as resignation would have decided.
            CHECK(pos.game_ply() > DATAGEN_MAX_PLY);
            continue;
        }
        ++ended;
        // Mate (or, in xiangqi, no move or a perpetual's loss): the rules' winner won.
        REQUIRE(end.outcome != Outcome::Draw);
        const bool white_wins = (end.outcome == Outcome::Win) == (pos.side_to_move() == Color::White);
        CHECK(game.result == (white_wins ? 1.0 : 0.0));
    }
    CHECK(decisive > 0);
    CHECK(ended > 0);
    // Decided positions are in the data: scores beyond the resignation threshold for longer than
    // a resigning game would record them.
    int decided = 0;
    for (const GameRecord& game : played_out) {
        int streak = 0;
        for (const GamePly& ply : game.plies) {
            streak = ply.score && std::abs(*ply.score) > DATAGEN_RESIGN_SCORE ? streak + 1 : 0;
            decided = std::max(decided, streak);
        }
    }
    CHECK(decided > DATAGEN_RESIGN_PLIES);
}

namespace {

// A single-threaded searcher with a 16 MB table, as datagen's, cleared before each search.
template <class Game>
struct FreshSearcher {
    TranspositionTable tt;
    BasicSearcher<Game> searcher{tt};
    FreshSearcher() {
        tt.resize(16);
        searcher.set_threads(1);
    }
    BasicSearcher<Game>& cleared() {
        tt.clear();
        searcher.clear();
        return searcher;
    }
    BasicSearchResult<Game> search(const typename Game::Position& pos, const BasicSearchLimits<Game>& limits,
                                   const BasicSearchCallbacks<Game>& callbacks = {}) {
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        return cleared().search(pos, limits, timer, control, callbacks);
    }
};

}  // namespace

TEMPLATE_TEST_CASE("A soft node limit ends a search at the first iteration completed past it, never past the hard cap", "[datagen]",
                   ChessGame, XiangqiGame) {
    const typename TestType::Position pos;
    FreshSearcher<TestType> fresh;
    // The plain search's iterations: depth and the nodes done when each completed.
    std::vector<std::pair<int, std::uint64_t>> iterations;
    BasicSearchLimits<TestType> limits;
    limits.nodes = 40000;
    BasicSearchCallbacks<TestType> callbacks;
    callbacks.on_report = [&](const BasicSearchReport<TestType>& r) {
        if (r.bound == Bound::Exact) iterations.emplace_back(r.depth, r.nodes);
    };
    fresh.search(pos, limits, callbacks);
    REQUIRE(iterations.size() >= 4);
    for (std::size_t k = 1; k + 1 < iterations.size(); ++k) {
        const auto [depth, nodes] = iterations[k];
        INFO("iteration " << k << ": depth " << depth << ", " << nodes << " nodes");
        // One node past the previous iteration's count, or exactly this one's: this iteration ends it.
        for (const std::uint64_t soft : {iterations[k - 1].second + 1, nodes}) {
            const BasicSearchResult<TestType> r = search_move<TestType>(fresh.cleared(), pos, soft, 40000);
            CHECK(r.depth == depth);
            CHECK(r.nodes == nodes);
        }
    }
    // Depth 1 always completes: a soft limit of one node stops there.
    CHECK(search_move<TestType>(fresh.cleared(), pos, 1, 40000).depth == 1);
    // The hard cap cuts an iteration as a plain node limit does. The limit is looked at every
    // NODES_PER_LIMIT_CHECK nodes, so the cap is put just past an iteration whose successor is
    // still running at the first look past the cap; otherwise the successor may complete first.
    const auto first_look = [](std::uint64_t n) {
        const std::uint64_t every = search_detail::NODES_PER_LIMIT_CHECK;
        return (n + every - 1) / every * every;
    };
    std::size_t cut = 1;
    while (cut + 1 < iterations.size() && first_look(iterations[cut].second + 1) >= iterations[cut + 1].second) ++cut;
    REQUIRE(cut + 1 < iterations.size());
    const std::uint64_t hard = iterations[cut].second + 1;
    limits.nodes = hard;
    const BasicSearchResult<TestType> plain = fresh.search(pos, limits);
    const BasicSearchResult<TestType> capped = search_move<TestType>(fresh.cleared(), pos, 1000000, hard);
    CHECK(capped.nodes == plain.nodes);
    CHECK(capped.depth == plain.depth);
    CHECK(capped.best == plain.best);
    CHECK(capped.score == plain.score);
    CHECK(capped.depth == iterations[cut].first);
    // Without a soft limit, the node limit alone.
    CHECK(search_move<TestType>(fresh.cleared(), pos, 0, hard).nodes == plain.nodes);
}

TEST_CASE("Self-play with a soft node limit is reproducible and searches less than the hard cap", "[datagen]") {
    DatagenOptions options;
    options.games = 2;
    options.nodes = 600;
    options.seed = 9;
    const std::vector<GameRecord> hard_only = collect(options);
    options.soft_nodes = 150;
    const std::vector<GameRecord> soft = collect(options);
    REQUIRE(soft.size() == 2);
    CHECK(soft[0].start_fen == hard_only[0].start_fen);  // the same openings
    CHECK(encode_game(soft[0]) != encode_game(hard_only[0]));
    const std::vector<GameRecord> again = collect(options);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(encode_game(soft[i]) == encode_game(again[i]));
        CHECK(game_records(game_id<ChessGame>(), soft[i], [](const DataRecord&) {}));
    }
    std::ostringstream text;
    const DatagenStats stats = run_datagen<ChessGame>(options, text);
    REQUIRE(stats.plies > 0);
    CHECK(stats.nodes < stats.plies * 600);
}

TEST_CASE("Openings take a number of random plies from the range and are kept only when a short search finds them open", "[datagen]") {
    DatagenOptions options;
    options.games = 6;
    options.nodes = 100;
    options.seed = 13;
    options.dfrc_fraction = 0.0;
    const std::vector<GameRecord> fixed = collect(options);
    // A range of one number draws nothing: the games are those of the fixed count.
    options.random_plies_max = options.random_plies;
    const std::vector<GameRecord> range_of_one = collect(options);
    REQUIRE(range_of_one.size() == fixed.size());
    for (std::size_t i = 0; i < fixed.size(); ++i) CHECK(encode_game(range_of_one[i]) == encode_game(fixed[i]));

    options.random_plies = 2;
    options.random_plies_max = 5;
    options.opening_max_score = 40;
    std::set<int> lengths;
    FreshSearcher<ChessGame> fresh;
    for (const GameRecord& game : collect(options)) {
        INFO(game.start_fen);
        chess::Position pos;
        REQUIRE_FALSE(pos.set_fen(game.start_fen, false).has_value());
        CHECK(pos.game_ply() >= 2);
        CHECK(pos.game_ply() <= 5);
        lengths.insert(pos.game_ply());
        // The vetting search, as datagen runs it: depth 6 from a cleared table and history.
        BasicSearchLimits<ChessGame> limits;
        limits.depth = DATAGEN_OPENING_DEPTH;
        CHECK(std::abs(fresh.search(pos, limits).score) <= 40);
    }
    CHECK(lengths.size() > 1);
}

TEST_CASE("The datagen command reads a soft node limit, a range of random plies and a played-out share, and refuses bad ones",
          "[datagen]") {
    const std::string path = game_test::unique_temp_path("sen_test_datagen_soft", ".bin");
    std::remove(path.c_str());
    const auto run = [&](std::vector<std::string> more) {
        std::vector<std::string> args = {"--games", "1", "--nodes", "300", "--seed", "3", "--out", path};
        args.insert(args.end(), more.begin(), more.end());
        return run_datagen_command(args);
    };
    CHECK(run({"--soft-nodes", "301"}) == 2);
    CHECK(run({"--soft-nodes", "0"}) == 2);
    CHECK(run({"--random-plies", "12-8"}) == 2);
    CHECK(run({"--random-plies", "8-"}) == 2);
    CHECK(run({"--random-plies", "8-101"}) == 2);
    CHECK(run({"--opening-score", "x"}) == 2);
    CHECK(run({"--playout", "1.5"}) == 2);
    CHECK(run({"--playout", "-0.1"}) == 2);
    CHECK(run({"--playout"}) == 2);
    CHECK_FALSE(std::filesystem::exists(path));
    REQUIRE(run({"--soft-nodes", "100", "--random-plies", "8-12", "--opening-score", "200", "--playout", "0.5"}) == 0);
    const std::vector<GameRecord> games = games_in(path);
    REQUIRE(games.size() == 1);
    chess::Position pos;
    REQUIRE_FALSE(pos.set_fen(games[0].start_fen, games[0].chess960).has_value());
    CHECK(pos.game_ply() >= 8);
    CHECK(pos.game_ply() <= 12);
    std::remove(path.c_str());
}

}  // namespace sen
