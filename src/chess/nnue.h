// A learned evaluation for chess: a small efficiently updatable neural network (NNUE).
//
// Shape: 768 inputs -> 2 x HIDDEN -> 1. Each input is one (piece colour, piece type, square)
// seen from one side (a "perspective"): White's view takes the board as it is, Black's view
// flips it vertically and swaps the colours, so a position and its colour-flipped mirror have
// the same features for the side to move and the same evaluation. Both views share one weight
// matrix. The hidden layer of each view (its "accumulator") is a sum of the matrix rows of the
// pieces on the board plus a bias: a move changes a few pieces, so the search updates it by
// adding and subtracting a few rows instead of summing all of them again.
//
//   out = b2 + sum_i w2[i] * screlu(acc_stm[i]) + sum_i w2[HIDDEN + i] * screlu(acc_other[i])
//   screlu(x) = clamp(x, 0, 1)^2,   evaluation in centipawns = out * SCALE
//
// The trainer (nnue_train.h) fits the weights in floating point to Sen's own self-play data,
// predicting sigmoid(out) against a blend of game result and search score (sigmoid(cp / SCALE)),
// so one unit of `out` is SCALE centipawns, the scale the hand-written evaluation is in.
// The engine uses integers: the first layer times QA in int16, the output weights times QB in
// int16 and the output bias times QA * QB in int32.
//
// File format (little-endian): the 8 bytes "SENNNUE1", uint32 HIDDEN, uint32 SCALE, then
// int16 w1[768][HIDDEN] (row = feature), int16 b1[HIDDEN], int16 w2[2 * HIDDEN], int32 b2.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "chess/types.h"

namespace sen::chess::nnue {

// The hidden layer's width is fixed when the engine is built (CMake's SEN_NNUE_HIDDEN, 128 by
// default): loops of a known length vectorise fully. A network file of another width is refused.
#ifndef SEN_NNUE_HIDDEN
#define SEN_NNUE_HIDDEN 128
#endif
constexpr int INPUTS = 768;
constexpr int HIDDEN = SEN_NNUE_HIDDEN;
static_assert(HIDDEN >= 16 && HIDDEN % 16 == 0, "the SIMD loops take 16 neurons at a time");
constexpr int SCALE = 170;  // centipawns per unit of output; sigmoid(cp / SCALE) ~ expected score
constexpr int QA = 255;     // first-layer quantisation: screlu's 1.0 is QA
constexpr int QB = 64;      // output-weight quantisation
// Evaluations are clamped to this, far below the search's mate scores (search.h).
constexpr int OUTPUT_LIMIT = 20000;
// Float weights are clipped to these in training so that the quantised sums cannot overflow:
// |w1| * QA * 32 pieces stays in int16 (the bias, added on top, is only clamped to int16), and
// 2 * HIDDEN terms of QA^2 * |w2| * QB in int32 (at 128 neurons 1.98 just fits; a wider layer gets
// a proportionally smaller bound).
constexpr float W1_LIMIT = 1.98f;
constexpr float W2_LIMIT = 1.98f * 128 / float(std::max(HIDDEN, 128));
static_assert(double(W1_LIMIT) * QA * 32 < 32767.0, "32 first-layer rows must fit in int16");
static_assert(2.0 * HIDDEN * QA * QA * double(W2_LIMIT) * QB < 2147483647.0, "output sums must fit in int32");
constexpr char MAGIC[8] = {'S', 'E', 'N', 'N', 'N', 'U', 'E', '1'};
constexpr std::size_t FILE_BYTES = 8 + 4 + 4 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

// The input index of `piece` on `square` from `view`'s side: 0..767.
constexpr int feature(Color view, Piece piece, Square square) {
    const bool own = piece_color(piece) == view;
    const int sq = view == Color::White ? int(square) : int(square) ^ 56;
    return (own ? 0 : 384) + (int(piece_type(piece)) - 1) * 64 + sq;
}

struct Network {
    alignas(64) std::array<std::int16_t, INPUTS * HIDDEN> w1;
    alignas(64) std::array<std::int16_t, HIDDEN> b1;
    alignas(64) std::array<std::int16_t, 2 * HIDDEN> w2;
    std::int32_t b2;
};

// Reads a network in the file format above; returns a description of what is wrong instead.
std::optional<std::string> parse_network(std::span<const unsigned char> bytes, Network& out);
std::string serialise_network(const Network& net);

// The hidden layer of both views for one position: [index_of(view)][neuron].
struct Accumulator {
    alignas(64) std::int16_t values[COLOR_NB][HIDDEN];
};

}  // namespace sen::chess::nnue

namespace sen::chess {
class Position;
}

namespace sen::chess::nnue {

// The network the chess engine evaluates with, if any: the one built into the binary from the
// start (nets/default.nnue), another loaded by the UCI option EvalFile, or none, and the
// hand-written evaluation (eval.h) is used then. Changing it is allowed only while no search
// runs; positions notice the change (network_generation()) and sum their accumulators afresh.
const Network* active_network();
void set_network(const Network& net);
void clear_network();
unsigned network_generation();
// The name that stands for the network built into the binary (EvalFile's default, nnue-train's
// --init), its file's bytes, and making it the active one again.
constexpr std::string_view BUILT_IN_NETWORK = "<built-in>";
std::span<const unsigned char> embedded_network_file();
void use_embedded_network();
// Reads a network file into `out` (at most FILE_BYTES + 1 bytes, and only a regular file: a
// device or a pipe named by mistake must not hang the engine). On failure returns why.
std::optional<std::string> read_network_file(const std::string& path, Network& out);

// read_network_file, then makes it the active network. On failure returns why, and the active
// network stays as it was.
std::optional<std::string> load_network_file(const std::string& path);

// Centipawns from the side to move's point of view by the active network (there must be one),
// with the position's accumulators brought up to date from the nearest computed ancestor state.
int evaluate(const Position& pos);
// The same value with the accumulator summed from scratch: the reference the incremental path
// is tested against, and what tools use for one-off evaluations.
int evaluate_fresh(const Position& pos, const Network& net);
// Both views' hidden layers summed from scratch.
void refresh(const Position& pos, const Network& net, Accumulator& acc);
// The output from finished accumulators, in centipawns for the side to move.
int output(const Network& net, const Accumulator& acc, Color side_to_move);

}  // namespace sen::chess::nnue
