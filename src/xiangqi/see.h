// Static exchange evaluation for xiangqi: the material outcome of the captures on one point when
// both sides always recapture with their least valuable attacker and may stop at any time.
// Used by the search's move ordering and pruning (through XiangqiGame), never by the rules.
// The attackers are found again after every capture, since each capture can open or close a
// horse leg or add or remove a cannon screen. Pins and the flying-general rule are ignored,
// as chess SEE ignores pins.
#pragma once

#include "xiangqi/position.h"

namespace sen::xiangqi {

// Hand-set exchange values (soldier, advisor, elephant, horse, cannon, chariot), the usual
// 1 : 2 : 2 : 4 : 4.5 : 9 of xiangqi primers; the general is never given up.
constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 200, 200, 400, 450, 900, 0};

// Whether the exchange that move m starts gains at least `threshold` centipawns.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace sen::xiangqi
