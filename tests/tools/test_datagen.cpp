// Tests of self-play data generation (datagen.cpp), for both games: the output is a function of
// the options alone, every line is a record (training_data.h) of a quiet, valid position with a
// result and a search score, and which positions are recorded follows the game's own definition
// of a noisy move.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <string>

#include "chess/game.h"
#include "tools/datagen.h"
#include "tools/training_data.h"
#include "xiangqi/game.h"

namespace sen {

using chess::ChessGame;
using xiangqi::XiangqiGame;

TEMPLATE_TEST_CASE("Self-play data is the same for the same seed", "[datagen]", ChessGame, XiangqiGame) {
    DatagenOptions options;
    options.games = 2;
    options.nodes = 400;
    options.seed = 5;
    std::ostringstream first, second;
    const DatagenStats a = run_datagen<TestType>(options, first);
    const DatagenStats b = run_datagen<TestType>(options, second);
    REQUIRE(a.games == 2);
    REQUIRE(a.positions > 0);
    CHECK(first.str() == second.str());
    CHECK(a.positions == b.positions);
    CHECK(a.nodes == b.nodes);
    CHECK(a.white_wins + a.draws + a.black_wins == 2);

    std::istringstream lines(first.str());
    std::string line;
    std::uint64_t count = 0;
    while (std::getline(lines, line)) {
        INFO(line);
        DataRecord record;
        REQUIRE(parse_record(line, record));
        REQUIRE(record.score.has_value());
        CHECK(std::abs(*record.score) <= DATAGEN_SCORE_LIMIT);
        typename TestType::Position pos;
        REQUIRE_FALSE(pos.set_fen(record.fen).has_value());
        CHECK(pos.fen() == record.fen);
        CHECK_FALSE(pos.in_check());
        CHECK(pos.game_ply() >= DATAGEN_SKIP_PLIES);
        CHECK(TestType::count_legal_moves(pos) > 0);
        ++count;
    }
    CHECK(count == a.positions);

    options.seed = 6;
    std::ostringstream other;
    run_datagen<TestType>(options, other);
    CHECK(other.str() != first.str());
}

TEST_CASE("Datagen records a position only when its best move is quiet by the game's definition", "[datagen]") {
    // Past the opening plies and not in check: the best move decides.
    chess::Position pos;
    REQUIRE_FALSE(pos.set_fen("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 30").has_value());
    const auto chess_move = [&](const char* text) { return ChessGame::parse_move(pos, text, false); };
    for (const char* quiet : {"b7b8n", "b7b8r", "b7b8b", "e1g1", "h1h5"}) {
        INFO(quiet);
        REQUIRE(chess_move(quiet));
        CHECK_FALSE(ChessGame::is_noisy(pos, chess_move(quiet)));
        CHECK(records_position<ChessGame>(pos, chess_move(quiet)));
    }
    for (const char* noisy : {"b7b8q", "b7a8q", "b7a8n"}) {
        INFO(noisy);
        REQUIRE(chess_move(noisy));
        CHECK(ChessGame::is_noisy(pos, chess_move(noisy)));
        CHECK_FALSE(records_position<ChessGame>(pos, chess_move(noisy)));
    }
    // Early in the game, or in check, nothing is recorded.
    REQUIRE_FALSE(pos.set_fen("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 5").has_value());
    CHECK_FALSE(records_position<ChessGame>(pos, chess_move("h1h5")));
    REQUIRE_FALSE(pos.set_fen("4k3/1P6/8/8/8/8/8/r3K2R w K - 0 30").has_value());
    REQUIRE(pos.in_check());
    CHECK_FALSE(records_position<ChessGame>(pos, chess_move("e1e2")));

    // Xiangqi: a capture is noisy, anything else quiet.
    xiangqi::Position xq;
    REQUIRE_FALSE(xq.set_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 10").has_value());
    const auto xiangqi_move = [&](const char* text) { return XiangqiGame::parse_move(xq, text, false); };
    REQUIRE(xiangqi_move("b3b10"));
    CHECK_FALSE(records_position<XiangqiGame>(xq, xiangqi_move("b3b10")));  // cannon takes horse
    REQUIRE(xiangqi_move("b3e3"));
    CHECK(records_position<XiangqiGame>(xq, xiangqi_move("b3e3")));
}

}  // namespace sen
