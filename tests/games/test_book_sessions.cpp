// Tests of the opening books as the three protocols play them with the engine's own games
// (src/games.h): a Polyglot book in chess over UCI and CECP (castling in each protocol's
// notation), an ElephantEye book in xiangqi over UCCI (bookfiles, usebook, banmoves), and each
// game keeping its own BookFile across UCI_Variant switches. The books are written here with the
// games' own key and move packing, which tests/chess/test_polyglot_book.cpp and
// tests/xiangqi/test_elephanteye_book.cpp check against the formats' published values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "captured_output.h"
#include "chess/polyglot_book.h"
#include "core/ucci.h"
#include "core/uci.h"
#include "core/xboard.h"
#include "game_test_util.h"
#include "games.h"
#include "xiangqi/elephanteye_book.h"

using namespace sen;

namespace {

using Captured = test::CapturedOutput;

struct Record {
    std::uint64_t key;
    std::uint16_t move, weight;
};

// A book file that is removed with the test: `bytes` of key, then move and weight in 2 each,
// then `padding` zero bytes; big- or little-endian.
class TempBook {
public:
    TempBook(std::vector<Record> records, int key_bytes, int padding, bool big_endian)
        : path_(game_test::unique_temp_path("sen_book_session", ".bin")) {
        std::sort(records.begin(), records.end(), [](const Record& a, const Record& b) { return a.key < b.key; });
        std::ofstream out(path_, std::ios::binary);
        const auto put = [&](std::uint64_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) out.put(char((v >> (8 * (big_endian ? bytes - 1 - i : i))) & 255));
        };
        for (const Record& r : records) {
            put(r.key, key_bytes);
            put(r.move, 2);
            put(r.weight, 2);
            put(0, padding);
        }
    }
    ~TempBook() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

chess::Position chess_position(std::string_view fen) { return game_test::position_from<chess::Position>(fen, false); }

chess::Move chess_move(const chess::Position& pos, std::string_view uci) {
    const chess::Move m = chess::ChessGame::parse_move(pos, uci, false);
    REQUIRE(m);
    return m;
}

// A Polyglot book: the start's e2e4 (weight 1), and castling short in CASTLE_FEN.
constexpr std::string_view CASTLE_FEN = "r3k2r/pppqbppp/2npbn2/4p3/4P3/2NPBN2/PPPQBPPP/R3K2R w KQkq - 4 8";

TempBook chess_book() {
    const chess::Position start = chess_position(chess::Position::START_FEN);
    const chess::Position castle = chess_position(CASTLE_FEN);
    return TempBook({{chess::polyglot::key(start), chess::polyglot::pack(chess_move(start, "e2e4")), 1},
                     {chess::polyglot::key(castle), chess::polyglot::pack(chess_move(castle, "e1g1")), 1}},
                    8, 4, true);
}

constexpr std::string_view XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// An ElephantEye book for the xiangqi start: the central cannon on either side (h2e2, b2e2).
TempBook xiangqi_book() {
    xiangqi::Position start = game_test::position_from<xiangqi::Position>(XQ_START);
    const auto move = [&](std::string_view text) {
        const xiangqi::Move m = xiangqi::XiangqiGame::parse_move(start, text, true);
        REQUIRE(m);
        return xiangqi::elephanteye::pack(m);
    };
    const std::uint32_t lock = xiangqi::elephanteye::lock(start);
    return TempBook({{lock, move("h2e2"), 1}, {lock, move("b2e2"), 1}}, 4, 0, false);
}

}  // namespace

TEST_CASE("Books over UCI: the chess book's moves, castling as UCI_Chess960 writes it; each game its own BookFile", "[book][uci]") {
    const TempBook chess = chess_book();
    const TempBook xq = xiangqi_book();
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("setoption name BookFile value " + chess.path());
    session.handle_line("position startpos");
    session.handle_line("go wtime 10000 btime 10000");
    CHECK(c.through("bestmove").back() == "bestmove e2e4");

    session.handle_line(fmt::format("position fen {}", CASTLE_FEN));
    session.handle_line("go movetime 1000");
    CHECK(c.through("bestmove").back() == "bestmove e1g1");
    session.handle_line("setoption name UCI_Chess960 value true");
    session.handle_line(fmt::format("position fen {}", CASTLE_FEN));
    session.handle_line("go movetime 1000");
    CHECK(c.through("bestmove").back() == "bestmove e1h1");
    session.handle_line("setoption name UCI_Chess960 value false");

    // Xiangqi keeps its own book; chess finds its own again when it comes back.
    session.handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("setoption name BookFile value " + xq.path());
    c.take();
    session.handle_line("position startpos");
    session.handle_line("go movetime 1000");
    const std::string xq_move = c.through("bestmove").back();
    CHECK((xq_move == "bestmove h3e3" || xq_move == "bestmove b3e3"));  // Fairy-Stockfish's ranks from 1
    session.handle_line("setoption name UCI_Variant value chess");
    session.handle_line("position startpos");
    session.handle_line("go movetime 1000");
    CHECK(c.through("bestmove").back() == "bestmove e2e4");
    session.handle_line("quit");
}

TEST_CASE("Books over CECP: the book's move played at once, castling in xboard's notation", "[book][xboard]") {
    const TempBook chess = chess_book();
    Captured c;
    CecpSession s(c.out, uci_setup());
    for (const char* line : {"xboard", "protover 2", "post"}) s.handle_line(line);
    s.handle_line("option BookFile=" + chess.path());
    s.handle_line("new");
    c.take();
    s.handle_line("go");
    CHECK(c.through("move ") == std::vector<std::string>{"# book move e2e4 (weight 1 of 1)", "move e2e4"});
    s.handle_line("force");
    s.handle_line(fmt::format("setboard {}", CASTLE_FEN));
    s.handle_line("go");
    CHECK(c.through("move ").back() == "move e1g1");
    s.handle_line("quit");
}

TEST_CASE("Books over UCCI: bookfiles and usebook, banned moves never played", "[book][ucci]") {
    const TempBook xq = xiangqi_book();
    Captured c;
    UcciSession session(c.out, uci_setup());
    session.handle_line("ucci");
    session.handle_line("setoption bookfiles " + xq.path());
    c.take();
    session.handle_line("position startpos");
    session.handle_line("go time 10000");
    const std::vector<std::string> lines = c.through("bestmove");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].rfind("info message book move ", 0) == 0);
    CHECK((lines[1] == "bestmove h2e2" || lines[1] == "bestmove b2e2"));
    for (int i = 0; i < 4; ++i) {
        session.handle_line("banmoves h2e2");
        session.handle_line("go time 10000");
        CHECK(c.through("bestmove").back() == "bestmove b2e2");
    }
    session.handle_line("position startpos");
    session.handle_line("setoption usebook false");
    session.handle_line("go depth 2");
    CHECK(c.through("bestmove").front().rfind("info message book", 0) != 0);
    session.handle_line("quit");
}
