// The network a game evaluates with, if any: the one built into the binary (when the build has
// one), another loaded from a file (the UCI option EvalFile), or none, and the game's
// hand-written evaluation is used then. One per game, a process-wide object in its nnue.cpp.
//
// Changing it is allowed only while no search runs (the protocol refuses EvalFile during one);
// search threads read it after waking, which orders them after the write. Evaluation states
// (network.h's AccumulatorStack) notice a change by generation() and sum their accumulators afresh.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "nnue/network_file.h"

namespace sen::nn {

template <FeatureSet F>
class ActiveNetwork {
public:
    // `embedded` holds the file built into the binary; empty when the build has none, and then
    // the game starts on its hand-written evaluation.
    explicit ActiveNetwork(std::span<const unsigned char> embedded) : embedded_(embedded) { use_embedded(); }

    const Network<F>* get() const { return active_.load(std::memory_order_acquire); }
    unsigned generation() const { return generation_.load(std::memory_order_acquire); }
    bool has_embedded() const { return !embedded_.empty(); }
    std::span<const unsigned char> embedded_file() const { return embedded_; }

    void set(const Network<F>& net) { activate(std::make_unique<Network<F>>(net)); }
    void clear() { activate(nullptr); }
    // The built-in network again, or none when the build has none.
    void use_embedded() {
        if (!has_embedded()) {
            activate(nullptr);
            return;
        }
        auto net = std::make_unique<Network<F>>();
        if (const auto problem = parse_network(embedded_, *net))
            throw std::logic_error("the built-in network is not a network of this build: " + *problem);
        activate(std::move(net));
    }
    // read_network_file, then makes it the active network. On failure returns why, and the active
    // network stays as it was.
    std::optional<std::string> load_file(const std::string& path) {
        auto net = std::make_unique<Network<F>>();
        if (auto problem = read_network_file(path, *net)) return problem;
        activate(std::move(net));
        return std::nullopt;
    }

private:
    void activate(std::unique_ptr<Network<F>> net) {
        owned_ = std::move(net);
        active_.store(owned_.get(), std::memory_order_release);
        generation_.fetch_add(1, std::memory_order_acq_rel);
    }

    std::span<const unsigned char> embedded_;
    std::unique_ptr<Network<F>> owned_;
    std::atomic<const Network<F>*> active_{nullptr};
    std::atomic<unsigned> generation_{0};
};

}  // namespace sen::nn
