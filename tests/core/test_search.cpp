// Tests of the searcher (search.h) through the toy game (tests/toy/): forced wins found at their
// true distance (checked against the brute-force solver of toy_test_util.h), draws by the game's
// rules and by stalemate scored as draws, legal best moves and principal variations, searchmoves
// and MultiPV, the depth, node and mate limits, determinism of fixed-depth searches (also after
// clear()), no mate score without a mate, and the helper threads; and the table of search
// parameters (search_params.h): every row valid and read by the search. The same searcher on a
// real game's positions is tested in that game's folder (test_search.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/search_impl.h"
#include "core/search_params.h"
#include "core/tt.h"
#include "toy/toy_search.h"
#include "toy/toy_test_util.h"

using namespace sen;
using namespace sen::toy;
using namespace sen::toy::test;

namespace {

// The toy with search parameters of its own: its list replaces those rows alone.
struct OwnValuesToy : ToyGame {
    static constexpr std::array SEARCH_PARAMETERS{
        params::TunableValue{"LMP_BASE", 5},
        params::TunableValue{"LMR_DIVISOR", params::TUNABLES[params::tunable_index("LMR_DIVISOR")].max}};
};

struct Run {
    SearchResult result;
    std::vector<SearchReport> reports;
};

SearchLimits at_depth(int depth, std::vector<Move> searchmoves = {}, int multipv = 1) {
    SearchLimits limits;
    limits.depth = depth;
    limits.searchmoves = std::move(searchmoves);
    limits.multipv = multipv;
    return limits;
}

Run run(Searcher& searcher, const Position& pos, const SearchLimits& limits) {
    Run r;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    SearchCallbacks callbacks;
    callbacks.on_report = [&r](const SearchReport& report) { r.reports.push_back(report); };
    r.result = searcher.search(pos, limits, timer, control, callbacks);
    return r;
}

// A search with a fresh table and fresh histories.
Run run(const Position& pos, const SearchLimits& limits, int threads = 1) {
    TranspositionTable tt;
    Searcher searcher(tt);
    searcher.set_threads(threads);
    return run(searcher, pos, limits);
}

Run run(const Position& pos, int depth, std::vector<Move> searchmoves = {}) { return run(pos, at_depth(depth, std::move(searchmoves))); }

bool contains(const std::vector<Move>& moves, Move m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); }

// Plays the line from `pos`, requiring each move to be legal; returns the final position.
Position play_line(Position pos, const std::vector<Move>& line) {
    for (const Move m : line) {
        INFO(pos.fen() << "  " << coord(pos, m));
        REQUIRE(is_legal(pos, m));
        pos.make_move(m);
    }
    return pos;
}

// The reports of the last iteration, one per line, in MultiPV order.
std::vector<SearchReport> last_iteration(const Run& r) {
    std::vector<SearchReport> last;
    REQUIRE(!r.reports.empty());
    const int depth = r.reports.back().depth;
    for (const SearchReport& report : r.reports)
        if (report.depth == depth) {
            if (report.multipv == 1) last.clear();
            last.push_back(report);
        }
    return last;
}

// The ids of this process's threads (Linux).
std::set<std::string> process_threads() {
    std::set<std::string> ids;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task")) ids.insert(entry.path().filename().string());
    return ids;
}

// The rook takes the rook on g with check, and the king on b has nowhere to go; of four moves.
constexpr const char* WIN_IN_ONE = "1k4r2RK5 w 0";
// The same, mirrored, for Black.
constexpr const char* BLACK_WIN_IN_ONE = "5kr2R4K1 b 0";
// One move of eight wins in two; none wins in one.
constexpr const char* WIN_IN_TWO = "Mr3RM1k1m2K2 w 0";
// One move of six wins in three; none in two.
constexpr const char* WIN_IN_THREE = "2KR3m4M1k1 w 0";
// Late-move pruning and reductions hide quiet wins from shallow searches: depth 12 leaves room
// for a win in three (five plies).
constexpr int WIN_DEPTH = 12;

}  // namespace

