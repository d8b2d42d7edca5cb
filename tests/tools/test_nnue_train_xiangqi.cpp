// Tests of `sen nnue-train --variant xiangqi` (nnue_train.h on nnue_trainer.h with xiangqi's
// features): xiangqi records load with their left-right mirror under --mirror, training on them
// lowers the loss, and the command writes a network that the xiangqi parser accepts and the chess
// one refuses.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "game_test_util.h"
#include "nnue/shared_network.h"
#include "tools/nnue_train.h"
#include "tools/subcommands.h"
#include "xiangqi/eval.h"
#include "xiangqi/position.h"
#include "xiangqi/test_util.h"

namespace sen::xiangqi::nnue {
namespace {

// A text data file of random games' positions, each scored by the table evaluation (Red's view):
// a target a small network can learn.
std::string write_random_games(unsigned seed, int games, int plies) {
    const std::string path = game_test::unique_temp_path("sen_test_xq_nnue_train", ".txt");
    std::ofstream out(path);
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Position pos = test::position_from(test::random_game_starts()[std::size_t(g) % test::random_game_starts().size()]);
        for (int ply = 0; ply < plies; ++ply) {
            const int score = xiangqi::evaluate(pos);
            const int red_score = pos.side_to_move() == Color::White ? score : -score;
            out << pos.fen() << " | 0.5 | " << std::clamp(red_score, -3000, 3000) << "\n";
            const Move m = test::random_legal_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    return path;
}

}  // namespace

TEST_CASE("xiangqi nnue-train: records load, mirrored left to right on request", "[xiangqi][nnue]") {
    const std::string path = write_random_games(3, 4, 20);
    TrainingData plain, mirrored;
    REQUIRE_FALSE(nn::load_game_data<XiangqiGame>({path}, 0.0, 0.0, 1, plain).has_value());
    REQUIRE_FALSE(nn::load_game_data<XiangqiGame>({path}, 0.0, 0.0, 1, mirrored, true).has_value());
    CHECK(plain.bad_lines == 0);
    REQUIRE(plain.train.size() > 40);
    // Every xiangqi position has a mirror image, right after it.
    REQUIRE(mirrored.train.size() == 2 * plain.train.size());
    CHECK(mirrored.mirrored == plain.train.size());
    const TrainPosition& original = mirrored.train[0];
    const TrainPosition& copy = mirrored.train[1];
    CHECK(copy.count == original.count);
    CHECK(copy.score == original.score);
    for (int i = 0; i < original.count; ++i) {
        CHECK(copy.pieces[i] == original.pieces[i]);
        CHECK(copy.squares[i] == XiangqiFeatures::mirror(Square(original.squares[i])));
    }
    // The start position is its own mirror image: the same features, the same output.
    const std::optional<TrainPosition> start = nn::make_train_position<XiangqiGame>(Position::START_FEN, 0.5, 0);
    REQUIRE(start.has_value());
    const FloatNetwork net = nn::initial_network<XiangqiFeatures>(4);
    CHECK(sen::nn::forward(net, *start) == Approx(sen::nn::forward(net, sen::nn::mirrored_files(*start))));
    std::remove(path.c_str());
}

TEST_CASE("xiangqi nnue-train: training lowers the loss, and the command writes a xiangqi network", "[xiangqi][nnue]") {
    const std::string path = write_random_games(5, 8, 40);
    TrainingData data;
    REQUIRE_FALSE(nn::load_game_data<XiangqiGame>({path}, 0.0, 0.2, 1, data).has_value());
    REQUIRE(data.train.size() > 100);
    sen::nn::TrainOptions options;
    options.epochs = 8;
    options.batch_size = 16;
    options.learning_rate = 0.003;
    options.lambda = 0.0;
    options.threads = 2;
    FloatNetwork net = nn::initial_network<XiangqiFeatures>(9);
    const double before = sen::nn::mean_loss(net, data.train, 0.0);
    sen::nn::train_network(net, data.train, data.validation, options);
    const double after = sen::nn::mean_loss(net, data.train, 0.0);
    INFO("training loss " << before << " -> " << after);
    CHECK(after < 0.5 * before);

    const std::string net_path = path + ".nnue";
    CHECK(run_nnue_train_command({"--variant", "shogi", "--data", path, "--out", net_path}) == 2);
    CHECK(run_nnue_train_command({"--variant"}) == 2);
    CHECK(run_nnue_train_command({"--variant", "xiangqi", "--data", path, "--out", net_path, "--init", "<built-in>"}) ==
          (built_in_network() ? 0 : 1));
    REQUIRE(run_nnue_train_command({"--variant", "xiangqi", "--data", path, "--out", net_path, "--epochs", "1", "--batch", "32", "--mirror",
                                    "--threads", "2"}) == 0);
    std::ifstream in(net_path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::span<const unsigned char> span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    auto xq = std::make_unique<Network>();
    CHECK_FALSE(sen::nn::parse_network(span, *xq).has_value());
    auto chess_net = std::make_unique<chess::nnue::Network>();
    CHECK(sen::nn::parse_network(span, *chess_net).has_value());
    std::remove(path.c_str());
    std::remove(net_path.c_str());
}

}  // namespace sen::xiangqi::nnue
