// A fixed-seed pseudo-random generator for tables built at compile time (both games' Zobrist
// keys).
//
// splitmix64: each output of a counter-based generator is a well-mixed 64-bit value. The
// sequence depends on the seed alone, so every table built from it is the same in every run
// and on every machine; changing the mixing would change every key and the bench signature.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sen {

// splitmix64's finalizer: every output bit depends on every input bit. Also hashes small keys
// whose low bits alone say little (a pawn bitboard times a constant).
constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// A hash of two words (two bitboards, say) for table indices: any bit of either moves the result.
constexpr std::uint64_t mix_pair(std::uint64_t a, std::uint64_t b) {
    return mix64(a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL);
}

class SplitMix64 {
public:
    constexpr explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

    constexpr std::uint64_t next() { return mix64(state_ += 0x9E3779B97F4A7C15ULL); }

    // Fills an array (of arrays) with the next outputs, in memory order.
    template <typename T, std::size_t N>
    constexpr void fill(T (&array)[N]) {
        for (T& element : array) {
            if constexpr (std::is_array_v<T>) fill(element);
            else element = next();
        }
    }

private:
    std::uint64_t state_;
};

}  // namespace sen
