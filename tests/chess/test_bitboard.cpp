// Tests of bitboard.h: counting, scanning, masks and the edge behaviour of shift().
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "chess/bitboard.h"

using namespace sen;
using namespace sen::chess;

namespace {

// Reference implementations written bit by bit, without the <bit> intrinsics.
int naive_popcount(Bitboard b) {
    int n = 0;
    for (int s = 0; s < 64; ++s) n += int((b >> s) & 1);
    return n;
}

std::vector<Square> naive_squares(Bitboard b) {
    std::vector<Square> squares;
    for (int s = 0; s < 64; ++s)
        if ((b >> s) & 1) squares.push_back(Square(s));
    return squares;
}

// The square reached from s by (df, dr), or SQ_NONE when that leaves the board.
Square step(Square s, int df, int dr) {
    const int f = file_of(s) + df, r = rank_of(s) + dr;
    return (f < 0 || f > 7 || r < 0 || r > 7) ? SQ_NONE : make_square(f, r);
}

// shift<D>() built square by square from step().
Bitboard naive_shift(Bitboard b, int df, int dr) {
    Bitboard out = 0;
    for (const Square s : naive_squares(b)) {
        const Square t = step(s, df, dr);
        if (t != SQ_NONE) out |= Bitboard(1) << t;
    }
    return out;
}

// Random boards of varied density.
std::vector<Bitboard> random_boards(std::uint32_t seed, int count) {
    std::mt19937_64 rng(seed);
    std::vector<Bitboard> boards;
    for (int i = 0; i < count; ++i) {
        switch (i % 4) {
        case 0: boards.push_back(rng()); break;
        case 1: boards.push_back(rng() & rng()); break;
        case 2: boards.push_back(rng() & rng() & rng()); break;
        default: boards.push_back(rng() | rng()); break;
        }
    }
    return boards;
}

}  // namespace

TEST_CASE("square, file and rank masks have the expected bits", "[bitboard]") {
    CHECK(FILE_A_BB == 0x0101010101010101ULL);
    CHECK(FILE_H_BB == 0x8080808080808080ULL);
    CHECK(RANK_1_BB == 0x00000000000000FFULL);
    CHECK(RANK_8_BB == 0xFF00000000000000ULL);
    CHECK(file_bb(3) == 0x0808080808080808ULL);
    CHECK(rank_bb(3) == 0x00000000FF000000ULL);
    CHECK(square_bb(SQ_A1) == 1ULL);
    CHECK(square_bb(SQ_H8) == 0x8000000000000000ULL);
    CHECK(square_bb(SQ_E4) == (1ULL << 28));
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        INFO("square " << s);
        CHECK(file_bb(sq) == file_bb(s % 8));
        CHECK(rank_bb(sq) == rank_bb(s / 8));
        CHECK((file_bb(sq) & rank_bb(sq)) == square_bb(sq));
        // a1 is dark; a square is dark when file + rank is even.
        CHECK(((DARK_SQUARES_BB & square_bb(sq)) != 0) == ((file_of(sq) + rank_of(sq)) % 2 == 0));
    }
    CHECK(popcount(DARK_SQUARES_BB) == 32);
}

TEST_CASE("popcount counts the set bits", "[bitboard]") {
    CHECK(popcount(0) == 0);
    CHECK(popcount(~Bitboard(0)) == 64);
    CHECK(popcount(FILE_A_BB) == 8);
    CHECK(popcount(0x8000000000000001ULL) == 2);
    for (int s = 0; s < 64; ++s) CHECK(popcount(square_bb(Square(s))) == 1);
    for (const Bitboard b : random_boards(1, 2000)) {
        INFO(to_diagram(b));
        REQUIRE(popcount(b) == naive_popcount(b));
    }
}

TEST_CASE("lsb and msb find the lowest and highest set square", "[bitboard]") {
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        CHECK(lsb(square_bb(sq)) == sq);
        CHECK(msb(square_bb(sq)) == sq);
    }
    CHECK(lsb(~Bitboard(0)) == SQ_A1);
    CHECK(msb(~Bitboard(0)) == SQ_H8);
    CHECK(lsb(0x8000000000000001ULL) == SQ_A1);
    CHECK(msb(0x8000000000000001ULL) == SQ_H8);
    for (const Bitboard b : random_boards(2, 2000)) {
        if (!b) continue;
        const std::vector<Square> squares = naive_squares(b);
        REQUIRE(lsb(b) == squares.front());
        REQUIRE(msb(b) == squares.back());
    }
}

TEST_CASE("pop_lsb removes the squares in increasing order until the board is empty", "[bitboard]") {
    Bitboard single = square_bb(SQ_H8);
    CHECK(pop_lsb(single) == SQ_H8);
    CHECK(single == 0);

    for (const Bitboard b : random_boards(3, 1000)) {
        Bitboard work = b;
        std::vector<Square> popped;
        while (work) popped.push_back(pop_lsb(work));
        REQUIRE(work == 0);
        REQUIRE(popped == naive_squares(b));
    }
}

TEST_CASE("more_than_one is true exactly for two or more bits", "[bitboard]") {
    CHECK_FALSE(more_than_one(0));
    for (int s = 0; s < 64; ++s) CHECK_FALSE(more_than_one(square_bb(Square(s))));
    CHECK(more_than_one(square_bb(SQ_A1) | square_bb(SQ_H8)));
    for (const Bitboard b : random_boards(4, 1000)) REQUIRE(more_than_one(b) == (naive_popcount(b) > 1));
}

