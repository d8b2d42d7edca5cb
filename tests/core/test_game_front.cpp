// Tests of GameFrontFor (core/game_front.h) through a session given its games from here, as
// src/games.cpp gives them: the front reads all move text, `go searchmoves` included, in the
// notation its flag selects. The game is chess with a parse_move that honours its notation
// argument strictly (ChessGame's reads the notation the position was set up with), so that a
// front passing the wrong notation shows: before the front read searchmoves, the engine read
// them in standard notation whatever the session's, and a Chess960 castling (king takes rook)
// in searchmoves was dropped.
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

#include "chess/game.h"
#include "core/engine_impl.h"
#include "core/game_front.h"
#include "core/search_impl.h"
#include "core/uci.h"

using namespace sen;

namespace {

struct StrictNotationChess : chess::ChessGame {
    static Move parse_move(const Position& pos, std::string_view text, bool chess960) {
        for (const Move m : chess::legal_moves(pos))
            if (chess::move_to_uci(m, chess960) == lowercase(text)) return m;
        return Move::none();
    }
};
static_assert(Game<StrictNotationChess>);

// One game, "chess", whose notation flag the option UCI_Chess960 sets.
UciSetup strict_chess_setup() {
    const auto chess960 = std::make_shared<bool>(false);
    GameEntry game;
    game.variant = StrictNotationChess::NAME;
    game.make_front = [chess960] { return std::make_unique<GameFrontFor<StrictNotationChess>>(chess960); };
    game.options.push_back(UciOption::check("UCI_Chess960", false, [chess960](bool on, OptionHost& host) {
        *chess960 = on;
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
    UciSession session(lines.out, strict_chess_setup());
    // Ra8 mates at once; castling short is the move searchmoves asks for.
    const std::string position = "position fen 6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1";

    session.handle_line("setoption name UCI_Chess960 value true");
    session.handle_line(position);
    CHECK(lines.take().empty());
    CHECK(bestmove(session, lines, "go depth 3 searchmoves e1h1") == "e1h1");
    // e1g1 names no move in Chess960 notation: ignored, so every move counts.
    CHECK(bestmove(session, lines, "go depth 3 searchmoves e1g1") == "a1a8");

    session.handle_line("setoption name UCI_Chess960 value false");
    session.handle_line(position);
    CHECK(lines.take().empty());
    CHECK(bestmove(session, lines, "go depth 3 searchmoves e1g1") == "e1g1");
    CHECK(bestmove(session, lines, "go depth 3 searchmoves e1h1") == "a1a8");
    session.handle_line("quit");
}
