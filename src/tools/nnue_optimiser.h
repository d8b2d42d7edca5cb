// The optimiser step of `sen nnue-train` (nnue_trainer.h): AdamW (adam.h) on the float network,
// with the clipping that keeps the quantised sums in range (nnue/network.h).
// Owns: the moment estimates and the step count. Never decides the learning rate (the training
// loop's schedule does).
#pragma once

#include <cstdint>

#include "nnue/network.h"
#include "tools/adam.h"
#include "tools/nnue_float_network.h"

namespace sen::nn {

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
        adam_update<float>(net.w2, grad.w2, first.w2, second.w2, s, WeightDecay::On, W2_LIMIT);
        adam_update<float>(net.b2, grad.b2, first.b2, second.b2, s, WeightDecay::Off, 0.0f);
        limit_factorised_rows(net);
    }
};

}  // namespace sen::nn
