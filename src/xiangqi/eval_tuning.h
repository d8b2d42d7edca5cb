// The xiangqi evaluation's table as the weight tuner (`sen tune --variant xiangqi`, tools/tune.h)
// sees it: its layout (core/weight_layout.h), and what loading and fitting need (EvalTuning: the
// position, trace and weights, the integer evaluation recomputed from a trace, the phase factors
// of a trace).
#pragma once

#include <iterator>
#include <string_view>
#include <utility>

#include "core/weight_layout.h"
#include "xiangqi/eval.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {

namespace tuning_detail {

constexpr const char* ATTACK_SCALE_LABELS = "index: attack scale (2 * chariots + horses + cannons, at most 6)";

inline constexpr WeightFamily FAMILIES[] = {
    {"MATERIAL", term::MATERIAL, 6, "Material", "soldier, advisor, elephant, horse, cannon, chariot"},
    {"PSQT", term::PSQT, 7 * SQUARE_NB, "Piece-square tables", nullptr},
    {"MOBILITY_CHARIOT", term::MOBILITY_CHARIOT, 18, "Chariot mobility", "index: points reached that hold no own piece"},
    {"MOBILITY_HORSE", term::MOBILITY_HORSE, 9, "Horse mobility", "index: points stepped to over a free leg that hold no own piece"},
    {"MOBILITY_CANNON", term::MOBILITY_CANNON, 18, "Cannon mobility", "index: empty points it slides to"},
    {"CANNON_TARGETS", term::CANNON_TARGETS, 1, "Enemy pieces a cannon could capture", nullptr},
    {"MISSING_ADVISOR", term::MISSING_ADVISOR, term::ATTACK_SCALE_NB, "Advisors the enemy general has lost", ATTACK_SCALE_LABELS},
    {"MISSING_ELEPHANT", term::MISSING_ELEPHANT, term::ATTACK_SCALE_NB, "Elephants the enemy general has lost", ATTACK_SCALE_LABELS},
    {"OPEN_FILE", term::OPEN_FILE, term::ATTACK_SCALE_NB, "Open file in front of the enemy general, we have a chariot",
     ATTACK_SCALE_LABELS},
    {"FACING_CANNON", term::FACING_CANNON, term::ATTACK_SCALE_NB, "Cannons facing the enemy general with nothing between",
     ATTACK_SCALE_LABELS},
    {"PALACE_PRESSURE", term::PALACE_PRESSURE, term::ATTACK_SCALE_NB* term::PALACE_UNITS_NB, "Pressure on the enemy palace",
     "index: attack scale * 16 + units (chariot 4, horse 3, cannon 2, soldier 2; at most 15)"},
    {"TEMPO", term::TEMPO, 1, "Side to move", nullptr},
};

inline constexpr PieceTable PIECE_TABLES[] = {
    {"soldier", "term::psqt(SOLDIER)", term::MATERIAL + SOLDIER - SOLDIER, false},
    {"advisor", "term::psqt(ADVISOR)", term::MATERIAL + ADVISOR - SOLDIER, false},
    {"elephant", "term::psqt(ELEPHANT)", term::MATERIAL + ELEPHANT - SOLDIER, false},
    {"horse", "term::psqt(HORSE)", term::MATERIAL + HORSE - SOLDIER, false},
    {"cannon", "term::psqt(CANNON)", term::MATERIAL + CANNON - SOLDIER, false},
    {"chariot", "term::psqt(CHARIOT)", term::MATERIAL + CHARIOT - SOLDIER, false},
    {"general", "term::psqt(GENERAL)", -1, false},
};

static_assert(families_cover_table(FAMILIES, term::COUNT), "FAMILIES must list every term block of xiangqi/eval.h in order");
static_assert(std::size(PIECE_TABLES) * SQUARE_NB == term::MOBILITY_CHARIOT - term::PSQT,
              "the piece tables must fill the piece-square block");
static_assert(term::MATERIAL == 0, "weight 0 must be the smallest piece's material: the tuner pins it");

}  // namespace tuning_detail

inline constexpr WeightLayout WEIGHT_LAYOUT = {
    "xiangqi",
    "src/xiangqi/eval_weights.cpp",
    "sen::xiangqi",
    "The xiangqi evaluation weights",
    " --variant xiangqi",
    "xiangqi self-play",
    term::COUNT,
    tuning_detail::FAMILIES,
    term::PSQT,
    SQUARE_NB,
    FILE_NB,
    tuning_detail::PIECE_TABLES,
    ", from the owner's side (Black's points mirrored rank for rank):\n"
    "    // a1..i1 in the first row, a10..i10 in the last. Fitted left-right symmetric.\n",
    true,
};

// The Red-relative evaluation recomputed from a trace and a weight table with the same integer
// arithmetic as evaluate(): for the weights the trace was taken with, it equals
// evaluate_traced()'s return value.
inline int trace_eval(const EvalTrace& trace, const EvalWeights& weights) {
    const auto [mg, eg] = trace_sums(trace, weights);
    return blend(mg, eg, trace.phase);
}

// The factors that turn a trace's (mg, eg) sums into its share of the evaluation.
inline std::pair<double, double> phase_factors(const EvalTrace& trace) {
    return {double(trace.phase) / PHASE_MAX, double(PHASE_MAX - trace.phase) / PHASE_MAX};
}

struct EvalTuning {
    using Position = xiangqi::Position;
    using Trace = EvalTrace;
    using Weights = EvalWeights;
    static const Weights& weights() { return DEFAULT_WEIGHTS; }
    static constexpr const WeightLayout& layout() { return WEIGHT_LAYOUT; }
    static FenError set_fen(Position& pos, std::string_view fen) { return pos.set_fen(fen); }
};

}  // namespace sen::xiangqi
