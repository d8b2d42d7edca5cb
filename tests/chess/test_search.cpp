// Tests of the searcher (core/search.h) instantiated for chess: mates found at their true distance
// (checked against a brute-force solver written here), no stalemate when winning, draws by
// repetition, the fifty-move rule and insufficient material scored as draws, legal best moves
// and principal variations in the bench and random positions, searchmoves and MultiPV, the
// depth, node and mate limits, determinism of fixed-depth searches (also after clear()), and no
// mate score without a mate. The searcher alone, on a toy game, is tested in
// tests/core/test_search.cpp, with the table of search parameters and the helper threads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/search.h"
#include "chess/test_util.h"
#include "core/search_impl.h"
#include "core/tt.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

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

bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal_moves(pos) == 0; }
bool is_stalemate(const Position& pos) { return !pos.in_check() && count_legal_moves(pos) == 0; }

bool forced_mate(Position& pos, int moves);

// Brute force: whether move m of the side to move mates within `moves` of its own moves against any defence.
bool mates_with(Position& pos, Move m, int moves) {
    pos.make_move(m);
    bool mates = is_checkmate(pos);
    if (!mates && moves > 1 && count_legal_moves(pos) > 0) {
        mates = true;
        for (const Move reply : legal_moves(pos)) {
            pos.make_move(reply);
            mates = forced_mate(pos, moves - 1);
            pos.unmake_move();
            if (!mates) break;
        }
    }
    pos.unmake_move();
    return mates;
}

// Whether the side to move mates within `moves` of its own moves against any defence.
bool forced_mate(Position& pos, int moves) {
    for (const Move m : legal_moves(pos))
        if (mates_with(pos, m, moves)) return true;
    return false;
}

// The first moves of every mate within `moves` moves.
std::vector<Move> mating_moves(Position pos, int moves) {
    std::vector<Move> found;
    for (const Move m : legal_moves(pos))
        if (mates_with(pos, m, moves)) found.push_back(m);
    return found;
}

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

constexpr const char* BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
// Kb6 (or Kc7) and a rook mate next move; no mate in one (Rh8+ Ka7).
constexpr const char* ROOK_MATE_IN_TWO = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
// The mate in that position takes more depth than its three plies: late-move pruning skips the
// quiet moves after the first (3 + d * d) / 2 moves at remaining depth d, and the mating rook
// move, a quiet move, comes last of White's nineteen without history to order them. Below depth 7 the
// search does not even see Black mated in one after Kb6 Kb8. Depth 12 leaves room.
constexpr int MATE_DEPTH = 12;

}  // namespace

