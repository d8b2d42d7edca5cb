// Chess960 and Double Fischer Random start positions, by their standard (Scharnagl) numbers.
//
// Owns: the back-rank arrangement of a start number, and the FEN of a start position. Never
// touches a Position: the FEN is read with set_fen(fen, /*chess960=*/true) like any other.
// Invariant: number 518 is the standard arrangement (RNBQKBNR).
#pragma once

#include <string>

namespace sen::chess {

constexpr int CHESS960_POSITIONS = 960;

// The back rank of start number `number` (0-959), White's pieces in upper case, file a first:
// the light-squared bishop, the dark-squared bishop, the queen and the knights placed by the
// number's digits in turn, then rook, king, rook on the three squares left.
std::string chess960_back_rank(int number);

// A Double Fischer Random start: White's back rank from `white_number`, Black's (mirrored onto
// the eighth rank) from `black_number`, all pawns home and full castling rights (KQkq, which
// set_fen resolves to the outermost rooks). Equal numbers give a Chess960 start.
std::string dfrc_start_fen(int white_number, int black_number);

}  // namespace sen::chess
