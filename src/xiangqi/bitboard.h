// 90-point bitboards for xiangqi: bit tricks and fixed point sets (files, ranks, palaces,
// halves, the points advisors and elephants can stand on). No piece movement here.
//
// A Bitboard is an unsigned 128-bit integer in rank-major order (bit rank * 9 + file), the
// same numbering as Square; bits 90-127 are always zero. Slider lookups also need each file's
// occupancy as a contiguous run of bits, so the position keeps a second, file-major copy of the
// occupancy (bit file * 10 + rank); fm_square_bb() gives a point's bit in that layout.
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>

#include "xiangqi/types.h"

namespace sen::xiangqi {

using Bitboard = unsigned __int128;

constexpr Bitboard make_bitboard(std::uint64_t low, std::uint64_t high) { return (Bitboard(high) << 64) | low; }
constexpr std::uint64_t low_half(Bitboard b) { return std::uint64_t(b); }
constexpr std::uint64_t high_half(Bitboard b) { return std::uint64_t(b >> 64); }

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
// The point's bit in the file-major layout (file * 10 + rank).
constexpr Bitboard fm_square_bb(Square s) { return Bitboard(1) << (file_of(s) * RANK_NB + rank_of(s)); }

constexpr int popcount(Bitboard b) { return std::popcount(low_half(b)) + std::popcount(high_half(b)); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
constexpr Square lsb(Bitboard b) {
    const std::uint64_t low = low_half(b);
    return low ? Square(std::countr_zero(low)) : Square(64 + std::countr_zero(high_half(b)));
}
constexpr Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}

constexpr Bitboard BOARD_BB = (Bitboard(1) << SQUARE_NB) - 1;

constexpr Bitboard rank_bb(int rank) { return Bitboard(0x1FF) << (FILE_NB * rank); }
constexpr Bitboard file_bb(int file) {
    Bitboard b = 0;
    for (int r = 0; r < RANK_NB; ++r) b |= square_bb(make_square(file, r));
    return b;
}
constexpr Bitboard FILE_A_BB = file_bb(0);
constexpr Bitboard FILE_I_BB = file_bb(8);

// Ranks 1-5 for Red, 6-10 for Black: where the colour's elephants stay and its soldiers have
// not yet crossed the river.
constexpr Bitboard half_bb(Color c) {
    const Bitboard red = (Bitboard(1) << (5 * FILE_NB)) - 1;
    return c == Color::White ? red : BOARD_BB & ~red;
}

constexpr Bitboard palace_bb(Color c) {
    Bitboard b = 0;
    for (int r = 0; r < 3; ++r)
        for (int f = 3; f <= 5; ++f) b |= square_bb(make_square(f, own_rank(c, r)));
    return b;
}

// The five points of a palace's diagonals (d1, f1, e2, d3, f3 for Red).
constexpr Bitboard advisor_points_bb(Color c) {
    Bitboard b = 0;
    for (const int f : {3, 5})
        for (const int r : {0, 2}) b |= square_bb(make_square(f, own_rank(c, r)));
    return b | square_bb(make_square(4, own_rank(c, 1)));
}

// The seven points an elephant can reach (c1, g1, a3, e3, i3, c5, g5 for Red).
constexpr Bitboard elephant_points_bb(Color c) {
    Bitboard b = 0;
    for (const int f : {2, 6})
        for (const int r : {0, 4}) b |= square_bb(make_square(f, own_rank(c, r)));
    for (const int f : {0, 4, 8}) b |= square_bb(make_square(f, own_rank(c, 2)));
    return b;
}

}  // namespace sen::xiangqi
