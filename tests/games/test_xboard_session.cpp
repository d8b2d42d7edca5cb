// Tests of a CECP session (core/xboard.h) driven line by line with the engine's own games
// (src/games.h): moves, force/undo/remove, setboard, game ends, variants, bad input and pondering. The
// front-end's pure parts are tested in tests/core/test_xboard.cpp; the same session over pipes,
// and behind polyglot, in tests/protocol/test_cecp.py.
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
    // The lines up to and including the first that starts with `prefix` (all lines if none does).
    std::vector<std::string> take_through(std::string_view prefix) {
        std::lock_guard lock(mutex);
        auto end = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
        if (end != lines.end()) ++end;
        std::vector<std::string> taken(lines.begin(), end);
        lines.erase(lines.begin(), end);
        return taken;
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

namespace {

// `ply score time nodes pv...`
bool is_thinking(const std::string& line) {
    const std::vector<std::string_view> tokens = split_tokens(line);
    return tokens.size() >= 5 && std::all_of(tokens[0].begin(), tokens[0].end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// The moves of a thinking line's principal variation (`ply score time nodes pv...`).
std::vector<std::string> pv_of(const std::string& thinking) {
    std::vector<std::string> pv;
    for (const std::string_view token : split_tokens(thinking)) pv.emplace_back(token);
    pv.erase(pv.begin(), pv.begin() + std::min<std::size_t>(4, pv.size()));
    return pv;
}

// Waits for the engine's move; returns it and the lines before it (taken from `c`; the later ones
// stay), and the reply the engine expects: the second move of the last thinking line before it.
struct EngineMove {
    std::vector<std::string> before;
    std::string move, expected_reply;
};
EngineMove await_engine_move(Captured& c) {
    REQUIRE(!c.await("move ").empty());
    EngineMove m;
    for (const std::string& line : c.take_through("move ")) {
        if (line.rfind("move ", 0) == 0) m.move = line.substr(5);
        else if (m.move.empty()) m.before.push_back(line);
    }
    for (const std::string& line : m.before)
        if (is_thinking(line) && pv_of(line).size() >= 2) m.expected_reply = pv_of(line)[1];
    return m;
}

// Waits (up to 20 s) for the ponder search's last iteration at `depth` (its `sd`: the search
// then holds its move and prints nothing more), a line that is no bound; takes the lines through
// it and returns it, or "" on timeout.
std::string await_ponder_depth(Captured& c, int depth) {
    const std::string prefix = std::to_string(depth) + " ";
    const auto last = [&](const std::string& l) { return l.rfind(prefix, 0) == 0 && l.back() != '?' && l.back() != '!'; };
    for (int i = 0; i < 2000; ++i) {
        {
            std::lock_guard lock(c.mutex);
            const auto it = std::find_if(c.lines.begin(), c.lines.end(), last);
            if (it != c.lines.end()) {
                const std::string line = *it;
                c.lines.erase(c.lines.begin(), std::next(it));
                return line;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return "";
}

}  // namespace

TEST_CASE("CecpSession: pondering, a ponder hit and a miss", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    for (const char* line : {"xboard", "protover 2", "new", "hard", "post", "sd 4"}) s.handle_line(line);
    c.take();
    s.handle_line("usermove e2e4");
    const EngineMove first = await_engine_move(c);
    REQUIRE(first.expected_reply.size() == 4);

    // The ponder search runs on the position after the expected reply: thinking output, no move.
    const std::string pondered = await_ponder_depth(c, 4);
    REQUIRE(!pondered.empty());
    s.handle_line("ping 1");  // waiting for the opponent: answered at once
    s.handle_line("?");       // nothing to move now
    CHECK(c.await("pong 1") == "pong 1");
    std::vector<std::string> lines = c.take();
    CHECK_FALSE(has_prefix(lines, "move"));

    // The hit: the ponder search's move, at once, with no new search (no thinking output).
    s.handle_line("usermove " + first.expected_reply);
    const EngineMove second = await_engine_move(c);
    CHECK(std::none_of(second.before.begin(), second.before.end(), is_thinking));
    CHECK(second.move == pv_of(pondered)[0]);
    REQUIRE(pv_of(pondered).size() >= 2);

    // The miss: the guess is taken back and the real move searched afresh.
    REQUIRE(!await_ponder_depth(c, 4).empty());
    const std::string other = pv_of(pondered)[1] == "a2a3" ? "h2h3" : "a2a3";
    s.handle_line("usermove " + other);
    const EngineMove third = await_engine_move(c);
    CHECK_FALSE(has_prefix(third.before, "Illegal"));
    CHECK(has_prefix(third.before, "1 "));  // a new search, from depth 1
    CHECK(pv_of(third.before.back())[0] == third.move);
    // The game is the real one: its last two moves are the engine's reply to `other` and `other`.
    s.handle_line("force");
    s.handle_line("undo");
    s.handle_line("usermove " + third.move);
    s.handle_line("remove");
    s.handle_line("usermove " + other);
    s.handle_line("ping 2");
    CHECK(c.await("pong 2") == "pong 2");
    lines = c.take();
    CHECK(std::none_of(lines.begin(), lines.end(),
                       [](const std::string& l) { return l.rfind("Illegal", 0) == 0 || l.rfind("Error", 0) == 0; }));
    CHECK_FALSE(has_prefix(lines, "move"));
    s.handle_line("quit");
}

TEST_CASE("CecpSession: easy, force, new and quit end a ponder search cleanly", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    for (const char* line : {"xboard", "protover 2", "new", "hard", "post", "sd 3"}) s.handle_line(line);
    c.take();

    // easy: the ponder search ends; the expected reply then gets a search of its own.
    s.handle_line("usermove e2e4");
    EngineMove m = await_engine_move(c);
    REQUIRE(!await_ponder_depth(c, 3).empty());
    s.handle_line("easy");
    s.handle_line("usermove " + m.expected_reply);
    m = await_engine_move(c);
    CHECK(has_prefix(m.before, "1 "));
    CHECK_FALSE(has_prefix(m.before, "Illegal"));
    // ... and no pondering after this move either: no thinking while waiting for the opponent.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    s.handle_line("ping 2");
    CHECK(c.await("pong 2") == "pong 2");
    std::vector<std::string> lines = c.take();
    CHECK(std::none_of(lines.begin(), lines.end(), is_thinking));

    // force: no move, and the guess is gone from the game (it is legal to play now).
    s.handle_line("hard");
    s.handle_line("usermove " + m.expected_reply);
    m = await_engine_move(c);
    REQUIRE(!await_ponder_depth(c, 3).empty());
    s.handle_line("force");
    s.handle_line("usermove " + m.expected_reply);
    s.handle_line("ping 3");
    CHECK(c.await("pong 3") == "pong 3");
    lines = c.take();
    CHECK_FALSE(has_prefix(lines, "move"));
    CHECK_FALSE(has_prefix(lines, "Illegal"));

    // new: the game starts again (White's e2e4 is legal) and the engine answers it.
    s.handle_line("go");
    m = await_engine_move(c);
    REQUIRE(!await_ponder_depth(c, 3).empty());
    s.handle_line("new");
    s.handle_line("ping 4");
    CHECK(c.await("pong 4") == "pong 4");
    CHECK_FALSE(has_prefix(c.take(), "move"));
    s.handle_line("post");
    s.handle_line("sd 3");
    s.handle_line("usermove e2e4");
    m = await_engine_move(c);
    CHECK_FALSE(has_prefix(m.before, "Illegal"));

    // quit while pondering: returns, and the session closes without a move.
    REQUIRE(!await_ponder_depth(c, 3).empty());
    CHECK_FALSE(s.handle_line("quit"));
    CHECK_FALSE(has_prefix(c.take(), "move"));
}

TEST_CASE("CecpSession: no pondering after a move that ends the game", "[xboard]") {
    Captured c;
    CecpSession s(c.out, uci_setup());
    for (const char* line : {"xboard", "protover 2", "new", "hard", "post", "force", "setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "sd 3"})
        s.handle_line(line);
    c.take();
    s.handle_line("go");
    CHECK(c.await("1-0") == "1-0 {White mates}");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    s.handle_line("ping 1");
    CHECK(c.await("pong 1") == "pong 1");
    const std::vector<std::string> lines = c.take();
    const auto result = std::find(lines.begin(), lines.end(), "1-0 {White mates}");
    REQUIRE(result != lines.end());
    CHECK(std::none_of(std::next(result), lines.end(), is_thinking));
    s.handle_line("quit");
}
