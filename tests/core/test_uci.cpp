// Tests of the UCI front-end's parsers, in process: split_tokens (every kind of blank separates
// tokens) and parse_go (each field, bad values reported and left absent, searchmoves taking the
// rest of the line). Sessions with the engine's games are tested in tests/games/; the option
// table alone in test_uci_options.cpp; the protocol as a whole through the real binary by the
// tests under tests/protocol/.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/go_params.h"
#include "core/uci.h"

using namespace sen;

namespace {

std::vector<std::string> as_strings(const std::vector<std::string_view>& tokens) { return {tokens.begin(), tokens.end()}; }

struct Parsed {
    GoParams go;
    std::vector<std::string> errors;
};

// Parses a whole `go ...` line; the strings must outlive the views, so the line is kept here.
Parsed go(const std::string& line) {
    Parsed p;
    p.go = parse_go(split_tokens(line), p.errors);
    return p;
}

bool nothing_set(const GoParams& g) {
    return !g.time[0] && !g.time[1] && !g.increment[0] && !g.increment[1] && !g.movestogo && !g.depth && !g.nodes && !g.mate &&
           !g.movetime && !g.infinite && !g.ponder && g.searchmoves.empty();
}

bool mentions(const std::vector<std::string>& errors, std::string_view word) {
    for (const std::string& e : errors)
        if (e.find(word) != std::string::npos) return true;
    return false;
}

constexpr std::int64_t I64_MAX = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t I64_MIN = std::numeric_limits<std::int64_t>::min();

}  // namespace

TEST_CASE("split_tokens separates on spaces, tabs, CR and NUL", "[uci]") {
    CHECK(split_tokens("").empty());
    CHECK(split_tokens("   \t \r").empty());
    CHECK(split_tokens(std::string_view("\0\0", 2)).empty());
    CHECK(as_strings(split_tokens("isready")) == std::vector<std::string>{"isready"});
    CHECK(as_strings(split_tokens("  go \t depth   5\r")) == std::vector<std::string>{"go", "depth", "5"});
    CHECK(as_strings(split_tokens("position\tstartpos\t\tmoves e2e4\r\n")) ==
          std::vector<std::string>{"position", "startpos", "moves", "e2e4"});
    const std::string with_nul("is\0ready", 8);
    CHECK(as_strings(split_tokens(with_nul)) == std::vector<std::string>{"is", "ready"});
    CHECK(as_strings(split_tokens("\risready")) == std::vector<std::string>{"isready"});
}

TEST_CASE("split_tokens returns views into the line", "[uci]") {
    const std::string line = "setoption name Move Overhead value 10";
    const auto tokens = split_tokens(line);
    REQUIRE(tokens.size() == 6);
    CHECK(tokens[3].data() == line.data() + 20);
    CHECK(tokens[5] == "10");
}

TEST_CASE("split_tokens handles a long line", "[uci]") {
    std::string line = "position startpos moves";
    for (int i = 0; i < 4000; ++i) line += " g1f3";
    CHECK(split_tokens(line).size() == 4003);
}

TEST_CASE("parse_go: no fields", "[uci]") {
    const Parsed p = go("go");
    CHECK(p.errors.empty());
    CHECK(nothing_set(p.go));
}

TEST_CASE("parse_go reads each field", "[uci]") {
    SECTION("clocks and increments") {
        const Parsed p = go("go wtime 60000 btime 50000 winc 1000 binc 900");
        CHECK(p.errors.empty());
        CHECK(p.go.time_for(Color::White) == 60000);
        CHECK(p.go.time_for(Color::Black) == 50000);
        CHECK(p.go.increment_for(Color::White) == 1000);
        CHECK(p.go.increment_for(Color::Black) == 900);
        CHECK(!p.go.movestogo);
        CHECK(!p.go.depth);
    }
    SECTION("movestogo") {
        CHECK(go("go wtime 1000 movestogo 40").go.movestogo == 40);
        CHECK(go("go wtime 1000 movestogo 1").go.movestogo == 1);
    }
    SECTION("depth") {
        const Parsed p = go("go depth 12");
        CHECK(p.errors.empty());
        CHECK(p.go.depth == 12);
        CHECK(!p.go.infinite);
    }
    SECTION("nodes") { CHECK(go("go nodes 1000000").go.nodes == 1000000u); }
    SECTION("mate") { CHECK(go("go mate 3").go.mate == 3); }
    SECTION("movetime") { CHECK(go("go movetime 2500").go.movetime == 2500); }
    SECTION("infinite") {
        const Parsed p = go("go infinite");
        CHECK(p.errors.empty());
        CHECK(p.go.infinite);
        CHECK(!p.go.ponder);
    }
    SECTION("ponder") {
        const Parsed p = go("go ponder wtime 1000 btime 1000");
        CHECK(p.errors.empty());
        CHECK(p.go.ponder);
        CHECK(p.go.time_for(Color::White) == 1000);
    }
    SECTION("perft is known (run by the session, not a search limit)") {
        const Parsed p = go("go perft 3");
        CHECK(p.errors.empty());
        CHECK(!p.go.depth);
    }
}

