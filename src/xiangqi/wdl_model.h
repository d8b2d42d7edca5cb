// Xiangqi's win/draw/loss model (core/wdl.h): the coefficients scripts/fit-wdl fitted to Sen's own
// self-play, and the material count they are fitted against. docs/wdl.md has the data and the fit.
#pragma once

#include "core/wdl.h"
#include "xiangqi/bitboard.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {

// Soldiers 1, advisors and elephants 2, horses and cannons 4, chariots 9, both sides:
// scripts/fit-wdl counts the FEN's letters the same way.
inline int wdl_material(const Position& pos) {
    return popcount(pos.pieces(SOLDIER)) + 2 * popcount(pos.pieces(ADVISOR) | pos.pieces(ELEPHANT)) +
           4 * popcount(pos.pieces(HORSE) | pos.pieces(CANNON)) + 9 * popcount(pos.pieces(CHARIOT));
}

// scripts/fit-wdl --variant xiangqi data/wdl/xiangqi-selfplay-10k.txt.xz (docs/wdl.md).
inline constexpr WdlModel WDL_MODEL{{-240.499, 480.634, -505.077, 575.026}, {-449.812, 648.02, -52.8508, 75.8622}, 20, 100, 80.0};

}  // namespace sen::xiangqi
