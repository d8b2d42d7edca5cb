// The UCI protocol front-end: reads command lines, turns them into engine calls, and is the only
// code that prints protocol text.
//
// The session knows no game: the program hands it a list of games (UciSetup, built outside core
// by src/games.cpp), each a name, a way to make its front (GameFront, core/game_front.h: the
// game's engine and everything that needs the game's types) and the options it adds. The option
// UCI_Variant picks which game's engine is alive; the first game listed is the default. The
// session's own options are Hash, Threads, MultiPV, Ponder, Move Overhead, Clear Hash,
// UCI_ShowWDL, UCI_LimitStrength and UCI_Elo; it
// keeps their values and applies the engine's to each game's engine as it starts. All options,
// the games' too, are entries of one table (core/uci_options.h) that both `uci` and
// `setoption` read. Switching the variant is refused
// during a search; otherwise the old game's engine is parked (its hash table shrinks to 1 MB)
// and the new one starts at its start position, so only one full-size table is ever allocated.
//
// Every line is handled on the input thread; searches run on the engine's thread, so `isready`
// and `stop` are answered at once during a search. Bad input (a broken FEN, an illegal move, an
// unknown command or option, a bad number) gets one `info string error: ...` line and changes
// nothing. Output lines are written whole and flushed under a lock, since the search thread
// prints too.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/go_params.h"
#include "core/strength.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

// Parses the fields of a `go` command, exposed for tests. Errors are appended as human-readable
// sentences; `searchmoves` takes the rest of the line as move texts, for the game front to read.
GoParams parse_go(const std::vector<std::string_view>& tokens, std::vector<std::string>& errors);

class GameFront;

// A game the session can play.
struct GameEntry {
    std::string variant;                                     // its UCI_Variant value, GameFront::name()
    std::function<std::unique_ptr<GameFront>()> make_front;  // a new engine at the start position
    std::vector<UciOption> options;                          // listed after the session's own, in this order
    // UCI_LimitStrength's levels are calibrated for this game (core/strength.h); in a game
    // without a calibration the option is refused with an info string and play is at full strength.
    bool strength_levels = false;
};

// What the program brings to a session from outside core.
struct UciSetup {
    std::vector<GameEntry> games;  // at least one; the first is the default variant
    std::string help;              // the answer to `help`
};

class UciSession final : private OptionHost {
public:
    // A new session starts from the defaults of every option.
    UciSession(Output& out, UciSetup setup);
    ~UciSession();

    // Handles one input line; returns false after `quit`.
    bool handle_line(std::string_view line);
    // Reads lines until `quit` or end of input (which counts as quit).
    void run(std::istream& in);

private:
    void add_options();
    void cmd_uci();
    void cmd_position(std::string_view line);
    void cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start);
    void cmd_perft(int depth);
    void cmd_bench(const std::vector<std::string_view>& tokens);
    // Makes the named game the active one, in the state of a fresh engine with the session's
    // options, at that game's start position. No search may be running.
    void start_game(std::string_view variant);
    std::unique_ptr<GameFront> make_front(std::string_view variant) const;
    // Hands UCI_LimitStrength and UCI_Elo to the active game's engine; says so when the game
    // has no calibrated levels and the option is on.
    void apply_strength(bool explain);

    // OptionHost: what option actions may ask of the session. error() prints at once.
    void info(std::string_view text) override;
    void error(std::string_view message) override;
    bool searching() const override;
    void wait() override;
    std::string_view variant() const override;
    void reread_position() override;

    Output& out_;
    std::vector<GameEntry> games_;
    std::string help_;
    OptionTable options_;
    std::unique_ptr<GameFront> game_;    // the engine and position of the active game
    std::unique_ptr<GameFront> parked_;  // the engine of the game used before, if any (see BasicEngine::park)
    // Option values, applied to each new engine.
    std::size_t hash_mb_;
    int threads_;
    int multipv_;
    int move_overhead_ms_;
    bool ponder_ = false;
    bool show_wdl_ = false;
    bool limit_strength_ = false;
    int elo_ = STRENGTH_ELO_MIN;
    bool debug_ = false;
    bool handshake_done_ = false;                      // `uci` answered: new engines warm up at once
    std::string position_line_ = "position startpos";  // the last accepted position command
};

}  // namespace sen