TEST_CASE("parse_go takes fields in any order and any case", "[uci]") {
    const Parsed p = go("go DEPTH 5 movetime 2000 wtime 60000 Btime 60000 winc 0 binc 0");
    CHECK(p.errors.empty());
    CHECK(p.go.depth == 5);
    CHECK(p.go.movetime == 2000);
    CHECK(p.go.time_for(Color::White) == 60000);
    CHECK(p.go.time_for(Color::Black) == 60000);
    CHECK(p.go.increment_for(Color::White) == 0);
    const Parsed q = go("go binc 5 depth 3 infinite");
    CHECK(q.go.increment_for(Color::Black) == 5);
    CHECK(q.go.depth == 3);
    CHECK(q.go.infinite);
    CHECK(!q.go.increment_for(Color::White));
}

TEST_CASE("parse_go keeps zero, negative and 64-bit clocks", "[uci]") {
    CHECK(go("go wtime 0 btime 0").go.time_for(Color::White) == 0);
    CHECK(go("go wtime -500").go.time_for(Color::White) == -500);
    CHECK(go("go btime 9223372036854775807").go.time_for(Color::Black) == I64_MAX);
    CHECK(go("go wtime -9223372036854775808").go.time_for(Color::White) == I64_MIN);
    // Beyond 64 bits a clock saturates instead of being dropped.
    const Parsed p = go("go wtime 99999999999999999999");
    CHECK(p.errors.empty());
    CHECK(p.go.time_for(Color::White) == I64_MAX);
    CHECK(go("go wtime +100").go.time_for(Color::White) == 100);
    CHECK(go("go winc -10").go.increment_for(Color::White) == -10);
}

TEST_CASE("parse_go: movestogo zero, negative and huge", "[uci]") {
    const Parsed zero = go("go wtime 1000 movestogo 0");
    CHECK(zero.errors.empty());
    REQUIRE(zero.go.movestogo);
    CHECK(*zero.go.movestogo <= 0);
    const Parsed negative = go("go wtime 1000 movestogo -3");
    REQUIRE(negative.go.movestogo);
    CHECK(*negative.go.movestogo <= 0);
    const Parsed huge = go("go wtime 1000 movestogo 99999999999");
    REQUIRE(huge.go.movestogo);
    CHECK(*huge.go.movestogo > 0);
}

TEST_CASE("parse_go: bad values give an error and stay absent", "[uci]") {
    SECTION("not a number") {
        const Parsed p = go("go wtime abc depth 2");
        REQUIRE(p.errors.size() == 1);
        CHECK(mentions(p.errors, "wtime"));
        CHECK(!p.go.time_for(Color::White));
        CHECK(p.go.depth == 2);
    }
    SECTION("negative or zero depth") {
        for (const std::string line : {"go depth -3", "go depth 0"}) {
            const Parsed p = go(line);
            CHECK(p.errors.size() == 1);
            CHECK(mentions(p.errors, "depth"));
            CHECK(!p.go.depth);
        }
    }
    SECTION("value missing at the end") {
        const Parsed p = go("go movetime 100 nodes");
        REQUIRE(p.errors.size() == 1);
        CHECK(mentions(p.errors, "nodes"));
        CHECK(!p.go.nodes);
        CHECK(p.go.movetime == 100);
    }
    SECTION("value missing before the next field") {
        const Parsed p = go("go wtime depth 5");
        REQUIRE(p.errors.size() == 1);
        CHECK(mentions(p.errors, "wtime"));
        CHECK(!p.go.time_for(Color::White));
        CHECK(p.go.depth == 5);
        const Parsed q = go("go movetime infinite");
        CHECK(q.errors.size() == 1);
        CHECK(!q.go.movetime);
        CHECK(q.go.infinite);
    }
    SECTION("other malformed numbers") {
        for (const char* field : {"wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime"}) {
            for (const char* bad : {"1e3", "12ms", "1.5", "-", "+", "0x10", "--1"}) {
                const Parsed p = go(std::string("go ") + field + " " + bad);
                INFO(field << " " << bad);
                CHECK(p.errors.size() == 1);
                CHECK(mentions(p.errors, field));
                CHECK(nothing_set(p.go));
            }
        }
    }
    SECTION("nodes and mate below 1") {
        CHECK(!go("go nodes -5").go.nodes);
        CHECK(!go("go nodes 0").go.nodes);
        CHECK(!go("go mate 0").go.mate);
        CHECK(mentions(go("go mate -1").errors, "mate"));
    }
    SECTION("perft depth out of range") {
        CHECK(mentions(go("go perft 0").errors, "perft"));
        CHECK(mentions(go("go perft 99").errors, "perft"));
        CHECK(mentions(go("go perft x").errors, "perft"));
    }
    SECTION("unknown parameters are reported and skipped") {
        const Parsed p = go("go foo depth 4 bar");
        CHECK(p.errors.size() == 2);
        CHECK(mentions(p.errors, "foo"));
        CHECK(mentions(p.errors, "bar"));
        CHECK(p.go.depth == 4);
    }
}

