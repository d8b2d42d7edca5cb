// Training of a game's NNUE evaluation (`sen nnue-train`, nnue_train.h): fits the network of
// nnue/network.h in floating point to the records `sen datagen` writes, then quantises it and
// writes the file. Templates over the game's feature set F (FeatureSet); nnue_train.cpp
// instantiates them for chess and xiangqi.
//
// Each position's target is from its side to move's point of view: blended_target()
// (training_data.h) of its game result and its search score with k = 1 / F::SCALE, so that one
// unit of the network's output is SCALE centipawns. The model predicts sigmoid(out) and the loss
// is the mean squared error against the targets, minimised by AdamW (adam.h) over shuffled
// mini-batches with the exact gradient. A batch is split over threads in fixed slices whose
// gradients are summed in slice order, so a run depends only on its data, options, seed and
// thread count.
// With --checkpoint, the state after each epoch goes to a file (nnue_checkpoint.h), and a run
// resumed from it ends bit for bit where the uninterrupted run does.
// Owns: the loaded positions, the float network, its optimiser state and the quantisation. Never
// touches the evaluation the engine uses (the engine reads the written file) or the engine's state.
// With king buckets, a factoriser (TRAIN_INPUTS below) adds rows that all buckets share.
// Invariants: after every optimiser step |w1| <= W1_LIMIT (with a factoriser, each row and each
// folded row, a bucket's plus its shared one) and |w2| <= W2_LIMIT, so the quantised sums cannot
// overflow (nnue/network.h); a position's features are those of nn::feature_of(), the function the
// engine's accumulators use (with king buckets, of both kings' squares).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include "core/prng.h"
#include "nnue/network.h"
#include "nnue/network_file.h"
#include "tools/adam.h"
#include "tools/nnue_checkpoint.h"
#include "tools/training_data.h"

