// Test helpers for both games' learned evaluations (nnue/network.h).
#pragma once

#include <cstdint>
#include <random>
#include <type_traits>

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
    net.b2 = 12345;
    return net;
}

// One ply of both games' random walks that test the incremental accumulator; check(pos) compares
// the position's accumulator with a fresh sum. Now and then a null move is made, checked and
// taken back; then a random move is played (on_move(pos, move) first), after which a reply is
// sometimes evaluated and taken back, so that the next update replays several moves from an older
// ancestor, or the move is sometimes taken back, checked, and another played. False when there
// is no legal move.
template <class Position, class RandomMove, class Check, class OnMove>
bool walk_one_ply(Position& pos, std::mt19937& rng, const RandomMove& random_move, const Check& check, int& nulls, const OnMove& on_move) {
    if (!pos.in_check() && rng() % 4 == 0) {
        pos.make_null_move();
        check(pos);
        pos.unmake_null_move();
        ++nulls;
    }
    using Move = std::remove_cvref_t<decltype(random_move(pos, rng))>;
    const Move m = random_move(pos, rng);
    if (m == Move::none()) return false;
    on_move(pos, m);
    pos.make_move(m);
    if (rng() % 3 == 0) {
        const auto reply = random_move(pos, rng);
        if (reply != Move::none()) {
            pos.make_move(reply);
            (void)pos.accumulator();
            pos.unmake_move();
        }
    }
    if (rng() % 5 == 0) {
        pos.unmake_move();
        check(pos);
        pos.make_move(random_move(pos, rng));
    }
    return true;
}

}  // namespace sen::nn_test
