#include "movepick.h"

#include <cstring>

#include "see.h"

namespace sen {

void Histories::clear() {
    std::memset(butterfly, 0, sizeof butterfly);
    std::memset(capture, 0, sizeof capture);
    std::memset(continuation, 0, sizeof continuation);
    for (auto& row : counter)
        for (Move& m : row) m = Move::none();
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& histories, const Move killers[2], Move counter,
                       const PieceToHistory* const continuations[2])
    : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{killers[0], killers[1]}, counter_(counter),
      continuations_{continuations[0], continuations[1]} {
    generate<GenKind::All>(pos, list_);
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& histories)
    : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{Move::none(), Move::none()}, counter_(Move::none()),
      continuations_{nullptr, nullptr} {
    if (pos.in_check()) generate<GenKind::All>(pos, list_);
    else generate<GenKind::Noisy>(pos, list_);
}

void MovePicker::score() {
    const Histories& h = histories_;
    const int us = index_of(pos_.side_to_move());
    for (std::size_t i = next_; i < list_.size(); ++i) {
        const Move m = list_[i];
        const Piece mover = pos_.piece_on(m.from());
        int s;
        if (is_noisy(pos_, m)) {
            const PieceType victim = m.kind() == MoveKind::EnPassant ? PAWN : piece_type(pos_.piece_on(m.to()));
            const int value = SEE_VALUE[victim] + (m.kind() == MoveKind::Promotion ? SEE_VALUE[QUEEN] : 0);
            s = 16 * value + h.capture[mover][m.to()][victim] / 16;
            s += see_ge(pos_, m, 0) ? GOOD_NOISY : BAD_NOISY;
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
            // Under-promotions are almost never right: keep them last among quiets.
            if (m.kind() == MoveKind::Promotion) s -= 4 * HISTORY_MAX;
        }
        scores_[i] = s;
    }
}

Move MovePicker::next() {
    if (next_ >= list_.size()) return Move::none();
    Move* moves = list_.begin();
    if (next_ == 0 && tt_move_) {
        for (std::size_t i = 0; i < list_.size(); ++i)
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
    std::size_t best = next_;
    for (std::size_t i = next_ + 1; i < list_.size(); ++i)
        if (scores_[i] > scores_[best]) best = i;
    std::swap(moves[best], moves[next_]);
    std::swap(scores_[best], scores_[next_]);
    last_score_ = scores_[next_];
    return moves[next_++];
}

}  // namespace sen
