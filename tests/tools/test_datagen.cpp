// Tests of self-play data generation (datagen.cpp): the output is a function of the options
// alone, and every line is a quiet, valid position with a result and a search score.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <string>

#include "tools/datagen.h"
#include "chess/position.h"
#include "tools/training_data.h"

namespace sen {

using namespace chess;

TEST_CASE("Self-play data is the same for the same seed", "[datagen]") {
    DatagenOptions options;
    options.games = 2;
    options.nodes = 400;
    options.seed = 5;
    std::ostringstream first, second;
    const DatagenStats a = run_datagen(options, first);
    const DatagenStats b = run_datagen(options, second);
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
        DataRecord record;
        REQUIRE(parse_record(line, record));
        REQUIRE(record.score.has_value());
        CHECK(std::abs(*record.score) <= DATAGEN_SCORE_LIMIT);
        Position pos;
        REQUIRE_FALSE(pos.set_fen(record.fen).has_value());
        CHECK_FALSE(pos.in_check());
        CHECK(pos.game_ply() >= DATAGEN_SKIP_PLIES);
        ++count;
    }
    CHECK(count == a.positions);

    options.seed = 6;
    std::ostringstream other;
    run_datagen(options, other);
    CHECK(other.str() != first.str());
}

}  // namespace sen
