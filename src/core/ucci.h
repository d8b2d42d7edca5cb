// The UCCI protocol front-end (ElephantEye's protocol, spoken by the GUIs that grew up with it):
// main.cpp starts it when the first command is `ucci`.
//
// UCCI plays one game: the first of the session's games that has a notation of ranks counted
// from 0 (GameEntry::ranks_from_zero), in that notation ("h2e2"). It shares the UCI session's
// game slot and option table (core/game_slot.h, core/uci_options.h) and differs in text only:
//   - `ucci` answers `id ...`, one `option <name> type ...` line per option and `ucciok`; an
//     option's UCCI name is its UCI name in lower case without blanks ("hashsize" is Hash's
//     UCCI name as well), and `setoption <name> [<value>]` has no `name`/`value` keywords; a
//     check takes on/off as well as true/false. Options of the other games and UCI_Variant are
//     not offered. UCCI's own: usemillisec (the unit of `go`'s times: seconds unless on), batch
//     (no input is read during a search), debug, and the button newgame. `promotion` (UCCI's
//     variant with promoting advisors and elephants) is not offered, but `off`/`false`, which
//     league programs send, is taken as the rules Sen plays.
//   - `banmoves <moves>`: root moves the search must not play (a GUI's ruling in a chase
//     dispute), until the next `position`. Each must be a legal move of the current position.
//   - `go [ponder|draw] {depth N|depth infinite|infinite|nodes N|time T [movestogo M|increment
//     I] [opptime T [oppmovestogo M|oppincrement I]]}`: `time` is the remaining time of the side
//     to move, `opp...` the other side's. `depth 0` answers `nobestmove` at once.
//   - `info depth D score S pv ...` after each completed iteration, then `info time T nodes N`;
//     scores in centipawns from the side to move, a mate in n plies as 10000 - n (ElephantEye's
//     scale); `info currmove X currmovenumber N`.
//   - `bestmove X [ponder Y] [draw|resign]` or `nobestmove` (no legal move, every move banned,
//     `stop` when idle). `draw`: a draw was offered (`go draw`, `ponderhit draw`) and the final
//     score is not above 0. `resign`: the search found a forced mate against the side to move.
//   - `probe <position>` answers `pophash` without fields (the hash table is not shown);
//     `quit` answers `bye`.
//
// Bad input gets one `info message error: ...` line (UCCI's way to tell the user) and changes
// nothing; lines are handled as in the UCI session (uci.h), searches on the engine's thread.
#pragma once

#include <atomic>
#include <chrono>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/game_slot.h"
#include "core/go_params.h"
#include "core/text_session.h"
#include "core/types.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

// What a UCCI `go` asks for, as the engine's GoParams, and whether a draw was offered.
struct UcciGo {
    GoParams params;
    bool draw = false;
    bool depth_zero = false;  // `go depth 0`: nothing to search
};

// Parses the fields of a UCCI `go` (tokens[0] is "go") for a position with `us` to move; times
// are seconds unless `millisec`. Problems are appended as sentences and the field is skipped.
UcciGo parse_ucci_go(const std::vector<std::string_view>& tokens, Color us, bool millisec, std::vector<std::string>& errors);

// A score on UCCI's scale: centipawns, a mate in n plies as +-(10000 - n).
int ucci_score(int score);

class UcciSession final : public TextSession {
public:
    UcciSession(Output& out, UciSetup setup);
    ~UcciSession() override;

    // Handles one input line; returns false after `quit` (end of input, in run(), says no `bye`).
    bool handle_line(std::string_view line) override;

private:
    void cmd_ucci();
    void cmd_setoption(const std::vector<std::string_view>& tokens);
    void cmd_position(std::string_view line);
    void cmd_banmoves(const std::vector<std::string_view>& tokens);
    void cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start);
    void cmd_probe(const std::vector<std::string_view>& tokens);
    // UCCI's position, banmoves and go belong to the idle state: one that comes during a search
    // (a GUI that sent stop and did not wait) stops it first, and its bestmove comes first.
    void end_search();
    // The UCI option a UCCI name stands for, or nullptr (also for options not offered here).
    const UciOption* find_option(std::string_view ucci_name) const;
    bool offered(const UciOption& option) const;

    // OptionHost: UCCI's lines for what option actions report.
    void info(std::string_view text) override;
    void error(std::string_view message) override;

    const GameEntry* game_entry_ = nullptr;  // the game UCCI plays (nullptr: none can)
    bool millisec_ = false;
    bool batch_ = false;
    bool debug_ = false;
    std::vector<std::string> banned_;  // banmoves, until the next position
    // Read on the search thread: the draw offer of the running search and its last score.
    std::atomic<bool> draw_offered_{false};
    std::atomic<int> last_score_{0};
};

}  // namespace sen
