// The chess network's place in the engine: the built-in network, the incremental update of the
// evaluation state's accumulators (by nnue_update.h's pieces a move changes), and the evaluation.
#include "chess/nnue.h"

#include "chess/nnue_update.h"
#include "chess/position.h"
#include "nnue/shared_network.h"

namespace sen::chess {
// Defined in the source the build generates from nets/default.nnue (cmake/embed_file.cmake).
std::span<const unsigned char> embedded_network_bytes();
}  // namespace sen::chess

namespace sen::chess::nnue {

sen::nn::SharedNetwork<ChessFeatures> built_in_network() {
    static const sen::nn::SharedNetwork<ChessFeatures> NET = sen::nn::parse_built_in<ChessFeatures>(embedded_network_bytes());
    return NET;
}

std::span<const unsigned char> embedded_network_file() { return embedded_network_bytes(); }

void refresh(const Position& pos, const Network& net, Accumulator& acc) { sen::nn::refresh(net, acc, pos); }

const Accumulator& accumulator(const Position& pos, EvalState& state) { return state.get(pos, move_delta<ChessFeatures>); }

int evaluate(const Position& pos, EvalState& state) {
    return output(*state.network(), accumulator(pos, state), pos.side_to_move(), sen::nn::output_bucket_of<ChessFeatures>(pos));
}

int evaluate_fresh(const Position& pos, const Network& net) { return sen::nn::evaluate_fresh(pos, net); }

}  // namespace sen::chess::nnue
