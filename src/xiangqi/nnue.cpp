// The xiangqi network's place in the engine: the built-in network, the pieces a move changes (the
// incremental update of the evaluation state's accumulators), and the evaluation.
#include "xiangqi/nnue.h"

#include "nnue/shared_network.h"
#include "xiangqi/position.h"

namespace sen::xiangqi {
// Defined in the source the build generates from SEN_XIANGQI_NETWORK (empty without one).
std::span<const unsigned char> embedded_network_bytes();
}  // namespace sen::xiangqi

namespace sen::xiangqi::nnue {

namespace {

// The pieces the move of `st` changed: the mover leaves its point for another, and a victim, if
// any, leaves the board. Xiangqi has no other kind of move.
void move_delta(const StateInfo& st, Color, sen::nn::MoveDelta<XiangqiFeatures>& delta) {
    delta.sub(st.moved, st.move.from());
    delta.add(st.moved, st.move.to());
    if (st.captured != NO_PIECE) delta.sub(st.captured, st.move.to());
}

}  // namespace

sen::nn::SharedNetwork<XiangqiFeatures> built_in_network() {
    static const sen::nn::SharedNetwork<XiangqiFeatures> NET = sen::nn::parse_built_in<XiangqiFeatures>(embedded_network_bytes());
    return NET;
}

std::span<const unsigned char> embedded_network_file() { return embedded_network_bytes(); }

const Accumulator& accumulator(const Position& pos, EvalState& state) { return state.get(pos, move_delta); }

int evaluate(const Position& pos, EvalState& state) {
    return sen::nn::output(*state.network(), accumulator(pos, state), pos.side_to_move(), sen::nn::output_bucket_of<XiangqiFeatures>(pos));
}

}  // namespace sen::xiangqi::nnue
