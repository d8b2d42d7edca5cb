#include "tools/nnue_train.h"

#include "games.h"
#include "nnue/active_network.h"
#include "tools/subcommands.h"

namespace sen {

namespace {

// What training needs of a game beyond the Game concept: its network's features, the network
// built into the binary (for --init <built-in>), and which positions have a mirror image (left to
// right) of the same value.
template <class G>
struct TrainedGame;

template <>
struct TrainedGame<chess::ChessGame> {
    using Features = chess::nnue::ChessFeatures;
    static std::span<const unsigned char> embedded() { return chess::nnue::embedded_network_file(); }
    // Castling is the one rule that is not symmetric left to right.
    static bool mirrorable(const chess::Position& pos) { return pos.castling_rights() == chess::NO_CASTLING; }
};

template <>
struct TrainedGame<xiangqi::XiangqiGame> {
    using Features = xiangqi::nnue::XiangqiFeatures;
    static std::span<const unsigned char> embedded() { return xiangqi::nnue::active().embedded_file(); }
    // Every rule of xiangqi is symmetric left to right.
    static bool mirrorable(const xiangqi::Position&) { return true; }
};

// A data file's FEN, read with the notation flag on: chess reads DFRC games' castling rights as
// X-FEN (standard FENs read the same), and a game without castling ignores the flag.
template <class G>
bool read_fen(typename G::Position& pos, std::string_view fen) {
    return !G::set_fen(pos, fen, true);
}

template <class G>
std::optional<nn::TrainPosition<typename TrainedGame<G>::Features>> make_position(std::string_view fen, double white_result,
                                                                                  std::optional<int> white_score) {
    typename G::Position pos;
    if (!read_fen<G>(pos, fen)) return std::nullopt;
    return nn::train_position_of<typename TrainedGame<G>::Features>(pos, white_result, white_score);
}

template <class G>
std::optional<std::string> load_records(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                        std::uint64_t seed, nn::TrainingData<typename TrainedGame<G>::Features>& data, bool mirror_files) {
    typename G::Position pos;
    return nn::load_training_data(paths, lambda, validation_fraction, seed, data, mirror_files, pos, read_fen<G>,
                                  TrainedGame<G>::mirrorable);
}

}  // namespace

std::optional<chess::nnue::TrainPosition> chess::nnue::make_train_position(std::string_view fen, double white_result,
                                                                           std::optional<int> white_score) {
    return make_position<chess::ChessGame>(fen, white_result, white_score);
}
chess::nnue::FloatNetwork chess::nnue::initial_network(std::uint64_t seed) { return nn::initial_network<ChessFeatures>(seed); }
std::optional<std::string> chess::nnue::load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                                           std::uint64_t seed, TrainingData& data, bool mirror_files) {
    return load_records<chess::ChessGame>(paths, lambda, validation_fraction, seed, data, mirror_files);
}

std::optional<xiangqi::nnue::TrainPosition> xiangqi::nnue::make_train_position(std::string_view fen, double red_result,
                                                                               std::optional<int> red_score) {
    return make_position<xiangqi::XiangqiGame>(fen, red_result, red_score);
}
xiangqi::nnue::FloatNetwork xiangqi::nnue::initial_network(std::uint64_t seed) { return nn::initial_network<XiangqiFeatures>(seed); }
std::optional<std::string> xiangqi::nnue::load_training_data(const std::vector<std::string>& paths, double lambda,
                                                             double validation_fraction, std::uint64_t seed, TrainingData& data,
                                                             bool mirror_files) {
    return load_records<xiangqi::XiangqiGame>(paths, lambda, validation_fraction, seed, data, mirror_files);
}

int run_nnue_train_command(const std::vector<std::string>& args) {
    // --variant picks the game; the other arguments are the same for every game.
    std::string variant(GAME_NAMES[0]);
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "--variant") {
            rest.push_back(args[i]);
            continue;
        }
        if (i + 1 >= args.size()) return nn::usage_error("--variant needs a value");
        variant = args[++i];
    }
    const std::optional<GameId> game = find_game(variant);
    if (!game) return nn::usage_error(fmt::format("--variant {}: expected {}", variant, game_names(" or ")));
    return visit_game(*game, [&rest](auto tag) {
        using G = typename decltype(tag)::Game;
        return nn::run_train_command<typename TrainedGame<G>::Features>(rest, TrainedGame<G>::embedded(), load_records<G>);
    });
}

}  // namespace sen
