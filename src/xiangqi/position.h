// The xiangqi position: board, side to move, the game history, and every rule that depends on
// the position alone (check, the flying-general rule, repetition with perpetual check, dead
// material, the no-capture move limit).
//
// Owns: piece placement (a mailbox, bitboards by type and colour, and a file-major copy of the
// occupancy for the file lookups of chariots and cannons), the general squares, piece counts,
// the undo stack of StateInfo records that make_move() pushes and unmake_move() pops, and the
// Zobrist key. Moves given after `position ... moves` go on the same stack, so repetition
// detection sees the game before the search's root.
// Never touches: search, evaluation, the hash table or the protocol. The learned evaluation's
// accumulators live in the evaluator's own state (nnue.h's EvalState), which reads the moves
// from the states here (earlier_state), so perft and move generation carry none of it.
// Invariants: the side not to move is never attacked (generals never face each other on an
// open file); the key equals a full recomputation; each general stands in its own palace.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xiangqi/attacks.h"
#include "xiangqi/rules.h"
#include "xiangqi/types.h"

namespace sen::xiangqi {

// What make_move() saves so that unmake_move() can restore the position exactly.
struct StateInfo {
    Key key = 0;
    Bitboard checkers = 0;      // enemy pieces attacking the general of the side to move
    int no_capture_plies = 0;   // plies since the last capture (soldier moves do not reset it)
    int plies_from_null = 0;    // plies since the last null move (repetitions cannot cross it)
    Move move = Move::none();   // the move that led here
    Piece captured = NO_PIECE;  // piece taken by that move

    Piece moved = NO_PIECE;  // the piece that made it (the learned evaluation's update)
};

// A decided game from the point of view of the side to move.
enum class GameResult : std::uint8_t { Loss, Draw, Win };

// Why a game is over (or not), for the protocol; result_of() gives the score.
enum class GameState : std::uint8_t {
    Ongoing,
    Checkmate,           // no legal move while in check: the side to move loses
    Stalemate,           // no legal move, not in check: the side to move loses too
    PerpetualCheckWin,   // threefold repetition in which only the opponent checked on every move
    PerpetualCheckLoss,  // threefold repetition in which only the side to move checked on every move
    PerpetualChaseWin,   // threefold repetition in which only the opponent chased (docs/xiangqi.md, "Chasing rules")
    PerpetualChaseLoss,  // threefold repetition in which only the side to move chased
    Repetition,          // threefold repetition otherwise: draw
    DeadMaterial,        // no chariot, horse, cannon or soldier on the board: draw
    MoveLimit,           // no capture for no_capture_limit() plies: draw
};
std::string_view to_string(GameState s);
constexpr std::optional<GameResult> result_of(GameState s) {
    switch (s) {
    case GameState::Ongoing: return std::nullopt;
    case GameState::Checkmate:
    case GameState::Stalemate:
    case GameState::PerpetualCheckLoss:
    case GameState::PerpetualChaseLoss: return GameResult::Loss;
    case GameState::PerpetualCheckWin:
    case GameState::PerpetualChaseWin: return GameResult::Win;
    case GameState::Repetition:
    case GameState::DeadMaterial:
    case GameState::MoveLimit: return GameResult::Draw;
    }
    return std::nullopt;
}

using FenError = std::optional<std::string>;

class Position {
public:
    static constexpr std::string_view START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    static constexpr int DEFAULT_NO_CAPTURE_LIMIT = RuleSettings::DEFAULT_NO_CAPTURE_LIMIT;

    // The start position, under the standard rules (RuleSettings' defaults); an engine gives
    // its positions the event's (set_rules).
    Position();

    // Replaces the position with the one described by `fen` and returns nothing, or returns a
    // description of what is wrong and leaves the position unchanged. Fields: placement, side
    // ("w" = Red, "b" = Black), then optionally "- -" and optionally the halfmove clock (plies
    // since the last capture) and fullmove number. Letters k a b n r c p; e and h are read as
    // b and n (elephant, horse). The rule settings (repetition rules, no-capture limit) are kept.
    [[nodiscard]] FenError set_fen(std::string_view fen);
    std::string fen() const;

