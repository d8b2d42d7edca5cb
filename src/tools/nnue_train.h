// Training of the NNUE evaluation (`sen nnue-train`): fits the network of nnue.h in floating point
// to `FEN | result | score` lines written by `sen datagen`, then quantises it and writes the file.
//
// Each position's target is from its side to move's point of view: blended_target()
// (training_data.h) of its game result and its search score with k = 1 / SCALE, so that one unit
// of the network's output is SCALE centipawns. The model predicts sigmoid(out) and the loss is
// the mean squared error against the targets, minimised by AdamW (adam.h) over shuffled
// mini-batches with the exact gradient. A batch is split over threads in fixed slices whose
// gradients are summed in slice order, so a run depends only on its data, options, seed and
// thread count.
// Owns: the loaded positions, the float network, its optimiser state and the quantisation. Never
// touches the evaluation the engine uses (nnue.cpp reads the written file) or the engine's state.
// Invariants: after every optimiser step |w1| <= W1_LIMIT and |w2| <= W2_LIMIT, so the quantised
// sums cannot overflow (nnue.h); a position's features are those of nnue::feature(), the same
// function the engine's accumulators use.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/nnue.h"
#include "chess/types.h"

namespace sen::chess::nnue {

constexpr int MAX_PIECES = 32;

// One position as the trainer keeps it: its pieces, and its label from the side to move's view.
struct TrainPosition {
    std::array<std::uint8_t, MAX_PIECES> pieces{};   // Piece values
    std::array<std::uint8_t, MAX_PIECES> squares{};  // Square values
    std::uint8_t count = 0;
    Color side_to_move = Color::White;
    bool has_score = false;
    std::int16_t score = 0;  // search score in centipawns, side to move's view, when has_score
    float result = 0.5f;     // game result, side to move's view: 1 win, 0.5 draw, 0 loss
};

// The position of a FEN labelled with a white-relative result and score (as in the data files);
// nothing for an invalid FEN or one with more than MAX_PIECES pieces.
std::optional<TrainPosition> make_train_position(std::string_view fen, double white_result, std::optional<int> white_score);

// blended_target() of the position's result and score with k = 1 / SCALE.
double training_target(const TrainPosition& position, double lambda);

// The same position reflected left to right (file a <-> h), label unchanged. Without castling
// rights the rules of chess are symmetric under this reflection, so both positions have the same
// value: a second training example for free (the trainer adds one for such positions on request).
TrainPosition mirrored_files(const TrainPosition& position);

// The input indices of the position's pieces seen from the side to move and from the other side,
// in the order of its pieces.
struct PositionFeatures {
    int count = 0;
    std::array<int, MAX_PIECES> side_to_move{};
    std::array<int, MAX_PIECES> other_side{};
};
PositionFeatures features_of(const TrainPosition& position);

// The network in floats, laid out as nnue::Network: w1 row by row (row = input feature). All
// zeros as constructed, which is what a gradient or an optimiser's moments start from.
struct FloatNetwork {
    std::vector<float> w1 = std::vector<float>(std::size_t(INPUTS) * HIDDEN);
    std::vector<float> b1 = std::vector<float>(HIDDEN);
    std::vector<float> w2 = std::vector<float>(2 * HIDDEN);
    float b2 = 0;
};

// Small random weights from the seed: w1 uniform in +-1/sqrt(32) (a sum over about 32 pieces
// then lands around the bend of screlu), w2 uniform in +-1/sqrt(2 * HIDDEN), biases zero.
FloatNetwork initial_network(std::uint64_t seed);

// The output `out` (before the sigmoid) from the side to move's view; times SCALE, centipawns.
float forward(const FloatNetwork& net, const TrainPosition& position);

// Mean over the positions of (sigmoid(out) - target)^2.
double mean_loss(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda);

// The same mean loss, and its exact gradient written to `gradient` (which is overwritten).
double loss_and_gradient(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda, FloatNetwork& gradient);

// Rounded to the nearest integer at the engine's scales (QA, QB, QA * QB) and clamped to the
// integer types' ranges; `clamped` (when given) counts the values that had to be clamped.
Network quantise(const FloatNetwork& net, int* clamped = nullptr);

// The float network a quantised one stands for (each value divided by its scale): the starting
// point for training on from an existing network. quantise(dequantise(n)) gives n back.
FloatNetwork dequantise(const Network& net);

// The quantised network's output in the float network's units, computed exactly in integers (the
// engine's own rounding of the final division aside): what the engine will see, to compare.
double quantised_output(const Network& net, const TrainPosition& position);

struct TrainOptions {
    int epochs = 20;
    int batch_size = 16384;
    double learning_rate = 0.001;
    double lambda = 0.5;  // weight of the game result in the target; the rest is the search score's
    int threads = 1;
    std::uint64_t seed = 1;
    int decay_epoch = 0;         // first epoch (from 1) at a tenth of the rate; 0: the last quarter
    double weight_decay = 0.01;  // AdamW's, on w1 and w2 only
};

// The epoch from which the rate is a tenth: options.decay_epoch, or by default the last quarter
// of the epochs (none with fewer than 4).
int effective_decay_epoch(const TrainOptions& options);

struct EpochReport {
    int epoch = 0;
    double learning_rate = 0;
    double train_loss = 0;        // mean of the batches' losses, each before its step
    double validation_loss = -1;  // after the epoch; -1 without validation positions
    double positions_per_second = 0;
};

// Trains `net` in place, calling `progress` after every epoch.
void train_network(FloatNetwork& net, std::span<const TrainPosition> train, std::span<const TrainPosition> validation,
                   const TrainOptions& options, const std::function<void(const EpochReport&)>& progress = {});

struct TrainingData {
    std::vector<TrainPosition> train, validation;
    std::uint64_t lines = 0;           // non-empty lines read
    std::uint64_t bad_lines = 0;       // malformed line or invalid FEN
    std::uint64_t unscored_lines = 0;  // skipped: no score while lambda < 1
    std::uint64_t mirrored = 0;        // training positions added by mirror_files
};

// Reads the files (training_data.h); whole games go to validation, each with probability
// `validation_fraction`, by ValidationSplit with this seed. Returns what could not be read, if
// anything. With `mirror_files`, each training position without castling rights is followed by
// its mirrored_files() copy (validation positions are never mirrored, so the validation loss
// stays comparable).
std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData& data, bool mirror_files = false);

// `sen nnue-train --data FILE[,FILE...] --out NET [--epochs E] [--batch B] [--lr LR] [--lambda L]
// [--threads T] [--seed S] [--validation F] [--decay-epoch N] [--mirror]`; progress on stdout, errors on
// stderr (exit code 2 for bad arguments, 1 for unreadable data or an unwritable file).
int run_nnue_train_command(const std::vector<std::string>& args);

}  // namespace sen::chess::nnue
