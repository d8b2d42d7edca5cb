// Tests of UCI sessions in process with the engine's own games (src/games.h: chess and xiangqi
// behind the UCI front-end): the `uci` answer, games handed in by the setup, Chess960 castling in
// searchmoves, UCI_Variant (perft, d, and short searches across repeated switches) and EvalFile.
// The front-end's parsers are tested in tests/core/test_uci.cpp; the protocol as a whole through
// the real binary by the tests under tests/protocol/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "captured_output.h"
#include "chess/engine.h"
#include "chess/nnue.h"
#include "core/game_front_for.h"
#include "core/go_params.h"
#include "core/uci.h"
#include "core/version.h"
#include "games.h"
#include "nnue/shared_network.h"
#include "xiangqi/engine.h"
#include "xiangqi/nnue.h"

using namespace sen;
using namespace sen::chess;

namespace {

// A session whose output lines are kept for inspection.
using Captured = test::CapturedOutput;

std::string fen_line(const std::vector<std::string>& lines) {
    for (const std::string& l : lines)
        if (l.rfind("Fen: ", 0) == 0) return l.substr(5);
    return "";
}

// Sends a go command and returns the move of its bestmove line (the search runs on the engine's
// thread).
std::string bestmove(UciSession& session, Captured& c, const std::string& go) {
    session.handle_line(go);
    for (int waited_ms = 0; waited_ms < 20000; waited_ms += 5) {
        for (const std::string& l : c.take())
            if (l.rfind("bestmove ", 0) == 0) return std::string(split_tokens(l).at(1));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "no bestmove";
}

}  // namespace

TEST_CASE("UciSession: the uci answer, every option once in its place with its default", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("uci");
    CHECK(c.take() == std::vector<std::string>{
                          fmt::format("id name {}", ENGINE_NAME_AND_VERSION),  // tests/games/test_version.cpp
                          "id author the Sen developers",
                          "option name Hash type spin default 16 min 1 max 65536",
                          "option name Threads type spin default 1 min 1 max 256",
                          "option name MultiPV type spin default 1 min 1 max 256",
                          "option name Ponder type check default false",
                          "option name Move Overhead type spin default 10 min 0 max 5000",
                          "option name Clear Hash type button",
                          "option name UCI_ShowWDL type check default false",
                          "option name UCI_LimitStrength type check default false",
                          "option name UCI_Elo type spin default 1350 min 1350 max 2850",
                          "option name OwnBook type check default true",
                          "option name BookFile type string default <empty>",
                          "option name EvalFile type string default <built-in>",
                          "option name UCI_Chess960 type check default false",
                          "option name SyzygyPath type string default <empty>",
                          "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                          "option name Syzygy50MoveRule type check default true",
                          "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
                          "option name Repetition Rule type combo default asian var asian var computer",
                          "option name Move Limit type spin default 60 min 0 max 1000",
                          "option name UCI_Variant type combo default chess var chess var xiangqi",
                          "uciok",
                      });
    session.handle_line("quit");
}

TEST_CASE("UciSession: the games come from the setup, the first being the default variant", "[uci]") {
    Captured c;
    UciSetup setup;
    GameEntry xiangqi_entry, chess_entry;
    xiangqi_entry.variant = std::string(xiangqi::XiangqiGame::NAME);
    xiangqi_entry.make_front = [] { return std::make_unique<GameFrontFor<xiangqi::XiangqiGame>>(); };
    chess_entry.variant = std::string(ChessGame::NAME);
    chess_entry.make_front = [] { return std::make_unique<GameFrontFor<ChessGame>>(); };
    setup.games.push_back(std::move(xiangqi_entry));
    setup.games.push_back(std::move(chess_entry));
    setup.help = "no help here";
    UciSession session(c.out, std::move(setup));
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    session.handle_line("help");
    CHECK(c.take() == std::vector<std::string>{"no help here"});
    session.handle_line("uci");
    std::vector<std::string> lines = c.take();
    CHECK(std::find(lines.begin(), lines.end(), "option name UCI_Variant type combo default xiangqi var xiangqi var chess") != lines.end());
    CHECK(std::none_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("UCI_Chess960") != std::string::npos; }));
    session.handle_line("setoption name UCI_Chess960 value true");
    CHECK(c.take() == std::vector<std::string>{"info string error: unknown option 'UCI_Chess960'"});
    session.handle_line("setoption name UCI_Variant value chess");
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    session.handle_line("quit");
}

