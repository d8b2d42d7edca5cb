// Static exchange evaluation: the material outcome of the capture sequence on one square when
// both sides always recapture with their least valuable attacker and may stop at any time.
// Used by move ordering and pruning; sliders behind other attackers (x-rays) are included.
#pragma once

#include "chess/position.h"

namespace sen::chess {

constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

// Whether the exchange that move m starts gains at least `threshold` centipawns.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace sen::chess