TEST_CASE("Search: mate scores count moves to mate", "[search]") {
    CHECK(mate_in_moves(SCORE_MATE - 1) == 1);
    CHECK(mate_in_moves(SCORE_MATE - 3) == 2);
    CHECK(mate_in_moves(SCORE_MATE - 5) == 3);
    CHECK(mate_in_moves(-(SCORE_MATE - 2)) == -1);
    CHECK(mate_in_moves(-(SCORE_MATE - 4)) == -2);
    CHECK(is_mate_score(SCORE_MATE - 1));
    CHECK(is_mate_score(-(SCORE_MATE - 2)));
    CHECK(is_mate_score(SCORE_MATE_IN_MAX_PLY));
    CHECK_FALSE(is_mate_score(SCORE_MATE_IN_MAX_PLY - 1));
    CHECK_FALSE(is_mate_score(0));
    CHECK_FALSE(is_mate_score(-2000));
}

TEST_CASE("Search: a forced win is found at its true distance, and so is the loss", "[search]") {
    for (const auto& [fen, moves] :
         std::vector<std::pair<const char*, int>>{{WIN_IN_ONE, 1}, {BLACK_WIN_IN_ONE, 1}, {WIN_IN_TWO, 2}, {WIN_IN_THREE, 3}}) {
        INFO(fen);
        Position pos = position_from(fen);
        // The solver agrees that the win takes exactly this many moves.
        REQUIRE_FALSE(forced_win(pos, moves - 1));
        const std::vector<Move> wins = mating_moves(pos, moves);
        REQUIRE(!wins.empty());
        REQUIRE(wins.size() < count_legal_moves(pos));

        const Run r = run(pos, WIN_DEPTH);
        CHECK(contains(wins, r.result.best));
        CHECK(r.result.score == SCORE_MATE - (2 * moves - 1));
        CHECK(r.result.depth == WIN_DEPTH);
        // The principal variation is the win itself.
        const std::vector<Move>& pv = r.reports.back().pv;
        CHECK(pv.size() == std::size_t(2 * moves - 1));
        CHECK(is_checkmate(play_line(pos, pv)));

        // After the winning move the other side is lost in one ply less.
        pos.make_move(wins.front());
        if (count_legal_moves(pos) == 0) continue;
        const Run lost = run(pos, WIN_DEPTH);
        CHECK(lost.result.score == -(SCORE_MATE - 2 * (moves - 1)));
    }
}

TEST_CASE("Search: a winning side does not stalemate", "[search]") {
    // The white king and rook against the bare king in the corner: Kc stalemates.
    const Position pos = position_from("k2K1R10 w 0");
    std::vector<Move> stalemating;
    for (const Move m : legal_moves(pos)) {
        Position after = pos;
        after.make_move(m);
        if (is_stalemate(after)) stalemating.push_back(m);
    }
    REQUIRE(stalemating.size() == 1);
    const Run r = run(pos, 8);
    CHECK_FALSE(contains(stalemating, r.result.best));
    CHECK(r.result.score > 300);
    // Made to stalemate, the score is a draw.
    const Run forced = run(pos, 8, {stalemating[0]});
    CHECK(forced.result.best == stalemating[0]);
    CHECK(forced.result.score == SCORE_DRAW);
}

TEST_CASE("Search: a capture that stalemates is scored as the stalemate at depth 1", "[search]") {
    // The rook takes the black rook on h: Black's king (b) is boxed in by its own man (a) and the
    // white king (d), not in check. The reply is the quiescence search's, which must see that
    // Black has no move (the game's may_lack_moves) and score the draw, not stand pat a rook up.
    const Position pos = position_from("mk1K3r7R w 0");
    const Move capture = find_move(pos, "ph");
    Position after = pos;
    after.make_move(capture);
    REQUIRE(is_stalemate(after));
    CHECK(run(pos, 1, {capture}).result.score == SCORE_DRAW);
}

