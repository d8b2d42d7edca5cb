// The CECP (xboard / WinBoard protocol version 2) front-end: the same games, engine, search,
// time manager and option table as the UCI session (uci.h), with CECP's text. Neither session
// knows the other; the program picks one by the first command it reads (main.cpp).
//
// Where UCI hands the engine a whole position per move, CECP plays a game: the GUI sends one
// move at a time (usermove), takes moves back (undo, remove), and says when the engine plays
// (go, playother) and when not (force, analyze, result). The session keeps that state: the
// colour the engine plays, force and analyze mode, the time control (level, st, sd) and the
// clocks (time, otim); the game itself lives in the active game's front, whose CECP half
// (CecpGame, core/cecp_game.h) reads and writes xboard's move text and judges game ends. Searches run on the engine's thread,
// so `?`, `.`, `exit`, `ping` and `quit` are handled at once while the engine thinks; the search
// thread prints the engine's move, and the result line when its move ends the game by rule.
//
// Pondering (`hard`): once the engine has moved, it plays the reply its search expected into the
// game and searches on, on the opponent's time. If the opponent plays that move the search goes
// on as the engine's own, its clock counted from the move (engine_control.h, ponderhit); any
// other command that reads or changes the game first ends it and takes the guess back. The
// protocol thread may be waiting for input when the move is out, so a thread of the session's
// own starts the ponder search; the two take turns at the engine (engine_mutex_).
//
// Bad input changes nothing and gets one line: `Illegal move: X` for a move that is not legal,
// `Error (reason): command` for anything else.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <istream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/cecp_game.h"
#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/game_slot.h"
#include "core/go_params.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

// `level MPS BASE INC`: moves per period (0: the whole game), the period's time (BASE in minutes,
// or minutes:seconds) and the increment in seconds (a fraction allowed).
struct XboardLevel {
    int moves = 40;
    std::int64_t base_ms = 5 * 60 * 1000;
    std::int64_t increment_ms = 0;
};

// Reads the fields after `level`; nothing when one is not a number of its kind.
std::optional<XboardLevel> parse_level(const std::vector<std::string_view>& fields);

// The `feature option="..."` value that shows a table option to xboard (-spin, -check, -combo
// with the default marked by '*', -button, -string).
std::string xboard_option(const UciOption& option);

// A search score as CECP's thinking output writes it: centipawns, or 100000 + N for a mate in N
// moves and -100000 - N for being mated in N.
int xboard_score(int score);

// One thinking line: `ply score time(centiseconds) nodes pv`, the pv ending in '?' for a fail-low
// bound and '!' for a fail-high one.
std::string thinking_line(const TextReport& report);

// What the session knows of the clocks when the engine is to move.
struct XboardClocks {
    XboardLevel level;
    std::optional<std::int64_t> st_ms;             // `st`: exactly this long per move
    std::optional<int> depth;                      // `sd`
    std::optional<std::int64_t> own_ms, other_ms;  // `time` and `otim`, in ms
};

// The search limits for the engine playing `us` having made `moves_made` moves in this game.
GoParams xboard_go_params(const XboardClocks& clocks, Color us, int moves_made);

class CecpSession final : private OptionHost {
public:
    CecpSession(Output& out, UciSetup setup);
    ~CecpSession();

    // Handles one input line; returns false after `quit`.
    bool handle_line(std::string_view line);
    // Reads lines until `quit` or end of input (which counts as quit).
    void run(std::istream& in);

private:
    enum class Search : std::uint8_t { None, Move, Ponder, Analysis };

    void cmd_protover();
    void cmd_new();
    void cmd_variant(const std::vector<std::string_view>& tokens);
    void cmd_usermove(std::string_view text);
    void cmd_setboard(std::string_view line);
    void cmd_undo(int count);
    void cmd_option(std::string_view line);
    void cmd_stat();
    // Ends the running search, if any, without printing its move (force, new, setboard, ...);
    // then makes the move of a search that has ended and printed it, and takes back the guess of
    // a ponder search. Every command that reads or changes the game starts here.
    void abandon_search();
    // Ends a ponder search (easy, a new time control, a setting), as abandon_search does.
    void stop_pondering();
    // The engine is to move: announces the result when the game is over, else starts thinking.
    void think();
    // The search limits for `us` to move now.
    GoParams go_params(Color us) const;
    // begin_search's callbacks for a search that ends in the engine's move (kind Move, or Ponder
    // until a ponder hit makes it one), played for `us`.
    CecpCallbacks move_callbacks(Search kind, Color us);
    // The ponder thread: waits for the engine's moves and starts pondering after each.
    void ponder_loop();
    // Makes the engine's move and starts a ponder search on the reply it expects, if pondering
    // is on and the game goes on. Holds engine_mutex_.
    void start_pondering();
    // The opponent's move is the one pondered on: the ponder search becomes the engine's.
    bool ponder_hit(std::string_view text);
    void analyze();
    // Marks a search of that kind as started and returns callbacks whose on_report keeps the last
    // report (for `.`) and prints thinking output when `post` is on.
    CecpCallbacks begin_search(Search kind);
    // `new` asks for the first game; it switches only when a command needs the game and no
    // `variant` came first, so that `new` + `variant X` does not switch twice.
    void settle_variant();
    void select_variant(const GameEntry& entry, const XboardVariant& variant);
    // A game end by rule, as the engine claims it. A win that needs more than a look at the board
    // (perpetual check) is not claimed: xboard judges those itself and forfeits a claim it cannot see.
    void announce(const GameEnd& end, Color side_to_move, Color engine);
    static std::string result_line(const GameEnd& end, Color side_to_move);
    void restart_analysis();
    GameFront& game() const { return slot_.game(); }
    CecpGame& cecp() const { return slot_.game().cecp(); }
    EngineControl& engine() const { return slot_.engine(); }

    // OptionHost: for `option`, `memory` and `cores`.
    void info(std::string_view text) override;
    void error(std::string_view message) override;
    bool searching() const override;
    void wait() override;
    std::string_view variant() const override;
    void reread_position() override;

    void error_line(std::string_view reason);

    Output& out_;
    GameSlot slot_;
    OptionTable options_;
    std::string command_;  // the line being handled, for error messages

    // The game as CECP sees it.
    bool force_ = false;
    bool analyzing_ = false;
    bool post_ = false;
    bool guess_made_ = false;   // a ponder search runs, the reply it guessed made in the game
    bool pending_new_ = false;  // `new` seen, its variant not settled yet
    Color engine_color_ = Color::Black;
    Color start_side_ = Color::White;  // who moved first since the game began
    XboardClocks clocks_;

    // Shared with the search thread: what the running search is for, pings to answer after the
    // engine's move, the last report (for `.`), and with the ponder thread: whether to ponder
    // (hard, easy) and a move just made to ponder after, with the reply to ponder on.
    std::mutex mutex_;
    Search search_ = Search::None;
    std::vector<std::string> pending_pongs_;
    TextReport last_report_;
    std::chrono::steady_clock::time_point search_start_;
    bool ponder_ = false;
    bool ponder_wanted_ = false;
    std::string ponder_guess_;
    bool closing_ = false;
    std::condition_variable ponder_cv_;

    // Taken by every command and by the ponder thread: the engine and the game have one user at
    // a time. Before mutex_ when both are taken; the search thread never takes it.
    std::mutex engine_mutex_;
    std::thread ponder_thread_;  // started last, joined first
};

}  // namespace sen
