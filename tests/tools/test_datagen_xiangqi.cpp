// Tests of self-play data generation (../src/datagen.cpp) for xiangqi: the output is a function
// of the options alone, every line is a quiet, valid xiangqi position with a result, and the
// command takes `--variant xiangqi`.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tools/datagen.h"
#include "xiangqi/test_util.h"
#include "tools/training_data.h"
#include "xiangqi/game.h"

using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

TEST_CASE("xiangqi datagen: the same seed gives the same games", "[xiangqi][datagen]") {
    sen::DatagenOptions options;
    options.games = 2;
    options.nodes = 400;
    options.seed = 5;
    std::ostringstream first, second;
    const sen::DatagenStats a = sen::run_datagen<XiangqiGame>(options, first);
    const sen::DatagenStats b = sen::run_datagen<XiangqiGame>(options, second);
    REQUIRE(a.games == 2);
    REQUIRE(a.positions > 0);
    CHECK(first.str() == second.str());
    CHECK(a.positions == b.positions);
    CHECK(a.nodes == b.nodes);
    CHECK(a.white_wins + a.draws + a.black_wins == 2);

    std::istringstream lines(first.str());
    std::string line;
    std::uint64_t count = 0;
    while (std::getline(lines, line)) {
        INFO(line);
        sen::DataRecord record;
        REQUIRE(sen::parse_record(line, record));
        // A xiangqi FEN: ten ranks and files a-i, not a chess one.
        Position pos;
        REQUIRE_FALSE(pos.set_fen(record.fen).has_value());
        CHECK(pos.fen() == record.fen);
        CHECK_FALSE(pos.in_check());
        CHECK(pos.game_ply() >= sen::DATAGEN_SKIP_PLIES);
        CHECK(count_legal_moves(pos) > 0);
        ++count;
    }
    CHECK(count == a.positions);

    // Different games from another seed.
    options.seed = 6;
    std::ostringstream other;
    sen::run_datagen<XiangqiGame>(options, other);
    CHECK(other.str() != first.str());
}

TEST_CASE("xiangqi datagen: `sen datagen --variant xiangqi` writes xiangqi lines", "[xiangqi][datagen]") {
    const std::string path = sen::game_test::unique_temp_path("sen_test_xiangqi_datagen", ".txt");
    std::remove(path.c_str());
    REQUIRE(sen::run_datagen_command({"--variant", "xiangqi", "--games", "1", "--nodes", "200", "--seed", "9", "--out", path}) == 0);
    std::ifstream in(path);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) {
        sen::DataRecord record;
        REQUIRE(sen::parse_record(line, record));
        Position pos;
        REQUIRE_FALSE(pos.set_fen(record.fen).has_value());
        ++lines;
    }
    CHECK(lines > 0);
    CHECK(sen::run_datagen_command({"--variant", "go", "--games", "1", "--nodes", "200", "--out", path}) == 2);
    std::remove(path.c_str());
}
