// Xiangqi move text in the coordinate notation Fairy-Stockfish uses over UCI: origin and
// destination points, file letter a-i then rank number 1-10 ("h3e3", "h10g8", "a1a10").
//
// xboard (CECP) writes the same points with ranks counted from 0 ("h2e2", "h9g7"), as it does
// on every board of ten ranks.
//
// Owns: turning moves into text and text into moves. Parsing goes through the position's
// rules (is_pseudo_legal, then the safety of the general), so text that names no legal move
// is rejected with a reason and nothing built from user input reaches make_move unchecked.
#pragma once

#include <string>
#include <string_view>

#include "xiangqi/position.h"

namespace sen::xiangqi {

// "h3e3"; "0000" for the null move, "(none)" for no move.
std::string move_to_uci(Move m);

// The result of reading move text: a legal move, or the reason there is none.
struct ParsedMove {
    Move move = Move::none();
    std::string error;  // empty when `move` is set
};
ParsedMove parse_move(const Position& pos, std::string_view text);

// The legal move the text names in this position, or Move::none() (the chess interface).
inline Move parse_uci_move(const Position& pos, std::string_view text) { return parse_move(pos, text).move; }

// The same in xboard's coordinates: ranks 0-9.
std::string move_to_xboard(Move m);
ParsedMove parse_xboard_move(const Position& pos, std::string_view text);

}  // namespace sen::xiangqi