TEST_CASE("UciSession: a Chess960 castling in searchmoves is read as king takes rook", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("setoption name UCI_Chess960 value true");
    // Ra8 mates at once; searchmoves asks for castling short instead.
    session.handle_line("position fen 6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1");
    CHECK(c.take().empty());
    CHECK(bestmove(session, c, "go depth 3 searchmoves e1h1") == "e1h1");
    CHECK(bestmove(session, c, "go depth 3 searchmoves a1a8") == "a1a8");
    session.handle_line("setoption name UCI_Chess960 value false");
    CHECK(bestmove(session, c, "go depth 3 searchmoves e1g1") == "e1g1");
    session.handle_line("quit");
}

TEST_CASE("UciSession: go perft at Threads 2 counts on two threads with a perft hash of Hash MB, same lines", "[uci][perft]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    const auto perft_lines = [&](const std::string& command) {
        session.handle_line(command);
        return c.take();
    };
    session.handle_line("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const std::vector<std::string> plain = perft_lines("go perft 3");
    CHECK(std::find(plain.begin(), plain.end(), "Nodes searched: 97862") != plain.end());
    session.handle_line("setoption name Threads value 2");
    session.handle_line("setoption name Hash value 16");
    CHECK(perft_lines("go perft 3") == plain);  // every per-move line, in the same order
    CHECK(perft_lines("perft 3") == plain);
    session.handle_line("setoption name UCI_Variant value xiangqi");
    const std::vector<std::string> xiangqi = perft_lines("go perft 3");
    CHECK(std::find(xiangqi.begin(), xiangqi.end(), "Nodes searched: 79666") != xiangqi.end());
    session.handle_line("quit");
}

TEST_CASE("UciSession: UCI_Variant switches the game, its start position and its move text", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

    session.handle_line("setoption name UCI_Variant value xiangqi");
    CHECK(c.take().empty());
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    session.handle_line("go perft 1");
    std::vector<std::string> lines = c.take();
    CHECK(std::find(lines.begin(), lines.end(), "Nodes searched: 44") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "h3e3: 1") != lines.end());
    session.handle_line("position startpos moves h3e3 h10g8 h1g3");
    CHECK(c.take().empty());
    session.handle_line("go perft 1");
    lines = c.take();
    CHECK(std::find(lines.begin(), lines.end(), "g8h10: 1") != lines.end());  // the horse goes back
    session.handle_line("position startpos moves h3e3 h10g8");
    CHECK(c.take().empty());

    // A chess move in xiangqi: refused, position unchanged.
    session.handle_line("position startpos moves e2e4");
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string error: ", 0) == 0);
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");

    // Setting the active variant again keeps the position; an unknown one is refused.
    session.handle_line("setoption name UCI_Variant value XIANGQI");
    session.handle_line("setoption name UCI_Variant value shogi");
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("unknown variant") != std::string::npos);
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");

    session.handle_line("setoption name UCI_Variant value chess");
    session.handle_line("position startpos moves e2e4");
    CHECK(c.take().empty());
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("UciSession: a game taken up again after a switch starts afresh", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("position startpos moves e2e4 e7e5");
    session.handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("position startpos moves h3e3");
    session.handle_line("setoption name UCI_Variant value chess");
    CHECK(c.take().empty());
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    session.handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("d");
    CHECK(fen_line(c.take()) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");

    // Searches still run in both games, several switches on (each game's engine is kept aside
    // while the other plays), and every go gets its one bestmove.
    for (int round = 0; round < 3; ++round) {
        for (const char* variant : {"chess", "xiangqi"}) {
            session.handle_line(std::string("setoption name UCI_Variant value ") + variant);
            session.handle_line("go depth 3");
            std::vector<std::string> lines;
            const auto has_bestmove = [&] {
                return std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; });
            };
            // The search runs on the engine's thread: wait for its answer (depth 3 takes milliseconds).
            for (int waited_ms = 0; !has_bestmove() && waited_ms < 10000; waited_ms += 5) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                for (std::string& l : c.take()) lines.push_back(std::move(l));
            }
            session.handle_line("isready");
            for (std::string& l : c.take()) lines.push_back(std::move(l));
            CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }) == 1);
            CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("info string error", 0) == 0; }) ==
                  0);
            CHECK(lines.back() == "readyok");
        }
    }
}