namespace sen::nn {

// One position as the trainer keeps it: its pieces, and its label from the side to move's view.
template <FeatureSet F>
struct TrainPosition {
    std::array<std::uint8_t, F::MAX_PIECES> pieces{};   // the game's Piece values
    std::array<std::uint8_t, F::MAX_PIECES> squares{};  // the game's Square values
    std::uint8_t count = 0;
    Color side_to_move = Color::White;
    bool has_score = false;
    std::int16_t score = 0;  // search score in centipawns, side to move's view, when has_score
    float result = 0.5f;     // game result, side to move's view: 1 win, 0.5 draw, 0 loss
};

// A span of positions that never takes part in deducing F (the callers pass vectors).
template <FeatureSet F>
using Positions = std::type_identity_t<std::span<const TrainPosition<F>>>;

// The position `pos` labelled with a white-relative (in xiangqi red-relative) result and score;
// nothing with more than MAX_PIECES pieces.
template <FeatureSet F, class Position>
std::optional<TrainPosition<F>> train_position_of(const Position& pos, double white_result, std::optional<int> white_score) {
    TrainPosition<F> p;
    for (int s = 0; s < F::SQUARES; ++s) {
        const auto piece = pos.piece_on(typename F::Square(s));
        if (piece == typename F::Piece{}) continue;
        if (p.count == F::MAX_PIECES) return std::nullopt;
        p.pieces[p.count] = std::uint8_t(piece);
        p.squares[p.count] = std::uint8_t(s);
        ++p.count;
    }
    const bool white = pos.side_to_move() == Color::White;
    p.side_to_move = pos.side_to_move();
    p.result = float(white ? white_result : 1.0 - white_result);
    if (white_score) {
        constexpr int LIMIT = std::numeric_limits<std::int16_t>::max();
        p.has_score = true;
        p.score = std::int16_t(std::clamp(white ? *white_score : -*white_score, -LIMIT, LIMIT));
    }
    return p;
}

// A network with king buckets trains with a factoriser: besides its F::INPUTS rows it has
// PLAIN_INPUTS shared rows, one for each input index within a perspective (a bucket and a board
// half, the square as the mirrored view sees it), and a perspective's row as the engine sees it is
// its own row plus the shared one. Every piece of every position trains the shared rows, so what
// the perspectives have in common is learnt from all the games, and a perspective's own row learns
// only how its king placement differs: on few games the buckets then generalise instead of
// memorising. quantise() folds the shared rows into the perspectives'; files and the engine never
// see them.
template <FeatureSet F>
constexpr int factor_inputs() {
    if constexpr (KingBucketed<F>) return F::PLAIN_INPUTS;
    else return 0;
}
// The rows of the float network: the engine's inputs and then the shared ones.
template <FeatureSet F>
constexpr int TRAIN_INPUTS = F::INPUTS + factor_inputs<F>();
// A training position activates a shared row for each of its pieces too.
template <FeatureSet F>
constexpr int MAX_TRAIN_FEATURES = (factor_inputs<F>() > 0 ? 2 : 1) * F::MAX_PIECES;

// The input indices of the position's pieces seen from the side to move and from the other side,
// in the order of its pieces (features_of()); training_features_of() appends the shared rows'.
template <FeatureSet F>
struct PositionFeatures {
    int count = 0;
    std::array<int, MAX_TRAIN_FEATURES<F>> side_to_move{};
    std::array<int, MAX_TRAIN_FEATURES<F>> other_side{};
};

// The network in floats, laid out as Network<F> (w1 row by row, row = input feature) but for the
// shared rows after the engine's (TRAIN_INPUTS). All zeros as constructed, which is what a
// gradient or an optimiser's moments start from.
template <FeatureSet F>
struct FloatNetwork {
    std::vector<float> w1 = std::vector<float>(std::size_t(TRAIN_INPUTS<F>) * F::HIDDEN);
    std::vector<float> b1 = std::vector<float>(F::HIDDEN);
    std::vector<float> w2 = std::vector<float>(2 * F::HIDDEN);
    float b2 = 0;
};

// The shared row of a feature (one of the engine's inputs) of a network with king buckets.
template <FeatureSet F>
constexpr int shared_row_of(int feature) {
    return F::INPUTS + feature % F::PLAIN_INPUTS;
}

// The row of a feature as the engine sees it: its own, plus its shared row with a factoriser.
template <FeatureSet F>
float folded_weight(const FloatNetwork<F>& net, int feature, int neuron) {
    float w = net.w1[std::size_t(feature) * F::HIDDEN + std::size_t(neuron)];
    if constexpr (factor_inputs<F>() > 0) w += net.w1[std::size_t(shared_row_of<F>(feature)) * F::HIDDEN + std::size_t(neuron)];
    return w;
}

// With a factoriser, the optimiser keeps each row within W1_LIMIT, and then this keeps each sum of
// a bucket's row and its shared row there too: the folded weights are what must not overflow.
template <FeatureSet F>
void limit_factorised_rows(FloatNetwork<F>& net) {
    if constexpr (factor_inputs<F>() > 0) {
        for (int feature = 0; feature < F::INPUTS; ++feature) {
            float* own = net.w1.data() + std::size_t(feature) * F::HIDDEN;
            const float* shared = net.w1.data() + std::size_t(shared_row_of<F>(feature)) * F::HIDDEN;
            for (int h = 0; h < F::HIDDEN; ++h) own[h] = std::clamp(own[h], -W1_LIMIT - shared[h], W1_LIMIT - shared[h]);
        }
    }
}

struct TrainOptions {
    int epochs = 20;
    int batch_size = 16384;
    double learning_rate = 0.001;
    double lambda = 0.5;  // weight of the game result in the target; the rest is the search score's
    int threads = 1;
    std::uint64_t seed = 1;
    int decay_epoch = 0;         // first epoch (from 1) at a tenth of the rate; 0: the last quarter
    double weight_decay = 0.01;  // AdamW's, on w1 and w2 only
};

struct EpochReport {
    int epoch = 0;
    double learning_rate = 0;
    double train_loss = 0;        // mean of the batches' losses, each before its step
    double validation_loss = -1;  // after the epoch; -1 without validation positions
    double positions_per_second = 0;
};

template <FeatureSet F>
struct TrainingData {
    std::vector<TrainPosition<F>> train, validation;
    std::uint64_t lines = 0;           // non-empty lines read
    std::uint64_t bad_lines = 0;       // malformed line or invalid FEN
    std::uint64_t unscored_lines = 0;  // skipped: no score while lambda < 1
    std::uint64_t mirrored = 0;        // training positions added by mirror_files
};

// What follows, in order: training_target() (blended_target() of the position's result and
// score with k = 1 / SCALE); mirrored_files() (the position reflected left to right, label
// unchanged, for the games whose rules are symmetric under it); features_of(); initial_network()
// (w1 uniform in +-1/sqrt(MAX_PIECES), so a sum over the pieces lands around the bend of screlu,
// w2 uniform in +-1/sqrt(2 * HIDDEN), biases zero); forward() (the output before the sigmoid,
// from the side to move's view); mean_loss() and loss_and_gradient() (the mean of
// (sigmoid(out) - target)^2, and its exact gradient); quantise() (rounded at QA, QB and QA * QB
// and clamped to the integer types, counting the clamped values) and dequantise() (its inverse:
// quantise(dequantise(n)) == n); quantised_output() (the quantised network's output in float
// units, computed exactly in integers: what the engine will see); train_network().

// Streams of the seed's generators, so that changing how one is used never moves another (the
// validation split's stream is training_data.cpp's).
constexpr std::uint64_t INIT_STREAM = 0x494E4954;     // "INIT"
constexpr std::uint64_t SHUFFLE_STREAM = 0x53485546;  // "SHUF"

constexpr double DECAY_FACTOR = 0.1;
// Positions whose quantised output is compared with the float one at the end.
constexpr std::size_t QUANTISATION_SAMPLE = 10000;

inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

inline float screlu(float x) {
    const float c = std::clamp(x, 0.0f, 1.0f);
    return c * c;
}

// A uniform double in [0, 1) from the top 53 bits.
inline double unit_interval(std::uint64_t bits) { return double(bits >> 11) * 0x1.0p-53; }

template <FeatureSet F>
struct Accumulators {
    alignas(64) std::array<float, F::HIDDEN> side_to_move;
    alignas(64) std::array<float, F::HIDDEN> other_side;
};

template <FeatureSet F>
void add_rows(const FloatNetwork<F>& net, const std::array<int, MAX_TRAIN_FEATURES<F>>& features, int count,
              std::array<float, F::HIDDEN>& acc) {
    std::copy(net.b1.begin(), net.b1.end(), acc.begin());
    for (int i = 0; i < count; ++i) {
        const float* row = net.w1.data() + std::size_t(features[i]) * F::HIDDEN;
        for (int h = 0; h < F::HIDDEN; ++h) acc[h] += row[h];
    }
}

template <FeatureSet F>
void accumulate(const FloatNetwork<F>& net, const PositionFeatures<F>& features, Accumulators<F>& acc) {
    add_rows(net, features.side_to_move, features.count, acc.side_to_move);
    add_rows(net, features.other_side, features.count, acc.other_side);
}

// The output from the accumulators, with its sum split over independent lanes: the compiler
// vectorises it without reassociating floats on its own, and the order is fixed.
template <FeatureSet F>
float output_of(const FloatNetwork<F>& net, const Accumulators<F>& acc) {
    constexpr int LANES = 8;
    std::array<float, LANES> lanes{};
    for (int h = 0; h < F::HIDDEN; h += LANES)
        for (int l = 0; l < LANES; ++l)
            lanes[l] += net.w2[h + l] * screlu(acc.side_to_move[h + l]) + net.w2[F::HIDDEN + h + l] * screlu(acc.other_side[h + l]);
    float sum = net.b2;
    for (const float lane : lanes) sum += lane;
    return sum;
}

// A thread's share of a batch's gradient. Only the w1 rows of features that occurred are
// written, and only those are summed and cleared again.
template <FeatureSet F>
struct GradientBuffer {
    FloatNetwork<F> gradient;
    std::vector<std::uint8_t> touched = std::vector<std::uint8_t>(TRAIN_INPUTS<F>, 0);
    double loss_sum = 0;

    void clear() {
        for (int f = 0; f < TRAIN_INPUTS<F>; ++f)
            if (touched[f]) {
                std::fill_n(gradient.w1.begin() + std::ptrdiff_t(f) * F::HIDDEN, F::HIDDEN, 0.0f);
                touched[f] = 0;
            }
        std::fill(gradient.b1.begin(), gradient.b1.end(), 0.0f);
        std::fill(gradient.w2.begin(), gradient.w2.end(), 0.0f);
        gradient.b2 = 0;
        loss_sum = 0;
    }

