// The per-game half of a protocol session: what needs the game's types (positions, moves, move
// text), behind interfaces that name no game. A session (uci.h, xboard.h) holds the active
// game's front through GameFront and its engine through EngineControl (core/engine_control.h),
// which has every control that does not depend on the game (hash, threads, stop, wait, ...);
// GameFrontFor<Game> (core/game_front_for.h) implements GameFront for any game.
//
// GameFront is what every text protocol needs: positions in `position` form, searches reported
// with their moves as text, the board, evaluation, perft and bench commands, and the game's
// opening book. The protocol only formats: a new text front-end is its command parsing and its
// output lines over these calls. CECP, which plays whole games move by move, has its own
// interface (CecpGame, core/cecp_game.h; CecpGameFor implements it), made on the front's engine
// when a CECP session first asks for it: the UCI and UCCI sessions never carry its state.
//
// Move text goes both ways in the notation the game's notation flag selects (the flag the
// game's protocol functions take): positions and `moves` lists, `go searchmoves`, and every move
// reported. The flag belongs to whoever registers the game (src/games.cpp), which may let an
// option set it; a front reads it when a command starts, so a search keeps the notation it
// started with.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bench.h"
#include "core/game.h"
#include "core/go_params.h"
#include "core/timeman.h"
#include "core/tt.h"
#include "core/uci_text.h"
#include "core/wdl.h"

namespace sen {

class CecpGame;
class EngineControl;

// A search report with its moves as text.
struct TextReport {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    int score = 0;
    Bound bound = Bound::Exact;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::optional<std::uint64_t> tbhits;  // only when the endgame tables were probed
    std::optional<Wdl> wdl;               // only when asked for (GameFront::go's `wdl`)
    std::vector<std::string> pv;
};

// What a search tells a protocol; each is optional. They run on the search thread.
struct TextCallbacks {
    std::function<void(const TextReport&)> on_report;
    std::function<void(int depth, const std::string& move, int number)> on_current_move;
    // No legal move at the root: mated, or a draw by the game's rules.
    std::function<void(bool mated)> on_no_moves;
    // Before the search starts: its time budget, the overhead it was planned with and the
    // latency learned from the GUI's clocks (BasicEngineCallbacks::on_start).
    std::function<void(const TimeBudget& budget, std::int64_t overhead_ms, std::int64_t learned_ms)> on_start;
    // Exactly once per go: the move chosen and the reply expected ("" for none).
    std::function<void(const std::string& best, const std::string& ponder)> on_bestmove;
};

// A move of the game's opening book, in both of the game's move texts.
struct BookChoice {
    std::string move;         // in the current notation (UCI, UCCI)
    std::string xboard_move;  // in xboard's (CECP)
    std::uint32_t weight = 0;
    std::uint32_t total = 0;  // the weights of every move the book allows here
};

class GameFront {
public:
    virtual ~GameFront() = default;
    // The game's name, as UCI_Variant gives it.
    virtual std::string_view name() const = 0;
    // The game's engine, for its controls.
    virtual EngineControl& engine() = 0;
    // Playing move by move, for the CECP session (made when first asked for).
    virtual CecpGame& cecp() = 0;
    virtual Color side_to_move() const = 0;

    // Reads a `position ...` command; sets the position and returns nothing, or returns what
    // is wrong and changes nothing.
    virtual FenError set_position(const std::vector<std::string_view>& tokens) = 0;
    // Sets the current position again from its own FEN (read in the current notation).
    virtual void reread_position() = 0;
    // Starts a search; the moves of `go searchmoves` are read here, in the current notation, and
    // text that names no legal move is ignored (with none left, all moves count). `wdl`: reports
    // carry the win/draw/loss chances of their score (core/wdl.h).
    virtual void go(const GoParams& params, std::chrono::steady_clock::time_point start, bool wdl, TextCallbacks callbacks) = 0;
    // The legal moves of the current position as text, in the current notation.
    virtual std::vector<std::string> legal_moves() const = 0;
    virtual std::string board() = 0;
    virtual std::string eval() = 0;
    // Per root move counts as `move: count` lines; returns the total. With one thread and no
    // hash (hash_mb 0) the plain count; otherwise `threads` threads share a perft hash of
    // hash_mb MB (deep_perft.h), allocated for this count alone.
    virtual std::uint64_t perft(int depth, int threads, std::size_t hash_mb, Output& out) = 0;
    virtual int bench_depth() const = 0;
    virtual BenchResult bench(int depth) = 0;

    // Opens the game's opening book (core/opening_book.h, in the game's format): files separated
    // by ';', none to close it. Returns what is wrong and keeps the book as it was.
    virtual std::optional<std::string> open_book(std::string_view paths) = 0;
    // A move of the book for the current position, drawn at random by weight from the legal
    // moves it holds, among `allowed` (move texts in the current notation; empty: any); nothing
    // when no book is open or it has no such move here.
    virtual std::optional<BookChoice> book_move(const std::vector<std::string>& allowed) = 0;
};

}  // namespace sen
