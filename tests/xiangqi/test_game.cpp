// Tests of the xiangqi game's hooks for the shared search (game.h): the key the static-eval
// correction table is indexed by. It must change with what it hashes and with nothing else,
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