TEST_CASE("Search: a repetition and the quiet-move limit are draws, as the game's rules say", "[search]") {
    // The white rook is a piece up; both kings step back and forth.
    Position pos = position_from("RK4m8k w 0");
    play(pos, {"bc", "po", "cb"});
    SECTION("the losing side takes the repetition") {
        REQUIRE(ToyGame::rule_outcome(pos, 0) == Outcome::None);
        const Move back = find_move(pos, "op");
        const Run forced = run(pos, 6, {back});
        CHECK(forced.result.best == back);
        CHECK(forced.result.score == SCORE_DRAW);
        const Run free = run(pos, 6);
        CHECK(free.result.best == back);
        CHECK(free.result.score == SCORE_DRAW);
    }
    SECTION("the quiet-move limit: only a man's move keeps the win") {
        // At 39 quiet plies any other move ends the game drawn; with no man to move, the game is drawn.
        CHECK(run(position_from("RK13k w 39"), 6).result.score == SCORE_DRAW);
        CHECK(run(position_from("RK13k w 0"), 6).result.score > 300);
        const Position man = position_from("K1R1M10k w 39");
        const Run r = run(man, 6);
        CHECK(type_of(man.piece_on(r.result.best.from())) == MAN);
        CHECK(r.result.score > 300);
    }
}

TEST_CASE("Search: legal best moves and lines in the bench positions", "[search]") {
    constexpr int depth = 7;
    TranspositionTable tt;
    Searcher searcher(tt);
    for (const std::string_view fen : ToyGame::BENCH_FENS) {
        INFO(fen);
        const Position pos = position_from(fen);
        tt.clear();
        searcher.clear();
        const Run r = run(searcher, pos, at_depth(depth));
        CHECK(is_legal(pos, r.result.best));
        CHECK(r.result.depth == depth);
        CHECK(r.result.nodes > 0);
        if (r.result.ponder) {
            Position after = pos;
            after.make_move(r.result.best);
            CHECK(is_legal(after, r.result.ponder));
        }
        // One report per depth, each with a legal line; the last one gives the result.
        REQUIRE(r.reports.size() == std::size_t(depth));
        std::uint64_t nodes = 0;
        for (std::size_t i = 0; i < r.reports.size(); ++i) {
            const SearchReport& report = r.reports[i];
            CHECK(report.depth == int(i) + 1);
            CHECK(report.multipv == 1);
            CHECK(report.bound == Bound::Exact);
            CHECK(report.nodes >= nodes);
            nodes = report.nodes;
            CHECK(report.hashfull >= 0);
            CHECK(report.hashfull <= 1000);
            REQUIRE(!report.pv.empty());
            play_line(pos, report.pv);
        }
        CHECK(r.reports.back().pv[0] == r.result.best);
        CHECK(r.reports.back().score == r.result.score);
        CHECK(r.result.nodes >= nodes);
    }
}

TEST_CASE("Search: searchmoves restricts the root moves", "[search]") {
    const Position pos = position_from(ToyGame::BENCH_FENS[1]);
    const std::vector<Move> allowed = {find_move(pos, "ab"), find_move(pos, "cf")};
    const Run r = run(pos, 6, allowed);
    CHECK(contains(allowed, r.result.best));
    for (const SearchReport& report : r.reports) CHECK(contains(allowed, report.pv[0]));
    const Run one = run(pos, 6, {find_move(pos, "cd")});
    CHECK(coord(pos, one.result.best) == "cd");

    // Without the winning move there is no win.
    const Position win = position_from(WIN_IN_ONE);
    REQUIRE(mating_moves(win, 1) == std::vector<Move>{find_move(win, "jg")});
    const Run without = run(win, 6, {find_move(win, "ji"), find_move(win, "kl")});
    CHECK(coord(win, without.result.best) != "jg");
    CHECK(without.result.score < SCORE_MATE_IN_MAX_PLY);
}

TEST_CASE("Search: MultiPV lines are distinct, legal and in descending order", "[search]") {
    const Position pos = position_from(ToyGame::BENCH_FENS[1]);
    const Run r = run(pos, at_depth(6, {}, 3));
    const std::vector<SearchReport> lines = last_iteration(r);
    REQUIRE(lines.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(lines[i].multipv == i + 1);
        CHECK(lines[i].depth == 6);
        REQUIRE(!lines[i].pv.empty());
        play_line(pos, lines[i].pv);
    }
    CHECK(lines[0].pv[0] != lines[1].pv[0]);
    CHECK(lines[0].pv[0] != lines[2].pv[0]);
    CHECK(lines[1].pv[0] != lines[2].pv[0]);
    CHECK(lines[0].score >= lines[1].score);
    CHECK(lines[1].score >= lines[2].score);
    CHECK(r.result.best == lines[0].pv[0]);
    CHECK(r.result.score == lines[0].score);

    // The win is the first line; the other lines are no wins.
    const Position win = position_from(WIN_IN_ONE);
    const std::vector<SearchReport> win_lines = last_iteration(run(win, at_depth(4, {}, 3)));
    REQUIRE(win_lines.size() == 3);
    CHECK(coord(win, win_lines[0].pv[0]) == "jg");
    CHECK(win_lines[0].score == SCORE_MATE - 1);
    CHECK(win_lines[1].score < SCORE_MATE_IN_MAX_PLY);
    CHECK(win_lines[2].score < SCORE_MATE_IN_MAX_PLY);

    // More lines asked for than there are legal moves: one line per move.
    const Position two = position_from(ToyGame::START_FEN);
    REQUIRE(count_legal_moves(two) == 2);
    const std::vector<SearchReport> both = last_iteration(run(two, at_depth(5, {}, 5)));
    REQUIRE(both.size() == 2);
    CHECK(both[0].pv[0] != both[1].pv[0]);
    CHECK(both[0].score >= both[1].score);
}

