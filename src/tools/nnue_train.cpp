#include "tools/nnue_train.h"

#include "chess/position.h"
#include "nnue/active_network.h"
#include "xiangqi/position.h"

namespace sen {

namespace {

// How a game's records become training positions: reading a FEN, and which positions have a
// mirror image (left to right) of the same value.
struct ChessRecords {
    using Features = chess::nnue::ChessFeatures;
    using Position = chess::Position;
    // Read as Chess960: DFRC games' castling rights are X-FEN, and standard FENs read the same.
    static bool set_fen(Position& pos, std::string_view fen) { return !pos.set_fen(fen, true); }
    static bool mirrorable(const Position& pos) { return pos.castling_rights() == chess::NO_CASTLING; }
};

struct XiangqiRecords {
    using Features = xiangqi::nnue::XiangqiFeatures;
    using Position = xiangqi::Position;
    static bool set_fen(Position& pos, std::string_view fen) { return !pos.set_fen(fen); }
    // Every rule of xiangqi is symmetric left to right.
    static bool mirrorable(const Position&) { return true; }
};

template <class Records>
std::optional<nn::TrainPosition<typename Records::Features>> make_position(std::string_view fen, double white_result,
                                                                           std::optional<int> white_score) {
    typename Records::Position pos;
    if (!Records::set_fen(pos, fen)) return std::nullopt;
    return nn::train_position_of<typename Records::Features>(pos, white_result, white_score);
}

template <class Records>
std::optional<std::string> load_records(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                        std::uint64_t seed, nn::TrainingData<typename Records::Features>& data, bool mirror_files) {
    typename Records::Position pos;
    return nn::load_training_data(paths, lambda, validation_fraction, seed, data, mirror_files, pos, Records::set_fen, Records::mirrorable);
}

}  // namespace

std::optional<chess::nnue::TrainPosition> chess::nnue::make_train_position(std::string_view fen, double white_result,
                                                                           std::optional<int> white_score) {
    return make_position<ChessRecords>(fen, white_result, white_score);
}
chess::nnue::FloatNetwork chess::nnue::initial_network(std::uint64_t seed) { return nn::initial_network<ChessFeatures>(seed); }
std::optional<std::string> chess::nnue::load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                                           std::uint64_t seed, TrainingData& data, bool mirror_files) {
    return load_records<ChessRecords>(paths, lambda, validation_fraction, seed, data, mirror_files);
}

std::optional<xiangqi::nnue::TrainPosition> xiangqi::nnue::make_train_position(std::string_view fen, double red_result,
                                                                               std::optional<int> red_score) {
    return make_position<XiangqiRecords>(fen, red_result, red_score);
}
xiangqi::nnue::FloatNetwork xiangqi::nnue::initial_network(std::uint64_t seed) { return nn::initial_network<XiangqiFeatures>(seed); }
std::optional<std::string> xiangqi::nnue::load_training_data(const std::vector<std::string>& paths, double lambda,
                                                             double validation_fraction, std::uint64_t seed, TrainingData& data,
                                                             bool mirror_files) {
    return load_records<XiangqiRecords>(paths, lambda, validation_fraction, seed, data, mirror_files);
}

int run_nnue_train_command(const std::vector<std::string>& args) {
    // --variant picks the game; the other arguments are the same for both.
    std::string variant = "chess";
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--variant") {
            rest.push_back(args[i]);
            continue;
        }
        if (i + 1 >= args.size()) return nn::usage_error("--variant needs a value");
        variant = args[++i];
    }
    if (variant == "chess")
        return nn::run_train_command<ChessRecords::Features>(rest, chess::nnue::embedded_network_file(), load_records<ChessRecords>);
    if (variant == "xiangqi")
        return nn::run_train_command<XiangqiRecords::Features>(rest, xiangqi::nnue::active().embedded_file(), load_records<XiangqiRecords>);
    return nn::usage_error(fmt::format("--variant {}: expected chess or xiangqi", variant));
}

}  // namespace sen
