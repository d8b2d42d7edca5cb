// The chess position: board, side to move, castling and en-passant state, the game history, and
// every rule of the FIDE Laws (articles 1-9) that depends on the position alone.
//
// Owns: piece placement (a mailbox plus bitboards by type and colour), the undo stack of
// StateInfo records that make_move() pushes and unmake_move() pops, the Zobrist key, and the
// draw rules (50/75 moves, threefold/fivefold repetition, dead positions).
// Never touches: search, evaluation, the hash table or the protocol. The learned evaluation's
// accumulators live in the evaluator's own state (nnue.h's EvalState), which reads the moves
// from the states here (earlier_state), so perft and move generation carry none of it.
// Invariants: the side not to move is never in check; the key equals a full recomputation;
// the en-passant square that enters the key is set only when an en-passant capture is legal
// (art. 9.2.3: positions differ only if the *possibility* of capturing differs).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/attacks.h"
#include "chess/types.h"

namespace sen::chess {

// What make_move() saves so that unmake_move() can restore the position exactly.
struct StateInfo {
    Key key = 0;
    Bitboard checkers = 0;           // enemy pieces giving check to the side to move
    Square ep_square = SQ_NONE;      // set only when an en-passant capture is legal
    Square fen_ep_square = SQ_NONE;  // as written in FEN (may be set with no capture possible)
    std::uint8_t castling = NO_CASTLING;
    Piece captured = NO_PIECE;  // piece taken by the move that led here
    int rule50 = 0;             // plies since the last capture or pawn move
    int plies_from_null = 0;    // plies since the last null move (repetitions cannot cross it)
    Move move = Move::none();   // the move that led here
    Piece moved = NO_PIECE;     // the piece that made it (the learned evaluation's update)
};

// Outcome of the game by the rules, from the point of view of the position's current state.
enum class GameState : std::uint8_t {
    Ongoing,
    Checkmate,  // side to move is mated
    Stalemate,
    DeadPosition,         // art. 5.2.2 / 9.6.2, by material (see has_insufficient_material)
    SeventyFiveMoves,     // art. 9.6.2: automatic draw after 75 moves without capture or pawn move
    FivefoldRepetition,   // art. 9.6.1: automatic draw
    FiftyMovesClaimable,  // art. 9.3: a player may claim a draw
    ThreefoldClaimable,   // art. 9.2: a player may claim a draw
};
std::string_view to_string(GameState s);

using FenError = std::optional<std::string>;

class Position {
public:
    static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();  // the standard start position

    // Replaces the position with the one described by `fen` and returns nothing, or returns a
    // description of what is wrong and leaves the position unchanged. Accepts 4-field (EPD) and
    // 6-field FENs, castling as KQkq, X-FEN or Shredder-FEN letters.
    [[nodiscard]] FenError set_fen(std::string_view fen, bool chess960 = false);
    std::string fen() const;

    // Board queries.
    Piece piece_on(Square s) const { return board_[s]; }
    const Piece* board() const { return board_; }  // piece_on of every square, in square order
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Bitboard pieces() const { return by_type_[0]; }
    Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[index_of(c)] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[index_of(c)] & (by_type_[a] | by_type_[b]); }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    Color side_to_move() const { return side_; }
    bool is_chess960() const { return chess960_; }

    // State of the current ply.
    const StateInfo& state() const { return states_.back(); }
    // The state `plies_ago` moves (made or null) before the current one; at most history_length().
    const StateInfo& earlier_state(int plies_ago) const { return states_[states_.size() - 1 - std::size_t(plies_ago)]; }
    Key key() const { return state().key; }
    Bitboard checkers() const { return state().checkers; }
    bool in_check() const { return state().checkers != 0; }
    Square ep_square() const { return state().ep_square; }
    int castling_rights() const { return state().castling; }
    bool can_castle(CastlingRights r) const { return (state().castling & r) != 0; }
    Square castling_rook_square(CastlingRights r) const { return castling_rook_square_[castling_index(r)]; }
    // Squares that must be empty (besides the castling king and rook) for that castling.
    Bitboard castling_path(CastlingRights r) const { return castling_path_[castling_index(r)]; }
    // Squares the king crosses or lands on, which must not be attacked.
    Bitboard castling_king_path(CastlingRights r) const { return castling_king_path_[castling_index(r)]; }
    int rule50() const { return state().rule50; }
    int game_ply() const { return game_ply_; }
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    // Number of moves made since the position was set from a FEN (the depth of the undo stack).
    int history_length() const { return int(states_.size()) - 1; }
    Move last_move() const { return state().move; }
    Piece captured_piece() const { return state().captured; }

