// Tests of position.h: FEN reading and writing (every error class), make/unmake along random
// games, null moves, gives_check, repetitions and the game-state rules (mate, stalemate,
// 50/75 moves, threefold/fivefold, dead positions).
#include <catch2/catch.hpp>

#include "chess/test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

std::string error_text(const std::optional<std::string>& e) { return e.value_or("(none)"); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Small helpers

TEST_CASE("square names, square parsing and piece letters", "[position]") {
    CHECK(square_name(SQ_A1) == "a1");
    CHECK(square_name(SQ_H8) == "h8");
    CHECK(square_name(SQ_E4) == "e4");
    CHECK(square_name(SQ_NONE) == "-");
    for (int s = 0; s < 64; ++s) CHECK(parse_square(square_name(Square(s))) == Square(s));
    for (const char* bad : {"", "e", "e44", "i1", "a0", "a9", "E4", "-", "4e"}) {
        INFO("text '" << bad << "'");
        CHECK(parse_square(bad) == SQ_NONE);
    }
    CHECK(piece_to_char(W_PAWN) == 'P');
    CHECK(piece_to_char(W_KING) == 'K');
    CHECK(piece_to_char(B_KNIGHT) == 'n');
    CHECK(piece_to_char(B_QUEEN) == 'q');
}

TEST_CASE("the default position is the standard start", "[position][fen]") {
    const Position pos;
    CHECK(pos.fen() == Position::START_FEN);
    CHECK(pos.side_to_move() == Color::White);
    CHECK(pos.castling_rights() == ANY_CASTLING);
    CHECK(pos.piece_on(SQ_E1) == W_KING);
    CHECK(pos.piece_on(SQ_D8) == B_QUEEN);
    CHECK(pos.empty(SQ_E4));
    CHECK(pos.pieces() == 0xFFFF00000000FFFFULL);
    CHECK(pos.pieces(Color::White) == 0xFFFFULL);
    CHECK(pos.pieces(Color::Black, PAWN) == 0x00FF000000000000ULL);
    CHECK(pos.king_square(Color::Black) == SQ_E8);
    CHECK(pos.castling_rook_square(WHITE_OOO) == SQ_A1);
    CHECK(pos.castling_rook_square(BLACK_OO) == SQ_H8);
    CHECK(pos.rule50() == 0);
    CHECK(pos.fullmove_number() == 1);
    CHECK(pos.history_length() == 0);
    CHECK_FALSE(pos.in_check());
    CHECK_FALSE(pos.is_chess960());
    CHECK_FALSE(pos.consistency_error().has_value());
}

// ---------------------------------------------------------------------------------------------
// FEN

TEST_CASE("FEN round trip is exact for 6-field FENs in normal form", "[position][fen]") {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 20",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 150",
        "4k3/8/8/8/8/8/8/4K3 w - - 10000 100000",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
    };
    for (const char* fen : fens) {
        const Position pos = position_from(fen);
        CHECK(pos.fen() == fen);
        CHECK_FALSE(pos.consistency_error().has_value());
        // Reading the written FEN again gives the same position and key.
        CHECK(position_from(pos.fen()).key() == pos.key());
    }
}

TEST_CASE("FEN counters and side to move are read into the state", "[position][fen]") {
    const Position pos = position_from("4k3/8/8/8/8/8/8/4K3 b - - 37 42");
    CHECK(pos.side_to_move() == Color::Black);
    CHECK(pos.rule50() == 37);
    CHECK(pos.fullmove_number() == 42);
    CHECK(pos.game_ply() == 83);
}

