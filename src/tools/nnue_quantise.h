// The float network of `sen nnue-train` to the engine's integer one and back: quantise() (rounded
// at QA, QB and QA * QB and clamped to the integer types, counting the clamped values; with a
// factoriser, the shared rows folded into the buckets'), dequantise() (its inverse:
// quantise(dequantise(n)) == n) and quantised_output() (the quantised network's output in float
// units, computed exactly in integers: what the engine will see).
// Owns: the rounding and its exact integer check. Never touches the file format (network_file.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "nnue/network.h"
#include "tools/nnue_float_network.h"
#include "tools/nnue_train_position.h"

namespace sen::nn {

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
    for (std::size_t i = 0; i < q.b2.size(); ++i) q.b2[i] = std::int32_t(to_int(double(net.b2[i]) * QA * QB, I32_MIN, I32_MAX));
    if (clamped) *clamped = saturated;
    return q;
}

template <FeatureSet F>
FloatNetwork<F> dequantise(const Network<F>& net) {
    FloatNetwork<F> f;
    for (std::size_t i = 0; i < net.w1.size(); ++i) f.w1[i] = float(double(net.w1[i]) / QA);
    for (std::size_t i = 0; i < net.b1.size(); ++i) f.b1[i] = float(double(net.b1[i]) / QA);
    for (std::size_t i = 0; i < net.w2.size(); ++i) f.w2[i] = float(double(net.w2[i]) / QB);
    for (std::size_t i = 0; i < net.b2.size(); ++i) f.b2[i] = float(double(net.b2[i]) / (double(QA) * QB));
    return f;
}

template <FeatureSet F>
double quantised_output(const Network<F>& net, const TrainPosition<F>& position) {
    const PositionFeatures<F> features = features_of(position);
    const int bucket = output_bucket<F>(position.count);
    std::int64_t sum = 0;
    for (int view = 0; view < 2; ++view) {
        const auto& active = view == 0 ? features.side_to_move : features.other_side;
        for (int h = 0; h < F::HIDDEN; ++h) {
            std::int32_t acc = net.b1[h];
            for (int i = 0; i < features.count; ++i) acc += net.w1[std::size_t(active[i]) * F::HIDDEN + h];
            const std::int64_t c = std::clamp(acc, 0, QA);
            sum += std::int64_t(net.w2[std::size_t((2 * bucket + view) * F::HIDDEN + h)]) * c * c;
        }
    }
    // b2 is at QA * QB, the products at QA * QA * QB.
    return double(sum + std::int64_t(net.b2[std::size_t(bucket)]) * QA) / (double(QA) * QA * QB);
}

}  // namespace sen::nn
