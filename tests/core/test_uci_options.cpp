// Tests of the UCI option table (core/uci_options.h) on its own, with a host that records what
// the table and the actions print: the `option` line of each type, setoption's reading of names
// and values (case, spaces, clamping, bad values changing nothing), every problem of one
// setoption on one line, and reset. The options of the real session are checked in test_uci.cpp.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/uci_options.h"
#include "core/uci_text.h"

using namespace sen;

namespace {

struct RecordingHost final : OptionHost {
    std::vector<std::string> lines;
    bool busy = false;
    int waits = 0;
    int rereads = 0;
    std::string game = "first";

    void info(std::string_view text) override { lines.push_back("info: " + std::string(text)); }
    void error(std::string_view text) override { lines.push_back("error: " + std::string(text)); }
    bool searching() const override { return busy; }
    void wait() override { ++waits; }
    std::string_view variant() const override { return game; }
    void reread_position() override { ++rereads; }

    std::vector<std::string> take() { return std::exchange(lines, {}); }
};

// Sends one setoption line (the tokens are views into it, so it is kept here).
void send(const OptionTable& table, RecordingHost& host, const std::string& line) { table.setoption(split_tokens(line), host); }

}  // namespace

TEST_CASE("OptionTable: uci lines for every type, in the order added", "[uci]") {
    OptionTable table;
    table.add(UciOption::spin("Hash", 16, 1, 65536, [](int, OptionHost&) {}));
    table.add(UciOption::check("Ponder", false, [](bool, OptionHost&) {}));
    table.add(UciOption::button("Clear Hash", [](OptionHost&) {}));
    table.add(UciOption::string("Path", "", [](const std::string&, OptionHost&) {}));
    UciOption shown = UciOption::string("Net", "<built-in>", [](const std::string&, OptionHost&) {});
    shown.shown = [] { return std::string("/tmp/net.bin"); };
    table.add(shown);
    table.add(UciOption::combo("UCI_Variant", "one", {"one", "two"}, "variant", [](const std::string&, OptionHost&) {}));
    CHECK(table.uci_lines() == std::vector<std::string>{
                                   "option name Hash type spin default 16 min 1 max 65536",
                                   "option name Ponder type check default false",
                                   "option name Clear Hash type button",
                                   "option name Path type string default <empty>",
                                   "option name Net type string default /tmp/net.bin",
                                   "option name UCI_Variant type combo default one var one var two",
                               });
}

