// Move ordering: history tables and the picker that hands the search its moves best-first.
//
// The picker generates legal moves (so a move from the hash table or a killer slot needs no
// separate validation: it is only tried if the generator produced it), scores them, and
// selects the best remaining one on each call. Order: hash move, captures and queen
// promotions that do not lose material (most valuable victim first), killers, counter-move,
// quiet moves by history, then losing captures.
#pragma once

#include <cstdint>

#include "movegen.h"

namespace sen {

constexpr int HISTORY_MAX = 16384;

// Noisy moves change the material: captures (en passant included) and promotions to a queen.
// Everything else, castling too (stored as king-takes-rook), is quiet.
inline bool is_noisy(const Position& pos, Move m) {
    return (!pos.empty(m.to()) && m.kind() != MoveKind::Castling) || m.kind() == MoveKind::EnPassant ||
           (m.kind() == MoveKind::Promotion && m.promotion() == QUEEN);
}

// History update with gravity: the bonus shrinks as the value approaches its bound, so old
// information fades and values stay within [-HISTORY_MAX, HISTORY_MAX].
inline void update_history(std::int16_t& entry, int bonus) {
    const int clamped = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
    entry = std::int16_t(entry + clamped - entry * (clamped < 0 ? -clamped : clamped) / HISTORY_MAX);
}

// Indexed by the previous move's piece and destination, then the current move's.
using PieceToHistory = std::int16_t[PIECE_NB][SQUARE_NB];

struct Histories {
    std::int16_t butterfly[COLOR_NB][SQUARE_NB][SQUARE_NB];          // quiet moves by from/to
    std::int16_t capture[PIECE_NB][SQUARE_NB][PIECE_TYPE_NB];        // captures by piece, to, victim
    PieceToHistory continuation[PIECE_NB][SQUARE_NB];                // follow-ups of the move 1 and 2 plies back
    Move counter[PIECE_NB][SQUARE_NB];                               // reply to the previous move
    void clear();
};

class MovePicker {
public:
    // Main search: every legal move. `continuations` are the history rows of the moves one and
    // two plies back (nullptr when absent).
    MovePicker(const Position& pos, Move tt_move, const Histories& histories, const Move killers[2], Move counter,
               const PieceToHistory* const continuations[2]);
    // Quiescence search: noisy moves only, or every evasion when in check.
    MovePicker(const Position& pos, Move tt_move, const Histories& histories);

    // The next move, or Move::none() when exhausted.
    Move next();
    // Whether the move last returned was scored as a losing capture.
    bool last_was_bad_noisy() const { return last_score_ < BAD_NOISY_CEILING; }
    std::size_t size() const { return list_.size(); }

private:
    static constexpr int TT_SCORE = 1 << 30;
    static constexpr int GOOD_NOISY = 1 << 28;
    static constexpr int KILLER_SCORE = 1 << 27;
    static constexpr int BAD_NOISY = -(1 << 28);
    static constexpr int BAD_NOISY_CEILING = -(1 << 27);

    void score();

    // The hash move is returned before the others are scored: it often refutes the node at once.
    const Position& pos_;
    const Histories& histories_;
    Move tt_move_;
    Move killers_[2];
    Move counter_;
    const PieceToHistory* continuations_[2];
    bool scored_ = false;

    MoveList list_;
    int scores_[MoveList::CAPACITY];
    std::size_t next_ = 0;
    int last_score_ = 0;
};

}  // namespace sen
