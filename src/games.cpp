#include "games.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "chess/engine.h"
#include "chess/nnue.h"
#include "chess/syzygy/tablebase.h"
#include "core/game_front_for.h"
#include "core/search_worker.h"
#include "nnue/active_network.h"
#include "xiangqi/engine.h"
#include "xiangqi/nnue.h"

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

    using Settings = syzygy::Settings;
    UciOption depth = UciOption::spin("SyzygyProbeDepth", Settings::DEFAULT_PROBE_DEPTH, 1, 100,
                                      [](int v, OptionHost&) { syzygy::settings().probe_depth = v; });
    depth.reset = [] { syzygy::settings().probe_depth = Settings::DEFAULT_PROBE_DEPTH; };
    entry.options.push_back(std::move(depth));
    UciOption rule50 =
        UciOption::check("Syzygy50MoveRule", Settings::DEFAULT_RULE50, [](bool on, OptionHost&) { syzygy::settings().rule50 = on; });
    rule50.reset = [] { syzygy::settings().rule50 = Settings::DEFAULT_RULE50; };
    entry.options.push_back(std::move(rule50));
    UciOption limit = UciOption::spin("SyzygyProbeLimit", Settings::DEFAULT_PROBE_LIMIT, 0, 7,
                                      [](int v, OptionHost&) { syzygy::settings().probe_limit = v; });
    limit.reset = [] { syzygy::settings().probe_limit = Settings::DEFAULT_PROBE_LIMIT; };
    entry.options.push_back(std::move(limit));
}

// One game's choice for EvalFile: BUILT_IN (the network built into the binary, or the game's
// own evaluation when the build has none), a file's path, or empty for the game's own evaluation.
template <class Features>
void choose_network(sen::nn::ActiveNetwork<Features>& networks, std::string& file, const std::string& value, OptionHost& host,
                    std::string_view own_evaluation) {
    constexpr std::string_view BUILT_IN = chess::nnue::BUILT_IN_NETWORK;
    const std::string_view game = Features::NAME;
    if (value.empty() || value == "<empty>") {
        networks.clear();
        file.clear();
        host.info(fmt::format("EvalFile: evaluating {} with the {}", game, own_evaluation));
    } else if (value == BUILT_IN) {
        if (file != BUILT_IN) networks.use_embedded();  // else already active
        file = BUILT_IN;
        host.info(networks.has_embedded()
                      ? fmt::format("EvalFile: evaluating {} with the built-in network", game)
                      : fmt::format("EvalFile: evaluating {} with the {} (this build has no {} network)", game, own_evaluation, game));
    } else if (const auto problem = networks.load_file(value)) {
        host.error(fmt::format("option EvalFile: {}; unchanged", printable(*problem, 200)));
    } else {
        file = value;
        host.info(fmt::format("EvalFile: evaluating {} with the network in {}", game, printable(value, 200)));
    }
}

// EvalFile, a network from `sen nnue-train`, for the game UCI_Variant names: each game keeps its
// own choice (a chess network is refused in xiangqi and the other way round, by the files'
// magics). Swapped only between searches: the search threads read the network. The engine may
// still be busy without a `go`: `uci` starts a short warm-up search in the background, and GUIs
// send options straight after uciok. `uci` shows chess's choice, the default variant's.
UciOption eval_file_option() {
    struct Choices {
        std::string chess{chess::nnue::BUILT_IN_NETWORK}, xiangqi{xiangqi::nnue::BUILT_IN_NETWORK};
    };
    const auto files = std::make_shared<Choices>();
    UciOption eval =
        UciOption::string("EvalFile", std::string(chess::nnue::BUILT_IN_NETWORK), [files](const std::string& value, OptionHost& host) {
            if (host.searching()) {
                host.error("EvalFile cannot change during a search; unchanged");
                return;
            }
            host.wait();
            if (host.variant() == xiangqi::XiangqiGame::NAME)
                choose_network(xiangqi::nnue::active(), files->xiangqi, value, host, "table evaluation");
            else choose_network(chess::nnue::active(), files->chess, value, host, "hand-written evaluation");
        });
    eval.shown = [files] { return files->chess; };
    eval.reset = [files] {
        // The networks are the process's: a new session starts on the defaults.
        chess::nnue::active().use_embedded();
        xiangqi::nnue::active().use_embedded();
        *files = Choices{};
    };
    return eval;
}