TEST_CASE("UciSession: EvalFile starts on the built-in network, loads a file, refuses a bad one, and <empty> goes back", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    const auto path = std::filesystem::temp_directory_path() / ("sen_test_uci_" + std::to_string(std::random_device{}()) + ".nnue");
    // A network whose only weight is the output bias: every position is worth 2 * SCALE.
    nnue::Network net{};
    net.w1.fill(0);
    net.b1.fill(0);
    net.w2.fill(0);
    net.b2.fill(2 * nnue::QA * nnue::QB);
    std::ofstream(path, std::ios::binary) << nnue::serialise_network(net);
    // The engine's evaluator is the session's to see through `eval` alone: the built-in network
    // scores the start position so.
    const int built_in_raw = nnue::evaluate_fresh(Position(), *nnue::built_in_network());
    const std::string built_in_line =
        fmt::format("network: {} cp (side to move; {} in", chess::WDL_MODEL.normalised(built_in_raw), built_in_raw);

    const auto eval_lines = [&] {
        session.handle_line("eval");
        return c.take();
    };
    const auto has_prefix = [](const std::vector<std::string>& lines, std::string_view prefix) {
        return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
    };
    const auto has_line = [](const std::vector<std::string>& lines, const std::string& line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    CHECK(has_prefix(eval_lines(), built_in_line));
    session.handle_line("uci");
    CHECK(has_line(c.take(), "option name EvalFile type string default <built-in>"));

    session.handle_line("setoption name EvalFile value <empty>");
    CHECK(c.take() == std::vector<std::string>{"info string EvalFile: evaluating chess with the hand-written evaluation"});
    CHECK_FALSE(has_prefix(eval_lines(), "network"));
    session.handle_line("uci");
    CHECK(has_line(c.take(), "option name EvalFile type string default <empty>"));

    session.handle_line("setoption name EvalFile value " + path.string() + ".missing");
    std::vector<std::string> lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string error: option EvalFile", 0) == 0);
    CHECK_FALSE(has_prefix(eval_lines(), "network"));

    session.handle_line("setoption name EvalFile value " + path.string());
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string EvalFile:", 0) == 0);
    CHECK(has_prefix(eval_lines(),
                     fmt::format("network: {} cp (side to move; {} in", chess::WDL_MODEL.normalised(2 * nnue::SCALE), 2 * nnue::SCALE)));
    session.handle_line("uci");
    CHECK(has_line(c.take(), "option name EvalFile type string default " + path.string()));
    // A search runs on it (the score is the network's constant, up to the search's adjustments).
    session.handle_line("go depth 2");
    session.handle_line("quit");
    lines = c.take();
    CHECK(has_prefix(lines, "bestmove "));

    // A broken file leaves the loaded network in place.
    std::ofstream(path, std::ios::binary) << "not a network";
    session.handle_line("setoption name EvalFile value " + path.string());
    CHECK(c.take().size() == 1);
    CHECK(has_prefix(eval_lines(),
                     fmt::format("network: {} cp (side to move; {} in", chess::WDL_MODEL.normalised(2 * nnue::SCALE), 2 * nnue::SCALE)));

    session.handle_line("setoption name EvalFile value <built-in>");
    CHECK(c.take() == std::vector<std::string>{"info string EvalFile: evaluating chess with the built-in network"});
    CHECK(has_prefix(eval_lines(), built_in_line));
    std::filesystem::remove(path);
}

TEST_CASE("UciSession: EvalFile in xiangqi loads a xiangqi network, refuses a chess one, and leaves chess's alone", "[uci][xiangqi]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    const std::string tag = std::to_string(std::random_device{}());
    const auto xq_path = std::filesystem::temp_directory_path() / ("sen_test_uci_xq_" + tag + ".nnue");
    const auto chess_path = std::filesystem::temp_directory_path() / ("sen_test_uci_chess_" + tag + ".nnue");
    // Networks whose only weight is the output bias: every position is worth 3 (2) * SCALE.
    auto xq_net = std::make_unique<xiangqi::nnue::Network>();
    xq_net->w1.fill(0);
    xq_net->b1.fill(0);
    xq_net->w2.fill(0);
    xq_net->b2.fill(3 * nnue::QA * nnue::QB);
    std::ofstream(xq_path, std::ios::binary) << sen::nn::serialise_network(*xq_net);
    auto chess_net = std::make_unique<nnue::Network>();
    chess_net->w1.fill(0);
    chess_net->b1.fill(0);
    chess_net->w2.fill(0);
    chess_net->b2.fill(2 * nnue::QA * nnue::QB);
    std::ofstream(chess_path, std::ios::binary) << sen::nn::serialise_network(*chess_net);
    const auto eval_first_line = [&] {
        session.handle_line("eval");
        const std::vector<std::string> lines = c.take();
        return lines.empty() ? std::string() : lines.front();
    };

    session.handle_line("setoption name UCI_Variant value xiangqi");
    c.take();
    const bool built_in = xiangqi::nnue::built_in_network() != nullptr;
    const std::string before = eval_first_line();
    CHECK((before.rfind("network: ", 0) == 0) == built_in);

    // A chess network is refused in xiangqi, and what was in use stays.
    session.handle_line("setoption name EvalFile value " + chess_path.string());
    std::vector<std::string> lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string error: option EvalFile", 0) == 0);
    CHECK(lines[0].find("not a Sen xiangqi network") != std::string::npos);
    CHECK(eval_first_line() == before);

    session.handle_line("setoption name EvalFile value " + xq_path.string());
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == "info string EvalFile: evaluating xiangqi with the network in " + xq_path.string());
    // Normalised (core/wdl.h), with the network's own number beside it.
    const int xq_raw = 3 * xiangqi::nnue::XiangqiFeatures::SCALE;
    CHECK(eval_first_line() ==
          fmt::format("network: {} cp (side to move; {} in the network's units)", xiangqi::WDL_MODEL.normalised(xq_raw), xq_raw));

    session.handle_line("setoption name EvalFile value <empty>");
    CHECK(c.take() == std::vector<std::string>{"info string EvalFile: evaluating xiangqi with the table evaluation"});
    CHECK(eval_first_line().rfind("network", 0) != 0);

    // Chess keeps its own choice: the built-in network all along; a xiangqi file is refused there.
    session.handle_line("setoption name UCI_Variant value chess");
    c.take();
    CHECK(eval_first_line().rfind("network: ", 0) == 0);
    session.handle_line("setoption name EvalFile value " + xq_path.string());
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("not a Sen chess network") != std::string::npos);

    session.handle_line("setoption name UCI_Variant value xiangqi");
    c.take();
    session.handle_line("setoption name EvalFile value <built-in>");
    lines = c.take();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("info string EvalFile: evaluating xiangqi with the ", 0) == 0);
    CHECK(eval_first_line() == before);
    session.handle_line("quit");
    std::filesystem::remove(xq_path);
    std::filesystem::remove(chess_path);
}

