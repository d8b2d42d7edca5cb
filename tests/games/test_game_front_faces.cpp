// Tests of GameFrontFor (core/game_front_for.h) with a real game: its three faces (the engine's
// controls, the text search and the CECP game) act on one engine and one position.
#include <catch2/catch.hpp>

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "chess/game.h"
#include "chess/search.h"
#include "core/cecp_game.h"
#include "core/engine_control.h"
#include "core/game_front_for.h"
#include "core/tt.h"
#include "core/uci.h"

using namespace sen;

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
    std::string move, reply = "unset";
    GameEnd end;
    CecpCallbacks callbacks;
    callbacks.on_bestmove = [&](const std::string& m, const std::string& r, const GameEnd& e) {
        std::lock_guard lock(mutex);
        move = m;
        reply = r;
        end = e;
    };
    game.go(params, std::chrono::steady_clock::now(), std::move(callbacks));
    engine.wait();
    {
        std::lock_guard lock(mutex);
        CHECK(move == "a1a8");
        CHECK(reply.empty());  // mate: nothing to reply
        CHECK(end.outcome == Outcome::Loss);
        CHECK(end.no_moves);
    }
    game.settle();
    CHECK(game.plies() == 1);
    CHECK(game.names_last_move("a1a8"));
    CHECK_FALSE(game.names_last_move("a1a7"));
    CHECK_FALSE(game.names_last_move("junk"));
    CHECK(game.game_end().outcome == Outcome::Loss);
    CHECK(game.legal_move_count() == 0);
    CHECK(game.undo());
    CHECK_FALSE(game.names_last_move("a1a8"));  // no move since the game began
    CHECK(game.legal_move_count() > 1);
}

TEST_CASE("GameFrontFor: reported scores are normalised centipawns, the search's own unchanged", "[uci][wdl]") {
    // White a queen up: the search's score, in the network's units, is shown as the WDL model's
    // normalised centipawns (100 = a 50% chance to win at the anchor material); a mate stays a mate.
    constexpr const char* FEN = "r3k3/ppp2ppp/8/8/8/8/PPPQ1PPP/4K3 w - - 0 1";
    chess::Position pos;
    REQUIRE_FALSE(pos.set_fen(FEN));
    TranspositionTable tt;
    chess::Searcher searcher(tt);
    chess::SearchLimits limits;
    limits.depth = 5;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    const int raw = searcher.search(pos, limits, timer, control, {}).score;
    REQUIRE(raw > 300);
    REQUIRE(raw < SCORE_TB_WIN_IN_MAX_PLY);

    GameFrontFor<chess::ChessGame> front;
    REQUIRE_FALSE(front.set_position(split_tokens(std::string("position fen ") + FEN)));
    GoParams params;
    params.depth = 5;
    std::mutex mutex;
    std::vector<TextReport> reports;
    TextCallbacks callbacks;
    callbacks.on_report = [&](const TextReport& r) {
        std::lock_guard lock(mutex);
        reports.push_back(r);
    };
    front.go(params, std::chrono::steady_clock::now(), false, std::move(callbacks));
    front.engine().wait();
    std::lock_guard lock(mutex);
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().score == chess::ChessGame::WDL_MODEL.normalised(raw));
    CHECK(reports.back().score != raw);
}