TEST_CASE("Chess search: mate in one", "[search]") {
    const Position white = position_from(BACK_RANK);
    REQUIRE(mating_moves(white, 1) == std::vector<Move>{find_move(white, "a1a8")});
    Run r = run(white, 4);
    CHECK(coord(white, r.result.best) == "a1a8");
    CHECK(r.result.score == SCORE_MATE - 1);
    CHECK(r.result.depth == 4);
    CHECK(is_checkmate(play_line(white, r.reports.back().pv)));

    // The same for Black.
    const Position black = position_from("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    r = run(black, 4);
    CHECK(coord(black, r.result.best) == "a8a1");
    CHECK(r.result.score == SCORE_MATE - 1);
}

TEST_CASE("Chess search: mate in two, and being mated", "[search]") {
    Position pos = position_from(ROOK_MATE_IN_TWO);
    REQUIRE_FALSE(forced_mate(pos, 1));
    const std::vector<Move> mates = mating_moves(pos, 2);
    REQUIRE(!mates.empty());
    const Run r = run(pos, MATE_DEPTH);
    CHECK(contains(mates, r.result.best));
    CHECK(r.result.score == SCORE_MATE - 3);
    // The principal variation is the mate itself.
    const std::vector<Move>& pv = r.reports.back().pv;
    CHECK(pv.size() == 3);
    CHECK(is_checkmate(play_line(pos, pv)));

    // After Kb6 Black has one move and is mated at once: two plies to mate.
    play(pos, {"c6b6"});
    REQUIRE(count_legal_moves(pos) == 1);
    const Run mated = run(pos, MATE_DEPTH);
    CHECK(mated.result.score == -(SCORE_MATE - 2));
}

// One legal move, then the other side mates with a quiet rook move: each colour, the rook on
// either wing. The search must see the mate by depth 3 (Stockfish: depth 1); late move pruning
// once skipped the rook move near the leaves, and the mate showed only at depth 6 to 12.
constexpr const char* FORCED_THEN_QUIET_MATE[] = {
    "7k/8/6K1/8/8/8/8/R7 b - - 0 1",  // Kg8, Ra8#
    "r7/8/8/8/8/6k1/8/7K w - - 0 1",  // Kg1, Ra1#
    "k7/8/1K6/8/8/8/8/7R b - - 0 1",  // Kb8, Rh8#
    "7r/8/8/8/8/1k6/8/K7 w - - 0 1",  // Kb1, Rh1#
};

TEST_CASE("Chess search: mated in one after a forced reply, seen by depth 3", "[search]") {
    for (const char* fen : FORCED_THEN_QUIET_MATE) {
        INFO(fen);
        Position pos = position_from(fen);
        REQUIRE(count_legal_moves(pos) == 1);
        Position after = pos;
        after.make_move(legal_moves(pos)[0]);
        const std::vector<Move> mates = mating_moves(after, 1);
        REQUIRE(!mates.empty());
        for (const Move m : mates) REQUIRE(after.empty(m.to()));  // quiet mates only
        for (int depth = 3; depth <= 6; ++depth) {
            INFO("depth " << depth);
            CHECK(run(pos, depth).result.score == -(SCORE_MATE - 2));
        }
    }
}

TEST_CASE("Chess search: a winning side does not stalemate", "[search]") {
    // White's king and queen box the black king in: several quiet moves stalemate.
    const Position pos = position_from("k7/2Q5/8/1K6/8/8/8/8 w - - 0 1");
    std::vector<Move> stalemating;
    for (const Move m : legal_moves(pos)) {
        Position after = pos;
        after.make_move(m);
        if (is_stalemate(after)) stalemating.push_back(m);
    }
    REQUIRE(stalemating.size() >= 2);
    const Run r = run(pos, 8);
    CHECK_FALSE(contains(stalemating, r.result.best));
    CHECK(r.result.score > 500);
    // Made to stalemate, the score is a draw.
    const Run forced = run(pos, 8, {stalemating[0]});
    CHECK(forced.result.best == stalemating[0]);
    CHECK(forced.result.score == SCORE_DRAW);
}

TEST_CASE("Chess search: a threefold repetition is a draw", "[search]") {
    // White has a queen more; both sides have shuffled back to the start twice.
    Position pos = position_from("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    play(pos, {"a1a2", "e8f8", "a2a1", "f8e8", "a1a2", "e8f8", "a2a1"});

    SECTION("the losing side takes it") {
        // Ke8 brings about the start position a third time.
        const Run r = run(pos, 6);
        CHECK(coord(pos, r.result.best) == "f8e8");
        CHECK(r.result.score == SCORE_DRAW);
    }
    SECTION("the winning side avoids it") {
        play(pos, {"f8e8"});
        REQUIRE(pos.repetition_count() == 2);
        // Qa2 would bring about Qa2/Ke8 a third time.
        const Move repeat = find_move(pos, "a1a2");
        const Run forced = run(pos, 6, {repeat});
        CHECK(forced.result.best == repeat);
        CHECK(forced.result.score == SCORE_DRAW);
        const Run free = run(pos, 6);
        CHECK(free.result.best != repeat);
        CHECK(free.result.score > 500);
    }
}

TEST_CASE("Chess search: the fifty-move rule", "[search]") {
    // A queen ahead, but any move but a pawn move or a capture ends the game drawn.
    CHECK(run(position_from("4k3/8/8/8/8/8/8/Q3K3 w - - 99 80"), 6).result.score == SCORE_DRAW);
    CHECK(run(position_from("4k3/8/8/8/8/8/8/Q3K3 w - - 0 80"), 6).result.score > 500);
    // A pawn move resets the count: it is the only way to keep the win.
    const Position pawn = position_from("4k3/8/8/8/8/8/P7/Q3K3 w - - 99 80");
    const Run r = run(pawn, 6);
    CHECK(piece_type(pawn.piece_on(r.result.best.from())) == PAWN);
    CHECK(r.result.score > 500);
    // Checkmate on the hundredth ply still counts.
    const Position mate = position_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    const Run m = run(mate, 4);
    CHECK(coord(mate, m.result.best) == "a1a8");
    CHECK(m.result.score == SCORE_MATE - 1);
}

TEST_CASE("Chess search: insufficient material is a draw", "[search]") {
    for (const char* fen : {"8/8/4k3/8/8/3BK3/8/8 w - - 0 1", "8/8/4k3/8/8/3NK3/8/8 b - - 0 1", "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
                            "8/8/2b1k3/8/8/4KB2/8/8 w - - 0 1"}) {
        INFO(fen);
        CHECK(run(position_from(fen), 6).result.score == SCORE_DRAW);
    }
}

TEST_CASE("Chess search: legal best moves and lines in the bench positions", "[search]") {
    constexpr int depth = 7;
    TranspositionTable tt;
    Searcher searcher(tt);
    for (const std::string_view fen : BENCH_FENS) {
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

TEST_CASE("Chess search: legal best moves in random positions", "[search]") {
    std::mt19937 rng(31);
    int searched = 0;
    for (const GameStart& start : random_game_starts()) {
        Position pos = position_from(start.fen, start.chess960);
        for (int ply = 0; ply < 48; ++ply) {
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
            if (ply % 12 != 11 || count_legal_moves(pos) == 0) continue;
            INFO(pos.fen());
            // A copy from the FEN (no history) and the position with its game history.
            for (const Position& root : {position_from(pos.fen(), pos.is_chess960()), pos}) {
                const Run r = run(root, 4);
                CHECK(is_legal(root, r.result.best));
                play_line(root, r.reports.back().pv);
                ++searched;
            }
        }
    }
    CHECK(searched > 50);
}

TEST_CASE("Chess search: searchmoves restricts the root moves", "[search]") {
    const Position start;
    const std::vector<Move> allowed = {find_move(start, "a2a3"), find_move(start, "h2h3"), find_move(start, "b1a3")};
    const Run r = run(start, 6, allowed);
    CHECK(contains(allowed, r.result.best));
    for (const SearchReport& report : r.reports) CHECK(contains(allowed, report.pv[0]));
    const Run one = run(start, 6, {find_move(start, "g2g4")});
    CHECK(coord(start, one.result.best) == "g2g4");

    // Without the mating move there is no mate.
    const Position mate = position_from(BACK_RANK);
    const Run without = run(mate, 6, {find_move(mate, "a1a7"), find_move(mate, "g1f1")});
    CHECK(coord(mate, without.result.best) != "a1a8");
    CHECK_FALSE(is_mate_score(without.result.score));
}

TEST_CASE("Chess search: MultiPV lines are distinct, legal and in descending order", "[search]") {
    const Position start;
    const Run r = run(start, at_depth(6, {}, 3));
    const std::vector<SearchReport> lines = last_iteration(r);
    REQUIRE(lines.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(lines[i].multipv == i + 1);
        CHECK(lines[i].depth == 6);
        REQUIRE(!lines[i].pv.empty());
        play_line(start, lines[i].pv);
    }
    CHECK(lines[0].pv[0] != lines[1].pv[0]);
    CHECK(lines[0].pv[0] != lines[2].pv[0]);
    CHECK(lines[1].pv[0] != lines[2].pv[0]);
    CHECK(lines[0].score >= lines[1].score);
    CHECK(lines[1].score >= lines[2].score);
    CHECK(r.result.best == lines[0].pv[0]);
    CHECK(r.result.score == lines[0].score);

    // The mate is the first line; the other lines are no mates.
    const Position mate = position_from(BACK_RANK);
    const std::vector<SearchReport> mate_lines = last_iteration(run(mate, at_depth(4, {}, 3)));
    REQUIRE(mate_lines.size() == 3);
    CHECK(coord(mate, mate_lines[0].pv[0]) == "a1a8");
    CHECK(mate_lines[0].score == SCORE_MATE - 1);
    CHECK(mate_lines[1].score < SCORE_MATE_IN_MAX_PLY);
    CHECK(mate_lines[2].score < SCORE_MATE_IN_MAX_PLY);

    // More lines asked for than there are legal moves: one line per move.
    const Position two = position_from("7k/8/8/p7/8/8/8/K5R1 b - - 0 1");
    REQUIRE(count_legal_moves(two) == 2);
    const std::vector<SearchReport> both = last_iteration(run(two, at_depth(5, {}, 5)));
    REQUIRE(both.size() == 2);
    CHECK(both[0].pv[0] != both[1].pv[0]);
    CHECK(both[0].score >= both[1].score);
}

TEST_CASE("Chess search: fixed-depth searches are deterministic, also after clear()", "[search]") {
    const Position kiwipete = position_from(BENCH_FENS[1]);
    const Position other = position_from(BENCH_FENS[9]);
    const Run a = run(kiwipete, 8), b = run(kiwipete, 8);
    CHECK(a.result.nodes == b.result.nodes);
    CHECK(a.result.best == b.result.best);
    CHECK(a.result.score == b.result.score);
    CHECK(a.result.nodes > 1000);

    // A searcher and table that have searched other positions give the same search again once cleared.
    TranspositionTable tt;
    Searcher searcher(tt);
    run(searcher, other, at_depth(8));
    run(searcher, kiwipete, at_depth(7));
    tt.clear();
    searcher.clear();
    const Run c = run(searcher, kiwipete, at_depth(8));
    CHECK(c.result.nodes == a.result.nodes);
    CHECK(c.result.best == a.result.best);
    CHECK(c.result.score == a.result.score);
}

TEST_CASE("Chess search: the node limit", "[search]") {
    const Position pos = position_from(BENCH_FENS[1]);
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

TEST_CASE("Chess search: a search stopped anywhere in an iteration answers from the last completed one", "[search]") {
    // Node limits from a few hundred nodes to a few thousand stop the search at many points of
    // an iteration: inside an aspiration re-search, in a later MultiPV line, during the first
    // move. The partial iteration's scores and order must not leak into the result.
    const Position pos = position_from(BENCH_FENS[7]);
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

TEST_CASE("Chess search: a node limit below one iteration still completes depth 1", "[search]") {
    // Until depth 1 has completed the best move is only the first one tried, unsearched, with a
    // score of -infinity: a tiny node limit must not stop the search before then.
    for (const std::uint64_t limit : {1, 200}) {
        for (const std::string_view fen : BENCH_FENS) {
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

TEST_CASE("Chess search: the mate limit stops at the first iteration that proves it", "[search]") {
    SearchLimits limits;
    limits.mate = 1;
    const Run one = run(position_from(BACK_RANK), limits);
    CHECK(one.result.score == SCORE_MATE - 1);
    CHECK(one.result.depth == 1);

    const Position pos = position_from(ROOK_MATE_IN_TWO);
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

TEST_CASE("Chess search: without a time or depth limit, a settled mate ends the deepening", "[search]") {
    // As in `go infinite` or under a node limit: a mate in one is settled at depth 2 * 1 + 4, so
    // six iterations and six reports, instead of deepening to the maximum depth.
    SearchLimits limits;
    limits.nodes = 50'000'000;
    const Run one = run(position_from(BACK_RANK), limits);
    CHECK(one.result.score == SCORE_MATE - 1);
    CHECK(one.result.depth == 6);
    CHECK(one.reports.size() == 6);
    // Being mated settles too, long before the maximum depth.
    const Position pos = position_from(ROOK_MATE_IN_TWO);
    const Position mated = play_line(pos, {mating_moves(pos, 2).front()});
    const Run defended = run(mated, limits);
    CHECK(defended.result.score == -(SCORE_MATE - 2));
    CHECK(defended.result.depth < 16);
    // An explicit depth is searched to the end.
    CHECK(run(position_from(BACK_RANK), 12).result.depth == 12);
    // Pondering with a clock: the clock does not count yet, so the settled mate ends it too.
    TranspositionTable tt;
    Searcher searcher(tt);
    SearchControl control;
    control.pondering = true;
    const TimeLimiter timer(TimeBudget{60000, 120000, true}, std::chrono::steady_clock::now());
    int reports = 0;
    const SearchResult pondered =
        searcher.search(position_from(BACK_RANK), SearchLimits{}, timer, control, {[&](const SearchReport&) { ++reports; }, {}});
    CHECK(pondered.score == SCORE_MATE - 1);
    CHECK(pondered.depth == 6);
    CHECK(reports == 6);
}

TEST_CASE("Chess search: with a clock, the time manager's policy ends the search between iterations", "[search][timeman]") {
    // A budget far beyond what these searches take: only stop_after_iteration ends them early.
    const auto timed_run = [](const Position& pos) {
        TranspositionTable tt;
        Searcher searcher(tt);
        SearchControl control;
        const TimeLimiter timer(TimeBudget{60000, 120000, true}, std::chrono::steady_clock::now());
        return searcher.search(pos, SearchLimits{}, timer, control, {});
    };
    // A single legal move (Kxb2) is played after depth 1.
    const Position single = position_from("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
    REQUIRE(count_legal_moves(single) == 1);
    const SearchResult one = timed_run(single);
    CHECK(one.depth == 1);
    CHECK(coord(single, one.best) == "a1b2");
    // A mate in one (one ply) is final from depth 2 * 1 + 4.
    const SearchResult mate = timed_run(position_from(BACK_RANK));
    CHECK(mate.score == SCORE_MATE - 1);
    CHECK(mate.depth == 6);
}

TEST_CASE("Chess search: no mate score without a mate", "[search]") {
    const Run r = run(Position(), 8);
    REQUIRE(r.reports.size() == 8);
    for (const SearchReport& report : r.reports) {
        INFO("depth " << report.depth << " score " << report.score);
        CHECK_FALSE(is_mate_score(report.score));
        CHECK(std::abs(report.score) < 200);
    }
    CHECK_FALSE(is_mate_score(r.result.score));
}

TEST_CASE("Chess search: more threads find the same mate and return legal moves", "[search]") {
    const Position pos = position_from(ROOK_MATE_IN_TWO);
    const Run r = run(pos, at_depth(MATE_DEPTH), 2);
    CHECK(r.result.score == SCORE_MATE - 3);
    CHECK(contains(mating_moves(pos, 2), r.result.best));
    for (const std::size_t i : {1, 12, 30}) {
        const Position bench = position_from(BENCH_FENS[i]);
        const Run t = run(bench, at_depth(6), 3);
        CHECK(is_legal(bench, t.result.best));
        CHECK(t.result.depth == 6);
    }
}
