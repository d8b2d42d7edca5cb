// Tests of perft (core/perft.h, core/deep_perft.h) over the chess generator and of perft_suite.h: node counts of the standard positions
// against the published values (Chess Programming Wiki "Perft Results" and "Chess960 Perft Results", and the well-known perft suite of
// special cases), perft_divide, and the EPD suite reader/runner. The default run stays small; the deep counts are tagged [slow].
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>

#include "chess/game.h"
#include "chess/notation.h"
#include "chess/test_util.h"
#include "core/deep_perft.h"
#include "core/perft.h"
#include "tools/perft_suite.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

using ChessPerft = sen::Perft<ChessGame>;

namespace {

constexpr const char* START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* POS3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr const char* POS4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
constexpr const char* POS4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
constexpr const char* POS5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
constexpr const char* POS6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
constexpr const char* C960_0 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
constexpr const char* C960_1 = "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9";
constexpr const char* C960_2 = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9";

std::string divide_text(Position& pos, int depth) {
    std::string text;
    for (const auto& [move, count] : ChessPerft::divide(pos, depth))
        text += move_to_uci(move, pos.is_chess960()) + ": " + std::to_string(count) + "\n";
    return text;
}

// Checks perft at each (depth, nodes); on a mismatch the per-move divide goes into the message.
void check_perft(const char* fen, std::initializer_list<std::pair<int, std::uint64_t>> expected, bool chess960 = false) {
    Position pos = position_from(fen, chess960);
    const std::string fen_before = pos.fen();
    const Key key_before = pos.key();
    for (const auto& [depth, nodes] : expected) {
        const std::uint64_t actual = ChessPerft::count(pos, depth);
        const std::string divide = actual == nodes ? std::string() : divide_text(pos, depth);
        INFO(fen << "\nperft " << depth << ": expected " << nodes << ", got " << actual << "\ndivide:\n" << divide);
        CHECK(actual == nodes);
        // perft leaves the position as it found it.
        REQUIRE(pos.fen() == fen_before);
        REQUIRE(pos.key() == key_before);
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Node counts

TEST_CASE("perft: start position to depth 4", "[perft]") { check_perft(START, {{1, 20}, {2, 400}, {3, 8902}, {4, 197281}}); }

TEST_CASE("perft: Kiwipete to depth 3", "[perft]") { check_perft(KIWIPETE, {{1, 48}, {2, 2039}, {3, 97862}}); }

TEST_CASE("perft: CPW position 3 to depth 5", "[perft]") { check_perft(POS3, {{1, 14}, {2, 191}, {3, 2812}, {4, 43238}, {5, 674624}}); }

TEST_CASE("perft: CPW position 4 and its mirror to depth 4", "[perft]") {
    check_perft(POS4, {{1, 6}, {2, 264}, {3, 9467}, {4, 422333}});
    check_perft(POS4_MIRRORED, {{1, 6}, {2, 264}, {3, 9467}, {4, 422333}});
}

TEST_CASE("perft: CPW position 5 to depth 3", "[perft]") { check_perft(POS5, {{1, 44}, {2, 1486}, {3, 62379}}); }

TEST_CASE("perft: CPW position 6 to depth 3", "[perft]") { check_perft(POS6, {{1, 46}, {2, 2079}, {3, 89890}}); }

TEST_CASE("perft: Chess960 positions to depth 4", "[perft][chess960]") {
    check_perft(C960_0, {{1, 21}, {2, 528}, {3, 12189}, {4, 326672}}, true);
    check_perft(C960_1, {{1, 21}, {2, 807}, {3, 18002}, {4, 667366}}, true);
    check_perft(C960_2, {{1, 20}, {2, 479}, {3, 10471}, {4, 273318}}, true);
}

TEST_CASE("perft: special cases (en passant pins, castling checks, promotions, stalemates)", "[perft]") {
    check_perft("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {{1, 18}, {2, 92}, {3, 1670}, {4, 10138}, {5, 185429}, {6, 1134888}});
    check_perft("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {{1, 13}, {2, 102}, {3, 1266}, {4, 10276}, {5, 135655}, {6, 1015133}});
    check_perft("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {{1, 15}, {2, 126}, {3, 1928}, {4, 13931}, {5, 206379}, {6, 1440467}});
    check_perft("5k2/8/8/8/8/8/8/4K2R w K - 0 1", {{1, 15}, {2, 66}, {3, 1198}, {4, 6399}, {5, 120330}, {6, 661072}});
    check_perft("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {{1, 16}, {2, 71}, {3, 1286}, {4, 7418}, {5, 141077}, {6, 803711}});
    check_perft("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {{1, 26}, {2, 1141}, {3, 27826}, {4, 1274206}});
    check_perft("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {{1, 44}, {2, 1494}, {3, 50509}, {4, 1720476}});
    check_perft("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {{1, 11}, {2, 133}, {3, 1442}, {4, 19174}, {5, 266199}});
    check_perft("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {{1, 29}, {2, 165}, {3, 5160}, {4, 31961}, {5, 1004658}});
    check_perft("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {{1, 9}, {2, 40}, {3, 472}, {4, 2661}, {5, 38983}, {6, 217342}});
    check_perft("8/P1k5/K7/8/8/8/8/8 w - - 0 1", {{1, 6}, {2, 27}, {3, 273}, {4, 1329}, {5, 18135}, {6, 92683}});
    check_perft("K1k5/8/P7/8/8/8/8/8 w - - 0 1", {{1, 2}, {2, 6}, {3, 13}, {4, 63}, {5, 382}, {6, 2217}});
    check_perft("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {{1, 10}, {2, 25}, {3, 268}, {4, 926}, {5, 10857}, {6, 43261}, {7, 567584}});
    check_perft("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {{1, 37}, {2, 183}, {3, 6559}, {4, 23527}});
}

TEST_CASE("perft: start position depth 6", "[perft][slow]") { check_perft(START, {{5, 4865609}, {6, 119060324}}); }
TEST_CASE("perft: Kiwipete depth 5", "[perft][slow]") { check_perft(KIWIPETE, {{4, 4085603}, {5, 193690690}}); }
TEST_CASE("perft: CPW position 3 depth 7", "[perft][slow]") { check_perft(POS3, {{6, 11030083}, {7, 178633661}}); }
TEST_CASE("perft: CPW position 4 depth 5", "[perft][slow]") {
    check_perft(POS4, {{5, 15833292}});
    check_perft(POS4_MIRRORED, {{5, 15833292}});
}
TEST_CASE("perft: CPW position 5 depth 5", "[perft][slow]") { check_perft(POS5, {{4, 2103487}, {5, 89941194}}); }
TEST_CASE("perft: CPW position 6 depth 5", "[perft][slow]") { check_perft(POS6, {{4, 3894594}, {5, 164075551}}); }
TEST_CASE("perft: Chess960 positions depth 5", "[perft][slow][chess960]") {
    check_perft(C960_0, {{5, 8146062}}, true);
    check_perft(C960_1, {{5, 16253601}}, true);
    check_perft(C960_2, {{5, 6417013}}, true);
}

// ---------------------------------------------------------------------------------------------
// perft and perft_divide properties

TEST_CASE("perft at depth 0 and 1", "[perft]") {
    Position pos = position_from(KIWIPETE);
    CHECK(ChessPerft::count(pos, 0) == 1);
    CHECK(ChessPerft::count(pos, 1) == 48);
    CHECK(ChessPerft::count(pos, 1) == count_legal_moves(pos));
    Position mate = position_from("R6k/8/7K/8/8/8/8/8 b - - 0 1");
    CHECK(ChessPerft::count(mate, 1) == 0);
    CHECK(ChessPerft::count(mate, 3) == 0);
}

TEST_CASE("perft_divide lists every legal move once, in generation order, and sums to perft", "[perft]") {
    for (const char* fen : {START, KIWIPETE, POS3, POS4, POS5}) {
        INFO(fen);
        Position pos = position_from(fen);
        const MoveList moves = legal_moves(pos);
        for (const int depth : {1, 2, 3}) {
            const auto divide = ChessPerft::divide(pos, depth);
            REQUIRE(divide.size() == moves.size());
            std::uint64_t sum = 0;
            for (std::size_t i = 0; i < divide.size(); ++i) {
                CHECK(divide[i].first == moves[i]);
                sum += divide[i].second;
            }
            CHECK(sum == ChessPerft::count(pos, depth));
            if (depth == 1)
                for (const auto& [move, count] : divide) CHECK(count == 1);
        }
        // Each entry is the perft of the position after that move.
        for (const auto& [move, count] : ChessPerft::divide(pos, 3)) {
            pos.make_move(move);
            CHECK(ChessPerft::count(pos, 2) == count);
            pos.unmake_move();
        }
        CHECK(pos.fen() == fen);
    }
    // The known divide of the start position at depth 3.
    Position start;
    std::map<std::string, std::uint64_t> divide;
    for (const auto& [move, count] : ChessPerft::divide(start, 3)) divide[move_to_uci(move, false)] = count;
    const std::map<std::string, std::uint64_t> expected = {{"a2a3", 380}, {"b2b3", 420}, {"c2c3", 420}, {"d2d3", 539}, {"e2e3", 599},
                                                           {"f2f3", 380}, {"g2g3", 420}, {"h2h3", 380}, {"a2a4", 420}, {"b2b4", 421},
                                                           {"c2c4", 441}, {"d2d4", 560}, {"e2e4", 600}, {"f2f4", 401}, {"g2g4", 421},
                                                           {"h2h4", 420}, {"b1a3", 400}, {"b1c3", 440}, {"g1f3", 440}, {"g1h3", 400}};
    CHECK(divide == expected);
}

// ---------------------------------------------------------------------------------------------
// Suite lines, files and runs

TEST_CASE("parse_perft_line reads good lines", "[perft][suite]") {
    SECTION("a full line") {
        const ParsedPerftLine parsed = parse_perft_line(std::string(START) + " ;D1 20 ;D2 400 ;D3 8902", 7);
        REQUIRE(parsed.error.empty());
        REQUIRE(parsed.value.has_value());
        CHECK(parsed.value->fen == START);
        CHECK(parsed.value->line_number == 7);
        CHECK(parsed.value->expected == std::vector<std::pair<int, std::uint64_t>>{{1, 20}, {2, 400}, {3, 8902}});
    }
    SECTION("spaces around the fields, CRLF ending, an EPD FEN, large counts") {
        const ParsedPerftLine parsed = parse_perft_line("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\t ;  D7   178633661 ; D1 14\r\n", 1);
        REQUIRE(parsed.error.empty());
        REQUIRE(parsed.value.has_value());
        CHECK(parsed.value->fen == "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
        CHECK(parsed.value->expected == std::vector<std::pair<int, std::uint64_t>>{{7, 178633661}, {1, 14}});
        const ParsedPerftLine big = parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - ;D20 18446744073709551615", 2);
        REQUIRE(big.value.has_value());
        CHECK(big.value->expected.front() == std::pair<int, std::uint64_t>{20, 18446744073709551615ULL});
    }
    SECTION("blank lines and comments give neither a case nor an error") {
        for (const char* line : {"", "   ", "\t", "\r", "# a comment", "   # indented ;D1 20", "#"}) {
            INFO("line '" << line << "'");
            const ParsedPerftLine parsed = parse_perft_line(line, 3);
            CHECK_FALSE(parsed.value.has_value());
            CHECK(parsed.error.empty());
        }
    }
}

TEST_CASE("parse_perft_line rejects bad lines with the line number", "[perft][suite]") {
    const std::string fen = START;
    for (const std::string& line :
         {fen, fen + " ;", fen + " ;D1", fen + " ;D1 abc", fen + " ;X1 20", fen + " ;d1 20", fen + " ;D 20", fen + " ;D0 20",
          fen + " ;D-1 20", fen + " ;D21 20", fen + " ;Dx 20", fen + " ;D1 20 ;D2", fen + " ;;D1 20", fen + " 20 400"}) {
        INFO("line '" << line << "'");
        const ParsedPerftLine parsed = parse_perft_line(line, 42);
        CHECK_FALSE(parsed.value.has_value());
        CHECK_FALSE(parsed.error.empty());
        CHECK(parsed.error.find("42") != std::string::npos);
    }
}

// The header promises an error text for lines that cannot be read: a negative node count or
// trailing junk in a count is such a line.
TEST_CASE("parse_perft_line rejects negative counts and junk after numbers", "[perft][suite]") {
    const std::string fen = START;
    for (const std::string& line : {fen + " ;D1 -20", fen + " ;D1 20x", fen + " ;D1x 20", fen + " ;D1 20 400"}) {
        INFO("line '" << line << "'");
        const ParsedPerftLine parsed = parse_perft_line(line, 5);
        CHECK_FALSE(parsed.value.has_value());
        CHECK_FALSE(parsed.error.empty());
    }
}

TEST_CASE("run_perft_suite reports matches, mismatches with their divide, and bad FENs", "[perft][suite]") {
    std::vector<PerftCase> cases;
    cases.push_back({START, {{1, 20}, {2, 400}, {3, 8902}}, 1});
    cases.push_back({KIWIPETE, {{1, 48}, {2, 2040}, {3, 97862}}, 2});  // D2 is wrong on purpose
    cases.push_back({"not a fen", {{1, 1}}, 3});
    cases.push_back({POS3, {{1, 14}, {2, 191}}, 4});

    std::vector<std::pair<int, bool>> progress;
    const PerftSuiteResult result = run_perft_suite(game_id<ChessGame>(), cases, 0, false, [&](int index, const PerftCase& test, bool ok) {
        CHECK(test.line_number == cases[std::size_t(index)].line_number);
        progress.emplace_back(index, ok);
    });
    CHECK(result.positions == 3);
    CHECK(result.checks == 3 + 2 + 2);  // the mismatch stops that case at D2
    CHECK(result.nodes == 20 + 400 + 8902 + 48 + 2039 + 14 + 191);
    CHECK(result.seconds >= 0);
    REQUIRE(result.mismatches.size() == 1);
    const PerftMismatch& m = result.mismatches.front();
    CHECK(m.test.line_number == 2);
    CHECK(m.depth == 2);
    CHECK(m.expected == 2040);
    CHECK(m.actual == 2039);
    // The divide has one "move: count" line per legal move, summing to the actual count.
    std::istringstream lines(m.divide);
    std::string line;
    int moves = 0;
    std::uint64_t sum = 0;
    while (std::getline(lines, line)) {
        const std::size_t colon = line.find(": ");
        REQUIRE(colon != std::string::npos);
        sum += std::stoull(line.substr(colon + 2));
        ++moves;
    }
    CHECK(moves == 48);
    CHECK(sum == 2039);
    CHECK(m.divide.find("e1g1: ") != std::string::npos);
    REQUIRE(result.errors.size() == 1);
    CHECK(result.errors.front().find("line 3") != std::string::npos);
    CHECK(progress == std::vector<std::pair<int, bool>>{{0, true}, {1, false}, {2, false}, {3, true}});

    SECTION("on several threads: the same result, in the suite's order") {
        std::vector<int> seen;
        const PerftSuiteResult threaded = run_perft_suite(
            game_id<ChessGame>(), cases, 0, false, [&](int index, const PerftCase&, bool) { seen.push_back(index); }, 3);
        CHECK(threaded.positions == result.positions);
        CHECK(threaded.checks == result.checks);
        CHECK(threaded.nodes == result.nodes);
        REQUIRE(threaded.mismatches.size() == 1);
        CHECK(threaded.mismatches[0].test.line_number == 2);
        CHECK(threaded.mismatches[0].divide == m.divide);
        CHECK(threaded.errors == result.errors);
        std::sort(seen.begin(), seen.end());
        CHECK(seen == std::vector<int>{0, 1, 2, 3});
    }
    SECTION("max_depth limits the depths run") {
        const PerftSuiteResult shallow = run_perft_suite(game_id<ChessGame>(), cases, 1, false);
        CHECK(shallow.mismatches.empty());
        CHECK(shallow.checks == 3);
        CHECK(shallow.nodes == 20 + 48 + 14);
    }
    SECTION("Chess960 FENs need the chess960 flag") {
        const std::vector<PerftCase> c960 = {{C960_0, {{1, 21}, {2, 528}}, 1}};
        const PerftSuiteResult with = run_perft_suite(game_id<ChessGame>(), c960, 0, true);
        CHECK(with.errors.empty());
        CHECK(with.mismatches.empty());
        CHECK(with.checks == 2);
        const PerftSuiteResult without = run_perft_suite(game_id<ChessGame>(), c960, 0, false);
        CHECK(without.errors.size() == 1);
        CHECK(without.positions == 0);
    }
}

TEST_CASE("load_perft_suite reads a file and reports unreadable lines", "[perft][suite]") {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("sen_test_suite_" + std::to_string(std::random_device{}()) + ".epd");
    {
        std::ofstream out(path);
        out << "# test suite\n"
            << START << " ;D1 20 ;D2 400\n"
            << "\n"
            << KIWIPETE << " ;D1 48\r\n"
            << POS3 << " ;D1\n"
            << POS4 << " ;D1 6 ;D2 264";  // no final newline
    }
    std::vector<std::string> errors;
    const std::vector<PerftCase> cases = load_perft_suite(path.string(), errors);
    std::filesystem::remove(path);
    REQUIRE(cases.size() == 3);
    CHECK(cases[0].fen == START);
    CHECK(cases[0].line_number == 2);
    CHECK(cases[1].fen == KIWIPETE);
    CHECK(cases[1].line_number == 4);
    CHECK(cases[1].expected == std::vector<std::pair<int, std::uint64_t>>{{1, 48}});
    CHECK(cases[2].line_number == 6);
    REQUIRE(errors.size() == 1);
    CHECK(errors.front().find("line 5") != std::string::npos);

    std::vector<std::string> missing_errors;
    CHECK(load_perft_suite((std::filesystem::temp_directory_path() / "sen_no_such_file_xyz.epd").string(), missing_errors).empty());
    REQUIRE(missing_errors.size() == 1);
    CHECK(missing_errors.front().find("cannot open") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Deep perft (core/deep_perft.h): threads and the perft hash give the plain counts

namespace {

std::uint64_t deep_total(const Position& pos, int depth, int threads, PerftHash* hash) {
    DeepPerftOptions options;
    options.threads = threads;
    options.hash = hash;
    std::uint64_t total = 0;
    for (const auto& [move, count] : ChessPerft::divide_deep(pos, depth, options)) total += count;
    return depth == 0 ? 1 : total;
}

// Every count of every position of a suite (tricky.epd unless named) up to max_depth, with
// `threads` threads and the given hash (shared by all positions: a key tells the positions apart,
// castling rights and a legal en-passant capture included).
void check_tricky_suite(int max_depth, int threads, PerftHash* hash, const char* file = "tricky.epd") {
    std::vector<std::string> errors;
    const std::vector<PerftCase> cases = load_perft_suite(std::string(SEN_SOURCE_DIR) + "/perft-suites/" + file, errors);
    REQUIRE(errors.empty());
    REQUIRE(!cases.empty());
    int checked = 0;
    for (const PerftCase& test : cases) {
        const Position pos = position_from(test.fen.c_str());
        for (const auto& [depth, expected] : test.expected) {
            if (depth > max_depth) break;
            const std::uint64_t actual = deep_total(pos, depth, threads, hash);
            if (actual != expected) {
                INFO(test.fen << "\nperft " << depth << " on " << threads << " threads: expected " << expected << ", got " << actual);
                CHECK(actual == expected);
            }
            ++checked;
        }
    }
    CHECK(checked >= (cases.size() > 100 ? 1000 : 30));
}

}  // namespace

TEST_CASE("deep perft: per-move counts equal perft_divide's, at every depth", "[perft][deep-perft]") {
    PerftHash hash(4);
    for (const char* fen : {START, KIWIPETE, POS3, POS4, POS5}) {
        Position pos = position_from(fen);
        for (int depth = 1; depth <= 4; ++depth) {
            DeepPerftOptions options;
            options.threads = 2;
            options.hash = &hash;
            int reports = 0;
            PerftProgress last;
            options.progress = [&](const PerftProgress& p) {
                ++reports;
                last = p;
            };
            const auto deep = ChessPerft::divide_deep(pos, depth, options);
            CHECK(deep == ChessPerft::divide(pos, depth));
            // The last report is the final state: every root move done, every leaf counted.
            REQUIRE(reports >= 1);
            CHECK(last.roots_done == last.roots_total);
            CHECK(last.roots_total == int(deep.size()));
            CHECK(last.nodes == ChessPerft::count(pos, depth));
        }
    }
    // A position with no legal move: no root moves, perft 0 for every depth from 1.
    const Position mated = position_from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(ChessPerft::divide_deep(mated, 3, {}).empty());
}

TEST_CASE("deep perft: threads, a perft hash and a tiny one give tricky.epd's counts", "[perft][deep-perft]") {
    SECTION("two threads, no hash") { check_tricky_suite(4, 2, nullptr); }
    SECTION("one thread, 16 MB") {
        PerftHash hash(16);
        check_tricky_suite(5, 1, &hash);
    }
    SECTION("two threads sharing 1 MB: constant replacement") {
        PerftHash hash(1);
        check_tricky_suite(5, 2, &hash);
    }
}

TEST_CASE("deep perft: every count of tricky.epd and standard.epd on two threads with a shared hash", "[perft][deep-perft][slow]") {
    PerftHash hash(64);
    check_tricky_suite(20, 2, &hash);
    check_tricky_suite(20, 2, &hash, "standard.epd");
}
