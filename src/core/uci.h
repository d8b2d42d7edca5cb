// The UCI protocol front-end: reads command lines, turns them into engine calls, and prints UCI's
// text (the CECP session, xboard.h, prints CECP's; main.cpp picks one by the first command).
//
// The session knows no game: the program hands it a list of games (UciSetup, built outside core
// by src/games.cpp), and a GameSlot (core/game_slot.h) keeps the active one, its engine settings
// and the options both protocols share; the option UCI_Variant picks the game, the first listed
// being the default. All options are entries of one table (core/uci_options.h) that both `uci`
// and `setoption` read. Switching the variant is refused during a search.
//
// Pikafish's dialect, for the GUIs that speak UCI as Pikafish does (the game's docs): the
// game with a notation of ranks from 0 (GameEntry::ranks_from_zero) is played in that notation.
// The session enters it on `ucicyclone` (answered as `uci`), and, while no setoption has set
// UCI_Variant, on a `position fen` that only that game reads or on a bare `fen ...`/`startpos
// ...` line (a `position` command without its keyword). Setting UCI_Variant after that dialect
// was found on its own leaves it: a GUI that names the variant gets Fairy-Stockfish's notation.
//
// Every line is handled on the input thread; searches run on the engine's thread, so `isready`
// and `stop` are answered at once during a search. Bad input (a broken FEN, an illegal move, an
// unknown command or option, a bad number) gets one `info string error: ...` line and changes
// nothing. Output lines are written whole and flushed under a lock, since the search thread
// prints too.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/game_slot.h"
#include "core/go_params.h"
#include "core/text_session.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

// Parses the fields of a `go` command, exposed for tests. Errors are appended as human-readable
// sentences; `searchmoves` takes the rest of the line as move texts, for the game front to read.
GoParams parse_go(const std::vector<std::string_view>& tokens, std::vector<std::string>& errors);

// A search report as UCI's `info depth ...` line.
std::string info_line(const TextReport& report);

class UciSession final : public TextSession {
public:
    // A new session starts from the defaults of every option.
    UciSession(Output& out, UciSetup setup);
    ~UciSession() override;

    // Handles one input line; returns false after `quit`.
    bool handle_line(std::string_view line) override;

private:
    void cmd_uci();
    // Plays the game of ranks from 0 in that notation; `chosen`: asked for by `ucicyclone`, so
    // that UCI_Variant does not leave it. False when no game has that notation.
    bool enter_ranks_from_zero(bool chosen);
    void leave_ranks_from_zero();
    void cmd_position(std::string_view line);
    void cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start);
    void cmd_perft(int depth);
    void cmd_bench(const std::vector<std::string_view>& tokens);
    // OptionHost: UCI's lines for what option actions report. error() prints at once.
    void info(std::string_view text) override;
    void error(std::string_view message) override;

    std::string help_;
    bool debug_ = false;
    // Pikafish's dialect: off, found on its own (left when UCI_Variant is set), or asked for.
    enum class Dialect : std::uint8_t { Plain, Found, Chosen } dialect_ = Dialect::Plain;
    int variant_choices_ = 0;  // slot_.variant_choices() when the dialect was entered
};

}  // namespace sen