TEST_CASE("Search: fixed-depth searches are deterministic, also after clear()", "[search]") {
    const Position pos = position_from(ToyGame::BENCH_FENS[1]);
    const Position other = position_from(ToyGame::BENCH_FENS[2]);
    const Run a = run(pos, 16), b = run(pos, 16);
    CHECK(a.result.nodes == b.result.nodes);
    CHECK(a.result.best == b.result.best);
    CHECK(a.result.score == b.result.score);
    CHECK(a.result.nodes > 1000);

    // A searcher and table that have searched other positions give the same search again once cleared.
    TranspositionTable tt;
    Searcher searcher(tt);
    run(searcher, other, at_depth(16));
    run(searcher, pos, at_depth(15));
    tt.clear();
    searcher.clear();
    const Run c = run(searcher, pos, at_depth(16));
    CHECK(c.result.nodes == a.result.nodes);
    CHECK(c.result.best == a.result.best);
    CHECK(c.result.score == a.result.score);
}

TEST_CASE("Search: the node limit", "[search]") {
    const Position pos = position_from(ToyGame::BENCH_FENS[1]);
    SearchLimits limits;
    limits.nodes = 10000;
    const Run a = run(pos, limits), b = run(pos, limits);
    // The limit is checked every NODES_PER_LIMIT_CHECK (256) nodes.
    CHECK(a.result.nodes >= 10000);
    CHECK(a.result.nodes < 10000 + search_detail::NODES_PER_LIMIT_CHECK);
    CHECK(a.result.nodes == b.result.nodes);
    CHECK(a.result.best == b.result.best);
    CHECK(a.result.depth >= 1);
    CHECK(is_legal(pos, a.result.best));
    // The result comes from the last completed iteration.
    CHECK(a.reports.back().depth == a.result.depth);
    CHECK(a.reports.back().pv[0] == a.result.best);
}

TEST_CASE("Search: a search stopped anywhere in an iteration answers from the last completed one", "[search]") {
    // Node limits from a few hundred nodes to a few thousand stop the search at many points of
    // an iteration: inside an aspiration re-search, in a later MultiPV line, during the first
    // move. The partial iteration's scores and order must not leak into the result.
    const Position pos = position_from(ToyGame::BENCH_FENS[1]);
    for (const int multipv : {1, 3}) {
        for (std::uint64_t limit = 300; limit < 12000; limit += 397) {
            INFO("MultiPV " << multipv << ", nodes " << limit);
            SearchLimits limits;
            limits.nodes = limit;
            limits.multipv = multipv;
            const Run r = run(pos, limits);
            REQUIRE_FALSE(r.reports.empty());
            const std::vector<SearchReport> last = last_iteration(r);
            CHECK(last.front().depth == r.result.depth);
            CHECK(last.front().pv[0] == r.result.best);
            CHECK(last.front().score == r.result.score);
            for (const SearchReport& line : last) CHECK(line.bound == Bound::Exact);
        }
    }
}

