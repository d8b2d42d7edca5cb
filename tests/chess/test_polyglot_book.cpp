// Tests of Polyglot books (chess/polyglot_book.h): the position keys that the format's
// description gives as test data (Polyglot's book_format.html), the packing of moves (castling
// as king takes rook, promotions), and a book written here read back as legal moves.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "chess/polyglot_book.h"
#include "test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

TEST_CASE("Polyglot keys: the format's test positions", "[book][chess]") {
    struct Case {
        const char* fen;
        std::uint64_t key;
    };
    // From the format's description; the en-passant file counts only beside a pawn that can take.
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL},
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0ULL},
        {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4ULL},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78ULL},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1ULL},
        {"rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9ULL},
        {"rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637ULL},
        {"rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        CHECK(polyglot::key(position_from(c.fen)) == c.key);
    }
    // The same positions reached by moves, not read from a FEN.
    Position pos = position_from(Position::START_FEN);
    play(pos, {"e2e4", "d7d5", "e4e5", "f7f5"});
    CHECK(polyglot::key(pos) == 0x22a48b5a8e47ff78ULL);
    play(pos, {"e1e2", "e8f7"});
    CHECK(polyglot::key(pos) == 0x00fdd303c946bdd9ULL);
}

TEST_CASE("Polyglot moves: squares, promotions, castling as king takes rook", "[book][chess]") {
    const Position start = position_from(Position::START_FEN);
    CHECK(polyglot::pack(find_move(start, "e2e4")) == (28 | (12 << 6)));
    const Position pos = position_from("4k2r/P7/8/8/8/8/8/R3K2R w KQk - 0 1");
    CHECK(polyglot::pack(find_move(pos, "e1g1")) == (7 | (4 << 6)));  // e1h1
    CHECK(polyglot::pack(find_move(pos, "e1c1")) == (0 | (4 << 6)));  // e1a1
    CHECK(polyglot::pack(find_move(pos, "a7a8q")) == (56 | (48 << 6) | (4 << 12)));
    CHECK(polyglot::pack(find_move(pos, "a7a8n")) == (56 | (48 << 6) | (1 << 12)));
}

TEST_CASE("Polyglot book: a book's legal moves with their weights; other records ignored", "[book][chess]") {
    const Position pos = position_from("4k2r/P7/8/8/8/8/8/R3K2R w KQk - 0 1");
    const std::uint64_t key = polyglot::key(pos);
    struct Record {
        std::uint64_t key;
        std::uint16_t move, weight;
    };
    const std::vector<Record> records = {
        {key - 1, std::uint16_t(7 | (4 << 6)), 50},                // another position
        {key, std::uint16_t(7 | (4 << 6)), 5},                     // e1h1: castling
        {key, std::uint16_t(56 | (48 << 6) | (4 << 12)), 2},       // a7a8q
        {key, std::uint16_t(56 | (48 << 6) | (1 << 12)), 1},       // a7a8n
        {key, std::uint16_t(28 | (12 << 6)), 9},                   // e2e4: no pawn there
        {key + 1, std::uint16_t(56 | (48 << 6) | (3 << 12)), 50},  // another position
    };
    const std::string path = game_test::unique_temp_path("sen_polyglot", ".bin");
    {
        std::ofstream out(path, std::ios::binary);
        const auto put = [&out](std::uint64_t v, int bytes) {
            for (int i = bytes - 1; i >= 0; --i) out.put(char((v >> (8 * i)) & 255));
        };
        for (const Record& r : records) {
            put(r.key, 8);
            put(r.move, 2);
            put(r.weight, 2);
            put(0, 4);  // learning data
        }
    }
    OpeningBook book;
    REQUIRE_FALSE(book.open(path, polyglot::FORMAT));
    const std::vector<BookMove<Move>> moves = polyglot::book_moves(book, pos);
    REQUIRE(moves.size() == 3);
    CHECK(moves[0].move == find_move(pos, "e1g1"));
    CHECK(moves[0].move.kind() == MoveKind::Castling);
    CHECK(moves[0].weight == 5);
    CHECK(moves[1].move == find_move(pos, "a7a8q"));
    CHECK(moves[2].move == find_move(pos, "a7a8n"));
    CHECK(polyglot::book_moves(book, position_from(Position::START_FEN)).empty());
    book.close();
    std::filesystem::remove(path);
}
