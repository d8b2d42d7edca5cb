// `sen nnue-train` (nnue_train.h): fits the network of nnue/network.h in floating point to the
// records `sen datagen` writes, then quantises it and writes the file. Templates over the game's
// feature set F (FeatureSet); nnue_train.cpp instantiates them for chess and xiangqi.
//
// Each position's target is from its side to move's point of view (nnue_train_position.h). The
// model predicts sigmoid(out) (nnue_float_network.h) and the loss is the mean squared error against
// the targets (nnue_gradient.h), minimised by AdamW (nnue_optimiser.h) over shuffled mini-batches
// (nnue_training_loop.h). The data is read by nnue_training_loader.h; the network is quantised by
// nnue_quantise.h; --init converts a network of another shape (nnue_network_conversion.h).
// With --checkpoint, the state after each epoch goes to a file (nnue_checkpoint.h,
// nnue_training_checkpoint.h), and a run resumed from it ends bit for bit where the uninterrupted
// run does.
// Owns: the command: its arguments, the run's order and what it prints. Never touches the
// evaluation the engine uses (the engine reads the written file) or the engine's state.
#pragma once

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include "nnue/network.h"
#include "nnue/network_file.h"
#include "tools/nnue_checkpoint.h"
#include "tools/nnue_float_network.h"
#include "tools/nnue_gradient.h"
#include "tools/nnue_network_conversion.h"
#include "tools/nnue_quantise.h"
#include "tools/nnue_train_position.h"
#include "tools/nnue_training_checkpoint.h"
#include "tools/nnue_training_loader.h"
#include "tools/nnue_training_loop.h"

namespace sen::nn {

// Positions whose quantised output is compared with the float one at the end.
constexpr std::size_t QUANTISATION_SAMPLE = 10000;

constexpr const char* TRAIN_USAGE =
    "usage: sen nnue-train [--variant chess|xiangqi] --data FILE[,FILE...] --out NET [--epochs 20] [--batch 16384]\n"
    "                      [--lr 0.001] [--lambda 0.5] [--threads 1] [--seed 1] [--validation 0.05] [--decay-epoch N] [--mirror]\n"
    "                      [--lr-schedule step|cosine|wsd] [--warmup N] [--min-ply 16] [--max-score 2000] [--clip-decided]\n"
    "                      [--keep-checks]"
    "                      [--no-filter] [--init NET] [--checkpoint FILE]\n"
    "       --lambda L      target = L * result + (1 - L) * sigmoid(score / 170); lines without a score\n"
    "                       are used only with --lambda 1\n"
    "       --decay-epoch N the rate is a tenth from epoch N on (default: the last quarter of the epochs)\n"
    "       --lr-schedule S step (default): --lr, a tenth from the decay epoch on; cosine: from --lr down\n"
    "                       to a tenth along half a cosine; wsd: --lr, then from the decay epoch on\n"
    "                       straight down to a tenth at the last step\n"
    "       --warmup N      the first N optimiser steps rise linearly to the schedule's rate (default 0)\n"
    "       --min-ply N     skip positions before game ply N (default 16; 0 keeps them)\n"
    "       --max-score CP  skip positions whose |score| is CP or more: decided (default 2000; 0 keeps them)\n"
    "       --clip-decided  keep those positions instead, their scores clipped to +-CP: the network learns won\n"
    "                       endings too\n"
    "       --keep-checks   keep positions in check (skipped by default)\n"
    "       --no-filter     keep every position (as before the filters; then --min-ply etc. may follow)\n"
    "       --validation F  fraction of the games held out to measure the loss on (0 <= F < 1)\n"
    "       --variant V     the game of the data and the network (default chess)\n"
    "       --mirror        also train on each training position reflected left to right (in chess those\n"
    "                       without castling rights): the same value by the symmetry of the rules\n"
    "       --init NET      start from this network file (or <built-in>, the one in this binary) instead\n"
    "                       of random weights: more training for an existing network. In a build with\n"
    "                       king buckets, a network without them is converted (docs/nnue.md); in one\n"
    "                       with output buckets, a network with one output layer is copied into each; a\n"
    "                       network with a narrower hidden layer (32, 64, 128, ... neurons) is widened\n"
    "       --epochs 0      no training and no --data: writes the --init network, converted to this\n"
    "                       build's layout\n"
    "       --evaluate      no training and no --out: prints the --init network's loss on every position\n"
    "                       of --data that the filter keeps (with --mirror, their reflections too), as on\n"
    "                       games played after it was trained; --lambda sets the target\n"
    "       --checkpoint FILE\n"
    "                       save the training state to FILE after every epoch; if FILE exists, resume\n"
    "                       from it: the same options and data, except that --epochs may change when\n"
    "                       --decay-epoch is given as the checkpoint's\n";

template <class T>
std::optional<T> parse_train_number(const std::string& text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || stop != end) return std::nullopt;
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value)) return std::nullopt;
    return value;
}

