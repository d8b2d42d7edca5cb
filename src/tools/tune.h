// Texel-style tuning of the evaluation weights (`sen tune`), for chess and for xiangqi.
//
// Loads the records `sen datagen` writes (training_data.h), holding out whole games for
// validation, records each position's EvalTrace once, and fits every middlegame/endgame weight
// so that sigmoid(K * eval) predicts each position's target (its game's result, optionally
// blended with its search score) with the least mean squared error. Each game's evaluation is
// linear in its weights (chess/eval.h, xiangqi/eval.h), so the model and its gradient are
// computed from the traces alone, in doubles; past the loading, nothing here depends on the
// game. The result is written out as a new src/chess/eval_weights.cpp (or
// src/xiangqi/eval_weights.cpp); the engine must be rebuilt to use it. What the tuner knows of a
// game's table (its families, piece-square tables, how to write it) is a WeightLayout.
// Owns: the fitting and the source generator. Never changes the weights the running engine uses.
// Invariants: weight 0's middlegame value (the pawn's or the soldier's material) is never
// changed, so scores stay in centipawns; a weight whose feature never occurs in the data keeps
// its old value.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "chess/eval.h"
#include "xiangqi/eval.h"

namespace sen {

static_assert(chess::term::MATERIAL == 0 && xiangqi::term::MATERIAL == 0, "weight 0 must be the smallest piece's material: it is pinned");

// The white-relative (Red-relative) evaluation recomputed from a trace and a weight table with
// the same integer arithmetic as evaluate(): for the weights the trace was taken with, it equals
// evaluate_traced()'s return value.
int trace_eval(const chess::EvalTrace& trace, const chess::EvalWeights& weights);
int trace_eval(const xiangqi::EvalTrace& trace, const xiangqi::EvalWeights& weights);

// One position as the tuner sees it: its nonzero feature counts and the factors that turn a
// (mg, eg) pair into its share of the evaluation.
struct TuneEntry {
    std::uint32_t first = 0, last = 0;  // range in TuneSet::features
    double mg_factor = 0;               // phase / PHASE_MAX
    double eg_factor = 0;               // (PHASE_MAX - phase) / PHASE_MAX, times eg_scale / 64 in chess
    double result = 0.5;
};

struct TuneFeature {
    std::uint16_t index = 0;
    std::int16_t count = 0;
};

// Positions of one game (never mix chess and xiangqi traces in a set).
struct TuneSet {
    std::vector<TuneEntry> entries;
    std::vector<TuneFeature> features;
    std::vector<std::uint32_t> occurrences;  // per term: positions where its count is nonzero
    void add(const chess::EvalTrace& trace, double result);
    void add(const xiangqi::EvalTrace& trace, double result);

private:
    template <std::size_t N>
    void add_counts(const std::array<std::int16_t, N>& count, double mg_factor, double eg_factor, double result);
};

// Weights as doubles, mg and eg apart.
struct TuneWeights {
    std::vector<double> mg, eg;
    template <std::size_t N>
    static TuneWeights from(const std::array<Score, N>& w) {
        TuneWeights t{std::vector<double>(N), std::vector<double>(N)};
        for (std::size_t i = 0; i < N; ++i) {
            t.mg[i] = w[i].mg();
            t.eg[i] = w[i].eg();
        }
        return t;
    }
    // Rounded to the nearest integer, as a game's weight table (chess::EvalWeights).
    template <class Weights>
    Weights rounded() const {
        Weights w{};
        for (std::size_t i = 0; i < w.size(); ++i) w[i] = Score(int(std::lround(mg[i])), int(std::lround(eg[i])));
        return w;
    }
};

// The linear model's white-relative evaluation of one entry.
double model_eval(const TuneSet& set, const TuneEntry& e, const TuneWeights& w);
double sigmoid(double k, double eval);
// Mean squared error of sigmoid(K * eval) against the results.
double mean_squared_error(const TuneSet& set, const TuneWeights& w, double k);
// The K that minimises the error for these weights.
double find_k(const TuneSet& set, const TuneWeights& w);

enum class Optimizer : std::uint8_t {
    Adam,             // every weight moves at about the step size, however rare its feature
    GradientDescent,  // steps proportional to the gradient: rare features move slowly
};

struct TuneOptions {
    int epochs = 2000;
    Optimizer optimizer = Optimizer::Adam;
    // Adam: the step size in centipawns. Gradient descent: the factor on the gradient, in units
    // of 1e5. Decayed over the epochs.
    double learning_rate = 1.0;
    // Weight of an L2 penalty on each weight's distance from its starting value, per (100 cp)^2,
    // added to the mean squared error: it keeps rarely seen terms from fitting noise.
    double regularisation = 0.0;
    std::uint32_t min_occurrences = 1;  // terms seen in fewer positions keep their old values
    // Weights fitted as one: weight i takes the value of weight tie[i] (tie[i] <= i, and
    // tie[tie[i]] == tie[i]), which moves by the sum of their gradients and counts the sum of
    // their occurrences. Empty: every weight on its own. See weight_ties().
    std::vector<std::uint32_t> tie;
    // When not empty, only the weights in these [first, last) index ranges are fitted; the rest
    // keep their values. A new term can so be fitted around the old weights without moving them.
    std::vector<std::pair<int, int>> only;
};

struct TuneProgress {
    int epoch = 0;
    double error = 0;              // training error of the weights before this epoch's step
    double validation_error = -1;  // on the epochs it is measured
};

// Fits the weights by full-batch Adam (adam.h) or gradient descent with the analytic gradient; K is fixed. With a validation
// set (which may be empty) its error is measured every VALIDATION_INTERVAL epochs and the best
// weights seen are returned (early stopping); otherwise the last ones.
constexpr int VALIDATION_INTERVAL = 10;
TuneWeights fit_weights(const TuneSet& set, const TuneWeights& start, double k, const TuneOptions& options,
                        const TuneSet* validation = nullptr, const std::function<void(const TuneProgress&)>& progress = {});

// A block of the weight table, for the generated source: `name` is its chess::term:: constant,
// `labels` names the entries of a short block.
struct WeightFamily {
    const char* name;
    int base;
    int size;
    const char* comment;
    const char* labels;
};

// One piece type's piece-square table, in index order from the layout's psqt_base.
struct PieceTable {
    const char* name;    // for the comment above it
    const char* target;  // where the generated source puts it: "chess::term::PSQT + PAWN * 64"
    int material;        // the piece's material term, or -1 (the king's and general's: one each, it cancels)
    bool omit_if_zero;   // left out of the source when all its weights are zero (chess's unused slot 0)
};

// What the tuner knows of a game's weight table: its blocks in index order, its piece-square
// tables, where and how the generated source is written.
struct WeightLayout {
    const char* game;            // "chess", "xiangqi"
    const char* source_path;     // the default output file
    const char* name_space;      // of the generated source
    const char* title;           // the first words of its header: "The evaluation weights"
    const char* variant_option;  // the commands' option naming the game ("" for chess)
    const char* data_name;       // "self-play", "xiangqi self-play"
    int term_count;
    std::span<const WeightFamily> families;  // every block, the piece-square tables as one family at psqt_base
    int psqt_base;
    int points;  // per piece-square table
    int files;   // per row of a table
    std::span<const PieceTable> piece_tables;
    const char* psqt_comment;  // follows "// Piece-square tables" in the source
    // Xiangqi's rules are the same on both wings: its tables are fitted left-right symmetric.
    bool mirror_files;
};

extern const WeightLayout CHESS_LAYOUT;
extern const WeightLayout XIANGQI_LAYOUT;

// The ties of a layout for TuneOptions::tie: each point of a mirror_files table is tied to its
// left-right mirror (the one with the lower index keeps the value); empty for other layouts.
std::vector<std::uint32_t> weight_ties(const WeightLayout& layout);

// Moves constant offsets that cannot change any evaluation (a piece's mean square value into its
// material, the king's or general's table mean to zero) so that the written tables read naturally.
void normalise(TuneWeights& w, const TuneSet& set, const WeightLayout& layout);

// The text of a complete eval_weights.cpp of the layout's game holding these weights; `header`
// goes into its leading comment (one comment line per line of text).
std::string weights_source(std::span<const Score> weights, const WeightLayout& layout, const std::string& header);

}  // namespace sen
