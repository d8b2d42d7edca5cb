// Tests of progress_line.h: the text of the status line, and that a disabled line writes nothing.
#include <catch2/catch.hpp>

#include "tools/progress_line.h"

using namespace sen;

TEST_CASE("progress line: durations and the status text", "[progress]") {
    CHECK(format_duration(0) == "0:00");
    CHECK(format_duration(59.4) == "0:59");
    CHECK(format_duration(61) == "1:01");
    CHECK(format_duration(3600 + 2 * 60 + 3) == "1:02:03");
    CHECK(format_duration(-5) == "0:00");
    CHECK(progress_text("perft 8", 5, 20, "moves", 2000000000, 4.0, 12.0) ==
          "perft 8: 5/20 moves, 2000000000 nodes, 500.0 Mnps, 0:04 elapsed, ~0:12 left");
    CHECK(progress_text("perft 8", 0, 20, "moves", 0, 0.0, -1) == "perft 8: 0/20 moves, 0 nodes, 0.0 Mnps, 0:00 elapsed, ? left");
}

TEST_CASE("progress line: a disabled line stays off", "[progress]") {
    ProgressLine line(false);
    CHECK(!line.enabled());
    line.show("not shown", true);
    line.clear();
}
