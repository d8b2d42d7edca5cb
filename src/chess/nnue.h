// The learned evaluation for chess: the network of nnue/network.h with chess's features.
//
// Shape: 768 inputs (times the king buckets, if the build has them: see ChessFeatureSet and
// docs/nnue.md, "King buckets") -> 2 x HIDDEN -> 1. Each input is one (piece colour, piece type, square)
// seen from one side: White's view takes the board as it is, Black's view flips it vertically
// and swaps the colours, so a position and its colour-flipped mirror have the same features for
// the side to move and the same evaluation. One unit of output is 170 cp (SCALE), the scale of
// the hand-written evaluation. File format: nnue/network_file.h with the magic "SENNNUE1" ("SENNNUE3" with king buckets).
#pragma once

#include <array>
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
using sen::nn::W2_LIMIT;

// The hidden layer's width is fixed when the engine is built (CMake's SEN_NNUE_HIDDEN, by default
// the built-in network's width): loops of a known length vectorise fully. A network file of
// another width is refused.
#ifndef SEN_NNUE_HIDDEN
#define SEN_NNUE_HIDDEN 256
#endif
// Input buckets by the own king's square (CMake's SEN_NNUE_KING_BUCKETS): 0, the default, is the
// plain 768-input network; 4, 8 or 16 choose a layout below. A network file of another layout is
// refused.
#ifndef SEN_NNUE_KING_BUCKETS
#define SEN_NNUE_KING_BUCKETS 0
#endif
// Output buckets by the material on the board (CMake's SEN_NNUE_OUTPUT_BUCKETS, by default the
// built-in network's): 1 is a single output layer, 8 the usual choice (nnue/network.h).
#ifndef SEN_NNUE_OUTPUT_BUCKETS
#define SEN_NNUE_OUTPUT_BUCKETS 1
#endif

// The bucket of each square the own king can stand on after the view's flip and mirror (so files
// a-d only), index rank * 4 + file from the own back rank. Finer near the back rank, where a king
// spends most of the game and where its shelter changes what the pieces are worth.
template <int Buckets>
inline constexpr std::array<std::uint8_t, 32> KING_BUCKET_LAYOUT{};
// clang-format off
template <>
inline constexpr std::array<std::uint8_t, 32> KING_BUCKET_LAYOUT<4> = {
    0, 0, 1, 1,  // rank 1: a-b (castled, mirrored from g-h), c-d (the king's start and the queenside)
    2, 2, 2, 2,  // rank 2
    3, 3, 3, 3,  // ranks 3-8
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};
template <>
inline constexpr std::array<std::uint8_t, 32> KING_BUCKET_LAYOUT<8> = {
    0, 1, 2, 3,  // rank 1: one a file
    4, 4, 5, 5,  // rank 2
    6, 6, 6, 6,  // ranks 3-4
    6, 6, 6, 6,  //
    7, 7, 7, 7,  // ranks 5-8
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
};
template <>
inline constexpr std::array<std::uint8_t, 32> KING_BUCKET_LAYOUT<16> = {
    0,  1,  2,  3,   // rank 1
    4,  5,  6,  7,   // rank 2
    8,  8,  9,  9,   // rank 3
    10, 10, 11, 11,  // rank 4
    12, 12, 12, 12,  // rank 5
    13, 13, 13, 13,  // rank 6
    14, 14, 14, 14,  // rank 7
    15, 15, 15, 15,  // rank 8
};
// clang-format on

// Chess's features with `Buckets` king buckets (0: none), a hidden layer of `Hidden` and
// `OutputBuckets` output layers; the engine uses ChessFeatures, the tests other shapes too.
template <int Buckets, int Hidden, int OutputBuckets = 1>
struct ChessFeatureSet {
    static_assert(Buckets == 0 || Buckets == 4 || Buckets == 8 || Buckets == 16, "king buckets: 0, 4, 8 or 16 (KING_BUCKET_LAYOUT)");
    static_assert(OutputBuckets >= 1 && OutputBuckets <= 30, "output buckets: 1 (none) to 30");
    static constexpr std::string_view NAME = "chess";
    static constexpr int KING_BUCKETS = Buckets;
    static constexpr int OUTPUT_BUCKETS = OutputBuckets;
    // A bucket and a board half (the king on a-d, or on e-h and the board mirrored).
    static constexpr int PERSPECTIVES = 2 * Buckets;
    // Each perspective is one plain 768-input layer: the input index is perspective * 768 + the
    // plain one of the (mirrored) board. The two halves have rows of their own, so that a network
    // without buckets converts exactly, left-right asymmetry and all (castling rights make the
    // halves differ).
    static constexpr int PLAIN_INPUTS = 768;
    static constexpr int INPUTS = PLAIN_INPUTS * (Buckets > 0 ? PERSPECTIVES : 1);
    static constexpr int HIDDEN = Hidden;
    static constexpr int MAX_PIECES = 32;
    static constexpr int SCALE = 170;  // centipawns per unit of output; sigmoid(cp / SCALE) ~ expected score
    // Files of each layout carry their own magic, so that each is refused by name by a build of
    // another. (SENNNUE2 was an earlier bucketed layout, whose halves shared their rows.)
    static constexpr std::string_view MAGIC = OutputBuckets > 1 ? (Buckets > 0 ? "SENNNUE5" : "SENNNUE4")
                                                                : (Buckets > 0 ? "SENNNUE3" : "SENNNUE1");
    static constexpr std::string_view describe_layout(std::string_view magic) {
        if (magic == "SENNNUE1") return "without king buckets or output buckets";
        if (magic == "SENNNUE3") return "with king buckets, without output buckets";
        if (magic == "SENNNUE4") return "without king buckets, with output buckets";
        if (magic == "SENNNUE5") return "with king buckets and output buckets";
        return "";
    }
    static constexpr std::string_view LAYOUT_HINT =
        "CMake SEN_NNUE_KING_BUCKETS and SEN_NNUE_OUTPUT_BUCKETS; a network without buckets converts with "
        "sen nnue-train --init NET --epochs 0 --out NEW";
    static constexpr int SQUARES = SQUARE_NB;
    using Piece = chess::Piece;
    using Square = chess::Square;
    using Plain = ChessFeatureSet<0, Hidden, OutputBuckets>;   // the same network without king buckets
    using SingleOutput = ChessFeatureSet<Buckets, Hidden, 1>;  // the same network without output buckets

