// Move ordering: history tables and the picker that hands the search its moves best-first.
//
// Templates over the game (game.h): the tables take their dimensions from it, and the picker
// asks it which moves are noisy and what they win. The picker generates legal moves (so a move
// from the hash table or a killer slot needs no separate validation: it is only tried if the
// generator produced it), scores them, and selects the best remaining one on each call. Order:
// hash move, noisy moves that do not lose material (most valuable victim first), killers,
// counter-move, quiet moves by history, then losing noisy moves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/game.h"
#include "core/search_params.h"

namespace sen {

constexpr int HISTORY_MAX = 16384;

// History update with gravity: the bonus shrinks as the value approaches its bound, so old
// information fades and values stay within [-HISTORY_MAX, HISTORY_MAX].
inline void update_history(std::int16_t& entry, int bonus) {
    const int clamped = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
    entry = std::int16_t(entry + clamped - entry * (clamped < 0 ? -clamped : clamped) / HISTORY_MAX);
}

// Indexed by the previous move's piece and destination, then the current move's.
template <SearchGame Game>
using PieceToHistory = std::int16_t[Game::PIECE_NB][Game::SQUARE_NB];

template <SearchGame Game>
struct Histories {
    using Move = typename Game::Move;
    std::int16_t butterfly[COLOR_NB][Game::SQUARE_NB][Game::SQUARE_NB];      // quiet moves by from/to
    std::int16_t capture[Game::PIECE_NB][Game::SQUARE_NB][Game::VICTIM_NB];  // noisy moves by piece, to, victim
    PieceToHistory<Game> continuation[Game::PIECE_NB][Game::SQUARE_NB];      // follow-ups of the move 1 and 2 plies back
    Move counter[Game::PIECE_NB][Game::SQUARE_NB];                           // reply to the previous move
    // Static-eval correction by side to move and pawn structure (see the search's corrected_eval),
    // in 1/CORRECTION_GRAIN centipawns.
    static constexpr int CORRECTION_SIZE = 16384;
    static constexpr int CORRECTION_GRAIN = 256;
    static SEN_PARAM_CONSTEXPR int correction_limit() { return params::CORRECTION_MAX * CORRECTION_GRAIN; }
    std::int16_t correction[COLOR_NB][CORRECTION_SIZE];

    void clear() {
        std::memset(butterfly, 0, sizeof butterfly);
        std::memset(capture, 0, sizeof capture);
        std::memset(continuation, 0, sizeof continuation);
        std::memset(correction, 0, sizeof correction);
        for (auto& row : counter)
            for (Move& m : row) m = Move::none();
    }
};

template <SearchGame Game>
class MovePicker {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;
    using MoveList = typename Game::MoveList;

    // Main search: every legal move. `continuations` are the history rows of the moves one and
    // two plies back (nullptr when absent).
    MovePicker(const Position& pos, Move tt_move, const Histories<Game>& histories, const Move killers[2], Move counter,
               const PieceToHistory<Game>* const continuations[2])
        : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{killers[0], killers[1]},
          counter_(counter), continuations_{continuations[0], continuations[1]} {
        Game::generate_all(pos, list_);
        end_ = list_.size();
    }
    // Quiescence search: noisy moves only, or every evasion when in check.
    MovePicker(const Position& pos, Move tt_move, const Histories<Game>& histories)
        : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{Move::none(), Move::none()},
          counter_(Move::none()), continuations_{nullptr, nullptr} {
        if (pos.in_check()) Game::generate_all(pos, list_);
        else Game::generate_noisy(pos, list_);
        end_ = list_.size();
    }

    // The next move, or Move::none() when exhausted.
    Move next();
    // Whether the move last returned was scored as a losing noisy move.
    bool last_was_bad_noisy() const { return last_score_ < BAD_NOISY_CEILING; }
    // Drops the quiet moves not yet returned: the search has pruned the rest of them (late-move
    // or futility pruning) and wants only the noisy moves left, which no longer wait behind a
    // selection scan over every pruned quiet move.
    void skip_quiets();
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
    const Histories<Game>& histories_;
    Move tt_move_;
    Move killers_[2];
    Move counter_;
    const PieceToHistory<Game>* continuations_[2];
    bool scored_ = false;

    MoveList list_;
    int scores_[MoveList::CAPACITY];
    std::size_t next_ = 0;
    std::size_t end_ = 0;  // moves from end_ on in list_ were dropped by skip_quiets
    bool skipping_quiets_ = false;
    int last_score_ = 0;
};

template <SearchGame Game>
void MovePicker<Game>::score() {
    const Histories<Game>& h = histories_;
    const int us = index_of(pos_.side_to_move());
    for (std::size_t i = next_; i < end_; ++i) {
        const Move m = list_[i];
        const auto mover = pos_.piece_on(m.from());
        int s;
        if (Game::is_noisy(pos_, m)) {
            s = params::MVV_SCALE * Game::noisy_value(pos_, m) +
                h.capture[mover][m.to()][Game::victim(pos_, m)] / params::CAPTURE_HISTORY_DIVISOR;
            s += Game::see_ge(pos_, m, 0) ? GOOD_NOISY : BAD_NOISY;
        } else if (m == killers_[0]) {
            s = KILLER_SCORE + 2;
        } else if (m == killers_[1]) {
            s = KILLER_SCORE + 1;
        } else if (m == counter_) {
            s = KILLER_SCORE;
        } else {
            s = h.butterfly[us][m.from()][m.to()];
            for (int k = 0; k < 2; ++k)
                if (continuations_[k]) s += (*continuations_[k])[mover][m.to()];
            if (Game::demote_quiet(m)) s -= 4 * HISTORY_MAX;
        }
        scores_[i] = s;
    }
}

template <SearchGame Game>
typename Game::Move MovePicker<Game>::next() {
    if (next_ >= end_) return Move::none();
    Move* moves = list_.begin();
    if (next_ == 0 && tt_move_) {
        for (std::size_t i = 0; i < end_; ++i)
            if (moves[i] == tt_move_) {
                std::swap(moves[i], moves[0]);
                last_score_ = TT_SCORE;
                ++next_;
                return moves[0];
            }
    }
    if (!scored_) {
        score();
        scored_ = true;
    }
    // The highest score, the earliest such move on a tie: one key per move, score above and the
    // index's complement below, so that a branch-free maximum finds it. The branchy scan it
    // replaces mispredicted on about every other move.
    static_assert(MoveList::CAPACITY <= 0x10000);
    std::int64_t best_key = INT64_MIN;
    for (std::size_t i = next_; i < end_; ++i) best_key = std::max(best_key, std::int64_t(scores_[i]) * 0x10000 + std::int64_t(0xFFFF - i));
    const std::size_t best = 0xFFFF - std::size_t(best_key & 0xFFFF);
    std::swap(moves[best], moves[next_]);
    std::swap(scores_[best], scores_[next_]);
    last_score_ = scores_[next_];
    return moves[next_++];
}

template <SearchGame Game>
void MovePicker<Game>::skip_quiets() {
    if (skipping_quiets_) return;
    skipping_quiets_ = true;
    // Keeps the noisy moves in their order (and with their scores, when scored already).
    Move* moves = list_.begin();
    std::size_t kept = next_;
    for (std::size_t i = next_; i < end_; ++i)
        if (Game::is_noisy(pos_, moves[i])) {
            moves[kept] = moves[i];
            scores_[kept] = scores_[i];
            ++kept;
        }
    end_ = kept;
}

}  // namespace sen
