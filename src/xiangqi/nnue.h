// The learned evaluation for xiangqi: the network of nnue/network.h with xiangqi's features.
//
// Shape: 1260 inputs -> 2 x HIDDEN -> 1 (or one of OUTPUT_BUCKETS outputs by material; both fixed
// at build time like chess's). Each input is one (piece colour relative to the view, piece type, point): 2 x 7 x 90. Red's view
// takes the board as it is, Black's view flips it top to bottom (rank r -> 9 - r) and swaps the
// colours, so a position and its colour-flipped mirror have the same features for the side to
// move and the same evaluation. One unit of output is SCALE centipawns, the scale of the table
// evaluation (eval.h), so the search's margins keep their meaning. File format:
// nnue/network_file.h with the magic "SENXNUE1".
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nnue/network.h"
#include "xiangqi/bitboard.h"
#include "xiangqi/types.h"

// The hidden layer's width is fixed when the engine is built (CMake's SEN_XIANGQI_HIDDEN, by
// default the built-in xiangqi network's, 128 without one); a network file of another width is
// refused with both widths named.
#ifndef SEN_XIANGQI_HIDDEN
#define SEN_XIANGQI_HIDDEN 128
#endif
// Output buckets by the material on the board (CMake's SEN_XIANGQI_OUTPUT_BUCKETS, by default the
// built-in network's): 1 is a single output layer (nnue/network.h).
#ifndef SEN_XIANGQI_OUTPUT_BUCKETS
#define SEN_XIANGQI_OUTPUT_BUCKETS 1
#endif

namespace sen::xiangqi::nnue {

// Xiangqi's features with a hidden layer of `Hidden` and `OutputBuckets` output layers; the engine
// uses XiangqiFeatures, the tests other shapes too.
template <int Hidden, int OutputBuckets = 1>
struct XiangqiFeatureSet {
    static_assert(OutputBuckets >= 1 && OutputBuckets <= 30, "output buckets: 1 (none) to 30");
    static constexpr std::string_view NAME = "xiangqi";
    static constexpr int INPUTS = 2 * 7 * SQUARE_NB;
    static constexpr int HIDDEN = Hidden;
    static constexpr int OUTPUT_BUCKETS = OutputBuckets;
    static constexpr int MAX_PIECES = 32;
    // Centipawns per unit of output: the k of the table evaluation's fit (sigmoid(cp / SCALE) ~
    // expected score), as chess's 170.
    static constexpr int SCALE = 170;
    static constexpr std::string_view MAGIC = OutputBuckets > 1 ? "SENXNUE2" : "SENXNUE1";
    static constexpr std::string_view describe_layout(std::string_view magic) {
        if (magic == "SENXNUE1") return "without output buckets";
        if (magic == "SENXNUE2") return "with output buckets";
        return "";
    }
    static constexpr std::string_view LAYOUT_HINT =
        "CMake SEN_XIANGQI_OUTPUT_BUCKETS; a network without them converts with sen nnue-train --variant xiangqi --init NET --epochs 0 "
        "--out NEW";
    using SingleOutput = XiangqiFeatureSet<Hidden, 1>;  // the same network without output buckets
    static constexpr int SQUARES = SQUARE_NB;
    using Piece = xiangqi::Piece;
    using Square = xiangqi::Square;

    // The input index of `piece` on `square` from `view`'s side: 0..1259.
    static constexpr int feature(Color view, Piece piece, Square square) {
        const bool own = piece_color(piece) == view;
        const int sq = view == Color::White ? int(square) : int(flip_rank(square));
        return (own ? 0 : 7 * SQUARE_NB) + (int(piece_type(piece)) - 1) * SQUARE_NB + sq;
    }
    // The lowest square of a set of squares, taken out of it: how refresh() walks the pieces.
    static constexpr Square pop_lsb(Bitboard& b) { return xiangqi::pop_lsb(b); }
    static constexpr int popcount(Bitboard b) { return xiangqi::popcount(b); }
    // The point reflected left to right (file a <-> i): the rules are symmetric under it.
    static constexpr Square mirror(Square square) { return make_square(FILE_NB - 1 - file_of(square), rank_of(square)); }
};

using XiangqiFeatures = XiangqiFeatureSet<SEN_XIANGQI_HIDDEN, SEN_XIANGQI_OUTPUT_BUCKETS>;
using Network = sen::nn::Network<XiangqiFeatures>;
using Accumulator = sen::nn::Accumulator<XiangqiFeatures>;

// The network built into the binary, parsed once, or nullptr where the build has none (the CMake
// cache entry SEN_XIANGQI_NETWORK empty; the table evaluation, eval.h, then): what every xiangqi
// engine evaluates with until told otherwise (nnue/shared_network.h). Its file's bytes, for tools
// that start from it (nnue-train's --init).
sen::nn::SharedNetwork<XiangqiFeatures> built_in_network();
std::span<const unsigned char> embedded_network_file();

}  // namespace sen::xiangqi::nnue

namespace sen::xiangqi {
class Position;
}

namespace sen::xiangqi::nnue {

// The evaluation's state beside a position that moves are made on (nnue/network.h's
// AccumulatorStack): the search keeps one per thread and pushes and pops it with its moves;
// anything else that evaluates a position keeps its own, reset(network) when it sets up a position.
using EvalState = sen::nn::AccumulatorStack<XiangqiFeatures>;

// The hidden layer for `pos` by the state's network (there must be one), brought up to date in
// `state` from the nearest computed ancestor.
const Accumulator& accumulator(const Position& pos, EvalState& state);
// Centipawns from the side to move's point of view by the state's network (there must be one).
// (sen::nn::evaluate_fresh and refresh sum afresh.)
int evaluate(const Position& pos, EvalState& state);

}  // namespace sen::xiangqi::nnue
