// Tests of the Syzygy prober (src/chess/syzygy) on the small tables of tests/data/syzygy: every
// KQvK, KRvK and KPvK position against a retrograde solver written for the tests (result and
// distance to zeroing, both sides to move, and with the colours swapped); en passant, which the
// tables do not encode; the fifty-move rule at the root (a win or loss too long for the halfmove
// clock is scored as a near draw with Syzygy50MoveRule on, as a table win or loss with it off);
// the search with tables (the root ranked, searchmoves and MultiPV kept, positions with castling
// rights left alone); and the UCI options. Stockfish's prober is compared on thousands of random
// positions by scripts/syzygy-compare (docs/syzygy.md).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/core.h>

#include "chess/search.h"
#include "chess/syzygy/root.h"
#include "chess/syzygy/tablebase.h"
#include "chess/syzygy_solver.h"
#include "chess/test_util.h"
#include "core/text.h"
#include "core/uci.h"
#include "games.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

const std::string TEST_TABLES = std::string(SEN_SOURCE_DIR) + "/tests/data/syzygy";

// What the helpers below probe and search with, as an engine holds it: a test sets it up with
// TestTables (the test tables, default settings) and leaves none behind.
syzygy::EngineTables& current() {
    static syzygy::EngineTables tables;
    return tables;
}
syzygy::Tablebases& tb() {
    REQUIRE(current().files != nullptr);
    return *current().files;
}
syzygy::EngineTables tables_in(const std::string& path) {
    syzygy::EngineTables tables;
    tables.files = std::make_shared<syzygy::Tablebases>();
    tables.files->set_path(path);
    return tables;
}
struct TestTables {
    TestTables() { current() = tables_in(TEST_TABLES); }
    ~TestTables() { current() = {}; }
};

int sign(int v) { return (v > 0) - (v < 0); }

// The board field of a FEN from 64 characters, a1 first ('.' empty).
std::string board_fen(const std::string& board) {
    return text::placement(8, 8, [&board](int file, int rank) {
        const char c = board[std::size_t(rank * 8 + file)];
        return c == '.' ? ' ' : c;
    });
}

// The same position with the colours swapped (and the board turned upside down).
std::string swapped_colours(const std::string& fen) {
    const std::vector<std::string_view> fields = split_tokens(fen);
    std::string rows[8];
    std::size_t row = 0;
    for (const char c : fields[0]) {
        if (c == '/') ++row;
        else
            rows[row] += char(std::isalpha(static_cast<unsigned char>(c))
                                  ? (std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c))
                                  : c);
    }
    std::string board;
    for (int r = 7; r >= 0; --r) board += rows[r] + (r ? "/" : "");
    return board + (fields[1] == "w" ? " b" : " w") + " - - 0 1";
}

struct Mismatch {
    int count = 0;
    std::string first;
    void note(const std::string& what) {
        if (count++ == 0) first = what;
    }
};

// Every position of the solver's ending: the prober's WDL and DTZ must be the solver's result
// and distance (a mated side reads -1, as in every Syzygy prober, since 0 means a draw).
void compare_with_solver(const ThreePieceSolver& solver) {
    Mismatch wdl, dtz, swapped;
    int positions = 0;
    for (int i = 0; i < ThreePieceSolver::SIZE; ++i) {
        if (!solver.valid(i)) continue;
        ++positions;
        const std::string fen = solver.fen(i);
        Position pos = position_from(fen);
        const std::optional<int> w = tb().probe_wdl(pos);
        const std::optional<int> d = tb().probe_dtz(pos);
        const int result = solver.result(i);
        if (!w || sign(*w) != result) wdl.note(fen);
        const int expected = result == 0 ? 0 : result > 0 ? solver.distance(i) : solver.distance(i) == 0 ? -1 : -solver.distance(i);
        if (!d || *d != expected) dtz.note(fen + " dtz " + (d ? std::to_string(*d) : "none") + " expected " + std::to_string(expected));
        if (i % 5 == 0) {
            Position other = position_from(swapped_colours(fen));
            const std::optional<int> ow = tb().probe_wdl(other);
            const std::optional<int> od = tb().probe_dtz(other);
            if (ow != w || od != d) swapped.note(fen);
        }
    }
    INFO(positions << " positions; first WDL mismatch: " << wdl.first << "; first DTZ mismatch: " << dtz.first
                   << "; first mismatch with the colours swapped: " << swapped.first);
    CHECK(positions > 300000);
    CHECK(wdl.count == 0);
    CHECK(dtz.count == 0);
    CHECK(swapped.count == 0);
}

