// The checkpoint file of `sen nnue-train --checkpoint` (nnue_trainer.h): everything a training run
// needs to go on after its last completed epoch as if it had never stopped, and everything that
// says which run that was, so that a checkpoint is never continued under other options or data.
//
// Layout (little-endian, fixed-width, no padding): the magic "SENCKPT1"; the run (CheckpointRun,
// field by field in declaration order; a string is a uint32 length and its bytes; a double or
// float is its IEEE bits); the data's fingerprint; int32 completed epochs; uint64 optimiser steps;
// uint32 tensor count, then each tensor as a uint64 length and its floats; last, a uint64 FNV-1a
// hash of every byte before it, so that a torn or damaged file is refused rather than trained on.
// Knows nothing of a game's network: the trainer lays its networks out as the tensors and checks
// their shapes.
#pragma once

#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/core.h>

namespace sen::nn {

constexpr std::string_view CHECKPOINT_MAGIC = "SENCKPT1";
// The same layout with the learning-rate schedule after the run's starting network hash: written
// only for a run with another schedule than the step one or with warm-up steps, so that a step
// run's file stays byte for byte what it was, and files of either kind read.
constexpr std::string_view CHECKPOINT_MAGIC_SCHEDULED = "SENCKPT2";

// What determines a training run's result besides its data: the network's shape and the options
// that enter the arithmetic. Two runs that agree on all of it (and on the data) compute the same
// floats, epoch by epoch.
struct CheckpointRun {
    std::string network;  // the feature set's name: "chess", "xiangqi"
    std::uint32_t inputs = 0, hidden = 0;
    std::int32_t epochs = 0, batch_size = 0;
    double learning_rate = 0, lambda = 0;
    std::uint64_t seed = 0;
    std::int32_t decay_epoch = 0;  // as used: effective_decay_epoch()
    double weight_decay = 0;
    std::int32_t threads = 0;  // the slices' gradients are summed in float, so the count matters
    bool mirror = false;
    double validation_fraction = 0;
    std::string init;                   // --init as given; empty for random weights
    std::uint64_t initial_network = 0;  // hash of the starting weights, whatever their source
    std::uint8_t schedule = 0;          // the training loop's LrSchedule: 0 step, 1 cosine, 2 wsd
    std::uint64_t warmup_steps = 0;
};

// The loaded positions, in their order: a run on other data must not continue this one.
struct DataFingerprint {
    std::uint64_t train_positions = 0, validation_positions = 0;
    std::uint64_t hash = 0;
};

struct Checkpoint {
    CheckpointRun run;
    DataFingerprint data;
    std::int32_t completed_epochs = 0;
    std::uint64_t optimiser_steps = 0;
    std::vector<std::vector<float>> tensors;  // in the order the trainer gives them
};

namespace checkpoint_detail {

constexpr std::uint64_t FNV_OFFSET = 0xCBF29CE484222325ULL, FNV_PRIME = 0x100000001B3ULL;

inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = FNV_OFFSET) {
    for (const char c : bytes) hash = (hash ^ std::uint8_t(c)) * FNV_PRIME;
    return hash;
}

class Writer {
public:
    void u8(std::uint8_t value) { bytes.push_back(char(value)); }
    void u32(std::uint32_t value) {
        for (int i = 0; i < 4; ++i) u8(std::uint8_t(value >> (8 * i)));
    }
    void u64(std::uint64_t value) {
        for (int i = 0; i < 8; ++i) u8(std::uint8_t(value >> (8 * i)));
    }
    void i32(std::int32_t value) { u32(std::uint32_t(value)); }
    void f64(double value) { u64(std::bit_cast<std::uint64_t>(value)); }
    void text(const std::string& value) {
        u32(std::uint32_t(value.size()));
        bytes += value;
    }
    void floats(const std::vector<float>& values) {
        u64(values.size());
        bytes.reserve(bytes.size() + 4 * values.size());
        for (const float value : values) u32(std::bit_cast<std::uint32_t>(value));
    }

    std::string bytes;
};

// Reads fields off the front of the bytes; past the end, it reads zeros and remembers that it ran
// out, so that the caller checks once.
class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}

    std::uint8_t u8() {
        if (at_ >= bytes_.size()) {
            short_ = true;
            return 0;
        }
        return std::uint8_t(bytes_[at_++]);
    }
    std::uint32_t u32() {
        std::uint32_t value = 0;
        for (int i = 0; i < 4; ++i) value |= std::uint32_t(u8()) << (8 * i);
        return value;
    }
    std::uint64_t u64() {
        std::uint64_t value = 0;
        for (int i = 0; i < 8; ++i) value |= std::uint64_t(u8()) << (8 * i);
        return value;
    }
    std::int32_t i32() { return std::int32_t(u32()); }
    double f64() { return std::bit_cast<double>(u64()); }
    std::string text() {
        const std::uint32_t size = u32();
        if (size > remaining()) return short_ = true, std::string();
        std::string value(bytes_.substr(at_, size));
        at_ += size;
        return value;
    }
    std::vector<float> floats() {
        const std::uint64_t size = u64();
        if (size > remaining() / 4) return short_ = true, std::vector<float>();
        std::vector<float> values(size);
        for (float& value : values) value = std::bit_cast<float>(u32());
        return values;
    }

    std::size_t remaining() const { return bytes_.size() - at_; }
    bool ran_short() const { return short_; }

