// Text helpers shared by the games' FEN readers and writers and board diagrams.
//
// Owns only string handling: splitting a FEN into its fields, reading its move counters,
// writing a board's piece placement and drawing the board. Knows no game: a board comes in as
// its number of files and ranks and a function giving the letter on each point (' ' for an
// empty one), file 0 and rank 0 being a1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sen::text {

// The fields of a line separated by spaces or tabs (runs of them count as one).
std::vector<std::string_view> split_fields(std::string_view text);

// A non-negative decimal number taking all of text, as a FEN's counters are written.
std::optional<int> parse_counter(std::string_view text);

// The move counters of a FEN: the halfmove clock, and the game ply the fullmove number gives
// (2 * (fullmove - 1), plus 1 with Black to move; a fullmove number of 0 is read as 1).
struct MoveCounters {
    int halfmove = 0;
    int game_ply = 0;
};

// Reads fields 5 and 6 of a FEN split into `fields` into `out`, or, for a FEN of 4 fields, sets
// the clock to 0 and the game to its first move; an error text when a counter is malformed or
// out of range.
std::optional<std::string> parse_move_counters(const std::vector<std::string_view>& fields, bool black_to_move, MoveCounters& out);

// A key as 16 upper-case hexadecimal digits.
std::string hex_key(std::uint64_t key);

// The FEN piece placement: top rank first, ranks separated by '/', runs of empty points as
// digits.
template <typename LetterAt>
std::string placement(int files, int ranks, LetterAt letter_at) {
    std::string out;
    for (int rank = ranks - 1; rank >= 0; --rank) {
        int empties = 0;
        for (int file = 0; file < files; ++file) {
            const char letter = letter_at(file, rank);
            if (letter == ' ') {
                ++empties;
                continue;
            }
            if (empties) out += char('0' + empties);
            empties = 0;
            out += letter;
        }
        if (empties) out += char('0' + empties);
        if (rank) out += '/';
    }
    return out;
}

// The board drawn with ASCII lines, rank numbers on the right and file letters below.
template <typename LetterAt>
std::string diagram(int files, int ranks, LetterAt letter_at) {
    std::string line = " +";
    for (int file = 0; file < files; ++file) line += "---+";
    line += '\n';
    std::string out = line;
    for (int rank = ranks - 1; rank >= 0; --rank) {
        for (int file = 0; file < files; ++file) out += std::string(" | ") + letter_at(file, rank);
        out += " | " + std::to_string(rank + 1) + "\n" + line;
    }
    for (int file = 0; file < files; ++file) out += std::string("   ") + char('a' + file);
    return out + '\n';
}

}  // namespace sen::text
