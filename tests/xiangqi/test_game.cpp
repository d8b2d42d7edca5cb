// Tests of the xiangqi game's hooks for the shared search (game.h): the key the static-eval
// correction table is indexed by. It must change with what it hashes and with nothing else,
// on both halves of the 90-square board. Then the game's rule options (games.cpp, rules.h)
// through a UCI session.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/uci.h"
#include "games.h"
#include "xiangqi/game.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {
constexpr const char* START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
// Red's right horse out, Black to move; and a red soldier one step on.
constexpr const char* HORSE_OUT_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R b - - 1 1";
constexpr const char* SOLDIER_ON_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 1 1";
}  // namespace

TEST_CASE("xiangqi pawn_structure_key follows the soldiers alone", "[game][correction]") {
    CHECK(XiangqiGame::pawn_structure_key(position_from(START_FEN)) == XiangqiGame::pawn_structure_key(position_from(HORSE_OUT_FEN)));
    CHECK(XiangqiGame::pawn_structure_key(position_from(START_FEN)) != XiangqiGame::pawn_structure_key(position_from(SOLDIER_ON_FEN)));
}

namespace {

// The `Rules:` line of the session's `d`.
std::string rules_line(UciSession& session, std::vector<std::string>& lines) {
    lines.clear();
    session.handle_line("d");
    for (const std::string& text : lines) {
        const std::size_t at = text.find("Rules: ");
        if (at != std::string::npos) return text.substr(at, text.find('\n', at) - at);
    }
    return "no Rules line";
}

}  // namespace

TEST_CASE("xiangqi rule options: Repetition Rule and Move Limit are each session's own", "[game][uci]") {
    std::vector<std::string> lines;
    Output out{[&lines](std::string_view text) { lines.emplace_back(text); }};
    std::vector<std::string> other_lines;
    Output other_out{[&other_lines](std::string_view text) { other_lines.emplace_back(text); }};
    UciSession session(out, uci_setup());
    // A second engine of the same game in the same process, on the standard rules.
    UciSession other(other_out, uci_setup());
    for (UciSession* s : {&session, &other}) s->handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("setoption name Repetition Rule value Computer");
    session.handle_line("setoption name Move Limit value 40");
    CHECK(lines.empty());
    CHECK(rules_line(session, lines) == "Rules: computer repetition rules, no-capture limit 80 plies");
    CHECK(rules_line(other, other_lines) == "Rules: asian repetition rules, no-capture limit 120 plies");
    // The rules hold for every position the session sets, and across a switch of game.
    session.handle_line("position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 moves e2f2");
    session.handle_line("setoption name UCI_Variant value chess");
    session.handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("position startpos");
    CHECK(rules_line(session, lines) == "Rules: computer repetition rules, no-capture limit 80 plies");
    // Bad values change nothing.
    lines.clear();
    session.handle_line("setoption name Repetition Rule value chinese");
    session.handle_line("setoption name Move Limit value many");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "info string error: option Repetition Rule: unknown repetition rule 'chinese' (asian or computer); unchanged");
    CHECK(lines[1].rfind("info string error: ", 0) == 0);
    CHECK(rules_line(session, lines) == "Rules: computer repetition rules, no-capture limit 80 plies");
    session.handle_line("setoption name Move Limit value 0");
    CHECK(rules_line(session, lines) == "Rules: computer repetition rules, no-capture limit none");
    CHECK(rules_line(other, other_lines) == "Rules: asian repetition rules, no-capture limit 120 plies");
    session.handle_line("quit");
    other.handle_line("quit");
}
