// Static evaluation of xiangqi positions, in centipawns from the side to move's point of view.
//
// A sum of features, each counted per colour and weighted by a (middlegame, endgame) pair from
// one flat table (eval_weights.cpp), then tapered by the attacking material left, as the chess
// evaluation is (../eval.h). The features: material; a piece-square table per piece type over
// the 90 points seen from the owner's side; mobility of chariots, horses and cannons by count
// (a horse with blocked legs has few moves); cannon targets; the enemy general's safety (missing
// advisors and elephants, an open file in front of it, a cannon facing it with no screen, the
// pressure of pieces reaching its palace), each indexed by the attacker's material; a tempo
// bonus. Because the sum is linear in the weights, evaluate_traced() can record how often each
// feature occurs: `sen tune --variant xiangqi` fits the table to Sen's own games with it.
// Every feature is counted per colour from that colour's own side of the board, so a position
// and its colour-mirrored twin score the same. Never touches the search, the hash table or the
// protocol.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/score.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {

using sen::Score;

// Indices into the weight table. Each block is one feature family.
namespace term {
constexpr int MATERIAL = 0;                             // + piece type - SOLDIER (soldier..chariot; the general has none)
constexpr int PSQT = MATERIAL + 6;                      // + (piece type - SOLDIER) * 90 + point from the owner's side
constexpr int MOBILITY_CHARIOT = PSQT + 7 * SQUARE_NB;  // + points reached that hold no own piece (0..17)
constexpr int MOBILITY_HORSE = MOBILITY_CHARIOT + 18;   // + points stepped to over a free leg that hold no own piece (0..8)
constexpr int MOBILITY_CANNON = MOBILITY_HORSE + 9;     // + empty points it slides to (0..17)
constexpr int CANNON_TARGETS = MOBILITY_CANNON + 18;    // enemy pieces a cannon could capture
// The enemy general's safety, counted for the attacker. Each block is indexed by the attacker's
// scale: min(2 * chariots + horses + cannons, 6) of its pieces (0: nothing left to attack with).
constexpr int ATTACK_SCALE_NB = 7;
constexpr int MISSING_ADVISOR = CANNON_TARGETS + 1;                  // + scale: per advisor the enemy has lost
constexpr int MISSING_ELEPHANT = MISSING_ADVISOR + ATTACK_SCALE_NB;  // + scale: per elephant the enemy has lost
constexpr int OPEN_FILE =
    MISSING_ELEPHANT + ATTACK_SCALE_NB;                     // + scale: no piece of its own in front of the general, and we have a chariot
constexpr int FACING_CANNON = OPEN_FILE + ATTACK_SCALE_NB;  // + scale: per cannon of ours facing the general with nothing between
// Pressure on the enemy palace: units of the pieces whose reach enters it (chariot 4, horse 3,
// cannon 2, soldier 2), clamped to PALACE_UNITS_NB - 1.
constexpr int PALACE_UNITS_NB = 16;
constexpr int PALACE_PRESSURE = FACING_CANNON + ATTACK_SCALE_NB;            // + scale * PALACE_UNITS_NB + units
constexpr int TEMPO = PALACE_PRESSURE + ATTACK_SCALE_NB * PALACE_UNITS_NB;  // for the side to move
constexpr int COUNT = TEMPO + 1;

// The first index of a piece type's piece-square table.
constexpr int psqt(PieceType pt) { return PSQT + (pt - SOLDIER) * SQUARE_NB; }
}  // namespace term

using EvalWeights = std::array<Score, term::COUNT>;
extern const EvalWeights DEFAULT_WEIGHTS;

// Feature counts of one position: Red's occurrences minus Black's, per term, and the phase.
struct EvalTrace {
    std::array<std::int16_t, term::COUNT> count{};
    int phase = 0;  // 0 (no chariot, horse or cannon) .. PHASE_MAX
};

// Game phase: what the attacking pieces weigh (chariot 4, horse and cannon 2 each), at most
// PHASE_MAX (all of them on the board).
constexpr int PHASE_MAX = 32;

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);
// Same value (from Red's point of view) with the feature counts recorded.
int evaluate_traced(const Position& pos, EvalTrace& trace);
// Blend a Red-relative tapered score exactly as evaluate() does; phase 0..PHASE_MAX.
int blend(int mg, int eg, int phase);

// A readable breakdown for the `eval` command.
std::string eval_report(const Position& pos);

}  // namespace sen::xiangqi