    void add(const GradientBuffer<F>& other) {
        for (int f = 0; f < TRAIN_INPUTS<F>; ++f)
            if (other.touched[f]) {
                float* row = gradient.w1.data() + std::size_t(f) * F::HIDDEN;
                const float* from = other.gradient.w1.data() + std::size_t(f) * F::HIDDEN;
                for (int h = 0; h < F::HIDDEN; ++h) row[h] += from[h];
                touched[f] = 1;
            }
        for (int h = 0; h < F::HIDDEN; ++h) gradient.b1[h] += other.gradient.b1[h];
        for (int i = 0; i < 2 * F::HIDDEN; ++i) gradient.w2[i] += other.gradient.w2[i];
        gradient.b2 += other.gradient.b2;
        loss_sum += other.loss_sum;
    }
};

// Adds `scale` times the gradient of the positions' summed loss to the buffer.
template <FeatureSet F>
void accumulate_gradient(const FloatNetwork<F>& net, Positions<F> positions, std::span<const std::uint32_t> indices, double lambda,
                         float scale, GradientBuffer<F>& buffer) {
    FloatNetwork<F>& grad = buffer.gradient;
    Accumulators<F> acc;
    alignas(64) std::array<float, F::HIDDEN> delta_stm, delta_other;
    for (const std::uint32_t index : indices) {
        const TrainPosition<F>& position = positions[index];
        const PositionFeatures<F> features = training_features_of(position);
        accumulate(net, features, acc);
        const float prediction = sigmoid(output_of(net, acc));
        const float error = prediction - float(training_target(position, lambda));
        buffer.loss_sum += double(error) * error;
        // d(error^2)/d(out) through the sigmoid.
        const float g = 2.0f * error * prediction * (1.0f - prediction) * scale;
        grad.b2 += g;
        for (int h = 0; h < F::HIDDEN; ++h) {
            const float a = acc.side_to_move[h], b = acc.other_side[h];
            grad.w2[h] += g * screlu(a);
            grad.w2[F::HIDDEN + h] += g * screlu(b);
            delta_stm[h] = a > 0.0f && a < 1.0f ? g * net.w2[h] * 2.0f * a : 0.0f;
            delta_other[h] = b > 0.0f && b < 1.0f ? g * net.w2[F::HIDDEN + h] * 2.0f * b : 0.0f;
            grad.b1[h] += delta_stm[h] + delta_other[h];
        }
        for (int i = 0; i < features.count; ++i) {
            const int stm = features.side_to_move[i], other = features.other_side[i];
            float* row = grad.w1.data() + std::size_t(stm) * F::HIDDEN;
            for (int h = 0; h < F::HIDDEN; ++h) row[h] += delta_stm[h];
            row = grad.w1.data() + std::size_t(other) * F::HIDDEN;
            for (int h = 0; h < F::HIDDEN; ++h) row[h] += delta_other[h];
            buffer.touched[stm] = 1;
            buffer.touched[other] = 1;
        }
    }
}

// Runs work(slice, begin, end) on `threads` contiguous slices of [0, count), slice 0 on the
// calling thread. The slices depend only on count and threads.
template <class Work>
inline void run_slices(int threads, std::size_t count, const Work& work) {
    const auto bound = [&](int t) { return count * std::size_t(t) / std::size_t(threads); };
    if (threads == 1) {
        work(0, std::size_t(0), count);
        return;
    }
    std::vector<std::thread> helpers;
    helpers.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { work(t, bound(t), bound(t + 1)); });
    work(0, std::size_t(0), bound(1));
    for (std::thread& helper : helpers) helper.join();
}

template <FeatureSet F>
double loss_sum(const FloatNetwork<F>& net, Positions<F> positions, double lambda, std::size_t begin, std::size_t end) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const double error = double(sigmoid(forward(net, positions[i]))) - training_target(positions[i], lambda);
        sum += error * error;
    }
    return sum;
}

template <FeatureSet F>
double mean_loss_threaded(const FloatNetwork<F>& net, Positions<F> positions, double lambda, int threads) {
    if (positions.empty()) return -1;
    std::vector<double> sums(std::size_t(threads), 0.0);
    run_slices(threads, positions.size(),
               [&](int t, std::size_t begin, std::size_t end) { sums[std::size_t(t)] = loss_sum(net, positions, lambda, begin, end); });
    return std::accumulate(sums.begin(), sums.end(), 0.0) / double(positions.size());
}

template <FeatureSet F>
struct Optimiser {
    FloatNetwork<F> first, second;  // Adam's moment estimates, zero at the start
    std::uint64_t steps = 0;

    // AdamW on the weights, clipped to the limits that keep the quantised sums in range (nnue.h);
    // plain Adam on the biases.
    void step(FloatNetwork<F>& net, const FloatNetwork<F>& grad, double learning_rate, double weight_decay) {
        ++steps;
        const AdamStep<float> s = AdamStep<float>::at(steps, learning_rate, weight_decay);
        adam_update<float>(net.w1, grad.w1, first.w1, second.w1, s, WeightDecay::On, W1_LIMIT);
        adam_update<float>(net.b1, grad.b1, first.b1, second.b1, s, WeightDecay::Off, 0.0f);
        adam_update<float>(net.w2, grad.w2, first.w2, second.w2, s, WeightDecay::On, W2_LIMIT<F>);
        net.b2 = adam_update(net.b2, grad.b2, first.b2, second.b2, s);
        limit_factorised_rows(net);
    }
};

// What carries from one epoch to the next, and so what a checkpoint holds besides the run's identity.
template <FeatureSet F>
struct TrainingState {
    FloatNetwork<F> net;
    Optimiser<F> optimiser;
    int completed_epochs = 0;
};

template <FeatureSet F>
double training_target(const TrainPosition<F>& position, double lambda) {
    return blended_target(position.result, position.has_score ? std::optional<int>(position.score) : std::nullopt, lambda, 1.0 / F::SCALE);
}

template <FeatureSet F>
TrainPosition<F> mirrored_files(const TrainPosition<F>& position) {
    TrainPosition<F> mirrored = position;
    for (int i = 0; i < position.count; ++i) mirrored.squares[i] = std::uint8_t(F::mirror(typename F::Square(position.squares[i])));
    return mirrored;
}

template <FeatureSet F>
PositionFeatures<F> features_of(const TrainPosition<F>& position) {
    PositionFeatures<F> f;
    f.count = position.count;
    const Color us = position.side_to_move;
    KingSquares<F> kings{};
    if constexpr (KingBucketed<F>)
        for (int i = 0; i < position.count; ++i)
            for (const Color c : {Color::White, Color::Black})
                if (typename F::Piece(position.pieces[i]) == F::king(c)) kings[index_of(c)] = typename F::Square(position.squares[i]);
    for (int i = 0; i < position.count; ++i) {
        const auto piece = typename F::Piece(position.pieces[i]);
        const auto square = typename F::Square(position.squares[i]);
        f.side_to_move[i] = feature_of<F>(us, piece, square, kings[index_of(us)]);
        f.other_side[i] = feature_of<F>(~us, piece, square, kings[index_of(~us)]);
    }
    return f;
}

