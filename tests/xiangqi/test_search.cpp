// Tests of the shared searcher instantiated for xiangqi: it finds mates in one and two, counts
// a stalemate as a win for the side that gave it (no legal move loses in xiangqi), scores a
// perpetual check or chase as a loss for the checking or chasing side (and steers the other
// side into it), never returns an illegal move, and the
// bench positions are valid and give a deterministic node count, also from a searcher that
// searched another position before.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/tt.h"
#include "xiangqi/bench_positions.h"
#include "xiangqi/notation.h"
#include "xiangqi/search.h"
#include "xiangqi/test_util.h"

using sen::SCORE_MATE;
using sen::SCORE_MATE_IN_MAX_PLY;
using sen::Outcome;
using sen::SearchControl;
using sen::TimeBudget;
using sen::TimeLimiter;
using sen::TranspositionTable;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

SearchResult search_with(Searcher& searcher, const Position& pos, int depth, std::vector<Move> searchmoves = {}) {
    SearchLimits limits;
    limits.depth = depth;
    limits.searchmoves = std::move(searchmoves);
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    return searcher.search(pos, limits, timer, control, {});
}

SearchResult search(const Position& pos, int depth, std::vector<Move> searchmoves = {}) {
    TranspositionTable tt;
    tt.resize(4);
    Searcher searcher(tt);
    return search_with(searcher, pos, depth, std::move(searchmoves));
}

// Offered only `repeat`, a move that lets the other side repeat the position a third time and
// win by rule, the search scores it as lost; free, it plays another move and stays ahead.
void check_avoids_losing_repetition(const Position& pos, std::string_view repeat_text) {
    const Move repeat = find_move(pos, repeat_text);
    const SearchResult forced = search(pos, 4, {repeat});
    CHECK(forced.best == repeat);
    CHECK(forced.score <= -SCORE_MATE_IN_MAX_PLY);
    const SearchResult free = search(pos, 6);
    CHECK(free.best != repeat);
    CHECK(free.score > 0);
}

}  // namespace

TEST_CASE("xiangqi search: the bench positions are valid and playable", "[xiangqi][search]") {
    for (const std::string_view fen : BENCH_FENS) {
        INFO(fen);
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen).has_value());
        CHECK(pos.fen() == fen);
        CHECK(count_legal_moves(pos) > 0);
        CHECK(pos.game_state() == GameState::Ongoing);
    }
}

TEST_CASE("xiangqi search: mated in one after a forced reply, seen by depth 3", "[xiangqi][search]") {
    // The general's one move (the other palace points are held by a chariot or the flying-general
    // rule), then a quiet chariot move mates along the back rank; each colour.
    for (const char* fen : {"4k4/R8/1R7/9/9/9/9/9/9/3K5 b - - 0 1",     // Kf10, Rb8-b10#
                            "3k5/9/9/9/9/9/9/1r7/r8/4K4 w - - 0 1"}) {  // Kf1, Rb3-b1#
        INFO(fen);
        const Position pos = position_from(fen);
        REQUIRE(legal_move_texts(pos).size() == 1);
        for (int depth = 3; depth <= 6; ++depth) {
            INFO("depth " << depth);
            const SearchResult r = search(pos, depth);
            CHECK(r.score == -(SCORE_MATE - 2));
        }
    }
}

