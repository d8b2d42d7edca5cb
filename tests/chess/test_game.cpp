// Tests of the chess game's hooks for the shared search (game.h): the keys the static-eval
// correction tables are indexed by. Each must change with what it hashes and with nothing else.
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

TEST_CASE("non_pawn_key follows one side's pieces and kings alone", "[game][correction]") {
    const Position start = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Position knight = position_from("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    const Position pawn = position_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // White's knight move changes White's key, not Black's; a pawn move changes neither.
    CHECK(ChessGame::non_pawn_key(start, Color::White) != ChessGame::non_pawn_key(knight, Color::White));
    CHECK(ChessGame::non_pawn_key(start, Color::Black) == ChessGame::non_pawn_key(knight, Color::Black));
    CHECK(ChessGame::non_pawn_key(start, Color::White) == ChessGame::non_pawn_key(pawn, Color::White));
    CHECK(ChessGame::non_pawn_key(start, Color::Black) == ChessGame::non_pawn_key(pawn, Color::Black));
    // The same squares held by another kind of piece are another key: a knight where a bishop
    // stood, a king where a queen stood, a queen where a rook stood.
    const auto white_key = [](const char* fen) { return ChessGame::non_pawn_key(position_from(fen), Color::White); };
    CHECK(white_key("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1") != white_key("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    CHECK(white_key("k7/8/8/8/8/8/8/3QK3 w - - 0 1") != white_key("k7/8/8/8/8/8/8/3KQ3 w - - 0 1"));
    CHECK(white_key("4k3/8/8/8/8/8/8/R3K3 w - - 0 1") != white_key("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
    // The key hashes squares and kinds, not colours: Black's rook and king where White's stood
    // give Black White's key (the tables keep the two sides' keys apart).
    CHECK(white_key("4k3/8/8/8/8/8/8/R3K3 w - - 0 1") ==
          ChessGame::non_pawn_key(position_from("4K3/8/8/8/8/8/8/r3k3 w - - 0 1"), Color::Black));
}
