// Tests of the chess game's hooks for the shared search (game.h): the key the static-eval
// correction table is indexed by. It must change with what it hashes and with nothing else.
#include <catch2/catch.hpp>

#include "chess/game.h"
#include "chess/test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

TEST_CASE("pawn_structure_key follows the pawns alone", "[game][correction]") {
    const Position start = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // A knight moved, and the other side to move: the same pawns.
    const Position knight = position_from("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    CHECK(ChessGame::pawn_structure_key(start) == ChessGame::pawn_structure_key(knight));
    const Position pawn = position_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(ChessGame::pawn_structure_key(start) != ChessGame::pawn_structure_key(pawn));
    // The same squares with the colours swapped are another structure.
    CHECK(ChessGame::pawn_structure_key(position_from("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")) !=
          ChessGame::pawn_structure_key(position_from("4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 1")));
}
