// Tests of the xiangqi evaluation and exchange evaluation: a position and its colour-mirrored
// twin (ranks flipped, colours and side to move swapped) score the same for the side to move,
// with every feature count negated, and left-right mirrors score the same; material and soldier
// terms point the right way; SEE.
#include <catch2/catch.hpp>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "xiangqi/bench_positions.h"
#include "xiangqi/eval.h"
#include "xiangqi/see.h"
#include "xiangqi/test_util.h"

using sen::Color;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out(1);
    for (const char c : s) {
        if (c == sep) out.emplace_back();
        else out.back() += c;
    }
    return out;
}

// The FEN of the colour-mirrored position: ranks in reverse order, upper and lower case
// swapped, the other side to move.
std::string colour_mirror(const std::string& fen) {
    const std::vector<std::string> fields = split(fen, ' ');
    const std::vector<std::string> ranks = split(fields[0], '/');
    std::string placement;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!placement.empty()) placement += '/';
        for (const char c : *it) placement += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
    }
    return placement + (fields[1] == "w" ? " b" : " w") + " - - 0 1";
}

// The FEN of the left-right mirror: each rank read backwards.
std::string file_mirror(const std::string& fen) {
    const std::vector<std::string> fields = split(fen, ' ');
    std::string placement;
    for (const std::string& rank : split(fields[0], '/')) {
        if (!placement.empty()) placement += '/';
        placement.append(rank.rbegin(), rank.rend());
    }
    return placement + " " + fields[1] + " - - 0 1";
}

std::vector<std::string> sample_fens() {
    std::vector<std::string> fens(BENCH_FENS.begin(), BENCH_FENS.end());
    std::mt19937 rng(2026);
    for (int game = 0; game < 20; ++game) {
        Position pos;
        for (int ply = 0; ply < 80; ++ply) {
            if (count_legal_moves(pos) == 0) break;
            pos.make_move(random_legal_move(pos, rng));
            if (ply % 9 == 8) fens.push_back(pos.fen());
        }
    }
    return fens;
}

}  // namespace

TEST_CASE("xiangqi eval: a position and its colour mirror score the same", "[xiangqi][eval]") {
    for (const std::string& fen : sample_fens()) {
        const Position pos = position_from(fen);
        const Position mirrored = position_from(colour_mirror(fen));
        INFO(fen << "\nmirror: " << colour_mirror(fen));
        CHECK(evaluate(pos) == evaluate(mirrored));
        const Position flipped = position_from(file_mirror(fen));
        CHECK(evaluate(pos) == evaluate(flipped));
        // Feature by feature: the mirror's counts are the position's, with Red and Black swapped.
        EvalTrace trace, mirror_trace;
        const int red = evaluate_traced(pos, trace);
        CHECK(evaluate_traced(mirrored, mirror_trace) == -red);
        CHECK(mirror_trace.phase == trace.phase);
        for (int i = 0; i < term::COUNT; ++i) {
            INFO("term " << i);
            REQUIRE(mirror_trace.count[i] == -trace.count[i]);
        }
    }
}

TEST_CASE("xiangqi eval: the start position is level and material counts", "[xiangqi][eval]") {
    const Position start;
    // Only the tempo bonus separates the sides.
    CHECK(std::abs(evaluate(start)) <= 20);
    // Black without a chariot: Red, to move, is far ahead; seen from Black, far behind.
    const Position no_chariot = position_from("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    CHECK(evaluate(no_chariot) > 700);
    const Position no_chariot_black = position_from("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    CHECK(evaluate(no_chariot_black) < -700);
}

TEST_CASE("xiangqi eval: a soldier gains by crossing the river", "[xiangqi][eval]") {
    // Every other piece on its start point and Red's e-soldier on e4 (home), e6 (across) or e8
    // (at the palace). The fitted tables make no such claim in bare endgames (a lone soldier
    // against advisors is mostly a draw, whichever rank it stands on), so the middlegame it is.
    const Position home;
    const Position crossed = position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/9/P1P3P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    const Position deep = position_from("rnbakabnr/9/1c2P2c1/p1p1p1p1p/9/9/P1P3P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    CHECK(evaluate(crossed) > evaluate(home) + 20);
    CHECK(evaluate(deep) > evaluate(home) + 20);
}

TEST_CASE("xiangqi eval: a blocked horse is worth less than a free one", "[xiangqi][eval]") {
    // Red horse on e5 with all four legs free, then with its legs blocked by black soldiers;
    // the horse's share of each evaluation is compared.
    const Position free_horse = position_from("3ak4/9/9/9/9/4N4/9/9/4A4/3K5 w - - 0 1");
    const Position no_horse = position_from("3ak4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    const Position hobbled = position_from("3ak4/9/9/9/4p4/3pNp3/4p4/9/4A4/3K5 w - - 0 1");
    const Position soldiers_only = position_from("3ak4/9/9/9/4p4/3p1p3/4p4/9/4A4/3K5 w - - 0 1");
    CHECK(evaluate(free_horse) - evaluate(no_horse) > evaluate(hobbled) - evaluate(soldiers_only) + 50);
}

TEST_CASE("xiangqi eval: the report ends with the evaluation", "[xiangqi][eval]") {
    const Position pos = position_from(std::string(BENCH_FENS[5]));
    const std::string report = eval_report(pos);
    CHECK(report.find("Final evaluation: ") != std::string::npos);
    CHECK(report.find(std::to_string(evaluate(pos)) + " (side to move's view)") != std::string::npos);
}

TEST_CASE("xiangqi SEE: exchanges on one point", "[xiangqi][see]") {
    // Red chariot a1 takes an undefended black soldier on a7: wins a soldier.
    Position pos = position_from("4k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
    Move m = find_move(pos, "a1a7");
    CHECK(see_ge(pos, m, 0));
    CHECK(see_ge(pos, m, 100));
    CHECK_FALSE(see_ge(pos, m, 101));
    // The soldier defended by a black chariot on a10: the chariot is lost for a soldier.
    pos = position_from("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
    m = find_move(pos, "a1a7");
    CHECK_FALSE(see_ge(pos, m, 0));
    CHECK(see_ge(pos, m, 100 - 900));
    // A black cannon on a10 defends a7 over one screen (the horse on a9).
    pos = position_from("c3k4/n8/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
    m = find_move(pos, "a1a7");
    CHECK_FALSE(see_ge(pos, m, 0));
    // The same with a second piece between (a8): two screens, the cannon does not defend.
    pos = position_from("c3k4/n8/n8/p8/9/9/9/9/9/R2K5 w - - 0 1");
    m = find_move(pos, "a1a7");
    CHECK(see_ge(pos, m, 0));
    // The chariot takes the screen itself: next to the cannon, with nothing between, it is
    // safe (a cannon captures only over a screen).
    pos = position_from("c3k4/n8/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    m = find_move(pos, "a1a9");
    CHECK(see_ge(pos, m, 400));
    // A horse whose leg is blocked does not defend: the b5 horse's leg is b6 (another horse,
    // which does not reach a7 either).
    pos = position_from("4k4/9/9/p8/1n7/1n7/9/9/9/R2K5 w - - 0 1");
    m = find_move(pos, "a1a7");
    CHECK(see_ge(pos, m, 100));
}