inline int usage_error(const std::string& message) {
    fmt::print(stderr, "error: {}\n{}", message, TRAIN_USAGE);
    return 2;
}

inline std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}

// Writes a serialised network to `path`; false (and an error on stderr) if it cannot.
inline bool write_network_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    if (!out) fmt::print(stderr, "error: cannot write {}\n", path);
    return bool(out);
}

// `sen nnue-train` for the game of F (tools/nnue_train.h has the arguments; --variant is read
// there). `embedded` is the network built into the binary, for --init <built-in> (empty: none);
// load(paths, lambda, validation_fraction, seed, data, mirror) reads the data.
template <FeatureSet F, class Load>
int run_train_command(const std::vector<std::string>& args, std::span<const unsigned char> embedded, const Load& load) {
    std::vector<std::string> data_paths;
    std::string out_path;
    TrainOptions options;
    double validation_fraction = 0.05;
    bool mirror_files = false;
    std::string init_path;        // empty: random weights from the seed
    std::string checkpoint_path;  // empty: none
    PositionFilter filter = PositionFilter::recommended();
    bool evaluate_only = false;  // --evaluate: the --init network's loss on --data, no training
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& name = args[i];
        if (name == "--mirror" || name == "--keep-checks" || name == "--no-filter" || name == "--evaluate" || name == "--clip-decided") {
            if (name == "--mirror") mirror_files = true;
            else if (name == "--evaluate") evaluate_only = true;
            else if (name == "--keep-checks") filter.skip_in_check = false;
            else if (name == "--clip-decided") filter.clip_decided = true;
            else filter = PositionFilter{};
            continue;
        }
        const bool known = name == "--data" || name == "--out" || name == "--epochs" || name == "--batch" || name == "--lr" ||
                           name == "--lambda" || name == "--threads" || name == "--seed" || name == "--validation" ||
                           name == "--decay-epoch" || name == "--init" || name == "--checkpoint" || name == "--lr-schedule" ||
                           name == "--warmup" || name == "--min-ply" || name == "--max-score";
        if (!known) return usage_error(fmt::format("unknown argument '{}'", name));
        if (i + 1 >= args.size()) return usage_error(fmt::format("{} needs a value", name));
        const std::string& value = args[++i];
        const auto bad_value = [&](const char* expected) { return usage_error(fmt::format("{} {}: expected {}", name, value, expected)); };
        if (name == "--data") {
            for (const std::string& path : split_commas(value)) {
                if (path.empty()) return bad_value("file names separated by commas");
                data_paths.push_back(path);
            }
        } else if (name == "--out") {
            if (value.empty()) return bad_value("a file name");
            out_path = value;
        } else if (name == "--epochs") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 0 || *n > 100000) return bad_value("a whole number of epochs, 0 to 100000");
            options.epochs = *n;
        } else if (name == "--batch") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1 || *n > (1 << 24)) return bad_value("a batch size, 1 to 16777216");
            options.batch_size = *n;
        } else if (name == "--lr") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x > 0) || *x > 1) return bad_value("a learning rate above 0, at most 1");
            options.learning_rate = *x;
        } else if (name == "--lambda") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x >= 0 && *x <= 1)) return bad_value("a number from 0 to 1");
            options.lambda = *x;
        } else if (name == "--threads") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1 || *n > 256) return bad_value("a thread count, 1 to 256");
            options.threads = *n;
        } else if (name == "--seed") {
            const auto n = parse_train_number<std::uint64_t>(value);
            if (!n) return bad_value("a whole number, 0 to 2^64 - 1");
            options.seed = *n;
        } else if (name == "--validation") {
            const auto x = parse_train_number<double>(value);
            if (!x || !(*x >= 0 && *x < 1)) return bad_value("a fraction, at least 0 and below 1");
            validation_fraction = *x;
        } else if (name == "--decay-epoch") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 1) return bad_value("an epoch number, 1 or more");
            options.decay_epoch = *n;
        } else if (name == "--init") {
            if (value.empty()) return bad_value("a network file or <built-in>");
            init_path = value;
        } else if (name == "--checkpoint") {
            if (value.empty()) return bad_value("a file name");
            checkpoint_path = value;
        } else if (name == "--lr-schedule") {
            if (value == "step") options.schedule = LrSchedule::Step;
            else if (value == "cosine") options.schedule = LrSchedule::Cosine;
            else if (value == "wsd") options.schedule = LrSchedule::Wsd;
            else return bad_value("step, cosine or wsd");
        } else if (name == "--warmup") {
            const auto n = parse_train_number<std::uint64_t>(value);
            if (!n || *n > (std::uint64_t(1) << 40)) return bad_value("a number of optimiser steps, 0 or more");
            options.warmup_steps = *n;
        } else if (name == "--min-ply") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 0 || *n > 10000) return bad_value("a game ply, 0 to 10000");
            filter.min_ply = *n;
        } else if (name == "--max-score") {
            const auto n = parse_train_number<int>(value);
            if (!n || *n < 0 || *n > DATA_SCORE_LIMIT) return bad_value("centipawns, 0 (no limit) to 100000");
            filter.max_abs_score = *n;
        }
    }
    const bool convert_only = options.epochs == 0 && !evaluate_only;
    if (evaluate_only) {
        if (init_path.empty()) return usage_error("--evaluate needs --init, the network to measure");
        if (!out_path.empty() || !checkpoint_path.empty()) return usage_error("--evaluate trains nothing: no --out or --checkpoint");
    }
    if (convert_only && init_path.empty()) return usage_error("--epochs 0 needs --init");
    if (data_paths.empty() && !convert_only) return usage_error("--data is required");
    if (out_path.empty() && !evaluate_only) return usage_error("--out is required");
    for (const auto& [option, path] : {std::pair{"--out", out_path}, std::pair{"--checkpoint", checkpoint_path}}) {
        const std::filesystem::path dir = std::filesystem::path(path).parent_path();
        std::error_code ignored;
        if (!dir.empty() && !std::filesystem::is_directory(dir, ignored))
            return usage_error(fmt::format("{} {}: no directory {}", option, path, dir.string()));
    }

    // The starting network is read before the data, so that a bad file fails fast.
    FloatNetwork<F> starting_network = initial_network<F>(options.seed);
    if (!init_path.empty()) {
        auto start_from = std::make_unique<Network<F>>();
        const bool built_in = init_path == "<built-in>";
        auto problem = built_in && embedded.empty() ? fmt::format("this build has no built-in {} network", F::NAME)
                       : built_in                   ? parse_network(embedded, *start_from)
                                                    : read_network_file(init_path, *start_from);
        if constexpr (KingBucketed<F>) {
            // A network without king buckets becomes one with them.
            auto plain = std::make_unique<Network<typename F::Plain>>();
            if (problem && !built_in && !read_network_file(init_path, *plain)) {
                problem = std::nullopt;
                start_from = with_king_buckets<F>(*plain);
                fmt::print("--init {}: converted to {} king buckets; it evaluates exactly as the plain network\n", init_path,
                           F::KING_BUCKETS);
            }
        }
        const auto read = [&](auto& network) {
            return built_in ? parse_network(embedded, network) : read_network_file(init_path, network);
        };
        if constexpr (OutputBucketed<F>) {
            // A network with one output layer (of this width or, widened first, a narrower one) gets
            // a copy of it in every output bucket.
            using Single = typename F::SingleOutput;
            if (problem) {
                auto single = std::make_unique<Network<Single>>();
                int narrow_width = F::HIDDEN;
                if (read(*single)) single = widen_narrower<Single>(read, options.seed, narrow_width);
                if (single) {
                    problem = std::nullopt;
                    start_from = with_output_buckets<F>(*single);
                    fmt::print("--init {}: {}copied into {} output buckets; it evaluates exactly as the network it came from{}\n",
                               init_path,
                               narrow_width < F::HIDDEN ? fmt::format("widened from {} to {} neurons and ", narrow_width, F::HIDDEN) : "",
                               F::OUTPUT_BUCKETS, narrow_width < F::HIDDEN ? " (the new neurons have zero output weights)" : "");
                }
            }
        }
        if (problem) {
            // A network of the same inputs with a narrower hidden layer is widened.
            int narrow_width = 0;
            if (auto wide = widen_narrower<F>(read, options.seed, narrow_width)) {
                problem = std::nullopt;
                start_from = std::move(wide);
                fmt::print("--init {}: widened from {} to {} neurons; the new ones have zero output weights, so it evaluates as "
                           "the narrower network\n",
                           init_path, narrow_width, F::HIDDEN);
            }
        }
        if (problem) {
            fmt::print(stderr, "error: --init {}: {}\n", init_path, *problem);
            return 1;
        }
        if (convert_only) {
            // Written as read: no float round trip, so nothing but the conversion can change it.
            const std::string bytes = serialise_network(*start_from);
            if (!write_network_bytes(out_path, bytes)) return 1;
            fmt::print("wrote {} ({} bytes), no training (--epochs 0)\n", out_path, bytes.size());
            return 0;
        }
        starting_network = dequantise(*start_from);
        // With king buckets, what the buckets share goes to the factoriser's shared rows.
        centre_buckets(starting_network);
    }
    if (evaluate_only) {
        // Every kept position is measured: nothing is held out, as nothing is trained.
        TrainingData<F> data;
        data.filter = filter;
        if (const auto error = load(data_paths, options.lambda, 0.0, options.seed, data, mirror_files)) {
            fmt::print(stderr, "error: {}\n", *error);
            return 1;
        }
        if (data.train.empty()) {
            fmt::print(stderr, "error: no positions to measure in {}\n", fmt::join(data_paths, ", "));
            return 1;
        }
        fmt::print("{} on {} positions of {} ({} filtered out, {} bad lines): loss {:.6f} at lambda {}\n", init_path, data.train.size(),
                   fmt::join(data_paths, ", "), data.early + data.in_check + data.decided, data.bad_lines,
                   mean_loss_threaded(starting_network, data.train, options.lambda, options.threads), options.lambda);
        return 0;
    }
    const int decay_epoch = effective_decay_epoch(options);

    // The run's identity, and the checkpoint it continues if there is one: both checked before the
    // data is read, so that a mismatch fails fast.
    CheckpointRun run;
    run.network = std::string(F::NAME);
    run.inputs = F::INPUTS;
    run.hidden = F::HIDDEN;
    run.epochs = options.epochs;
    run.batch_size = options.batch_size;
    run.learning_rate = options.learning_rate;
    run.lambda = options.lambda;
    run.seed = options.seed;
    run.decay_epoch = decay_epoch;
    run.weight_decay = options.weight_decay;
    run.threads = options.threads;
    run.mirror = mirror_files;
    run.validation_fraction = validation_fraction;
    run.init = init_path;
    run.initial_network = network_hash(starting_network);
    run.schedule = std::uint8_t(options.schedule);
    run.warmup_steps = options.warmup_steps;
    TrainingState<F> state;
    state.net = std::move(starting_network);
    std::optional<Checkpoint> resumed;
    std::error_code ignored;
    if (!checkpoint_path.empty() && std::filesystem::exists(checkpoint_path, ignored)) {
        resumed.emplace();
        auto problem = read_checkpoint_file(checkpoint_path, *resumed);
        if (!problem) problem = run_mismatch(resumed->run, run, resumed->completed_epochs);
        if (!problem) problem = restore_checkpoint(*resumed, state);
        if (problem) {
            fmt::print(stderr, "error: --checkpoint {}: {}\n", checkpoint_path, *problem);
            return 1;
        }
    }

    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    TrainingData<F> data;
    data.filter = filter;
    if (const auto error = load(data_paths, options.lambda, validation_fraction, options.seed, data, mirror_files)) {
        fmt::print(stderr, "error: {}\n", *error);
        return 1;
    }
    fmt::print("loaded {} positions ({} training, {} validation) from {} lines in {:.1f} s; {} bad lines",
               data.train.size() + data.validation.size(), data.train.size(), data.validation.size(), data.lines, elapsed(),
               data.bad_lines);
    if (options.lambda < 1) fmt::print(", {} lines without a score skipped (--lambda below 1)", data.unscored_lines);
    if (mirror_files) fmt::print(", {} of the training positions are mirrored copies", data.mirrored);
    fmt::print("\n");
    if (data.early + data.in_check + data.decided > 0 || filter.min_ply > 0 || filter.skip_in_check || filter.max_abs_score > 0)
        fmt::print("filtered out {} positions: {} before ply {}, {} in check, {} with |score| >= {}\n",
                   data.early + data.in_check + data.decided, data.early, filter.min_ply, data.in_check, data.decided,
                   filter.max_abs_score > 0 ? fmt::format("{}", filter.max_abs_score) : std::string("(no limit)"));
    if (filter.clip_decided)
        fmt::print("kept {} decided positions with their scores clipped to +-{}\n", data.clipped, filter.max_abs_score);
    if (data.train.empty()) {
        fmt::print(stderr, "error: no training positions in {}\n", fmt::join(data_paths, ", "));
        return 1;
    }
    const DataFingerprint fingerprint =
        checkpoint_path.empty()
            ? DataFingerprint{}
            : data_fingerprint<F>(data.train, data.validation, data.early + data.in_check + data.decided, data.skipped_hash);
    if (resumed)
        if (const auto problem = data_mismatch(resumed->data, fingerprint)) {
            fmt::print(stderr, "error: --checkpoint {}: {}\n", checkpoint_path, *problem);
            return 1;
        }
    const std::string schedule_text = options.schedule == LrSchedule::Cosine ? fmt::format(" (cosine to x{})", DECAY_FACTOR)
                                      : decay_epoch > options.epochs         ? std::string()
                                      : options.schedule == LrSchedule::Wsd
                                          ? fmt::format(" (linear to x{} from epoch {})", DECAY_FACTOR, decay_epoch)
                                          : fmt::format(" (x{} from epoch {})", DECAY_FACTOR, decay_epoch);
    const std::string warmup_text = options.warmup_steps > 0 ? fmt::format(", {} warm-up steps", options.warmup_steps) : std::string();
    const std::string buckets_text = OutputBucketed<F> ? fmt::format(" (one of {} output buckets)", output_buckets<F>()) : std::string();
    fmt::print("{} network {} -> 2x{} -> 1{} from {}; {} epochs, batch {}, lr {}{}{}, lambda {}, {} thread{}, seed {}\n", F::NAME,
               F::INPUTS, F::HIDDEN, buckets_text, init_path.empty() ? std::string("random weights") : init_path, options.epochs,
               options.batch_size, options.learning_rate, schedule_text, warmup_text, options.lambda, options.threads,
               options.threads == 1 ? "" : "s", options.seed);

    const auto loss_text = [](double loss) { return loss < 0 ? std::string("n/a") : fmt::format("{:.6f}", loss); };
    if (resumed) {
        fmt::print("resumed from {} after epoch {}\n", checkpoint_path, state.completed_epochs);
        if (state.completed_epochs >= options.epochs)
            fmt::print("all {} epochs are done in the checkpoint: writing the network\n", options.epochs);
    } else {
        fmt::print("epoch {:>3}  train {:.6f}  validation {}\n", 0,
                   mean_loss_threaded(state.net, data.train, options.lambda, options.threads),
                   loss_text(mean_loss_threaded(state.net, data.validation, options.lambda, options.threads)));
    }
    std::fflush(stdout);
    const auto report_epoch = [&](const EpochReport& r) {
        fmt::print("epoch {:>3}  lr {:.6f}  train {:.6f}  validation {}  {:.0f} positions/s  {:.1f} s\n", r.epoch, r.learning_rate,
                   r.train_loss, loss_text(r.validation_loss), r.positions_per_second, elapsed());
        std::fflush(stdout);
    };
    // Written after every epoch, the last included: a run stopped after it only has the network
    // left to write.
    const auto save_checkpoint = [&](const TrainingState<F>& trained) {
        if (checkpoint_path.empty()) return true;
        Checkpoint checkpoint;
        checkpoint.run = run;
        checkpoint.data = fingerprint;
        checkpoint.completed_epochs = trained.completed_epochs;
        checkpoint.optimiser_steps = trained.optimiser.steps;
        checkpoint.tensors = checkpoint_tensors(trained);
        if (const auto problem = write_checkpoint_file(checkpoint_path, checkpoint)) {
            fmt::print(stderr, "error: --checkpoint: {}\n", *problem);
            return false;
        }
        return true;
    };
    if (!train_network(state, data.train, data.validation, options, report_epoch, save_checkpoint)) return 1;
    const FloatNetwork<F>& net = state.net;

    int clamped = 0;
    const Network<F> quantised = quantise(net, &clamped);
    const bool on_validation = !data.validation.empty();
    const std::vector<TrainPosition<F>>& sample_from = on_validation ? data.validation : data.train;
    const std::size_t sample = std::min(QUANTISATION_SAMPLE, sample_from.size());
    double total_difference = 0, max_difference = 0, float_loss = 0, quantised_loss = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        const TrainPosition<F>& p = sample_from[i];
        const double float_out = forward(net, p), quantised_out = quantised_output(quantised, p);
        const double difference = std::abs(quantised_out - float_out) * F::SCALE;
        total_difference += difference;
        max_difference = std::max(max_difference, difference);
        const double target = training_target(p, options.lambda);
        float_loss += std::pow(1.0 / (1.0 + std::exp(-float_out)) - target, 2);
        quantised_loss += std::pow(1.0 / (1.0 + std::exp(-quantised_out)) - target, 2);
    }
    if (sample > 0) {
        fmt::print(
            "quantised vs float on {} {} positions: mean |difference| {:.3f} cp, max {:.3f} cp; loss {:.6f} quantised, {:.6f} float\n",
            sample, on_validation ? "validation" : "training", total_difference / double(sample), max_difference,
            quantised_loss / double(sample), float_loss / double(sample));
    }
    if (clamped > 0) fmt::print("warning: {} quantised values were clamped to their integer range\n", clamped);

    const std::string bytes = serialise_network(quantised);
    if (!write_network_bytes(out_path, bytes)) return 1;
    fmt::print("wrote {} ({} bytes) in {:.1f} s\n", out_path, bytes.size(), elapsed());
    return 0;
}

}  // namespace sen::nn
