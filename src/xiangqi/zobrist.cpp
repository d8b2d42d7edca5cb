#include "zobrist.h"

namespace sen::xiangqi::zobrist {

namespace {

// splitmix64, as for the chess keys, from a different seed so that a chess and a xiangqi
// position never share keys by construction.
constexpr Key splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr Keys make_keys() {
    Keys k{};
    std::uint64_t state = 0x58494E4751495A42ULL;  // "XINGQIZB"
    for (auto& piece : k.piece_square)
        for (auto& key : piece) key = splitmix(state);
    k.side = splitmix(state);
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace sen::xiangqi::zobrist
