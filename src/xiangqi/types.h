// Xiangqi vocabulary shared by every xiangqi module: points, pieces, moves.
//
// Owns only constexpr, header-only definitions; it knows no rules beyond the board geometry.
// The board has 9 files (a-i) and 10 ranks (1-10); a point's index is rank * 9 + file, so
// a1 = 0, i1 = 8, a10 = 81, i10 = 89. Red moves first and is the engine's Color::White (upper
// case in FEN, "w" to move); Black is Color::Black. Colour and Key are the shared ones
// (core/types.h), so that code templated over the game sees the same side_to_move() and key() types.
// A Move packs origin and destination into 16 bits (origin | destination << 7), 0 = no move,
// so the transposition table can store it as it stores a chess move.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace sen::xiangqi {

using sen::Color;
using sen::Key;
using sen::index_of;

constexpr int FILE_NB = 9;
constexpr int RANK_NB = 10;
constexpr int SQUARE_NB = 90;

// Soldier (pawn) first, general (king) last; the order is also the FEN letter order "pabncrk".
enum PieceType : std::uint8_t { NO_PIECE_TYPE, SOLDIER, ADVISOR, ELEPHANT, HORSE, CANNON, CHARIOT, GENERAL };
constexpr int PIECE_TYPE_NB = 8;

// A piece is colour * 8 + type, as in chess.
// clang-format off
enum Piece : std::uint8_t {
    NO_PIECE,
    R_SOLDIER = SOLDIER, R_ADVISOR, R_ELEPHANT, R_HORSE, R_CANNON, R_CHARIOT, R_GENERAL,
    B_SOLDIER = SOLDIER + 8, B_ADVISOR, B_ELEPHANT, B_HORSE, B_CANNON, B_CHARIOT, B_GENERAL,
};
// clang-format on
constexpr int PIECE_NB = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((index_of(c) << 3) | pt); }
constexpr PieceType piece_type(Piece p) { return PieceType(p & 7); }
constexpr Color piece_color(Piece p) { return Color(p >> 3); }

// The English name of a piece type, for messages.
constexpr const char* type_name(PieceType pt) {
    switch (pt) {
    case SOLDIER: return "soldier";
    case ADVISOR: return "advisor";
    case ELEPHANT: return "elephant";
    case HORSE: return "horse";
    case CANNON: return "cannon";
    case CHARIOT: return "chariot";
    case GENERAL: return "general";
    default: return "piece";
    }
}

// clang-format off
enum Square : std::uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1, SQ_I1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2, SQ_I2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3, SQ_I3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4, SQ_I4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5, SQ_I5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6, SQ_I6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7, SQ_I7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8, SQ_I8,
    SQ_A9, SQ_B9, SQ_C9, SQ_D9, SQ_E9, SQ_F9, SQ_G9, SQ_H9, SQ_I9,
    SQ_A10, SQ_B10, SQ_C10, SQ_D10, SQ_E10, SQ_F10, SQ_G10, SQ_H10, SQ_I10,
    SQ_NONE
};
// clang-format on

constexpr int file_of(Square s) { return s % FILE_NB; }
constexpr int rank_of(Square s) { return s / FILE_NB; }
constexpr Square make_square(int file, int rank) { return Square(rank * FILE_NB + file); }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// The same point seen from the other side: rank r <-> rank 9 - r, same file.
constexpr Square flip_rank(Square s) { return make_square(file_of(s), RANK_NB - 1 - rank_of(s)); }
// Rank counted from the colour's own back rank (0 = its first rank).
constexpr int own_rank(Color c, int rank) { return c == Color::White ? rank : RANK_NB - 1 - rank; }
// Whether a point lies on the colour's own side of the river (ranks 1-5 for Red).
constexpr bool own_half(Color c, Square s) { return own_rank(c, rank_of(s)) < 5; }

// 16-bit move: bits 0-6 origin, 7-13 destination. Xiangqi has no special moves.
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    constexpr Move(Square from, Square to) : raw_(std::uint16_t(from | (to << 7))) {}
    static constexpr Move none() { return Move(); }
    // A move that can never be generated (origin = destination = b1): the search's null move.
    static constexpr Move null() { return Move(std::uint16_t(1 | (1 << 7))); }

    constexpr Square from() const { return Square(raw_ & 127); }
    constexpr Square to() const { return Square((raw_ >> 7) & 127); }
    constexpr std::uint16_t raw() const { return raw_; }
    // Origin and destination are distinct points of the board (false for none() and null()).
    constexpr bool is_ok() const { return from() != to() && xiangqi::is_ok(from()) && xiangqi::is_ok(to()) && raw_ < (1 << 14); }
    constexpr explicit operator bool() const { return raw_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t raw_ = 0;
};

}  // namespace sen::xiangqi
