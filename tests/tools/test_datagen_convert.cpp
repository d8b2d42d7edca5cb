// Tests of `sen datagen-convert` (datagen_convert.cpp): text written by datagen converts into a
// binary file that reads back as the same records in the same games, with the plies between
// recorded positions found again rather than stored as FENs; a gap no move sequence closes
// becomes a jump and still reads back; `--to-text` gives the text back.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "chess/game.h"
#include "game_test_util.h"
#include "tools/datagen.h"
#include "tools/datagen_convert.h"
#include "tools/game_file.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"
#include "xiangqi/game.h"

namespace sen {

namespace {

using Records = std::vector<std::pair<DataRecord, std::uint64_t>>;

Records read_all(const std::string& path) {
    Records out;
    DataFileStats stats;
    const auto error = read_records(
        {path}, [&](const DataRecord& r, std::uint64_t game) { out.emplace_back(r, game); }, stats);
    REQUIRE_FALSE(error.has_value());
    CHECK(stats.bad_lines == 0);
    return out;
}

void check_same(const Records& a, const Records& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO(i << ": " << a[i].first.fen);
        CHECK(a[i].first.fen == b[i].first.fen);
        CHECK(a[i].first.result == b[i].first.result);
        CHECK(a[i].first.score == b[i].first.score);
        CHECK(a[i].second == b[i].second);
    }
}

}  // namespace

TEMPLATE_TEST_CASE("Converted text reads back as the same records", "[datagen-convert]", chess::ChessGame, xiangqi::XiangqiGame) {
    constexpr bool CHESS = std::is_same_v<TestType, chess::ChessGame>;
    const std::string txt = game_test::unique_temp_path("sen_test_convert", ".txt");
    const std::string bin = game_test::unique_temp_path("sen_test_convert", ".bin");
    {
        DatagenOptions options;
        options.games = 3;
        options.nodes = 300;
        options.seed = 11;
        options.dfrc_fraction = CHESS ? 0.5 : 0.0;
        std::ofstream out(txt);
        run_datagen<TestType>(options, out);
    }
    std::remove(bin.c_str());
    REQUIRE(run_datagen_convert_command({"--variant", std::string(TestType::NAME), txt, bin}) == 0);
    REQUIRE(is_game_file(bin));
    const Records text = read_all(txt);
    const Records binary = read_all(bin);
    CHECK(text.size() > 0);
    check_same(text, binary);

    // Nearly every gap is found again, so a position costs far less than its FEN.
    ConvertStats stats;
    REQUIRE_FALSE(convert_text_games(
                      {txt}, game_id<TestType>(), [](const GameRecord&) { return true; }, stats)
                      .has_value());
    CHECK(stats.games == 3);
    CHECK(stats.records == text.size());
    CHECK(stats.jumps * 10 <= stats.records);
    // The converter writes new files only.
    CHECK(run_datagen_convert_command({"--variant", std::string(TestType::NAME), txt, bin}) == 1);
    // And back: the binary file as text is the text it came from.
    const std::string back = game_test::unique_temp_path("sen_test_convert_back", ".txt");
    std::remove(back.c_str());
    REQUIRE(run_datagen_convert_command({"--to-text", bin, back}) == 0);
    check_same(text, read_all(back));
    std::remove(back.c_str());
    std::remove(txt.c_str());
    std::remove(bin.c_str());
}

TEST_CASE("A gap no move sequence closes becomes a jump", "[datagen-convert]") {
    const std::string txt = game_test::unique_temp_path("sen_test_convert_jump", ".txt");
    const std::string bin = game_test::unique_temp_path("sen_test_convert_jump", ".bin");
    {
        std::ofstream out(txt);
        out << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 20 | 1.0 | 50\n";                         // then e4 (found)
        out << "4k3/8/8/8/4P3/8/8/4K3 b - - 0 20 | 1.0 | 60\n";                         // then a pawn appears (a jump)
        out << "4k3/8/8/8/4P3/8/P7/4K3 w - - 0 21 | 1.0\n";                             // no score
        out << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.5 | 0\n";  // a new game
    }
    std::remove(bin.c_str());
    REQUIRE(run_datagen_convert_command({txt, bin}) == 0);
    check_same(read_all(txt), read_all(bin));
    ConvertStats stats;
    REQUIRE_FALSE(convert_text_games(
                      {txt}, game_id<chess::ChessGame>(), [](const GameRecord&) { return true; }, stats)
                      .has_value());
    CHECK(stats.games == 2);
    CHECK(stats.jumps == 1);
    std::remove(txt.c_str());
    std::remove(bin.c_str());
}

}  // namespace sen
