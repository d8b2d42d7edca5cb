// Tests of the training-data format (training_data.cpp): records survive writing and reading,
// malformed lines are refused, games are found where datagen's files put them, and the
// validation split holds out whole games, the same ones for a seed, at about the fraction asked.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "game_test_util.h"
#include "tools/training_data.h"

namespace sen {

namespace {

constexpr const char* KINGS = "8/8/8/8/8/8/k7/K7 w - - 0 1";

// Every record of the files with its game number; fails the test if they cannot be read.
std::vector<std::pair<DataRecord, std::uint64_t>> all_records(const std::vector<std::string>& paths, DataFileStats& stats) {
    std::vector<std::pair<DataRecord, std::uint64_t>> out;
    const auto error = read_records(
        paths, [&](const DataRecord& r, std::uint64_t game) { out.emplace_back(r, game); }, stats);
    INFO(error.value_or(""));
    REQUIRE_FALSE(error.has_value());
    return out;
}

// A record at the given fullmove number with White to move.
std::string line_at(int fullmove, const char* result = "0.5") {
    return "k7/8/8/8/8/8/4P3/4K3 w - - 0 " + std::to_string(fullmove) + " | " + result + " | 10\n";
}

}  // namespace

TEST_CASE("A record survives writing and reading", "[training-data]") {
    const std::vector<DataRecord> records = {
        {KINGS, 1.0, 3000},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0.5, -37},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 0.0, 0},  // xiangqi
        {KINGS, 0.0, std::nullopt},
    };
    std::ostringstream out;
    for (const DataRecord& r : records) write_record(out, r);
    CHECK(record_line(records[0]) == "8/8/8/8/8/8/k7/K7 w - - 0 1 | 1.0 | 3000");
    CHECK(record_line(records[3]) == "8/8/8/8/8/8/k7/K7 w - - 0 1 | 0.0");
    std::istringstream in(out.str());
    std::string line;
    for (const DataRecord& expected : records) {
        REQUIRE(std::getline(in, line));
        DataRecord read;
        REQUIRE(parse_record(line, read));
        CHECK(read.fen == expected.fen);
        CHECK(read.result == expected.result);
        CHECK(read.score == expected.score);
    }
    CHECK_FALSE(std::getline(in, line));
}

TEST_CASE("Record lines are read leniently but malformed ones are refused", "[training-data]") {
    DataRecord r;
    REQUIRE(parse_record("8/8/8/8/8/8/k7/K7 b - - 0 1|1|-5\r", r));
    CHECK(r.fen == "8/8/8/8/8/8/k7/K7 b - - 0 1");
    CHECK(r.result == 1.0);
    CHECK(r.score == -5);
    REQUIRE(parse_record("  8/8/8/8/8/8/k7/K7 b - - 0 1 \t| 0 ", r));
    CHECK(r.result == 0.0);
    CHECK_FALSE(r.score.has_value());  // a score from the line before does not survive
    REQUIRE(parse_record("8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 100000", r));
    for (const char* bad :
         {"8/8/8/8/8/8/k7/K7 b - - 0 1", "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.7", " | 1.0", "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 |",
          "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 12x", "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 1e3", "8/8/8/8/8/8/k7/K7 b - - 0 1 | 12 | 0.5",
          "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 1 | 2", "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 100001",
          "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0.5 | 99999999999", ""}) {
        INFO("line: " << bad);
        CHECK_FALSE(parse_record(bad, r));
    }
}

TEST_CASE("A FEN's game ply comes from its move number and side to move", "[training-data]") {
    CHECK(fen_game_ply("8/8/8/8/8/8/k7/K7 w - - 0 1") == 0);
    CHECK(fen_game_ply("8/8/8/8/8/8/k7/K7 b - - 0 1") == 1);
    CHECK(fen_game_ply("8/8/8/8/8/8/k7/K7 w - - 3 20") == 38);
    CHECK(fen_game_ply("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 4 12") == 23);
    CHECK(fen_game_ply("8/8/8/8/8/8/k7/K7 b - -") == 1);  // no counters: the first move
    CHECK_FALSE(fen_game_ply("8/8/8/8/8/8/k7/K7").has_value());
    CHECK_FALSE(fen_game_ply("8/8/8/8/8/8/k7/K7 w - - 0 x").has_value());
}

