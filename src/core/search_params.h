// The search's tunable constants, in one list: every margin, depth limit and divisor that the
// search (search_impl.h) and the move picker (movepick.h) use to prune, reduce, extend and order.
//
// Each row of SEN_TUNABLES names a constant once, with its value, and for SPSA tuning the range
// the value may take and the step of one perturbation (OpenBench's c_end), as Weiss and Berserk
// keep theirs; a comment above it says what it does and where the idea comes from. Everything
// else comes from that list: the table TUNABLES (which a tuner iterates over and scripts/spsa
// rewrites the values of), each game's named constants that the search reads (For<Game>;
// compile-time constants in a release build), and in a tuning build the UCI options
// (core/tuning.h).
//
// One list, a value per game: a game whose search wants other values than the table's lists
// them in its game.h (SEARCH_PARAMETERS: a name and a value each), and For<Game> reads those
// rows from there; the names, ranges and steps stay here, written once.
//
// The list follows the search's steps, and its sections carry the numbers of the steps that read
// them: `// Step N.` in search_impl.h (iterative deepening 1-2, the main search 3-23, quiescence
// 24-28; steps without a constant have no section here).
//
// The values are those the ideas' sources use, except where a tune moved them: 19 of the rows
// were set by an SPSA run at 10,000 nodes a move (docs/spsa.md, "Runs"; the first and largest
// move was LMP_BASE, 3 -> 6), a comment's "as in X" then names the idea's source, not the value.
//
// Not here: constants that are part of a data structure rather than a judgement (table sizes,
// the history bound HISTORY_MAX, the picker's score tiers), and time management's (timeman.cpp).
//
// Invariants, checked at compile time: every value lies within its range, every step is
// positive, and no name is used twice; a game's own values name rows of the table, once each,
// within their ranges.
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

