// A middlegame and an endgame value packed into one integer, the unit of both games' evaluation
// weights (eval.h, xiangqi/eval.h) and of the tuner that fits them (tune.h).
// Each half is a signed 16-bit value; sums must stay inside that range.
#pragma once

#include <cstdint>

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
    Score& operator+=(Score o) { value_ += o.value_; return *this; }
    Score& operator-=(Score o) { value_ -= o.value_; return *this; }
    constexpr bool operator==(const Score&) const = default;

private:
    static constexpr Score from_raw(int v) { Score s; s.value_ = v; return s; }
    int value_ = 0;
};

}  // namespace sen
