// Texel-style tuning of the evaluation weights (`sen tune`).
//
// Loads `FEN | result` lines (written by `sen datagen`), records each position's EvalTrace once,
// and fits every middlegame/endgame weight so that sigmoid(K * eval) predicts the game result
// with the least mean squared error. The evaluation is linear in the weights (eval.h), so the
// model and its gradient are computed from the traces alone, in doubles. The result is written
// out as a new src/eval_weights.cpp; the engine must be rebuilt to use it.
// Owns: the data set, the fitting and the source generator. Never changes the weights the
// running engine uses.
// Invariants: the pawn's middlegame material is never changed, so scores stay in centipawns;
// a weight whose feature never occurs in the data keeps its old value.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "eval.h"

namespace sen {

// The white-relative evaluation recomputed from a trace and a weight table with the same
// integer arithmetic as evaluate(): for the weights the trace was taken with, it equals
// evaluate_traced()'s return value.
int trace_eval(const EvalTrace& trace, const EvalWeights& weights);

// Splits a `FEN | result` line. Returns false on a malformed line; result is 1.0, 0.5 or 0.0.
bool parse_data_line(std::string_view line, std::string& fen, double& result);

// One position as the tuner sees it: its nonzero feature counts and the factors that turn a
// (mg, eg) pair into its share of the evaluation.
struct TuneEntry {
    std::uint32_t first = 0, last = 0;  // range in TuneSet::features
    double mg_factor = 0;               // phase / 24
    double eg_factor = 0;               // (24 - phase) / 24 * eg_scale / 64
    double result = 0.5;
};

struct TuneFeature {
    std::uint16_t index = 0;
    std::int16_t count = 0;
};

struct TuneSet {
    std::vector<TuneEntry> entries;
    std::vector<TuneFeature> features;
    std::vector<std::uint32_t> occurrences;  // per term: positions where its count is nonzero
    void add(const EvalTrace& trace, double result);
};

// Weights as doubles, mg and eg apart.
struct TuneWeights {
    std::vector<double> mg, eg;
    static TuneWeights from(const EvalWeights& w);
    // Rounded to the nearest integer.
    EvalWeights rounded() const;
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
};

struct TuneProgress {
    int epoch = 0;
    double error = 0;             // training error of the weights before this epoch's step
    double validation_error = -1;  // on the epochs it is measured
};

// Fits the weights by full-batch Adam or gradient descent with the analytic gradient; K is fixed. With a validation
// set (which may be empty) its error is measured every VALIDATION_INTERVAL epochs and the best
// weights seen are returned (early stopping); otherwise the last ones.
constexpr int VALIDATION_INTERVAL = 10;
TuneWeights fit_weights(const TuneSet& set, const TuneWeights& start, double k, const TuneOptions& options,
                        const TuneSet* validation = nullptr, const std::function<void(const TuneProgress&)>& progress = {});

// Moves constant offsets that cannot change any evaluation (a piece's mean square value into its
// material, the king table's mean to zero) so that the written tables read naturally.
void normalise(TuneWeights& w, const TuneSet& set);

// The text of a complete src/eval_weights.cpp holding these weights; `header` goes into its
// leading comment (one comment line per line of text).
std::string weights_source(const EvalWeights& weights, const std::string& header);

// `sen tune --data FILE [--epochs E] [--out src/eval_weights.cpp]`.
int run_tune_command(const std::vector<std::string>& args);

}  // namespace sen
