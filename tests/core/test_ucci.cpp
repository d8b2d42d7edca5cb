// Tests of the UCCI front-end's game-free parts (core/ucci.h): the fields of `go`, with UCCI's time
// units and sides, and the score scale. The session with the engine's games is tested in
// tests/games/test_ucci_session.cpp, the protocol through the binary in tests/protocol/test_ucci.py.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "core/search.h"
#include "core/ucci.h"
#include "core/uci_text.h"

using namespace sen;

namespace {

UcciGo go(std::string_view line, Color us, bool millisec, std::vector<std::string>& errors) {
    return parse_ucci_go(split_tokens(line), us, millisec, errors);
}

}  // namespace

TEST_CASE("parse_ucci_go: time, increment and movestogo are the side to move's, opp... the other's", "[ucci]") {
    std::vector<std::string> errors;
    const UcciGo red = go("go time 300 increment 2 opptime 200 oppincrement 3", Color::White, false, errors);
    CHECK(errors.empty());
    CHECK(red.params.time_for(Color::White) == 300000);
    CHECK(red.params.increment_for(Color::White) == 2000);
    CHECK(red.params.time_for(Color::Black) == 200000);
    CHECK(red.params.increment_for(Color::Black) == 3000);
    const UcciGo black = go("go time 300 movestogo 10 opptime 200 oppmovestogo 12", Color::Black, true, errors);
    CHECK(errors.empty());
    CHECK(black.params.time_for(Color::Black) == 300);  // usemillisec: milliseconds as given
    CHECK(black.params.time_for(Color::White) == 200);
    CHECK(black.params.movestogo == 10);
    CHECK(!black.params.increment_for(Color::Black));
}

TEST_CASE("parse_ucci_go: ponder, draw, depth, depth infinite, infinite, nodes, depth 0", "[ucci]") {
    std::vector<std::string> errors;
    const UcciGo a = go("go ponder depth 7", Color::White, false, errors);
    CHECK((a.params.ponder && !a.draw && a.params.depth == 7));
    const UcciGo b = go("go draw nodes 5000", Color::White, false, errors);
    CHECK((b.draw && !b.params.ponder && b.params.nodes == 5000u));
    CHECK(go("go depth infinite", Color::White, false, errors).params.infinite);
    CHECK(go("go infinite", Color::White, false, errors).params.infinite);
    const UcciGo zero = go("go depth 0", Color::White, false, errors);
    CHECK((zero.depth_zero && !zero.params.depth));
    CHECK(go("go depth 100000", Color::White, false, errors).params.depth == MAX_PLY - 1);
    CHECK(errors.empty());
}

TEST_CASE("parse_ucci_go: bad fields are reported one by one and skipped", "[ucci]") {
    std::vector<std::string> errors;
    const UcciGo g = go("go wtime 5 depth x time -3 nodes 0 movestogo", Color::White, false, errors);
    CHECK(errors == std::vector<std::string>{
                        "unknown go parameter 'wtime' ignored",
                        "unknown go parameter '5' ignored",
                        "go depth: 'x' is not a number 0 or more",
                        "go time: '-3' is not a number 0 or more",
                        "go nodes: 0 is out of range 1..",
                        "go movestogo needs a value",
                    });
    CHECK((!g.params.depth && !g.params.nodes && !g.params.time_for(Color::White) && !g.params.movestogo));
}

TEST_CASE("ucci_score: centipawns as they are, a mate in n plies as 10000 - n", "[ucci]") {
    CHECK(ucci_score(0) == 0);
    CHECK(ucci_score(-357) == -357);
    CHECK(ucci_score(SCORE_MATE - 3) == 9997);
    CHECK(ucci_score(-(SCORE_MATE - 2)) == -9998);
}
