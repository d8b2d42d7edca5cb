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
// The per-game functions below are what the generic templates cannot deduce: reading a FEN of
// the game, the random starting network, and the data with the game's rule for --mirror (chess:
// positions without castling rights, whose rules are symmetric left to right; xiangqi: every
// position).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/nnue.h"
#include "tools/nnue_trainer.h"
#include "xiangqi/nnue.h"

namespace sen::chess::nnue {

using sen::nn::effective_decay_epoch;
using sen::nn::EpochReport;
using sen::nn::TrainOptions;
constexpr int MAX_PIECES = ChessFeatures::MAX_PIECES;
using TrainPosition = sen::nn::TrainPosition<ChessFeatures>;
using PositionFeatures = sen::nn::PositionFeatures<ChessFeatures>;
using FloatNetwork = sen::nn::FloatNetwork<ChessFeatures>;
using TrainingData = sen::nn::TrainingData<ChessFeatures>;

// The position of a FEN labelled with a white-relative result and score (as in the data files);
// nothing for an invalid FEN or one with more than MAX_PIECES pieces.
std::optional<TrainPosition> make_train_position(std::string_view fen, double white_result, std::optional<int> white_score);
FloatNetwork initial_network(std::uint64_t seed);
std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData& data, bool mirror_files = false);

}  // namespace sen::chess::nnue

namespace sen::xiangqi::nnue {

using TrainPosition = sen::nn::TrainPosition<XiangqiFeatures>;
using FloatNetwork = sen::nn::FloatNetwork<XiangqiFeatures>;
using TrainingData = sen::nn::TrainingData<XiangqiFeatures>;

std::optional<TrainPosition> make_train_position(std::string_view fen, double red_result, std::optional<int> red_score);
FloatNetwork initial_network(std::uint64_t seed);
std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData& data, bool mirror_files = false);

}  // namespace sen::xiangqi::nnue
