// A middlegame and an endgame value packed into one integer, the unit of both games' evaluation
// weights (each game's eval.h) and of the tuner that fits them (tools/tune.h).
// Each half is a signed 16-bit value; sums must stay inside that range.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace sen {

// Both halves are added in one step.
class Score {
public:
    constexpr Score() = default;
    constexpr Score(int mg, int eg) : value_(int(unsigned(eg) << 16) + mg) {}
    constexpr int mg() const { return std::int16_t(std::uint16_t(unsigned(value_))); }
    constexpr int eg() const { return std::int16_t(std::uint16_t(unsigned(value_ + 0x8000) >> 16)); }
    constexpr Score operator+(Score o) const { return from_raw(value_ + o.value_); }
    constexpr Score operator-(Score o) const { return from_raw(value_ - o.value_); }
    constexpr Score operator*(int k) const { return from_raw(value_ * k); }
    constexpr Score operator-() const { return from_raw(-value_); }
    Score& operator+=(Score o) {
        value_ += o.value_;
        return *this;
    }
    Score& operator-=(Score o) {
        value_ -= o.value_;
        return *this;
    }
    constexpr bool operator==(const Score&) const = default;

private:
    static constexpr Score from_raw(int v) {
        Score s;
        s.value_ = v;
        return s;
    }
    int value_ = 0;
};

// Adds an evaluation's features either to a running score (search) or to a trace of feature
// counts (tuning), so that each game's evaluation code is written once against this interface.
// `Weights` is an indexable table of Score; `Trace` has a `count` array of the same length.
template <class Weights>
struct ScoreSink {
    const Weights& w;
    Score total[COLOR_NB];
    void add(Color c, int index, int count = 1) { total[index_of(c)] += w[index] * count; }
};

template <class Weights, class Trace>
struct TraceSink {
    const Weights& w;
    Trace& trace;
    Score total[COLOR_NB];
    void add(Color c, int index, int count = 1) {
        total[index_of(c)] += w[index] * count;
        trace.count[index] = std::int16_t(trace.count[index] + (c == Color::White ? count : -count));
    }
};

}  // namespace sen
