// Tests of zobrist.h and of the position key built from it: the key tables, the incremental
// key against full recomputation along random games, transpositions, castling and the
// en-passant rule of FIDE art. 9.2.3 (the ep square counts only when the capture is legal).
#include <catch2/catch.hpp>

#include <set>

#include "chess/test_util.h"
#include "chess/zobrist.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

TEST_CASE("zobrist keys are non-zero and pairwise distinct", "[zobrist]") {
    std::set<Key> seen;
    int count = 0;
    auto add = [&](Key k) {
        CHECK(k != 0);
        seen.insert(k);
        ++count;
    };
    for (const Piece p : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING})
        for (int s = 0; s < 64; ++s) add(zobrist::piece_square(p, Square(s)));
    for (const int r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) add(zobrist::castling(r));
    for (int f = 0; f < 8; ++f) add(zobrist::en_passant(make_square(f, 2)));
    add(zobrist::side());
    CHECK(count == 12 * 64 + 4 + 8 + 1);
    CHECK(int(seen.size()) == count);
}

TEST_CASE("castling keys are the xor of the single-right keys", "[zobrist]") {
    CHECK(zobrist::castling(NO_CASTLING) == 0);
    for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights) {
        Key expected = 0;
        for (const int r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
            if (rights & r) expected ^= zobrist::castling(r);
        CHECK(zobrist::castling(rights) == expected);
    }
}

TEST_CASE("the en-passant key depends on the file only", "[zobrist]") {
    CHECK(zobrist::en_passant(SQ_E3) == zobrist::en_passant(SQ_E6));
    CHECK(zobrist::en_passant(SQ_A3) == zobrist::en_passant(SQ_A6));
    CHECK(zobrist::en_passant(SQ_A3) != zobrist::en_passant(SQ_B3));
}

TEST_CASE("the start position key is the xor of its pieces, castling rights and nothing else", "[zobrist]") {
    const Position pos;
    Key expected = zobrist::castling(ANY_CASTLING);
    const char* back = "RNBQKBNR";
    for (int f = 0; f < 8; ++f) {
        const PieceType pt = back[f] == 'R' ? ROOK : back[f] == 'N' ? KNIGHT : back[f] == 'B' ? BISHOP : back[f] == 'Q' ? QUEEN : KING;
        expected ^= zobrist::piece_square(make_piece(Color::White, pt), make_square(f, 0));
        expected ^= zobrist::piece_square(make_piece(Color::Black, pt), make_square(f, 7));
        expected ^= zobrist::piece_square(W_PAWN, make_square(f, 1));
        expected ^= zobrist::piece_square(B_PAWN, make_square(f, 6));
    }
    CHECK(pos.key() == expected);
    CHECK(pos.compute_key() == expected);

    // Black to move: the side key is added.
    const Position black = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    CHECK(black.key() == (expected ^ zobrist::side()));
    // Fewer castling rights: their keys are removed.
    const Position kq = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1");
    CHECK(kq.key() == (expected ^ zobrist::castling(WHITE_OOO) ^ zobrist::castling(BLACK_OO)));
    // The move counters are not part of the key.
    const Position counters = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 37 90");
    CHECK(counters.key() == expected);
}

TEST_CASE("incremental key equals compute_key and the re-parsed FEN's key along 200 random games", "[zobrist]") {
    std::mt19937 rng(0x5EED);
    const auto& starts = random_game_starts();
    int plies = 0;
    for (int game = 0; game < 200; ++game) {
        const GameStart start = starts[game % starts.size()];
        Position pos = position_from(start.fen, start.chess960);
        std::vector<Key> keys{pos.key()};
        std::string moves;
        for (int ply = 0; ply < 200; ++ply) {
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            moves += coord(pos, m) + ' ';
            pos.make_move(m);
            ++plies;
            INFO("game " << game << " from " << start.fen << "\nmoves: " << moves << "\nnow: " << pos.fen());
            REQUIRE(pos.key() == pos.compute_key());
            // A position reached by moves and the same position set from its FEN share the key.
            const Position reparsed = position_from(pos.fen(), start.chess960);
            REQUIRE(reparsed.key() == pos.key());
            REQUIRE(reparsed.ep_square() == pos.ep_square());
            keys.push_back(pos.key());
        }
        // Unmaking walks the keys back exactly.
        while (pos.history_length() > 0) {
            pos.unmake_move();
            keys.pop_back();
            INFO("game " << game << " unmaking, now " << pos.fen());
            REQUIRE(pos.key() == keys.back());
            REQUIRE(pos.key() == pos.compute_key());
        }
    }
    CHECK(plies > 30000);  // games are long enough to have visited many positions
}

