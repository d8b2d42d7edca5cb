// Tests of GameFrontFor (core/game_front_for.h) through a session given its games from here, as
// src/games.cpp gives them: the front reads all move text, `go searchmoves` included, in the
// notation its flag selects. The game is the toy game (tests/toy/) with a parse_move that honours
// its notation argument strictly (the toy's reads either notation), so that a front passing the
// wrong notation shows: before the front read searchmoves, the engine read them in standard
// notation whatever the session's, and a move in the other notation in searchmoves was dropped.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/engine_impl.h"
#include "core/game_front_for.h"
#include "core/search_impl.h"
#include "core/uci.h"
#include "toy/toy_game.h"

using namespace sen;

namespace {

struct StrictNotationToy : toy::ToyGame {
    static Move parse_move(const Position& pos, std::string_view text, bool numbers) {
        for (const Move m : toy::legal_moves(pos))
            if (toy::move_text(m, numbers) == lowercase(text)) return m;
        return Move::none();
    }
};
static_assert(Game<StrictNotationToy>);

// One game, "toy", whose notation flag (cells by number) the option NumberedCells sets.
UciSetup strict_toy_setup() {
    const auto numbers = std::make_shared<bool>(false);
    GameEntry game;
    game.variant = StrictNotationToy::NAME;
    game.make_front = [numbers] { return std::make_unique<GameFrontFor<StrictNotationToy>>(numbers); };
    game.options.push_back(UciOption::check("NumberedCells", false, [numbers](bool on, OptionHost& host) {
        *numbers = on;
        host.reread_position();
    }));
    UciSetup setup;
    setup.games.push_back(std::move(game));
    return setup;
}

struct Lines {
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
};

// Sends a go command and returns the move of its bestmove line (the search runs on the engine's
// thread).
std::string bestmove(UciSession& session, Lines& lines, const std::string& go) {
    session.handle_line(go);
    for (int waited_ms = 0; waited_ms < 20000; waited_ms += 5) {
        for (const std::string& l : lines.take())
            if (l.rfind("bestmove ", 0) == 0) return std::string(split_tokens(l).at(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "no bestmove";
}

}  // namespace

TEST_CASE("GameFrontFor reads searchmoves in the session's notation", "[uci]") {
    Lines lines;
    UciSession session(lines.out, strict_toy_setup());
    // The rook's capture jg wins at once; the king's step kl is the move searchmoves asks for.
    const std::string position = "position fen 1k4r2RK5 w 0";

    session.handle_line("setoption name NumberedCells value true");
    session.handle_line(position);
    CHECK(lines.take().empty());
    CHECK(bestmove(session, lines, "go depth 3 searchmoves 11-12") == "11-12");
    // kl names no move in numbered notation: ignored, so every move counts.
    CHECK(bestmove(session, lines, "go depth 3 searchmoves kl") == "10-7");

    session.handle_line("setoption name NumberedCells value false");
    session.handle_line(position);
    CHECK(lines.take().empty());
    CHECK(bestmove(session, lines, "go depth 3 searchmoves kl") == "kl");
    CHECK(bestmove(session, lines, "go depth 3 searchmoves 11-12") == "jg");
    session.handle_line("quit");
}
