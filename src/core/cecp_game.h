// Playing a game move by move, as the CECP session (xboard.h) does: moves one at a time in
// xboard's coordinates, taken back with undo, the end of a game judged by game_end. Only CECP
// needs these; the active game's front (GameFront::cecp, core/game_front.h) provides them.
//
// The move a search chooses becomes part of the game: the search thread only records it (it
// must not touch the engine's position), and the protocol thread makes it at the next command
// that reads or changes the game (settle). The move is recorded before it is reported, so a
// reply that the GUI sends to it always finds it made.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/game_front.h"
#include "core/go_params.h"

namespace sen {

struct CecpCallbacks {
    std::function<void(const TextReport&)> on_report;
    // The chosen move ("" when the side to move has none), the reply the search expects to it
    // ("" for none: the guess to ponder on) and the state of the game after the move (at the
    // root when there is no move). Called on the search thread once the move is recorded.
    std::function<void(const std::string& move, const std::string& reply, const GameEnd& end)> on_bestmove;
};

class CecpGame {
public:
    // Each of these first makes the move of a finished search (settle). set_fen and set_start
    // begin a new game history.
    virtual FenError set_fen(std::string_view fen) = 0;
    virtual void set_start() = 0;
    // Makes the move the text names (xboard coordinates); false, and nothing changes, when it
    // names no legal move.
    virtual bool play(std::string_view text) = 0;
    // Takes back the last move of the game; false when there is none since the game began.
    virtual bool undo() = 0;
    // Whether the text names the last move of the game, read as play() would have read it
    // before that move was made (a ponder hit: the opponent played the move pondered on).
    virtual bool names_last_move(std::string_view text) const = 0;
    // Moves played since the game began (set_fen, set_start, GameFront::set_position).
    virtual int plies() const = 0;
    virtual Color side_to_move() const = 0;
    virtual GameEnd game_end() const = 0;
    virtual std::uint64_t legal_move_count() const = 0;
    // Starts a search that reports in xboard's move text; its move is made by settle().
    virtual void go(const GoParams& params, std::chrono::steady_clock::time_point start, CecpCallbacks callbacks) = 0;
    // Makes the move that the last go search chose, if it has not been made yet. Protocol
    // thread only; the search may still be finishing (the engine's position is not its copy).
    virtual void settle() = 0;
    // Forgets the move of a search that was stopped to be thrown away (analysis, force).
    virtual void discard_move() = 0;

protected:
    ~CecpGame() = default;
};

}  // namespace sen
