// Tests of attacks.h: magic slider lookups against the slow ray walker (and both against an
// independent reference written here), the leaper tables, and the between/line geometry.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>

#include "chess/attacks.h"
#include "chess/magic_numbers.h"

using namespace sen;
using namespace sen::chess;

namespace {

Bitboard bb(std::initializer_list<Square> squares) {
    Bitboard b = 0;
    for (const Square s : squares) b |= square_bb(s);
    return b;
}

// Independent slider reference: t is attacked from s when it lies on one of the piece's lines
// and no occupied square lies strictly between them.
bool on_rook_line(int df, int dr) { return (df == 0) != (dr == 0); }
bool on_bishop_line(int df, int dr) { return df != 0 && std::abs(df) == std::abs(dr); }

Bitboard squares_strictly_between(Square a, Square b) {
    const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    if (!on_rook_line(df, dr) && !on_bishop_line(df, dr)) return 0;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    Bitboard out = 0;
    for (int f = file_of(a) + sf, r = rank_of(a) + sr; f != file_of(b) || r != rank_of(b); f += sf, r += sr)
        out |= square_bb(make_square(f, r));
    return out;
}

Bitboard reference_slider(PieceType pt, Square s, Bitboard occupied) {
    Bitboard out = 0;
    for (int t = 0; t < 64; ++t) {
        const Square ts = Square(t);
        const int df = file_of(ts) - file_of(s), dr = rank_of(ts) - rank_of(s);
        const bool on_line = (pt == ROOK && on_rook_line(df, dr)) || (pt == BISHOP && on_bishop_line(df, dr));
        if (on_line && !(squares_strictly_between(s, ts) & occupied)) out |= square_bb(ts);
    }
    return out;
}

Bitboard reference_leaper(Square s, bool (*hit)(int, int)) {
    Bitboard out = 0;
    for (int t = 0; t < 64; ++t) {
        const int df = std::abs(file_of(Square(t)) - file_of(s)), dr = std::abs(rank_of(Square(t)) - rank_of(s));
        if (hit(df, dr)) out |= square_bb(Square(t));
    }
    return out;
}

}  // namespace

TEST_CASE("sliding_attacks_slow matches an independent ray reference", "[attacks]") {
    CHECK(sliding_attacks_slow(ROOK, SQ_A1, 0) == ((FILE_A_BB | RANK_1_BB) & ~square_bb(SQ_A1)));
    CHECK(sliding_attacks_slow(BISHOP, SQ_A1, 0) == 0x8040201008040200ULL);
    // Rook on d4, blockers on d6, b4, g4 and d1 (the blockers themselves are attacked).
    CHECK(sliding_attacks_slow(ROOK, SQ_D4, bb({SQ_D6, SQ_B4, SQ_G4, SQ_D1, SQ_H8})) ==
          bb({SQ_D5, SQ_D6, SQ_C4, SQ_B4, SQ_E4, SQ_F4, SQ_G4, SQ_D3, SQ_D2, SQ_D1}));
    CHECK(sliding_attacks_slow(BISHOP, SQ_D4, bb({SQ_F6, SQ_C3, SQ_A7})) ==
          bb({SQ_E5, SQ_F6, SQ_C3, SQ_C5, SQ_B6, SQ_A7, SQ_E3, SQ_F2, SQ_G1}));

    int bishop_squares = 0;
    for (int s = 0; s < 64; ++s) {
        CHECK(popcount(sliding_attacks_slow(ROOK, Square(s), 0)) == 14);
        bishop_squares += popcount(sliding_attacks_slow(BISHOP, Square(s), 0));
    }
    CHECK(bishop_squares == 560);

    std::mt19937_64 rng(11);
    for (int s = 0; s < 64; ++s) {
        for (int i = 0; i < 50; ++i) {
            const Bitboard occ = rng() & rng();
            INFO("square " << s << "\n" << to_diagram(occ));
            REQUIRE(sliding_attacks_slow(ROOK, Square(s), occ) == reference_slider(ROOK, Square(s), occ));
            REQUIRE(sliding_attacks_slow(BISHOP, Square(s), occ) == reference_slider(BISHOP, Square(s), occ));
        }
    }
}

TEST_CASE("magic slider attacks equal the slow ones for random occupancies on every square", "[attacks]") {
    std::mt19937_64 rng(20240501);
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        for (int i = 0; i < 3000; ++i) {
            Bitboard occ = 0;
            switch (i % 4) {
            case 0: occ = rng(); break;
            case 1: occ = rng() & rng(); break;
            case 2: occ = rng() & rng() & rng(); break;
            default: occ = rng() | rng(); break;
            }
            if (i % 2) occ |= square_bb(sq);  // a slider's own square may or may not be in the occupancy
            const Bitboard rook = sliding_attacks_slow(ROOK, sq, occ), bishop = sliding_attacks_slow(BISHOP, sq, occ);
            if (rook_attacks(sq, occ) != rook || bishop_attacks(sq, occ) != bishop || queen_attacks(sq, occ) != (rook | bishop)) {
                INFO("square " << s << ", occupancy\n" << to_diagram(occ));
                CHECK(rook_attacks(sq, occ) == rook);
                CHECK(bishop_attacks(sq, occ) == bishop);
                REQUIRE(queen_attacks(sq, occ) == (rook | bishop));
            }
        }
    }
    SUCCEED("192000 random occupancies checked");
}

