// ElephantEye's opening books (BOOK.DAT), the xiangqi book that UCCI engines read through the
// `bookfiles` option: 8-byte little-endian records (a 32-bit position lock, a 16-bit move, a
// 16-bit weight), sorted by lock.
//
// The lock is the third word of ElephantEye's Zobrist triple: RC4 seeded with four zero bytes
// draws (key, lock0, lock1) for the side to move and then for each of 14 pieces (red general,
// advisor, elephant, horse, chariot, cannon, soldier, then black's) on each of the 256 squares
// of ElephantEye's 16 x 16 board (file + 3, 12 - rank, red's back rank at the bottom); a
// position XORs those of its pieces, and black to move adds the side's. A move packs the
// origin in its low byte and the destination in its high byte, in the same squares.
//
// A book stores only one of a position and its mirror image (files a-i reversed): a position
// whose lock the book lacks is looked up mirrored, and the moves found are mirrored back.
#pragma once

#include <cstdint>
#include <vector>

#include "core/opening_book.h"
#include "xiangqi/position.h"

namespace sen::xiangqi::elephanteye {

// The lock of the position, and of its mirror image (the side to move unchanged).
std::uint32_t lock(const Position& pos);
std::uint32_t mirrored_lock(const Position& pos);
// The move as a record packs it, as played and as played in the mirror image.
std::uint16_t pack(Move m);
std::uint16_t pack_mirrored(Move m);

BookEntry decode_record(const unsigned char* record);
inline constexpr BookFormat FORMAT{"ElephantEye", 8, decode_record};

// The legal moves the book holds for this position, with their weights.
std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos);

}  // namespace sen::xiangqi::elephanteye
