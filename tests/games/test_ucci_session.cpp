// Tests of the UCCI session in process with the engine's own games (src/games.h): it plays the game
// with a notation of ranks from 0, its `ucci` answer, banmoves, and bad input. The parsers are
// tested in tests/core/test_ucci.cpp; the protocol as a whole through the binary by
// tests/protocol/test_ucci.py.
#include <catch2/catch.hpp>

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "captured_output.h"
#include "core/ucci.h"
#include "core/version.h"
#include "games.h"

using namespace sen;

namespace {

using Captured = test::CapturedOutput;

std::string fen(UcciSession& session, Captured& c) {
    session.handle_line("d");
    for (const std::string& l : c.take())
        if (l.rfind("Fen: ", 0) == 0) return l.substr(5);
    return "";
}

// The answer to a go command: the bestmove's move, or "nobestmove".
std::string answer(UcciSession& session, Captured& c, const std::string& go) {
    session.handle_line(go);
    for (int waited_ms = 0; waited_ms < 20000; waited_ms += 5) {
        for (const std::string& l : c.take()) {
            if (l == "nobestmove") return l;
            if (l.rfind("bestmove ", 0) == 0) return std::string(split_tokens(l).at(1));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "no answer";
}

constexpr std::string_view XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

}  // namespace

TEST_CASE("UcciSession: the ucci answer offers UCCI's options and the xiangqi game's, no UCI_ or chess option", "[ucci]") {
    Captured c;
    UcciSession session(c.out, uci_setup());
    session.handle_line("ucci");
    CHECK(c.take() == std::vector<std::string>{
                          fmt::format("id name {}", ENGINE_NAME_AND_VERSION),
                          "id author the Sen developers",
                          "option usemillisec type check default false",
                          "option batch type check default false",
                          "option debug type check default false",
                          "option hashsize type spin min 1 max 65536 default 16",
                          "option threads type spin min 1 max 256 default 1",
                          "option multipv type spin min 1 max 256 default 1",
                          "option ponder type check default false",
                          "option moveoverhead type spin min 0 max 5000 default 10",
                          "option clearhash type button",
                          "option usebook type check default true",
                          "option bookfiles type string default <empty>",
                          "option evalfile type string default <built-in>",
                          "option repetitionrule type combo var asian var computer default asian",
                          "option movelimit type spin min 0 max 1000 default 60",
                          "option newgame type button",
                          "ucciok",
                      });
    CHECK(fen(session, c) == XQ_START);
    // evalfile chooses xiangqi's network, the game UCCI plays.
    session.handle_line("setoption evalfile <empty>");
    CHECK(c.take() == std::vector<std::string>{"info message EvalFile: evaluating xiangqi with the table evaluation"});
    CHECK(session.handle_line("quit") == false);
    CHECK(c.take() == std::vector<std::string>{"bye"});
}

TEST_CASE("UcciSession: banmoves is honoured until the next position; a bad list changes nothing", "[ucci]") {
    Captured c;
    UcciSession session(c.out, uci_setup());
    session.handle_line("position startpos moves h2e2 h9g7");
    const std::string first = answer(session, c, "go depth 3");
    REQUIRE(first.size() == 4);
    session.handle_line("banmoves " + first);
    CHECK(c.take().empty());
    const std::string second = answer(session, c, "go depth 3");
    CHECK(second != first);
    CHECK(second.size() == 4);
    session.handle_line("banmoves " + first + " e2e9");  // e2e9 is blocked by the soldier: not legal
    CHECK(c.take() == std::vector<std::string>{"info message error: banmoves: 'e2e9' is not a legal move here; banned moves unchanged"});
    CHECK(answer(session, c, "go depth 3") != first);
    session.handle_line("position startpos moves h2e2 h9g7");
    session.handle_line("banmoves");  // an empty list lifts every ban
    CHECK(answer(session, c, "go depth 1").size() == 4);
    session.handle_line("quit");
}

TEST_CASE("UcciSession: bad input gets one error line and leaves the position and options as they were", "[ucci]") {
    Captured c;
    UcciSession session(c.out, uci_setup());
    session.handle_line("position startpos moves b0c2");
    const std::string before = fen(session, c);
    for (const char* bad : {"position startpos moves b0c2 b0c2", "position fen 9/9/9 w", "position sideways", "setoption hashsize many",
                            "setoption nosuch 3", "setoption ponder perhaps", "ponderhit later", "frobnicate"}) {
        session.handle_line(bad);
        const std::vector<std::string> out = c.take();
        INFO(bad);
        REQUIRE(out.size() == 1);
        CHECK(out[0].rfind("info message error: ", 0) == 0);
        CHECK(fen(session, c) == before);
    }
    session.handle_line("quit");
}