TEST_CASE("magic slider attacks equal the slow ones for every subset of the empty-board rays", "[attacks]") {
    // Exhaustive: all 2^n blocker sets on the squares the slider sees on an empty board
    // (board edges included), plus noise on squares it cannot see, which must be ignored.
    std::mt19937_64 rng(7);
    long checked = 0;
    for (const PieceType pt : {ROOK, BISHOP}) {
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            const Bitboard rays = sliding_attacks_slow(pt, sq, 0);
            Bitboard subset = 0;
            do {
                const Bitboard noise = rng() & ~rays;
                const Bitboard expected = sliding_attacks_slow(pt, sq, subset);
                const Bitboard magic = pt == ROOK ? rook_attacks(sq, subset | noise) : bishop_attacks(sq, subset | noise);
                if (magic != expected) {
                    INFO((pt == ROOK ? "rook" : "bishop") << " on square " << s << ", occupancy\n" << to_diagram(subset | noise));
                    REQUIRE(magic == expected);
                }
                ++checked;
                subset = (subset - rays) & rays;
            } while (subset);
        }
    }
    // A rook sees 14 squares from everywhere on an empty board, so 64 * 2^14 rook subsets.
    long bishop_subsets = 0;
    for (int s = 0; s < 64; ++s) bishop_subsets += 1L << popcount(sliding_attacks_slow(BISHOP, Square(s), 0));
    CHECK(checked == 64L * 16384 + bishop_subsets);
}

TEST_CASE("attacks_of dispatches on the piece type", "[attacks]") {
    const Bitboard occ = bb({SQ_D6, SQ_F4, SQ_B2});
    CHECK(attacks_of(KNIGHT, SQ_D4, occ) == knight_attacks(SQ_D4));
    CHECK(attacks_of(BISHOP, SQ_D4, occ) == sliding_attacks_slow(BISHOP, SQ_D4, occ));
    CHECK(attacks_of(ROOK, SQ_D4, occ) == sliding_attacks_slow(ROOK, SQ_D4, occ));
    CHECK(attacks_of(QUEEN, SQ_D4, occ) == (sliding_attacks_slow(ROOK, SQ_D4, occ) | sliding_attacks_slow(BISHOP, SQ_D4, occ)));
    CHECK(attacks_of(KING, SQ_D4, occ) == king_attacks(SQ_D4));
    CHECK(attacks_of(PAWN, SQ_D4, occ) == 0);
}

TEST_CASE("knight, king and pawn tables", "[attacks]") {
    SECTION("spot checks") {
        CHECK(knight_attacks(SQ_A1) == bb({SQ_B3, SQ_C2}));
        CHECK(knight_attacks(SQ_H8) == bb({SQ_G6, SQ_F7}));
        CHECK(knight_attacks(SQ_D4) == bb({SQ_C6, SQ_E6, SQ_F5, SQ_F3, SQ_E2, SQ_C2, SQ_B3, SQ_B5}));
        CHECK(knight_attacks(SQ_B1) == bb({SQ_A3, SQ_C3, SQ_D2}));
        CHECK(king_attacks(SQ_A1) == bb({SQ_A2, SQ_B1, SQ_B2}));
        CHECK(king_attacks(SQ_H8) == bb({SQ_G8, SQ_G7, SQ_H7}));
        CHECK(king_attacks(SQ_E4) == bb({SQ_D3, SQ_E3, SQ_F3, SQ_D4, SQ_F4, SQ_D5, SQ_E5, SQ_F5}));
        CHECK(pawn_attacks(Color::White, SQ_E4) == bb({SQ_D5, SQ_F5}));
        CHECK(pawn_attacks(Color::White, SQ_A2) == bb({SQ_B3}));
        CHECK(pawn_attacks(Color::White, SQ_H2) == bb({SQ_G3}));
        CHECK(pawn_attacks(Color::White, SQ_E8) == 0);
        CHECK(pawn_attacks(Color::Black, SQ_E5) == bb({SQ_D4, SQ_F4}));
        CHECK(pawn_attacks(Color::Black, SQ_A7) == bb({SQ_B6}));
        CHECK(pawn_attacks(Color::Black, SQ_H7) == bb({SQ_G6}));
        CHECK(pawn_attacks(Color::Black, SQ_E1) == 0);
    }
    SECTION("every square against a distance reference") {
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            INFO("square " << s);
            CHECK(knight_attacks(sq) == reference_leaper(sq, [](int df, int dr) { return (df == 1 && dr == 2) || (df == 2 && dr == 1); }));
            CHECK(king_attacks(sq) == reference_leaper(sq, [](int df, int dr) { return std::max(df, dr) == 1; }));
            Bitboard white = 0, black = 0;
            for (const int df : {-1, 1}) {
                const int f = file_of(sq) + df;
                if (f < 0 || f > 7) continue;
                if (rank_of(sq) < 7) white |= square_bb(make_square(f, rank_of(sq) + 1));
                if (rank_of(sq) > 0) black |= square_bb(make_square(f, rank_of(sq) - 1));
            }
            CHECK(pawn_attacks(Color::White, sq) == white);
            CHECK(pawn_attacks(Color::Black, sq) == black);
        }
    }
    SECTION("table totals") {
        int knights = 0, kings = 0, white_pawns = 0, black_pawns = 0;
        for (int s = 0; s < 64; ++s) {
            knights += popcount(knight_attacks(Square(s)));
            kings += popcount(king_attacks(Square(s)));
            white_pawns += popcount(pawn_attacks(Color::White, Square(s)));
            black_pawns += popcount(pawn_attacks(Color::Black, Square(s)));
        }
        CHECK(knights == 336);
        CHECK(kings == 420);
        CHECK(white_pawns == 98);
        CHECK(black_pawns == 98);
    }
}