TEST_CASE("a 4-field EPD FEN is accepted with clocks 0 1", "[position][fen]") {
    CHECK(position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").fen() == Position::START_FEN);
    const Position black = position_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    CHECK(black.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(black.rule50() == 0);
}

TEST_CASE("FEN fields may be separated by extra blanks", "[position][fen]") {
    CHECK(position_from("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq\t-  0 1 ").fen() == Position::START_FEN);
}

TEST_CASE("every malformed or illegal FEN is rejected and leaves the position unchanged", "[position][fen]") {
    // Each bad FEN with, where one exists, a valid control FEN that differs only in the faulty
    // part: the control must be accepted, so the rejection is for the stated reason.
    struct Bad {
        const char* what;
        const char* fen;
        const char* control;
    };
    const Bad bad[] = {
        {"empty string", "", nullptr},
        {"only blanks", "   ", nullptr},
        {"one word", "blah", nullptr},
        {"5 fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"7 fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"3 fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"7 ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"9 ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"trailing slash", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"empty rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"rank with 9 squares", "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"},
        {"rank with 9 squares by digits", "rnbqkbnr/pppppppp/8/8/54/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"rank with 7 squares", "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"last rank with 7 squares", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1"},
        {"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"bad piece letter X", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1"},
        {"bad piece letter x", "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"no kings", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
        {"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
        {"no white king", "4k3/8/8/8/8/8/8/8 b - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
        {"two white kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"},
        {"two black kings", "k3k3/8/8/8/8/8/8/4K3 w - - 0 1", "q3k3/8/8/8/8/8/8/4K3 w - - 0 1"},
        {"white pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"},
        {"white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"},
        {"black pawn on rank 1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/8/8/8/8/8/p7/4K3 w - - 0 1"},
        {"black pawn on rank 8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/p7/8/8/8/8/8/4K3 w - - 0 1"},
        {"nine white pawns", "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"},
        {"side not to move in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"},
        {"side not to move in check (black to move)", "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"},
        {"three pieces give check", "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1"},
        {"bad side letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"uppercase side letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"side as a word", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"castling right without its rook (k)", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"},
        {"castling right without its rook (Q)", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"castling right with a knight in the corner", "4k3/8/8/8/8/8/8/4K2N w K - 0 1", "4k3/8/8/8/8/8/8/4K2N w - - 0 1"},
        {"castling right with the king off e1", "r3k2r/8/8/8/8/8/8/R4K1R w KQ - 0 1", "r3k2r/8/8/8/8/8/8/R4K1R w - - 0 1"},
        {"castling right with the king off its rank", "r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w - - 0 1"},
        {"castling right with the black king off e8", "r4k1r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r4k1r/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
        {"castling right for a rook not in the corner", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "4k3/8/8/8/8/8/8/4K1R1 w - - 0 1"},
        {"Shredder letter for a rook not in the corner", "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1"},
        {"bad castling letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"},
        {"castling digit", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1q - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"},
        {"castling right given twice", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"ep square on the wrong rank", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2",
         "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2"},
        {"ep square on rank 4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
        {"ep square with no pawn in front", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
        {"ep square in front of a pawn of the wrong colour", "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
        {"ep square occupied", "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq - 0 1"},
        {"ep origin square occupied", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RN1QKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RN1QKBNR b KQkq - 0 1"},
        {"ep square not a square", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        {"ep square text too long", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
        {"non-numeric halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"non-numeric fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"negative halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"negative fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"halfmove clock with trailing text", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0x 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"fractional fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"17 queens (more pieces than promotions explain)", "QQQQQQBk/Q6B/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
         "QQQQQQBk/Q6B/7Q/8/8/8/8/K7 w - - 0 1"},
        {"seven white queens with eight pawns", "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", "4k3/8/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1"},
    };

    // A position with history, so that a failed set_fen visibly keeps it all.
    Position base = position_from("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    play(base, {"e1g1"});
    const std::string fen = base.fen();
    const Key key = base.key();

    for (const Bad& b : bad) {
        Position pos = base;
        INFO(b.what << ": \"" << b.fen << "\"");
        if (b.control) {
            Position control;
            const FenError control_error = control.set_fen(b.control);
            INFO("control FEN \"" << b.control << "\": " << error_text(control_error));
            CHECK_FALSE(control_error.has_value());
        }
        const FenError error = pos.set_fen(b.fen);
        CHECK(error.has_value());
        if (error) CHECK_FALSE(error->empty());
        CHECK(pos.fen() == fen);
        CHECK(pos.key() == key);
        CHECK(pos.history_length() == 1);
        CHECK(pos.last_move() == Move::make(SQ_E1, SQ_H1, MoveKind::Castling));
        CHECK_FALSE(pos.is_chess960());
    }
}

TEST_CASE("Shredder-FEN castling letters are read in standard chess and written as KQkq", "[position][fen]") {
    const Position pos = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(pos.fen() == Position::START_FEN);
    CHECK(pos.key() == Position().key());
    CHECK(position_from("r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1").fen() == "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
}

TEST_CASE("Chess960 FENs: X-FEN and Shredder-FEN letters, round trip", "[position][fen][chess960]") {
    SECTION("outermost rooks are written K/Q") {
        const Position pos = position_from("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
        CHECK(pos.is_chess960());
        CHECK(pos.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
        CHECK(pos.castling_rook_square(WHITE_OO) == SQ_H1);
        CHECK(pos.castling_rook_square(WHITE_OOO) == SQ_F1);
        CHECK(pos.castling_rook_square(BLACK_OO) == SQ_H8);
        CHECK(pos.castling_rook_square(BLACK_OOO) == SQ_F8);
        const Position xfen = position_from(pos.fen(), true);
        CHECK(xfen.fen() == pos.fen());
        CHECK(xfen.key() == pos.key());
        CHECK(xfen.castling_rook_square(WHITE_OOO) == SQ_F1);
        // In standard chess the king must be on e1/e8.
        Position standard;
        CHECK(standard.set_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").has_value());
        CHECK(standard.fen() == Position::START_FEN);
    }
    SECTION("an inner rook is written with its file letter") {
        const Position pos = position_from("rr2k1r1/8/8/8/8/8/8/RR2K1R1 w KBkb - 0 1", true);
        CHECK(pos.fen() == "rr2k1r1/8/8/8/8/8/8/RR2K1R1 w KBkb - 0 1");
        CHECK(pos.castling_rook_square(WHITE_OO) == SQ_G1);
        CHECK(pos.castling_rook_square(WHITE_OOO) == SQ_B1);
        CHECK(pos.castling_rook_square(BLACK_OOO) == SQ_B8);
        const Position shredder = position_from("rr2k1r1/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1", true);
        CHECK(shredder.fen() == pos.fen());
        CHECK(shredder.key() == pos.key());
        // Q means the outermost rook, a1 here.
        const Position outer = position_from("rr2k1r1/8/8/8/8/8/8/RR2K1R1 w Q - 0 1", true);
        CHECK(outer.castling_rook_square(WHITE_OOO) == SQ_A1);
        CHECK(outer.fen() == "rr2k1r1/8/8/8/8/8/8/RR2K1R1 w Q - 0 1");
    }
    SECTION("a king-side inner rook") {
        const Position inner = position_from("6k1/8/8/8/8/8/8/3KR2R w E - 0 1", true);
        CHECK(inner.castling_rook_square(WHITE_OO) == SQ_E1);
        CHECK(inner.fen() == "6k1/8/8/8/8/8/8/3KR2R w E - 0 1");
        const Position outer = position_from("6k1/8/8/8/8/8/8/3KR2R w K - 0 1", true);
        CHECK(outer.castling_rook_square(WHITE_OO) == SQ_H1);
        CHECK(outer.fen() == "6k1/8/8/8/8/8/8/3KR2R w K - 0 1");
        CHECK(outer.key() == inner.key());  // the same right, whatever the rook
    }
    SECTION("the standard start in Chess960 mode") {
        const Position pos = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", true);
        CHECK(pos.fen() == Position::START_FEN);
        CHECK(pos.key() == Position().key());
    }
    SECTION("errors in Chess960 mode") {
        Position pos;
        CHECK_FALSE(Position().set_fen("6k1/8/8/8/8/8/8/3KR2R w - - 0 1", true).has_value());  // control
        CHECK(pos.set_fen("6k1/8/8/8/8/8/8/3KR2R w F - 0 1", true).has_value());               // no rook on f1
        CHECK(pos.set_fen("6k1/8/8/8/8/8/8/3KR2R w Q - 0 1", true).has_value());               // no rook left of the king
        CHECK(pos.set_fen("6k1/8/8/8/8/8/8/3KR2R w EK - 0 1", true).has_value());              // king side twice
        CHECK(pos.set_fen("6k1/8/8/8/8/8/3K4/4R2R w E - 0 1", true).has_value());              // king off its rank
        CHECK(pos.fen() == Position::START_FEN);
        CHECK_FALSE(pos.is_chess960());
    }
}

// ---------------------------------------------------------------------------------------------
// Making moves

TEST_CASE("make_move places the pieces for every kind of move", "[position][makemove]") {
    SECTION("castling both ways, both colours") {
        Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        play(pos, {"e1g1"});
        CHECK(pos.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        play(pos, {"e8c8"});
        CHECK(pos.fen() == "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
        pos.unmake_move();
        pos.unmake_move();
        play(pos, {"e1c1", "e8g8"});
        CHECK(pos.fen() == "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2");
    }
    SECTION("promotion with and without capture") {
        Position pos = position_from("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        play(pos, {"b7b8n"});
        CHECK(pos.fen() == "rN2k3/8/8/8/8/8/8/4K3 b - - 0 1");
        CHECK(pos.captured_piece() == NO_PIECE);
        pos.unmake_move();
        play(pos, {"b7a8q"});
        CHECK(pos.fen() == "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        CHECK(pos.captured_piece() == B_ROOK);
        CHECK(pos.in_check());
        pos.unmake_move();
        CHECK(pos.fen() == "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    }
    SECTION("en passant removes the pawn behind the destination") {
        Position pos;
        play(pos, {"e2e4", "c7c5", "e4e5", "d7d5"});
        CHECK(pos.fen() == "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        CHECK(pos.ep_square() == SQ_D6);
        play(pos, {"e5d6"});
        CHECK(pos.fen() == "rnbqkbnr/pp2pppp/3P4/2p5/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
        CHECK(pos.captured_piece() == B_PAWN);
        CHECK(pos.last_move().kind() == MoveKind::EnPassant);
    }
    SECTION("counters: quiet moves count, captures and pawn moves reset") {
        Position pos = position_from("4k3/8/8/3p4/8/8/4P3/R3K3 w - - 7 30");
        play(pos, {"a1a2"});
        CHECK(pos.rule50() == 8);
        CHECK(pos.fullmove_number() == 30);
        play(pos, {"e8d7"});
        CHECK(pos.rule50() == 9);
        CHECK(pos.fullmove_number() == 31);
        play(pos, {"e2e4"});
        CHECK(pos.rule50() == 0);
        play(pos, {"d5e4"});
        CHECK(pos.rule50() == 0);
        play(pos, {"a2a3"});
        CHECK(pos.rule50() == 1);
        CHECK(pos.history_length() == 5);
    }
    SECTION("capturing a rook on its corner removes the opponent's right") {
        Position pos = position_from("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
        play(pos, {"g2a8"});
        CHECK(pos.fen() == "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
    }
}

TEST_CASE("Chess960 castling where king and rook swap squares, and unmake", "[position][makemove][chess960]") {
    Position pos = position_from("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true);
    const std::string before = pos.fen();
    const Key key = pos.key();
    play(pos, {"f1g1"});  // king takes own rook: O-O
    CHECK(pos.fen() == "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRRKB b - - 2 9");
    CHECK(pos.last_move().kind() == MoveKind::Castling);
    CHECK_FALSE(pos.consistency_error().has_value());
    pos.unmake_move();
    CHECK(pos.fen() == before);
    CHECK(pos.key() == key);
}

TEST_CASE("make/unmake keep the position consistent along 200 random games", "[position][makemove][random]") {
    std::mt19937 rng(12345);
    const auto& starts = random_game_starts();
    long checks = 0, castlings = 0, en_passants = 0, promotions = 0, null_moves = 0;
    for (int game = 0; game < 200; ++game) {
        const GameStart start = starts[game % starts.size()];
        Position pos = position_from(start.fen, start.chess960);
        std::string moves;
        for (int ply = 0; ply < 200; ++ply) {
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            const std::string fen = pos.fen();
            const Key key = pos.key();
            const Bitboard checkers = pos.checkers();
            const Square ep = pos.ep_square();
            const int history = pos.history_length(), rule50 = pos.rule50(), game_ply = pos.game_ply();
            const bool resets = piece_type(pos.piece_on(m.from())) == PAWN || (!pos.empty(m.to()) && m.kind() != MoveKind::Castling);
            const Piece expected_capture = m.kind() == MoveKind::EnPassant  ? make_piece(~pos.side_to_move(), PAWN)
                                           : m.kind() == MoveKind::Castling ? NO_PIECE
                                                                            : pos.piece_on(m.to());
            const bool gives_check = pos.gives_check(m);
            const Key predicted = pos.key_after(m);
            const int castling = pos.castling_rights();
            const Color side = pos.side_to_move();
            moves += coord(pos, m) + ' ';
            INFO("game " << game << " from " << start.fen << "\nmoves: " << moves << "\nbefore the last move: " << fen);

            pos.make_move(m);
            INFO("after: " << pos.fen());
            const auto after_make = pos.consistency_error();
            INFO("after make: " << error_text(after_make));
            REQUIRE_FALSE(after_make.has_value());
            REQUIRE(pos.history_length() == history + 1);
            REQUIRE(pos.game_ply() == game_ply + 1);
            REQUIRE(pos.last_move() == m);
            REQUIRE(pos.captured_piece() == expected_capture);
            REQUIRE(pos.rule50() == (resets ? 0 : rule50 + 1));
            REQUIRE(pos.in_check() == gives_check);
            // key_after is exact for plain quiet moves (no capture, no en passant before or
            // after, no castling right lost).
            if (m.kind() == MoveKind::Normal && expected_capture == NO_PIECE && ep == SQ_NONE && pos.ep_square() == SQ_NONE &&
                pos.castling_rights() == castling)
                REQUIRE(predicted == pos.key());

            pos.unmake_move();
            const auto after_unmake = pos.consistency_error();
            INFO("after unmake: " << error_text(after_unmake));
            REQUIRE_FALSE(after_unmake.has_value());
            REQUIRE(pos.fen() == fen);
            REQUIRE(pos.key() == key);
            REQUIRE(pos.checkers() == checkers);
            REQUIRE(pos.ep_square() == ep);
            REQUIRE(pos.history_length() == history);
            REQUIRE(pos.game_ply() == game_ply);

            // A null move (never made in check) and back.
            if (!pos.in_check()) {
                ++null_moves;
                pos.make_null_move();
                const auto after_null = pos.consistency_error();
                INFO("after null move: " << error_text(after_null));
                REQUIRE_FALSE(after_null.has_value());
                REQUIRE(pos.side_to_move() == ~side);
                REQUIRE(pos.ep_square() == SQ_NONE);
                REQUIRE(pos.rule50() == rule50 + 1);
                pos.unmake_null_move();
                REQUIRE(pos.fen() == fen);
                REQUIRE(pos.key() == key);
                REQUIRE(pos.ep_square() == ep);
                REQUIRE_FALSE(pos.consistency_error().has_value());
            }
            pos.make_move(m);
            ++checks;
            castlings += m.kind() == MoveKind::Castling;
            en_passants += m.kind() == MoveKind::EnPassant;
            promotions += m.kind() == MoveKind::Promotion;
        }
        // Unmaking the whole game ends at the start FEN.
        while (pos.history_length() > 0) pos.unmake_move();
        CHECK(pos.fen() == position_from(start.fen, start.chess960).fen());
        CHECK(pos.key() == position_from(start.fen, start.chess960).key());
    }
    // The games went through every kind of move.
    INFO(checks << " moves: " << castlings << " castlings, " << en_passants << " en passant, " << promotions << " promotions; "
                << null_moves << " null moves");
    CHECK(checks > 30000);
    CHECK(castlings > 100);
    CHECK(en_passants > 80);
    CHECK(promotions > 200);
    CHECK(null_moves > 10000);
}

TEST_CASE("gives_check in special cases", "[position][makemove]") {
    SECTION("castling gives check with the rook") {
        const Position pos = position_from("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
        CHECK(pos.gives_check(Move::make(SQ_E1, SQ_H1, MoveKind::Castling)));
    }
    SECTION("discovered check") {
        const Position pos = position_from("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1");
        CHECK(pos.gives_check(Move(SQ_E2, SQ_C3)));
        CHECK_FALSE(pos.gives_check(Move(SQ_G1, SQ_H1)));
    }
    SECTION("en passant discovering a rook on the rank") {
        const Position pos = position_from("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2");
        CHECK(pos.gives_check(Move::make(SQ_E5, SQ_D6, MoveKind::EnPassant)));
    }
    SECTION("promotion: a knight checks where a queen does not") {
        const Position pos = position_from("8/2P1k3/8/8/8/8/8/4K3 w - - 0 1");
        CHECK_FALSE(pos.gives_check(Move::make(SQ_C7, SQ_C8, MoveKind::Promotion, QUEEN)));
        CHECK(pos.gives_check(Move::make(SQ_C7, SQ_C8, MoveKind::Promotion, KNIGHT)));
    }
}

TEST_CASE("attackers_to and blockers", "[position]") {
    const Position pos = position_from("4k3/8/8/3q4/8/2N5/3R4/3K4 w - - 0 1");
    CHECK(pos.attackers_to(SQ_D5) == (square_bb(SQ_D2) | square_bb(SQ_C3)));
    CHECK(pos.attackers_to(SQ_E4) == (square_bb(SQ_D5) | square_bb(SQ_C3)));
    CHECK(pos.attacked_by(Color::Black, SQ_D2, pos.pieces()));
    CHECK_FALSE(pos.attacked_by(Color::Black, SQ_D1, pos.pieces()));
    CHECK(pos.attacked_by(Color::Black, SQ_D1, pos.pieces() ^ square_bb(SQ_D2)));
    CHECK(pos.blockers(Color::White, Color::Black) == square_bb(SQ_D2));
    CHECK(pos.blockers(Color::Black, Color::White) == 0);
}

// ---------------------------------------------------------------------------------------------
// Repetitions and game state

TEST_CASE("game_state: checkmate and stalemate", "[position][gamestate]") {
    Position pos;
    CHECK(pos.game_state() == GameState::Ongoing);
    play(pos, {"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(pos.game_state() == GameState::Checkmate);
    CHECK(position_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").game_state() == GameState::Stalemate);
    CHECK(position_from("k7/8/1K6/8/8/8/8/7R b - - 0 1").game_state() == GameState::Ongoing);
    CHECK(position_from("R6k/8/7K/8/8/8/8/8 b - - 0 1").game_state() == GameState::Checkmate);
    CHECK(to_string(GameState::Checkmate) == "checkmate");
}

TEST_CASE("game_state: 50-move rule is claimable at 100 plies, 75-move rule automatic at 150", "[position][gamestate]") {
    SECTION("claimable from the 100th ply on") {
        Position pos = position_from("8/8/8/4k3/8/8/R7/4K3 w - - 99 80");
        CHECK(pos.game_state() == GameState::Ongoing);
        play(pos, {"a2a3"});
        CHECK(pos.rule50() == 100);
        CHECK(pos.game_state() == GameState::FiftyMovesClaimable);
        CHECK(position_from("8/8/8/4k3/8/8/R7/4K3 w - - 149 120").game_state() == GameState::FiftyMovesClaimable);
    }
    SECTION("a mate delivered on the 100th ply is a mate") {
        Position pos = position_from("k7/8/1K6/8/8/8/8/7R w - - 99 80");
        play(pos, {"h1h8"});
        CHECK(pos.rule50() == 100);
        CHECK(pos.game_state() == GameState::Checkmate);
    }
    SECTION("75 moves end the game automatically") {
        Position pos = position_from("8/8/8/4k3/8/8/R7/4K3 w - - 149 120");
        play(pos, {"a2a3"});
        CHECK(pos.game_state() == GameState::SeventyFiveMoves);
        CHECK(position_from("8/8/8/4k3/8/8/R7/4K3 w - - 150 120").game_state() == GameState::SeventyFiveMoves);
        CHECK(position_from("8/8/8/4k3/8/8/R7/4K3 w - - 200 120").game_state() == GameState::SeventyFiveMoves);
    }
    SECTION("unless the 150th ply mates") {
        Position pos = position_from("k7/8/1K6/8/8/8/8/7R w - - 149 120");
        play(pos, {"h1h8"});
        CHECK(pos.rule50() == 150);
        CHECK(pos.game_state() == GameState::Checkmate);
    }
    SECTION("a capture resets the count") {
        Position pos = position_from("8/8/8/4k3/8/8/r7/R3K3 w - - 149 120");
        play(pos, {"a1a2"});
        CHECK(pos.rule50() == 0);
        CHECK(pos.game_state() == GameState::Ongoing);
    }
}

TEST_CASE("game_state: threefold is claimable, fivefold automatic", "[position][gamestate][repetition]") {
    Position pos;
    const std::initializer_list<std::string_view> shuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};
    play(pos, shuffle);  // second occurrence of the start position
    CHECK(pos.repetition_count() == 1);
    CHECK(pos.game_state() == GameState::Ongoing);
    play(pos, shuffle);  // third
    CHECK(pos.repetition_count() == 2);
    CHECK(pos.game_state() == GameState::ThreefoldClaimable);
    play(pos, shuffle);  // fourth
    CHECK(pos.repetition_count() == 3);
    CHECK(pos.game_state() == GameState::ThreefoldClaimable);
    play(pos, shuffle);  // fifth
    CHECK(pos.repetition_count() == 4);
    CHECK(pos.game_state() == GameState::FivefoldRepetition);
    // One ply later the position after 1.Nf3 has occurred five times too.
    play(pos, {"g1f3"});
    CHECK(pos.repetition_count() == 4);
    CHECK(pos.game_state() == GameState::FivefoldRepetition);
    play(pos, {"b8c6"});
    CHECK(pos.repetition_count() == 0);
    CHECK(pos.game_state() == GameState::Ongoing);
}

TEST_CASE("positions differing in castling rights are not repetitions", "[position][gamestate][repetition]") {
    Position pos;
    play(pos, {"e2e4", "e7e5"});
    const Key with_rights = pos.key();
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8"});  // same placement, no castling rights
    CHECK(pos.key() != with_rights);
    CHECK(pos.repetition_count() == 0);
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8"});
    CHECK(pos.repetition_count() == 1);  // would be 2 if the rights were ignored
    CHECK(pos.game_state() == GameState::Ongoing);
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8"});
    CHECK(pos.repetition_count() == 2);
    CHECK(pos.game_state() == GameState::ThreefoldClaimable);
}

TEST_CASE("en passant and repetitions (FIDE 9.2.3)", "[position][gamestate][repetition][enpassant]") {
    SECTION("an ep square whose capture is illegal does not break the repetition") {
        Position pos = position_from("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
        play(pos, {"c7c5"});  // c6 is in the FEN but bxc6 would expose the king on a5
        const Key after_push = pos.key();
        play(pos, {"a5a4", "h1g1", "a4a5", "g1h1"});
        CHECK(pos.key() == after_push);
        CHECK(pos.repetition_count() == 1);
        play(pos, {"a5a4", "h1g1", "a4a5", "g1h1"});
        CHECK(pos.repetition_count() == 2);
        CHECK(pos.game_state() == GameState::ThreefoldClaimable);
    }
    SECTION("a legal ep capture makes the position different") {
        Position pos = position_from("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
        play(pos, {"e2e4"});  // dxe3 possible
        const Key after_push = pos.key();
        play(pos, {"e8d8", "e1d1", "d8e8", "d1e1"});
        CHECK(pos.key() != after_push);
        CHECK(pos.repetition_count() == 0);
        play(pos, {"e8d8", "e1d1", "d8e8", "d1e1"});
        CHECK(pos.repetition_count() == 1);
        play(pos, {"e8d8", "e1d1", "d8e8", "d1e1"});
        CHECK(pos.repetition_count() == 2);
        CHECK(pos.game_state() == GameState::ThreefoldClaimable);
    }
}

TEST_CASE("repetitions do not reach across a null move", "[position][repetition][nullmove]") {
    Position pos;
    play(pos, {"g1f3"});
    pos.make_null_move();
    play(pos, {"f3g1"});
    pos.make_null_move();
    CHECK(pos.key() == Position().key());  // the start position again
    CHECK(pos.repetition_count() == 0);
    CHECK_FALSE(pos.is_repetition(10));
    // Without the null moves the same walk is a repetition.
    Position plain;
    play(plain, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK(plain.repetition_count() == 1);
}

TEST_CASE("is_repetition: in-tree repetitions count at once, game-history ones on the third occurrence", "[position][repetition]") {
    Position pos;
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});  // the start position for the second time (plies 0 and 4)
    CHECK_FALSE(pos.is_repetition(0));            // root here: the earlier occurrence is game history
    CHECK_FALSE(pos.is_repetition(2));            // root 2 plies back: 4 plies back is still history
    CHECK_FALSE(pos.is_repetition(3));
    play(pos, {"g1f3"});          // the position after 1.Nf3 again (plies 1 and 5)
    CHECK(pos.is_repetition(5));  // root at ply 0: the earlier occurrence (ply 1) is inside the tree
    CHECK(pos.is_repetition(100));
    CHECK_FALSE(pos.is_repetition(1));
    CHECK_FALSE(pos.is_repetition(0));
    play(pos, {"g8f6", "f3g1", "f6g8"});  // start position, third occurrence (plies 0, 4, 8)
    CHECK(pos.is_repetition(0));          // third occurrence counting game history
    CHECK(pos.is_repetition(1));
    play(pos, {"e2e4"});  // irreversible
    CHECK_FALSE(pos.is_repetition(0));
    CHECK_FALSE(pos.is_repetition(100));
}

// A repetition counts at once only when the earlier occurrence lies strictly after the root
// (as in Stockfish); an occurrence of the root position itself, or earlier, needs a third one.
TEST_CASE("is_repetition: only repetitions strictly inside the tree count at once", "[position][repetition]") {
    Position pos;
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK_FALSE(pos.is_repetition(4));  // the repeated position is the root itself
    CHECK(pos.is_repetition(5));        // the root was one ply before it
    CHECK_FALSE(pos.is_repetition(0));  // a single earlier occurrence in the game history
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    CHECK(pos.is_repetition(0));  // third occurrence counting game history
}

TEST_CASE("game_state: dead positions by material", "[position][gamestate][dead]") {
    struct Case {
        const char* what;
        const char* fen;
        bool dead;
    };
    const Case cases[] = {
        {"K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
        {"K+B v K", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
        {"K v K+B", "2b1k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
        {"K+N v K", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},
        {"K v K+N", "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1", true},
        {"K+B v K+B, both on dark squares", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},
        {"K+B v K+B, both on light squares", "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
        {"K+B+B v K, same-coloured bishops", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true},
        {"K+B v K+B, opposite-coloured bishops", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},
        {"K+B+B v K, opposite-coloured bishops", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},
        {"K+N+N v K", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false},
        {"K+B+N v K", "4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", false},
        {"K+N v K+N", "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false},
        {"K+B v K+N", "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},
        {"K+P v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
        {"K v K+P", "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false},
        {"K+R v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},
        {"K+Q v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},
        {"K+B+P v K", "4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1", false},
    };
    for (const Case& c : cases) {
        INFO(c.what << ": " << c.fen);
        const Position pos = position_from(c.fen);
        CHECK(pos.has_insufficient_material() == c.dead);
        CHECK(pos.game_state() == (c.dead ? GameState::DeadPosition : GameState::Ongoing));
    }
    // Reached by a capture during play.
    Position pos = position_from("4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1");
    CHECK(pos.game_state() == GameState::Ongoing);
    play(pos, {"e1e2"});
    CHECK(pos.game_state() == GameState::DeadPosition);
}
