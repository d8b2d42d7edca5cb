// Bit tricks on 64-bit boards: counting, scanning, shifting, file and rank masks.
//
// No chess rules live here; attack tables are in attacks.h.
#pragma once

#include <bit>
#include <string>

#include "chess/types.h"

namespace sen::chess {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES_BB = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Removes and returns the lowest set square; b must be non-empty.
constexpr Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}

// Shifts every square one step in a compass direction, dropping what falls off the board.
enum class Direction : int { North = 8, South = -8, East = 1, West = -1, NorthEast = 9, NorthWest = 7, SouthEast = -7, SouthWest = -9 };

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == Direction::North) return b << 8;
    else if constexpr (D == Direction::South) return b >> 8;
    else if constexpr (D == Direction::East) return (b & ~FILE_H_BB) << 1;
    else if constexpr (D == Direction::West) return (b & ~FILE_A_BB) >> 1;
    else if constexpr (D == Direction::NorthEast) return (b & ~FILE_H_BB) << 9;
    else if constexpr (D == Direction::NorthWest) return (b & ~FILE_A_BB) << 7;
    else if constexpr (D == Direction::SouthEast) return (b & ~FILE_H_BB) >> 7;
    else return (b & ~FILE_A_BB) >> 9;
}

// Eight lines of '.' and 'X', rank 8 first: for debugging and test failure messages.
std::string to_diagram(Bitboard b);

}  // namespace sen::chess
