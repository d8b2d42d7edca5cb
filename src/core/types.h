// Vocabulary that every game shares: the two sides and the position key.
//
// The shared engine (search, move ordering, hash table, time manager, protocol) sees a game's
// side to move and position key through these types; everything else about a board (squares,
// pieces, moves) belongs to the game's own types.h.
#pragma once

#include <cstdint>

namespace sen {

// A 64-bit Zobrist hash of a position: the hash table's index and its repetition check.
using Key = std::uint64_t;

// The side to move. In a game whose first player is called otherwise (Red), that side is White.
enum class Color : std::uint8_t { White, Black };
constexpr int COLOR_NB = 2;

constexpr Color operator~(Color c) { return Color(static_cast<std::uint8_t>(c) ^ 1); }
constexpr int index_of(Color c) { return static_cast<int>(c); }

}  // namespace sen
