// Tests of the opening books' shared part (core/opening_book.h): files of sorted records searched
// on disk, book sets of several files, choosing by weight; and the book as a session plays it
// (OwnBook, BookFile, go), through the toy game's own book format (tests/toy/toy_game.h).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "captured_output.h"
#include "core/engine_impl.h"
#include "core/game_front_for.h"
#include "core/search_impl.h"
#include "core/uci.h"
#include "game_test_util.h"
#include "toy/toy_game.h"

using namespace sen;
using toy::ToyGame;

namespace {

struct Record {
    std::uint64_t key;
    std::uint16_t move;
    std::uint16_t weight;
};

// A book file in the toy's format (12-byte little-endian records), written in the order given.
class TempBook {
public:
    explicit TempBook(const std::vector<Record>& records, std::size_t trailing_bytes = 0)
        : path_(game_test::unique_temp_path("sen_toy_book", ".bin")) {
        std::ofstream out(path_, std::ios::binary);
        const auto put = [&out](std::uint64_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) out.put(char((v >> (8 * i)) & 255));
        };
        for (const Record& r : records) {
            put(r.key, 8);
            put(r.move, 2);
            put(r.weight, 2);
        }
        for (std::size_t i = 0; i < trailing_bytes; ++i) out.put(0);
    }
    ~TempBook() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

toy::Position start() {
    toy::Position pos;
    REQUIRE_FALSE(pos.set_fen(ToyGame::START_FEN));
    return pos;
}

toy::Move move(const toy::Position& pos, std::string_view text) {
    const toy::Move m = toy::parse_move(pos, text);
    REQUIRE(m);
    return m;
}

}  // namespace

TEST_CASE("choose_by_weight: each index by its share of the total, never a weight of 0", "[book]") {
    const std::vector<std::uint32_t> weights = {1, 0, 3};
    CHECK(choose_by_weight(weights, 0) == 0u);
    CHECK(choose_by_weight(weights, 1) == 2u);
    CHECK(choose_by_weight(weights, 3) == 2u);
    CHECK(choose_by_weight(weights, 4) == 0u);  // 4 mod 4
    std::map<std::size_t, int> counts;
    for (std::uint64_t r = 0; r < 4000; ++r) ++counts[*choose_by_weight(weights, r * 0x9E3779B97F4A7C15ULL)];
    CHECK(counts[1] == 0);
    CHECK(counts[0] + counts[2] == 4000);
    CHECK(counts[0] > 800);
    CHECK(counts[0] < 1200);
    CHECK_FALSE(choose_by_weight(std::vector<std::uint32_t>{0, 0}, 7).has_value());
    CHECK_FALSE(choose_by_weight(std::vector<std::uint32_t>{}, 7).has_value());
}

TEST_CASE("OpeningBook: every record of a key, found by binary search; the first file that knows it", "[book]") {
    std::vector<Record> records;
    for (std::uint64_t key = 10; key < 400; key += 10) records.push_back({key, std::uint16_t(key), 1});
    records.insert(records.begin() + 20, {{200, 7, 2}, {200, 8, 3}});  // key 200 three times
    records.push_back({~std::uint64_t(0), 9, 1});                      // keys compare unsigned
    const TempBook first(records);
    const TempBook second({{5, 50, 1}, {200, 99, 1}});

    OpeningBook book;
    CHECK_FALSE(book.is_open());
    CHECK(book.find(200).empty());
    REQUIRE_FALSE(book.open(first.path() + " ; " + second.path(), ToyGame::BOOK_FORMAT));
    CHECK(book.is_open());
    const std::vector<BookEntry> found = book.find(200);
    REQUIRE(found.size() == 3);
    CHECK(found[0].move == 200);
    CHECK(found[1].move == 7);
    CHECK(found[2].move == 8);
    CHECK(found[2].weight == 3);
    CHECK(book.find(10).size() == 1);
    CHECK(book.find(390).size() == 1);
    CHECK(book.find(~std::uint64_t(0)).size() == 1);
    CHECK(book.find(15).empty());
    CHECK(book.find(0).empty());
    CHECK(book.find(5).at(0).move == 50);  // only the second file knows it

    book.close();
    CHECK(book.find(10).empty());
    CHECK(book.paths().empty());
}

