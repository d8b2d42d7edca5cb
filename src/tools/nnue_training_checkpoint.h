// The pieces of a `sen nnue-train --checkpoint` file that are the game's (nnue_checkpoint.h has
// the file, nnue_trainer.h the run): the float networks as its tensors, hashes of a network and of
// the data.
// Owns: the order of the tensors and what the hashes cover.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "core/prng.h"
#include "tools/nnue_checkpoint.h"
#include "tools/nnue_float_network.h"
#include "tools/nnue_train_position.h"
#include "tools/nnue_training_loop.h"

namespace sen::nn {

template <FeatureSet F>
std::vector<std::vector<float>> checkpoint_tensors(const TrainingState<F>& state) {
    std::vector<std::vector<float>> tensors;
    for (const FloatNetwork<F>* net : {&state.net, &state.optimiser.first, &state.optimiser.second}) {
        tensors.push_back(net->w1);
        tensors.push_back(net->b1);
        tensors.push_back(net->w2);
        tensors.push_back(net->b2);
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
        net->b2 = checkpoint.tensors[next++];
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
    for (const float b : net.b2) hash = mix_pair(hash, std::bit_cast<std::uint32_t>(b));
    return hash;
}

// The positions in their order, label and all; a few words a position, so cheap next to an epoch.
// With records the loader skipped (nnue_training_loader.h), their count and hash are mixed in.
template <FeatureSet F>
DataFingerprint data_fingerprint(Positions<F> train, Positions<F> validation, std::uint64_t skipped = 0, std::uint64_t skipped_hash = 0) {
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
    if (skipped > 0) hash = mix_pair(mix_pair(hash, skipped), skipped_hash);
    fingerprint.hash = hash;
    return fingerprint;
}

}  // namespace sen::nn
