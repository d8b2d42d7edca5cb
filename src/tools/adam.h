// Adam (Kingma and Ba, 2015) with AdamW's decoupled weight decay (Loshchilov and Hutter, 2019):
// the optimiser step of both trainers, `sen tune` (in doubles) and `sen nnue-train` (in floats).
//
// Each parameter keeps two moment estimates, zero at the start; a step moves it by about the
// learning rate whatever the size of its gradient, so rarely seen features learn as fast as
// common ones.
// Owns: the update rule and its constants. Never decides the learning-rate schedule, which
// parameters move, or the bounds they are clipped to: those are the caller's.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <span>

namespace sen {

constexpr double ADAM_BETA1 = 0.9;
constexpr double ADAM_BETA2 = 0.999;
constexpr double ADAM_EPSILON = 1e-8;

// What one step needs besides the parameters, in the parameters' type.
template <std::floating_point T>
struct AdamStep {
    T learning_rate;
    T weight_decay;      // AdamW's, for the parameters stepped with decay
    T bias_correction1;  // 1 - beta1^t
    T bias_correction2;  // 1 - beta2^t

    // Step `t` (from 1) at this rate and decay.
    static AdamStep at(std::uint64_t t, double learning_rate, double weight_decay = 0) {
        return {T(learning_rate), T(weight_decay), T(1.0 - std::pow(ADAM_BETA1, double(t))), T(1.0 - std::pow(ADAM_BETA2, double(t)))};
    }
};

enum class WeightDecay : std::uint8_t { Off, On };

// One parameter's step: updates its moments and returns its new value (unclipped).
template <std::floating_point T>
T adam_update(T param, T grad, T& first, T& second, const AdamStep<T>& step, WeightDecay decay = WeightDecay::Off) {
    const T beta1 = T(ADAM_BETA1), beta2 = T(ADAM_BETA2), epsilon = T(ADAM_EPSILON);
    const T shrink = decay == WeightDecay::On ? T(1) - step.learning_rate * step.weight_decay : T(1);
    first = beta1 * first + (T(1) - beta1) * grad;
    second = beta2 * second + (T(1) - beta2) * grad * grad;
    const T m = first / step.bias_correction1, v = second / step.bias_correction2;
    return param * shrink - step.learning_rate * m / (std::sqrt(v) + epsilon);
}

// The step of a block of parameters; with `limit` > 0 each is then clipped to +-limit. The four
// spans have the same size.
template <std::floating_point T>
void adam_update(std::span<T> params, std::span<const T> grads, std::span<T> first, std::span<T> second, const AdamStep<T>& step,
                 WeightDecay decay, T limit) {
    for (std::size_t i = 0; i < params.size(); ++i) {
        const T p = adam_update(params[i], grads[i], first[i], second[i], step, decay);
        params[i] = limit > 0 ? std::clamp(p, -limit, limit) : p;
    }
}

}  // namespace sen