std::optional<int> wdl_of(const std::string& fen) {
    Position pos = position_from(fen);
    return tb().probe_wdl(pos);
}
std::optional<int> dtz_of(const std::string& fen) {
    Position pos = position_from(fen);
    return tb().probe_dtz(pos);
}

SearchResult search(const Position& pos, int depth, std::vector<Move> searchmoves = {}, int multipv = 1,
                    std::vector<SearchReport>* reports = nullptr) {
    TranspositionTable tt;
    Searcher searcher(tt);
    searcher.set_tables(current());
    SearchLimits limits;
    limits.depth = depth;
    limits.searchmoves = std::move(searchmoves);
    limits.multipv = multipv;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    SearchCallbacks callbacks;
    if (reports) callbacks.on_report = [reports](const SearchReport& r) { reports->push_back(r); };
    return searcher.search(pos, limits, timer, control, callbacks);
}

// The best score the root ranking gives any move of the position.
int root_score(const std::string& fen) {
    Position pos = position_from(fen);
    std::vector<Move> moves;
    for (const Move m : legal_moves(pos)) moves.push_back(m);
    const auto ranking = syzygy::rank_root_moves(tb(), pos, moves, ChessGame::table_settings(current()));
    REQUIRE(ranking.has_value());
    CHECK(ranking->exact);
    int best = -TABLE_WIN - 1;
    for (const TableRootMove& r : ranking->moves) best = std::max(best, r.score);
    return best;
}

// The score the search's last line shows.
int shown_score(const std::string& fen) {
    std::vector<SearchReport> reports;
    search(position_from(fen), 4, {}, 1, &reports);
    REQUIRE_FALSE(reports.empty());
    return reports.back().score;
}

// The result of a move by the tables, for the side that made it.
int result_after(const Position& pos, Move m) {
    Position after = pos;
    after.make_move(m);
    const std::optional<int> w = tb().probe_wdl(after);
    REQUIRE(w.has_value());
    return -*w;
}

}  // namespace

TEST_CASE("syzygy: KQvK, KRvK and KPvK agree with a retrograde solver on every position", "[syzygy]") {
    TestTables tables;
    REQUIRE(tb().max_pieces() == 4);
    const ThreePieceSolver queen('Q');
    compare_with_solver(queen);
    const ThreePieceSolver rook('R');
    compare_with_solver(rook);
    // After a promotion the position is one of the queen's or rook's ending, black to move.
    const auto promoted = [&](PieceType pt, const Position& pos) {
        const ThreePieceSolver& s = pt == QUEEN ? queen : rook;
        const Square x = lsb(pos.pieces(Color::White) & ~pos.pieces(KING));
        return s.result(ThreePieceSolver::index(pos.king_square(Color::White), x, pos.king_square(Color::Black), pos.side_to_move()));
    };
    compare_with_solver(ThreePieceSolver('P', promoted));
}

TEST_CASE("syzygy: en passant, which the tables do not hold, is searched before they are read", "[syzygy]") {
    TestTables tables;
    // Black to move may take e.p. (values checked against Stockfish 15.1's prober): the capture
    // turns a draw into a win, or a loss into a draw.
    CHECK(wdl_of("8/8/8/8/Pp6/5k2/8/4K3 b - a3 0 1") == 2);
    CHECK(dtz_of("8/8/8/8/Pp6/5k2/8/4K3 b - a3 0 1") == 1);
    CHECK(wdl_of("8/8/8/8/Pp6/5k2/8/4K3 b - - 0 1") == 0);
    CHECK(wdl_of("8/8/8/8/1pP5/1K6/8/1k6 b - c3 0 1") == 0);
    CHECK(wdl_of("8/8/8/8/1pP5/1K6/8/1k6 b - - 0 1") == -2);
    CHECK(dtz_of("8/8/8/8/1pP5/1K6/8/1k6 b - - 0 1") == -1);
    CHECK(wdl_of("8/k7/8/8/3K1pP1/8/8/8 b - g3 0 1") == 0);
    CHECK(wdl_of("8/k7/8/8/3K1pP1/8/8/8 b - - 0 1") == -2);
    // Every KPvKP position with an en-passant capture: its result is the best of its moves'.
    int checked = 0;
    for (int f = 0; f < 8; ++f)
        for (const int df : {-1, 1}) {
            if (f + df < 0 || f + df > 7) continue;
            for (int wk = 0; wk < 64; wk += 3)
                for (int bk = 1; bk < 64; bk += 5) {
                    const Square wp = make_square(f, 3), bp = make_square(f + df, 3);
                    if (wk == bk || wk == wp || wk == bp || bk == wp || bk == bp || wk == wp - 8 || wk == wp - 16 || bk == wp - 8 ||
                        bk == wp - 16)
                        continue;
                    std::string board(64, '.');
                    board[std::size_t(wk)] = 'K';
                    board[std::size_t(bk)] = 'k';
                    board[wp] = 'P';
                    board[bp] = 'p';
                    std::string fen = board_fen(board);
                    fen += std::string(" b - ") + char('a' + f) + "3 0 1";
                    Position pos;
                    if (pos.set_fen(fen) || pos.ep_square() == SQ_NONE) continue;
                    const std::optional<int> w = tb().probe_wdl(pos);
                    REQUIRE(w.has_value());
                    int best = -2;
                    for (const Move m : legal_moves(pos)) {
                        Position after = pos;
                        after.make_move(m);
                        if (popcount(after.pieces()) == 2) {
                            best = std::max(best, 0);
                            continue;
                        }
                        std::optional<int> child = tb().probe_wdl(after);
                        if (!child) continue;  // a promotion: not in the test tables
                        best = std::max(best, -*child);
                    }
                    INFO(fen);
                    CHECK(*w == best);
                    ++checked;
                }
        }
    CHECK(checked > 100);
}