TEST_CASE("Reading finds the games: a falling ply starts one, a new file continues the last", "[training-data]") {
    const std::string first = game_test::unique_temp_path("sen_test_records_a", ".txt");
    const std::string second = game_test::unique_temp_path("sen_test_records_b", ".txt");
    const std::string third = game_test::unique_temp_path("sen_test_records_c", ".txt");
    {
        std::ofstream out(first);
        out << line_at(6) << line_at(7) << "\n  \r\n"
            << line_at(9)                                     // game 0 (blank lines skipped)
            << "not a record\n"                               // bad: does not end game 0
            << line_at(12) << "k7/8/8/8/8/8/4P3/4K3 | 0.5\n"  // still game 0; bad: no side to move
            << line_at(6) << line_at(8)                       // game 1: the ply fell
            << line_at(8, "1.0");                             // game 2: the ply did not rise
    }
    {
        std::ofstream out(second);
        out << line_at(30) << line_at(31)  // still game 2: a file cut in the middle of a game keeps it whole
            << line_at(5);                 // game 3
    }
    std::ofstream(third) << line_at(4);  // still game 3, although the ply fell: a new file never starts a game
    DataFileStats stats;
    const auto records = all_records({first, second, third}, stats);
    CHECK(stats.lines == 13);
    CHECK(stats.bad_lines == 2);
    CHECK(stats.games == 4);
    std::vector<std::uint64_t> games;
    for (const auto& [record, game] : records) games.push_back(game);
    CHECK(games == std::vector<std::uint64_t>{0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3});
    CHECK(records[6].first.result == 1.0);

    DataFileStats missing_stats;
    CHECK(read_records(
              {first, first + ".missing"}, [](const DataRecord&, std::uint64_t) {}, missing_stats)
              .has_value());
    CHECK(missing_stats.games == 3);  // the first file was read
    DataFileStats directory_stats;
    const auto directory = read_records(
        {std::filesystem::temp_directory_path().string()}, [](const DataRecord&, std::uint64_t) {}, directory_stats);
    REQUIRE(directory.has_value());
    CHECK(directory->find("directory") != std::string::npos);
    for (const std::string& path : {first, second, third}) std::remove(path.c_str());
}

TEST_CASE("The validation split holds out whole games at about the fraction asked", "[training-data]") {
    constexpr std::uint64_t GAMES = 20000;
    const ValidationSplit tenth(0.1, 1), twentieth(0.05, 1), other_seed(0.1, 2), none(0.0, 1);
    std::uint64_t held = 0, held_twentieth = 0, differ = 0;
    for (std::uint64_t g = 0; g < GAMES; ++g) {
        held += tenth.holds_out(g);
        held_twentieth += twentieth.holds_out(g);
        differ += tenth.holds_out(g) != other_seed.holds_out(g);
        REQUIRE(tenth.holds_out(g) == ValidationSplit(0.1, 1).holds_out(g));  // a function of (fraction, seed, game)
        if (twentieth.holds_out(g)) REQUIRE(tenth.holds_out(g));              // nested as the fraction grows
        REQUIRE_FALSE(none.holds_out(g));
    }
    CHECK(std::abs(double(held) / GAMES - 0.1) < 0.01);
    CHECK(std::abs(double(held_twentieth) / GAMES - 0.05) < 0.01);
    CHECK(differ > GAMES / 10);

    // Through the reader: 40 games of 6 records each, every game on one side.
    const std::string path = game_test::unique_temp_path("sen_test_records_split", ".txt");
    {
        std::ofstream out(path);
        for (int game = 0; game < 40; ++game)
            for (int move = 10; move < 16; ++move) out << line_at(move);
    }
    DataFileStats stats;
    const ValidationSplit half(0.5, 3);
    std::map<std::uint64_t, std::pair<int, int>> sides;  // game: (training, validation) records
    for (const auto& [record, game] : all_records({path}, stats)) {
        auto& [train, validation] = sides[game];
        ++(half.holds_out(game) ? validation : train);
    }
    std::remove(path.c_str());
    REQUIRE(sides.size() == 40);
    int held_games = 0;
    for (const auto& [game, count] : sides) {
        INFO("game " << game);
        CHECK((count == std::pair(6, 0) || count == std::pair(0, 6)));
        held_games += count.second > 0;
    }
    CHECK(held_games >= 10);
    CHECK(held_games <= 30);
}

TEST_CASE("Targets blend the result with the search score's expectation", "[training-data]") {
    constexpr double k = 0.006;
    const auto expected = [](double score) { return 1.0 / (1.0 + std::exp(-k * score)); };
    CHECK(blended_target(1.0, std::nullopt, 0.3, k) == 1.0);  // no score: the result
    CHECK(blended_target(0.0, 400, 1.0, k) == 0.0);           // lambda 1: the result
    CHECK(blended_target(0.5, 0, 0.0, k) == Approx(0.5));     // lambda 0: the score's expectation
    CHECK(blended_target(0.0, 400, 0.0, k) == Approx(expected(400)));
    CHECK(blended_target(1.0, -200, 0.25, k) == Approx(0.25 + 0.75 * expected(-200)));
}

}  // namespace sen