private:
    std::string_view bytes_;
    std::size_t at_ = 0;
    bool short_ = false;
};

}  // namespace checkpoint_detail

inline std::string serialise_checkpoint(const Checkpoint& checkpoint) {
    checkpoint_detail::Writer out;
    const CheckpointRun& run = checkpoint.run;
    const bool scheduled = run.schedule != 0 || run.warmup_steps != 0;
    out.bytes.append(scheduled ? CHECKPOINT_MAGIC_SCHEDULED : CHECKPOINT_MAGIC);
    out.text(run.network);
    out.u32(run.inputs);
    out.u32(run.hidden);
    out.i32(run.epochs);
    out.i32(run.batch_size);
    out.f64(run.learning_rate);
    out.f64(run.lambda);
    out.u64(run.seed);
    out.i32(run.decay_epoch);
    out.f64(run.weight_decay);
    out.i32(run.threads);
    out.u8(run.mirror ? 1 : 0);
    out.f64(run.validation_fraction);
    out.text(run.init);
    out.u64(run.initial_network);
    if (scheduled) {
        out.u8(run.schedule);
        out.u64(run.warmup_steps);
    }
    out.u64(checkpoint.data.train_positions);
    out.u64(checkpoint.data.validation_positions);
    out.u64(checkpoint.data.hash);
    out.i32(checkpoint.completed_epochs);
    out.u64(checkpoint.optimiser_steps);
    out.u32(std::uint32_t(checkpoint.tensors.size()));
    for (const std::vector<float>& tensor : checkpoint.tensors) out.floats(tensor);
    out.u64(checkpoint_detail::fnv1a(out.bytes));
    return std::move(out.bytes);
}

// Reads a checkpoint in the layout above; returns what is wrong with the bytes instead.
inline std::optional<std::string> parse_checkpoint(std::string_view bytes, Checkpoint& checkpoint) {
    const bool scheduled = bytes.starts_with(CHECKPOINT_MAGIC_SCHEDULED);
    if (!bytes.starts_with(CHECKPOINT_MAGIC) && !scheduled)
        return fmt::format("not a Sen training checkpoint: the file does not start with \"{}\"", CHECKPOINT_MAGIC);
    constexpr std::size_t HASH_BYTES = 8;
    if (bytes.size() < CHECKPOINT_MAGIC.size() + HASH_BYTES) return std::string("truncated checkpoint");
    const std::string_view body = bytes.substr(0, bytes.size() - HASH_BYTES);
    // The hash first: a torn file would otherwise be reported by whichever field it happened to tear.
    if (checkpoint_detail::Reader(bytes.substr(body.size())).u64() != checkpoint_detail::fnv1a(body))
        return std::string("checkpoint is truncated or damaged (its checksum does not match)");

    checkpoint_detail::Reader in(body.substr(CHECKPOINT_MAGIC.size()));
    Checkpoint read;
    CheckpointRun& run = read.run;
    run.network = in.text();
    run.inputs = in.u32();
    run.hidden = in.u32();
    run.epochs = in.i32();
    run.batch_size = in.i32();
    run.learning_rate = in.f64();
    run.lambda = in.f64();
    run.seed = in.u64();
    run.decay_epoch = in.i32();
    run.weight_decay = in.f64();
    run.threads = in.i32();
    run.mirror = in.u8() != 0;
    run.validation_fraction = in.f64();
    run.init = in.text();
    run.initial_network = in.u64();
    if (scheduled) {
        run.schedule = in.u8();
        run.warmup_steps = in.u64();
    }
    read.data.train_positions = in.u64();
    read.data.validation_positions = in.u64();
    read.data.hash = in.u64();
    read.completed_epochs = in.i32();
    read.optimiser_steps = in.u64();
    const std::uint32_t tensors = in.u32();
    for (std::uint32_t i = 0; i < tensors && !in.ran_short(); ++i) read.tensors.push_back(in.floats());
    if (in.ran_short()) return std::string("checkpoint is truncated");
    if (in.remaining() != 0) return fmt::format("checkpoint has {} bytes after its end", in.remaining());
    checkpoint = std::move(read);
    return std::nullopt;
}