// Conversion of a network without king buckets (F::Plain) into one of F's layout that evaluates
// exactly alike: every perspective starts as a copy of the plain first layer, its rows reordered
// on the mirrored half (a view whose king stands on e-h sees every square mirrored, so its row of
// (piece, square s) stands for the plain row of s mirrored); the rest is shared.
template <KingBucketed F>
std::unique_ptr<Network<F>> with_king_buckets(const Network<typename F::Plain>& plain) {
    auto net = std::make_unique<Network<F>>();
    for (int perspective = 0; perspective < F::PERSPECTIVES; ++perspective)
        for (int feature = 0; feature < F::PLAIN_INPUTS; ++feature) {
            const int source = F::mirrored_half(perspective) ? F::mirrored_plain_feature(feature) : feature;
            std::copy_n(plain.w1.begin() + std::ptrdiff_t(source) * F::HIDDEN, F::HIDDEN,
                        net->w1.begin() + std::ptrdiff_t(perspective * F::PLAIN_INPUTS + feature) * F::HIDDEN);
        }
    net->b1 = plain.b1;
    net->w2 = plain.w2;
    net->b2 = plain.b2;
    return net;
}

// features_of() and, with a factoriser, each piece's shared row after all the pieces' own rows,
// in the same order and view.
template <FeatureSet F>
PositionFeatures<F> training_features_of(const TrainPosition<F>& position) {
    PositionFeatures<F> f = features_of(position);
    if constexpr (factor_inputs<F>() > 0) {
        for (int i = 0; i < position.count; ++i) {
            f.side_to_move[position.count + i] = shared_row_of<F>(f.side_to_move[i]);
            f.other_side[position.count + i] = shared_row_of<F>(f.other_side[i]);
        }
        f.count = 2 * position.count;
    }
    return f;
}

// Moves what a feature's rows in all perspectives have in common (their mean) into its shared row,
// so that the perspectives' own rows start as their differences; the folded network stays the same but
// for float rounding. For a network read from a file, whose shared rows are zero.
template <FeatureSet F>
void centre_buckets(FloatNetwork<F>& net) {
    if constexpr (factor_inputs<F>() > 0) {
        for (int plain = 0; plain < F::PLAIN_INPUTS; ++plain) {
            float* shared = net.w1.data() + std::size_t(shared_row_of<F>(plain)) * F::HIDDEN;
            for (int h = 0; h < F::HIDDEN; ++h) {
                float mean = 0;
                for (int perspective = 0; perspective < F::PERSPECTIVES; ++perspective)
                    mean += net.w1[std::size_t(perspective * F::PLAIN_INPUTS + plain) * F::HIDDEN + std::size_t(h)];
                mean /= float(F::PERSPECTIVES);
                shared[h] += mean;
                for (int perspective = 0; perspective < F::PERSPECTIVES; ++perspective)
                    net.w1[std::size_t(perspective * F::PLAIN_INPUTS + plain) * F::HIDDEN + std::size_t(h)] -= mean;
            }
        }
    }
}

template <FeatureSet F>
FloatNetwork<F> initial_network(std::uint64_t seed) {
    SplitMix64 rng(mix_pair(seed, INIT_STREAM));
    const auto uniform = [&](double limit) { return float((2.0 * unit_interval(rng.next()) - 1.0) * limit); };
    FloatNetwork<F> net;
    const double w1_limit = 1.0 / std::sqrt(double(F::MAX_PIECES));
    const double w2_limit = 1.0 / std::sqrt(2.0 * F::HIDDEN);
    // The shared rows of a factoriser start at zero: the folded rows are then as without one.
    for (std::size_t i = 0; i < std::size_t(F::INPUTS) * F::HIDDEN; ++i) net.w1[i] = uniform(w1_limit);
    for (float& w : net.w2) w = uniform(w2_limit);
    return net;
}

template <FeatureSet F>
float forward(const FloatNetwork<F>& net, const TrainPosition<F>& position) {
    Accumulators<F> acc;
    accumulate(net, training_features_of(position), acc);
    return output_of(net, acc);
}

template <FeatureSet F>
double mean_loss(const FloatNetwork<F>& net, Positions<F> positions, double lambda) {
    return positions.empty() ? 0.0 : loss_sum(net, positions, lambda, 0, positions.size()) / double(positions.size());
}

template <FeatureSet F>
double loss_and_gradient(const FloatNetwork<F>& net, Positions<F> positions, double lambda, FloatNetwork<F>& gradient) {
    GradientBuffer<F> buffer;
    std::vector<std::uint32_t> all(positions.size());
    std::iota(all.begin(), all.end(), 0u);
    if (!positions.empty()) accumulate_gradient(net, positions, all, lambda, 1.0f / float(positions.size()), buffer);
    gradient = std::move(buffer.gradient);
    return positions.empty() ? 0.0 : buffer.loss_sum / double(positions.size());
}

template <FeatureSet F>
Network<F> quantise(const FloatNetwork<F>& net, int* clamped = nullptr) {
    int saturated = 0;
    const auto to_int = [&](double value, double low, double high) {
        const double rounded = std::round(value);
        if (rounded < low || rounded > high) ++saturated;
        return std::clamp(rounded, low, high);
    };
    constexpr double I16_MIN = std::numeric_limits<std::int16_t>::min(), I16_MAX = std::numeric_limits<std::int16_t>::max();
    constexpr double I32_MIN = std::numeric_limits<std::int32_t>::min(), I32_MAX = std::numeric_limits<std::int32_t>::max();
    Network<F> q{};
    for (int feature = 0; feature < F::INPUTS; ++feature)
        for (int h = 0; h < F::HIDDEN; ++h)
            q.w1[std::size_t(feature) * F::HIDDEN + std::size_t(h)] =
                std::int16_t(to_int(double(folded_weight(net, feature, h)) * QA, I16_MIN, I16_MAX));
    for (std::size_t i = 0; i < q.b1.size(); ++i) q.b1[i] = std::int16_t(to_int(double(net.b1[i]) * QA, I16_MIN, I16_MAX));
    for (std::size_t i = 0; i < q.w2.size(); ++i) q.w2[i] = std::int16_t(to_int(double(net.w2[i]) * QB, I16_MIN, I16_MAX));
    q.b2 = std::int32_t(to_int(double(net.b2) * QA * QB, I32_MIN, I32_MAX));
    if (clamped) *clamped = saturated;
    return q;
}

template <FeatureSet F>
FloatNetwork<F> dequantise(const Network<F>& net) {
    FloatNetwork<F> f;
    for (std::size_t i = 0; i < net.w1.size(); ++i) f.w1[i] = float(double(net.w1[i]) / QA);
    for (std::size_t i = 0; i < net.b1.size(); ++i) f.b1[i] = float(double(net.b1[i]) / QA);
    for (std::size_t i = 0; i < net.w2.size(); ++i) f.w2[i] = float(double(net.w2[i]) / QB);
    f.b2 = float(double(net.b2) / (double(QA) * QB));
    return f;
}

// The same feature set with a hidden layer of another width: the type of a narrower network that
// --init widens.
template <FeatureSet F, int Hidden>
struct WithHidden : F {
    static constexpr int HIDDEN = Hidden;
};

