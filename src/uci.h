// The UCI protocol front-end: reads command lines, turns them into engine calls, and is the only
// code that prints protocol text.
//
// Every line is handled on the input thread; searches run on the engine's thread, so `isready`
// and `stop` are answered at once during a search. Bad input (a broken FEN, an illegal move, an
// unknown command or option, a bad number) gets one `info string error: ...` line and changes
// nothing. Output lines are written whole and flushed under a lock, since the search thread
// prints too.
#pragma once

#include <functional>
#include <istream>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engine.h"
#include "go_params.h"

namespace sen {

// Thread-safe line output.
class Output {
public:
    explicit Output(std::function<void(std::string_view)> write) : write_(std::move(write)) {}
    void line(std::string_view text) {
        std::lock_guard lock(mutex_);
        write_(text);
    }

private:
    std::mutex mutex_;
    std::function<void(std::string_view)> write_;
};

// Parsing helpers, exposed for tests. Errors are appended as human-readable sentences.
std::vector<std::string_view> split_tokens(std::string_view line);
GoParams parse_go(const std::vector<std::string_view>& tokens, std::vector<std::string>& errors);

class UciSession {
public:
    explicit UciSession(Output& out);
    ~UciSession();

    // Handles one input line; returns false after `quit`.
    bool handle_line(std::string_view line);
    // Reads lines until `quit` or end of input (which counts as quit).
    void run(std::istream& in);

private:
    void cmd_uci();
    void cmd_setoption(std::string_view line);
    void cmd_position(std::string_view line);
    FenError parse_position(const std::vector<std::string_view>& tokens, Position& pos) const;
    void cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start);
    void cmd_perft(int depth);
    void cmd_bench(const std::vector<std::string_view>& tokens);
    void error(std::string_view message);
    std::string move_text(Move m) const;

    Output& out_;
    Engine engine_;
    bool chess960_ = false;
    bool ponder_ = false;
    bool debug_ = false;
    std::string position_line_ = "position startpos";  // the last accepted position command
};

}  // namespace sen
