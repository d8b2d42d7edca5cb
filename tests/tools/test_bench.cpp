// Tests of the bench (bench.h, bench_positions.h): the positions are valid FENs, distinct and
// playable; the node count is deterministic and is the sum of fresh fixed-depth searches of the
// positions (the bench clears the table and the histories before each); the variants and the
// command line's argument checks.
#include <catch2/catch.hpp>

#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/search.h"
#include "chess/test_util.h"
#include "core/tt.h"
#include "tools/bench_command.h"
#include "tools/subcommands.h"
#include "xiangqi/bench_positions.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

TEST_CASE("Bench: the positions are legal, distinct FENs", "[bench]") {
    std::set<Key> keys;
    for (const std::string_view fen : BENCH_FENS) {
        INFO(fen);
        Position pos;
        REQUIRE_FALSE(pos.set_fen(fen).has_value());
        CHECK(pos.fen() == fen);
        CHECK_FALSE(pos.consistency_error().has_value());
        CHECK(count_legal_moves(pos) > 0);
        keys.insert(pos.key());
    }
    CHECK(keys.size() == BENCH_FENS.size());
    CHECK(BENCH_FENS[0] == Position::START_FEN);
}

TEST_CASE("Bench: the node count is deterministic and sums fresh searches", "[bench]") {
    constexpr int depth = 6;
    std::vector<std::uint64_t> per_position;
    std::vector<std::string> fens;
    const BenchResult a = run_bench<ChessGame>(depth, [&](int index, std::string_view fen, std::uint64_t nodes) {
        CHECK(index == int(per_position.size()));
        per_position.push_back(nodes);
        fens.emplace_back(fen);
    });
    REQUIRE(per_position.size() == BENCH_FENS.size());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < BENCH_FENS.size(); ++i) {
        CHECK(fens[i] == BENCH_FENS[i]);
        CHECK(per_position[i] > 0);
        sum += per_position[i];
    }
    CHECK(a.nodes == sum);
    CHECK(a.seconds > 0);

    // Twice the same, through each way of asking for the chess bench.
    CHECK(run_bench<ChessGame>(depth).nodes == a.nodes);
    CHECK(run_bench(game_id<ChessGame>(), depth).nodes == a.nodes);
    // A deeper bench searches more.
    CHECK(run_bench<ChessGame>(depth + 1).nodes > a.nodes);

    // Each position's count is that of a search with a new 16 MB table and a new searcher.
    for (std::size_t i = 0; i < BENCH_FENS.size(); ++i) {
        INFO(BENCH_FENS[i]);
        TranspositionTable tt;
        REQUIRE(tt.resize(16));
        Searcher searcher(tt);
        SearchLimits limits;
        limits.depth = depth;
        SearchControl control;
        const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
        CHECK(searcher.search(position_from(BENCH_FENS[i]), limits, timer, control, {}).nodes == per_position[i]);
    }
}

TEST_CASE("Bench: the xiangqi bench runs its own positions", "[bench]") {
    std::size_t positions = 0;
    const BenchResult x = run_bench(game_id<xiangqi::XiangqiGame>(), 3, [&](int, std::string_view fen, std::uint64_t) {
        CHECK(fen == xiangqi::BENCH_FENS[positions]);
        ++positions;
    });
    CHECK(positions == xiangqi::BENCH_FENS.size());
    CHECK(x.nodes > 0);
    CHECK(x.nodes != run_bench(game_id<ChessGame>(), 3).nodes);
}

TEST_CASE("Bench: the command line rejects bad arguments", "[bench]") {
    // Each is refused before any search runs.
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"0"}, {"65"}, {"100"}, {"-1"}, {"x"}, {"6", "7"}, {"--variant", "shogi"}, {"--variant=go"}, {"--depth"}})
        CHECK(run_bench_command(args) == 2);
}
