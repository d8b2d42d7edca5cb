// The games Sen plays, as the UCI session receives them: the one place that names every game
// for the protocol, so that core/ never has to. Chess comes first and is the default variant;
// xiangqi follows (UCI_Variant names them as Fairy-Stockfish does). Each entry brings its front (core/game_front.h) and the options that
// belong to it: chess adds UCI_Chess960 (its castling notation) and EvalFile (the network of the game
// being played: each game keeps its own).
#pragma once

#include "core/uci.h"

namespace sen {

// A fresh setup for one session: the games, with their options at their defaults, and the text
// of `help`. Each call makes new option state, so sessions do not share it.
UciSetup uci_setup();

}  // namespace sen