TEST_CASE("Search: a node limit below one iteration still completes depth 1", "[search]") {
    // Until depth 1 has completed the best move is only the first one tried, unsearched, with a
    // score of -infinity: a tiny node limit must not stop the search before then.
    for (const std::uint64_t limit : {1, 200}) {
        for (const std::string_view fen : ToyGame::BENCH_FENS) {
            INFO(fen << ", nodes " << limit);
            const Position pos = position_from(fen);
            SearchLimits limits;
            limits.nodes = limit;
            const Run r = run(pos, limits);
            CHECK(r.result.depth >= 1);
            CHECK(is_legal(pos, r.result.best));
            CHECK(std::abs(r.result.score) < SCORE_INFINITE);
            CHECK_FALSE(r.reports.empty());
        }
    }
}

TEST_CASE("Search: the mate limit stops at the first iteration that proves it", "[search]") {
    SearchLimits limits;
    limits.mate = 1;
    const Run one = run(position_from(WIN_IN_ONE), limits);
    CHECK(one.result.score == SCORE_MATE - 1);
    CHECK(one.result.depth == 1);

    const Position pos = position_from(WIN_IN_TWO);
    limits.mate = 2;
    limits.depth = 20;
    const Run two = run(pos, limits);
    CHECK(two.result.score == SCORE_MATE - 3);
    CHECK(two.result.depth < 20);
    CHECK(contains(mating_moves(pos, 2), two.result.best));
    // Nothing stops a mate limit that is not met: the search goes on to the depth limit.
    limits.mate = 1;
    limits.depth = 12;
    CHECK(run(pos, limits).result.depth == 12);
}

TEST_CASE("Search: without a time or depth limit, a settled mate ends the deepening", "[search]") {
    // As in `go infinite` or under a node limit: a win in one is settled at depth 2 * 1 + 4, so
    // six iterations and six reports, instead of deepening to the maximum depth.
    SearchLimits limits;
    limits.nodes = 50'000'000;
    const Run one = run(position_from(WIN_IN_ONE), limits);
    CHECK(one.result.score == SCORE_MATE - 1);
    CHECK(one.result.depth == 6);
    CHECK(one.reports.size() == 6);
    // Being mated settles too, long before the maximum depth.
    const Position pos = position_from(WIN_IN_TWO);
    const Position lost = play_line(pos, {mating_moves(pos, 2).front()});
    const Run defended = run(lost, limits);
    CHECK(defended.result.score == -(SCORE_MATE - 2));
    CHECK(defended.result.depth < 16);
    // An explicit depth is searched to the end.
    CHECK(run(position_from(WIN_IN_ONE), 12).result.depth == 12);
    // Pondering with a clock: the clock does not count yet, so the settled mate ends it too.
    TranspositionTable tt;
    Searcher searcher(tt);
    SearchControl control;
    control.pondering = true;
    const TimeLimiter timer(TimeBudget{60000, 120000, true}, std::chrono::steady_clock::now());
    int reports = 0;
    const SearchResult pondered =
        searcher.search(position_from(WIN_IN_ONE), SearchLimits{}, timer, control, {[&](const SearchReport&) { ++reports; }, {}});
    CHECK(pondered.score == SCORE_MATE - 1);
    CHECK(pondered.depth == 6);
    CHECK(reports == 6);
}

TEST_CASE("Search: with a clock, the time manager's policy ends the search between iterations", "[search][timeman]") {
    // A budget far beyond what these searches take: only stop_after_iteration ends them early.
    const auto timed_run = [](const Position& pos) {
        TranspositionTable tt;
        Searcher searcher(tt);
        SearchControl control;
        const TimeLimiter timer(TimeBudget{60000, 120000, true}, std::chrono::steady_clock::now());
        return searcher.search(pos, SearchLimits{}, timer, control, {});
    };
    // A single legal move (the man's) is played after depth 1.
    const Position single = position_from("KM13k w 0");
    REQUIRE(count_legal_moves(single) == 1);
    const SearchResult one = timed_run(single);
    CHECK(one.depth == 1);
    CHECK(coord(single, one.best) == "bc");
    // A win in one (one ply) is final from depth 2 * 1 + 4.
    const SearchResult win = timed_run(position_from(WIN_IN_ONE));
    CHECK(win.score == SCORE_MATE - 1);
    CHECK(win.depth == 6);
}

