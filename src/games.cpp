#include "games.h"

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/core.h>

#include "chess/engine.h"
#include "chess/nnue.h"
#include "chess/syzygy/tablebase.h"
#include "core/game_front_for.h"
#include "core/search_worker.h"
#include "nnue/shared_network.h"
#include "xiangqi/engine.h"
#include "xiangqi/nnue.h"

namespace sen {

namespace {

// The Syzygy endgame tables, with Stockfish's option names and meanings, for this session's chess
// engines (GameChoices' tables). A new path loads a new set of tables; the set before is let go
// when no engine holds it any more.
void add_syzygy_options(GameEntry& entry, const std::shared_ptr<GameChoices<chess::ChessGame>>& choices) {
    namespace syzygy = chess::syzygy;
    using Tables = syzygy::EngineTables;
    const auto path = std::make_shared<std::string>();
    UciOption tables = UciOption::string("SyzygyPath", "<empty>", [path, choices](const std::string& value, OptionHost& host) {
        if (host.searching()) {
            host.error("SyzygyPath cannot change during a search; unchanged");
            return;
        }
        host.wait();
        auto files = std::make_shared<syzygy::Tablebases>();
        const std::string found = files->set_path(value);
        *path = value == "<empty>" ? "" : value;
        choices->tables.files = files->max_pieces() > 0 ? std::move(files) : nullptr;
        if (!path->empty() && !choices->tables.files)
            host.info(fmt::format("SyzygyPath: no tablebase files in {} ({}); playing on without tables", printable(value, 200),
                                  printable(found, 300)));
        else host.info(fmt::format("SyzygyPath: {}", printable(found, 300)));
    });
    tables.shown = [path] { return path->empty() ? std::string("<empty>") : *path; };
    tables.reset = [path, choices] {
        choices->tables.files = nullptr;
        path->clear();
    };
    entry.options.push_back(std::move(tables));
    UciOption depth = UciOption::spin("SyzygyProbeDepth", Tables::DEFAULT_PROBE_DEPTH, 1, 100,
                                      [choices](int v, OptionHost&) { choices->tables.probe_depth = v; });
    depth.reset = [choices] { choices->tables.probe_depth = Tables::DEFAULT_PROBE_DEPTH; };
    entry.options.push_back(std::move(depth));
    UciOption rule50 =
        UciOption::check("Syzygy50MoveRule", Tables::DEFAULT_RULE50, [choices](bool on, OptionHost&) { choices->tables.rule50 = on; });
    rule50.reset = [choices] { choices->tables.rule50 = Tables::DEFAULT_RULE50; };
    entry.options.push_back(std::move(rule50));
    UciOption limit = UciOption::spin("SyzygyProbeLimit", Tables::DEFAULT_PROBE_LIMIT, 0, 7,
                                      [choices](int v, OptionHost&) { choices->tables.probe_limit = v; });
    limit.reset = [choices] { choices->tables.probe_limit = Tables::DEFAULT_PROBE_LIMIT; };
    entry.options.push_back(std::move(limit));
}

// EvalFile in a game whose engines evaluate with networks (its Evaluator a SharedNetwork): the
// built-in network (or `own_evaluation` where the build has none), a file's, or none (empty:
// `own_evaluation`). The network goes into the session's choices for the game, and from there to
// its engines (GameFrontFor).
template <class Game>
GameEntry::NetworkChoice choose_network(GameChoices<Game>& choices, const std::string& value, std::string_view own_evaluation) {
    using Features = typename Game::Evaluator::element_type::Features;
    const std::string_view game = Game::NAME;
    if (value.empty()) {
        choices.evaluator = nullptr;
        return {true, fmt::format("EvalFile: evaluating {} with the {}", game, own_evaluation)};
    }
    if (value == sen::nn::BUILT_IN_NETWORK) {
        choices.evaluator = Game::default_evaluator();
        return {true, choices.evaluator
                          ? fmt::format("EvalFile: evaluating {} with the built-in network", game)
                          : fmt::format("EvalFile: evaluating {} with the {} (this build has no {} network)", game, own_evaluation, game)};
    }
    auto loaded = sen::nn::load_network<Features>(value);
    // Up to what an error line holds (400 characters): a file of another layout is named with the
    // build option to change and the conversion's command, after the path.
    if (auto* problem = std::get_if<std::string>(&loaded)) return {false, printable(*problem, 360)};
    choices.evaluator = std::get<sen::nn::SharedNetwork<Features>>(std::move(loaded));
    return {true, fmt::format("EvalFile: evaluating {} with the network in {}", game, printable(value, 200))};
}

template <class Game>
void add_network_choice(GameEntry& entry, const std::shared_ptr<GameChoices<Game>>& choices, std::string_view own_evaluation) {
    entry.choose_network = [choices, own_evaluation](const std::string& value) { return choose_network(*choices, value, own_evaluation); };
    entry.default_network = std::string(sen::nn::BUILT_IN_NETWORK);
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
    const auto choices = std::make_shared<GameChoices<ChessGame>>();
    entry.make_front = [chess960, choices] { return std::make_unique<GameFrontFor<ChessGame>>(chess960, choices); };

    entry.options.push_back(UciOption::check("UCI_Chess960", CHESS960_DEFAULT, [chess960](bool on, OptionHost& host) {
        if (on == *chess960) return;
        *chess960 = on;
        // Read the current position again so that castling moves follow the new notation.
        // Xiangqi has no castling: its position stays as it is.
        if (host.variant() == ChessGame::NAME) host.reread_position();
    }));

    add_network_choice(entry, choices, "hand-written evaluation");

    add_syzygy_options(entry, choices);

    // xboard's names: standard chess, and Fischer Random with its castling notation (the
    // session sets up the game's position after choosing the variant).
    entry.xboard_variants.push_back({"normal", [chess960](OptionHost&) { *chess960 = false; }});
    entry.xboard_variants.push_back({"fischerandom", [chess960](OptionHost&) { *chess960 = true; }});
    return entry;
}

// The event's xiangqi rules (xiangqi/rules.h, docs/xiangqi.md "Rule sets"): the repetition rules
// and the no-capture move limit in moves (0: none). They are this session's choices, given to the
// xiangqi front's engine (GameFrontFor), which plays every position by them; the current xiangqi
// position is read again at once. Changed only between searches: the search's positions carry
// their own copy.
void add_xiangqi_rule_options(GameEntry& entry, const std::shared_ptr<GameChoices<xiangqi::XiangqiGame>>& choices) {
    namespace xq = xiangqi;
    const auto apply = [choices](OptionHost& host, std::string_view option, auto change) {
        if (host.searching()) {
            host.error(fmt::format("{} cannot change during a search; unchanged", option));
            return;
        }
        host.wait();
        change(choices->rules);
        if (host.variant() == xq::XiangqiGame::NAME) host.reread_position();
    };
    UciOption rules = UciOption::combo(
        "Repetition Rule", std::string(xq::to_string(xq::RepetitionRules::Asian)),
        {std::string(xq::to_string(xq::RepetitionRules::Asian)), std::string(xq::to_string(xq::RepetitionRules::Computer))},
        "repetition rule", [apply](const std::string& value, OptionHost& host) {
            apply(host, "Repetition Rule",
                  [&](xq::RuleSettings& s) { s.repetition = xq::parse_repetition_rules(value).value_or(xq::RepetitionRules::Asian); });
        });
    rules.reset = [choices] { choices->rules.repetition = xq::RepetitionRules::Asian; };
    entry.options.push_back(std::move(rules));
    UciOption limit =
        UciOption::spin("Move Limit", xq::RuleSettings::DEFAULT_NO_CAPTURE_LIMIT / 2, 0, 1000, [apply](int moves, OptionHost& host) {
            apply(host, "Move Limit", [&](xq::RuleSettings& s) { s.no_capture_limit = 2 * moves; });
        });
    limit.reset = [choices] { choices->rules.no_capture_limit = xq::RuleSettings::DEFAULT_NO_CAPTURE_LIMIT; };
    entry.options.push_back(std::move(limit));
}

GameEntry game_entry(GameTag<xiangqi::XiangqiGame>) {
    using xiangqi::XiangqiGame;
    // Ranks counted from 0 ("h2e2"), for UCCI and Pikafish's UCI; Fairy-Stockfish's 1-10 otherwise.
    const auto ranks_from_zero = std::make_shared<bool>(false);
    const auto choices = std::make_shared<GameChoices<XiangqiGame>>();
    GameEntry entry;
    entry.variant = XiangqiGame::NAME;
    entry.make_front = [ranks_from_zero, choices] { return std::make_unique<GameFrontFor<XiangqiGame>>(ranks_from_zero, choices); };
    entry.ranks_from_zero = [ranks_from_zero](bool on) { *ranks_from_zero = on; };
    entry.reads_position = [](const std::vector<std::string_view>& tokens) {
        XiangqiGame::Position pos;
        return GameFrontFor<XiangqiGame>::parse_position(tokens, pos, true);
    };
    add_xiangqi_rule_options(entry, choices);
    add_network_choice(entry, choices, "table evaluation");
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