// Each game's entry for the protocol: its front (core/game_front.h) and the options that belong to
// it (chess: UCI_Chess960, its castling notation; EvalFile, the network of the game being played,
// each game keeping its own; the Syzygy options). uci_setup() picks them by the game's tag, so a
// game of games.h without an entry does not compile.
GameEntry game_entry(GameTag<chess::ChessGame>) {
    using chess::ChessGame;
    // UCI_Chess960: castling is written king-takes-rook (e1h1) instead of e1g1. The flag is the
    // notation flag of this session's chess fronts.
    constexpr bool CHESS960_DEFAULT = false;
    const auto chess960 = std::make_shared<bool>(CHESS960_DEFAULT);

    GameEntry entry;
    entry.variant = ChessGame::NAME;
    entry.strength_levels = true;  // calibrated against Stockfish 15.1's levels (docs/strength-levels.md)
    entry.make_front = [chess960] { return std::make_unique<GameFrontFor<ChessGame>>(chess960); };

    entry.options.push_back(UciOption::check("UCI_Chess960", CHESS960_DEFAULT, [chess960](bool on, OptionHost& host) {
        if (on == *chess960) return;
        *chess960 = on;
        // Read the current position again so that castling moves follow the new notation.
        // Xiangqi has no castling: its position stays as it is.
        if (host.variant() == ChessGame::NAME) host.reread_position();
    }));

    entry.options.push_back(eval_file_option());

    add_syzygy_options(entry);

    // xboard's names: standard chess, and Fischer Random with its castling notation (the
    // session sets up the game's position after choosing the variant).
    entry.xboard_variants.push_back({"normal", [chess960](OptionHost&) { *chess960 = false; }});
    entry.xboard_variants.push_back({"fischerandom", [chess960](OptionHost&) { *chess960 = true; }});
    return entry;
}

// The event's xiangqi rules (xiangqi/rules.h, docs/xiangqi.md "Rule sets"): the repetition rules
// and the no-capture move limit in moves (0: none). They are this session's, held here and given
// to the xiangqi front's engine (GameFrontFor's rules), which plays every position by them; the
// current xiangqi position is read again at once. Changed only between searches: the search's
// positions carry their own copy.
void add_xiangqi_rule_options(GameEntry& entry, const std::shared_ptr<xiangqi::RuleSettings>& settings) {
    namespace xq = xiangqi;
    const auto apply = [settings](OptionHost& host, std::string_view option, auto change) {
        if (host.searching()) {
            host.error(fmt::format("{} cannot change during a search; unchanged", option));
            return;
        }
        host.wait();
        change(*settings);
        if (host.variant() == xq::XiangqiGame::NAME) host.reread_position();
    };
    UciOption rules = UciOption::combo(
        "Repetition Rule", std::string(xq::to_string(xq::RepetitionRules::Asian)),
        {std::string(xq::to_string(xq::RepetitionRules::Asian)), std::string(xq::to_string(xq::RepetitionRules::Computer))},
        "repetition rule", [apply](const std::string& value, OptionHost& host) {
            apply(host, "Repetition Rule",
                  [&](xq::RuleSettings& s) { s.repetition = xq::parse_repetition_rules(value).value_or(xq::RepetitionRules::Asian); });
        });
    rules.reset = [settings] { settings->repetition = xq::RepetitionRules::Asian; };
    entry.options.push_back(std::move(rules));
    UciOption limit =
        UciOption::spin("Move Limit", xq::RuleSettings::DEFAULT_NO_CAPTURE_LIMIT / 2, 0, 1000, [apply](int moves, OptionHost& host) {
            apply(host, "Move Limit", [&](xq::RuleSettings& s) { s.no_capture_limit = 2 * moves; });
        });
    limit.reset = [settings] { settings->no_capture_limit = xq::RuleSettings::DEFAULT_NO_CAPTURE_LIMIT; };
    entry.options.push_back(std::move(limit));
}

GameEntry game_entry(GameTag<xiangqi::XiangqiGame>) {
    using xiangqi::XiangqiGame;
    // Ranks counted from 0 ("h2e2"), for UCCI and Pikafish's UCI; Fairy-Stockfish's 1-10 otherwise.
    const auto ranks_from_zero = std::make_shared<bool>(false);
    const auto rules = std::make_shared<xiangqi::RuleSettings>();
    GameEntry entry;
    entry.variant = XiangqiGame::NAME;
    entry.make_front = [ranks_from_zero, rules] { return std::make_unique<GameFrontFor<XiangqiGame>>(ranks_from_zero, rules); };
    entry.ranks_from_zero = [ranks_from_zero](bool on) { *ranks_from_zero = on; };
    entry.reads_position = [](const std::vector<std::string_view>& tokens) {
        XiangqiGame::Position pos;
        return GameFrontFor<XiangqiGame>::parse_position(tokens, pos, true);
    };
    add_xiangqi_rule_options(entry, rules);
    entry.xboard_variants.push_back({"xiangqi", [](OptionHost&) {}});
    return entry;
}

}  // namespace

std::string game_names(std::string_view separator) {
    std::string names;
    for (const std::string_view name : GAME_NAMES) names += (names.empty() ? "" : std::string(separator)) + std::string(name);
    return names;
}

UciSetup uci_setup() {
    UciSetup setup;
    for_each_game([&setup](auto tag) {
        GameEntry entry = game_entry(tag);
        entry.set_search_parameter = search_detail::set_search_parameter<typename decltype(tag)::Game>;
        setup.games.push_back(std::move(entry));
    });
    setup.help = "Sen speaks UCI (uci, isready, setoption, ucinewgame, position, go, stop, ponderhit, quit).\n"
                 "Extra commands: d (show the board), eval (evaluation), perft <depth> / go perft <depth>,\n"
                 "bench [depth], help. Xiangqi: setoption name UCI_Variant value xiangqi (chess to go back).\n"
                 "Command line: sen --help lists the subcommands (bench, perft, tbprobe, datagen, ...).";
    return setup;
}

}  // namespace sen
