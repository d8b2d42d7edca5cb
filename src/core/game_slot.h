// The games a session offers and the one being played: what the UCI session (uci.h) and the
// CECP session (xboard.h) share, so that each of them is only the text of its protocol.
//
// The slot holds the active game's front (GameFront, core/game_front.h), hands out its engine's
// controls (EngineControl, core/engine_control.h), and parks the game played before (its hash
// table shrinks to 1 MB, see BasicEngine::park), so only one full-size table is ever allocated.
// It keeps the engine settings (Hash, Threads, MultiPV, Move Overhead and the strength level)
// and applies them to each engine as it starts, keeps the protocols' own settings (Ponder,
// UCI_ShowWDL), keeps each game's opening book (OwnBook, BookFile: a book file is in one game's
// format, so each game remembers its own and opens it when it starts), and fills a session's option table with the options both protocols
// offer: those settings, Clear Hash, each game's own options, and UCI_Variant. It never prints: problems go to the session through
// OptionHost::error.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_front.h"
#include "core/go_params.h"
#include "core/strength.h"
#include "core/uci_options.h"

namespace sen {

class EngineControl;

// A name under which xboard asks for a game (`variant fischerandom`), and what that name sets in
// the game's registration (its notation flag) once the game is active.
struct XboardVariant {
    std::string name;
    std::function<void(OptionHost&)> select;
};

// A game the sessions can play.
struct GameEntry {
    std::string variant;                                     // its UCI_Variant value, GameFront::name()
    std::function<std::unique_ptr<GameFront>()> make_front;  // a new engine at the start position
    std::vector<UciOption> options;                          // listed after the session's own, in this order
    std::vector<XboardVariant> xboard_variants;              // its names for CECP's `variant`, if any
    // UCI_LimitStrength's levels are calibrated for this game (core/strength.h); in a game
    // without a calibration the option is refused with an info string and play is at full strength.
    bool strength_levels = false;
    // Set where the game has a second notation, with the ranks of its ten-rank board counted
    // from 0 ("h2e2"): the notation of UCCI (ucci.h) and of Pikafish's UCI dialect (uci.h). It
    // turns that notation on or off for this session's fronts (the game's notation flag).
    std::function<void(bool on)> ranks_from_zero;
    // With ranks_from_zero: reads a `position ...` command in that notation without playing it,
    // returning what is wrong or nothing. The UCI session asks before it switches to the game.
    std::function<FenError(const std::vector<std::string_view>& tokens)> reads_position;
    // In a tuning build: sets one of the game's search parameters (core/tuning.h).
    std::function<bool(std::string_view name, int value)> set_search_parameter;
    // EvalFile in this game: its engines evaluate from now on with the network in a file, the
    // built-in one (the value default_network) or none (empty: the game's own evaluation). Unset
    // where the game has no networks. Never called during a search.
    struct NetworkChoice {
        bool taken = false;   // else the engines keep what they had
        std::string message;  // an info line when taken, else the error
    };
    std::function<NetworkChoice(const std::string& value)> choose_network;
    std::string default_network;  // EvalFile's default, the name of the built-in network
};

// What the program brings to a session from outside core.
struct UciSetup {
    std::vector<GameEntry> games;  // at least one; the first is the default variant
    std::string help;              // the answer to UCI's `help`
};

// The defaults of the settings the slot keeps itself (the engine's are EngineDefaults, engine.h):
// its options show them, and a new slot starts from them.
struct SlotDefaults {
    static constexpr bool PONDER = false;
    static constexpr bool SHOW_WDL = false;
    static constexpr bool LIMIT_STRENGTH = false;
    // The book is played whenever BookFile names one; a GUI that plays its own book turns it off.
    static constexpr bool OWN_BOOK = true;
    static constexpr int ELO = STRENGTH_ELO_MIN;
};

class GameSlot {
public:
    explicit GameSlot(std::vector<GameEntry> games);
    ~GameSlot();
    GameSlot(const GameSlot&) = delete;
    GameSlot& operator=(const GameSlot&) = delete;

    GameFront& game() const { return *game_; }
    // The active game's engine.
    EngineControl& engine() const;
    const std::vector<GameEntry>& games() const { return games_; }
    // The first game with a notation of ranks from 0 (GameEntry::ranks_from_zero), or nullptr.
    const GameEntry* ranks_from_zero_game() const;
    // How many times a setoption has set UCI_Variant (a GUI that chose the game itself).
    int variant_choices() const { return variant_choices_; }

    // Adds the options of the table's head (Hash, Threads, MultiPV, Ponder, Move Overhead, Clear
    // Hash, UCI_ShowWDL, UCI_LimitStrength, UCI_Elo, OwnBook, BookFile, EvalFile), then each game's, then
    // UCI_Variant: the `uci` order.
    void add_options(OptionTable& table);
    // Makes the named game the active one, in the state of a fresh engine with the slot's
    // settings, at that game's start position; then runs on_start. No search may be running.
    void start_game(std::string_view variant, OptionHost& host);
    // The handshake is answered: this and every later front warms up at once.
    void handshake_done();

    // A move of the active game's opening book for this `go` (GameFront::book_move): when
    // OwnBook is on and the go asks for a move to play, not for analysis (infinite), pondering
    // or a mate search; among its searchmoves, if any. A search still running is ended first.
    std::optional<BookChoice> book_move(const GoParams& params);

    bool ponder() const { return ponder_; }
    // UCI_ShowWDL: whether search reports carry the win/draw/loss chances.
    bool show_wdl() const { return show_wdl_; }
    // The Threads and Hash values, for the counts that run outside the engine (perft).
    int threads() const { return threads_; }
    std::size_t hash_mb() const { return hash_mb_; }
    // Runs after every switch of game (a session resets what it knew of the old game's position).
    std::function<void()> on_start;

private:
    std::unique_ptr<GameFront> make_front(std::string_view variant) const;
    // Hands UCI_LimitStrength and UCI_Elo to the active game's engine; with `explain`, says so
    // in an info string when the option is on and the game has no calibrated levels.
    void apply_strength(OptionHost& host, bool explain);
    // The active game's place in games_.
    std::size_t active_game() const;

    std::vector<GameEntry> games_;
    std::unique_ptr<GameFront> game_;    // the engine and position of the active game
    std::unique_ptr<GameFront> parked_;  // the engine of the game used before, if any
    std::size_t hash_mb_;
    int threads_;
    int multipv_;
    int move_overhead_ms_;
    bool ponder_ = SlotDefaults::PONDER;
    bool show_wdl_ = SlotDefaults::SHOW_WDL;
    bool limit_strength_ = SlotDefaults::LIMIT_STRENGTH;
    int elo_ = SlotDefaults::ELO;
    bool handshake_done_ = false;
    int variant_choices_ = 0;
    bool own_book_ = SlotDefaults::OWN_BOOK;
    std::vector<std::string> book_files_;     // BookFile of each game, in the order of games_ ("" for none)
    std::vector<std::string> network_files_;  // EvalFile of each game, in the same order
};

}  // namespace sen
