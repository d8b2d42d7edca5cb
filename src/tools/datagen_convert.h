// `sen datagen-convert`: text training data (training_data.h's lines) into binary game files
// (game_file.h), so that old data joins new in the compact format; and back to text.
//
// The lines of a game hold only its recorded positions; the plies between two of them (captures,
// checks, the opening) are found again by a short search for the move sequence that leads from
// one to the next in the plies their move numbers say, and stored as unrecorded plies. Where no
// sequence is found (within CONVERT_BRIDGE_PLIES plies and CONVERT_BRIDGE_NODES positions), the
// game jumps to the next position's FEN instead: bigger, never wrong.
// Games are those read_records() finds (the ply rule), split further where the result changes.
// Owns: turning records into games. Never touches the byte layout (game_file.h) or the line
// format (training_data.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/game_file.h"

namespace sen {

constexpr int CONVERT_BRIDGE_PLIES = 6;
constexpr int CONVERT_BRIDGE_NODES = 20000;

struct ConvertStats {
    std::uint64_t records = 0;  // converted
    std::uint64_t games = 0;
    std::uint64_t bridged_plies = 0;  // unrecorded plies found again
    std::uint64_t jumps = 0;          // gaps stored as a FEN
    std::uint64_t bad_lines = 0;      // malformed lines, and FENs that are not positions of the game
};

// Reads the text files in order and hands each game to `sink` (false stops: a write error).
// Returns what could not be read, if anything.
std::optional<std::string> convert_text_games(const std::vector<std::string>& inputs, GameId game,
                                              const std::function<bool(const GameRecord&)>& sink, ConvertStats& stats);

}  // namespace sen
