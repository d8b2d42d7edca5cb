// Tests of ElephantEye's books (xiangqi/elephanteye_book.h): locks and moves against values
// ElephantEye itself computes (its Zobrist code run on these positions: the start position,
// after the central cannon h2e2, and that position's mirror image), and a book written here in
// ElephantEye's layout, whose mirrored records are found and mirrored back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "xiangqi/elephanteye_book.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

constexpr std::string_view START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

}  // namespace

TEST_CASE("ElephantEye locks and moves: ElephantEye's own values", "[book][xiangqi]") {
    Position pos = position_from(START);
    CHECK(elephanteye::lock(pos) == 0x052656d5u);
    CHECK(elephanteye::mirrored_lock(pos) == 0x052656d5u);  // the start is its own mirror image
    const Move central_cannon = find_move(pos, "h3e3");     // h2e2 in UCCI's ranks from 0
    CHECK(elephanteye::pack(central_cannon) == 0xa7aa);
    CHECK(elephanteye::pack_mirrored(central_cannon) == 0xa7a4);  // b2e2
    pos.make_move(central_cannon);
    CHECK(elephanteye::lock(pos) == 0xeb505d7du);
    CHECK(elephanteye::mirrored_lock(pos) == 0x5396644fu);
    // The side to move counts: the start with black to move.
    CHECK(elephanteye::lock(position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")) == 0x6238505fu);
}

TEST_CASE("ElephantEye book: moves of the position, else of its mirror image mirrored back", "[book][xiangqi]") {
    struct Record {
        std::uint32_t lock;
        std::uint16_t move, weight;
    };
    // Records as ElephantEye's BOOK.DAT has them (sorted by lock): the start's moves, and for the
    // position after h2e2 those of its mirror image (after b2e2): b9c7 and h9g7 stored, which
    // are h9g7 and b9c7 after h2e2.
    const std::vector<Record> records = {
        {0x052656d5u, 0x8595, 546},   // c3c4
        {0x052656d5u, 0xa7a4, 1473},  // b2e2
        {0x052656d5u, 0xa7aa, 1473},  // h2e2
        {0x052656d5u, 0xa7a7, 99},    // e2e2: no move
        {0x5396644fu, 0x5534, 761},   // b9c7, mirrored h9g7
        {0x5396644fu, 0x593a, 172},   // h9g7, mirrored b9c7
    };
    const std::string path = game_test::unique_temp_path("sen_eleeye_book", ".dat");
    {
        std::ofstream out(path, std::ios::binary);
        const auto put = [&out](std::uint64_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) out.put(char((v >> (8 * i)) & 255));
        };
        for (const Record& r : records) {
            put(r.lock, 4);
            put(r.move, 2);
            put(r.weight, 2);
        }
    }
    OpeningBook book;
    REQUIRE_FALSE(book.open(path, elephanteye::FORMAT));
    Position pos = position_from(START);
    const std::vector<BookMove<Move>> first = elephanteye::book_moves(book, pos);
    REQUIRE(first.size() == 3);
    CHECK(coord(first[0].move) == "c4c5");
    CHECK(first[0].weight == 546);
    CHECK(coord(first[1].move) == "b3e3");
    CHECK(coord(first[2].move) == "h3e3");

    play(pos, {"h3e3"});
    const std::vector<BookMove<Move>> replies = elephanteye::book_moves(book, pos);
    REQUIRE(replies.size() == 2);
    CHECK(coord(replies[0].move) == "h10g8");  // h9g7
    CHECK(replies[0].weight == 761);
    CHECK(coord(replies[1].move) == "b10c8");  // b9c7
    CHECK(replies[1].weight == 172);

    play(pos, {"h10g8"});
    CHECK(elephanteye::book_moves(book, pos).empty());
    book.close();
    std::filesystem::remove(path);
}