TEST_CASE("UciSession: two sessions in one process keep their own EvalFile and xiangqi rules", "[uci][xiangqi]") {
    // Each engine owns what it evaluates with and the rules it plays by: a second session's
    // choices reach neither the first session's engine nor a new one.
    const auto path = std::filesystem::temp_directory_path() / ("sen_test_uci_two_" + std::to_string(std::random_device{}()) + ".nnue");
    auto net = std::make_unique<xiangqi::nnue::Network>();
    net->w1.fill(0);
    net->b1.fill(0);
    net->w2.fill(0);
    net->b2.fill(3 * nnue::QA * nnue::QB);  // every position is worth 3 * SCALE
    std::ofstream(path, std::ios::binary) << sen::nn::serialise_network(*net);
    const int raw = 3 * xiangqi::nnue::XiangqiFeatures::SCALE;
    const std::string constant_line =
        fmt::format("network: {} cp (side to move; {} in the network's units)", xiangqi::WDL_MODEL.normalised(raw), raw);

    Captured a_out, b_out;
    UciSession a(a_out.out, uci_setup());
    UciSession b(b_out.out, uci_setup());
    const auto lines_of = [](UciSession& session, Captured& out, const std::string& command) {
        session.handle_line(command);
        return out.take();
    };
    const auto first_line = [&](UciSession& session, Captured& out, const std::string& command) {
        const std::vector<std::string> lines = lines_of(session, out, command);
        return lines.empty() ? std::string() : lines.front();
    };
    const auto rules_line = [&](UciSession& session, Captured& out) {
        for (const std::string& line : lines_of(session, out, "d"))
            if (line.rfind("Rules: ", 0) == 0) return line;
        return std::string();
    };
    for (UciSession* s : {&a, &b}) s->handle_line("setoption name UCI_Variant value xiangqi");
    a_out.take();
    b_out.take();
    const std::string default_eval = first_line(b, b_out, "eval");
    const std::string default_rules = rules_line(b, b_out);
    CHECK(default_rules == "Rules: asian repetition rules, no-capture limit 120 plies");

    a.handle_line("setoption name EvalFile value " + path.string());
    a.handle_line("setoption name Repetition Rule value computer");
    a.handle_line("setoption name Move Limit value 50");
    a_out.take();
    CHECK(first_line(a, a_out, "eval") == constant_line);
    CHECK(rules_line(a, a_out) == "Rules: computer repetition rules, no-capture limit 100 plies");
    // Session b's engine kept the defaults, before and after a search in each.
    CHECK(first_line(b, b_out, "eval") == default_eval);
    CHECK(rules_line(b, b_out) == default_rules);
    for (auto [session, out] : {std::pair{&a, &a_out}, std::pair{&b, &b_out}}) {
        session->handle_line("go depth 3");
        session->handle_line("isready");
        out->take();
    }
    CHECK(first_line(a, a_out, "eval") == constant_line);
    CHECK(first_line(b, b_out, "eval") == default_eval);
    CHECK(rules_line(b, b_out) == default_rules);
    // A new session starts from the defaults, whatever the others chose.
    Captured c_out;
    UciSession c(c_out.out, uci_setup());
    c.handle_line("setoption name UCI_Variant value xiangqi");
    c_out.take();
    CHECK(first_line(c, c_out, "eval") == default_eval);
    CHECK(rules_line(c, c_out) == default_rules);
    for (UciSession* s : {&a, &b, &c}) s->handle_line("quit");
    std::filesystem::remove(path);
}