TEST_CASE("syzygy: a win or loss too long for the halfmove clock is a near draw with Syzygy50MoveRule, a table result without it",
          "[syzygy]") {
    TestTables tables;
    // KBNvK: White wins in 58 plies to the mate (DTZ 58). With 60 plies on the clock the
    // fifty-move rule comes first: the win is cursed, the defence blessed.
    const std::string win = "8/8/8/3k4/8/8/8/KBN5 w - - 60 80";
    const std::string loss = "8/8/8/6B1/8/8/4k3/1K5N b - - 60 80";  // Black loses in 65 plies
    REQUIRE(dtz_of(win) == 58);
    REQUIRE(dtz_of(loss) == -65);
    current().rule50 = true;
    const int cursed = root_score(win), blessed = root_score(loss);
    CHECK(cursed > 0);
    CHECK(cursed < 50);
    CHECK(blessed < 0);
    CHECK(blessed > -50);
    // The search shows the same scores, for the move it plays.
    CHECK(shown_score(win) == cursed);
    CHECK(shown_score(loss) == blessed);

    current().rule50 = false;
    CHECK(root_score(win) == TABLE_WIN);
    CHECK(root_score(loss) == -TABLE_WIN);
    CHECK(shown_score(win) == SCORE_TB_WIN);
    CHECK(shown_score(loss) == -SCORE_TB_WIN);

    // With a fresh clock both are plain table results.
    current().rule50 = true;
    CHECK(root_score("8/8/8/3k4/8/8/8/KBN5 w - - 0 1") == TABLE_WIN);
    CHECK(root_score("8/8/8/6B1/8/8/4k3/1K5N b - - 0 1") == -TABLE_WIN);
}

