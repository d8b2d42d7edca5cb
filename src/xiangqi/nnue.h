// The learned evaluation for xiangqi: the network of nnue/network.h with xiangqi's features.
//
// Shape: 1260 inputs (times the king buckets, if the build has them) -> 2 x HIDDEN -> 1 (or one
// of OUTPUT_BUCKETS outputs by material; all fixed at build time like chess's). Each input is one
// (piece colour relative to the view, piece type, point): 2 x 7 x 90. Red's view takes the board
// as it is, Black's view flips it top to bottom (rank r -> 9 - r) and swaps the colours, so a
// position and its colour-flipped mirror have the same features for the side to move and the same
// evaluation. One unit of output is SCALE centipawns, the scale of the table evaluation (eval.h),
// so the search's margins keep their meaning. File format: nnue/network_file.h with the magic
// "SENXNUE1" (XiangqiFeatureSet::MAGIC names the others).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
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
// Input buckets by the point of the view's own general in its palace (CMake's
// SEN_XIANGQI_KING_BUCKETS, by default the built-in network's): 0 is the plain 1260-input network,
// 3 or 9 a layout below.
#ifndef SEN_XIANGQI_KING_BUCKETS
#define SEN_XIANGQI_KING_BUCKETS 0
#endif

namespace sen::xiangqi::nnue {

// The bucket of each palace point the view's own general can stand on, as the view sees the board:
// index rank * 3 + file, the rank from the own side (0-2) and the file from d (0-2). The general
// never leaves the palace, so nine points are all there is to tell apart; its file says which
// file a chariot or cannon checks along and on which wing the defence stands, so 3 buckets go by
// the file, 9 keep every point.
template <int Buckets>
inline constexpr std::array<std::uint8_t, 9> KING_BUCKET_LAYOUT{};
// clang-format off
template <>
inline constexpr std::array<std::uint8_t, 9> KING_BUCKET_LAYOUT<3> = {
    0, 1, 2,  // rank 1: files d, e, f
    0, 1, 2,  // rank 2
    0, 1, 2,  // rank 3
};
template <>
inline constexpr std::array<std::uint8_t, 9> KING_BUCKET_LAYOUT<9> = {
    0, 1, 2,
    3, 4, 5,
    6, 7, 8,
};
// clang-format on

// Xiangqi's features with a hidden layer of `Hidden`, `OutputBuckets` output layers and
// `KingBuckets` input buckets by the own general's point (0: none); the engine uses
// XiangqiFeatures, the tests other shapes too.
template <int Hidden, int OutputBuckets = 1, int KingBuckets = 0>
struct XiangqiFeatureSet {
    static_assert(OutputBuckets >= 1 && OutputBuckets <= 30, "output buckets: 1 (none) to 30");
    static_assert(KingBuckets == 0 || KingBuckets == 3 || KingBuckets == 9, "king buckets: 0, 3 or 9 (KING_BUCKET_LAYOUT)");
    static constexpr std::string_view NAME = "xiangqi";
    static constexpr int KING_BUCKETS = KingBuckets;
    // Unlike chess's, the perspectives are the buckets themselves: no board half is mirrored
    // (the palace is small, and a plain network then converts exactly by plain copies).
    static constexpr int PERSPECTIVES = KingBuckets;
    static constexpr int PLAIN_INPUTS = 2 * 7 * SQUARE_NB;
    static constexpr int INPUTS = PLAIN_INPUTS * (KingBuckets > 0 ? KingBuckets : 1);
    static constexpr int HIDDEN = Hidden;
    static constexpr int OUTPUT_BUCKETS = OutputBuckets;
    static constexpr int MAX_PIECES = 32;
    // Centipawns per unit of output: the k of the table evaluation's fit (sigmoid(cp / SCALE) ~
    // expected score), as chess's 170.
    static constexpr int SCALE = 170;
    // Files of each layout carry their own magic, so that each is refused by name by a build of another.
    static constexpr std::string_view MAGIC = OutputBuckets > 1 ? (KingBuckets > 0 ? "SENXNUE4" : "SENXNUE2")
                                                                : (KingBuckets > 0 ? "SENXNUE3" : "SENXNUE1");
    static constexpr std::string_view describe_layout(std::string_view magic) {
        if (magic == "SENXNUE1") return "without output buckets or king buckets";
        if (magic == "SENXNUE2") return "with output buckets, without king buckets";
        if (magic == "SENXNUE3") return "with king buckets, without output buckets";
        if (magic == "SENXNUE4") return "with king buckets and output buckets";
        return "";
    }
    // Short: the whole message, path included, must fit an error line (400 characters).
    static constexpr std::string_view LAYOUT_HINT = "CMake SEN_XIANGQI_KING_BUCKETS, SEN_XIANGQI_OUTPUT_BUCKETS; from one without: sen "
                                                    "nnue-train --variant xiangqi --init NET --epochs 0";
    using Plain = XiangqiFeatureSet<Hidden, OutputBuckets, 0>;       // the same network without king buckets
    using SingleOutput = XiangqiFeatureSet<Hidden, 1, KingBuckets>;  // the same network without output buckets
    static constexpr int SQUARES = SQUARE_NB;
    using Piece = xiangqi::Piece;
    using Square = xiangqi::Square;

    // The input index of `piece` on `square` from `view`'s side without buckets: 0..1259.
    static constexpr int feature(Color view, Piece piece, Square square) {
        const bool own = piece_color(piece) == view;
        const int sq = view == Color::White ? int(square) : int(flip_rank(square));
        return (own ? 0 : 7 * SQUARE_NB) + (int(piece_type(piece)) - 1) * SQUARE_NB + sq;
    }
    // With buckets, `king` being the view's own general's point: each bucket has its own rows.
    static constexpr int feature(Color view, Piece piece, Square square, Square king) {
        return perspective(view, king) * PLAIN_INPUTS + feature(view, piece, square);
    }
    // The bucket of the view's general on `king`. A point outside the palace (no legal position
    // has one) counts as the nearest palace point, so that every index stays in range.
    static constexpr int perspective(Color view, Square king) {
        const int rank = std::clamp(view == Color::White ? rank_of(king) : RANK_NB - 1 - rank_of(king), 0, 2);
        const int file = std::clamp(file_of(king) - 3, 0, 2);
        return KING_BUCKET_LAYOUT<KingBuckets>[std::size_t(rank * 3 + file)];
    }
    static constexpr Piece king(Color c) { return make_piece(c, GENERAL); }
    // No perspective sees the board mirrored; the plain input of the same piece on the point
    // reflected left to right, same view, for what expects it of a bucketed set.
    static constexpr bool mirrored_half(int /*perspective*/) { return false; }
    static constexpr int mirrored_plain_feature(int plain_feature) {
        const int sq = plain_feature % SQUARE_NB;
        return plain_feature - sq + int(mirror(Square(sq)));
    }

    // The lowest square of a set of squares, taken out of it: how refresh() walks the pieces.
    static constexpr Square pop_lsb(Bitboard& b) { return xiangqi::pop_lsb(b); }
    static constexpr int popcount(Bitboard b) { return xiangqi::popcount(b); }
    // The point reflected left to right (file a <-> i): the rules are symmetric under it.
    static constexpr Square mirror(Square square) { return make_square(FILE_NB - 1 - file_of(square), rank_of(square)); }
};

using XiangqiFeatures = XiangqiFeatureSet<SEN_XIANGQI_HIDDEN, SEN_XIANGQI_OUTPUT_BUCKETS, SEN_XIANGQI_KING_BUCKETS>;
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