TEST_CASE("xiangqi search: mate in one", "[xiangqi][search]") {
    // Chariot b1 to b10: the a9 chariot holds rank 9, the flying-general rule d10.
    const Position pos = position_from("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    const SearchResult r = search(pos, 4);
    CHECK(move_to_uci(r.best) == "b1b10");
    CHECK(r.score == SCORE_MATE - 1);
}

TEST_CASE("xiangqi search: mate in two", "[xiangqi][search]") {
    // Fairy-Stockfish: mate in 2 (a2e2 e10f10 e2e9). Once a mate is found alpha is a mate score;
    // futility pruning must not then drop the quiet moves that mate sooner (it did: the search
    // settled for a mate in three). The mate must also be real: every reply to the best move
    // still loses by force, within the distance announced. Depth 8: the mating move is quiet
    // (no check; it leaves the general without a move), and at depth 6 the pruning of quiet
    // moves in a won position skipped it with the fitted evaluation weights.
    const Position pos = position_from("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1");
    const SearchResult r = search(pos, 8);
    REQUIRE(r.score >= SCORE_MATE_IN_MAX_PLY);
    const int plies = SCORE_MATE - r.score;
    CHECK(plies == 3);
    Position after = pos;
    after.make_move(r.best);
    REQUIRE(count_legal_moves(after) > 0);
    for (const Move reply : legal_moves(after)) {
        Position next = after;
        next.make_move(reply);
        INFO(move_to_uci(r.best) << " " << move_to_uci(reply));
        const SearchResult rest = search(next, 6);
        CHECK(rest.score >= SCORE_MATE - (plies - 2));
    }
    // After the line's first two moves (a2e2 e10f10) the mate is one move away, and a search of
    // depth 2 finds it: its best move leaves Black without a move. (A late root move is reduced
    // into quiescence at depth 2, which must look for a side without moves, not stand pat: it
    // missed the mate whenever the network's ordering put the mating move late.)
    Position line = pos;
    play(line, {"a2e2", "e10f10"});
    for (int depth = 2; depth <= 3; ++depth) {
        INFO("depth " << depth);
        const SearchResult mate = search(line, depth);
        CHECK(mate.score == SCORE_MATE - 1);
        Position mated = line;
        mated.make_move(mate.best);
        CHECK(count_legal_moves(mated) == 0);
    }
}

TEST_CASE("xiangqi search: no legal move loses, stalemate included", "[xiangqi][search]") {
    // Horse h6 to g8 leaves the black general without a move, not in check: Black loses.
    // (Under chess rules this would be a draw.)
    // No move here checkmates: every win in one is a stalemate.
    const Position pos = position_from("4k4/R8/9/9/7N1/9/9/9/9/3K5 w - - 0 1");
    int stalemates = 0;
    for (const Move m : legal_moves(pos)) {
        Position after = pos;
        after.make_move(m);
        if (count_legal_moves(after) == 0) {
            CHECK_FALSE(after.in_check());
            CHECK(XiangqiGame::no_move_outcome(after) == Outcome::Loss);
            ++stalemates;
        }
    }
    REQUIRE(stalemates >= 1);  // h6g8 (Fairy-Stockfish's choice) and a9f9
    const SearchResult r = search(pos, 4);
    CHECK(r.score == SCORE_MATE - 1);
    Position after = pos;
    after.make_move(r.best);
    CHECK(count_legal_moves(after) == 0);
}

TEST_CASE("xiangqi search: a capture that leaves the other side without a move wins, seen at depth 1", "[xiangqi][search]") {
    // Chariot a1 takes the soldier on a7: the black general alone has no move (d10 is the d1
    // chariot's, f10 would face the red general, e9 is the soldier's) and is not in check. The
    // reply is left to the quiescence search, which must see that Black has lost, not stand pat.
    const Position pos = position_from("4k4/9/4P4/p8/9/9/9/9/9/R2R1K3 w - - 0 1");
    const Move capture = find_move(pos, "a1a7");
    Position after = pos;
    after.make_move(capture);
    REQUIRE(count_legal_moves(after) == 0);
    REQUIRE_FALSE(after.in_check());
    const SearchResult r = search(pos, 1, {capture});
    CHECK(r.score == SCORE_MATE - 1);
    CHECK(search(pos, 1).score == SCORE_MATE - 1);
}

TEST_CASE("xiangqi search: perpetual check loses for the checking side", "[xiangqi][search]") {
    // Red has checked on every move (a9a10, a10a9, ...) and Black has only stepped away. The
    // check a10a9 now lets Black repeat the position a third time with e9e10, which loses for
    // Red: the search must score that move as lost and play another.
    Position pos = position_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play(pos, {"a9a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9"});
    check_avoids_losing_repetition(pos, "a10a9");

    // The rule itself, after the cycle is played out: the side to move (Red) loses.
    play(pos, {"a10a9", "e9e10"});
    CHECK(XiangqiGame::rule_outcome(pos, 0) == Outcome::Loss);
    CHECK(pos.game_state() == GameState::PerpetualCheckLoss);
}

TEST_CASE("xiangqi search: a perpetual chase loses for the chaser and wins for the other side", "[xiangqi][search][chase]") {
    // Red's chariot has chased the unprotected horse on every move (a2c2, c2a2, ...). Playing
    // c2a2 again lets Black repeat the position a third time with a7c6, which loses for Red:
    // the search must score that move as lost and play another.
    Position pos = position_from("3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1");
    play(pos, {"a2c2", "c6a7", "c2a2", "a7c6", "a2c2", "c6a7"});
    check_avoids_losing_repetition(pos, "c2a2");

    // When Red has chased once more, Black steers into the repetition and wins by the rule.
    play(pos, {"c2a2"});
    const SearchResult black = search(pos, 4);
    CHECK(coord(black.best) == "a7c6");
    CHECK(black.score >= SCORE_MATE_IN_MAX_PLY);
}

TEST_CASE("xiangqi search: the best move is always legal", "[xiangqi][search]") {
    std::mt19937 rng(7);
    std::vector<std::string> fens(BENCH_FENS.begin(), BENCH_FENS.end());
    for (int game = 0; game < 12; ++game) {
        Position pos;
        for (int ply = 0; ply < 60 && count_legal_moves(pos) > 0; ++ply) {
            pos.make_move(random_legal_move(pos, rng));
            if (ply % 12 == 11 && count_legal_moves(pos) > 0) fens.push_back(pos.fen());
        }
    }
    for (const std::string& fen : fens) {
        INFO(fen);
        const Position pos = position_from(fen);
        const SearchResult r = search(pos, 5);
        CHECK(is_legal(pos, r.best));
        if (r.ponder) {
            Position after = pos;
            after.make_move(r.best);
            CHECK(is_legal(after, r.ponder));
        }
    }
}

TEST_CASE("xiangqi search: fixed-depth node counts are deterministic", "[xiangqi][search]") {
    const Position pos = position_from(std::string(BENCH_FENS[12]));
    const SearchResult a = search(pos, 7), b = search(pos, 7);
    CHECK(a.nodes == b.nodes);
    CHECK(a.best == b.best);
    CHECK(a.nodes > 1000);
}

TEST_CASE("xiangqi search: a searcher that searched another position, once cleared, searches as a new one", "[xiangqi][search]") {
    // Its evaluation state (the network's accumulators) stays with the searcher between
    // searches: it must start afresh at each root.
    const Position pos = position_from(std::string(BENCH_FENS[12]));
    const Position other = position_from(std::string(BENCH_FENS[3]));
    const SearchResult fresh = search(pos, 6);
    TranspositionTable tt;
    tt.resize(4);
    Searcher searcher(tt);
    (void)search_with(searcher, other, 6);
    tt.clear();
    searcher.clear();
    const SearchResult again = search_with(searcher, pos, 6);
    CHECK(again.nodes == fresh.nodes);
    CHECK(again.best == fresh.best);
    CHECK(again.score == fresh.score);
}

TEST_CASE("xiangqi search: a chase cycle is scored by the selected repetition rules", "[xiangqi][search][chase]") {
    // A self-play game's cycle (tests/xiangqi/test_chase.cpp): Black's chariot chases the cannon
    // on a9 with every move, one of which blocks a check; Red alternates a check and another
    // chase. After Black's c9c10, Red's a10a9 brings the first position back a third time.
    // Asian rules: Black chased perpetually, Red did not, so Black loses and Red steers into
    // it. Computer rules: the cycle holds checks, so it is no perpetual chase, only a draw.
    Position pos = position_from("2rak4/C3an3/4b2cr/4p3p/3ncNp2/2p4R1/P7P/N3C4/4A4/1RB1KAB2 b - - 0 21");
    play(pos, {"c10c9", "a9a10", "c9c10", "a10a9", "c10c9", "a9a10", "c9c10"});

    pos.set_repetition_rules(RepetitionRules::Asian);
    const SearchResult asian = search(pos, 4);
    CHECK(coord(asian.best) == "a10a9");
    CHECK(asian.score >= SCORE_MATE_IN_MAX_PLY);

    pos.set_repetition_rules(RepetitionRules::Computer);
    const Move repeat = find_move(pos, "a10a9");
    const SearchResult computer = search(pos, 4, {repeat});
    CHECK(computer.best == repeat);
    CHECK(computer.score == 0);
    // Played out, the rule itself: the side to move after a10a9 (Black) loses or draws.
    play(pos, {"a10a9"});
    CHECK(XiangqiGame::rule_outcome(pos, 0) == Outcome::Draw);
    pos.set_repetition_rules(RepetitionRules::Asian);
    CHECK(XiangqiGame::rule_outcome(pos, 0) == Outcome::Loss);
}

TEST_CASE("xiangqi search: the no-capture move limit scores as a draw", "[xiangqi][search]") {
    // A chariot against two advisors is a win, but no capture is within reach: one ply before
    // the limit every move draws, so the score is exactly 0. Without a limit, or with the clock
    // far from it, Red is well ahead.
    Position pos = position_from("3ak4/4a4/9/9/9/9/9/9/9/3K2R2 w - - 119 1");
    REQUIRE(pos.no_capture_limit() == 120);
    CHECK(search(pos, 6).score == 0);
    pos.set_no_capture_limit(0);
    CHECK(search(pos, 6).score > 300);
    pos.set_no_capture_limit(140);
    CHECK(search(pos, 6).score > 300);
    pos.set_no_capture_limit(121);
    CHECK(search(pos, 6).score == 0);

    // The limit is the position's own setting: a FEN keeps it.
    REQUIRE_FALSE(pos.set_fen("3ak4/4a4/9/9/9/9/9/9/9/3K2R2 w - - 9 1"));
    CHECK(pos.no_capture_limit() == 121);
}
