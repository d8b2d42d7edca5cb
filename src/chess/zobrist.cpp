#include "chess/zobrist.h"

#include "core/prng.h"

namespace sen::chess::zobrist {

namespace {

constexpr Keys make_keys() {
    Keys k{};
    SplitMix64 rng(0x53454E2D5A4F4252ULL);  // "SEN-ZOBR"
    rng.fill(k.piece_square);
    // Castling keys are the xor of one key per single right, so that clearing a right is an xor
    // of the difference however many rights change at once.
    Key single[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
    for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights) {
        k.castling[rights] = 0;
        for (int i = 0; i < 4; ++i)
            if (rights & (1 << i)) k.castling[rights] ^= single[i];
    }
    rng.fill(k.en_passant_file);
    k.side = rng.next();
    return k;
}

}  // namespace

constinit const Keys KEYS = make_keys();

}  // namespace sen::chess::zobrist
