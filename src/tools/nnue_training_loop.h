// The training loop of `sen nnue-train` (nnue_trainer.h): shuffled mini-batches, one optimiser
// step each, at the learning rate of the epoch, over the epochs asked for. A batch is split over
// threads in fixed slices whose gradients are summed in slice order, so a run depends only on its
// data, options, seed and thread count.
// Owns: the options that enter the arithmetic, the epoch order, the learning rate of each step and
// the state that carries from one epoch to the next. Never reads data or files.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
#include <numeric>
#include <span>
#include <type_traits>
#include <vector>

#include "core/prng.h"
#include "tools/nnue_float_network.h"
#include "tools/nnue_gradient.h"
#include "tools/nnue_optimiser.h"

namespace sen::nn {

// How the learning rate moves over a run (scheduled_rate()).
enum class LrSchedule : std::uint8_t {
    Step,    // the rate, then DECAY_FACTOR of it from the decay epoch on
    Cosine,  // after the warm-up, from the rate down to DECAY_FACTOR of it along half a cosine
    Wsd,     // warm-up, stable at the rate, then from the decay epoch on straight down to DECAY_FACTOR of it
};

struct TrainOptions {
    int epochs = 20;
    int batch_size = 16384;
    double learning_rate = 0.001;
    double lambda = 0.5;  // weight of the game result in the target; the rest is the search score's
    int threads = 1;
    std::uint64_t seed = 1;
    int decay_epoch = 0;         // first epoch (from 1) at a tenth of the rate; 0: the last quarter
    double weight_decay = 0.01;  // AdamW's, on w1 and w2 only
    LrSchedule schedule = LrSchedule::Step;
    std::uint64_t warmup_steps = 0;  // the first steps' rate rises linearly to the schedule's
};

struct EpochReport {
    int epoch = 0;
    double learning_rate = 0;
    double train_loss = 0;        // mean of the batches' losses, each before its step
    double validation_loss = -1;  // after the epoch; -1 without validation positions
    double positions_per_second = 0;
};

constexpr double DECAY_FACTOR = 0.1;

// What carries from one epoch to the next, and so what a checkpoint holds besides the run's identity.
template <FeatureSet F>
struct TrainingState {
    FloatNetwork<F> net;
    Optimiser<F> optimiser;
    int completed_epochs = 0;
};

inline int effective_decay_epoch(const TrainOptions& options) {
    return options.decay_epoch > 0 ? options.decay_epoch : options.epochs - options.epochs / 4 + 1;
}

// The learning rate of optimiser step `step` (from 0) of a run of options.epochs epochs of
// `steps_per_epoch` steps each. Step: options.learning_rate, times DECAY_FACTOR from the decay
// epoch (effective_decay_epoch()) on. Cosine: after the warm-up, lr * (D + (1 - D) * (1 + cos(pi *
// p)) / 2) with D = DECAY_FACTOR and p running from 0 at the first step after the warm-up to 1 at
// the last step. Wsd: lr until the decay epoch, then lr * (1 - (1 - D) * p) with p running from 0
// at the decay epoch's first step to 1 at the last step. With warm-up steps W, step s < W has
// (s + 1) / W of that rate.
inline double scheduled_rate(const TrainOptions& options, std::uint64_t step, std::uint64_t steps_per_epoch) {
    const std::uint64_t per_epoch = std::max<std::uint64_t>(steps_per_epoch, 1);
    const std::uint64_t total = per_epoch * std::uint64_t(std::max(options.epochs, 0));
    const int decay_epoch = effective_decay_epoch(options);
    // How far `step` is along [first, last]: 0 at first, 1 at last (and at a one-step stretch).
    const auto along = [step](std::uint64_t first, std::uint64_t last) {
        return last > first ? double(std::min(step, last) - std::min(step, first)) / double(last - first) : 1.0;
    };
    double rate = options.learning_rate;
    switch (options.schedule) {
    case LrSchedule::Step: {
        const int epoch = int(step / per_epoch) + 1;
        rate = options.learning_rate * (epoch >= decay_epoch ? DECAY_FACTOR : 1.0);
        break;
    }
    case LrSchedule::Cosine: {
        const double p = step < options.warmup_steps ? 0.0 : along(options.warmup_steps, total > 0 ? total - 1 : 0);
        rate = options.learning_rate * (DECAY_FACTOR + (1.0 - DECAY_FACTOR) * 0.5 * (1.0 + std::cos(std::numbers::pi * p)));
        break;
    }
    case LrSchedule::Wsd: {
        const std::uint64_t decay_start = per_epoch * std::uint64_t(std::max(decay_epoch - 1, 0));
        if (step >= decay_start && decay_start < total)
            rate = options.learning_rate * (1.0 - (1.0 - DECAY_FACTOR) * along(decay_start, total - 1));
        break;
    }
    }
    if (step < options.warmup_steps) rate *= double(step + 1) / double(options.warmup_steps);
    return rate;
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

    const std::uint64_t steps_per_epoch = (order.size() + batch_size - 1) / batch_size;

    for (int epoch = state.completed_epochs + 1; epoch <= options.epochs; ++epoch) {
        const auto start = std::chrono::steady_clock::now();
        shuffle_for_epoch(order, shuffle_rng);

        std::uint64_t step = std::uint64_t(epoch - 1) * steps_per_epoch;
        double epoch_loss = 0, learning_rate = scheduled_rate(options, step, steps_per_epoch);  // reported: the epoch's last
        for (std::size_t first = 0; first < order.size(); first += batch_size, ++step) {
            learning_rate = scheduled_rate(options, step, steps_per_epoch);
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

}  // namespace sen::nn
