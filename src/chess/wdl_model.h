// Chess's win/draw/loss model (core/wdl.h): the coefficients scripts/fit-wdl fitted to Sen's own
// self-play, and the material count they are fitted against. docs/wdl.md has the data and the fit.
#pragma once

#include "chess/bitboard.h"
#include "chess/position.h"
#include "core/wdl.h"

namespace sen::chess {

// Pawns 1, knights and bishops 3, rooks 5, queens 9, both sides: scripts/fit-wdl counts the
// FEN's letters the same way.
inline int wdl_material(const Position& pos) {
    return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(ROOK)) +
           9 * popcount(pos.pieces(QUEEN));
}

// scripts/fit-wdl data/wdl/chess-selfplay-25k.txt.xz (docs/wdl.md).
inline constexpr WdlModel WDL_MODEL{{-710.959, 1987.93, -1851.52, 683.716}, {-271.446, 719.276, -585.613, 209.404}, 17, 78, 58.0};

}  // namespace sen::chess