TEST_CASE("Search: no mate score without a mate", "[search]") {
    // Neither side can force a win within three moves of its own here. The search extends
    // checks, so a deeper win could still be found: a mate score must then be one the solver
    // confirms.
    Position pos = position_from(ToyGame::BENCH_FENS[1]);
    REQUIRE_FALSE(forced_win(pos, 3));
    for (const Move m : legal_moves(pos)) {
        pos.make_move(m);
        CHECK_FALSE(forced_win(pos, 3));
        pos.unmake_move();
    }
    const auto confirmed = [&](int score) {
        const int moves = mate_in_moves(score);
        if (moves > 0) return forced_win(pos, moves);
        for (const Move m : legal_moves(pos)) {
            pos.make_move(m);
            const bool lost = forced_win(pos, -moves);  // the other side wins whatever we play
            pos.unmake_move();
            if (!lost) return false;
        }
        return true;
    };
    const Run r = run(pos, 6);
    REQUIRE(r.reports.size() == 6);
    for (const SearchReport& report : r.reports) {
        INFO("depth " << report.depth << " score " << report.score);
        if (is_mate_score(report.score)) CHECK(confirmed(report.score));
    }
    CHECK_FALSE(is_mate_score(r.result.score));
}

TEST_CASE("Search: more threads find the same win and return legal moves", "[search]") {
    const Position pos = position_from(WIN_IN_TWO);
    const Run r = run(pos, at_depth(WIN_DEPTH), 2);
    CHECK(r.result.score == SCORE_MATE - 3);
    CHECK(contains(mating_moves(pos, 2), r.result.best));
    for (const std::string_view fen : ToyGame::BENCH_FENS) {
        const Position bench = position_from(fen);
        const Run t = run(bench, at_depth(6), 3);
        CHECK(is_legal(bench, t.result.best));
        CHECK(t.result.depth == 6);
    }
}

