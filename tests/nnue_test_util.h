// Test helpers for both games' learned evaluations (nnue/network.h).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <type_traits>

#include "nnue/network.h"

namespace sen::nn_test {

// A network with random weights in the ranges a trained one uses, so that every row matters.
template <class Network>
Network random_network(std::uint32_t seed) {
    std::mt19937 rng(seed);
    const auto in = [&](int lo, int hi) { return std::int16_t(lo + int(rng() % std::uint32_t(hi - lo + 1))); };
    Network net{};
    for (auto& w : net.w1) w = in(-200, 200);
    for (auto& b : net.b1) b = in(-100, 300);
    for (auto& w : net.w2) w = in(-126, 126);
    net.b2.fill(12345);
    return net;
}

// The same on the heap: networks with king buckets are megabytes.
template <class Network>
std::unique_ptr<Network> random_net(std::uint32_t seed) {
    return std::make_unique<Network>(random_network<Network>(seed));
}

// Whether two accumulators hold the same values for both views.
template <class F>
bool same(const nn::Accumulator<F>& a, const nn::Accumulator<F>& b) {
    return std::equal(&a.values[0][0], &a.values[0][0] + 2 * F::HIDDEN, &b.values[0][0]);
}

// A file's bytes held in a string, as the network parser takes them.
inline std::span<const unsigned char> as_bytes(const std::string& s) {
    return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

// One ply of both games' random walks that test the incremental accumulator; check(pos) compares
// the accumulator of `eval` (the evaluation state that follows pos: pushed and popped here with
// every move) with a fresh sum. Now and then a null move is made, checked and taken back; then a
// random move is played (on_move(pos, move) first), after which a reply is sometimes evaluated and
// taken back, so that the next update replays several moves from an older ancestor, or the move is
// sometimes taken back, checked, and another played. False when there is no legal move.
template <class Position, class EvalState, class RandomMove, class Check, class OnMove>
bool walk_one_ply(Position& pos, EvalState& eval, std::mt19937& rng, const RandomMove& random_move, const Check& check, int& nulls,
                  const OnMove& on_move) {
    if (!pos.in_check() && rng() % 4 == 0) {
        pos.make_null_move();
        eval.push();
        check(pos);
        pos.unmake_null_move();
        eval.pop();
        ++nulls;
    }
    using Move = std::remove_cvref_t<decltype(random_move(pos, rng))>;
    const Move m = random_move(pos, rng);
    if (m == Move::none()) return false;
    on_move(pos, m);
    pos.make_move(m);
    eval.push();
    if (rng() % 3 == 0) {
        const auto reply = random_move(pos, rng);
        if (reply != Move::none()) {
            pos.make_move(reply);
            eval.push();
            check(pos);
            pos.unmake_move();
            eval.pop();
        }
    }
    if (rng() % 5 == 0) {
        pos.unmake_move();
        eval.pop();
        check(pos);
        pos.make_move(random_move(pos, rng));
        eval.push();
    }
    return true;
}

// Every screlu_dot version the build compiled (nnue/network.h: AVX-512, AVX2, SSE2, as the CPU
// level allows; the native build of an AVX-512 machine has all three), and the one the network
// uses, equal screlu_dot_scalar on random accumulators and output weights: accumulators around
// the clipping range [0, QA], anywhere in int16 and at the edges; weights in a trained network's
// range and anywhere in int16, which a network file may hold (a product clamp * w outside int16
// wraps, alike in every version).
template <int Hidden>
void check_screlu_dot(std::uint32_t seed, int trials) {
    // No int32 lane may overflow either: Hidden / 4 terms (SSE2's lanes) of at most 255 * 32768.
    static_assert(std::int64_t(Hidden / 4) * nn::QA * 32768 <= 2147483647, "full-range weights would overflow an int32 lane");
    std::mt19937 rng(seed);
    const auto in = [&](int lo, int hi) { return std::int16_t(lo + int(rng() % std::uint32_t(hi - lo + 1))); };
    constexpr std::array<std::int16_t, 10> acc_edges{-32768, -32767, -1, 0, 1, nn::QA - 1, nn::QA, nn::QA + 1, 32766, 32767};
    constexpr std::array<std::int16_t, 8> weight_edges{-32768, -32767, -128, -127, 127, 128, 32766, 32767};
    alignas(64) std::array<std::int16_t, Hidden> acc;
    alignas(64) std::array<std::int16_t, Hidden> weights;
    for (int trial = 0; trial < trials; ++trial) {
        for (auto& v : acc) {
            switch (trial % 4) {
            case 0: v = std::int16_t(rng()); break;
            case 1: v = in(-70, 330); break;
            case 2: v = acc_edges[rng() % acc_edges.size()]; break;
            default: v = rng() % 2 ? in(-70, 330) : std::int16_t(rng()); break;
            }
        }
        for (auto& w : weights) {
            switch (trial / 4 % 4) {
            case 0: w = in(-126, 126); break;
            case 1: w = std::int16_t(rng()); break;
            case 2: w = weight_edges[rng() % weight_edges.size()]; break;
            default: w = rng() % 2 ? in(-126, 126) : std::int16_t(rng()); break;
            }
        }
        // The largest sums: every neuron clipped to QA, with weights whose products wrap to
        // -32768 and to 32767 (255 * -32511 = 32767 - 127 * 65536).
        if (trial == 0) {
            acc.fill(nn::QA);
            weights.fill(-32768);
        } else if (trial == 1) {
            acc.fill(32767);
            weights.fill(-32511);
        }
        INFO("Hidden " << Hidden << ", trial " << trial);
        const std::int64_t expected = nn::screlu_dot_scalar<Hidden>(acc.data(), weights.data());
        REQUIRE(nn::screlu_dot<Hidden>(acc.data(), weights.data()) == expected);
#if defined(__AVX512BW__)
        if constexpr (Hidden % 32 == 0) REQUIRE(nn::screlu_dot_avx512<Hidden>(acc.data(), weights.data()) == expected);
#endif
#if defined(__AVX2__)
        REQUIRE(nn::screlu_dot_avx2<Hidden>(acc.data(), weights.data()) == expected);
#endif
#if defined(__SSE2__)
        REQUIRE(nn::screlu_dot_sse2<Hidden>(acc.data(), weights.data()) == expected);
#endif
    }
}

}  // namespace sen::nn_test
