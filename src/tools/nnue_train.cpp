#include "tools/nnue_train.h"

#include "games.h"
#include "tools/subcommands.h"

namespace sen {

namespace {

// A data file's FEN, read with the notation flag on: chess reads DFRC games' castling rights as
// X-FEN (standard FENs read the same), and a game without castling ignores the flag.
template <class G>
bool read_fen(typename G::Position& pos, std::string_view fen) {
    return !G::set_fen(pos, fen, true);
}

}  // namespace

template <class G>
std::optional<nn::TrainPosition<nn::TrainedFeatures<G>>> nn::make_train_position(std::string_view fen, double first_result,
                                                                                 std::optional<int> first_score) {
    typename G::Position pos;
    if (!read_fen<G>(pos, fen)) return std::nullopt;
    return train_position_of<TrainedFeatures<G>>(pos, first_result, first_score);
}

template <class G>
std::optional<std::string> nn::load_game_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData<TrainedFeatures<G>>& data, bool mirror_files) {
    typename G::Position pos;
    return load_training_data(paths, lambda, validation_fraction, seed, data, mirror_files, pos, read_fen<G>, TrainedGame<G>::mirrorable);
}

// Every game's entry points (the tests and `nnue-train` call them).
template std::optional<nn::TrainPosition<nn::TrainedFeatures<chess::ChessGame>>>
nn::make_train_position<chess::ChessGame>(std::string_view, double, std::optional<int>);
template std::optional<nn::TrainPosition<nn::TrainedFeatures<xiangqi::XiangqiGame>>>
nn::make_train_position<xiangqi::XiangqiGame>(std::string_view, double, std::optional<int>);
template std::optional<std::string> nn::load_game_data<chess::ChessGame>(const std::vector<std::string>&, double, double, std::uint64_t,
                                                                         nn::TrainingData<nn::TrainedFeatures<chess::ChessGame>>&, bool);
template std::optional<std::string> nn::load_game_data<xiangqi::XiangqiGame>(const std::vector<std::string>&, double, double, std::uint64_t,
                                                                             nn::TrainingData<nn::TrainedFeatures<xiangqi::XiangqiGame>>&,
                                                                             bool);

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
        return nn::run_train_command<nn::TrainedFeatures<G>>(rest, nn::TrainedGame<G>::embedded(), nn::load_game_data<G>);
    });
}

}  // namespace sen
