// Basic chess vocabulary shared by every chess module: squares, pieces, moves (the colours and
// the key are core/types.h's, shared with xiangqi).
//
// Everything here is constexpr and header-only. Squares run a1 = 0 .. h8 = 63 (little-endian
// rank-file mapping). A Move packs from/to/kind/promotion into 16 bits so the transposition
// table can store it; castling is encoded as "king takes own rook", which serves standard chess
// and Chess960 alike (the protocol layer converts to e1g1 notation when needed).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace sen::chess {

using Bitboard = std::uint64_t;

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING };
constexpr int PIECE_TYPE_NB = 7;

// A piece is colour * 8 + type, so that piece_type() and piece_color() are a mask and a shift.
// clang-format off
enum Piece : std::uint8_t {
    NO_PIECE,
    W_PAWN = PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = PAWN + 8, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
};
// clang-format on
constexpr int PIECE_NB = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((index_of(c) << 3) | pt); }
constexpr PieceType piece_type(Piece p) { return PieceType(p & 7); }
constexpr Color piece_color(Piece p) { return Color(p >> 3); }

// clang-format off
enum Square : std::uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE
};
// clang-format on
constexpr int SQUARE_NB = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// The same square seen from Black's side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
constexpr Square relative_square(Color c, Square s) { return c == Color::White ? s : flip_rank(s); }
constexpr int relative_rank(Color c, int rank) { return c == Color::White ? rank : 7 - rank; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }

// Direction of a pawn push for colour c, in square-index units.
constexpr int pawn_push(Color c) { return c == Color::White ? 8 : -8; }

// Castling rights: one bit per (colour, side). The rook's starting square for each right is kept
// by the position, which is what makes Chess960 work with the same code.
// clang-format off
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
    WHITE_CASTLING = WHITE_OO | WHITE_OOO,
    BLACK_CASTLING = BLACK_OO | BLACK_OOO,
    ANY_CASTLING = 15,
};
// clang-format on
constexpr int CASTLING_RIGHT_NB = 16;
constexpr CastlingRights castling_right(Color c, bool king_side) { return CastlingRights((king_side ? 1 : 2) << (2 * index_of(c))); }
// Index 0..3 of a single right, for per-right tables.
constexpr int castling_index(CastlingRights r) { return r == WHITE_OO ? 0 : r == WHITE_OOO ? 1 : r == BLACK_OO ? 2 : 3; }

enum class MoveKind : std::uint16_t { Normal = 0, Promotion = 1 << 12, EnPassant = 2 << 12, Castling = 3 << 12 };

// 16-bit move: bits 0-5 origin, 6-11 destination, 12-13 kind, 14-15 promotion piece (knight..queen).
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    constexpr Move(Square from, Square to) : raw_(std::uint16_t(from | (to << 6))) {}
    static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promo = KNIGHT) {
        return Move(std::uint16_t(from | (to << 6) | static_cast<std::uint16_t>(kind) | ((promo - KNIGHT) << 14)));
    }
    static constexpr Move none() { return Move(); }
    // A move that can never be generated: used by the search for null moves.
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square(raw_ & 63); }
    constexpr Square to() const { return Square((raw_ >> 6) & 63); }
    constexpr MoveKind kind() const { return MoveKind(raw_ & (3 << 12)); }
    constexpr PieceType promotion() const { return PieceType(((raw_ >> 14) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return raw_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return raw_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t raw_ = 0;
};

}  // namespace sen::chess