// The list: X(NAME, value, min, max, step) per constant, in the order of the search's steps.
// clang-format off
#define SEN_TUNABLES(X) \
    /* --- Step 1. Lazy SMP --------------------------------------------------------------------------------------------------------- */ \
    /* Helper thread `id` skips depth d when (d + id) % SMP_SKIP_CYCLE == 0, so the threads spread                                      \
       over different depths (Lazy SMP after Dan Homan; Stockfish used skip tables for the same end). */                                \
    X(SMP_SKIP_CYCLE, 3, 2, 6, 1)                                                                                                       \
                                                                                                                                        \
    /* --- Step 2. Aspiration windows ----------------------------------------------------------------------------------------------- */ \
    /* From this depth on, an iteration starts with a window around the previous iteration's score                                      \
       (a classic since the 1980s); each failure widens it by a half, as Ethereal does. */                                              \
    X(ASP_MIN_DEPTH, 4, 2, 8, 1)                                                                                                        \
    /* Half-width of the first window, in centipawns. */                                                                                \
    X(ASP_DELTA, 20, 8, 50, 3)                                                                                                          \
    /* After a failure the half-width grows by delta / ASP_GROWTH_DIVISOR. */                                                           \
    X(ASP_GROWTH_DIVISOR, 2, 1, 4, 1)                                                                                                   \
    /* Once the half-width passes this, the window opens fully: the score is far from the guess. */                                     \
    X(ASP_FULL_WINDOW, 1000, 300, 3000, 100)                                                                                            \
                                                                                                                                        \
    /* --- Step 7. Static evaluation: correction history ---------------------------------------------------------------------------- */ \
    /* Pawn-structure correction of the static eval (Caissa, then Stockfish): each update moves the                                     \
       entry towards the node's error with weight min(depth + 1, CORRECTION_WEIGHT_MAX) / 256 (the                                      \
       weighted-average form Stormphrax uses), and entries are clamped to +-CORRECTION_MAX                                              \
       centipawns. CORRECTION_MAX * 256 must fit the int16 entries. */                                                                  \
    X(CORRECTION_WEIGHT_MAX, 16, 4, 32, 2)                                                                                              \
    X(CORRECTION_MAX, 63, 16, 120, 8)                                                                                                   \
                                                                                                                                        \
    /* --- Step 8. The opponent's move in the main history -------------------------------------------------------------------------- */ \
    /* The opponent's quiet move gets -EVAL_DIFF_SCALE times the change it made to its side's                                           \
       static eval (in centipawns) in the main history, clamped to +-EVAL_DIFF_MAX: Stockfish's                                         \
       ordering signal from every node, not only from cutoffs (its 19 and 1914 in its units). */                                        \
    X(EVAL_DIFF_SCALE, 40, 8, 96, 4)                                                                                                    \
    X(EVAL_DIFF_MAX, 2000, 500, 4000, 150)                                                                                              \
                                                                                                                                        \
    /* --- Step 9. Hindsight depth -------------------------------------------------------------------------------------------------- */ \
    /* A node whose parent reduced the move to it by HINDSIGHT_EXTEND_REDUCTION plies or more gets a                                    \
       ply back when that move changed its mover's static eval by at most HINDSIGHT_EXTEND_CHANGE                                       \
       centipawns against it (it did not worsen its side's position: the reduction was too much);                                       \
       a node reduced at all loses a ply when the move cost its mover more than                                                         \
       HINDSIGHT_SHRINK_CHANGE (Stockfish's adjustment by the prior reduction). */                                                      \
    X(HINDSIGHT_EXTEND_REDUCTION, 3, 2, 6, 1)                                                                                           \
    X(HINDSIGHT_EXTEND_CHANGE, 1, -40, 60, 8)                                                                                           \
    X(HINDSIGHT_SHRINK_CHANGE, 100, 40, 250, 15)                                                                                        \
                                                                                                                                        \
    /* --- Step 10. Reverse futility pruning (static null-move pruning) ------------------------------------------------------------- */ \
    /* At a non-PV node this shallow, an eval above beta by RFP_MARGIN per ply of depth (one ply less                                   \
       when improving) returns (eval + beta) / 2; depth limit and linear margin as in Ethereal, the                                     \
       averaged return as in Stockfish. */                                                                                              \
    X(RFP_MAX_DEPTH, 8, 4, 12, 1)                                                                                                       \
    X(RFP_MARGIN, 82, 40, 140, 6)                                                                                                       \
                                                                                                                                        \
    /* --- Step 11. Null-move pruning ----------------------------------------------------------------------------------------------- */ \
    /* Passing and still failing high proves a cutoff outside zugzwang (Beal 1989; Donninger's                                          \
       adaptive R). The reduction R = NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR                                                    \
       + min(NMP_EVAL_MAX_REDUCTION, (eval - beta) / NMP_EVAL_DIVISOR) is Ethereal's and Stockfish's                                    \
       shape; cutoffs from NMP_VERIFY_DEPTH on are verified by a search without the null move, as                                       \
       Stockfish verifies its deep ones. */                                                                                             \
    X(NMP_MIN_DEPTH, 3, 2, 5, 1)                                                                                                        \
    X(NMP_BASE_REDUCTION, 3, 2, 5, 1)                                                                                                   \
    X(NMP_DEPTH_DIVISOR, 4, 2, 8, 1)                                                                                                    \
    X(NMP_EVAL_DIVISOR, 198, 100, 400, 20)                                                                                              \
    X(NMP_EVAL_MAX_REDUCTION, 3, 1, 5, 1)                                                                                               \
    X(NMP_VERIFY_DEPTH, 12, 8, 20, 1)                                                                                                   \
                                                                                                                                        \
    /* --- Step 12. Internal iterative reduction ------------------------------------------------------------------------------------ */ \
    /* A PV or cut node without a hash move is searched one ply shallower from this depth on (Ed                                        \
       Schroeder's idea in Rebel, replacing internal iterative deepening; Stockfish and Ethereal). */                                   \
    X(IIR_MIN_DEPTH, 4, 2, 8, 1)                                                                                                        \
                                                                                                                                        \
    /* --- Step 13. Move ordering --------------------------------------------------------------------------------------------------- */ \
    /* A noisy move scores MVV_SCALE * what it wins at once plus its capture history divided by                                         \
       CAPTURE_HISTORY_DIVISOR: most valuable victim first, history breaking ties and near-ties                                         \
       (Stockfish's capture ordering). */                                                                                               \
    X(MVV_SCALE, 16, 4, 32, 2)                                                                                                          \
    X(CAPTURE_HISTORY_DIVISOR, 14, 4, 64, 4)                                                                                            \
    /* A quiet move that takes a piece away from a cheaper attacker gains THREAT_ESCAPE_SCALE times                                     \
       the piece's value, one that puts a piece in reach of a cheaper attacker loses as much                                            \
       (Stockfish's threatened-piece ordering): a queen's escape outranks any history. */                                               \
    X(THREAT_ESCAPE_SCALE, 31, 0, 64, 4)                                                                                                \
                                                                                                                                        \
    /* --- Step 14. Reduced depth for pruning --------------------------------------------------------------------------------------- */ \
    /* Futility, history and SEE pruning judge a move by the depth a reduced search of it would                                         \
       have; a quiet move's history (main plus continuation rows) adds a ply per                                                        \
       PRUNE_HISTORY_DIVISOR points, or takes one away below zero (Stockfish's lmrDepth). */                                            \
    X(PRUNE_HISTORY_DIVISOR, 5000, 2000, 12000, 500)                                                                                    \
                                                                                                                                        \
    /* --- Step 15. Late move pruning ----------------------------------------------------------------------------------------------- */ \
    /* After (LMP_BASE + depth^2) / (2 - improving) moves, the remaining quiet moves are skipped:                                       \
       Stockfish's futility_move_count. */                                                                                              \
    X(LMP_BASE, 7, 1, 8, 1)                                                                                                             \
    /* Up to this depth, late move pruning passes over the remaining quiet moves one by one and                                         \
       searches those that give check, instead of skipping them all: near the leaves a quiet check                                      \
       may mate where no static eval sees it (Stockfish long searched checks in its quiescence for                                      \
       the same reason). 0 turns it off. */                                                                                             \
    X(QUIET_CHECK_MAX_DEPTH, 1, 0, 6, 1)                                                                                                \
                                                                                                                                        \
    /* --- Step 16. Futility pruning ------------------------------------------------------------------------------------------------ */ \
    /* A quiet move is skipped when static eval + FP_BASE + FP_MARGIN * lmr_depth cannot reach                                          \
       alpha, up to an LMR-reduced depth of FP_MAX_DEPTH (Heinz's futility pruning, measured on the                                     \
       reduced depth as Stockfish does). */                                                                                             \
    X(FP_MAX_DEPTH, 8, 4, 12, 1)                                                                                                        \
    X(FP_BASE, 98, 40, 200, 10)                                                                                                         \
    X(FP_MARGIN, 106, 50, 200, 10)                                                                                                      \
                                                                                                                                        \
    /* --- Step 17. History pruning ------------------------------------------------------------------------------------------------- */ \
    /* A quiet move whose continuation history is below -HP_MARGIN * depth is skipped, up to an                                         \
       LMR-reduced depth of HP_MAX_DEPTH (Stockfish's continuation-history pruning; Ethereal prunes                                     \
       on its counter-move history the same way). */                                                                                    \
    X(HP_MAX_DEPTH, 4, 2, 8, 1)                                                                                                         \
    X(HP_MARGIN, 3083, 1000, 6000, 250)                                                                                                 \
                                                                                                                                        \
    /* --- Step 18. SEE pruning ----------------------------------------------------------------------------------------------------- */ \
    /* Moves whose static exchange loses more than the depth can make good are skipped: quiet moves                                     \
       below -SEE_QUIET_MARGIN * lmr_depth^2, noisy ones below -SEE_NOISY_MARGIN * depth (both                                          \
       Stockfish's shapes). */                                                                                                          \
    X(SEE_QUIET_MAX_DEPTH, 8, 4, 12, 1)                                                                                                 \
    X(SEE_QUIET_MARGIN, 30, 10, 60, 3)                                                                                                  \
    X(SEE_NOISY_MAX_DEPTH, 8, 4, 12, 1)                                                                                                 \
    X(SEE_NOISY_MARGIN, 97, 40, 200, 10)                                                                                                \
                                                                                                                                        \
    /* --- Step 19. Singular extensions --------------------------------------------------------------------------------------------- */ \
    /* The hash move is extended when a search without it at (depth - 1) / 2 fails below                                                \
       tt_score - SE_BETA_MARGIN * depth (Anantharaman, Campbell and Hsu's singular extensions in                                       \
       Stockfish's form, with its multi-cut and negative extension). Tried from SE_MIN_DEPTH on, where                                  \
       the verification search pays for itself, and only when the stored result is at most                                              \
       SE_TT_DEPTH_MARGIN plies shallower than this node. */                                                                            \
    X(SE_MIN_DEPTH, 8, 5, 12, 1)                                                                                                        \
    X(SE_TT_DEPTH_MARGIN, 3, 1, 5, 1)                                                                                                   \
    X(SE_BETA_MARGIN, 2, 1, 4, 1)                                                                                                       \
                                                                                                                                        \
    /* --- Step 20. Late move reductions -------------------------------------------------------------------------------------------- */ \
    /* The base reduction is LMR_BASE/100 + ln(depth) * ln(move number) / (LMR_DIVISOR/100),                                            \
       Ethereal's formula (its constants, 0.75 and 2.25, were the start of the tune), stored in                                         \
       hundredths. Moves are reduced from LMR_MIN_DEPTH on, and a quiet move's history adds or                                          \
       removes a ply per LMR_HISTORY_DIVISOR points (Stockfish's statScore adjustment). */                                              \
    X(LMR_BASE, 73, 25, 125, 5)                                                                                                         \
    X(LMR_DIVISOR, 216, 150, 350, 10)                                                                                                   \
    X(LMR_MIN_DEPTH, 3, 2, 5, 1)                                                                                                        \
    X(LMR_HISTORY_DIVISOR, 11450, 4096, 24576, 1024)                                                                                    \
    /* The adjustments to the base reduction, in 1024ths of a ply (LMR_UNIT), so that a tuner can move                                  \
       each by less than a ply: more off the principal variation, where the static evaluation is not                                    \
       improving, at an expected cut node and after a noisy hash move (the quiet alternatives matter                                    \
       less); less in check and for a killer or the counter move. */                                                                    \
    X(LMR_NON_PV, 1024, 0, 2048, 128)                                                                                                   \
    X(LMR_NOT_IMPROVING, 1024, 0, 2048, 128)                                                                                            \
    X(LMR_CUT_NODE, 1024, 0, 2048, 128)                                                                                                 \
    X(LMR_IN_CHECK, 1024, 0, 2048, 128)                                                                                                 \
    X(LMR_KILLER, 1024, 0, 2048, 128)                                                                                                   \
    X(LMR_NOISY_TT_MOVE, 1024, 0, 2048, 128)                                                                                            \
                                                                                                                                        \
    /* --- Step 22. History updates ------------------------------------------------------------------------------------------------- */ \
    /* The reward for a move that caused a cutoff (and the penalty for those tried before it):                                          \
       min(HISTORY_BONUS_SCALE * depth - HISTORY_BONUS_OFFSET, HISTORY_BONUS_MAX), Stockfish's linear                                   \
       capped stat_bonus. It is applied with history gravity (movepick.h's update_history). */                                          \
    X(HISTORY_BONUS_SCALE, 309, 100, 500, 20)                                                                                           \
    X(HISTORY_BONUS_OFFSET, 245, 0, 500, 25)                                                                                            \
    X(HISTORY_BONUS_MAX, 2469, 1000, 4000, 150)                                                                                         \
                                                                                                                                        \
    /* --- Step 27. Quiescence: delta pruning --------------------------------------------------------------------------------------- */ \
    /* A capture is skipped when stand pat + its largest gain + this margin stays below alpha                                           \
       (delta pruning, as in Ethereal's qsearch). */                                                                                    \
    X(QS_DELTA_MARGIN, 218, 50, 400, 20)
