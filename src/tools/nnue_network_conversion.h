// Starting networks of another shape for `sen nnue-train --init` (nnue_trainer.h): a network
// without king buckets converted to one with them, one output layer copied into every output
// bucket, and a narrower hidden layer widened; each evaluates exactly as the network it came from.
// Owns: the conversions. Never reads files (the caller hands over the parsed network).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>

#include "nnue/network.h"
#include "tools/nnue_float_network.h"
#include "tools/nnue_quantise.h"

namespace sen::nn {

// Conversion of a network without king buckets (F::Plain) into one of F's layout that evaluates
// exactly alike: every perspective starts as a copy of the plain first layer, its rows reordered
// on the mirrored half (a view whose king stands on e-h sees every square mirrored, so its row of
// (piece, square s) stands for the plain row of s mirrored); the rest is shared.
template <KingBucketed F>
std::unique_ptr<Network<F>> with_king_buckets(const Network<typename F::Plain>& plain) {
    auto net = std::make_unique<Network<F>>();
    for (int perspective = 0; perspective < F::PERSPECTIVES; ++perspective)
        for (int feature = 0; feature < F::PLAIN_INPUTS; ++feature) {
            const int source = F::mirrored_half(perspective) ? F::mirrored_plain_feature(feature) : feature;
            std::copy_n(plain.w1.begin() + std::ptrdiff_t(source) * F::HIDDEN, F::HIDDEN,
                        net->w1.begin() + std::ptrdiff_t(perspective * F::PLAIN_INPUTS + feature) * F::HIDDEN);
        }
    net->b1 = plain.b1;
    net->w2 = plain.w2;
    net->b2 = plain.b2;
    return net;
}

// Conversion of a network with one output layer (F::SingleOutput) into one with F's output buckets
// that evaluates exactly alike: every bucket starts as a copy of the single output layer, and
// training then lets each bucket part from it as its own positions teach it.
template <OutputBucketed F>
std::unique_ptr<Network<F>> with_output_buckets(const Network<typename F::SingleOutput>& single) {
    auto net = std::make_unique<Network<F>>();
    net->w1 = single.w1;
    net->b1 = single.b1;
    for (int bucket = 0; bucket < F::OUTPUT_BUCKETS; ++bucket) {
        std::copy(single.w2.begin(), single.w2.end(), net->w2.begin() + std::ptrdiff_t(bucket) * 2 * F::HIDDEN);
        net->b2[std::size_t(bucket)] = single.b2[0];
    }
    return net;
}

// The same feature set with a hidden layer of another width: the type of a narrower network that
// --init widens.
template <FeatureSet F, int Hidden>
struct WithHidden : F {
    static constexpr int HIDDEN = Hidden;
};

// A network of `Narrow` neurons widened to F::HIDDEN: each view's first Narrow neurons are the
// narrow network's (first-layer rows, biases, output weights); the others get initial_network's
// first-layer weights for `seed`, a zero bias and zero output weights. So the wide network
// evaluates every position exactly as the narrow one, and training starts from there: a new
// neuron's output weight has a gradient wherever the neuron is active, and its input weights
// follow once that weight is not zero.
template <FeatureSet F, int Narrow>
std::unique_ptr<Network<F>> widened(const Network<WithHidden<F, Narrow>>& narrow, std::uint64_t seed) {
    static_assert(Narrow < F::HIDDEN);
    auto net = std::make_unique<Network<F>>(quantise(initial_network<F>(seed)));
    for (int feature = 0; feature < F::INPUTS; ++feature)
        std::copy_n(&narrow.w1[std::size_t(feature) * Narrow], Narrow, &net->w1[std::size_t(feature) * F::HIDDEN]);
    std::fill(net->b1.begin(), net->b1.end(), std::int16_t(0));
    std::copy_n(narrow.b1.begin(), Narrow, net->b1.begin());
    std::fill(net->w2.begin(), net->w2.end(), std::int16_t(0));
    for (int bucket = 0; bucket < output_buckets<F>(); ++bucket) {
        const auto from = narrow.w2.begin() + std::ptrdiff_t(bucket) * 2 * Narrow;
        const auto to = net->w2.begin() + std::ptrdiff_t(bucket) * 2 * F::HIDDEN;
        std::copy_n(from, Narrow, to);                                       // side to move's view
        std::copy_n(from + Narrow, Narrow, to + std::ptrdiff_t(F::HIDDEN));  // the other view
    }
    net->b2 = narrow.b2;
    return net;
}

// `read(network)` (an error, or nullopt once it has read one) tried as a network of 32, 64, 128, ...
// neurons up to F::HIDDEN's half; the first it reads is widened, and `width` says from what.
template <FeatureSet F, int Narrow = 32, class Read>
std::unique_ptr<Network<F>> widen_narrower(const Read& read, std::uint64_t seed, int& width) {
    if constexpr (Narrow >= F::HIDDEN) {
        return nullptr;
    } else {
        auto narrow = std::make_unique<Network<WithHidden<F, Narrow>>>();
        if (!read(*narrow)) {
            width = Narrow;
            return widened<F, Narrow>(*narrow, seed);
        }
        return widen_narrower<F, Narrow * 2>(read, seed, width);
    }
}

}  // namespace sen::nn
