// Static evaluation of xiangqi positions, in centipawns from the side to move's point of view.
//
// Terms, each a (middlegame, endgame) pair tapered by the material left as in the chess
// evaluation: material; piece-square terms (soldiers gain on crossing the river, horses and
// cannons like the centre); mobility of chariots, horses and cannons (a horse with blocked legs
// has few moves); the general's safety (advisors and elephants at home, an open file in front of
// it, an enemy cannon facing it with no screen, enemy pieces reaching the palace); and a tempo
// bonus. Every value is hand-set, not yet tuned (`sen tune` fits the chess weights only).
// Computed per colour from that colour's own side of the board, so a position and its
// colour-mirrored twin score the same. Never touches the search, the hash table or the protocol.
#pragma once

#include <string>

#include "position.h"

namespace sen::xiangqi {

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);

// A readable breakdown for the `eval` command.
std::string eval_report(const Position& pos);

}  // namespace sen::xiangqi
