// The chess network's place in the engine: the active network, the incremental update of the
// evaluation state's accumulators (by nnue_update.h's pieces a move changes), and the evaluation.
#include "chess/nnue.h"

#include "chess/nnue_update.h"
#include "chess/position.h"
#include "nnue/active_network.h"

namespace sen::chess {
// Defined in the source the build generates from nets/default.nnue (cmake/embed_file.cmake).
std::span<const unsigned char> embedded_network_bytes();
}  // namespace sen::chess

namespace sen::chess::nnue {

namespace {

sen::nn::ActiveNetwork<ChessFeatures> networks(embedded_network_bytes());

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

const Accumulator& accumulator(const Position& pos, EvalState& state) {
    return state.get(*active_network(), network_generation(), pos, move_delta<ChessFeatures>);
}

int evaluate(const Position& pos, EvalState& state) { return output(*active_network(), accumulator(pos, state), pos.side_to_move()); }

int evaluate_fresh(const Position& pos, const Network& net) { return sen::nn::evaluate_fresh(pos, net); }

}  // namespace sen::chess::nnue
