// Polyglot opening books (.bin), the chess book format of Fruit, Toga II, Polyglot itself and
// most GUIs: 16-byte records, every field big-endian (a 64-bit position key, a 16-bit move, a
// 16-bit weight, 32 bits of learning data that Sen ignores), sorted by key.
//
// The key is a Zobrist key over the format's own random numbers (polyglot_random.h): each piece
// on its square, the castling rights as FEN writes them, the en-passant file only when a pawn
// of the side to move stands beside the pawn that just made a double step, and white to move.
// A move packs its squares as file + 8 * rank (destination in bits 0-5, origin in 6-11) and a
// promotion piece in bits 12-14 (knight 1 .. queen 4); castling is written king takes own rook
// (e1h1), which is how Sen's moves already are. In Chess960 the castling rights count by side,
// as in the format's first definition: a book for Chess960 with several rooks on one side of
// the king cannot tell which may castle, and neither can Sen.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"
#include "core/opening_book.h"

namespace sen::chess::polyglot {

std::uint64_t key(const Position& pos);
// The move as a Polyglot record packs it.
std::uint16_t pack(Move m);

BookEntry decode_record(const unsigned char* record);
inline constexpr BookFormat FORMAT{"Polyglot", 16, decode_record};

// The legal moves the book holds for this position, with their weights.
std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos);

}  // namespace sen::chess::polyglot
