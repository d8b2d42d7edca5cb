// Networks as engines hold them (network.h's SharedNetwork): the one built into the binary, or
// one read from a file (the UCI option EvalFile). Each engine holds its own choice, so two
// engines of one game in a process may evaluate with different networks; a network, once made,
// is never changed, so they and their search threads share it without locks.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>

#include "nnue/network_file.h"

namespace sen::nn {

// The name that stands for the network built into the binary (EvalFile's default, nnue-train's
// --init), in every game.
inline constexpr std::string_view BUILT_IN_NETWORK = "<built-in>";

// The network in `embedded`, the file built into the binary; nullptr where the build has none
// (the game's hand-written evaluation is used then).
template <FeatureSet F>
SharedNetwork<F> parse_built_in(std::span<const unsigned char> embedded) {
    if (embedded.empty()) return nullptr;
    auto net = std::make_shared<Network<F>>();
    if (const auto problem = parse_network(embedded, *net))
        throw std::logic_error("the built-in network is not a network of this build: " + *problem);
    return net;
}

// read_network_file's network, or why there is none.
template <FeatureSet F>
std::variant<SharedNetwork<F>, std::string> load_network(const std::string& path) {
    auto net = std::make_shared<Network<F>>();
    if (auto problem = read_network_file(path, *net)) return std::move(*problem);
    return SharedNetwork<F>(std::move(net));
}

}  // namespace sen::nn
