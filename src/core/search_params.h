// The search's tunable constants, in one table: every margin, depth limit and divisor that the
// search (search_impl.h) and the move picker (movepick.h) use to prune, reduce, extend and order.
//
// Each row has a name, the value, and for SPSA tuning the range the value may take and the step
// of one perturbation (OpenBench's c_end), as Weiss and Berserk keep theirs; a comment above it
// says what it does and where the idea comes from. A tuner iterates over TUNABLES and rewrites
// the values there. The search reads the named constexpr ints below the table, so every value is
// still a compile-time constant.
//
// The values are those the ideas' sources use, except where a tune moved them: 19 of the rows
// were set by an SPSA run at 10,000 nodes a move (docs/spsa.md, "Runs"; the first and largest
// move was LMP_BASE, 3 -> 6), a comment's "as in X" then names the idea's source, not the value.
//
// Not here: constants that are part of a data structure rather than a judgement (table sizes,
// the history bound HISTORY_MAX, the picker's score tiers), and time management's (timeman.cpp).
//
// Invariants, checked at compile time: every value lies within its range, every step is
// positive, no name is used twice, and every named constant has a row (value_of). That every row
// has a named constant is checked by tests/core/test_search.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <string_view>

namespace sen::params {

struct Tunable {
    std::string_view name;
    int value;
    int min;
    int max;
    int step;
};

// The table: one row per constant, in the order of the search's steps.
inline constexpr Tunable TUNABLES[] = {
    // --- Aspiration windows ----------------------------------------------------------------------
    // From this depth on, an iteration starts with a window around the previous iteration's score
    // (a classic since the 1980s); each failure widens it by a half, as Ethereal does.
    {"ASP_MIN_DEPTH", 4, 2, 8, 1},
    // Half-width of the first window, in centipawns.
    {"ASP_DELTA", 20, 8, 50, 3},
    // After a failure the half-width grows by delta / ASP_GROWTH_DIVISOR.
    {"ASP_GROWTH_DIVISOR", 2, 1, 4, 1},
    // Once the half-width passes this, the window opens fully: the score is far from the guess.
    {"ASP_FULL_WINDOW", 1000, 300, 3000, 100},

    // --- Reverse futility pruning (static null-move pruning) -------------------------------------
    // At a non-PV node this shallow, an eval above beta by RFP_MARGIN per ply of depth (one ply less
    // when improving) returns (eval + beta) / 2; depth limit and linear margin as in Ethereal, the
    // averaged return as in Stockfish.
    {"RFP_MAX_DEPTH", 8, 4, 12, 1},
    {"RFP_MARGIN", 82, 40, 140, 6},

    // --- Null-move pruning -----------------------------------------------------------------------
    // Passing and still failing high proves a cutoff outside zugzwang (Beal 1989; Donninger's
    // adaptive R). The reduction R = NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR
    // + min(NMP_EVAL_MAX_REDUCTION, (eval - beta) / NMP_EVAL_DIVISOR) is Ethereal's and Stockfish's
    // shape; cutoffs from NMP_VERIFY_DEPTH on are verified by a search without the null move, as
    // Stockfish verifies its deep ones.
    {"NMP_MIN_DEPTH", 3, 2, 5, 1},
    {"NMP_BASE_REDUCTION", 3, 2, 5, 1},
    {"NMP_DEPTH_DIVISOR", 4, 2, 8, 1},
    {"NMP_EVAL_DIVISOR", 198, 100, 400, 20},
    {"NMP_EVAL_MAX_REDUCTION", 3, 1, 5, 1},
    {"NMP_VERIFY_DEPTH", 12, 8, 20, 1},

    // --- Internal iterative reduction ------------------------------------------------------------
    // A PV or cut node without a hash move is searched one ply shallower from this depth on (Ed
    // Schroeder's idea in Rebel, replacing internal iterative deepening; Stockfish and Ethereal).
    {"IIR_MIN_DEPTH", 4, 2, 8, 1},

    // --- Reduced depth for pruning ---------------------------------------------------------------
    // Futility, history and SEE pruning judge a move by the depth a reduced search of it would
    // have; a quiet move's history (main plus continuation rows) adds a ply per
    // PRUNE_HISTORY_DIVISOR points, or takes one away below zero (Stockfish's lmrDepth).
    {"PRUNE_HISTORY_DIVISOR", 5000, 2000, 12000, 500},

    // --- Late move pruning -----------------------------------------------------------------------
    // After (LMP_BASE + depth^2) / (2 - improving) moves, the remaining quiet moves are skipped:
    // Stockfish's futility_move_count.
    {"LMP_BASE", 7, 1, 8, 1},

    // --- Futility pruning ------------------------------------------------------------------------
    // A quiet move is skipped when static eval + FP_BASE + FP_MARGIN * lmr_depth cannot reach
    // alpha, up to an LMR-reduced depth of FP_MAX_DEPTH (Heinz's futility pruning, measured on the
    // reduced depth as Stockfish does).
    {"FP_MAX_DEPTH", 8, 4, 12, 1},
    {"FP_BASE", 98, 40, 200, 10},
    {"FP_MARGIN", 106, 50, 200, 10},

    // --- History pruning -------------------------------------------------------------------------
    // A quiet move whose continuation history is below -HP_MARGIN * depth is skipped, up to an
    // LMR-reduced depth of HP_MAX_DEPTH (Stockfish's continuation-history pruning; Ethereal prunes
    // on its counter-move history the same way).
    {"HP_MAX_DEPTH", 4, 2, 8, 1},
    {"HP_MARGIN", 3083, 1000, 6000, 250},

    // --- SEE pruning -----------------------------------------------------------------------------
    // Moves whose static exchange loses more than the depth can make good are skipped: quiet moves
    // below -SEE_QUIET_MARGIN * lmr_depth^2, noisy ones below -SEE_NOISY_MARGIN * depth (both
    // Stockfish's shapes).
    {"SEE_QUIET_MAX_DEPTH", 8, 4, 12, 1},
    {"SEE_QUIET_MARGIN", 30, 10, 60, 3},
    {"SEE_NOISY_MAX_DEPTH", 8, 4, 12, 1},
    {"SEE_NOISY_MARGIN", 97, 40, 200, 10},

    // --- Quiescence delta pruning ----------------------------------------------------------------
    // A capture is skipped when stand pat + its largest gain + this margin stays below alpha
    // (delta pruning, as in Ethereal's qsearch).
    {"QS_DELTA_MARGIN", 218, 50, 400, 20},

    // --- Singular extensions ---------------------------------------------------------------------
    // The hash move is extended when a search without it at (depth - 1) / 2 fails below
    // tt_score - SE_BETA_MARGIN * depth (Anantharaman, Campbell and Hsu's singular extensions in
    // Stockfish's form, with its multi-cut and negative extension). Tried from SE_MIN_DEPTH on, where
    // the verification search pays for itself, and only when the stored result is at most
    // SE_TT_DEPTH_MARGIN plies shallower than this node.
    {"SE_MIN_DEPTH", 8, 5, 12, 1},
    {"SE_TT_DEPTH_MARGIN", 3, 1, 5, 1},
    {"SE_BETA_MARGIN", 2, 1, 4, 1},

    // --- Late move reductions --------------------------------------------------------------------
    // The base reduction is LMR_BASE/100 + ln(depth) * ln(move number) / (LMR_DIVISOR/100),
    // Ethereal's formula (its constants, 0.75 and 2.25, were the start of the tune), stored in
    // hundredths. Moves are reduced from LMR_MIN_DEPTH on, and a quiet move's history adds or
    // removes a ply per LMR_HISTORY_DIVISOR points (Stockfish's statScore adjustment).
    {"LMR_BASE", 73, 25, 125, 5},
    {"LMR_DIVISOR", 216, 150, 350, 10},
    {"LMR_MIN_DEPTH", 3, 2, 5, 1},
    {"LMR_HISTORY_DIVISOR", 11450, 4096, 24576, 1024},

    // --- History bonus ---------------------------------------------------------------------------
    // The reward for a move that caused a cutoff (and the penalty for those tried before it):
    // min(HISTORY_BONUS_SCALE * depth - HISTORY_BONUS_OFFSET, HISTORY_BONUS_MAX), Stockfish's linear
    // capped stat_bonus. It is applied with history gravity (movepick.h's update_history).
    {"HISTORY_BONUS_SCALE", 309, 100, 500, 20},
    {"HISTORY_BONUS_OFFSET", 245, 0, 500, 25},
    {"HISTORY_BONUS_MAX", 2469, 1000, 4000, 150},

    // The opponent's quiet move gets -EVAL_DIFF_SCALE times the change it made to its side's
    // static eval (in centipawns) in the main history, clamped to +-EVAL_DIFF_MAX: Stockfish's
    // ordering signal from every node, not only from cutoffs (its 19 and 1914 in its units).
    {"EVAL_DIFF_SCALE", 40, 8, 96, 4},
    {"EVAL_DIFF_MAX", 2000, 500, 4000, 150},

    // --- Hindsight depth -------------------------------------------------------------------------
    // A node whose parent reduced the move to it by HINDSIGHT_EXTEND_REDUCTION plies or more gets a
    // ply back when that move changed its mover's static eval by at most HINDSIGHT_EXTEND_CHANGE
    // centipawns against it (it did not worsen its side's position: the reduction was too much);
    // a node reduced at all loses a ply when the move cost its mover more than
    // HINDSIGHT_SHRINK_CHANGE (Stockfish's adjustment by the prior reduction).
    {"HINDSIGHT_EXTEND_REDUCTION", 3, 2, 6, 1},
    {"HINDSIGHT_EXTEND_CHANGE", 1, -40, 60, 8},
    {"HINDSIGHT_SHRINK_CHANGE", 100, 40, 250, 15},

    // --- Correction history ----------------------------------------------------------------------
    // Pawn-structure correction of the static eval (Caissa, then Stockfish): each update moves the
    // entry towards the node's error with weight min(depth + 1, CORRECTION_WEIGHT_MAX) / 256 (the
    // weighted-average form Stormphrax uses), and entries are clamped to +-CORRECTION_MAX
    // centipawns. CORRECTION_MAX * 256 must fit the int16 entries.
    {"CORRECTION_WEIGHT_MAX", 16, 4, 32, 2},
    {"CORRECTION_MAX", 63, 16, 120, 8},

    // --- Move ordering ---------------------------------------------------------------------------
    // A noisy move scores MVV_SCALE * what it wins at once plus its capture history divided by
    // CAPTURE_HISTORY_DIVISOR: most valuable victim first, history breaking ties and near-ties
    // (Stockfish's capture ordering).
    {"MVV_SCALE", 16, 4, 32, 2},
    {"CAPTURE_HISTORY_DIVISOR", 14, 4, 64, 4},
    // A quiet move that takes a piece away from a cheaper attacker gains THREAT_ESCAPE_SCALE times
    // the piece's value, one that puts a piece in reach of a cheaper attacker loses as much
    // (Stockfish's threatened-piece ordering): a queen's escape outranks any history.
    {"THREAT_ESCAPE_SCALE", 31, 0, 64, 4},

    // --- Lazy SMP --------------------------------------------------------------------------------
    // Helper thread `id` skips depth d when (d + id) % SMP_SKIP_CYCLE == 0, so the threads spread
    // over different depths (Lazy SMP after Dan Homan; Stockfish used skip tables for the same end).
    {"SMP_SKIP_CYCLE", 3, 2, 6, 1},
};

inline constexpr std::size_t TUNABLE_COUNT = std::size(TUNABLES);

// The index of the row of that name, or TUNABLE_COUNT. An index rather than a pointer: GCC's
// UndefinedBehaviorSanitizer instruments a pointer's null test, which then is no longer a
// constant expression, and the sanitizer builds would not compile.
constexpr std::size_t tunable_index(std::string_view name) {
    for (std::size_t i = 0; i < TUNABLE_COUNT; ++i)
        if (TUNABLES[i].name == name) return i;
    return TUNABLE_COUNT;
}

// The row of that name, or nullptr (for run-time callers: a tuner, the tests).
inline const Tunable* find_tunable(std::string_view name) {
    const std::size_t i = tunable_index(name);
    return i < TUNABLE_COUNT ? &TUNABLES[i] : nullptr;
}

// A row's index and value at compile time; a name not in the table does not compile.
consteval std::size_t index_of(std::string_view name) {
    const std::size_t i = tunable_index(name);
    if (i == TUNABLE_COUNT) throw "no tunable of this name";
    return i;
}
consteval int value_of(std::string_view name) { return TUNABLES[index_of(name)].value; }

#ifdef SEN_TUNE
// A tuning build (CMake's SEN_TUNE, `make tune`): the values live in this array, which the UCI
// options of core/tuning.h overwrite, so that an SPSA tuner (scripts/spsa) can try values
// without a rebuild. The named constants below are references into it. Release builds keep
// every value a compile-time constant.
constexpr std::array<int, std::size(TUNABLES)> table_values() {
    std::array<int, std::size(TUNABLES)> values{};
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = TUNABLES[i].value;
    return values;
}
inline std::array<int, std::size(TUNABLES)> tuned_values = table_values();
#define SEN_SEARCH_PARAM(name) inline int& name = tuned_values[index_of(#name)]
// What is computed from the values is a constant expression only in a release build.
#define SEN_PARAM_CONSTEXPR
#else
#define SEN_SEARCH_PARAM(name) inline constexpr int name = value_of(#name)
#define SEN_PARAM_CONSTEXPR constexpr
#endif

// The named constants the search reads.
SEN_SEARCH_PARAM(ASP_MIN_DEPTH);
SEN_SEARCH_PARAM(ASP_DELTA);
SEN_SEARCH_PARAM(ASP_GROWTH_DIVISOR);
SEN_SEARCH_PARAM(ASP_FULL_WINDOW);
SEN_SEARCH_PARAM(RFP_MAX_DEPTH);
SEN_SEARCH_PARAM(RFP_MARGIN);
SEN_SEARCH_PARAM(NMP_MIN_DEPTH);
SEN_SEARCH_PARAM(NMP_BASE_REDUCTION);
SEN_SEARCH_PARAM(NMP_DEPTH_DIVISOR);
SEN_SEARCH_PARAM(NMP_EVAL_DIVISOR);
SEN_SEARCH_PARAM(NMP_EVAL_MAX_REDUCTION);
SEN_SEARCH_PARAM(NMP_VERIFY_DEPTH);
SEN_SEARCH_PARAM(IIR_MIN_DEPTH);
SEN_SEARCH_PARAM(PRUNE_HISTORY_DIVISOR);
SEN_SEARCH_PARAM(LMP_BASE);
SEN_SEARCH_PARAM(FP_MAX_DEPTH);
SEN_SEARCH_PARAM(FP_BASE);
SEN_SEARCH_PARAM(FP_MARGIN);
SEN_SEARCH_PARAM(HP_MAX_DEPTH);
SEN_SEARCH_PARAM(HP_MARGIN);
SEN_SEARCH_PARAM(SEE_QUIET_MAX_DEPTH);
SEN_SEARCH_PARAM(SEE_QUIET_MARGIN);
SEN_SEARCH_PARAM(SEE_NOISY_MAX_DEPTH);
SEN_SEARCH_PARAM(SEE_NOISY_MARGIN);
SEN_SEARCH_PARAM(QS_DELTA_MARGIN);
SEN_SEARCH_PARAM(SE_MIN_DEPTH);
SEN_SEARCH_PARAM(SE_TT_DEPTH_MARGIN);
SEN_SEARCH_PARAM(SE_BETA_MARGIN);
SEN_SEARCH_PARAM(LMR_BASE);
SEN_SEARCH_PARAM(LMR_DIVISOR);
SEN_SEARCH_PARAM(LMR_MIN_DEPTH);
SEN_SEARCH_PARAM(LMR_HISTORY_DIVISOR);
SEN_SEARCH_PARAM(HISTORY_BONUS_SCALE);
SEN_SEARCH_PARAM(HISTORY_BONUS_OFFSET);
SEN_SEARCH_PARAM(HISTORY_BONUS_MAX);
SEN_SEARCH_PARAM(EVAL_DIFF_SCALE);
SEN_SEARCH_PARAM(EVAL_DIFF_MAX);
SEN_SEARCH_PARAM(HINDSIGHT_EXTEND_REDUCTION);
SEN_SEARCH_PARAM(HINDSIGHT_EXTEND_CHANGE);
SEN_SEARCH_PARAM(HINDSIGHT_SHRINK_CHANGE);
SEN_SEARCH_PARAM(CORRECTION_WEIGHT_MAX);
SEN_SEARCH_PARAM(CORRECTION_MAX);
SEN_SEARCH_PARAM(MVV_SCALE);
SEN_SEARCH_PARAM(CAPTURE_HISTORY_DIVISOR);
SEN_SEARCH_PARAM(THREAT_ESCAPE_SCALE);
SEN_SEARCH_PARAM(SMP_SKIP_CYCLE);

namespace detail {
constexpr bool table_is_valid() {
    for (std::size_t i = 0; i < std::size(TUNABLES); ++i) {
        const Tunable& t = TUNABLES[i];
        if (t.name.empty() || t.step <= 0 || t.min > t.value || t.value > t.max) return false;
        for (std::size_t j = 0; j < i; ++j)
            if (TUNABLES[j].name == t.name) return false;
    }
    return true;
}
}  // namespace detail
static_assert(detail::table_is_valid(), "a tunable is out of its range, has no step, or its name is taken");
static_assert(TUNABLES[tunable_index("CORRECTION_MAX")].max * 256 <= 32767, "correction entries are int16");

}  // namespace sen::params