    // The input index of `piece` on `square` from `view`'s side without buckets: 0..767.
    static constexpr int feature(Color view, Piece piece, Square square) {
        const bool own = piece_color(piece) == view;
        const int sq = view == Color::White ? int(square) : int(square) ^ 56;
        return (own ? 0 : 384) + (int(piece_type(piece)) - 1) * 64 + sq;
    }
    // With buckets, `king` being the view's own king's square: if the king (as the view sees the
    // board) stands on files e-h, every square is mirrored left to right, so the king is always
    // on a-d; the bucket is the layout's for that square, and each half has its own rows.
    static constexpr int feature(Color view, Piece piece, Square square, Square king) {
        const int mirror = mirror_of(view, king);
        return perspective(view, king) * PLAIN_INPUTS + feature(view, piece, Square(int(square) ^ mirror));
    }
    static constexpr int perspective(Color view, Square king) { return 2 * bucket_of(view, king) + (mirror_of(view, king) != 0); }
    static constexpr Piece king(Color c) { return make_piece(c, KING); }
    // The plain input of the same piece on the square reflected left to right, same view.
    static constexpr int mirrored_plain_feature(int plain_feature) { return plain_feature ^ 7; }
    // Whether a perspective's rows see the board mirrored (the king on e-h).
    static constexpr bool mirrored_half(int perspective) { return (perspective & 1) != 0; }

    // The lowest square of a set of squares, taken out of it: how refresh() walks the pieces.
    static constexpr Square pop_lsb(Bitboard& b) { return chess::pop_lsb(b); }
    static constexpr int popcount(Bitboard b) { return chess::popcount(b); }
    // The square reflected left to right (file a <-> h), for the trainer's augmentation.
    static constexpr Square mirror(Square square) { return Square(int(square) ^ 7); }

private:
    static constexpr int own_square(Color view, Square king) { return view == Color::White ? int(king) : int(king) ^ 56; }
    static constexpr int mirror_of(Color view, Square king) { return (own_square(view, king) & 7) >= 4 ? 7 : 0; }
    static constexpr int bucket_of(Color view, Square king) {
        const int k = own_square(view, king) ^ mirror_of(view, king);
        return KING_BUCKET_LAYOUT<Buckets>[std::size_t((k >> 3) * 4 + (k & 7))];
    }
};

using ChessFeatures = ChessFeatureSet<SEN_NNUE_KING_BUCKETS, SEN_NNUE_HIDDEN, SEN_NNUE_OUTPUT_BUCKETS>;

constexpr int INPUTS = ChessFeatures::INPUTS;
constexpr int HIDDEN = ChessFeatures::HIDDEN;
constexpr int SCALE = ChessFeatures::SCALE;
using Network = sen::nn::Network<ChessFeatures>;
using Accumulator = sen::nn::Accumulator<ChessFeatures>;
constexpr std::size_t FILE_BYTES = Network::FILE_BYTES;

// The plain (unbucketed) input index: the whole index without king buckets.
constexpr int feature(Color view, Piece piece, Square square) { return ChessFeatures::feature(view, piece, square); }

}  // namespace sen::chess::nnue

namespace sen::chess {
class Position;
}

namespace sen::chess::nnue {

// The network built into the binary from nets/default.nnue, parsed once: what every chess engine
// evaluates with until told otherwise (nnue/shared_network.h). Its file's bytes, for tools that
// start from it (nnue-train's --init).
sen::nn::SharedNetwork<ChessFeatures> built_in_network();
std::span<const unsigned char> embedded_network_file();

// The evaluation's state beside a position that moves are made on (nnue/network.h's
// AccumulatorStack): the search keeps one per thread and pushes and pops it with its moves;
// anything else that evaluates a position keeps its own, reset(network) when it sets up a position.
using EvalState = sen::nn::AccumulatorStack<ChessFeatures>;

// The hidden layer for `pos` by the state's network (there must be one), brought up to date in
// `state` from the nearest computed ancestor.
const Accumulator& accumulator(const Position& pos, EvalState& state);
// Centipawns from the side to move's point of view by the state's network (there must be one).
int evaluate(const Position& pos, EvalState& state);
// The same value with the accumulator summed from scratch: the reference the incremental path
// is tested against, and what tools use for one-off evaluations.
int evaluate_fresh(const Position& pos, const Network& net);
// Both views' hidden layers summed from scratch.
void refresh(const Position& pos, const Network& net, Accumulator& acc);
// The output from finished accumulators, in centipawns for the side to move.
inline int output(const Network& net, const Accumulator& acc, Color side_to_move, int bucket = 0) {
    return sen::nn::output(net, acc, side_to_move, bucket);
}

}  // namespace sen::chess::nnue
