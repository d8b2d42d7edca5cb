// The pieces a chess move changes, for the incremental update of the network's accumulators
// (nnue/network.h's AccumulatorStack): a template over the feature set, so that the tests can
// drive the same update for networks of other shapes than the engine's.
#pragma once

#include "chess/position.h"
#include "nnue/network.h"

namespace sen::chess::nnue {

// The pieces the move of `st` changed, `mover` having made it: at most two come and two go
// (castling: king and rook; a capture with promotion: the pawn and the victim go, the new
// piece comes).
template <sen::nn::FeatureSet F>
void move_delta(const StateInfo& st, Color mover, sen::nn::MoveDelta<F>& delta) {
    const Move m = st.move;
    const Square from = m.from(), to = m.to();
    if (m.kind() == MoveKind::Castling) {
        const CastlingRights right = castling_right(mover, to > from);
        const Piece king = make_piece(mover, KING), rook = make_piece(mover, ROOK);
        delta.sub(king, from);
        delta.sub(rook, to);
        delta.add(king, castling_king_to(right));
        delta.add(rook, castling_rook_to(right));
        return;
    }
    delta.sub(st.moved, from);
    delta.add(m.kind() == MoveKind::Promotion ? make_piece(mover, m.promotion()) : st.moved, to);
    if (st.captured != NO_PIECE) delta.sub(st.captured, m.kind() == MoveKind::EnPassant ? to - pawn_push(mover) : to);
}

}  // namespace sen::chess::nnue
