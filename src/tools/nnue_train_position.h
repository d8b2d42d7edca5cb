// A position as `sen nnue-train` keeps it (nnue_trainer.h): its pieces and its label, the input
// features it activates (those of nn::feature_of(), the function the engine's accumulators use;
// with king buckets, of both kings' squares, and the factoriser's shared rows), its fitting target
// and its mirror image.
// training_target() is blended_target() (training_data.h) of the position's result and score with
// k = 1 / SCALE, so that one unit of the network's output is SCALE centipawns; mirrored_files() is
// the position reflected left to right, label unchanged, for the games whose rules are symmetric
// under it.
// Owns: the position's layout and its features. Never touches a network's weights.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>

#include "nnue/network.h"
#include "tools/training_data.h"

namespace sen::nn {

// One position as the trainer keeps it: its pieces, and its label from the side to move's view.
template <FeatureSet F>
struct TrainPosition {
    std::array<std::uint8_t, F::MAX_PIECES> pieces{};   // the game's Piece values
    std::array<std::uint8_t, F::MAX_PIECES> squares{};  // the game's Square values
    std::uint8_t count = 0;
    Color side_to_move = Color::White;
    bool has_score = false;
    std::int16_t score = 0;  // search score in centipawns, side to move's view, when has_score
    float result = 0.5f;     // game result, side to move's view: 1 win, 0.5 draw, 0 loss
};

// A span of positions that never takes part in deducing F (the callers pass vectors).
template <FeatureSet F>
using Positions = std::type_identity_t<std::span<const TrainPosition<F>>>;

// The position `pos` labelled with a white-relative (in xiangqi red-relative) result and score;
// nothing with more than MAX_PIECES pieces.
template <FeatureSet F, class Position>
std::optional<TrainPosition<F>> train_position_of(const Position& pos, double white_result, std::optional<int> white_score) {
    TrainPosition<F> p;
    for (int s = 0; s < F::SQUARES; ++s) {
        const auto piece = pos.piece_on(typename F::Square(s));
        if (piece == typename F::Piece{}) continue;
        if (p.count == F::MAX_PIECES) return std::nullopt;
        p.pieces[p.count] = std::uint8_t(piece);
        p.squares[p.count] = std::uint8_t(s);
        ++p.count;
    }
    const bool white = pos.side_to_move() == Color::White;
    p.side_to_move = pos.side_to_move();
    p.result = float(white ? white_result : 1.0 - white_result);
    if (white_score) {
        constexpr int LIMIT = std::numeric_limits<std::int16_t>::max();
        p.has_score = true;
        p.score = std::int16_t(std::clamp(white ? *white_score : -*white_score, -LIMIT, LIMIT));
    }
    return p;
}

// A network with king buckets trains with a factoriser: besides its F::INPUTS rows it has
// PLAIN_INPUTS shared rows, one for each input index within a perspective (a bucket and a board
// half, the square as the mirrored view sees it), and a perspective's row as the engine sees it is
// its own row plus the shared one. Every piece of every position trains the shared rows, so what
// the perspectives have in common is learnt from all the games, and a perspective's own row learns
// only how its king placement differs: on few games the buckets then generalise instead of
// memorising. quantise() folds the shared rows into the perspectives'; files and the engine never
// see them.
template <FeatureSet F>
constexpr int factor_inputs() {
    if constexpr (KingBucketed<F>) return F::PLAIN_INPUTS;
    else return 0;
}
// The rows of the float network: the engine's inputs and then the shared ones.
template <FeatureSet F>
constexpr int TRAIN_INPUTS = F::INPUTS + factor_inputs<F>();
// A training position activates a shared row for each of its pieces too.
template <FeatureSet F>
constexpr int MAX_TRAIN_FEATURES = (factor_inputs<F>() > 0 ? 2 : 1) * F::MAX_PIECES;

// The input indices of the position's pieces seen from the side to move and from the other side,
// in the order of its pieces (features_of()); training_features_of() appends the shared rows'.
template <FeatureSet F>
struct PositionFeatures {
    int count = 0;
    std::array<int, MAX_TRAIN_FEATURES<F>> side_to_move{};
    std::array<int, MAX_TRAIN_FEATURES<F>> other_side{};
};

// The shared row of a feature (one of the engine's inputs) of a network with king buckets.
template <FeatureSet F>
constexpr int shared_row_of(int feature) {
    return F::INPUTS + feature % F::PLAIN_INPUTS;
}

template <FeatureSet F>
double training_target(const TrainPosition<F>& position, double lambda) {
    return blended_target(position.result, position.has_score ? std::optional<int>(position.score) : std::nullopt, lambda, 1.0 / F::SCALE);
}

template <FeatureSet F>
TrainPosition<F> mirrored_files(const TrainPosition<F>& position) {
    TrainPosition<F> mirrored = position;
    for (int i = 0; i < position.count; ++i) mirrored.squares[i] = std::uint8_t(F::mirror(typename F::Square(position.squares[i])));
    return mirrored;
}

template <FeatureSet F>
PositionFeatures<F> features_of(const TrainPosition<F>& position) {
    PositionFeatures<F> f;
    f.count = position.count;
    const Color us = position.side_to_move;
    KingSquares<F> kings{};
    if constexpr (KingBucketed<F>)
        for (int i = 0; i < position.count; ++i)
            for (const Color c : {Color::White, Color::Black})
                if (typename F::Piece(position.pieces[i]) == F::king(c)) kings[index_of(c)] = typename F::Square(position.squares[i]);
    for (int i = 0; i < position.count; ++i) {
        const auto piece = typename F::Piece(position.pieces[i]);
        const auto square = typename F::Square(position.squares[i]);
        f.side_to_move[i] = feature_of<F>(us, piece, square, kings[index_of(us)]);
        f.other_side[i] = feature_of<F>(~us, piece, square, kings[index_of(~us)]);
    }
    return f;
}

// features_of() and, with a factoriser, each piece's shared row after all the pieces' own rows,
// in the same order and view.
template <FeatureSet F>
PositionFeatures<F> training_features_of(const TrainPosition<F>& position) {
    PositionFeatures<F> f = features_of(position);
    if constexpr (factor_inputs<F>() > 0) {
        for (int i = 0; i < position.count; ++i) {
            f.side_to_move[position.count + i] = shared_row_of<F>(f.side_to_move[i]);
            f.other_side[position.count + i] = shared_row_of<F>(f.other_side[i]);
        }
        f.count = 2 * position.count;
    }
    return f;
}

}  // namespace sen::nn