TEST_CASE("UciSession: EvalFile sent right after uci waits for the background warm-up search", "[uci]") {
    // `uci` starts a depth-1 search in the background (BasicEngine::warm_up), and GUIs send their
    // options straight after uciok. Swapping the network under that search freed memory it was
    // reading (found by AddressSanitizer); each round here races a swap against a warm-up.
    const auto path = std::filesystem::temp_directory_path() / ("sen_test_uci_warm_" + std::to_string(std::random_device{}()) + ".nnue");
    nnue::Network net{};
    net.w1.fill(1);
    net.b1.fill(0);
    net.w2.fill(1);
    net.b2.fill(0);
    std::ofstream(path, std::ios::binary) << nnue::serialise_network(net);
    const std::string values[] = {"<empty>", path.string(), "<built-in>"};
    for (int round = 0; round < 24; ++round) {
        Captured c;
        UciSession session(c.out, uci_setup());
        session.handle_line("uci");
        // The warm-up first allocates its workers, then searches: vary where the swap lands.
        std::this_thread::sleep_for(std::chrono::microseconds(round % 8 == 0 ? 0 : 250 << (round % 8)));
        session.handle_line("setoption name EvalFile value " + values[round % 3]);
        session.handle_line("setoption name EvalFile value " + values[(round + 1) % 3]);
        session.handle_line("go depth 3");
        session.handle_line("isready");
        session.handle_line("quit");
        const std::vector<std::string> lines = c.take();
        CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("info string EvalFile: ", 0) == 0; }) ==
              2);
        CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("info string error", 0) == 0; }) == 0);
        CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }) == 1);
    }
    std::filesystem::remove(path);
}

TEST_CASE("UciSession: Pikafish's dialect, found by a xiangqi FEN after plain uci, by a bare fen line or by ucicyclone", "[uci]") {
    constexpr std::string_view XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    constexpr std::string_view AFTER_2 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    const auto board = [](UciSession& session, Captured& c) {
        session.handle_line("d");
        return fen_line(c.take());
    };
    for (const std::string& opening :
         {"position fen " + std::string(XQ_START), "fen " + std::string(XQ_START), std::string("ucicyclone")}) {
        INFO(opening);
        Captured c;
        UciSession session(c.out, uci_setup());
        session.handle_line(opening == "ucicyclone" ? opening : "uci");
        session.handle_line(opening == "ucicyclone" ? "position startpos" : opening);
        c.take();
        CHECK(board(session, c) == XQ_START);
        session.handle_line("position startpos moves h2e2 h9g7");  // ranks 0-9
        CHECK(c.take().empty());
        CHECK(board(session, c) == AFTER_2);
        const std::string best = bestmove(session, c, "go depth 2");
        CHECK((best.size() == 4 && best[1] >= '0' && best[1] <= '9' && best[3] >= '0' && best[3] <= '9'));
        session.handle_line("quit");
    }
}

TEST_CASE("UciSession: UCI_Variant set explicitly keeps Fairy-Stockfish's notation and chess stays chess", "[uci]") {
    Captured c;
    UciSession session(c.out, uci_setup());
    session.handle_line("uci");
    session.handle_line("setoption name UCI_Variant value chess");
    c.take();
    session.handle_line("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    const std::vector<std::string> refused = c.take();
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].rfind("info string error: invalid FEN", 0) == 0);
    session.handle_line("setoption name UCI_Variant value xiangqi");
    session.handle_line("position startpos moves h3e3");  // ranks 1-10
    CHECK(c.take().empty());
    session.handle_line("position startpos moves h2e2");
    CHECK(c.take().size() == 1);
    session.handle_line("quit");
}
