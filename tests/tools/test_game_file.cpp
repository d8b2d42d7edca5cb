// Tests of the binary game files (game_file.cpp): games survive encoding, writing and reading
// with their records, in both games; a file cut anywhere inside its last game reads as the
// games before it, and the writer cuts that tail off before appending; damaged moves stop a
// game's replay; the reader of training_data.h picks the format by the magic, not the name.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "chess/game.h"
#include "game_test_util.h"
#include "tools/datagen.h"
#include "tools/game_file.h"
#include "tools/training_data.h"
#include "xiangqi/game.h"

namespace sen {

using chess::ChessGame;
using xiangqi::XiangqiGame;

namespace {

template <class Game>
std::vector<GameRecord> self_play(int games, double dfrc_fraction = 0.0) {
    DatagenOptions options;
    options.games = games;
    options.nodes = 300;
    options.seed = 3;
    options.dfrc_fraction = dfrc_fraction;
    std::vector<GameRecord> out;
    run_datagen<Game>(options, [&out](const GameRecord& g) { return out.push_back(g), true; });
    return out;
}

void write_file(const std::string& path, GameId game, const std::vector<GameRecord>& games) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << game_file_header(game);
    for (const GameRecord& g : games) out << encode_game(g);
}

using Records = std::vector<std::pair<DataRecord, std::uint64_t>>;

Records read_all(const std::vector<std::string>& paths, DataFileStats& stats) {
    Records out;
    const auto error = read_records(
        paths, [&](const DataRecord& r, std::uint64_t game) { out.emplace_back(r, game); }, stats);
    INFO(error.value_or(""));
    REQUIRE_FALSE(error.has_value());
    return out;
}

bool same(const Records& a, const Records& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].first.fen != b[i].first.fen || a[i].first.result != b[i].first.result || a[i].first.score != b[i].first.score ||
            a[i].second != b[i].second)
            return false;
    return true;
}

}  // namespace

TEMPLATE_TEST_CASE("Self-play games read back from a binary file as the records of the text format", "[game-file][datagen]", ChessGame,
                   XiangqiGame) {
    const double dfrc = std::is_same_v<TestType, ChessGame> ? 0.5 : 0.0;
    const std::vector<GameRecord> games = self_play<TestType>(3, dfrc);
    REQUIRE(games.size() == 3);
    const std::string bin = game_test::unique_temp_path("sen_test_games", ".bin");
    const std::string txt = game_test::unique_temp_path("sen_test_games", ".txt");
    write_file(bin, game_id<TestType>(), games);
    {
        // The text a run with the same options writes.
        DatagenOptions options;
        options.games = 3;
        options.nodes = 300;
        options.seed = 3;
        options.dfrc_fraction = dfrc;
        std::ofstream text(txt);
        run_datagen<TestType>(options, text);
    }
    DataFileStats bin_stats, txt_stats;
    const Records from_bin = read_all({bin}, bin_stats);
    const Records from_txt = read_all({txt}, txt_stats);
    CHECK(from_bin.size() > 0);
    CHECK(same(from_bin, from_txt));
    CHECK(bin_stats.games == 3);
    CHECK(bin_stats.bad_lines == 0);
    // Compact: well under 32 bytes a recorded position, framing and start FENs included.
    const auto bytes = std::filesystem::file_size(bin);
    INFO(bytes << " bytes for " << from_bin.size() << " records");
    CHECK(bytes < 16 * from_bin.size());
    // Every position the file names is one of its game.
    for (const auto& [record, game] : from_bin) {
        typename TestType::Position pos;
        REQUIRE_FALSE(TestType::set_fen(pos, record.fen, true).has_value());
    }
    std::remove(bin.c_str());
    std::remove(txt.c_str());
}

