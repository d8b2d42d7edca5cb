// The learned evaluation for chess: the network of nnue/network.h with chess's features.
//
// Shape: 768 inputs -> 2 x HIDDEN -> 1. Each input is one (piece colour, piece type, square)
// seen from one side: White's view takes the board as it is, Black's view flips it vertically
// and swaps the colours, so a position and its colour-flipped mirror have the same features for
// the side to move and the same evaluation. One unit of output is 170 cp (SCALE), the scale of
// the hand-written evaluation. File format: nnue/network_file.h with the magic "SENNNUE1".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "chess/bitboard.h"
#include "chess/types.h"
#include "nnue/network.h"
#include "nnue/network_file.h"

namespace sen::chess::nnue {

using sen::nn::OUTPUT_LIMIT;
using sen::nn::parse_network;
using sen::nn::QA;
using sen::nn::QB;
using sen::nn::read_network_file;
using sen::nn::serialise_network;
using sen::nn::W1_LIMIT;

// The hidden layer's width is fixed when the engine is built (CMake's SEN_NNUE_HIDDEN, 128 by
// default): loops of a known length vectorise fully. A network file of another width is refused.
#ifndef SEN_NNUE_HIDDEN
#define SEN_NNUE_HIDDEN 128
#endif

struct ChessFeatures {
    static constexpr std::string_view NAME = "chess";
    static constexpr int INPUTS = 768;
    static constexpr int HIDDEN = SEN_NNUE_HIDDEN;
    static constexpr int MAX_PIECES = 32;
    static constexpr int SCALE = 170;  // centipawns per unit of output; sigmoid(cp / SCALE) ~ expected score
    static constexpr std::string_view MAGIC = "SENNNUE1";
    static constexpr int SQUARES = SQUARE_NB;
    using Piece = chess::Piece;
    using Square = chess::Square;

    // The input index of `piece` on `square` from `view`'s side: 0..767.
    static constexpr int feature(Color view, Piece piece, Square square) {
        const bool own = piece_color(piece) == view;
        const int sq = view == Color::White ? int(square) : int(square) ^ 56;
        return (own ? 0 : 384) + (int(piece_type(piece)) - 1) * 64 + sq;
    }
    // The lowest square of a set of squares, taken out of it: how refresh() walks the pieces.
    static constexpr Square pop_lsb(Bitboard& b) { return chess::pop_lsb(b); }
    // The square reflected left to right (file a <-> h), for the trainer's augmentation.
    static constexpr Square mirror(Square square) { return Square(int(square) ^ 7); }
};

constexpr int INPUTS = ChessFeatures::INPUTS;
constexpr int HIDDEN = ChessFeatures::HIDDEN;
constexpr int SCALE = ChessFeatures::SCALE;
constexpr float W2_LIMIT = sen::nn::W2_LIMIT<ChessFeatures>;
using Network = sen::nn::Network<ChessFeatures>;
using Accumulator = sen::nn::Accumulator<ChessFeatures>;
constexpr std::size_t FILE_BYTES = Network::FILE_BYTES;

constexpr int feature(Color view, Piece piece, Square square) { return ChessFeatures::feature(view, piece, square); }

}  // namespace sen::chess::nnue

namespace sen::chess {
class Position;
}

namespace sen::chess::nnue {

// The network the chess engine evaluates with, if any (nnue/active_network.h): from the start
// the one built into the binary from nets/default.nnue.
sen::nn::ActiveNetwork<ChessFeatures>& active();
// The one in use, or nullptr (the hand-written evaluation, eval.h, then), and the same changes.
const Network* active_network();
void set_network(const Network& net);
void clear_network();
unsigned network_generation();
// The name that stands for the network built into the binary (EvalFile's default, nnue-train's
// --init), its file's bytes, and making it the active one again.
constexpr std::string_view BUILT_IN_NETWORK = "<built-in>";
std::span<const unsigned char> embedded_network_file();
void use_embedded_network();
// read_network_file (nnue/network_file.h), then makes it the active network. On failure returns
// why, and the active network stays as it was.
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
inline int output(const Network& net, const Accumulator& acc, Color side_to_move) { return sen::nn::output(net, acc, side_to_move); }

}  // namespace sen::chess::nnue