// clang-format on

// The table: one row per constant.
#define SEN_TUNABLE_ROW(name, value, min, max, step) Tunable{#name, value, min, max, step},
inline constexpr Tunable TUNABLES[] = {SEN_TUNABLES(SEN_TUNABLE_ROW)};
#undef SEN_TUNABLE_ROW

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

// A row's index at compile time; a name not in the table does not compile.
consteval std::size_t index_of(std::string_view name) {
    const std::size_t i = tunable_index(name);
    if (i == TUNABLE_COUNT) throw "no tunable of this name";
    return i;
}

// A game's own value for a row, where its search wants another than the table's: each game
// lists them in its game.h (SEARCH_PARAMETERS, core/game.h), and the search reads a game's values
// through For<Game>. The table's values are those SPSA found for the first game; a game with no list of
// its own plays by them.
struct TunableValue {
    std::string_view name;
    int value;
};

// Whether every name of a game's list is a row of the table, once, with a value in its range.
template <std::size_t N>
constexpr bool own_values_valid(const std::array<TunableValue, N>& own) {
    for (std::size_t i = 0; i < N; ++i) {
        const std::size_t row = tunable_index(own[i].name);
        if (row == TUNABLE_COUNT || own[i].value < TUNABLES[row].min || own[i].value > TUNABLES[row].max) return false;
        for (std::size_t j = 0; j < i; ++j)
            if (own[j].name == own[i].name) return false;
    }
    return true;
}