TEST_CASE("A game record keeps every field: jumps, missing and negative scores, the end marker", "[game-file]") {
    GameRecord game;
    game.index = 0x1234567890ULL;
    game.result = 0.0;
    game.chess960 = true;
    game.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const chess::Position start;
    const chess::Move e4 = ChessGame::parse_move(start, "e2e4", false);
    game.plies.push_back({e4.raw(), -16383, true, ""});
    game.plies.push_back({0, std::nullopt, true, "4k3/8/8/8/8/8/8/4K2R w K - 3 40"});
    game.plies.push_back({0, 3000, true, ""});
    const std::string path = game_test::unique_temp_path("sen_test_game_fields", ".bin");
    write_file(path, game_id<ChessGame>(), {game, game});
    std::vector<GameRecord> read;
    GameFileScan scan;
    REQUIRE_FALSE(read_game_file(
                      path, [&](const GameRecord& g) { read.push_back(g); }, scan)
                      .has_value());
    REQUIRE(read.size() == 2);
    CHECK(scan.games == 2);
    CHECK(scan.max_index == game.index);
    CHECK(scan.valid_bytes == scan.file_bytes);
    const GameRecord& r = read[1];
    CHECK(r.index == game.index);
    CHECK(r.result == 0.0);
    CHECK(r.chess960);
    CHECK(r.start_fen == game.start_fen);
    REQUIRE(r.plies.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(r.plies[i].move == game.plies[i].move);
        CHECK(r.plies[i].score == game.plies[i].score);
        CHECK(r.plies[i].recorded == game.plies[i].recorded);
        CHECK(r.plies[i].next_fen == game.plies[i].next_fen);
    }
    std::vector<DataRecord> records;
    CHECK(game_records(game_id<ChessGame>(), r, [&](const DataRecord& d) { records.push_back(d); }));
    REQUIRE(records.size() == 3);
    CHECK(records[0].fen == game.start_fen);
    CHECK(records[0].score == -16383);
    CHECK(records[1].fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK_FALSE(records[1].score.has_value());
    CHECK(records[2].fen == "4k3/8/8/8/8/8/8/4K2R w K - 3 40");
    CHECK(records[2].score == 3000);
    CHECK(records[2].result == 0.0);

    // A move the position does not have stops the replay there.
    GameRecord damaged = game;
    damaged.plies[0].move = chess::Move(chess::SQ_E2, chess::SQ_E5).raw();
    records.clear();
    CHECK_FALSE(game_records(game_id<ChessGame>(), damaged, [&](const DataRecord& d) { records.push_back(d); }));
    CHECK(records.size() == 1);
    std::remove(path.c_str());
}

TEST_CASE("A file cut inside its last game reads as the games before it; the writer cuts the tail and appends", "[game-file]") {
    GameRecord game;
    game.start_fen = std::string(xiangqi::Position::START_FEN);
    const xiangqi::Position start;
    game.plies.push_back({XiangqiGame::parse_move(start, "h3e3", false).raw(), 20, true, ""});
    std::vector<GameRecord> games(3, game);
    for (std::size_t i = 0; i < games.size(); ++i) games[i].index = i;
    const std::string path = game_test::unique_temp_path("sen_test_game_tail", ".bin");
    write_file(path, game_id<XiangqiGame>(), games);
    const auto whole = std::filesystem::file_size(path);
    const auto two_games = whole - encode_game(games[2]).size();
    // Every cut inside the last record, from its first byte to one short of the end.
    for (auto cut = two_games; cut < whole; ++cut) {
        INFO("cut at " << cut << " of " << whole);
        write_file(path, game_id<XiangqiGame>(), games);
        std::filesystem::resize_file(path, cut);
        GameFileScan scan;
        REQUIRE_FALSE(read_game_file(path, {}, scan).has_value());
        CHECK(scan.games == 2);
        CHECK(scan.valid_bytes == two_games);
        DataFileStats stats;
        CHECK(read_all({path}, stats).size() == 2);
        CHECK(stats.bad_lines == (cut > two_games ? 1u : 0u));
    }
    // A damaged byte fails the checksum: that game and what follows are the tail.
    write_file(path, game_id<XiangqiGame>(), games);
    {
        std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
        f.seekp(std::streamoff(two_games - 6));
        f.put('\x7F');
    }
    GameFileScan damaged;
    REQUIRE_FALSE(read_game_file(path, {}, damaged).has_value());
    CHECK(damaged.games == 1);

    write_file(path, game_id<XiangqiGame>(), games);
    std::filesystem::resize_file(path, whole - 3);
    GameFileWriter writer;
    REQUIRE_FALSE(writer.open(path, game_id<XiangqiGame>()).has_value());
    CHECK(writer.existing().games == 2);
    CHECK(writer.existing().max_index == 1u);
    CHECK(std::filesystem::file_size(path) == two_games);
    REQUIRE(writer.write(games[2]));
    GameFileScan scan;
    REQUIRE_FALSE(read_game_file(path, {}, scan).has_value());
    CHECK(scan.games == 3);
    CHECK(scan.valid_bytes == whole);
    CHECK(scan.file_bytes == whole);
    // A new file cut inside its header starts again; anything else that is not a game file is refused.
    {
        std::ofstream cut(path, std::ios::binary | std::ios::trunc);
        cut << game_file_header(game_id<XiangqiGame>()).substr(0, 5);
    }
    GameFileWriter restarted;
    REQUIRE_FALSE(restarted.open(path, game_id<XiangqiGame>()).has_value());
    CHECK(restarted.existing().games == 0);
    CHECK(std::filesystem::file_size(path) == GAME_FILE_HEADER_BYTES);
    REQUIRE(restarted.write(games[0]));
    const std::string text = game_test::unique_temp_path("sen_test_game_text", ".txt");
    {
        std::ofstream lines(text);
        lines << "8/8/8/8/8/8/k7/K7 w - - 0 1 | 0.5 | 0\n";
    }
    GameFileWriter on_text;
    CHECK(on_text.open(text, game_id<ChessGame>()).has_value());
    std::remove(text.c_str());
    // Another game's data is refused rather than mixed.
    GameFileWriter chess_writer;
    CHECK(chess_writer.open(path, game_id<ChessGame>()).has_value());
    std::remove(path.c_str());
}

TEST_CASE("The shared reader picks text or binary by the magic, not the name", "[game-file][training-data]") {
    const std::vector<GameRecord> games = self_play<ChessGame>(1);
    const std::string bin_named_txt = game_test::unique_temp_path("sen_test_magic", ".txt");
    const std::string txt_named_bin = game_test::unique_temp_path("sen_test_magic", ".bin");
    write_file(bin_named_txt, game_id<ChessGame>(), games);
    {
        std::ofstream out(txt_named_bin);
        game_records(game_id<ChessGame>(), games[0], [&](const DataRecord& r) { write_record(out, r); });
    }
    CHECK(is_game_file(bin_named_txt));
    CHECK_FALSE(is_game_file(txt_named_bin));
    DataFileStats a, b, both;
    const Records from_bin = read_all({bin_named_txt}, a);
    CHECK(same(from_bin, read_all({txt_named_bin}, b)));
    // Together: binary games are numbered on from the text's and never run into them.
    const Records mixed = read_all({txt_named_bin, bin_named_txt}, both);
    REQUIRE(mixed.size() == 2 * from_bin.size());
    CHECK(mixed.front().second == 0);
    CHECK(mixed.back().second == 1);
    CHECK(both.games == 2);
    std::remove(bin_named_txt.c_str());
    std::remove(txt_named_bin.c_str());
}

}  // namespace sen
