// The chess evaluation's table as the weight tuner (`sen tune`, tools/tune.h) sees it: its layout
// (core/weight_layout.h), and what loading and fitting need (EvalTuning: the position, trace and
// weights, the integer evaluation recomputed from a trace, the phase factors of a trace).
#pragma once

#include <iterator>
#include <string_view>
#include <utility>

#include "chess/eval.h"
#include "chess/position.h"
#include "core/weight_layout.h"

namespace sen::chess {

namespace tuning_detail {

constexpr const char* PIECE_LABELS = "index: piece type (none, pawn, knight, bishop, rook, queen)";

inline constexpr WeightFamily FAMILIES[] = {
    {"MATERIAL", term::MATERIAL, 6, "Material", "pawn, knight, bishop, rook, queen, (king: unused)"},
    {"PSQT", term::PSQT, 7 * 64, "Piece-square tables", nullptr},
    {"MOBILITY_KNIGHT", term::MOBILITY_KNIGHT, 9, "Knight mobility", "index: safe destination squares"},
    {"MOBILITY_BISHOP", term::MOBILITY_BISHOP, 14, "Bishop mobility", "index: safe destination squares"},
    {"MOBILITY_ROOK", term::MOBILITY_ROOK, 15, "Rook mobility", "index: safe destination squares"},
    {"MOBILITY_QUEEN", term::MOBILITY_QUEEN, 28, "Queen mobility", "index: safe destination squares"},
    {"PASSED_PAWN", term::PASSED_PAWN, 8, "Passed pawns", "index: relative rank"},
    {"PASSED_FREE", term::PASSED_FREE, 8, "Passed pawns with nothing in front", "index: relative rank"},
    {"PASSED_KING_DISTANCE", term::PASSED_KING_DISTANCE, 9, "Passed pawns: king distances to the stop square",
     "index: their king's distance - ours + 4"},
    {"PAWN_DOUBLED", term::PAWN_DOUBLED, 1, "Doubled pawns", nullptr},
    {"PAWN_ISOLATED", term::PAWN_ISOLATED, 1, "Isolated pawns", nullptr},
    {"PAWN_BACKWARD", term::PAWN_BACKWARD, 1, "Backward pawns", nullptr},
    {"PAWN_CONNECTED", term::PAWN_CONNECTED, 8, "Connected pawns (defended or side by side)", "index: relative rank"},
    {"BISHOP_PAIR", term::BISHOP_PAIR, 1, "Bishop pair", nullptr},
    {"ROOK_OPEN_FILE", term::ROOK_OPEN_FILE, 1, "Rook on an open file", nullptr},
    {"ROOK_SEMI_OPEN_FILE", term::ROOK_SEMI_OPEN_FILE, 1, "Rook on a semi-open file", nullptr},
    {"KING_ZONE_ATTACKS", term::KING_ZONE_ATTACKS, 6, "King zone squares attacked", PIECE_LABELS},
    {"KING_ATTACKERS", term::KING_ATTACKERS, 8, "Pieces attacking the king zone", "index: number of attackers"},
    {"KING_SHELTER", term::KING_SHELTER, 8, "King shelter, per king file", "index: distance to the nearest own pawn ahead (7: none)"},
    {"KING_SAFE_CHECKS", term::KING_SAFE_CHECKS, 6, "Safe checks available", PIECE_LABELS},
    {"THREAT_BY_PAWN", term::THREAT_BY_PAWN, 6, "Pieces attacked by a pawn", "index: attacked piece type"},
    {"THREAT_BY_MINOR", term::THREAT_BY_MINOR, 6, "Pieces attacked by a knight or bishop", "index: attacked piece type"},
    {"THREAT_BY_ROOK", term::THREAT_BY_ROOK, 6, "Pieces attacked by a rook", "index: attacked piece type"},
    {"HANGING", term::HANGING, 1, "Attacked and undefended pieces", nullptr},
    {"TEMPO", term::TEMPO, 1, "Side to move", nullptr},
};

inline constexpr PieceTable PIECE_TABLES[] = {
    {"none", "term::PSQT + NO_PIECE_TYPE * 64", -1, true},
    {"pawn", "term::PSQT + PAWN * 64", term::MATERIAL + PAWN - PAWN, false},
    {"knight", "term::PSQT + KNIGHT * 64", term::MATERIAL + KNIGHT - PAWN, false},
    {"bishop", "term::PSQT + BISHOP * 64", term::MATERIAL + BISHOP - PAWN, false},
    {"rook", "term::PSQT + ROOK * 64", term::MATERIAL + ROOK - PAWN, false},
    {"queen", "term::PSQT + QUEEN * 64", term::MATERIAL + QUEEN - PAWN, false},
    {"king", "term::PSQT + KING * 64", -1, false},
};

static_assert(families_cover_table(FAMILIES, term::COUNT), "FAMILIES must list every term block of eval.h in order");
static_assert(std::size(PIECE_TABLES) * 64 == term::MOBILITY_KNIGHT - term::PSQT, "the piece tables must fill the piece-square block");
static_assert(term::MATERIAL == 0, "weight 0 must be the smallest piece's material: the tuner pins it");

}  // namespace tuning_detail

inline constexpr WeightLayout WEIGHT_LAYOUT = {
    "chess",
    "src/chess/eval_weights.cpp",
    "sen::chess",
    "The evaluation weights",
    "",
    "self-play",
    term::COUNT,
    tuning_detail::FAMILIES,
    term::PSQT,
    64,
    8,
    tuning_detail::PIECE_TABLES,
    ", from the owner's side (Black's squares mirrored):\n    // a1..h1 in the first row, a8..h8 in the last.\n",
    false,
};

// The white-relative evaluation recomputed from a trace and a weight table with the same integer
// arithmetic as evaluate(): for the weights the trace was taken with, it equals
// evaluate_traced()'s return value.
inline int trace_eval(const EvalTrace& trace, const EvalWeights& weights) {
    const auto [mg, eg] = trace_sums(trace, weights);
    return blend(mg, eg, trace.phase, trace.eg_scale);
}

// The factors that turn a trace's (mg, eg) sums into its share of the evaluation: phase /
// PHASE_MAX, and the rest times the endgame scale.
inline std::pair<double, double> phase_factors(const EvalTrace& trace) {
    return {double(trace.phase) / PHASE_MAX, double(PHASE_MAX - trace.phase) / PHASE_MAX * trace.eg_scale / 64.0};
}

struct EvalTuning {
    using Position = chess::Position;
    using Trace = EvalTrace;
    using Weights = EvalWeights;
    static const Weights& weights() { return DEFAULT_WEIGHTS; }
    static constexpr const WeightLayout& layout() { return WEIGHT_LAYOUT; }
    // Read as Chess960: DFRC games' castling rights are X-FEN, and standard FENs read the same.
    static FenError set_fen(Position& pos, std::string_view fen) { return pos.set_fen(fen, true); }
};

}  // namespace sen::chess
