// Zobrist hashing keys for chess positions.
//
// The keys come from a fixed-seed generator, so a position has the same key in every run and
// on every machine: bench node counts and hash-table behaviour stay reproducible.
#pragma once

#include "chess/types.h"

namespace sen::chess::zobrist {

struct Keys {
    Key piece_square[PIECE_NB][SQUARE_NB];
    Key castling[CASTLING_RIGHT_NB];
    Key en_passant_file[8];
    Key side;  // xor-ed in when Black is to move
};

extern const Keys KEYS;

inline Key piece_square(Piece p, Square s) { return KEYS.piece_square[p][s]; }
inline Key castling(int rights) { return KEYS.castling[rights]; }
inline Key en_passant(Square s) { return KEYS.en_passant_file[file_of(s)]; }
inline Key side() { return KEYS.side; }

}  // namespace sen::chess::zobrist