// Writes the checkpoint to `path` so that an interruption at any moment leaves either the old file
// or the new one: the bytes go to path.tmp, which then replaces path in one rename.
inline std::optional<std::string> write_checkpoint_file(const std::string& path, const Checkpoint& checkpoint) {
    const std::string bytes = serialise_checkpoint(checkpoint);
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
        out.close();  // flushes: the bytes are all in the file before it takes path's place
        if (!out) return fmt::format("cannot write {}", temporary);
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) return fmt::format("cannot rename {} to {}: {}", temporary, path, error.message());
    return std::nullopt;
}

inline std::optional<std::string> read_checkpoint_file(const std::string& path, Checkpoint& checkpoint) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("cannot open {}", path);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return fmt::format("cannot read {}", path);
    return parse_checkpoint(bytes, checkpoint);
}

// Why a run with the options `current` may not continue the checkpoint's run `stored`, after
// `completed` epochs; nothing if it may. Only --epochs may differ, and only when the rate of every
// epoch already done stays as it was: with the same decay epoch as used, and not below the epochs
// done. Since the default decay epoch follows --epochs, that means giving --decay-epoch.
inline std::optional<std::string> run_mismatch(const CheckpointRun& stored, const CheckpointRun& current, int completed) {
    if (stored.network != current.network || stored.inputs != current.inputs || stored.hidden != current.hidden)
        return fmt::format("the checkpoint is of a {} network {} -> 2x{}; this run trains a {} network {} -> 2x{}", stored.network,
                           stored.inputs, stored.hidden, current.network, current.inputs, current.hidden);
    const auto differs = [](const char* field, const auto& was, const auto& now) {
        return fmt::format("{} is {} here but {} in the checkpoint; resume with the options the checkpoint was made with", field, now, was);
    };
    if (stored.schedule != current.schedule) return differs("the schedule (--lr-schedule)", int(stored.schedule), int(current.schedule));
    if (stored.warmup_steps != current.warmup_steps) return differs("--warmup", stored.warmup_steps, current.warmup_steps);
    // Past the warm-up, a cosine or wsd rate depends on the run's last step, and so on --epochs.
    if (stored.schedule != 0 && stored.epochs != current.epochs)
        return differs("--epochs (with --lr-schedule cosine or wsd)", stored.epochs, current.epochs);
    if (stored.decay_epoch != current.decay_epoch) {
        if (stored.epochs == current.epochs) return differs("the decay epoch (--decay-epoch)", stored.decay_epoch, current.decay_epoch);
        return fmt::format("--epochs {} (the checkpoint's run has {}) makes the decay epoch {}, not the checkpoint's {}, which would "
                           "change the rate of the epochs done; to change --epochs, give --decay-epoch {}",
                           current.epochs, stored.epochs, current.decay_epoch, stored.decay_epoch, stored.decay_epoch);
    }
    if (current.epochs < completed)
        return fmt::format("--epochs is {} here but the checkpoint has {} epochs done already", current.epochs, completed);
    if (stored.batch_size != current.batch_size) return differs("--batch", stored.batch_size, current.batch_size);
    if (stored.learning_rate != current.learning_rate) return differs("--lr", stored.learning_rate, current.learning_rate);
    if (stored.lambda != current.lambda) return differs("--lambda", stored.lambda, current.lambda);
    if (stored.seed != current.seed) return differs("--seed", stored.seed, current.seed);
    if (stored.weight_decay != current.weight_decay) return differs("the weight decay", stored.weight_decay, current.weight_decay);
    if (stored.threads != current.threads) return differs("--threads", stored.threads, current.threads);
    if (stored.mirror != current.mirror) return differs("--mirror", stored.mirror ? "on" : "off", current.mirror ? "on" : "off");
    if (stored.validation_fraction != current.validation_fraction)
        return differs("--validation", stored.validation_fraction, current.validation_fraction);
    const auto init_text = [](const std::string& init) { return init.empty() ? std::string("(random weights)") : init; };
    if (stored.init != current.init) return differs("--init", init_text(stored.init), init_text(current.init));
    if (stored.initial_network != current.initial_network)
        return fmt::format("the starting network ({}) is not the one the checkpoint's run started from", init_text(current.init));
    return std::nullopt;
}

inline std::optional<std::string> data_mismatch(const DataFingerprint& stored, const DataFingerprint& current) {
    if (stored.train_positions != current.train_positions || stored.validation_positions != current.validation_positions)
        return fmt::format("the data has {} training and {} validation positions here but {} and {} in the checkpoint",
                           current.train_positions, current.validation_positions, stored.train_positions, stored.validation_positions);
    if (stored.hash != current.hash) return std::string("the data's positions are not those the checkpoint was trained on");
    return std::nullopt;
}

}  // namespace sen::nn
