// Tests of the xiangqi game's hooks for the shared search (game.h): the keys the static-eval
// correction tables are indexed by. Each must change with what it hashes and with nothing else,
// on both halves of the 90-square board.
#include <catch2/catch.hpp>

#include "xiangqi/game.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {
constexpr const char* START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
// Red's right horse out, Black to move; and a red soldier one step on.
constexpr const char* HORSE_OUT_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R b - - 1 1";
constexpr const char* SOLDIER_ON_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 1 1";
}  // namespace

TEST_CASE("xiangqi pawn_structure_key follows the soldiers alone", "[game][correction]") {
    CHECK(XiangqiGame::pawn_structure_key(position_from(START_FEN)) == XiangqiGame::pawn_structure_key(position_from(HORSE_OUT_FEN)));
    CHECK(XiangqiGame::pawn_structure_key(position_from(START_FEN)) != XiangqiGame::pawn_structure_key(position_from(SOLDIER_ON_FEN)));
}

TEST_CASE("xiangqi non_pawn_key follows one side's pieces and general alone", "[game][correction]") {
    const Position start = position_from(START_FEN), horse = position_from(HORSE_OUT_FEN), soldier = position_from(SOLDIER_ON_FEN);
    CHECK(XiangqiGame::non_pawn_key(start, Color::White) != XiangqiGame::non_pawn_key(horse, Color::White));
    CHECK(XiangqiGame::non_pawn_key(start, Color::Black) == XiangqiGame::non_pawn_key(horse, Color::Black));
    CHECK(XiangqiGame::non_pawn_key(start, Color::White) == XiangqiGame::non_pawn_key(soldier, Color::White));
    CHECK(XiangqiGame::non_pawn_key(start, Color::Black) == XiangqiGame::non_pawn_key(soldier, Color::Black));
    const auto red_key = [](const char* fen) { return XiangqiGame::non_pawn_key(position_from(fen), Color::White); };
    // A chariot on the far rank (the bitboard's upper word, behind an elephant), one file along.
    CHECK(red_key("3k2b1R/9/9/9/9/9/9/9/9/4K4 w - - 0 1") != red_key("3k2bR1/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    // The same square held by a chariot, a horse or a cannon.
    CHECK(red_key("3k5/9/9/9/9/9/9/2R6/9/4K4 w - - 0 1") != red_key("3k5/9/9/9/9/9/9/2N6/9/4K4 w - - 0 1"));
    CHECK(red_key("3k5/9/9/9/9/9/9/2N6/9/4K4 w - - 0 1") != red_key("3k5/9/9/9/9/9/9/2C6/9/4K4 w - - 0 1"));
    // The general and an advisor, each on the other's square.
    CHECK(red_key("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1") != red_key("5k3/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1"));
}
