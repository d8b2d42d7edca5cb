// The chess network's place in the engine: the active network, the pieces a chess move changes
// (the incremental update of the position's accumulators), and the evaluation.
#include "chess/nnue.h"

#include "chess/position.h"
#include "nnue/active_network.h"

namespace sen::chess {
// Defined in the source the build generates from nets/default.nnue (cmake/embed_file.cmake).
std::span<const unsigned char> embedded_network_bytes();
}  // namespace sen::chess

namespace sen::chess::nnue {

namespace {

sen::nn::ActiveNetwork<ChessFeatures> networks(embedded_network_bytes());

// The pieces the move of `st` changed, `mover` having made it: at most two come and two go
// (castling: king and rook; a capture with promotion: the pawn and the victim go, the new
// piece comes).
void move_delta(const StateInfo& st, Color mover, sen::nn::MoveDelta<ChessFeatures>& delta) {
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

}  // namespace

sen::nn::ActiveNetwork<ChessFeatures>& active() { return networks; }

const Network* active_network() { return networks.get(); }

void set_network(const Network& net) { networks.set(net); }

void clear_network() { networks.clear(); }

unsigned network_generation() { return networks.generation(); }

std::span<const unsigned char> embedded_network_file() { return networks.embedded_file(); }

void use_embedded_network() { networks.use_embedded(); }

std::optional<std::string> load_network_file(const std::string& path) { return networks.load_file(path); }

void refresh(const Position& pos, const Network& net, Accumulator& acc) { sen::nn::refresh(net, acc, pos); }

int evaluate(const Position& pos) { return output(*active_network(), pos.accumulator(), pos.side_to_move()); }

int evaluate_fresh(const Position& pos, const Network& net) { return sen::nn::evaluate_fresh(pos, net); }

}  // namespace sen::chess::nnue

namespace sen::chess {

const nnue::Accumulator& Position::accumulator() const {
    const nnue::Network& net = *nnue::active_network();
    return accumulator_cache_.get(
        states_, net, nnue::network_generation(), side_, [&](nnue::Accumulator& acc) { nnue::refresh(*this, net, acc); }, nnue::move_delta);
}

}  // namespace sen::chess