// A network of `Narrow` neurons widened to F::HIDDEN: each view's first Narrow neurons are the
// narrow network's (first-layer rows, biases, output weights); the others get initial_network's
// first-layer weights for `seed`, a zero bias and zero output weights. So the wide network
// evaluates every position exactly as the narrow one, and training starts from there: a new
// neuron's output weight has a gradient wherever the neuron is active, and its input weights
// follow once that weight is not zero.
template <FeatureSet F, int Narrow>
std::unique_ptr<Network<F>> widened(const Network<WithHidden<F, Narrow>>& narrow, std::uint64_t seed) {
    static_assert(Narrow < F::HIDDEN);
    auto net = std::make_unique<Network<F>>(quantise(initial_network<F>(seed)));
    for (int feature = 0; feature < F::INPUTS; ++feature)
        std::copy_n(&narrow.w1[std::size_t(feature) * Narrow], Narrow, &net->w1[std::size_t(feature) * F::HIDDEN]);
    std::fill(net->b1.begin(), net->b1.end(), std::int16_t(0));
    std::copy_n(narrow.b1.begin(), Narrow, net->b1.begin());
    std::fill(net->w2.begin(), net->w2.end(), std::int16_t(0));
    std::copy_n(narrow.w2.begin(), Narrow, net->w2.begin());                                       // side to move's view
    std::copy_n(narrow.w2.begin() + Narrow, Narrow, net->w2.begin() + std::ptrdiff_t(F::HIDDEN));  // the other view
    net->b2 = narrow.b2;
    return net;
}

// `read(network)` (an error, or nullopt once it has read one) tried as a network of 32, 64, 128, ...
// neurons up to F::HIDDEN's half; the first it reads is widened, and `width` says from what.
template <FeatureSet F, int Narrow = 32, class Read>
std::unique_ptr<Network<F>> widen_narrower(const Read& read, std::uint64_t seed, int& width) {
    if constexpr (Narrow >= F::HIDDEN) {
        return nullptr;
    } else {
        auto narrow = std::make_unique<Network<WithHidden<F, Narrow>>>();
        if (!read(*narrow)) {
            width = Narrow;
            return widened<F, Narrow>(*narrow, seed);
        }
        return widen_narrower<F, Narrow * 2>(read, seed, width);
    }
}

template <FeatureSet F>
double quantised_output(const Network<F>& net, const TrainPosition<F>& position) {
    const PositionFeatures<F> features = features_of(position);
    std::int64_t sum = 0;
    for (int view = 0; view < 2; ++view) {
        const auto& active = view == 0 ? features.side_to_move : features.other_side;
        for (int h = 0; h < F::HIDDEN; ++h) {
            std::int32_t acc = net.b1[h];
            for (int i = 0; i < features.count; ++i) acc += net.w1[std::size_t(active[i]) * F::HIDDEN + h];
            const std::int64_t c = std::clamp(acc, 0, QA);
            sum += std::int64_t(net.w2[view * F::HIDDEN + h]) * c * c;
        }
    }
    // b2 is at QA * QB, the products at QA * QA * QB.
    return double(sum + std::int64_t(net.b2) * QA) / (double(QA) * QA * QB);
}

inline int effective_decay_epoch(const TrainOptions& options) {
    return options.decay_epoch > 0 ? options.decay_epoch : options.epochs - options.epochs / 4 + 1;
}

// Reshuffles the training order in place for the next epoch: each epoch's order is the previous
// one's shuffled again, from the one stream of the seed.
inline void shuffle_for_epoch(std::vector<std::uint32_t>& order, SplitMix64& shuffle_rng) {
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[shuffle_rng.next() % i]);
}

// Called after each epoch with the state so far; false stops the training. Never takes part in
// deducing F (the callers pass lambdas).
template <FeatureSet F>
using AfterEpoch = std::type_identity_t<std::function<bool(const TrainingState<F>&)>>;

