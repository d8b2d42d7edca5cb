// Texel-style tuning of the evaluation weights (`sen tune`), for each game with a hand-written
// evaluation table (Game::EvalTuning, <game>/eval_tuning.h).
//
// Loads the records `sen datagen` writes (training_data.h), holding out whole games for
// validation, records each position's EvalTrace once, and fits every middlegame/endgame weight
// so that sigmoid(K * eval) predicts each position's target (its game's result, optionally
// blended with its search score) with the least mean squared error. Each game's evaluation is
// linear in its weights, so the model and its gradient are computed from the traces alone, in
// doubles; past the loading, nothing here depends on the game. The result is written out as a new
// eval_weights.cpp in the game's folder; the engine must be rebuilt to use it. What the tuner knows
// of a game's table (its families, piece-square tables, how to write it) is a WeightLayout
// (core/weight_layout.h).
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

#include "core/score.h"
#include "core/weight_layout.h"

namespace sen {

// One position as the tuner sees it: its nonzero feature counts and the factors that turn a
// (mg, eg) pair into its share of the evaluation.
struct TuneEntry {
    std::uint32_t first = 0, last = 0;  // range in TuneSet::features
    double mg_factor = 0;               // phase / PHASE_MAX
    double eg_factor = 0;               // (PHASE_MAX - phase) / PHASE_MAX, times a game's endgame scale
    double result = 0.5;
};

struct TuneFeature {
    std::uint16_t index = 0;
    std::int16_t count = 0;
};

// Positions of one game (never mix two games' traces in a set).
struct TuneSet {
    std::vector<TuneEntry> entries;
    std::vector<TuneFeature> features;
    std::vector<std::uint32_t> occurrences;  // per term: positions where its count is nonzero
    // A game's trace (<game>/eval_tuning.h: its phase_factors), with its target.
    template <class Trace>
    void add(const Trace& trace, double result) {
        const auto [mg_factor, eg_factor] = phase_factors(trace);
        add_counts(trace.count, mg_factor, eg_factor, result);
    }

private:
    template <std::size_t N>
    void add_counts(const std::array<std::int16_t, N>& count, double mg_factor, double eg_factor, double result) {
        if (occurrences.empty()) occurrences.assign(N, 0);
        TuneEntry e;
        e.first = std::uint32_t(features.size());
        for (std::size_t i = 0; i < N; ++i) {
            if (!count[i]) continue;
            features.push_back({std::uint16_t(i), count[i]});
            ++occurrences[i];
        }
        e.last = std::uint32_t(features.size());
        e.mg_factor = mg_factor;
        e.eg_factor = eg_factor;
        e.result = result;
        entries.push_back(e);
    }
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
    // Rounded to the nearest integer, as a game's weight table (its EvalWeights).
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
