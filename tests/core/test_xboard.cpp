// Tests of the CECP front-end (core/xboard.h), its pure parts: level, option features, scores,
// thinking lines, search limits from the clocks. A session driven line by line with the engine's
// games is tests/games/test_xboard_session.cpp; the same over pipes, and behind polyglot,
// tests/protocol/test_cecp.py.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "core/search.h"
#include "core/xboard.h"

using namespace sen;

namespace {

std::vector<std::string_view> fields(std::string_view text) { return split_tokens(text); }

}  // namespace

TEST_CASE("xboard: level reads moves, minutes or min:sec, and the increment", "[xboard]") {
    auto l = parse_level(fields("40 5 0"));
    REQUIRE(l);
    CHECK(l->moves == 40);
    CHECK(l->base_ms == 300000);
    CHECK(l->increment_ms == 0);
    l = parse_level(fields("0 0:30 2"));
    REQUIRE(l);
    CHECK(l->moves == 0);
    CHECK(l->base_ms == 30000);
    CHECK(l->increment_ms == 2000);
    l = parse_level(fields("0 2 0.5"));
    REQUIRE(l);
    CHECK(l->increment_ms == 500);
    l = parse_level(fields("40 25+5 0"));  // text after BASE is ignored, as the protocol asks
    REQUIRE(l);
    CHECK(l->base_ms == 25 * 60000);
    CHECK_FALSE(parse_level(fields("40 5")));
    CHECK_FALSE(parse_level(fields("x 5 0")));
    CHECK_FALSE(parse_level(fields("40 :30 0")));
    CHECK_FALSE(parse_level(fields("40 5 -1")));
    CHECK_FALSE(parse_level(fields("-1 5 0")));
}

TEST_CASE("xboard: each option type becomes its feature", "[xboard]") {
    const auto none = [](auto, OptionHost&) {};
    CHECK(xboard_option(UciOption::spin("Hash", 16, 1, 65536, none)) == "Hash -spin 16 1 65536");
    CHECK(xboard_option(UciOption::check("Ponder", false, none)) == "Ponder -check 0");
    CHECK(xboard_option(UciOption::check("On", true, none)) == "On -check 1");
    CHECK(xboard_option(UciOption::combo("Style", "b", {"a", "b", "c"}, "style", none)) == "Style -combo a /// *b /// c");
    CHECK(xboard_option(UciOption::button("Clear Hash", [](OptionHost&) {})) == "Clear Hash -button");
    CHECK(xboard_option(UciOption::string("File", "x.bin", none)) == "File -string x.bin");
}

TEST_CASE("xboard: mate scores are 100000 + N moves, thinking lines in centiseconds", "[xboard]") {
    CHECK(xboard_score(35) == 35);
    CHECK(xboard_score(-120) == -120);
    CHECK(xboard_score(SCORE_MATE - 1) == 100001);  // mate in 1
    CHECK(xboard_score(SCORE_MATE - 5) == 100003);  // mate in 3 (5 plies)
    CHECK(xboard_score(-(SCORE_MATE - 4)) == -100002);
    TextReport r;
    r.depth = 9;
    r.seldepth = 12;
    r.score = 156;
    r.nodes = 48000;
    r.time_ms = 10840;
    r.pv = {"g1f3", "b8c6"};
    CHECK(thinking_line(r) == "9 156 1084 48000 g1f3 b8c6");
    r.bound = Bound::Upper;
    CHECK(thinking_line(r) == "9 156 1084 48000 g1f3 b8c6?");
    r.bound = Bound::Lower;
    CHECK(thinking_line(r) == "9 156 1084 48000 g1f3 b8c6!");
}

TEST_CASE("xboard: the search limits follow level, time/otim, st and sd", "[xboard]") {
    XboardClocks c;
    c.level = *parse_level(fields("40 5 0"));
    GoParams go = xboard_go_params(c, Color::Black, 0);
    CHECK(go.time_for(Color::Black) == 300000);
    CHECK(go.time_for(Color::White) == 300000);
    CHECK(go.movestogo == 40);
    go = xboard_go_params(c, Color::Black, 41);
    CHECK(go.movestogo == 39);
    c.own_ms = 12340;
    c.other_ms = 5000;
    c.depth = 7;
    go = xboard_go_params(c, Color::White, 0);
    CHECK(go.time_for(Color::White) == 12340);
    CHECK(go.time_for(Color::Black) == 5000);
    CHECK(go.depth == 7);
    c.level = *parse_level(fields("0 1 1"));
    go = xboard_go_params(c, Color::White, 10);
    CHECK_FALSE(go.movestogo);
    CHECK(go.increment_for(Color::White) == 1000);
    c.st_ms = 2500;
    go = xboard_go_params(c, Color::White, 10);
    CHECK(go.movetime == 2500);
    CHECK_FALSE(go.time_for(Color::White));
}