TEST_CASE("Search parameters: every row of the table is valid, found by name and has its constant", "[search][params]") {
    std::set<std::string> names;
    for (const params::Tunable& t : params::TUNABLES) {
        INFO(t.name);
        CHECK(names.insert(std::string(t.name)).second);
        CHECK(t.step > 0);
        CHECK(t.min <= t.value);
        CHECK(t.value <= t.max);
        CHECK(params::find_tunable(t.name) == &t);
    }
    CHECK(params::find_tunable("NO_SUCH_PARAMETER") == nullptr);

    // Every row has its named constant, which reads the row's value for a game with no values of
    // its own (both come from SEN_TUNABLES); a game's own values replace their rows' alone.
    std::set<std::string> constants;
#define CHECK_CONSTANT(NAME, VALUE, MIN, MAX, STEP)                                                                                        \
    constants.insert(#NAME);                                                                                                               \
    CHECK(params::For<ToyGame>::NAME == params::find_tunable(#NAME)->value);                                                               \
    if (std::string_view(#NAME) != "LMP_BASE" && std::string_view(#NAME) != "LMR_DIVISOR")                                                 \
        CHECK(params::For<OwnValuesToy>::NAME == params::For<ToyGame>::NAME);
    SEN_TUNABLES(CHECK_CONSTANT)
#undef CHECK_CONSTANT
    CHECK(constants == names);
    CHECK(params::For<OwnValuesToy>::LMP_BASE == 5);
    CHECK(params::For<OwnValuesToy>::LMR_DIVISOR == params::find_tunable("LMR_DIVISOR")->max);
    // A list naming no row, a row twice, or a value out of range is refused (at compile time, by
    // For's static_assert).
    using V = params::TunableValue;
    CHECK(params::own_values_valid(OwnValuesToy::SEARCH_PARAMETERS));
    CHECK_FALSE(params::own_values_valid(std::array{V{"NO_SUCH_PARAMETER", 1}}));
    CHECK_FALSE(params::own_values_valid(std::array{V{"LMP_BASE", 5}, V{"LMP_BASE", 4}}));
    CHECK_FALSE(params::own_values_valid(std::array{V{"LMR_DIVISOR", params::find_tunable("LMR_DIVISOR")->max + 1}}));
}

TEST_CASE("Search parameters: each section of the list is a numbered step of the search", "[search][params]") {
    const auto read = [](const std::string& file) {
        std::ifstream in(std::string(SEN_SOURCE_DIR) + "/src/core/" + file);
        REQUIRE(in);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string list = read("search_params.h"), search = read("search_impl.h");
    const std::regex heading(R"re(/\* --- Step (\d+)\. (.+?) -+ \*/)re");
    int sections = 0, previous = 0;
    for (std::sregex_iterator it(list.begin(), list.end(), heading), end; it != end; ++it) {
        const int step = std::stoi((*it)[1].str());
        const std::string comment = "// Step " + (*it)[1].str() + ". " + (*it)[2].str();
        INFO(comment);
        CHECK(step > previous);  // in the order of the search's steps
        CHECK(search.find(comment) != std::string::npos);
        previous = step;
        ++sections;
    }
    CHECK(sections == 18);
}

TEST_CASE("Search parameters: the formulas built from them follow each game's values", "[search][params]") {
    using P = params::For<ToyGame>;
    for (int depth = 1; depth < 30; ++depth)
        CHECK(search_detail::history_bonus<ToyGame>(depth) ==
              std::min(P::HISTORY_BONUS_SCALE * depth - P::HISTORY_BONUS_OFFSET, P::HISTORY_BONUS_MAX));
    for (int depth = 1; depth < 64; ++depth)
        for (int move = 1; move < 64; ++move) {
            CHECK(search_detail::LMR<ToyGame>.r[depth][move] ==
                  int(P::LMR_BASE / 100.0 + std::log(depth) * std::log(move) / (P::LMR_DIVISOR / 100.0)));
            CHECK(search_detail::LMR<OwnValuesToy>.r[depth][move] ==
                  int(P::LMR_BASE / 100.0 + std::log(depth) * std::log(move) / (params::For<OwnValuesToy>::LMR_DIVISOR / 100.0)));
        }
    CHECK(search_detail::LMR<ToyGame>.r[0][10] == 0);
    CHECK(search_detail::LMR<ToyGame>.r[10][0] == 0);
    CHECK(search_detail::LMR<OwnValuesToy>.r[20][20] < search_detail::LMR<ToyGame>.r[20][20]);  // a larger divisor
    CHECK(Histories<ToyGame>::correction_limit() == P::CORRECTION_MAX * Histories<ToyGame>::CORRECTION_GRAIN);
    // A release build's values are constants: nothing sets them.
    CHECK_FALSE(search_detail::set_search_parameter<ToyGame>("LMP_BASE", 7));
}

TEST_CASE("Search: helper threads are started by set_threads and kept between searches", "[search][threads]") {
    // ThreadSanitizer starts a thread of its own when the process first starts one: do that
    // first, so that the count before includes it.
    std::thread([] {}).join();
    const std::set<std::string> before = process_threads();
    {
        TranspositionTable tt;
        Searcher searcher(tt);
        CHECK(process_threads() == before);
        searcher.set_threads(4);
        CHECK(searcher.threads() == 4);
        const std::set<std::string> with_helpers = process_threads();
        CHECK(with_helpers.size() == before.size() + 3);

        // Each search uses the same parked helpers: no thread is started or ended, during the
        // search (seen from its reports, on the searching thread) or after it.
        for (int i = 0; i < 4; ++i) {
            INFO("search " << i);
            const Position pos = position_from(ToyGame::BENCH_FENS[std::size_t(i) % ToyGame::BENCH_FENS.size()]);
            std::set<std::string> during;
            SearchControl control;
            const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
            SearchCallbacks callbacks;
            callbacks.on_report = [&](const SearchReport&) {
                const std::set<std::string> now = process_threads();
                during.insert(now.begin(), now.end());
            };
            const SearchResult r = searcher.search(pos, at_depth(7), timer, control, callbacks);
            CHECK(during == with_helpers);
            CHECK(process_threads() == with_helpers);
            CHECK(is_legal(pos, r.best));
            CHECK(r.depth == 7);
        }

        // Fewer threads end the surplus helpers at once; more start new ones.
        searcher.set_threads(2);
        CHECK(process_threads().size() == before.size() + 1);
        searcher.set_threads(6);
        CHECK(process_threads().size() == before.size() + 5);
        const Run r = run(searcher, position_from(WIN_IN_TWO), at_depth(WIN_DEPTH));
        CHECK(r.result.score == SCORE_MATE - 3);
        searcher.set_threads(1);
        CHECK(process_threads() == before);
        searcher.set_threads(3);
    }
    // The searcher's destruction joins its helpers.
    CHECK(process_threads() == before);
}