TEST_CASE("OpeningBook: a file that is missing, empty or of broken records is refused and the book kept", "[book]") {
    const TempBook good({{1, 2, 3}});
    const TempBook broken({{1, 2, 3}}, 5);
    const TempBook empty({});
    OpeningBook book;
    REQUIRE_FALSE(book.open(good.path(), ToyGame::BOOK_FORMAT));
    const auto missing = book.open(good.path() + ";" + good.path() + ".missing", ToyGame::BOOK_FORMAT);
    REQUIRE(missing);
    CHECK(missing->find("cannot open") != std::string::npos);
    const auto bad = book.open(broken.path(), ToyGame::BOOK_FORMAT);
    REQUIRE(bad);
    CHECK(bad->find("not a toy book") != std::string::npos);
    CHECK(book.open(empty.path(), ToyGame::BOOK_FORMAT).has_value());
    CHECK(book.paths() == good.path());
    CHECK(book.find(1).size() == 1);
    REQUIRE_FALSE(book.open(" ; ", ToyGame::BOOK_FORMAT));  // no file: closed
    CHECK_FALSE(book.is_open());
}

namespace {

using Lines = test::CapturedOutput;

UciSetup toy_setup() {
    GameEntry game;
    game.variant = ToyGame::NAME;
    game.make_front = [] { return std::make_unique<GameFrontFor<ToyGame>>(); };
    UciSetup setup;
    setup.games.push_back(std::move(game));
    return setup;
}

// The lines of a go command up to its bestmove.
std::vector<std::string> go(UciSession& session, Lines& lines, const std::string& command) {
    session.handle_line(command);
    return lines.through("bestmove ");
}

}  // namespace

TEST_CASE("UciSession with a book: BookFile's moves played at once, by weight; OwnBook, infinite and searchmoves respected",
          "[book][uci]") {
    const toy::Position pos = start();
    const toy::Move ef = move(pos, "ef"), bc = move(pos, "bc"), illegal(std::uint16_t(0x0f0e));
    const TempBook book({{pos.key(), illegal.raw(), 1000}, {pos.key(), ef.raw(), 3}, {pos.key(), bc.raw(), 0}});

    Lines lines;
    UciSession session(lines.out, toy_setup());
    session.handle_line("setoption name BookFile value " + book.path());
    CHECK(lines.take() == std::vector<std::string>{"info string BookFile: toy plays from the book " + book.path()});
    session.handle_line("position startpos");
    // The illegal record is skipped, the one of weight 0 never played: ef every time.
    for (int i = 0; i < 5; ++i)
        CHECK(go(session, lines, "go wtime 1000 btime 1000") ==
              std::vector<std::string>{"info string book move ef (weight 3 of 3)", "bestmove ef"});
    CHECK(go(session, lines, "go depth 3").back() == "bestmove ef");

    // Analysis, a mate search and a search among other moves are searched.
    session.handle_line("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::vector<std::string> analysis = go(session, lines, "stop");
    CHECK(analysis.front().rfind("info string book", 0) != 0);
    CHECK(go(session, lines, "go depth 2 searchmoves bc").back().rfind("bestmove bc", 0) == 0);
    CHECK(go(session, lines, "go mate 1 depth 2").front().rfind("info string book", 0) != 0);

    // A position the book does not know is searched.
    session.handle_line("position startpos moves ef");
    CHECK(go(session, lines, "go depth 2").front().rfind("info string book", 0) != 0);

    session.handle_line("position startpos");
    session.handle_line("setoption name OwnBook value false");
    CHECK(go(session, lines, "go depth 2").front().rfind("info string book", 0) != 0);
    session.handle_line("setoption name OwnBook value true");
    CHECK(go(session, lines, "go depth 2").back() == "bestmove ef");

    // A bad file changes nothing; <empty> closes the book.
    session.handle_line("setoption name BookFile value " + book.path() + ".missing");
    const std::vector<std::string> refused = lines.take();
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].rfind("info string error: option BookFile: cannot open the book file", 0) == 0);
    CHECK(go(session, lines, "go depth 2").back() == "bestmove ef");
    session.handle_line("setoption name BookFile value <empty>");
    CHECK(lines.take() == std::vector<std::string>{"info string BookFile: toy plays without a book"});
    CHECK(go(session, lines, "go depth 2").front().rfind("info string book", 0) != 0);
    session.handle_line("quit");
}