TEST_CASE("OptionTable: setoption reads each type and applies it", "[uci]") {
    RecordingHost host;
    OptionTable table;
    int spin = -1;
    bool check = false;
    int pressed = 0;
    std::string text = "unset", combo = "unset";
    table.add(UciOption::spin("Move Overhead", 10, 0, 5000, [&](int v, OptionHost&) { spin = v; }));
    table.add(UciOption::check("Ponder", false, [&](bool v, OptionHost&) { check = v; }));
    table.add(UciOption::button("Clear Hash", [&](OptionHost&) { ++pressed; }));
    table.add(UciOption::string("Path", "", [&](const std::string& v, OptionHost&) { text = v; }));
    table.add(UciOption::combo("UCI_Variant", "one", {"one", "two"}, "variant", [&](const std::string& v, OptionHost&) { combo = v; }));

    SECTION("names in any case, with spaces; values to the end of the line") {
        send(table, host, "setoption name move  OVERHEAD value 250");
        CHECK(spin == 250);
        send(table, host, "setoption name ponder value TRUE");
        CHECK(check);
        send(table, host, "setoption name Clear Hash");
        send(table, host, "setoption name clear hash value ignored");
        CHECK(pressed == 2);
        send(table, host, "setoption name Path value /a dir/with  spaces");
        CHECK(text == "/a dir/with spaces");
        send(table, host, "setoption name Path");
        CHECK(text.empty());
        send(table, host, "setoption name uci_variant value TWO");
        CHECK(combo == "two");
        CHECK(host.take().empty());
    }
    SECTION("a spin out of range is clamped, with a note") {
        send(table, host, "setoption name Move Overhead value 99999999999999999999999");
        CHECK(spin == 5000);
        CHECK(host.take() ==
              std::vector<std::string>{"error: option Move Overhead: 99999999999999999999999 is out of range 0..5000, using 5000"});
        send(table, host, "setoption name move overhead value -3");
        CHECK(spin == 0);
        CHECK(host.take() == std::vector<std::string>{"error: option move overhead: -3 is out of range 0..5000, using 0"});
    }
    SECTION("a value that cannot be read changes nothing") {
        send(table, host, "setoption name Move Overhead value 1e3");
        send(table, host, "setoption name Move Overhead");
        send(table, host, "setoption name Ponder value yes");
        send(table, host, "setoption name UCI_Variant value three");
        CHECK(spin == -1);
        CHECK(!check);
        CHECK(combo == "unset");
        CHECK(host.take() == std::vector<std::string>{
                                 "error: option Move Overhead needs an integer value, not '1e3'; unchanged",
                                 "error: option Move Overhead needs an integer value, not ''; unchanged",
                                 "error: option Ponder needs true or false, not 'yes'; unchanged",
                                 "error: option UCI_Variant: unknown variant 'three' (one or two); unchanged",
                             });
    }
    SECTION("malformed commands and unknown names") {
        send(table, host, "setoption");
        send(table, host, "setoption Ponder value true");
        send(table, host, "setoption name");
        send(table, host, "setoption name value 3");
        send(table, host, "setoption name No Such Option value 1");
        CHECK(host.take() == std::vector<std::string>{
                                 "error: setoption needs 'name <option>'",
                                 "error: setoption needs 'name <option>'",
                                 "error: setoption needs 'name <option>'",
                                 "error: setoption needs 'name <option>'",
                                 "error: unknown option 'No Such Option'",
                             });
        CHECK(table.find("no such option") == nullptr);
        REQUIRE(table.find("PONDER") != nullptr);
        CHECK(table.find("PONDER")->name == "Ponder");
    }
}

TEST_CASE("OptionTable: an action's problems share the clamp note's line; its info lines come at once", "[uci]") {
    RecordingHost host;
    OptionTable table;
    table.add(UciOption::spin("Hash", 16, 1, 64, [](int mb, OptionHost& h) {
        h.info("trying");
        h.error(std::to_string(mb) + " MB refused");
        h.error("kept 16");
    }));
    send(table, host, "setoption name Hash value 100");
    CHECK(host.take() ==
          std::vector<std::string>{"info: trying", "error: option Hash: 100 is out of range 1..64, using 64; 64 MB refused; kept 16"});
    send(table, host, "setoption name Hash value 32");
    CHECK(host.take() == std::vector<std::string>{"info: trying", "error: 32 MB refused; kept 16"});
}

TEST_CASE("OptionTable: actions reach the session through the host; reset runs every reset", "[uci]") {
    RecordingHost host;
    OptionTable table;
    int resets = 0;
    UciOption o = UciOption::check("Flag", false, [](bool, OptionHost& h) {
        if (h.searching()) {
            h.error("not now");
            return;
        }
        h.wait();
        if (h.variant() == "first") h.reread_position();
    });
    o.reset = [&] { ++resets; };
    table.add(o);
    table.add(UciOption::button("Button", [](OptionHost&) {}));
    table.reset();
    CHECK(resets == 1);
    send(table, host, "setoption name Flag value true");
    CHECK(host.waits == 1);
    CHECK(host.rereads == 1);
    host.game = "second";
    send(table, host, "setoption name Flag value false");
    CHECK(host.rereads == 1);
    host.busy = true;
    send(table, host, "setoption name Flag value true");
    CHECK(host.take() == std::vector<std::string>{"error: not now"});
    CHECK(host.waits == 2);
}
