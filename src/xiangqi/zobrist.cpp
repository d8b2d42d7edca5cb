#include "xiangqi/zobrist.h"

#include "core/prng.h"

namespace sen::xiangqi::zobrist {

namespace {

// The chess keys' generator from a different seed, so that a chess and a xiangqi position never
// share keys by construction.
constexpr Keys make_keys() {
    Keys k{};
    SplitMix64 rng(0x58494E4751495A42ULL);  // "XINGQIZB"
    rng.fill(k.piece_square);
    k.side = rng.next();
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace sen::xiangqi::zobrist