// The table's values, with a game's own in their rows.
template <std::size_t N>
constexpr std::array<int, TUNABLE_COUNT> values_with(const std::array<TunableValue, N>& own) {
    std::array<int, TUNABLE_COUNT> values{};
    for (std::size_t i = 0; i < TUNABLE_COUNT; ++i) values[i] = TUNABLES[i].value;
    for (const TunableValue& v : own) values[tunable_index(v.name)] = v.value;
    return values;
}

#ifdef SEN_TUNE
// A tuning build (CMake's SEN_TUNE, `make tune`): each game's values live in an array that the
// UCI options of core/tuning.h overwrite, so that an SPSA tuner (scripts/spsa) can try values
// without a rebuild; For<Game>'s names are references into it. Release builds keep every value
// a compile-time constant.
template <class Game>
inline std::array<int, TUNABLE_COUNT> GAME_VALUES = values_with(Game::SEARCH_PARAMETERS);
#define SEN_TUNABLE_MEMBER(name, value, min, max, step) static inline int& name = GAME_VALUES<Game>[index_of(#name)];
// What is computed from the values is a constant expression only in a release build.
#define SEN_PARAM_CONSTEXPR
#else
template <class Game>
inline constexpr std::array<int, TUNABLE_COUNT> GAME_VALUES = values_with(Game::SEARCH_PARAMETERS);
#define SEN_TUNABLE_MEMBER(name, value, min, max, step) static constexpr int name = GAME_VALUES<Game>[index_of(#name)];
#define SEN_PARAM_CONSTEXPR constexpr
#endif

// A game's values by name: For<Game>::LMR_BASE.
template <class Game>
struct For {
    static_assert(own_values_valid(Game::SEARCH_PARAMETERS),
                  "a name of the game's SEARCH_PARAMETERS is not in the table, comes twice, or its value is out of range");
    SEN_TUNABLES(SEN_TUNABLE_MEMBER)
};
#undef SEN_TUNABLE_MEMBER

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