    // Board queries.
    Piece piece_on(Square s) const { return board_[s]; }
    const Piece* board() const { return board_; }  // piece_on of every square, in square order
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Bitboard pieces() const { return by_type_[0]; }
    Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[index_of(c)] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[index_of(c)] & (by_type_[a] | by_type_[b]); }
    // The occupancy in file-major order (bit file * 10 + rank), for chariot and cannon lookups.
    Bitboard pieces_file_major() const { return occupied_fm_; }
    Square general_square(Color c) const { return general_[index_of(c)]; }
    Square king_square(Color c) const { return general_[index_of(c)]; }  // the chess name, for shared code
    int count(Piece p) const { return count_[p]; }
    Color side_to_move() const { return side_; }

    // State of the current ply.
    const StateInfo& state() const { return states_.back(); }
    // The state `plies_ago` moves (made or null) before the current one; at most history_length().
    const StateInfo& earlier_state(int plies_ago) const { return states_[states_.size() - 1 - std::size_t(plies_ago)]; }
    Key key() const { return state().key; }
    Bitboard checkers() const { return state().checkers; }
    bool in_check() const { return state().checkers != 0; }
    int no_capture_plies() const { return state().no_capture_plies; }
    int game_ply() const { return game_ply_; }
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    // Number of moves made since the position was set from a FEN (the depth of the undo stack).
    int history_length() const { return int(states_.size()) - 1; }
    Move last_move() const { return state().move; }
    Piece captured_piece() const { return state().captured; }

    // Attacks. `occupied` may differ from the board (a move being tried); cannon screens are
    // counted in it. attackers_to() lists pieces of both colours that could capture a piece on
    // s, the flying general excluded (a general only ever faces the other general).
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    // Pieces of `attacker` among `candidates` that attack a general of the other colour
    // standing on s (s in that general's palace), the facing general included.
    Bitboard general_attackers(Color attacker, Square s, Bitboard occupied, Bitboard candidates) const;
    bool general_attacked(Color attacker, Square s, Bitboard occupied, Bitboard candidates) const;
    // Whether moving our piece from `from` to `to` (a pseudo-legal move) leaves our general
    // safe: the legality test of moves the generator cannot clear in bulk.
    bool general_safe_after(Square from, Square to) const;

    // Making moves. The move must be legal in the current position.
    void make_move(Move m);
    void unmake_move();
    void make_null_move();  // never while in check
    void unmake_null_move();
    bool gives_check(Move m) const;
    // Key of the position after the move, for an early hash-table prefetch (exact).
    Key key_after(Move m) const;

