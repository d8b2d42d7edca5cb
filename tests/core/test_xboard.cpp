// Tests of the CECP front-end (core/xboard.h): the pure parts (level, option features, scores,
// thinking lines, search limits from the clocks) and a session driven line by line with the
// real games of games.h: moves, force/undo/remove, setboard, game ends, variants and bad input.
// The same session over pipes, and behind polyglot, is tests/protocol/test_cecp.py.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/search.h"
#include "core/xboard.h"
#include "games.h"

using namespace sen;

namespace {

std::vector<std::string_view> fields(std::string_view text) { return split_tokens(text); }

struct Captured {
    std::mutex mutex;
    std::vector<std::string> lines;
    Output out{[this](std::string_view text) {
        std::lock_guard lock(mutex);
        lines.emplace_back(text);
    }};
    std::vector<std::string> take() {
        std::lock_guard lock(mutex);
        return std::exchange(lines, {});
    }
    // Waits (up to 20 s) for a line that starts with `prefix`; returns it, or "" on timeout.
    std::string await(std::string_view prefix) {
        for (int i = 0; i < 2000; ++i) {
            {
                std::lock_guard lock(mutex);
                for (const std::string& l : lines)
                    if (l.rfind(prefix, 0) == 0) return l;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return "";
    }
};

bool has_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

// A session told it plays xiangqi, in force mode (it makes no move of its own until "go").
void start_xiangqi_in_force(CecpSession& s) {
    for (const char* line : {"xboard", "protover 2", "new", "variant xiangqi", "force"}) s.handle_line(line);
}

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

TEST_CASE("CecpSession: handshake, moves, force, undo/remove and bad input", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    s.handle_line("xboard");
    s.handle_line("protover 2");
    std::vector<std::string> lines = c.take();
    REQUIRE(!lines.empty());
    CHECK(lines.back() == "feature done=1");
    CHECK(has_prefix(lines, "feature myname=\"Sen"));
    CHECK(has_prefix(lines, "feature option=\"Hash -spin"));

    s.handle_line("new");
    s.handle_line("force");
    s.handle_line("usermove e2e4");
    s.handle_line("usermove e7e5");
    s.handle_line("usermove e2e4");  // White's pawn is gone from e2
    CHECK(c.take() == std::vector<std::string>{"Illegal move: e2e4"});
    s.handle_line("remove");
    s.handle_line("remove");  // nothing left to take back
    CHECK(c.take() == std::vector<std::string>{"Error (command not legal now): remove"});
    s.handle_line("usermove d2d4");  // legal only at the start: both moves are gone
    s.handle_line("undo");
    s.handle_line("frobnicate");
    s.handle_line("level 40 x 0");
    s.handle_line("setboard 8/8 w - - 0 1");
    lines = c.take();
    CHECK(lines.size() == 4);
    CHECK(lines[0] == "Error (unknown command): frobnicate");
    CHECK(has_prefix(lines, "Error (level needs"));
    CHECK(has_prefix(lines, "tellusererror Illegal position"));
    s.handle_line("usermove g1f3");  // the bad setboard changed nothing: still the start
    s.handle_line("ping 3");
    CHECK(c.take() == std::vector<std::string>{"pong 3"});
    s.handle_line("quit");
}

TEST_CASE("CecpSession: the engine moves, mates and claims the result", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    s.handle_line("xboard");
    s.handle_line("protover 2");
    s.handle_line("new");
    s.handle_line("force");
    s.handle_line("setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    s.handle_line("sd 3");
    c.take();
    s.handle_line("go");
    CHECK(c.await("1-0") == "1-0 {White mates}");
    CHECK(has_prefix(c.take(), "move f7g7"));
    s.handle_line("go");  // over: the result again, no move
    CHECK(c.await("1-0") == "1-0 {White mates}");
    CHECK_FALSE(has_prefix(c.take(), "move"));
    s.handle_line("quit");
}

TEST_CASE("CecpSession: xiangqi perpetual chase ends the game with a result line", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    start_xiangqi_in_force(s);
    s.handle_line("setboard 3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1");
    // Red's chariot chases the unprotected horse (ranks from 0: a1 is UCI's a2).
    for (int i = 0; i < 2; ++i)
        for (const char* m : {"a1c1", "c5a6", "c1a1", "a6c5"}) s.handle_line(std::string("usermove ") + m);
    c.take();
    s.handle_line("go");  // Red to move has lost: the result, and no move
    CHECK(c.await("0-1") == "0-1 {Red loses by perpetual chase}");
    CHECK_FALSE(has_prefix(c.take(), "move"));
    s.handle_line("quit");
}

TEST_CASE("CecpSession: xiangqi in xboard's coordinates and letters", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    start_xiangqi_in_force(s);
    c.take();
    s.handle_line("usermove h2e2");  // cannon to the centre, ranks from 0
    s.handle_line("usermove h9g7");
    s.handle_line("usermove h3e3");  // UCI's ranks: no piece on h3 in xboard's
    CHECK(c.take() == std::vector<std::string>{"Illegal move: h3e3"});
    s.handle_line("setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
    s.handle_line("sd 2");
    s.handle_line("go");
    const std::string move = c.await("move ");
    REQUIRE(move.size() == 9);
    CHECK(move[6] >= '0');
    CHECK(move[6] <= '9');
    s.handle_line("variant shogi");
    CHECK(c.take().back() == "Error (unsupported variant): variant shogi");
    s.handle_line("quit");
}