TEST_CASE("between and line", "[attacks]") {
    SECTION("spot checks") {
        CHECK(between(SQ_A1, SQ_H8) == bb({SQ_B2, SQ_C3, SQ_D4, SQ_E5, SQ_F6, SQ_G7}));
        CHECK(between(SQ_H8, SQ_A1) == between(SQ_A1, SQ_H8));
        CHECK(between(SQ_E1, SQ_E8) == bb({SQ_E2, SQ_E3, SQ_E4, SQ_E5, SQ_E6, SQ_E7}));
        CHECK(between(SQ_E1, SQ_H1) == bb({SQ_F1, SQ_G1}));
        CHECK(between(SQ_E1, SQ_F1) == 0);  // adjacent
        CHECK(between(SQ_A1, SQ_B3) == 0);  // a knight's jump is no line
        CHECK(between(SQ_A1, SQ_A1) == 0);
        CHECK(line(SQ_A1, SQ_B3) == 0);
        CHECK(line(SQ_C1, SQ_E3) == bb({SQ_C1, SQ_D2, SQ_E3, SQ_F4, SQ_G5, SQ_H6}));
        CHECK(line(SQ_B2, SQ_C1) == bb({SQ_A3, SQ_B2, SQ_C1}));
        CHECK(line(SQ_B4, SQ_E4) == rank_bb(3));
        CHECK(line(SQ_D2, SQ_D7) == file_bb(3));
        CHECK(line(SQ_H1, SQ_G2) == 0x0102040810204080ULL);
        CHECK(aligned(SQ_A1, SQ_C3, SQ_H8));
        CHECK(aligned(SQ_E1, SQ_E4, SQ_E8));
        CHECK_FALSE(aligned(SQ_E1, SQ_E4, SQ_D5));
        CHECK_FALSE(aligned(SQ_A1, SQ_B3, SQ_C5));
    }
    SECTION("all pairs against a geometric reference") {
        for (int a = 0; a < 64; ++a) {
            for (int b = 0; b < 64; ++b) {
                const Square sa = Square(a), sb = Square(b);
                const int df = file_of(sb) - file_of(sa), dr = rank_of(sb) - rank_of(sa);
                const bool is_aligned = a != b && (on_rook_line(df, dr) || on_bishop_line(df, dr));
                Bitboard expected_line = 0;
                if (is_aligned) {
                    // Every square c with (c - a) parallel to (b - a).
                    for (int c = 0; c < 64; ++c) {
                        const int cf = file_of(Square(c)) - file_of(sa), cr = rank_of(Square(c)) - rank_of(sa);
                        if (cf * dr - cr * df == 0) expected_line |= square_bb(Square(c));
                    }
                }
                INFO("square indices " << a << ", " << b);
                REQUIRE(between(sa, sb) == (is_aligned ? squares_strictly_between(sa, sb) : 0));
                REQUIRE(line(sa, sb) == expected_line);
            }
        }
    }
}

#if !defined(SEN_USE_PEXT)
TEST_CASE("the stored magic multipliers are in use and the fixed-seed search reproduces them", "[attacks]") {
    // A stale magic_numbers.h would make start-up fall back to searching, with other numbers.
    for (int s = 0; s < 64; ++s) {
        INFO("square " << s);
        CHECK(detail::ROOK_MAGICS[s].multiplier == detail::ROOK_MAGIC_NUMBERS[s]);
        CHECK(detail::BISHOP_MAGICS[s].multiplier == detail::BISHOP_MAGIC_NUMBERS[s]);
    }
    const std::array<Bitboard, 64> rooks = search_magic_numbers(ROOK), bishops = search_magic_numbers(BISHOP);
    for (int s = 0; s < 64; ++s) {
        INFO("square " << s);
        CHECK(rooks[std::size_t(s)] == detail::ROOK_MAGIC_NUMBERS[s]);
        CHECK(bishops[std::size_t(s)] == detail::BISHOP_MAGIC_NUMBERS[s]);
    }
}
#endif
