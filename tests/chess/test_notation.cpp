// Tests of notation.h: UCI move text in standard chess and Chess960, parsing through the legal
// move list, and rejection of everything else.
#include <catch2/catch.hpp>

#include "chess/notation.h"
#include "chess/test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

TEST_CASE("move_to_uci writes coordinates, promotions, castling and the special moves", "[notation]") {
    CHECK(move_to_uci(Move(SQ_E2, SQ_E4), false) == "e2e4");
    CHECK(move_to_uci(Move(SQ_G8, SQ_F6), true) == "g8f6");
    CHECK(move_to_uci(Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, QUEEN), false) == "e7e8q");
    CHECK(move_to_uci(Move::make(SQ_B2, SQ_A1, MoveKind::Promotion, KNIGHT), false) == "b2a1n");
    CHECK(move_to_uci(Move::make(SQ_B2, SQ_A1, MoveKind::Promotion, ROOK), false) == "b2a1r");
    CHECK(move_to_uci(Move::make(SQ_B2, SQ_A1, MoveKind::Promotion, BISHOP), false) == "b2a1b");
    CHECK(move_to_uci(Move::make(SQ_E5, SQ_D6, MoveKind::EnPassant), false) == "e5d6");
    CHECK(move_to_uci(Move::none(), false) == "(none)");
    CHECK(move_to_uci(Move::null(), false) == "0000");

    SECTION("standard castling is written as the king's two-square move") {
        CHECK(move_to_uci(Move::make(SQ_E1, SQ_H1, MoveKind::Castling), false) == "e1g1");
        CHECK(move_to_uci(Move::make(SQ_E1, SQ_A1, MoveKind::Castling), false) == "e1c1");
        CHECK(move_to_uci(Move::make(SQ_E8, SQ_H8, MoveKind::Castling), false) == "e8g8");
        CHECK(move_to_uci(Move::make(SQ_E8, SQ_A8, MoveKind::Castling), false) == "e8c8");
    }
    SECTION("Chess960 castling is written king-takes-rook") {
        CHECK(move_to_uci(Move::make(SQ_E1, SQ_H1, MoveKind::Castling), true) == "e1h1");
        CHECK(move_to_uci(Move::make(SQ_E1, SQ_A1, MoveKind::Castling), true) == "e1a1");
        CHECK(move_to_uci(Move::make(SQ_G8, SQ_H8, MoveKind::Castling), true) == "g8h8");
        CHECK(move_to_uci(Move::make(SQ_F1, SQ_G1, MoveKind::Castling), true) == "f1g1");
    }
}

TEST_CASE("parse_uci_move finds the legal move the text names", "[notation]") {
    const Position start;
    CHECK(parse_uci_move(start, "e2e4") == Move(SQ_E2, SQ_E4));
    CHECK(parse_uci_move(start, "g1f3") == Move(SQ_G1, SQ_F3));
    CHECK(parse_uci_move(start, "E2E4") == Move(SQ_E2, SQ_E4));

    SECTION("standard castling: e1g1 accepted, e1h1 rejected") {
        const Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        CHECK(parse_uci_move(pos, "e1g1") == Move::make(SQ_E1, SQ_H1, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "e1c1") == Move::make(SQ_E1, SQ_A1, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "e1h1") == Move::none());
        CHECK(parse_uci_move(pos, "e1a1") == Move::none());
        const Position black = position_from("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        CHECK(parse_uci_move(black, "e8g8") == Move::make(SQ_E8, SQ_H8, MoveKind::Castling));
        CHECK(parse_uci_move(black, "e8c8") == Move::make(SQ_E8, SQ_A8, MoveKind::Castling));
    }
    SECTION("Chess960 castling: e1h1 accepted, e1g1 is not castling") {
        const Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
        CHECK(parse_uci_move(pos, "e1h1") == Move::make(SQ_E1, SQ_H1, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "e1a1") == Move::make(SQ_E1, SQ_A1, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "e1g1") == Move::none());
        CHECK(move_to_uci(parse_uci_move(pos, "e1h1"), pos.is_chess960()) == "e1h1");
        // King and rook swapping squares.
        const Position swap = position_from("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true);
        CHECK(parse_uci_move(swap, "f1g1") == Move::make(SQ_F1, SQ_G1, MoveKind::Castling));
    }
    SECTION("promotions, lower- or uppercase letter") {
        const Position pos = position_from("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1");
        CHECK(parse_uci_move(pos, "e7e8q") == Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, QUEEN));
        CHECK(parse_uci_move(pos, "e7e8Q") == Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, QUEEN));
        CHECK(parse_uci_move(pos, "e7e8n") == Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, KNIGHT));
        CHECK(parse_uci_move(pos, "e7e8R") == Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, ROOK));
        CHECK(parse_uci_move(pos, "e7e8b") == Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, BISHOP));
        CHECK(parse_uci_move(pos, "e7e8") == Move::none());  // a promotion needs its piece
        CHECK(parse_uci_move(pos, "e7e8k") == Move::none());
        CHECK(parse_uci_move(pos, "e7e8p") == Move::none());
        CHECK(parse_uci_move(pos, "e7e8x") == Move::none());
        CHECK(parse_uci_move(pos, "e1e2q") == Move::none());  // a promotion letter on a normal move
    }
    SECTION("en passant") {
        const Position pos = position_from("rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        CHECK(parse_uci_move(pos, "e5d6") == Move::make(SQ_E5, SQ_D6, MoveKind::EnPassant));
    }
    SECTION("garbage and illegal moves are rejected") {
        for (const char* text : {"", "e2", "e2e", "e2e5", "a1a1", "e7e8x", "zz99", "e2e4e5", "e2-e4", " e2e4", "e2e4 ", "0000", "(none)",
                                 "e7e5", "e1e2", "i2i4", "e0e1"}) {
            INFO("text '" << text << "'");
            CHECK(parse_uci_move(start, text) == Move::none());
        }
    }
}

TEST_CASE("move_to_uci and parse_uci_move round-trip every legal move of random games", "[notation][random]") {
    std::mt19937 rng(99);
    const auto& starts = random_game_starts();
    for (int game = 0; game < 40; ++game) {
        const GameStart start = starts[game % starts.size()];
        Position pos = position_from(start.fen, start.chess960);
        for (int ply = 0; ply < 100; ++ply) {
            for (const Move m : legal_moves(pos)) {
                const std::string text = move_to_uci(m, pos.is_chess960());
                INFO(pos.fen() << " move " << text);
                REQUIRE(text == coord(pos, m));
                REQUIRE(parse_uci_move(pos, text) == m);
            }
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
}