TEST_CASE("syzygy: the search keeps table wins and draws, and honours searchmoves and MultiPV", "[syzygy]") {
    TestTables tables;
    // KRvK: every move the search picks keeps the win.
    for (const std::string fen : {"8/8/8/8/8/2k5/8/KR6 w - - 0 1", "8/8/8/3k4/8/8/8/KBN5 w - - 20 40", "8/8/8/8/8/1k6/8/K1Q5 w - - 0 1"}) {
        INFO(fen);
        const Position pos = position_from(fen);
        std::vector<SearchReport> reports;
        const SearchResult r = search(pos, 6, {}, 1, &reports);
        CHECK(result_after(pos, r.best) == 2);
        REQUIRE_FALSE(reports.empty());
        CHECK(reports.back().score >= SCORE_TB_WIN_IN_MAX_PLY);
    }
    // KPvK, drawn for the defender to move, who has moves that lose: the search keeps the draw
    // (the first such position with the pawn on e4 and Black to move).
    {
        std::optional<Position> found;
        for (int bk = 0; bk < 64 && !found; ++bk)
            for (int wk = 0; wk < 64 && !found; ++wk) {
                std::string board(64, '.');
                if (wk == bk || wk == SQ_E4 || bk == SQ_E4) continue;
                board[std::size_t(wk)] = 'K';
                board[std::size_t(bk)] = 'k';
                board[SQ_E4] = 'P';
                Position pos;
                if (pos.set_fen(board_fen(board) + " b - - 0 1")) continue;
                if (tb().probe_wdl(pos) != 0) continue;
                for (const Move m : legal_moves(pos))
                    if (result_after(pos, m) < 0) found = pos;
            }
        REQUIRE(found.has_value());
        INFO(found->fen());
        const SearchResult r = search(*found, 8);
        CHECK(result_after(*found, r.best) == 0);
    }
    // searchmoves: a losing move alone is searched, and played.
    {
        const Position pos = position_from("8/8/8/8/8/2k5/8/KR6 w - - 0 1");
        const Move blunder = find_move(pos, "b1b3");  // the rook is lost at once
        REQUIRE(result_after(pos, blunder) == 0);
        CHECK(search(pos, 4, {blunder}).best == blunder);
    }
    // MultiPV over every move: each line's table rank is not above the one before it, and wins
    // come first.
    {
        const Position pos = position_from("8/8/8/8/8/2k5/8/KR6 w - - 0 1");
        const int moves = int(legal_moves(pos).size());
        std::vector<SearchReport> reports;
        search(pos, 3, {}, moves, &reports);
        std::vector<int> last_depth;
        for (const SearchReport& r : reports)
            if (r.depth == 3) last_depth.push_back(r.score);
        REQUIRE(int(last_depth.size()) == moves);
        CHECK(std::is_sorted(last_depth.rbegin(), last_depth.rend()));
        CHECK(last_depth.front() == SCORE_TB_WIN);
        CHECK(last_depth.back() < SCORE_TB_WIN);
        CHECK(reports.back().tbhits.has_value());
    }
    // The root ranking's probes count as table hits from the first report on, even when the
    // ranking is by distance and the tree probes no further (Stockfish counts them the same way).
    {
        const Position pos = position_from("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
        const int moves = int(legal_moves(pos).size());
        std::vector<SearchReport> reports;
        search(pos, 2, {}, 1, &reports);
        REQUIRE_FALSE(reports.empty());
        REQUIRE(reports.front().tbhits.has_value());
        CHECK(*reports.front().tbhits == std::uint64_t(moves));
        CHECK(*reports.back().tbhits >= std::uint64_t(moves));
    }
    // Castling rights: not in the tables, neither probed nor ranked (Chess960 alike).
    {
        Position pos = position_from("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        CHECK_FALSE(tb().probe_wdl(pos).has_value());
        CHECK_FALSE(syzygy::rank_root_moves(tb(), pos, {find_move(pos, "a1a8")}, ChessGame::table_settings(current())).has_value());
        Position c960 = position_from("2k5/8/8/8/8/8/8/1R2K3 w B - 0 1", true);
        CHECK_FALSE(tb().probe_wdl(c960).has_value());
    }
}

TEST_CASE("syzygy: without tables nothing is probed and the reports have no tbhits", "[syzygy]") {
    current() = {};
    CHECK(ChessGame::table_settings(current()).max_pieces == 0);
    std::vector<SearchReport> reports;
    search(position_from("8/8/8/8/8/2k5/8/KR6 w - - 0 1"), 3, {}, 1, &reports);
    REQUIRE_FALSE(reports.empty());
    CHECK_FALSE(reports.back().tbhits.has_value());
    // A set whose path holds no tables answers nothing either.
    const syzygy::EngineTables empty = tables_in("");
    CHECK(ChessGame::table_settings(empty).max_pieces == 0);
    Position pos = position_from("8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    CHECK_FALSE(empty.files->probe_wdl(pos).has_value());
}

TEST_CASE("syzygy: the UCI options, a bad path refused with an info string, and d", "[syzygy][uci]") {
    std::vector<std::string> lines;
    Output out([&lines](std::string_view text) {
        std::string_view rest = text;
        for (std::size_t nl; (nl = rest.find('\n')) != std::string_view::npos; rest.remove_prefix(nl + 1))
            lines.emplace_back(rest.substr(0, nl));
        lines.emplace_back(rest);
    });
    const auto has = [&lines](std::string_view prefix) {
        return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
    };
    UciSession session(out, uci_setup());
    session.handle_line("uci");
    CHECK(has("option name SyzygyPath type string default <empty>"));
    CHECK(has("option name SyzygyProbeDepth type spin default 1 min 1 max 100"));
    CHECK(has("option name Syzygy50MoveRule type check default true"));
    CHECK(has("option name SyzygyProbeLimit type spin default 7 min 0 max 7"));
    lines.clear();

    session.handle_line("setoption name SyzygyPath value /no/such/folder");
    CHECK(has("info string SyzygyPath: no tablebase files in /no/such/folder"));
    lines.clear();
    session.handle_line("position fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    session.handle_line("d");
    CHECK_FALSE(has("Tablebases"));
    lines.clear();
    session.handle_line("setoption name SyzygyPath value " + TEST_TABLES);
    CHECK(has("info string SyzygyPath: found 7 WDL and 7 DTZ tablebase files (up to 4 pieces)"));
    lines.clear();
    session.handle_line("uci");
    CHECK(has("option name SyzygyPath type string default " + TEST_TABLES));
    lines.clear();
    session.handle_line("position fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    session.handle_line("d");
    CHECK(has("Tablebases WDL: Win"));
    CHECK(has("Tablebases DTZ: 27"));
    // A search that probed reports tbhits above 0. KBNvK has four pieces: probed by default, not
    // with SyzygyProbeLimit 3.
    const auto probed_in_search = [&](UciSession& s, std::string_view fen) {
        lines.clear();
        s.handle_line(fmt::format("position fen {}", fen));
        s.handle_line("go depth 4");
        for (int waited = 0; waited < 2000 && !has("bestmove "); ++waited) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        REQUIRE(has("bestmove "));
        return std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            const std::size_t at = l.find(" tbhits ");
            return at != std::string::npos && l.compare(at, 10, " tbhits 0 ") != 0;
        });
    };
    constexpr std::string_view KBNK = "8/8/8/3k4/8/8/8/KBN5 w - - 0 1";
    CHECK(probed_in_search(session, KBNK));
    session.handle_line("setoption name SyzygyProbeLimit value 3");
    CHECK_FALSE(probed_in_search(session, KBNK));
    session.handle_line("setoption name SyzygyProbeLimit value 4");
    CHECK(probed_in_search(session, KBNK));

    // Another session in the process has its own engine: no tables until it is given some.
    UciSession other(out, uci_setup());
    CHECK_FALSE(probed_in_search(other, KBNK));
    lines.clear();
    other.handle_line("position fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    other.handle_line("d");
    CHECK_FALSE(has("Tablebases"));
    CHECK(probed_in_search(session, KBNK));
    other.handle_line("quit");
    session.handle_line("quit");
}

// Cursed wins and blessed losses stored as such in the tables (WDL 1 and -1) first occur with five
// pieces, in tables too large to commit; given a folder with some of them (SEN_SYZYGY_PATH), this
// hidden test finds such positions at random and checks how the root scores them. Run it with
// `SEN_SYZYGY_PATH=/path build/tests/sen_tests "[syzygy-full]"`.
TEST_CASE("syzygy: cursed wins and blessed losses of five-piece tables (SEN_SYZYGY_PATH)", "[.][syzygy-full]") {
    const char* path = std::getenv("SEN_SYZYGY_PATH");
    if (!path) {
        WARN("SEN_SYZYGY_PATH is not set: nothing to check");
        return;
    }
    struct NoTablesAfter {
        ~NoTablesAfter() { current() = {}; }
    } no_tables_after;
    current() = tables_in(path);
    std::mt19937 rng(7);
    std::optional<std::string> cursed, blessed;
    for (const std::string white : {"KBB", "KBN", "KNN", "KRB", "KRN", "KQN"})
        for (const std::string black : {"KN", "KB", "KP", "KR"}) {
            for (int tries = 0; tries < 4000 && !(cursed && blessed); ++tries) {
                std::string board(64, '.');
                std::string pieces = white;
                for (const char c : black) pieces += char(std::tolower(c));
                for (const char c : pieces) {
                    int s = 0;
                    do s = int(rng() % 64);
                    while (board[std::size_t(s)] != '.' || ((c == 'p' || c == 'P') && (s < 8 || s >= 56)));
                    board[std::size_t(s)] = c;
                }
                const std::string fen = board_fen(board) + (rng() % 2 ? " w" : " b") + " - - 0 1";
                Position pos;
                if (pos.set_fen(fen)) continue;
                const std::optional<int> w = tb().probe_wdl(pos);
                if (w == 1 && !cursed) cursed = fen;
                if (w == -1 && !blessed) blessed = fen;
            }
        }
    if (!cursed || !blessed) {
        WARN("no cursed win or blessed loss found in the tables of " << path);
        return;
    }
    INFO("cursed win " << *cursed << ", blessed loss " << *blessed);
    CHECK(dtz_of(*cursed) > 100);
    CHECK(dtz_of(*blessed) < -100);
    current().rule50 = true;
    CHECK(root_score(*cursed) > 0);
    CHECK(root_score(*cursed) < 50);
    CHECK(root_score(*blessed) < 0);
    CHECK(root_score(*blessed) > -50);
    current().rule50 = false;
    CHECK(root_score(*cursed) == TABLE_WIN);
    CHECK(root_score(*blessed) == -TABLE_WIN);
}
