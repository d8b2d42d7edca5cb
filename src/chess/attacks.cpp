#include "chess/attacks.h"

#include <vector>

#include "chess/magic_numbers.h"

namespace sen::chess {

namespace detail {

Magic ROOK_MAGICS[64];
Magic BISHOP_MAGICS[64];
Bitboard BETWEEN[64][64];
Bitboard LINE[64][64];

namespace {

Bitboard ROOK_TABLE[0x19000];
Bitboard BISHOP_TABLE[0x1480];

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// xorshift64*: small and with a fixed seed, so the magics found are the same on every run.
class Prng {
public:
    explicit Prng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 2685821657736338717ULL;
    }
    // Few bits set: such numbers make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t state_;
};

// Fills one slider's magic table for every square. A multiplier from `known` is tried first
// (magic_numbers.h, so start-up takes a few milliseconds); a square whose known multiplier is
// missing or wrong gets one searched by trial against the reference attacks of every
// occupancy subset of the relevant mask. The multipliers used are written to `found`.
void init_magics(PieceType pt, Magic magics[64], Bitboard* table, const Bitboard* known, [[maybe_unused]] Bitboard* found) {
    std::vector<Bitboard> occupancies(4096), references(4096);
    [[maybe_unused]] std::vector<int> epoch(4096, 0);
    [[maybe_unused]] int attempt = 0;
    Bitboard* next_slot = table;
    [[maybe_unused]] Prng rng(0x5E7A11C0FFEEULL + pt);

    for (int sq = 0; sq < 64; ++sq) {
        const Square s = Square(sq);
        Magic& m = magics[sq];
        // Board edges never block a ray, so they are left out of the mask unless the slider
        // itself stands on that edge's rank or file.
        const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
        m.mask = sliding_attacks_slow(pt, s, 0) & ~edges;
        const int bits = popcount(m.mask);
        m.shift = unsigned(64 - bits);
        m.attacks = next_slot;

        // Enumerate every subset of the mask (Carry-Rippler).
        int size = 0;
        Bitboard subset = 0;
        do {
            occupancies[size] = subset;
            references[size] = sliding_attacks_slow(pt, s, subset);
            ++size;
            subset = (subset - m.mask) & m.mask;
        } while (subset);

#if defined(SEN_USE_PEXT)
        (void)known;
        for (int i = 0; i < size; ++i) next_slot[m.index(occupancies[i])] = references[i];
#else
        const auto fits = [&](Bitboard multiplier) {
            m.multiplier = multiplier;
            ++attempt;
            for (int i = 0; i < size; ++i) {
                const unsigned idx = m.index(occupancies[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    next_slot[idx] = references[i];
                } else if (next_slot[idx] != references[i]) {
                    return false;
                }
            }
            return true;
        };
        if (!(known && known[sq] && fits(known[sq]))) {
            for (;;) {
                Bitboard candidate;
                do candidate = rng.sparse();
                while (popcount((m.mask * candidate) >> 56) < 6);
                if (fits(candidate)) break;
            }
        }
        if (found) found[sq] = m.multiplier;
#endif
        next_slot += size;
    }
}

void init_lines() {
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            const Square sa = Square(a), sb = Square(b);
            BETWEEN[a][b] = LINE[a][b] = 0;
            if (a == b) continue;
            for (PieceType pt : {BISHOP, ROOK}) {
                if (sliding_attacks_slow(pt, sa, 0) & square_bb(sb)) {
                    LINE[a][b] = (sliding_attacks_slow(pt, sa, 0) & sliding_attacks_slow(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
                    BETWEEN[a][b] = sliding_attacks_slow(pt, sa, square_bb(sb)) & sliding_attacks_slow(pt, sb, square_bb(sa));
                }
            }
        }
    }
}

// Runs before main(): the tables are plain arrays in this translation unit, and nothing reads
// them during static initialisation.
struct TablesInit {
    TablesInit() {
        init_magics(ROOK, ROOK_MAGICS, ROOK_TABLE, ROOK_MAGIC_NUMBERS, nullptr);
        init_magics(BISHOP, BISHOP_MAGICS, BISHOP_TABLE, BISHOP_MAGIC_NUMBERS, nullptr);
        init_lines();
    }
} const TABLES_INIT;

}  // namespace

}  // namespace detail

std::array<Bitboard, 64> search_magic_numbers(PieceType pt) {
    static Bitboard scratch[0x19000];
    detail::Magic magics[64];
    std::array<Bitboard, 64> found{};
    detail::init_magics(pt, magics, scratch, nullptr, found.data());
    return found;
}

Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied) {
    const auto& dirs = pt == ROOK ? detail::ROOK_DIRS : detail::BISHOP_DIRS;
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            const Bitboard b = square_bb(make_square(f, r));
            result |= b;
            if (occupied & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

}  // namespace sen::chess
