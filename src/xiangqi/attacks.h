// Xiangqi attack tables: every piece's reach as a function of the point it stands on and the
// occupancy, plus the geometry (lines, points between) that checks and pins are made of.
//
// Owns: tables computed at compile time (attacks.cpp) and the inline lookups over them.
// Never touches: positions, colours' rights to move, legality. A lookup answers "which points
// could this piece reach on this board", the move generator decides which of those are legal.
//
// Chariots and cannons look up one rank and one file: a rank has 9 points, a file 10, and the
// two end points never change the answer (the ray stops there anyway), so a line's inner
// occupancy (7 or 8 bits) indexes a small table. Each entry holds the sliding targets (every
// empty point up to and including the first piece each way) in its low 16 bits and the
// cannon's jump targets (the first piece beyond the first screen) in its high 16 bits, as a
// mask over the line. File lookups read the position's file-major occupancy copy.
#pragma once

#include <cstdint>

#include "xiangqi/bitboard.h"

namespace sen::xiangqi {

namespace detail {

// For a horse on a point: each orthogonal neighbour (the leg) with the points it reaches
// through it when the leg is empty.
struct HorseSteps {
    std::uint8_t count = 0;
    Bitboard legs[4] = {};
    Bitboard targets[4] = {};
};

// For an elephant on a point: each diagonal neighbour (the eye) with the point two steps away
// beyond it, on the same side of the river.
struct ElephantSteps {
    std::uint8_t count = 0;
    Bitboard eyes[4] = {};
    Bitboard targets[4] = {};
};

struct Tables {
    Bitboard general_steps[SQUARE_NB];  // orthogonal steps inside the palace the point lies in
    Bitboard advisor_steps[SQUARE_NB];  // diagonal steps inside the palace the point lies in
    ElephantSteps elephant[SQUARE_NB];
    HorseSteps horse[SQUARE_NB];
    // Reverse of `horse`: for a point, each diagonal neighbour (the leg seen from the target)
    // with the horse points that reach the point through it.
    HorseSteps horse_attackers[SQUARE_NB];
    Bitboard soldier_steps[2][SQUARE_NB];      // [soldier colour][point]
    Bitboard soldier_attackers[2][SQUARE_NB];  // [soldier colour][target]: soldiers that reach it
    std::uint32_t rank_lines[FILE_NB][128];    // [file][inner rank occupancy]
    std::uint32_t file_lines[RANK_NB][256];    // [rank][inner file occupancy]
    Bitboard file_spread[1024];                // a 10-bit file mask as points of file a
    Bitboard cross[SQUARE_NB];                 // the point's rank and file, without the point
    // The points whose change can change who attacks the point: its rank and file (chariots,
    // cannons and their screens, the generals' file) and the legs of the horses that reach it.
    Bitboard attack_sources[SQUARE_NB];
    Bitboard between[SQUARE_NB][SQUARE_NB];  // points strictly between two points of a line
};

extern const Tables TABLES;

inline std::uint32_t rank_line(Square s, Bitboard occupied) {
    return TABLES.rank_lines[file_of(s)][std::uint32_t(occupied >> (rank_of(s) * FILE_NB + 1)) & 127];
}
inline std::uint32_t file_line(Square s, Bitboard occupied_fm) {
    return TABLES.file_lines[rank_of(s)][std::uint32_t(occupied_fm >> (file_of(s) * RANK_NB + 1)) & 255];
}
inline Bitboard rank_points(std::uint32_t mask, Square s) { return Bitboard(mask & 0x1FF) << (rank_of(s) * FILE_NB); }
inline Bitboard file_points(std::uint32_t mask, Square s) { return TABLES.file_spread[mask & 0x3FF] << file_of(s); }

}  // namespace detail

inline Bitboard general_steps(Square s) { return detail::TABLES.general_steps[s]; }
inline Bitboard advisor_steps(Square s) { return detail::TABLES.advisor_steps[s]; }
inline Bitboard soldier_steps(Color c, Square s) { return detail::TABLES.soldier_steps[index_of(c)][s]; }
// Soldiers of colour c that could step onto s.
inline Bitboard soldier_attackers(Color c, Square s) { return detail::TABLES.soldier_attackers[index_of(c)][s]; }
inline Bitboard cross(Square s) { return detail::TABLES.cross[s]; }
// Where a piece coming or going can change who attacks s (Tables::attack_sources).
inline Bitboard attack_sources(Square s) { return detail::TABLES.attack_sources[s]; }
// Points strictly between a and b when they share a rank or a file, else empty.
inline Bitboard between(Square a, Square b) { return detail::TABLES.between[a][b]; }

inline Bitboard elephant_steps(Square s, Bitboard occupied) {
    const detail::ElephantSteps& e = detail::TABLES.elephant[s];
    Bitboard b = 0;
    for (int i = 0; i < e.count; ++i)
        if (!(occupied & e.eyes[i])) b |= e.targets[i];
    return b;
}

inline Bitboard horse_steps(Square s, Bitboard occupied) {
    const detail::HorseSteps& h = detail::TABLES.horse[s];
    Bitboard b = 0;
    for (int i = 0; i < h.count; ++i)
        if (!(occupied & h.legs[i])) b |= h.targets[i];
    return b;
}

// Points from which a horse reaches s on this board (its leg empty).
inline Bitboard horse_attackers(Square s, Bitboard occupied) {
    const detail::HorseSteps& h = detail::TABLES.horse_attackers[s];
    Bitboard b = 0;
    for (int i = 0; i < h.count; ++i)
        if (!(occupied & h.legs[i])) b |= h.targets[i];
    return b;
}

// A chariot's reach: every empty point along its rank and file up to and including the first
// piece each way. `occupied_fm` is the same occupancy in file-major order.
inline Bitboard chariot_attacks(Square s, Bitboard occupied, Bitboard occupied_fm) {
    return detail::rank_points(detail::rank_line(s, occupied), s) | detail::file_points(detail::file_line(s, occupied_fm), s);
}

// A cannon's reach: `slides` as a chariot's (its quiet moves are the empty ones), `jumps` the
// first piece beyond the first screen each way (its captures are the enemy ones).
struct CannonReach {
    Bitboard slides;
    Bitboard jumps;
};
inline CannonReach cannon_reach(Square s, Bitboard occupied, Bitboard occupied_fm) {
    const std::uint32_t r = detail::rank_line(s, occupied), f = detail::file_line(s, occupied_fm);
    return {detail::rank_points(r, s) | detail::file_points(f, s), detail::rank_points(r >> 16, s) | detail::file_points(f >> 16, s)};
}

}  // namespace sen::xiangqi