// Trains the state's network from its completed epochs on to options.epochs. After each epoch,
// progress(report), then after_epoch(state), which stops the training by returning false. A
// state taken after some epochs of a run and trained on with the same options and data ends
// exactly where the uninterrupted run does: the shuffles of the epochs done are replayed, and the
// state holds everything else that carries from one epoch to the next. Returns false if stopped.
template <FeatureSet F>
bool train_network(TrainingState<F>& state, Positions<F> train, Positions<F> validation, const TrainOptions& options,
                   const std::function<void(const EpochReport&)>& progress, const AfterEpoch<F>& after_epoch = {}) {
    FloatNetwork<F>& net = state.net;
    Optimiser<F>& optimiser = state.optimiser;
    const int threads = std::max(1, options.threads);
    const std::size_t batch_size = std::size_t(std::max(1, options.batch_size));
    std::vector<std::uint32_t> order(train.size());
    std::iota(order.begin(), order.end(), 0u);
    SplitMix64 shuffle_rng(mix_pair(options.seed, SHUFFLE_STREAM));
    for (int epoch = 1; epoch <= state.completed_epochs; ++epoch) shuffle_for_epoch(order, shuffle_rng);
    std::vector<GradientBuffer<F>> buffers(static_cast<std::size_t>(threads));
    const int decay_epoch = effective_decay_epoch(options);

    for (int epoch = state.completed_epochs + 1; epoch <= options.epochs; ++epoch) {
        const auto start = std::chrono::steady_clock::now();
        const double learning_rate = options.learning_rate * (epoch >= decay_epoch ? DECAY_FACTOR : 1.0);
        shuffle_for_epoch(order, shuffle_rng);

        double epoch_loss = 0;
        for (std::size_t first = 0; first < order.size(); first += batch_size) {
            const std::span<const std::uint32_t> batch(order.data() + first, std::min(batch_size, order.size() - first));
            const float scale = 1.0f / float(batch.size());
            run_slices(threads, batch.size(), [&](int t, std::size_t begin, std::size_t end) {
                accumulate_gradient(net, train, batch.subspan(begin, end - begin), options.lambda, scale, buffers[std::size_t(t)]);
            });
            for (std::size_t t = 1; t < buffers.size(); ++t) buffers[0].add(buffers[t]);
            epoch_loss += buffers[0].loss_sum;
            optimiser.step(net, buffers[0].gradient, learning_rate, options.weight_decay);
            for (GradientBuffer<F>& buffer : buffers) buffer.clear();
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

        EpochReport report;
        report.epoch = epoch;
        report.learning_rate = learning_rate;
        report.train_loss = train.empty() ? 0.0 : epoch_loss / double(train.size());
        report.validation_loss = mean_loss_threaded(net, validation, options.lambda, threads);
        report.positions_per_second = seconds > 0 ? double(train.size()) / seconds : 0.0;
        state.completed_epochs = epoch;
        if (progress) progress(report);
        if (after_epoch && !after_epoch(state)) return false;
    }
    return true;
}

// A whole run from `net`.
template <FeatureSet F>
void train_network(FloatNetwork<F>& net, Positions<F> train, Positions<F> validation, const TrainOptions& options,
                   const std::function<void(const EpochReport&)>& progress = {}) {
    TrainingState<F> state;
    state.net = std::move(net);
    train_network(state, train, validation, options, progress);
    net = std::move(state.net);
}

// The pieces of a checkpoint that are the game's (nnue_checkpoint.h has the file): the float
// networks as its tensors, hashes of a network and of the data, and the run's identity.

template <FeatureSet F>
std::vector<std::vector<float>> checkpoint_tensors(const TrainingState<F>& state) {
    std::vector<std::vector<float>> tensors;
    for (const FloatNetwork<F>* net : {&state.net, &state.optimiser.first, &state.optimiser.second}) {
        tensors.push_back(net->w1);
        tensors.push_back(net->b1);
        tensors.push_back(net->w2);
        tensors.push_back({net->b2});
    }
    return tensors;
}

// The state of a checkpoint whose run is of F's network (run_mismatch() said so); what is wrong
// with its tensors instead.
template <FeatureSet F>
std::optional<std::string> restore_checkpoint(const Checkpoint& checkpoint, TrainingState<F>& state) {
    const std::vector<std::vector<float>> expected = checkpoint_tensors(TrainingState<F>{});
    if (checkpoint.tensors.size() != expected.size())
        return fmt::format("checkpoint has {} tensors, not {}", checkpoint.tensors.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (checkpoint.tensors[i].size() != expected[i].size())
            return fmt::format("checkpoint's tensor {} has {} values, not {}", i, checkpoint.tensors[i].size(), expected[i].size());
    if (checkpoint.completed_epochs < 0) return fmt::format("checkpoint has {} epochs done", checkpoint.completed_epochs);
    std::size_t next = 0;
    for (FloatNetwork<F>* net : {&state.net, &state.optimiser.first, &state.optimiser.second}) {
        net->w1 = checkpoint.tensors[next++];
        net->b1 = checkpoint.tensors[next++];
        net->w2 = checkpoint.tensors[next++];
        net->b2 = checkpoint.tensors[next++][0];
    }
    state.optimiser.steps = checkpoint.optimiser_steps;
    state.completed_epochs = checkpoint.completed_epochs;
    return std::nullopt;
}

template <FeatureSet F>
std::uint64_t network_hash(const FloatNetwork<F>& net) {
    std::uint64_t hash = F::INPUTS;
    for (const std::vector<float>* weights : {&net.w1, &net.b1, &net.w2})
        for (const float w : *weights) hash = mix_pair(hash, std::bit_cast<std::uint32_t>(w));
    return mix_pair(hash, std::bit_cast<std::uint32_t>(net.b2));
}

// The positions in their order, label and all; a few words a position, so cheap next to an epoch.
template <FeatureSet F>
DataFingerprint data_fingerprint(Positions<F> train, Positions<F> validation) {
    DataFingerprint fingerprint;
    fingerprint.train_positions = train.size();
    fingerprint.validation_positions = validation.size();
    std::uint64_t hash = 0;
    for (const Positions<F> positions : {train, validation})
        for (const TrainPosition<F>& p : positions) {
            hash = mix_pair(hash, std::uint64_t(p.count) | std::uint64_t(p.side_to_move == Color::White) << 8 |
                                      std::uint64_t(p.has_score) << 9 | std::uint64_t(std::uint16_t(p.score)) << 16 |
                                      std::uint64_t(std::bit_cast<std::uint32_t>(p.result)) << 32);
            std::uint64_t placement = 0;
            for (int i = 0; i < p.count; ++i) {
                placement = placement << 16 | std::uint64_t(p.pieces[i]) << 8 | p.squares[i];
                if (i % 4 == 3 || i == p.count - 1) hash = mix_pair(hash, placement);
            }
        }
    fingerprint.hash = hash;
    return fingerprint;
}

// Reads the files (training_data.h); whole games go to validation, each with probability
// `validation_fraction`, by ValidationSplit with this seed. Returns what could not be read, if
// anything. set_fen(pos, fen) reads a record's FEN into the scratch position (false: invalid).
// With `mirror_files`, each training position for which mirrorable(pos) holds is followed by its
// mirrored_files() copy (validation positions are never mirrored, so the validation loss stays
// comparable).
template <FeatureSet F, class Position, class SetFen, class Mirrorable>
std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData<F>& data, bool mirror_files, Position& pos,
                                              const SetFen& set_fen, const Mirrorable& mirrorable) {
    const ValidationSplit split(validation_fraction, seed);
    std::uint64_t rejected = 0;
    DataFileStats stats;
    const auto error = read_records(
        paths,
        [&](const DataRecord& record, std::uint64_t game) {
            if (!record.score && lambda < 1) {
                ++data.unscored_lines;
                return;
            }
            const std::optional<TrainPosition<F>> position =
                set_fen(pos, record.fen) ? train_position_of<F>(pos, record.result, record.score) : std::nullopt;
            if (!position) {
                ++rejected;
                return;
            }
            const bool held_out = split.holds_out(game);
            (held_out ? data.validation : data.train).push_back(*position);
            if (mirror_files && !held_out && mirrorable(pos)) {
                data.train.push_back(mirrored_files(*position));
                ++data.mirrored;
            }
        },
        stats);
    data.lines += stats.lines;
    data.bad_lines += stats.bad_lines + rejected;
    return error;
}

constexpr const char* TRAIN_USAGE =
    "usage: sen nnue-train [--variant chess|xiangqi] --data FILE[,FILE...] --out NET [--epochs 20] [--batch 16384]\n"
    "                      [--lr 0.001] [--lambda 0.5] [--threads 1] [--seed 1] [--validation 0.05] [--decay-epoch N] [--mirror]\n"
    "                      [--init NET] [--checkpoint FILE]\n"
    "       --lambda L      target = L * result + (1 - L) * sigmoid(score / 170); lines without a score\n"
    "                       are used only with --lambda 1\n"
    "       --decay-epoch N the rate is a tenth from epoch N on (default: the last quarter of the epochs)\n"
    "       --validation F  fraction of the games held out to measure the loss on (0 <= F < 1)\n"
    "       --variant V     the game of the data and the network (default chess)\n"
    "       --mirror        also train on each training position reflected left to right (in chess those\n"
    "                       without castling rights): the same value by the symmetry of the rules\n"
    "       --init NET      start from this network file (or <built-in>, the one in this binary) instead\n"
    "                       of random weights: more training for an existing network. In a build with\n"
    "                       king buckets, a network without them is converted (docs/nnue.md); a network\n"
    "                       with a narrower hidden layer (32, 64, 128, ... neurons) is widened\n"
    "       --epochs 0      no training and no --data: writes the --init network, converted to this\n"
    "                       build's layout\n"
    "       --checkpoint FILE\n"
    "                       save the training state to FILE after every epoch; if FILE exists, resume\n"
    "                       from it: the same options and data, except that --epochs may change when\n"
    "                       --decay-epoch is given as the checkpoint's\n";

template <class T>
std::optional<T> parse_train_number(const std::string& text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || stop != end) return std::nullopt;
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value)) return std::nullopt;
    return value;
}

