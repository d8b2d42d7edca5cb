// The loss `sen nnue-train` minimises (nnue_trainer.h) and its exact gradient: the mean of
// (sigmoid(out) - target)^2 over the positions (mean_loss(), loss_and_gradient()), computed over
// threads in fixed slices whose sums are added in slice order, so a result depends only on the
// positions, the network and the thread count.
// Owns: the loss, the gradient buffers and the slicing of work over threads. Never steps the
// weights (nnue_optimiser.h does).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <thread>
#include <vector>

#include "tools/nnue_float_network.h"
#include "tools/nnue_train_position.h"

namespace sen::nn {

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
        std::fill(gradient.b2.begin(), gradient.b2.end(), 0.0f);
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
        for (std::size_t i = 0; i < gradient.w2.size(); ++i) gradient.w2[i] += other.gradient.w2[i];
        for (std::size_t i = 0; i < gradient.b2.size(); ++i) gradient.b2[i] += other.gradient.b2[i];
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
        const int bucket = output_bucket<F>(position.count);
        const std::size_t w2_at = std::size_t(bucket) * 2 * F::HIDDEN;
        const float prediction = sigmoid(output_of(net, acc, bucket));
        const float error = prediction - float(training_target(position, lambda));
        buffer.loss_sum += double(error) * error;
        // d(error^2)/d(out) through the sigmoid.
        const float g = 2.0f * error * prediction * (1.0f - prediction) * scale;
        grad.b2[std::size_t(bucket)] += g;
        float* grad_w2 = grad.w2.data() + w2_at;
        const float* w2 = net.w2.data() + w2_at;
        for (int h = 0; h < F::HIDDEN; ++h) {
            const float a = acc.side_to_move[h], b = acc.other_side[h];
            grad_w2[h] += g * screlu(a);
            grad_w2[F::HIDDEN + h] += g * screlu(b);
            delta_stm[h] = a > 0.0f && a < 1.0f ? g * w2[h] * 2.0f * a : 0.0f;
            delta_other[h] = b > 0.0f && b < 1.0f ? g * w2[F::HIDDEN + h] * 2.0f * b : 0.0f;
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

}  // namespace sen::nn
