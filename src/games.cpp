#include "games.h"

#include <memory>
#include <string>

#include <fmt/core.h>

#include "chess/engine.h"
#include "chess/nnue.h"
#include "chess/syzygy/tablebase.h"
#include "core/game_front.h"
#include "xiangqi/engine.h"

namespace sen {

namespace {

// The Syzygy endgame tables, with Stockfish's option names and meanings. The tables and these
// settings are the process's (chess/syzygy/tablebase.h), as the network is: a new session puts
// them back to their defaults.
void add_syzygy_options(GameEntry& entry) {
    namespace syzygy = chess::syzygy;
    const auto path = std::make_shared<std::string>();
    UciOption tables = UciOption::string("SyzygyPath", "<empty>", [path](const std::string& value, OptionHost& host) {
        if (host.searching()) {
            host.error("SyzygyPath cannot change during a search; unchanged");
            return;
        }
        host.wait();
        const std::string found = syzygy::tablebases().set_path(value);
        *path = value == "<empty>" ? "" : value;
        if (!path->empty() && syzygy::tablebases().max_pieces() == 0)
            host.info(fmt::format("SyzygyPath: no tablebase files in {} ({}); playing on without tables", printable(value, 200),
                                  printable(found, 300)));
        else host.info(fmt::format("SyzygyPath: {}", printable(found, 300)));
    });
    tables.shown = [path] { return path->empty() ? std::string("<empty>") : *path; };
    tables.reset = [path] {
        syzygy::tablebases().set_path("");
        path->clear();
    };
    entry.options.push_back(std::move(tables));

    UciOption depth = UciOption::spin("SyzygyProbeDepth", 1, 1, 100, [](int v, OptionHost&) { syzygy::settings().probe_depth = v; });
    depth.reset = [] { syzygy::settings().probe_depth = 1; };
    entry.options.push_back(std::move(depth));
    UciOption rule50 = UciOption::check("Syzygy50MoveRule", true, [](bool on, OptionHost&) { syzygy::settings().rule50 = on; });
    rule50.reset = [] { syzygy::settings().rule50 = true; };
    entry.options.push_back(std::move(rule50));
    UciOption limit = UciOption::spin("SyzygyProbeLimit", 7, 0, 7, [](int v, OptionHost&) { syzygy::settings().probe_limit = v; });
    limit.reset = [] { syzygy::settings().probe_limit = 7; };
    entry.options.push_back(std::move(limit));
}

GameEntry chess_entry() {
    using chess::ChessGame;
    namespace nnue = chess::nnue;
    // UCI_Chess960: castling is written king-takes-rook (e1h1) instead of e1g1. The flag is the
    // notation flag of this session's chess fronts.
    const auto chess960 = std::make_shared<bool>(false);
    // EvalFile: nnue::BUILT_IN_NETWORK, a file's path, or empty for the hand-written evaluation.
    const auto eval_file = std::make_shared<std::string>(nnue::BUILT_IN_NETWORK);

    GameEntry entry;
    entry.variant = ChessGame::NAME;
    entry.strength_levels = true;  // calibrated against Stockfish 15.1's levels (docs/strength-levels.md)
    entry.make_front = [chess960] { return std::make_unique<GameFrontFor<ChessGame>>(chess960); };

    entry.options.push_back(UciOption::check("UCI_Chess960", false, [chess960](bool on, OptionHost& host) {
        if (on == *chess960) return;
        *chess960 = on;
        // Read the current position again so that castling moves follow the new notation.
        // Xiangqi has no castling: its position stays as it is.
        if (host.variant() == ChessGame::NAME) host.reread_position();
    }));

    // A network from `sen nnue-train`; <built-in> is the one in the binary, and empty (or
    // <empty>) the hand-written evaluation. Swapped only between searches: the search threads
    // read the network. The engine may still be busy without a `go`: `uci` starts a short
    // warm-up search in the background, and GUIs send options straight after uciok.
    UciOption eval =
        UciOption::string("EvalFile", std::string(nnue::BUILT_IN_NETWORK), [eval_file](const std::string& value, OptionHost& host) {
            if (host.searching()) {
                host.error("EvalFile cannot change during a search; unchanged");
                return;
            }
            host.wait();
            if (value.empty() || value == "<empty>") {
                nnue::clear_network();
                eval_file->clear();
                host.info("EvalFile: evaluating chess with the hand-written evaluation");
            } else if (value == nnue::BUILT_IN_NETWORK) {
                if (*eval_file != nnue::BUILT_IN_NETWORK) nnue::use_embedded_network();  // else already active
                *eval_file = nnue::BUILT_IN_NETWORK;
                host.info("EvalFile: evaluating chess with the built-in network");
            } else if (const auto problem = nnue::load_network_file(value)) {
                host.error(fmt::format("option EvalFile: {}; unchanged", printable(*problem, 200)));
            } else {
                *eval_file = value;
                host.info(fmt::format("EvalFile: evaluating chess with the network in {}", printable(value, 200)));
            }
        });
    eval.shown = [eval_file] { return *eval_file; };  // `uci` shows the network in use
    eval.reset = [eval_file] {
        nnue::use_embedded_network();  // the network is the process's: a new session starts on the default
        *eval_file = nnue::BUILT_IN_NETWORK;
    };
    entry.options.push_back(std::move(eval));

    add_syzygy_options(entry);

    // xboard's names: standard chess, and Fischer Random with its castling notation (the
    // session sets up the game's position after choosing the variant).
    entry.xboard_variants.push_back({"normal", [chess960](OptionHost&) { *chess960 = false; }});
    entry.xboard_variants.push_back({"fischerandom", [chess960](OptionHost&) { *chess960 = true; }});
    return entry;
}

GameEntry xiangqi_entry() {
    GameEntry entry;
    entry.variant = xiangqi::XiangqiGame::NAME;
    entry.make_front = [] { return std::make_unique<GameFrontFor<xiangqi::XiangqiGame>>(); };
    entry.xboard_variants.push_back({"xiangqi", [](OptionHost&) {}});
    return entry;
}

}  // namespace

UciSetup uci_setup() {
    UciSetup setup;
    setup.games.push_back(chess_entry());
    setup.games.push_back(xiangqi_entry());
    setup.help = "Sen speaks UCI (uci, isready, setoption, ucinewgame, position, go, stop, ponderhit, quit).\n"
                 "Extra commands: d (show the board), eval (evaluation), perft <depth> / go perft <depth>,\n"
                 "bench [depth], help. Xiangqi: setoption name UCI_Variant value xiangqi (chess to go back).\n"
                 "Command line: sen bench [depth] [--variant xiangqi] | sen perft <depth> [FEN] [--divide]\n"
                 "[--threads N] [--hash MB] | sen perft --suite FILE [--max-depth D] [--threads N]\n"
                 "| sen tbprobe --path DIRS [FEN ...] (Syzygy WDL and DTZ).";
    return setup;
}

}  // namespace sen
