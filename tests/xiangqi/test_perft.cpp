// Tests of perft (core/perft.h) over the xiangqi generator and the xiangqi mode of perft_suite.h: node counts confirmed with
// Fairy-Stockfish 11.1 (`go perft` with UCI_Variant xiangqi), perft_divide, and the quick
// suite file. Deep counts are tagged [slow].
#include <catch2/catch.hpp>

#include <numeric>

#include "core/deep_perft.h"
#include "core/perft.h"
#include "tools/perft_suite.h"
#include "xiangqi/game.h"
#include "xiangqi/test_util.h"

using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

using XiangqiPerft = sen::Perft<XiangqiGame>;

namespace {

// Checks perft at each (depth, nodes); a mismatch prints the divide.
void check_perft(const char* fen, std::initializer_list<std::pair<int, std::uint64_t>> expected) {
    Position pos = position_from(fen);
    const std::string fen_before = pos.fen();
    const Key key_before = pos.key();
    for (const auto& [depth, nodes] : expected) {
        const std::uint64_t actual = XiangqiPerft::count(pos, depth);
        std::string divide;
        if (actual != nodes)
            for (const auto& [move, count] : XiangqiPerft::divide(pos, depth)) divide += coord(move) + ": " + std::to_string(count) + "\n";
        INFO(fen << "\nperft " << depth << ": expected " << nodes << ", got " << actual << "\ndivide:\n" << divide);
        CHECK(actual == nodes);
        REQUIRE(pos.fen() == fen_before);
        REQUIRE(pos.key() == key_before);
    }
}

}  // namespace

TEST_CASE("xiangqi perft: start position to depth 4", "[xiangqi][perft]") {
    check_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                {{0, 1}, {1, 44}, {2, 1920}, {3, 79666}, {4, 3290240}});
}

TEST_CASE("xiangqi perft: start position depth 5", "[xiangqi][perft][slow]") {
    check_perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", {{5, 133312995}});
}

TEST_CASE("xiangqi perft: middlegames and endings", "[xiangqi][perft]") {
    // Crossed soldiers on both sides, cannons on open files.
    check_perft("2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20", {{1, 26}, {2, 917}, {3, 25217}});
    // Central cannon against screen horses, Black to move.
    check_perft("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2", {{1, 39}, {2, 1243}, {3, 49636}});
    // Each horse screens the other side's cannon; Red in check.
    check_perft("4k4/9/9/9/9/9/5n3/9/c2N1K3/4C4 w - - 0 1", {{1, 9}, {2, 170}, {3, 2863}, {4, 62339}});
    check_perft("3ak4/4a4/4b4/9/2n6/9/4c4/2R6/4C4/3AK4 w - - 0 30", {{1, 11}, {2, 281}, {3, 7768}, {4, 202756}});
}

TEST_CASE("xiangqi perft: deeper middlegame counts", "[xiangqi][perft][slow]") {
    check_perft("2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20", {{4, 895608}});
    check_perft("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2", {{4, 1644725}});
}

TEST_CASE("xiangqi perft_divide: one entry per legal move, summing to perft", "[xiangqi][perft]") {
    Position pos;
    const auto divide = XiangqiPerft::divide(pos, 3);
    CHECK(divide.size() == 44);
    const std::uint64_t total =
        std::accumulate(divide.begin(), divide.end(), std::uint64_t(0), [](std::uint64_t s, const auto& e) { return s + e.second; });
    CHECK(total == 79666);
    for (const auto& [move, count] : divide) {
        pos.make_move(move);
        CHECK(XiangqiPerft::count(pos, 2) == count);
        pos.unmake_move();
    }
    // Two root moves' counts as Fairy-Stockfish divides them.
    const auto count_of = [&](const char* text) {
        const auto it = std::find_if(divide.begin(), divide.end(), [&](const auto& e) { return coord(e.first) == text; });
        REQUIRE(it != divide.end());
        return it->second;
    };
    CHECK(count_of("h3e3") == 1564);
    CHECK(count_of("b1c3") == 1707);
}

TEST_CASE("xiangqi perft suite: the quick suite file runs without a mismatch", "[xiangqi][perft]") {
    std::vector<std::string> errors;
    const std::vector<sen::PerftCase> cases =
        sen::load_perft_suite(std::string(SEN_SOURCE_DIR) + "/perft-suites/xiangqi-quick.epd", errors);
    CHECK(errors.empty());
    REQUIRE(cases.size() >= 100);
    const sen::PerftSuiteResult result = sen::run_perft_suite(sen::game_id<XiangqiGame>(), cases, 0, false);
    CHECK(result.mismatches.empty());
    CHECK(result.errors.empty());
    CHECK(result.positions == int(cases.size()));

    // A wrong count is reported with the divide in xiangqi move text.
    std::vector<sen::PerftCase> wrong = {cases.front()};
    wrong[0].expected = {{1, 45}};
    const sen::PerftSuiteResult bad = sen::run_perft_suite(sen::game_id<XiangqiGame>(), wrong, 0, false);
    REQUIRE(bad.mismatches.size() == 1);
    CHECK(bad.mismatches[0].actual == 44);
    CHECK(bad.mismatches[0].divide.find("h3e3: 1\n") != std::string::npos);
    // A chess FEN is an error for the xiangqi runner.
    std::vector<sen::PerftCase> chess = {cases.front()};
    chess[0].fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    CHECK(sen::run_perft_suite(sen::game_id<XiangqiGame>(), chess, 0, false).errors.size() == 1);
}

TEST_CASE("xiangqi deep perft: threads and a tiny perft hash give the quick suite's counts", "[xiangqi][perft][deep-perft]") {
    std::vector<std::string> errors;
    const std::vector<sen::PerftCase> cases =
        sen::load_perft_suite(std::string(SEN_SOURCE_DIR) + "/perft-suites/xiangqi-quick.epd", errors);
    REQUIRE(errors.empty());
    sen::PerftHash hash(1);
    sen::DeepPerftOptions options;
    options.threads = 2;
    options.hash = &hash;
    int checked = 0;
    for (std::size_t i = 0; i < cases.size(); i += 8) {
        const Position pos = position_from(cases[i].fen);
        for (const auto& [depth, expected] : cases[i].expected) {
            std::uint64_t total = 0;
            for (const auto& [move, count] : XiangqiPerft::divide_deep(pos, depth, options)) total += count;
            INFO(cases[i].fen << "\nperft " << depth);
            CHECK(total == expected);
            ++checked;
        }
    }
    CHECK(checked > 50);
    // The start position at depth 4, also without the hash.
    const Position start = position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    options.hash = nullptr;
    std::uint64_t total = 0;
    for (const auto& [move, count] : XiangqiPerft::divide_deep(start, 4, options)) total += count;
    CHECK(total == 3290240);
}
