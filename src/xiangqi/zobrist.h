// Zobrist hashing keys for xiangqi positions.
//
// Owns a fixed-seed key table (one key per piece and point, one for the side to move), so a
// position has the same key in every run and on every machine. Never touches positions: the
// position xors these keys in incrementally and recomputes them in its consistency check.
#pragma once

#include "xiangqi/types.h"

namespace sen::xiangqi::zobrist {

struct Keys {
    Key piece_square[PIECE_NB][SQUARE_NB];
    Key side;  // xor-ed in when Black is to move
};

extern const Keys KEYS;

inline Key piece_square(Piece p, Square s) { return KEYS.piece_square[p][s]; }
inline Key side() { return KEYS.side; }

}  // namespace sen::xiangqi::zobrist
