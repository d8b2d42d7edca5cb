// Attack tables: leapers (pawn, knight, king) computed at compile time, sliders (bishop, rook,
// queen) through magic bitboards filled once at program start, and the geometry of lines
// between squares that pins and checks are made of.
//
// Magic multipliers come from magic_numbers.h, found once by `sen magics` (a fixed-seed search
// that reproduces them exactly); at start-up only the tables are filled (a few milliseconds). Building with SEN_USE_PEXT replaces the
// multiply-and-shift index with the BMI2 PEXT instruction behind the same functions.
#pragma once

#include <array>

#include "chess/bitboard.h"

#if defined(SEN_USE_PEXT)
#include <immintrin.h>
#endif

namespace sen::chess {

namespace detail {

constexpr Bitboard leaper_attacks(Square s, const int (*steps)[2], int count) {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i) {
        const int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
    }
    return b;
}

constexpr int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int WHITE_PAWN_STEPS[2][2] = {{-1, 1}, {1, 1}};
constexpr int BLACK_PAWN_STEPS[2][2] = {{-1, -1}, {1, -1}};

template <std::size_t N>
constexpr std::array<Bitboard, 64> leaper_table(const int (&steps)[N][2]) {
    std::array<Bitboard, 64> t{};
    for (int s = 0; s < 64; ++s) t[s] = leaper_attacks(Square(s), steps, int(N));
    return t;
}

inline constexpr auto KNIGHT_ATTACKS = leaper_table(KNIGHT_STEPS);
inline constexpr auto KING_ATTACKS = leaper_table(KING_STEPS);
inline constexpr std::array<std::array<Bitboard, 64>, 2> PAWN_ATTACKS = {leaper_table(WHITE_PAWN_STEPS), leaper_table(BLACK_PAWN_STEPS)};

struct Magic {
    Bitboard mask = 0;
    Bitboard multiplier = 0;
    const Bitboard* attacks = nullptr;
    unsigned shift = 0;

    unsigned index(Bitboard occupied) const {
#if defined(SEN_USE_PEXT)
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * multiplier) >> shift);
#endif
    }
};

extern Magic ROOK_MAGICS[64];
extern Magic BISHOP_MAGICS[64];
extern Bitboard BETWEEN[64][64];
extern Bitboard LINE[64][64];

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::PAWN_ATTACKS[index_of(c)][s]; }
inline Bitboard knight_attacks(Square s) { return detail::KNIGHT_ATTACKS[s]; }
inline Bitboard king_attacks(Square s) { return detail::KING_ATTACKS[s]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::BISHOP_MAGICS[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::ROOK_MAGICS[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) { return bishop_attacks(s, occupied) | rook_attacks(s, occupied); }

// Attacks of a non-pawn piece type from s given the occupancy.
inline Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
    }
}

// Squares strictly between a and b when they share a rank, file or diagonal; otherwise empty.
inline Bitboard between(Square a, Square b) { return detail::BETWEEN[a][b]; }
// The whole board-edge-to-edge line through a and b when they are aligned; otherwise empty.
inline Bitboard line(Square a, Square b) { return detail::LINE[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line(a, b) & square_bb(c)) != 0; }

// Slider attacks computed ray by ray, without tables: the reference the magic tables are built
// from and tested against.
Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied);

// Searches magic multipliers from scratch with the fixed-seed generator (slow: about a quarter
// of a second). `sen magics` prints them; magic_numbers.h holds the result.
std::array<Bitboard, 64> search_magic_numbers(PieceType pt);

}  // namespace sen::chess
