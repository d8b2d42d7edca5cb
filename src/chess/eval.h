// Static evaluation of chess positions, in centipawns from the side to move's point of view.
//
// The evaluation is a sum of features, each counted per colour and weighted by a (middlegame,
// endgame) pair from one flat table (eval_weights.cpp), then tapered by game phase and scaled
// down in drawish endgames. Because the sum is linear in the weights, the same code can also
// record how often each feature occurs (an EvalTrace): that is what the tuner fits the weights
// to. Never touches the search, the hash table or the protocol.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "chess/position.h"
#include "core/score.h"

namespace sen::chess {

// Indices into the weight table. Each block is one feature family.
namespace term {
constexpr int MATERIAL = 0;                     // + piece type (pawn..queen)
constexpr int PSQT = MATERIAL + 6;              // + piece type * 64 + square, from the owner's side
constexpr int MOBILITY_KNIGHT = PSQT + 7 * 64;  // + number of safe destination squares
constexpr int MOBILITY_BISHOP = MOBILITY_KNIGHT + 9;
constexpr int MOBILITY_ROOK = MOBILITY_BISHOP + 14;
constexpr int MOBILITY_QUEEN = MOBILITY_ROOK + 15;
constexpr int PASSED_PAWN = MOBILITY_QUEEN + 28;       // + relative rank
constexpr int PASSED_FREE = PASSED_PAWN + 8;           // + relative rank: nothing stands in front
constexpr int PASSED_KING_DISTANCE = PASSED_FREE + 8;  // + (their king distance - ours), clamped -4..4
constexpr int PAWN_DOUBLED = PASSED_KING_DISTANCE + 9;
constexpr int PAWN_ISOLATED = PAWN_DOUBLED + 1;
constexpr int PAWN_BACKWARD = PAWN_ISOLATED + 1;
constexpr int PAWN_CONNECTED = PAWN_BACKWARD + 1;  // + relative rank: defended or side by side
constexpr int BISHOP_PAIR = PAWN_CONNECTED + 8;
constexpr int ROOK_OPEN_FILE = BISHOP_PAIR + 1;
constexpr int ROOK_SEMI_OPEN_FILE = ROOK_OPEN_FILE + 1;
constexpr int KING_ZONE_ATTACKS = ROOK_SEMI_OPEN_FILE + 1;  // + attacker type (knight..queen): attacked zone squares
constexpr int KING_ATTACKERS = KING_ZONE_ATTACKS + 6;       // + number of attacking pieces (0..7)
constexpr int KING_SHELTER = KING_ATTACKERS + 8;            // + distance of the nearest own pawn on each king file (0..7)
constexpr int KING_SAFE_CHECKS = KING_SHELTER + 8;          // + checking piece type: safe checks available
constexpr int THREAT_BY_PAWN = KING_SAFE_CHECKS + 6;        // + attacked piece type
constexpr int THREAT_BY_MINOR = THREAT_BY_PAWN + 6;         // + attacked piece type
constexpr int THREAT_BY_ROOK = THREAT_BY_MINOR + 6;         // + attacked piece type
constexpr int HANGING = THREAT_BY_ROOK + 6;                 // attacked and undefended pieces
constexpr int TEMPO = HANGING + 1;                          // for the side to move
constexpr int COUNT = TEMPO + 1;
}  // namespace term

using EvalWeights = std::array<Score, term::COUNT>;
extern const EvalWeights DEFAULT_WEIGHTS;

// Feature counts of one position: White's occurrences minus Black's, per term, plus the values
// the final blend needs. The tuner evaluates weights against many traces.
struct EvalTrace {
    std::array<std::int16_t, term::COUNT> count{};
    int phase = 0;      // 0 (bare kings) .. 24 (all pieces)
    int eg_scale = 64;  // 64 = full endgame score, less in drawish endgames
};

constexpr int PHASE_MAX = 24;

// Centipawns from the side to move's point of view.
int evaluate(const Position& pos);
// Same value (from White's point of view) with the feature counts recorded.
int evaluate_traced(const Position& pos, EvalTrace& trace);
// Blend a white-relative tapered score exactly as evaluate() does.
int blend(int mg, int eg, int phase, int eg_scale);

// A readable breakdown for the `eval` command.
std::string eval_report(const Position& pos);

}  // namespace sen::chess