TEST_CASE("shift moves every square one step and drops what leaves the board", "[bitboard]") {
    SECTION("single squares, including every edge and corner") {
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            const Bitboard b = square_bb(sq);
            INFO("square index " << s);
            CHECK(shift<Direction::North>(b) == naive_shift(b, 0, 1));
            CHECK(shift<Direction::South>(b) == naive_shift(b, 0, -1));
            CHECK(shift<Direction::East>(b) == naive_shift(b, 1, 0));
            CHECK(shift<Direction::West>(b) == naive_shift(b, -1, 0));
            CHECK(shift<Direction::NorthEast>(b) == naive_shift(b, 1, 1));
            CHECK(shift<Direction::NorthWest>(b) == naive_shift(b, -1, 1));
            CHECK(shift<Direction::SouthEast>(b) == naive_shift(b, 1, -1));
            CHECK(shift<Direction::SouthWest>(b) == naive_shift(b, -1, -1));
        }
    }
    SECTION("no wrapping from the h-file to the a-file or back") {
        CHECK(shift<Direction::East>(FILE_H_BB) == 0);
        CHECK(shift<Direction::West>(FILE_A_BB) == 0);
        CHECK(shift<Direction::NorthEast>(FILE_H_BB) == 0);
        CHECK(shift<Direction::SouthEast>(FILE_H_BB) == 0);
        CHECK(shift<Direction::NorthWest>(FILE_A_BB) == 0);
        CHECK(shift<Direction::SouthWest>(FILE_A_BB) == 0);
        CHECK(shift<Direction::North>(RANK_8_BB) == 0);
        CHECK(shift<Direction::South>(RANK_1_BB) == 0);
        CHECK(shift<Direction::East>(square_bb(SQ_H4)) == 0);  // not a5
        CHECK(shift<Direction::West>(square_bb(SQ_A5)) == 0);  // not h4
    }
    SECTION("the full board") {
        const Bitboard all = ~Bitboard(0);
        CHECK(shift<Direction::North>(all) == ~RANK_1_BB);
        CHECK(shift<Direction::South>(all) == ~RANK_8_BB);
        CHECK(shift<Direction::East>(all) == ~FILE_A_BB);
        CHECK(shift<Direction::West>(all) == ~FILE_H_BB);
        CHECK(shift<Direction::NorthEast>(all) == (~FILE_A_BB & ~RANK_1_BB));
        CHECK(shift<Direction::NorthWest>(all) == (~FILE_H_BB & ~RANK_1_BB));
        CHECK(shift<Direction::SouthEast>(all) == (~FILE_A_BB & ~RANK_8_BB));
        CHECK(shift<Direction::SouthWest>(all) == (~FILE_H_BB & ~RANK_8_BB));
    }
    SECTION("random boards") {
        for (const Bitboard b : random_boards(5, 500)) {
            INFO(to_diagram(b));
            REQUIRE(shift<Direction::North>(b) == naive_shift(b, 0, 1));
            REQUIRE(shift<Direction::South>(b) == naive_shift(b, 0, -1));
            REQUIRE(shift<Direction::East>(b) == naive_shift(b, 1, 0));
            REQUIRE(shift<Direction::West>(b) == naive_shift(b, -1, 0));
            REQUIRE(shift<Direction::NorthEast>(b) == naive_shift(b, 1, 1));
            REQUIRE(shift<Direction::NorthWest>(b) == naive_shift(b, -1, 1));
            REQUIRE(shift<Direction::SouthEast>(b) == naive_shift(b, 1, -1));
            REQUIRE(shift<Direction::SouthWest>(b) == naive_shift(b, -1, -1));
        }
    }
}

TEST_CASE("to_diagram draws rank 8 first with X for set squares", "[bitboard]") {
    CHECK(to_diagram(0) == "........\n........\n........\n........\n........\n........\n........\n........\n");
    CHECK(to_diagram(square_bb(SQ_A1) | square_bb(SQ_H8) | square_bb(SQ_E4)) ==
          ".......X\n........\n........\n........\n....X...\n........\n........\nX.......\n");
}

TEST_CASE("square helpers of types.h", "[bitboard]") {
    CHECK(file_of(SQ_E4) == 4);
    CHECK(rank_of(SQ_E4) == 3);
    CHECK(make_square(4, 3) == SQ_E4);
    CHECK(flip_rank(SQ_E2) == SQ_E7);
    CHECK(relative_square(Color::Black, SQ_G1) == SQ_G8);
    CHECK(relative_square(Color::White, SQ_G1) == SQ_G1);
    CHECK(relative_rank(Color::Black, 1) == 6);
    CHECK(pawn_push(Color::White) == 8);
    CHECK(pawn_push(Color::Black) == -8);
    CHECK(~Color::White == Color::Black);
    CHECK(make_piece(Color::Black, KNIGHT) == B_KNIGHT);
    CHECK(piece_type(B_QUEEN) == QUEEN);
    CHECK(piece_color(B_QUEEN) == Color::Black);
    CHECK(piece_color(W_KING) == Color::White);
    CHECK_FALSE(is_ok(SQ_NONE));
    CHECK(castling_right(Color::White, true) == WHITE_OO);
    CHECK(castling_right(Color::Black, false) == BLACK_OOO);
}