    // Attacks.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color attacker, Square s, Bitboard occupied) const;
    // Pieces of either colour that stand alone between a slider of colour `slider_color` and the king of `king_color`.
    Bitboard blockers(Color king_color, Color slider_color) const;
    // Whether capturing en passant with the pawn on `from` would leave our king safe.
    bool en_passant_is_legal(Square from) const;

    // Making moves. The move must be legal in the current position.
    void make_move(Move m);
    void unmake_move();
    void make_null_move();
    void unmake_null_move();
    bool gives_check(Move m) const;
    // Key of the position after the move, for an early hash-table prefetch (captures and
    // special moves are approximated: only the moving piece and side are accounted for).
    Key key_after(Move m) const;

    // Draw rules and game state.
    bool has_insufficient_material() const;
    // Earlier occurrences of the current position since the last irreversible move.
    int repetition_count() const;
    // For search: a repetition whose earlier occurrence lies strictly after the root (fewer than
    // ply_from_root plies back) counts as a draw at once; one reaching the root or the game
    // history before it must be the third occurrence.
    bool is_repetition(int ply_from_root) const;
    // Whether any position since the last capture, pawn move or null move occurred before it
    // too (the endgame tables' root ranking: a win then needs more than the table's distance).
    bool has_repeated() const;
    // Checks for mate/stalemate call the move generator: use in the protocol, not in search.
    GameState game_state() const;

    // Full recomputation of every derived field, compared with the incremental one.
    // Returns a description of the first inconsistency, or nothing.
    std::optional<std::string> consistency_error() const;
    Key compute_key() const;

    // A diagram of the board with the FEN, key and checkers, for the `d` command.
    std::string pretty() const;

private:
    struct Blank {};
    explicit Position(Blank);  // an empty board, for set_fen to fill
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void add_castling_right(Color c, Square rook_from);
    void finish_state();  // checkers and the en-passant legality of the current state
    void do_castling(Color us, Square king_from, Square rook_from, bool undo);
    FenError parse_fen(std::string_view fen);
    FenError validate() const;

    Piece board_[SQUARE_NB] = {};
    Bitboard by_type_[PIECE_TYPE_NB] = {};  // index 0: all pieces
    Bitboard by_color_[COLOR_NB] = {};
    Color side_ = Color::White;
    int game_ply_ = 0;
    bool chess960_ = false;
    Square castling_rook_square_[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    Bitboard castling_path_[4] = {};
    Bitboard castling_king_path_[4] = {};
    std::uint8_t castling_mask_[SQUARE_NB] = {};  // rights lost when a move touches the square
    std::vector<StateInfo> states_;
};

// Destination squares of the king and rook for a castling right (standard and Chess960 alike).
constexpr Square castling_king_to(CastlingRights r) {
    const bool black = r & BLACK_CASTLING;
    const bool king_side = r & (WHITE_OO | BLACK_OO);
    return relative_square(black ? Color::Black : Color::White, king_side ? SQ_G1 : SQ_C1);
}
constexpr Square castling_rook_to(CastlingRights r) {
    const bool black = r & BLACK_CASTLING;
    const bool king_side = r & (WHITE_OO | BLACK_OO);
    return relative_square(black ? Color::Black : Color::White, king_side ? SQ_F1 : SQ_D1);
}

char piece_to_char(Piece p);
std::string square_name(Square s);
// Parses "e4"; returns SQ_NONE when the text is not a square.
Square parse_square(std::string_view text);

}  // namespace sen::chess
