// Tests of the `sen datagen` command for xiangqi (datagen.cpp; the generator itself is tested
// for both games in test_datagen.cpp): `--variant xiangqi` writes games of xiangqi positions
// (binary, read back through read_records), and an unknown variant is refused.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "game_test_util.h"
#include "tools/datagen.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"
#include "xiangqi/position.h"

TEST_CASE("xiangqi datagen: `sen datagen --variant xiangqi` writes xiangqi games", "[xiangqi][datagen]") {
    const std::string path = sen::game_test::unique_temp_path("sen_test_xiangqi_datagen", ".bin");
    std::remove(path.c_str());
    REQUIRE(sen::run_datagen_command({"--variant", "xiangqi", "--games", "1", "--nodes", "200", "--seed", "9", "--out", path}) == 0);
    sen::DataFileStats stats;
    int records = 0;
    const auto error = sen::read_records(
        {path},
        [&](const sen::DataRecord& record, std::uint64_t) {
            INFO(record.fen);
            sen::xiangqi::Position pos;  // a xiangqi FEN: ten ranks and files a-i, not a chess one
            CHECK_FALSE(pos.set_fen(record.fen).has_value());
            ++records;
        },
        stats);
    REQUIRE_FALSE(error.has_value());
    CHECK(records > 0);
    CHECK(stats.bad_lines == 0);
    CHECK(stats.games == 1);
    CHECK(sen::run_datagen_command({"--variant", "go", "--games", "1", "--nodes", "200", "--out", path}) == 2);
    std::remove(path.c_str());
}
