// Tests of GameFrontFor (core/game_front_for.h): its three faces (the engine's controls, the text
// search and the CECP game) act on one engine and one position; and, through a session given its
// games from here, as src/games.cpp gives them: the front reads all move text, `go searchmoves` included, in the
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
#include "core/cecp_game.h"
#include "core/engine_control.h"
#include "core/engine_impl.h"
#include "core/game_front_for.h"
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

TEST_CASE("GameFrontFor: the engine's controls, the text search and the CECP game act on one game", "[uci]") {
    GameFrontFor<chess::ChessGame> front;
    EngineControl& engine = front.engine();
    CecpGame& game = front.cecp();
    REQUIRE(engine.set_hash(2));
    CHECK(engine.hash_mb() == 2);

    game.set_start();
    CHECK(game.play("e2e4"));
    CHECK_FALSE(game.play("e2e4"));  // no pawn there any more
    CHECK(game.plies() == 1);
    CHECK(game.side_to_move() == Color::Black);
    // A position command begins a new game history: nothing to take back.
    CHECK_FALSE(front.set_position(split_tokens("position startpos moves e2e4 e7e5 g1f3")));
    CHECK(game.plies() == 0);
    CHECK_FALSE(game.undo());
    CHECK(game.side_to_move() == Color::Black);

    // Ra8 mates: the search reports its moves as text, with the WDL chances only when asked.
    REQUIRE_FALSE(front.set_position(split_tokens("position fen 6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1")));
    GoParams params;
    params.depth = 3;
    for (const bool wdl : {false, true}) {
        std::mutex mutex;
        std::vector<TextReport> reports;
        std::vector<std::string> best;
        TextCallbacks callbacks;
        callbacks.on_report = [&](const TextReport& r) {
            std::lock_guard lock(mutex);
            reports.push_back(r);
        };
        callbacks.on_bestmove = [&](const std::string& move, const std::string& ponder) {
            std::lock_guard lock(mutex);
            best = {move, ponder};
        };
        front.go(params, std::chrono::steady_clock::now(), wdl, std::move(callbacks));
        engine.wait();
        std::lock_guard lock(mutex);
        REQUIRE_FALSE(reports.empty());
        CHECK(reports.back().depth == 3);
        CHECK(reports.back().pv == std::vector<std::string>{"a1a8"});
        CHECK(reports.back().wdl.has_value() == wdl);
        if (wdl) CHECK(reports.back().wdl->win == 1000);
        CHECK(best == std::vector<std::string>{"a1a8", ""});
    }

    // The CECP search's move becomes part of the game at the next command that reads it.
    std::mutex mutex;
    std::string move;
    GameEnd end;
    CecpCallbacks callbacks;
    callbacks.on_bestmove = [&](const std::string& m, const GameEnd& e) {
        std::lock_guard lock(mutex);
        move = m;
        end = e;
    };
    game.go(params, std::chrono::steady_clock::now(), std::move(callbacks));
    engine.wait();
    {
        std::lock_guard lock(mutex);
        CHECK(move == "a1a8");
        CHECK(end.outcome == Outcome::Loss);
        CHECK(end.no_moves);
    }
    game.settle();
    CHECK(game.plies() == 1);
    CHECK(game.game_end().outcome == Outcome::Loss);
    CHECK(game.legal_move_count() == 0);
    CHECK(game.undo());
    CHECK(game.legal_move_count() > 1);
}