TEST_CASE("parse_go clamps limits above their maximum", "[uci]") {
    const Parsed p = go("go depth 1000 nodes 99999999999999999999 mate 1000");
    CHECK(p.errors.empty());
    REQUIRE(p.go.depth);
    CHECK(*p.go.depth >= 100);
    CHECK(*p.go.depth < 1000);
    CHECK(p.go.nodes == std::uint64_t(I64_MAX));
    REQUIRE(p.go.mate);
    CHECK(*p.go.mate < 1000);
}

TEST_CASE("parse_go: searchmoves takes the rest of the line", "[uci]") {
    SECTION("moves at the end") {
        const Parsed p = go("go depth 5 searchmoves e2e4 d2d4");
        CHECK(p.errors.empty());
        CHECK(p.go.depth == 5);
        CHECK(p.go.searchmoves == std::vector<std::string>{"e2e4", "d2d4"});
    }
    SECTION("what follows is moves, even field names") {
        const Parsed p = go("go searchmoves g1f3 depth 3");
        CHECK(p.errors.empty());
        CHECK(!p.go.depth);
        CHECK(p.go.searchmoves == std::vector<std::string>{"g1f3", "depth", "3"});
    }
    SECTION("the null move and illegal text are kept for the engine to ignore") {
        CHECK(go("go searchmoves 0000").go.searchmoves == std::vector<std::string>{"0000"});
        CHECK(go("go infinite searchmoves e2e5 a2a3").go.searchmoves == std::vector<std::string>{"e2e5", "a2a3"});
    }
    SECTION("empty list") {
        const Parsed p = go("go movetime 10 searchmoves");
        CHECK(p.errors.empty());
        CHECK(p.go.searchmoves.empty());
        CHECK(p.go.movetime == 10);
    }
}

TEST_CASE("info_line writes a report as UCI's info line, wdl and tbhits only when the report has them", "[uci]") {
    TextReport r;
    r.depth = 9;
    r.seldepth = 14;
    r.multipv = 2;
    r.score = 37;
    r.nodes = 48000;
    r.time_ms = 16;
    r.hashfull = 3;
    r.pv = {"e2e4", "e7e5"};
    CHECK(info_line(r) == "info depth 9 seldepth 14 multipv 2 score cp 37 nodes 48000 nps 3000000 hashfull 3 time 16 pv e2e4 e7e5");
    r.bound = Bound::Lower;
    r.wdl = Wdl{120, 850, 30};
    r.tbhits = 5;
    CHECK(info_line(r) ==
          "info depth 9 seldepth 14 multipv 2 score cp 37 lowerbound wdl 120 850 30 nodes 48000 nps 3000000 hashfull 3 tbhits 5 time 16 "
          "pv e2e4 e7e5");
    r.bound = Bound::Upper;
    r.time_ms = 0;  // no time measured: nps 0
    r.wdl.reset();
    r.tbhits.reset();
    r.pv.clear();
    CHECK(info_line(r) == "info depth 9 seldepth 14 multipv 2 score cp 37 upperbound nodes 48000 nps 0 hashfull 3 time 0 pv");
}
