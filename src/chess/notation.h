// Move text in UCI coordinate notation: e2e4, e7e8q, and castling as e1g1 in standard chess or
// king-takes-rook (e1h1) in Chess960, as the UCI specification asks.
//
// xboard (CECP) uses the same coordinates, except for castling in Fischer Random (its
// "fischerandom"), which it sends as O-O and O-O-O: the move text of one square pair cannot tell
// a king's step onto its own rook from a capture in every set-up.
//
// Parsing goes through the legal move list, so text that names no legal move is rejected and
// nothing built from user input ever reaches make_move unchecked.
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"

namespace sen::chess {

std::string move_to_uci(Move m, bool chess960);
// The legal move the text names in this position, or Move::none().
Move parse_uci_move(const Position& pos, std::string_view text);

// Move text for xboard: UCI text, but castling as O-O / O-O-O when `chess960` is set.
std::string move_to_xboard(Move m, bool chess960);
// Reads xboard's move text: what parse_uci_move reads, plus O-O and O-O-O (also with zeros).
Move parse_xboard_move(const Position& pos, std::string_view text);

}  // namespace sen::chess
