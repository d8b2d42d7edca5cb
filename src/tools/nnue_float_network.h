// The network of nnue/network.h in floating point, as `sen nnue-train` fits it (nnue_trainer.h):
// its weights (with king buckets, the factoriser's shared rows after the engine's), its forward
// pass and its random start.
// initial_network(): w1 uniform in +-1/sqrt(MAX_PIECES), so a sum over the pieces lands around the
// bend of screlu, w2 uniform in +-1/sqrt(2 * HIDDEN) (every output bucket alike), biases zero. forward(): the output before the
// sigmoid, from the side to move's view.
// Owns: the float weights' layout, the forward pass and the seed's generator streams. Never
// touches the quantised network or the optimiser.
// Invariant (kept by the optimiser, nnue_optimiser.h): |w1| <= W1_LIMIT (with a factoriser, each
// row and each folded row, a bucket's plus its shared one) and |w2| <= W2_LIMIT, so the quantised
// sums cannot overflow (nnue/network.h).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/prng.h"
#include "nnue/network.h"
#include "tools/nnue_train_position.h"

namespace sen::nn {

// The network in floats, laid out as Network<F> (w1 row by row, row = input feature) but for the
// shared rows after the engine's (TRAIN_INPUTS). All zeros as constructed, which is what a
// gradient or an optimiser's moments start from.
template <FeatureSet F>
struct FloatNetwork {
    std::vector<float> w1 = std::vector<float>(std::size_t(TRAIN_INPUTS<F>) * F::HIDDEN);
    std::vector<float> b1 = std::vector<float>(F::HIDDEN);
    std::vector<float> w2 = std::vector<float>(std::size_t(output_buckets<F>()) * 2 * F::HIDDEN);  // bucket by bucket
    std::vector<float> b2 = std::vector<float>(std::size_t(output_buckets<F>()));
};

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

// Streams of the seed's generators, so that changing how one is used never moves another (the
// validation split's stream is training_data.cpp's).
constexpr std::uint64_t INIT_STREAM = 0x494E4954;     // "INIT"
constexpr std::uint64_t SHUFFLE_STREAM = 0x53485546;  // "SHUF"

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

// The output from the accumulators by output bucket `bucket`, with its sum split over independent
// lanes: the compiler vectorises it without reassociating floats on its own, and the order is fixed.
template <FeatureSet F>
float output_of(const FloatNetwork<F>& net, const Accumulators<F>& acc, int bucket) {
    constexpr int LANES = 8;
    const float* w2 = net.w2.data() + std::size_t(bucket) * 2 * F::HIDDEN;
    std::array<float, LANES> lanes{};
    for (int h = 0; h < F::HIDDEN; h += LANES)
        for (int l = 0; l < LANES; ++l)
            lanes[l] += w2[h + l] * screlu(acc.side_to_move[h + l]) + w2[F::HIDDEN + h + l] * screlu(acc.other_side[h + l]);
    float sum = net.b2[std::size_t(bucket)];
    for (const float lane : lanes) sum += lane;
    return sum;
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
    // The output buckets start equal, so that they part only as their positions teach them.
    for (int i = 0; i < 2 * F::HIDDEN; ++i) net.w2[std::size_t(i)] = uniform(w2_limit);
    for (int bucket = 1; bucket < output_buckets<F>(); ++bucket)
        std::copy_n(net.w2.begin(), 2 * F::HIDDEN, net.w2.begin() + std::ptrdiff_t(bucket) * 2 * F::HIDDEN);
    return net;
}

template <FeatureSet F>
float forward(const FloatNetwork<F>& net, const TrainPosition<F>& position) {
    Accumulators<F> acc;
    accumulate(net, training_features_of(position), acc);
    return output_of(net, acc, output_bucket<F>(position.count));
}

}  // namespace sen::nn
