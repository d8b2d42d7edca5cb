#include "zobrist.h"

namespace sen::zobrist {

namespace {

// splitmix64: every output of a counter-based generator is a well-mixed 64-bit value.
constexpr Key splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr Keys make_keys() {
    Keys k{};
    std::uint64_t state = 0x53454E2D5A4F4252ULL;  // "SEN-ZOBR"
    for (auto& piece : k.piece_square)
        for (auto& key : piece) key = splitmix(state);
    // Castling keys are the xor of one key per single right, so that clearing a right is an xor
    // of the difference however many rights change at once.
    Key single[4] = {splitmix(state), splitmix(state), splitmix(state), splitmix(state)};
    for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights) {
        k.castling[rights] = 0;
        for (int i = 0; i < 4; ++i)
            if (rights & (1 << i)) k.castling[rights] ^= single[i];
    }
    for (auto& key : k.en_passant_file) key = splitmix(state);
    k.side = splitmix(state);
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace sen::zobrist
