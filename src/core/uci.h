// The UCI protocol front-end: reads command lines, turns them into engine calls, and is the only
// code that prints protocol text.
//
// Two games: the option UCI_Variant (chess or xiangqi, named as in Fairy-Stockfish) picks which
// game's engine is alive. The session owns the option values (Hash, Threads, MultiPV, Move
// Overhead, Ponder, UCI_Chess960, EvalFile) and applies them to the engine of the active game;
// every option is an entry of one table (core/uci_options.h) that both `uci` and `setoption`
// read. The per-game half of the session (GameFront, core/game_front.h) turns positions, moves
// and reports into text through the game type (core/game.h), and never sees a move generator.
// Switching the variant is refused during a search; otherwise the old game's engine is parked
// (its hash table shrinks to 1 MB) and the new one starts at its start position, so only one
// full-size hash table is ever allocated.
//
// Every line is handled on the input thread; searches run on the engine's thread, so `isready`
// and `stop` are answered at once during a search. Bad input (a broken FEN, an illegal move, an
// unknown command or option, a bad number) gets one `info string error: ...` line and changes
// nothing. Output lines are written whole and flushed under a lock, since the search thread
// prints too.
#pragma once

#include <chrono>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chess/nnue.h"
#include "core/go_params.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

// Parses the fields of a `go` command, exposed for tests. Errors are appended as human-readable
// sentences.
GoParams parse_go(const std::vector<std::string_view>& tokens, std::vector<std::string>& errors);

class GameFront;

class UciSession final : private OptionHost {
public:
    // The EvalFile value that names the network built into the binary, its default.
    static constexpr std::string_view BUILT_IN_NETWORK = chess::nnue::BUILT_IN_NETWORK;

    // A new session starts from the defaults of every option, the built-in network among them.
    explicit UciSession(Output& out);
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
    // Makes the named game ("chess", "xiangqi") the active one, in the state of a fresh engine
    // with the session's options, at that game's start position. No search may be running.
    void start_game(std::string_view variant);

    // OptionHost: what option actions may ask of the session. error() prints at once.
    void info(std::string_view text) override;
    void error(std::string_view message) override;
    bool searching() const override;
    void wait() override;
    std::string_view variant() const override;
    void reread_position() override;

    Output& out_;
    OptionTable options_;
    std::unique_ptr<GameFront> game_;    // the engine and position of the active game
    std::unique_ptr<GameFront> parked_;  // the other game's engine, if it was used (see BasicEngine::park)
    // Option values, applied to each new engine.
    std::size_t hash_mb_;
    int threads_;
    int multipv_;
    int move_overhead_ms_;
    bool chess960_ = false;
    bool ponder_ = false;
    bool debug_ = false;
    bool handshake_done_ = false;  // `uci` answered: new engines warm up at once
    std::string position_line_ = "position startpos";  // the last accepted position command
    // The chess network (EvalFile): BUILT_IN_NETWORK, a file's path, or empty for the
    // hand-written evaluation.
    std::string eval_file_;
};

}  // namespace sen
