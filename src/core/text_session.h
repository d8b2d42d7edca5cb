// What the text protocols over the game slot share (uci.h, ucci.h): the slot with its option
// table, the last accepted position command, the input loop, and the OptionHost calls that need
// nothing else. Each protocol adds its commands and writes its own info and error lines; the CECP
// session (xboard.h) plays whole games instead and has its own state.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/game_slot.h"
#include "core/uci_options.h"
#include "core/uci_text.h"

namespace sen {

class TextSession : protected OptionHost {
public:
    virtual ~TextSession();

    // Handles one input line; returns false after `quit`.
    virtual bool handle_line(std::string_view line) = 0;
    // Reads lines until `quit` or end of input, which counts as quit: a search still running is
    // stopped and waited for.
    void run(std::istream& in);

protected:
    TextSession(Output& out, std::vector<GameEntry> games);

    // The line's tokens, or nothing when it is blank or too long to read (that gets an error).
    std::optional<std::vector<std::string_view>> read_tokens(std::string_view line);

    // OptionHost, the calls every text protocol answers the same way.
    bool searching() const override;
    void wait() override;
    std::string_view variant() const override;
    // Replaying the last position command keeps the game history (for repetitions); if its moves
    // no longer read in the new notation, the FEN will do.
    void reread_position() override;

    GameFront& game() const { return slot_.game(); }
    EngineControl& engine() const { return slot_.engine(); }

    Output& out_;
    GameSlot slot_;
    OptionTable options_;
    std::string position_line_ = "position startpos";  // the last accepted position command
};

}  // namespace sen
