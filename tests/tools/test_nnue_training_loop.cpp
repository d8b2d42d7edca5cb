// Tests of the training loop's learning-rate schedules (nnue_training_loop.h): the rate of each
// step under step, cosine and wsd with and without warm-up, the rates a run reports, and a
// checkpoint of a scheduled run, which keeps its schedule and refuses another.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "tools/nnue_checkpoint.h"
#include "tools/nnue_train.h"

namespace sen::nn {
namespace {

TrainOptions options_of(LrSchedule schedule, int epochs, int decay_epoch = 0, std::uint64_t warmup = 0) {
    TrainOptions options;
    options.learning_rate = 0.01;
    options.epochs = epochs;
    options.decay_epoch = decay_epoch;
    options.schedule = schedule;
    options.warmup_steps = warmup;
    return options;
}

TEST_CASE("The step schedule is the rate, then a tenth of it from the decay epoch on", "[nnue][schedule]") {
    // 4 epochs: the default decay epoch is the last quarter's first, 4.
    const TrainOptions step = options_of(LrSchedule::Step, 4);
    CHECK(scheduled_rate(step, 0, 10) == 0.01);
    CHECK(scheduled_rate(step, 29, 10) == 0.01);
    CHECK(scheduled_rate(step, 30, 10) == 0.01 * DECAY_FACTOR);
    CHECK(scheduled_rate(step, 39, 10) == 0.01 * DECAY_FACTOR);
    const TrainOptions early = options_of(LrSchedule::Step, 4, 2);
    CHECK(scheduled_rate(early, 9, 10) == 0.01);
    CHECK(scheduled_rate(early, 10, 10) == 0.01 * DECAY_FACTOR);
    // Warm-up: step s of the first W runs at (s + 1) / W of the rate.
    const TrainOptions warm = options_of(LrSchedule::Step, 4, 0, 5);
    CHECK(scheduled_rate(warm, 0, 10) == Approx(0.002));
    CHECK(scheduled_rate(warm, 3, 10) == Approx(0.008));
    CHECK(scheduled_rate(warm, 4, 10) == 0.01);
    CHECK(scheduled_rate(warm, 5, 10) == 0.01);
}

TEST_CASE("The cosine schedule falls from the rate to a tenth of it along half a cosine after the warm-up", "[nnue][schedule]") {
    // One epoch of 11 steps: p = step / 10.
    const TrainOptions cosine = options_of(LrSchedule::Cosine, 1);
    for (int s = 0; s <= 10; ++s) {
        INFO("step " << s);
        const double expected = 0.01 * (DECAY_FACTOR + (1 - DECAY_FACTOR) * 0.5 * (1 + std::cos(std::numbers::pi * s / 10.0)));
        CHECK(scheduled_rate(cosine, std::uint64_t(s), 11) == Approx(expected));
    }
    CHECK(scheduled_rate(cosine, 0, 11) == Approx(0.01));
    CHECK(scheduled_rate(cosine, 5, 11) == Approx(0.0055));
    CHECK(scheduled_rate(cosine, 10, 11) == Approx(0.001));
    // With a warm-up of 3 steps, the cosine starts at step 3 and ends at the last step, 21.
    const TrainOptions warm = options_of(LrSchedule::Cosine, 2, 0, 3);
    CHECK(scheduled_rate(warm, 0, 11) == Approx(0.01 / 3));
    CHECK(scheduled_rate(warm, 2, 11) == Approx(0.01));
    CHECK(scheduled_rate(warm, 3, 11) == Approx(0.01));
    CHECK(scheduled_rate(warm, 12, 11) == Approx(0.0055));
    CHECK(scheduled_rate(warm, 21, 11) == Approx(0.001));
}

TEST_CASE("The wsd schedule holds the rate, then falls linearly to a tenth of it from the decay epoch", "[nnue][schedule]") {
    // 4 epochs of 10 steps, decay from epoch 3: steps 20..39.
    const TrainOptions wsd = options_of(LrSchedule::Wsd, 4, 3);
    CHECK(scheduled_rate(wsd, 0, 10) == 0.01);
    CHECK(scheduled_rate(wsd, 19, 10) == 0.01);
    CHECK(scheduled_rate(wsd, 20, 10) == 0.01);
    CHECK(scheduled_rate(wsd, 30, 10) == Approx(0.01 * (1 - (1 - DECAY_FACTOR) * 10.0 / 19.0)));
    CHECK(scheduled_rate(wsd, 39, 10) == Approx(0.001));
    // A decay epoch beyond the run: the rate never falls.
    CHECK(scheduled_rate(options_of(LrSchedule::Wsd, 4, 5), 39, 10) == 0.01);
    // Warm-up first.
    CHECK(scheduled_rate(options_of(LrSchedule::Wsd, 4, 3, 4), 1, 10) == Approx(0.005));
}

TEST_CASE("A run reports each epoch's last rate, and the step schedule's rates are the old ones", "[nnue][schedule]") {
    std::vector<chess::nnue::TrainPosition> positions;
    for (const char* fen : {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/3QP3/4K3 b - - 0 1", "4k3/3q4/8/8/8/8/4P3/4K3 w - - 0 1"})
        positions.push_back(*nn::make_train_position<chess::ChessGame>(fen, 0.5, 40));
    for (const LrSchedule schedule : {LrSchedule::Step, LrSchedule::Cosine, LrSchedule::Wsd}) {
        TrainOptions options = options_of(schedule, 3, 2, 1);
        options.batch_size = 2;  // 2 steps an epoch
        std::vector<double> rates;
        chess::nnue::FloatNetwork net = nn::initial_network<chess::nnue::ChessFeatures>(3);
        train_network(net, positions, {}, options, [&](const EpochReport& r) { rates.push_back(r.learning_rate); });
        REQUIRE(rates.size() == 3);
        for (int epoch = 1; epoch <= 3; ++epoch)
            CHECK(rates[std::size_t(epoch - 1)] == scheduled_rate(options, std::uint64_t(2 * epoch - 1), 2));
    }
    const TrainOptions step = options_of(LrSchedule::Step, 3, 2);
    CHECK(scheduled_rate(step, 1, 2) == 0.01);
    CHECK(scheduled_rate(step, 3, 2) == 0.01 * DECAY_FACTOR);
}

TEST_CASE("A checkpoint keeps the schedule, in the old layout when it is the step one without warm-up", "[nnue][schedule][checkpoint]") {
    Checkpoint checkpoint;
    checkpoint.run.network = "chess";
    checkpoint.run.epochs = 3;
    checkpoint.tensors = {{1.0f, 2.0f}, {3.0f}};
    const std::string plain = serialise_checkpoint(checkpoint);
    CHECK(plain.starts_with(CHECKPOINT_MAGIC));
    checkpoint.run.schedule = 1;
    checkpoint.run.warmup_steps = 70;
    const std::string scheduled = serialise_checkpoint(checkpoint);
    CHECK(scheduled.starts_with(CHECKPOINT_MAGIC_SCHEDULED));
    CHECK(scheduled.size() == plain.size() + 9);
    Checkpoint read;
    REQUIRE_FALSE(parse_checkpoint(scheduled, read).has_value());
    CHECK(read.run.schedule == 1);
    CHECK(read.run.warmup_steps == 70);
    CHECK(read.run.epochs == 3);
    CHECK(read.tensors == checkpoint.tensors);
    REQUIRE_FALSE(parse_checkpoint(plain, read).has_value());
    CHECK(read.run.schedule == 0);
    CHECK(read.run.warmup_steps == 0);

    // Resuming: the schedule and warm-up must match, and past a step schedule so must --epochs.
    const CheckpointRun stored = checkpoint.run;
    CHECK_FALSE(run_mismatch(stored, stored, 1).has_value());
    CheckpointRun other = stored;
    other.schedule = 2;
    CHECK(run_mismatch(stored, other, 1).value_or("").find("--lr-schedule") != std::string::npos);
    other = stored;
    other.warmup_steps = 7;
    CHECK(run_mismatch(stored, other, 1).value_or("").find("--warmup") != std::string::npos);
    other = stored;
    other.epochs = 4;
    CHECK(run_mismatch(stored, other, 1).value_or("").find("--epochs") != std::string::npos);
}

}  // namespace
}  // namespace sen::nn