TEST_CASE("transpositions reach the same key", "[zobrist]") {
    Position a, b;
    play(a, {"g1f3", "g8f6", "b1c3", "b8c6"});
    play(b, {"b1c3", "b8c6", "g1f3", "g8f6"});
    CHECK(a.key() == b.key());
    CHECK(a.fen() == b.fen());

    // The same placement with the other side to move differs by exactly the side key.
    Position c;
    play(c, {"g1f3", "g8f6", "b1c3"});
    Position d;
    play(d, {"b1c3", "g8f6", "g1f3"});
    CHECK(c.key() == d.key());
    Position e;
    play(e, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"});
    CHECK(e.key() == (position_from("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1").key() ^ zobrist::side()));
}

TEST_CASE("losing a castling right changes the key by that right only", "[zobrist]") {
    Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Key before = pos.key();
    play(pos, {"h1h2"});  // white loses O-O
    const Position same_placement = position_from("r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
    CHECK(pos.key() == same_placement.key());
    CHECK(pos.castling_rights() == (WHITE_OOO | BLACK_CASTLING));
    CHECK(pos.key() == (before ^ zobrist::side() ^ zobrist::piece_square(W_ROOK, SQ_H1) ^ zobrist::piece_square(W_ROOK, SQ_H2) ^
                        zobrist::castling(WHITE_OO)));
    play(pos, {"a8a1"});  // capturing the a1 rook removes White's O-O-O, moving from a8 Black's O-O-O
    CHECK(pos.castling_rights() == BLACK_OO);
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.key() == position_from("4k2r/8/8/8/8/8/7R/r3K3 w k - 0 2").key());
}

TEST_CASE("FIDE 9.2.3: the en-passant square enters the key only when the capture is legal", "[zobrist][enpassant]") {
    SECTION("after 1.e4 no capture is possible: same key as without an ep square") {
        Position pos;
        play(pos, {"e2e4"});
        const Position with_ep = position_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        const Position without = position_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        CHECK(pos.ep_square() == SQ_NONE);
        CHECK(with_ep.ep_square() == SQ_NONE);
        CHECK(pos.key() == without.key());
        CHECK(with_ep.key() == without.key());
        CHECK(with_ep.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");  // still written back
    }
    SECTION("a legal capture: the key differs by the ep file key") {
        const Position with_ep = position_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
        const Position without = position_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
        CHECK(with_ep.ep_square() == SQ_E3);
        CHECK(with_ep.key() == (without.key() ^ zobrist::en_passant(SQ_E3)));
        // The same position reached by moves.
        Position pos = position_from("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3");
        play(pos, {"e2e4"});
        CHECK(pos.ep_square() == SQ_E3);
        CHECK(pos.key() == with_ep.key());
    }
    SECTION("the only capture is illegal, the pawn being pinned along the rank") {
        const Position with_ep = position_from("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
        const Position without = position_from("8/8/8/KPp4r/8/8/8/7k w - - 0 2");
        CHECK(with_ep.ep_square() == SQ_NONE);
        CHECK(with_ep.key() == without.key());
        CHECK(with_ep.fen() == "8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
        // Reached by the double push itself.
        Position pos = position_from("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
        play(pos, {"c7c5"});
        CHECK(pos.ep_square() == SQ_NONE);
        CHECK(pos.key() == without.key());
    }
    SECTION("the only capture is illegal, the pawn being pinned on a diagonal") {
        const Position with_ep = position_from("4b2k/8/8/pP6/K7/8/8/8 w - a6 0 2");
        const Position without = position_from("4b2k/8/8/pP6/K7/8/8/8 w - - 0 2");
        CHECK(with_ep.ep_square() == SQ_NONE);
        CHECK(with_ep.key() == without.key());
    }
    SECTION("a diagonally pinned pawn capturing along its pin line is legal") {
        const Position with_ep = position_from("3k4/3b4/8/1Pp5/K7/8/8/8 w - c6 0 2");
        const Position without = position_from("3k4/3b4/8/1Pp5/K7/8/8/8 w - - 0 2");
        CHECK(with_ep.ep_square() == SQ_C6);
        CHECK(with_ep.key() == (without.key() ^ zobrist::en_passant(SQ_C6)));
    }
    SECTION("capture impossible because another pawn gives check") {
        for (const char* fen : {"4k3/8/8/3pP3/8/5p2/4K3/8 w - d6 0 2", "4k3/8/8/3pPp2/4K3/8/8/8 w - d6 0 2"}) {
            INFO(fen);
            const Position with_ep = position_from(fen);
            std::string without_fen = fen;
            without_fen.replace(without_fen.find(" d6 "), 4, " - ");
            CHECK(with_ep.ep_square() == SQ_NONE);
            CHECK(with_ep.key() == position_from(without_fen).key());
        }
    }
    SECTION("capture impossible because the side to move is in check from another piece") {
        const Position with_ep = position_from("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 2");
        const Position without = position_from("4k3/8/8/3pP3/8/8/8/r3K3 w - - 0 2");
        CHECK(with_ep.ep_square() == SQ_NONE);
        CHECK(with_ep.key() == without.key());
    }
}

TEST_CASE("null move flips the side key and drops the en-passant key", "[zobrist][nullmove]") {
    Position pos = position_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    const std::string fen = pos.fen();
    const Key key = pos.key();
    pos.make_null_move();
    CHECK(pos.side_to_move() == Color::White);
    CHECK(pos.ep_square() == SQ_NONE);
    CHECK(pos.key() == (key ^ zobrist::side() ^ zobrist::en_passant(SQ_E3)));
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.key() == position_from("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").key());
    pos.unmake_null_move();
    CHECK(pos.key() == key);
    CHECK(pos.fen() == fen);
    CHECK(pos.ep_square() == SQ_E3);

    Position start;
    start.make_null_move();
    CHECK(start.key() == (Position().key() ^ zobrist::side()));
    start.unmake_null_move();
    CHECK(start.key() == Position().key());
}
