// Tests of output buckets in `sen nnue-train` (nnue_float_network.h, nnue_gradient.h,
// nnue_quantise.h, nnue_network_conversion.h), on xiangqi's features at a small width: a network
// with one output layer copied into every bucket evaluates exactly as before; a position's loss
// moves only its own bucket's output layer, as a finite difference says; the quantised network
// computes what the engine computes.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include "nnue_test_util.h"
#include "tools/nnue_gradient.h"
#include "tools/nnue_network_conversion.h"
#include "tools/nnue_quantise.h"
#include "xiangqi/nnue.h"
#include "xiangqi/position.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;

namespace {

using Bucketed = nnue::XiangqiFeatureSet<32, 8>;
using Single = Bucketed::SingleOutput;

nn::TrainPosition<Bucketed> train_position(const Position& pos, double red_result, int red_score) {
    const auto p = nn::train_position_of<Bucketed>(pos, red_result, red_score);
    REQUIRE(p.has_value());
    return *p;
}

}  // namespace

TEST_CASE("output buckets: one output layer copied into every bucket evaluates exactly as before", "[nnue]") {
    auto single = std::make_unique<nn::Network<Single>>(nn_test::random_network<nn::Network<Single>>(21));
    const auto bucketed = nn::with_output_buckets<Bucketed>(*single);
    for (const Position& pos : test::sampled_random_positions(8, 100, 9)) {
        INFO("FEN: " << pos.fen());
        CHECK(nn::evaluate_fresh(pos, *bucketed) == nn::evaluate_fresh(pos, *single));
    }
    // A fresh network's buckets start alike too, so that they part only as their positions teach.
    const nn::FloatNetwork<Bucketed> initial = nn::initial_network<Bucketed>(5);
    for (int bucket = 1; bucket < 8; ++bucket)
        CHECK(std::equal(initial.w2.begin(), initial.w2.begin() + 2 * Bucketed::HIDDEN,
                         initial.w2.begin() + std::ptrdiff_t(bucket) * 2 * Bucketed::HIDDEN));
}

TEST_CASE("output buckets: a position's loss moves its own bucket's output layer alone", "[nnue]") {
    // Positions of two buckets only: the start (32 pieces, bucket 7) and a bare ending (bucket 0).
    const std::vector<nn::TrainPosition<Bucketed>> positions = {
        train_position(test::position_from(Position::START_FEN), 1.0, 40),
        train_position(test::position_from("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"), 0.5, -30),
        train_position(test::position_from("3k5/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1"), 0.0, 120),
    };
    constexpr double LAMBDA = 0.5;
    nn::FloatNetwork<Bucketed> net = nn::initial_network<Bucketed>(3);
    for (int h = 0; h < Bucketed::HIDDEN; ++h) net.b1[std::size_t(h)] = 0.3f;
    std::mt19937 rng(2);
    for (float& w : net.w2) w = float(int(rng() % 201) - 100) / 400.0f;
    for (std::size_t b = 0; b < net.b2.size(); ++b) net.b2[b] = 0.05f * float(b);

    nn::FloatNetwork<Bucketed> gradient;
    nn::loss_and_gradient(net, positions, LAMBDA, gradient);
    const auto bucket_gradient = [&](int bucket) {
        double sum = std::abs(gradient.b2[std::size_t(bucket)]);
        for (int i = 0; i < 2 * Bucketed::HIDDEN; ++i) sum += std::abs(gradient.w2[std::size_t(bucket * 2 * Bucketed::HIDDEN + i)]);
        return sum;
    };
    CHECK(bucket_gradient(0) > 0);
    CHECK(bucket_gradient(7) > 0);
    for (int bucket = 1; bucket < 7; ++bucket) CHECK(bucket_gradient(bucket) == 0);

    // The analytic gradient of each used bucket's bias and of an output weight against a central
    // difference of the loss.
    for (const int bucket : {0, 7}) {
        for (float* value : {&net.b2[std::size_t(bucket)], &net.w2[std::size_t(bucket * 2 * Bucketed::HIDDEN + 3)]}) {
            const float analytic = value == &net.b2[std::size_t(bucket)] ? gradient.b2[std::size_t(bucket)]
                                                                         : gradient.w2[std::size_t(bucket * 2 * Bucketed::HIDDEN + 3)];
            const float saved = *value;
            constexpr float STEP = 1e-3f;
            *value = saved + STEP;
            const double up = nn::mean_loss(net, positions, LAMBDA);
            *value = saved - STEP;
            const double down = nn::mean_loss(net, positions, LAMBDA);
            *value = saved;
            CHECK(analytic == Approx((up - down) / (2 * STEP)).epsilon(1e-2).margin(1e-6));
        }
    }
}

TEST_CASE("output buckets: the quantised network computes what the engine computes", "[nnue]") {
    nn::FloatNetwork<Bucketed> net = nn::initial_network<Bucketed>(12);
    std::mt19937 rng(4);
    for (float& w : net.w2) w = float(int(rng() % 201) - 100) / 80.0f;
    for (std::size_t b = 0; b < net.b2.size(); ++b) net.b2[b] = 0.2f * float(b) - 0.7f;
    const auto quantised = std::make_unique<nn::Network<Bucketed>>(nn::quantise(net));
    for (const Position& pos : test::sampled_random_positions(6, 100, 9)) {
        INFO("FEN: " << pos.fen());
        const nn::TrainPosition<Bucketed> p = train_position(pos, 0.5, 0);
        const double exact = nn::quantised_output(*quantised, p);
        // The engine truncates to whole centipawns.
        CHECK(std::abs(exact * Bucketed::SCALE - nn::evaluate_fresh(pos, *quantised)) < 1.0);
        CHECK(exact == Approx(nn::forward(net, p)).margin(0.05));
    }
}
