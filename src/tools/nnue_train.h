// `sen nnue-train`: training of a game's NNUE evaluation (nnue_trainer.h has the method) on the
// records `sen datagen` writes, chess's (nnue/network.h with chess/nnue.h's features) by default,
// xiangqi's with `--variant xiangqi` (xiangqi/nnue.h).
//
// `sen nnue-train [--variant chess|xiangqi] --data FILE[,FILE...] --out NET [--epochs E] [--batch B]
// [--lr LR] [--lambda L] [--threads T] [--seed S] [--validation F] [--decay-epoch N] [--mirror]
// [--lr-schedule step|cosine|wsd] [--warmup N] [--min-ply N] [--max-score CP] [--keep-checks]
// [--no-filter] [--init NET] [--checkpoint FILE]`; progress on stdout, errors on stderr (exit code 2 for bad arguments, 1 for
// unreadable data or an unwritable file).
//
// A game's training entry points are templates over the game, written once (make_train_position,
// load_game_data); what differs by game comes from the game (TrainedGame): features, built-in
// network, and the rule for --mirror (mirror_symmetric: in chess positions without castling
// rights, in xiangqi every position).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games.h"
#include "tools/nnue_trainer.h"

namespace sen::nn {

// What training needs of a game, from the game itself: its network's features (those of its
// Evaluator), the network file built into the binary (for --init <built-in>), and which positions
// have a mirror image (left to right) of the same value.
template <class G>
struct TrainedGame {
    using Features = typename G::Evaluator::element_type::Features;
    static std::span<const unsigned char> embedded() { return G::built_in_network_file(); }
    static bool mirrorable(const typename G::Position& pos) { return G::mirror_symmetric(pos); }
};

template <class G>
using TrainedFeatures = typename TrainedGame<G>::Features;

// The position of a FEN of game G labelled with a result and score from the first player's side
// (white, red; as in the data files); nothing for an invalid FEN or one with more pieces than the
// features hold.
template <class G>
std::optional<TrainPosition<TrainedFeatures<G>>> make_train_position(std::string_view fen, double first_result,
                                                                     std::optional<int> first_score);
// The data files' records of game G (nnue_training_loader.h's load_training_data, with the game's
// FEN reading and its rule for --mirror).
template <class G>
std::optional<std::string> load_game_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                          std::uint64_t seed, TrainingData<TrainedFeatures<G>>& data, bool mirror_files = false);

}  // namespace sen::nn

// Short names for a game's training types, for the tests and tools of that game.
namespace sen::chess::nnue {

using sen::nn::effective_decay_epoch;
using sen::nn::EpochReport;
using sen::nn::TrainOptions;
constexpr int MAX_PIECES = ChessFeatures::MAX_PIECES;
using TrainPosition = sen::nn::TrainPosition<ChessFeatures>;
using PositionFeatures = sen::nn::PositionFeatures<ChessFeatures>;
using FloatNetwork = sen::nn::FloatNetwork<ChessFeatures>;
using TrainingData = sen::nn::TrainingData<ChessFeatures>;

}  // namespace sen::chess::nnue

namespace sen::xiangqi::nnue {

using TrainPosition = sen::nn::TrainPosition<XiangqiFeatures>;
using FloatNetwork = sen::nn::FloatNetwork<XiangqiFeatures>;
using TrainingData = sen::nn::TrainingData<XiangqiFeatures>;

}  // namespace sen::xiangqi::nnue