    // Game-end rules.
    // Dead material: neither side has a chariot, horse, cannon or soldier. Advisors and
    // elephants never cross the river, so no general can ever be attacked again.
    bool has_insufficient_material() const;
    // The event's no-capture limit in plies; 0 turns it off.
    void set_no_capture_limit(int plies) { no_capture_limit_ = plies; }
    int no_capture_limit() const { return no_capture_limit_; }
    bool no_capture_limit_reached() const { return no_capture_limit_ > 0 && no_capture_plies() >= no_capture_limit_; }
    // The limit is reached and the side to move has a legal move (no legal move loses even
    // on the last ply). Calls the move generator.
    bool is_no_capture_draw() const;
    // Which rules judge a repetition's checks and chases (rules.h).
    void set_repetition_rules(RepetitionRules rules) { repetition_rules_ = rules; }
    RepetitionRules repetition_rules() const { return repetition_rules_; }
    // Both settings at once.
    void set_rules(const RuleSettings& rules) {
        repetition_rules_ = rules.repetition;
        no_capture_limit_ = rules.no_capture_limit;
    }
    RuleSettings rules() const { return {repetition_rules_, no_capture_limit_}; }
    // Earlier occurrences of the current position since the last capture or null move.
    int repetition_count() const;
    // For search. A repetition whose earlier occurrence lies strictly after the root (fewer
    // than ply_from_root plies back) decides at once; one reaching the root or the game before
    // it must be the third occurrence of the position. The result is judged over the plies
    // since the occurrence that decides: a side all of whose moves in that span gave check
    // loses if the other side's did not all give check (perpetual check); if neither side
    // checked with every move, a side that chased one same piece with every move loses if the
    // other side did not (perpetual chase); otherwise it is a draw. Under the Computer rules a
    // span with any check in it is a draw unless it is a perpetual check.
    // The chases are looked for only when a repetition is found.
    std::optional<GameResult> repetition_result(int ply_from_root) const { return result_of(repetition_state(ply_from_root)); }
    // The same judgement with its reason: PerpetualCheckWin/Loss, PerpetualChaseWin/Loss,
    // Repetition (a draw), or Ongoing when no repetition decides.
    GameState repetition_state(int ply_from_root) const;
    // Chasing (chase.cpp). The pieces of the opponent that the move m (legal, of the side to
    // move) would newly chase: after m, a piece of ours other than the general and soldiers
    // can capture it legally, it is not the opponent's general or an uncrossed soldier, and it
    // is unprotected (no legal recapture), or it is a chariot attacked by a horse or cannon, or
    // a chariot, horse or cannon attacked by an advisor or elephant; an attack on a piece of
    // the same type that could legally take the attacker back is an exchange, not a chase.
    // "Newly": that attacker (followed along m) did not already attack it that way before m;
    // under the Computer rules, no piece of ours attacked it that way before m.
    Bitboard chased_by(Move m) const;
    // For the protocol: calls the move generator.
    GameState game_state() const;

    // Full recomputation of every derived field, compared with the incremental one.
    // Returns a description of the first inconsistency, or nothing.
    std::optional<std::string> consistency_error() const;
    Key compute_key() const;

    // A diagram of the board with the FEN, key and checkers.
    std::string pretty() const;

private:
    struct Blank {};
    explicit Position(Blank);  // an empty board, for set_fen to fill
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    FenError parse_fen(std::string_view fen);
    FenError validate() const;
    Bitboard compute_checkers() const;
    GameState judge_cycle(int plies) const;
    // Chasing (chase.cpp), on a copy of the board that has no history.
    Position board_copy() const;
    void shift_piece(Square from, Square to);
    Bitboard chase_attackers(Color us, Square victim) const;
    bool protected_after_capture(Square attacker, Square victim) const;
    bool can_capture(Square from, Square to) const;
    Bitboard play_chase(Move m);
    // Over the last `plies` moves (no capture or null move among them): whether each side
    // (by index_of) chased one same piece with every move of it.
    std::array<bool, 2> cycle_chasers(int plies) const;

    Piece board_[SQUARE_NB] = {};
    Bitboard by_type_[PIECE_TYPE_NB] = {};  // index 0: all pieces
    Bitboard by_color_[2] = {};
    Bitboard occupied_fm_ = 0;
    Square general_[2] = {SQ_NONE, SQ_NONE};
    std::uint8_t count_[PIECE_NB] = {};
    Color side_ = Color::White;
    int game_ply_ = 0;
    int no_capture_limit_ = DEFAULT_NO_CAPTURE_LIMIT;
    RepetitionRules repetition_rules_ = RepetitionRules::Asian;
    std::vector<StateInfo> states_;
};

char piece_to_char(Piece p);
// "a1" .. "i10"; "-" for SQ_NONE.
std::string square_name(Square s);
// Parses "e1" or "h10"; returns SQ_NONE when the text is not a point of the board.
Square parse_square(std::string_view text);

}  // namespace sen::xiangqi
