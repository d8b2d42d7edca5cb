// Move text in UCI coordinate notation: e2e4, e7e8q, and castling as e1g1 in standard chess or
// king-takes-rook (e1h1) in Chess960, as the UCI specification asks.
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

}  // namespace sen::chess
