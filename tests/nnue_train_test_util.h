// Test helpers for the trainer of both games' networks (tools/nnue_trainer.h): what a test of a
// feature set's layout checks the same way in chess and xiangqi.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nnue/network.h"
#include "nnue/network_file.h"
#include "tools/nnue_trainer.h"

namespace sen::nn_test {

// The trainer's input rows of each position, summed with the bias, give the engine's fresh
// accumulator of its board for both views.
template <class F, class Position>
void check_trainer_features_are_the_engines(const nn::Network<F>& net, const std::vector<nn::TrainPosition<F>>& positions,
                                            const std::vector<Position>& boards) {
    REQUIRE(positions.size() == boards.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const nn::PositionFeatures<F> f = nn::features_of(positions[i]);
        nn::Accumulator<F> fresh;
        nn::refresh(net, fresh, boards[i]);
        const Color us = boards[i].side_to_move();
        for (int h = 0; h < F::HIDDEN; ++h) {
            int stm = net.b1[h], other = net.b1[h];
            for (int k = 0; k < f.count; ++k) {
                stm += net.w1[std::size_t(f.side_to_move[k]) * F::HIDDEN + h];
                other += net.w1[std::size_t(f.other_side[k]) * F::HIDDEN + h];
            }
            REQUIRE(std::int16_t(stm) == fresh.values[index_of(us)][h]);
            REQUIRE(std::int16_t(other) == fresh.values[index_of(~us)][h]);
        }
    }
}

// A short run from a fresh network lowers the mean loss on the positions by a tenth at least.
template <class F>
void check_short_run_learns(const std::vector<nn::TrainPosition<F>>& positions) {
    nn::TrainOptions options;
    options.epochs = 4;
    options.batch_size = 64;
    options.learning_rate = 0.01;
    nn::FloatNetwork<F> trained = nn::initial_network<F>(4);
    const double before = nn::mean_loss(trained, positions, options.lambda);
    nn::train_network(trained, positions, {}, options);
    CHECK(nn::mean_loss(trained, positions, options.lambda) < 0.9 * before);
}

template <class F>
void check_same_weights(const nn::Network<F>& a, const nn::Network<F>& b) {
    CHECK(a.w1 == b.w1);
    CHECK(a.b1 == b.b1);
    CHECK(a.w2 == b.w2);
    CHECK(a.b2 == b.b2);
}

// `sen nnue-train --init FILE --epochs 0 --out NEW` in a build of F's layout, FILE holding `start`,
// writes `expected`. `name` keeps the temporary files apart.
template <class F, class Start>
void check_conversion_command(const nn::Network<Start>& start, const nn::Network<F>& expected, const std::string& name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::string in_path = (dir / ("sen_test_" + name + "_in.nnue")).string();
    const std::string out_path = (dir / ("sen_test_" + name + "_out.nnue")).string();
    {
        const std::string bytes = nn::serialise_network(start);
        std::ofstream out(in_path, std::ios::binary);
        out.write(bytes.data(), std::streamsize(bytes.size()));
    }
    const auto no_data = [](const auto&, double, double, std::uint64_t, auto&, bool) -> std::optional<std::string> {
        return "no data in this test";
    };
    CHECK(nn::run_train_command<F>({"--init", in_path, "--epochs", "0", "--out", out_path}, {}, no_data) == 0);
    auto written = std::make_unique<nn::Network<F>>();
    REQUIRE_FALSE(nn::read_network_file(out_path, *written));
    check_same_weights(*written, expected);
    std::filesystem::remove(in_path);
    std::filesystem::remove(out_path);
}

}  // namespace sen::nn_test
