// Tests of the optimiser step both trainers share (adam.h): the first step moves each parameter
// by the learning rate whatever its gradient's size, weight decay and clipping act only where
// asked, the block step is the parameter step, and steps in floats and doubles minimise a
// quadratic.
#include <catch2/catch.hpp>

#include <cmath>
#include <span>
#include <vector>

#include "tools/adam.h"

namespace sen {

TEMPLATE_TEST_CASE("Adam's first step moves by the learning rate against the gradient", "[adam]", float, double) {
    const AdamStep<TestType> step = AdamStep<TestType>::at(1, 0.01);
    CHECK(step.bias_correction1 == Approx(0.1));
    CHECK(step.bias_correction2 == Approx(0.001));
    for (const double g : {1e-3, 1.0, 1e3, -5.0}) {
        INFO("gradient " << g);
        TestType first = 0, second = 0;
        const TestType p = adam_update(TestType(2), TestType(g), first, second, step);
        CHECK(double(p) == Approx(2 - 0.01 * (g > 0 ? 1 : -1)).epsilon(1e-4));
        CHECK(double(first) == Approx(0.1 * g).epsilon(1e-4));
        CHECK(double(second) == Approx(0.001 * g * g).epsilon(1e-4));
    }
    // No gradient yet: the parameter stays exactly where it is, unless it decays.
    TestType first = 0, second = 0;
    CHECK(adam_update(TestType(2), TestType(0), first, second, step) == TestType(2));
    const AdamStep<TestType> decaying = AdamStep<TestType>::at(1, 0.01, 0.5);
    CHECK(adam_update(TestType(2), TestType(0), first, second, decaying) == TestType(2));
    CHECK(double(adam_update(TestType(2), TestType(0), first, second, decaying, WeightDecay::On)) == Approx(2 * (1 - 0.01 * 0.5)));
}

TEST_CASE("Adam's block step is the parameter step, clipped when asked", "[adam]") {
    std::vector<float> params = {0.5f, -0.5f, 0.0f, 0.2f}, grads = {-1.0f, 1.0f, 0.3f, 0.0f};
    std::vector<float> first(4), second(4), clipped = params, first2(4), second2(4);
    const AdamStep<float> step = AdamStep<float>::at(1, 0.1, 0.01);
    adam_update<float>(params, grads, first, second, step, WeightDecay::On, 0.0f);
    adam_update<float>(clipped, grads, first2, second2, step, WeightDecay::On, 0.55f);
    std::vector<float> expected = {0.5f, -0.5f, 0.0f, 0.2f}, m(4), v(4);
    for (std::size_t i = 0; i < 4; ++i) {
        expected[i] = adam_update(expected[i], grads[i], m[i], v[i], step, WeightDecay::On);
        CHECK(params[i] == expected[i]);
        CHECK(first[i] == m[i]);
        CHECK(second[i] == v[i]);
        CHECK(clipped[i] == std::clamp(expected[i], -0.55f, 0.55f));
    }
    CHECK(params[0] > 0.55f);  // the clip did something
    CHECK(clipped[0] == 0.55f);
}

TEMPLATE_TEST_CASE("Adam minimises a quadratic", "[adam]", float, double) {
    // f(x) = sum (x_i - t_i)^2 with targets of very different sizes: each coordinate still gets there.
    const std::vector<TestType> target = {TestType(3), TestType(-0.02), TestType(40)};
    std::vector<TestType> x(3), first(3), second(3), grad(3);
    for (std::uint64_t t = 1; t <= 3000; ++t) {
        for (std::size_t i = 0; i < x.size(); ++i) grad[i] = 2 * (x[i] - target[i]);
        // The rate falls from 0.1 to 0.001, as the trainers' schedules do.
        const double rate = t <= 2000 ? 0.1 : 0.001;
        adam_update<TestType>(x, grad, first, second, AdamStep<TestType>::at(t, rate), WeightDecay::Off, TestType(0));
    }
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(double(x[i]) == Approx(double(target[i])).margin(0.02));
}

}  // namespace sen