inline int usage_error(const std::string& message) {
    fmt::print(stderr, "error: {}\n{}", message, TRAIN_USAGE);
    return 2;
}

inline std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}

// Writes a serialised network to `path`; false (and an error on stderr) if it cannot.
inline bool write_network_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    if (!out) fmt::print(stderr, "error: cannot write {}\n", path);
    return bool(out);
}

// `sen nnue-train` for the game of F (tools/nnue_train.h has the arguments; --variant is read
// there). `embedded` is the network built into the binary, for --init <built-in> (empty: none);
// load(paths, lambda, validation_fraction, seed, data, mirror) reads the data.
template <FeatureSet F, class Load>
int run_train_command(const std::vector<std::string>& args, std::span<const unsigned char> embedded, const Load& load) {
    std::vector<std::string> data_paths;
    std::string out_path;
    TrainOptions options;
    double validation_fraction = 0.05;
    bool mirror_files = false;
    std::string init_path;        // empty: random weights from the seed
    std::string checkpoint_path;  // empty: none
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& name = args[i];
        if (name == "--mirror") {
            mirror_files = true;
            continue;
        }
        const bool known = name == "--data" || name == "--out" || name == "--epochs" || name == "--batch" || name == "--lr" ||
                           name == "--lambda" || name == "--threads" || name == "--seed" || name == "--validation" ||
                           name == "--decay-epoch" || name == "--init" || name == "--checkpoint";
        if (!known) return usage_error(fmt::format("unknown argument '{}'", name));
        if (i + 1 >= args.size()) return usage_error(fmt::format("{} needs a value", name));
        const std::string& value = args[++i];
        const auto bad_value = [&](const char* expected) { return usage_error(fmt::format("{} {}: expected {}", name, value, expected)); };
        if (name == "--data") {
            for (const std::string& path : split_commas(value)) {
                if (path.empty()) return bad_value("file names separated by commas");
                data_paths.push_back(path);
            }
        } else if (name == "--out") {
            if (value.empty()) return bad_value("a file name");
            out_path = value;
        } else if (name == "--epochs") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 0 || *n > 100000) return bad_value("a whole number of epochs, 0 to 100000");
            options.epochs = *n;
        } else if (name == "--batch") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1 || *n > (1 << 24)) return bad_value("a batch size, 1 to 16777216");
            options.batch_size = *n;
        } else if (name == "--lr") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x > 0) || *x > 1) return bad_value("a learning rate above 0, at most 1");
            options.learning_rate = *x;
        } else if (name == "--lambda") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x >= 0 && *x <= 1)) return bad_value("a number from 0 to 1");
            options.lambda = *x;
        } else if (name == "--threads") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1 || *n > 256) return bad_value("a thread count, 1 to 256");
            options.threads = *n;
        } else if (name == "--seed") {
            const auto n = parse_train_number<std::uint64_t>(value);
            if (!n) return bad_value("a whole number, 0 to 2^64 - 1");
            options.seed = *n;
        } else if (name == "--validation") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x >= 0 && *x < 1)) return bad_value("a fraction, at least 0 and below 1");
            validation_fraction = *x;
        } else if (name == "--decay-epoch") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1) return bad_value("an epoch number, 1 or more");
            options.decay_epoch = *n;
        } else if (name == "--init") {
            if (value.empty()) return bad_value("a network file or <built-in>");
            init_path = value;
        } else if (name == "--checkpoint") {
            if (value.empty()) return bad_value("a file name");
            checkpoint_path = value;
        }
    }
    const bool convert_only = options.epochs == 0;
    if (convert_only && init_path.empty()) return usage_error("--epochs 0 needs --init");
    if (data_paths.empty() && !convert_only) return usage_error("--data is required");
    if (out_path.empty()) return usage_error("--out is required");
    for (const auto& [option, path] : {std::pair{"--out", out_path}, std::pair{"--checkpoint", checkpoint_path}}) {
        const std::filesystem::path dir = std::filesystem::path(path).parent_path();
        std::error_code ignored;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ignored))
            return usage_error(fmt::format("{} {}: no directory {}", option, path, dir.string()));
    }

    // The starting network is read before the data, so that a bad file fails fast.
    FloatNetwork<F> starting_network = initial_network<F>(options.seed);
    if (!init_path.empty()) {
        auto start_from = std::make_unique<Network<F>>();
        const bool built_in = init_path == "<built-in>";
        auto problem = built_in && embedded.empty() ? fmt::format("this build has no built-in {} network", F::NAME)
                       : built_in                   ? parse_network(embedded, *start_from)
                                                    : read_network_file(init_path, *start_from);
        if constexpr (KingBucketed<F>) {
            // A network without king buckets becomes one with them.
            auto plain = std::make_unique<Network<typename F::Plain>>();
            if (problem && !built_in && !read_network_file(init_path, *plain)) {
                problem = std::nullopt;
                start_from = with_king_buckets<F>(*plain);
                fmt::print("--init {}: converted to {} king buckets; it evaluates exactly as the plain network\n", init_path,
                           F::KING_BUCKETS);
            }
        }
        if (problem) {
            // A network of the same inputs with a narrower hidden layer is widened.
            const auto read = [&](auto& narrow) {
                return built_in ? parse_network(embedded, narrow) : read_network_file(init_path, narrow);
            };
            int narrow_width = 0;
            if (auto wide = widen_narrower<F>(read, options.seed, narrow_width)) {
                problem = std::nullopt;
                start_from = std::move(wide);
                fmt::print("--init {}: widened from {} to {} neurons; the new ones have zero output weights, so it evaluates as "
                           "the narrower network\n",
                           init_path, narrow_width, F::HIDDEN);
            }
        }
        if (problem) {
            fmt::print(stderr, "error: --init {}: {}\n", init_path, *problem);
            return 1;
        }
        if (convert_only) {
            // Written as read: no float round trip, so nothing but the conversion can change it.
            const std::string bytes = serialise_network(*start_from);
            if (!write_network_bytes(out_path, bytes)) return 1;
            fmt::print("wrote {} ({} bytes), no training (--epochs 0)\n", out_path, bytes.size());
            return 0;
        }
        starting_network = dequantise(*start_from);
        // With king buckets, what the buckets share goes to the factoriser's shared rows.
        centre_buckets(starting_network);
    }
    const int decay_epoch = effective_decay_epoch(options);

    // The run's identity, and the checkpoint it continues if there is one: both checked before the
    // data is read, so that a mismatch fails fast.
    CheckpointRun run;
    run.network = std::string(F::NAME);
    run.inputs = F::INPUTS;
    run.hidden = F::HIDDEN;
    run.epochs = options.epochs;
    run.batch_size = options.batch_size;
    run.learning_rate = options.learning_rate;
    run.lambda = options.lambda;
    run.seed = options.seed;
    run.decay_epoch = decay_epoch;
    run.weight_decay = options.weight_decay;
    run.threads = options.threads;
    run.mirror = mirror_files;
    run.validation_fraction = validation_fraction;
    run.init = init_path;
    run.initial_network = network_hash(starting_network);
    TrainingState<F> state;
    state.net = std::move(starting_network);
    std::optional<Checkpoint> resumed;
    std::error_code ignored;
    if (!checkpoint_path.empty() && std::filesystem::exists(checkpoint_path, ignored)) {
        resumed.emplace();
        auto problem = read_checkpoint_file(checkpoint_path, *resumed);
        if (!problem) problem = run_mismatch(resumed->run, run, resumed->completed_epochs);
        if (!problem) problem = restore_checkpoint(*resumed, state);
        if (problem) {
            fmt::print(stderr, "error: --checkpoint {}: {}\n", checkpoint_path, *problem);
            return 1;
        }
    }

    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    TrainingData<F> data;
    if (const auto error = load(data_paths, options.lambda, validation_fraction, options.seed, data, mirror_files)) {
        fmt::print(stderr, "error: {}\n", *error);
        return 1;
    }
    fmt::print("loaded {} positions ({} training, {} validation) from {} lines in {:.1f} s; {} bad lines",
               data.train.size() + data.validation.size(), data.train.size(), data.validation.size(), data.lines, elapsed(),
               data.bad_lines);
    if (options.lambda < 1) fmt::print(", {} lines without a score skipped (--lambda below 1)", data.unscored_lines);
    if (mirror_files) fmt::print(", {} of the training positions are mirrored copies", data.mirrored);
    fmt::print("\n");
    if (data.train.empty()) {
        fmt::print(stderr, "error: no training positions in {}\n", fmt::join(data_paths, ", "));
        return 1;
    }
    const DataFingerprint fingerprint = checkpoint_path.empty() ? DataFingerprint{} : data_fingerprint<F>(data.train, data.validation);
    if (resumed)
        if (const auto problem = data_mismatch(resumed->data, fingerprint)) {
            fmt::print(stderr, "error: --checkpoint {}: {}\n", checkpoint_path, *problem);
            return 1;
        }
    fmt::print("{} network {} -> 2x{} -> 1 from {}; {} epochs, batch {}, lr {}{}, lambda {}, {} thread{}, seed {}\n", F::NAME, F::INPUTS,
               F::HIDDEN, init_path.empty() ? std::string("random weights") : init_path, options.epochs, options.batch_size,
               options.learning_rate,
               decay_epoch <= options.epochs ? fmt::format(" (x{} from epoch {})", DECAY_FACTOR, decay_epoch) : std::string(),
               options.lambda, options.threads, options.threads == 1 ? "" : "s", options.seed);

    const auto loss_text = [](double loss) { return loss < 0 ? std::string("n/a") : fmt::format("{:.6f}", loss); };
    if (resumed) {
        fmt::print("resumed from {} after epoch {}\n", checkpoint_path, state.completed_epochs);
        if (state.completed_epochs >= options.epochs)
            fmt::print("all {} epochs are done in the checkpoint: writing the network\n", options.epochs);
    } else {
        fmt::print("epoch {:>3}  train {:.6f}  validation {}\n", 0,
                   mean_loss_threaded(state.net, data.train, options.lambda, options.threads),
                   loss_text(mean_loss_threaded(state.net, data.validation, options.lambda, options.threads)));
    }
    std::fflush(stdout);
    const auto report_epoch = [&](const EpochReport& r) {
        fmt::print("epoch {:>3}  lr {:.6f}  train {:.6f}  validation {}  {:.0f} positions/s  {:.1f} s\n", r.epoch, r.learning_rate,
                   r.train_loss, loss_text(r.validation_loss), r.positions_per_second, elapsed());
        std::fflush(stdout);
    };
    // Written after every epoch, the last included: a run stopped after it only has the network
    // left to write.
    const auto save_checkpoint = [&](const TrainingState<F>& trained) {
        if (checkpoint_path.empty()) return true;
        Checkpoint checkpoint;
        checkpoint.run = run;
        checkpoint.data = fingerprint;
        checkpoint.completed_epochs = trained.completed_epochs;
        checkpoint.optimiser_steps = trained.optimiser.steps;
        checkpoint.tensors = checkpoint_tensors(trained);
        if (const auto problem = write_checkpoint_file(checkpoint_path, checkpoint)) {
            fmt::print(stderr, "error: --checkpoint: {}\n", *problem);
            return false;
        }
        return true;
    };
    if (!train_network(state, data.train, data.validation, options, report_epoch, save_checkpoint)) return 1;
    const FloatNetwork<F>& net = state.net;

    int clamped = 0;
    const Network<F> quantised = quantise(net, &clamped);
    const bool on_validation = !data.validation.empty();
    const std::vector<TrainPosition<F>>& sample_from = on_validation ? data.validation : data.train;
    const std::size_t sample = std::min(QUANTISATION_SAMPLE, sample_from.size());
    double total_difference = 0, max_difference = 0, float_loss = 0, quantised_loss = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        const TrainPosition<F>& p = sample_from[i];
        const double float_out = forward(net, p), quantised_out = quantised_output(quantised, p);
        const double difference = std::abs(quantised_out - float_out) * F::SCALE;
        total_difference += difference;
        max_difference = std::max(max_difference, difference);
        const double target = training_target(p, options.lambda);
        float_loss += std::pow(1.0 / (1.0 + std::exp(-float_out)) - target, 2);
        quantised_loss += std::pow(1.0 / (1.0 + std::exp(-quantised_out)) - target, 2);
    }
    if (sample > 0) {
        fmt::print(
            "quantised vs float on {} {} positions: mean |difference| {:.3f} cp, max {:.3f} cp; loss {:.6f} quantised, {:.6f} float\n",
            sample, on_validation ? "validation" : "training", total_difference / double(sample), max_difference,
            quantised_loss / double(sample), float_loss / double(sample));
    }
    if (clamped > 0) fmt::print("warning: {} quantised values were clamped to their integer range\n", clamped);

    const std::string bytes = serialise_network(quantised);
    if (!write_network_bytes(out_path, bytes)) return 1;
    fmt::print("wrote {} ({} bytes) in {:.1f} s\n", out_path, bytes.size(), elapsed());
    return 0;
}

}  // namespace sen::nn
