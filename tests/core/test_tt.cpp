// Tests of the transposition table (tt.h): every field survives a store and a probe, other keys
// miss, the replacement policy keeps what tt.cpp says it keeps (same position first, then an
// empty slot, then the oldest and shallowest entry; a much deeper result of the same position
// from this search survives a shallower bound), resize and clear empty the table, hashfull counts
// the current generation's entries, generations and ages wrap at one cycle; and the search's
// mate-score adjustment (search_detail).
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "core/search_impl.h"
#include "core/tt.h"

using namespace sen;

namespace {

// The table picks a bucket by the key's high bits (bucket_index: key * buckets >> 64). At 1 MB
// it has 2^14 buckets of four entries, so the bucket is the key's top 14 bits: keys that differ
// only below bit 50 share one.
constexpr std::size_t TEST_MB = 1;
constexpr int BUCKET_SHIFT = 50;
constexpr Key in_bucket(std::uint64_t bucket, std::uint64_t n) { return (Key(bucket) << BUCKET_SHIFT) | (n * 0x9E3779B97F4AULL + 1); }

// Probes, as the search does: a hit marks the entry as in use in this search.
bool hits(TranspositionTable& tt, Key key) {
    TTEntry e;
    return tt.probe(key, e);
}

int depth_of(TranspositionTable& tt, Key key) {
    TTEntry e;
    REQUIRE(tt.probe(key, e));
    return e.depth;
}

}  // namespace

TEST_CASE("TT: every field survives a store and a probe", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    struct Case {
        Key key;
        std::uint16_t move;  // a game's move, as the table stores it
        int score, eval, depth;
        Bound bound;
    };
    // Extremes of each field: moves with any of the 16 bits set (the games use them all), mate
    // scores, the search's "no eval" marker, depth -1 (the search stores its static eval with
    // depth -1) and the deepest depth it searches (MAX_PLY - 1).
    const std::vector<Case> cases = {
        {0x0123456789ABCDEFULL, 0x0899, 17, -23, 5, Bound::Exact},
        {0xFEDCBA9876543210ULL, 0xD049, SCORE_MATE - 3, 250, 12, Bound::Lower},
        {0x8000000000000001ULL, 0x2FFC, -(SCORE_MATE - 8), -SCORE_INFINITE, MAX_PLY - 1, Bound::Upper},
        {0x00000000DEADBEEFULL, 0x0000, 0, NO_EVAL, -1, Bound::None},
        {0x7FFFFFFFFFFFFFFFULL, 0xFFFF, -1, 1, 0, Bound::Upper},
        {0x4000000000000000ULL, 0x8001, -32000, 32000, 64, Bound::Lower},
    };
    for (const Case& c : cases) tt.store(c.key, c.move, c.score, c.eval, c.depth, c.bound);
    for (const Case& c : cases) {
        INFO("key " << c.key);
        TTEntry e;
        REQUIRE(tt.probe(c.key, e));
        CHECK(e.move == c.move);
        CHECK(e.score == c.score);
        CHECK(e.static_eval == c.eval);
        CHECK(e.depth == c.depth);
        CHECK(e.bound == c.bound);
    }
}

TEST_CASE("TT: a probe of another key misses, in the same bucket too", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    // A fresh table is empty, key 0 included (an empty slot reads as key 0 with no data).
    CHECK_FALSE(hits(tt, 0));
    CHECK_FALSE(hits(tt, in_bucket(3, 0)));
    const Key key = in_bucket(3, 0);
    tt.store(key, 0x1234, 40, 30, 6, Bound::Exact);
    CHECK(hits(tt, key));
    CHECK_FALSE(hits(tt, key ^ 1));               // same bucket, one bit apart
    CHECK_FALSE(hits(tt, in_bucket(3, 1)));       // same bucket
    CHECK_FALSE(hits(tt, key ^ (Key(1) << 63)));  // another bucket
    CHECK_FALSE(hits(tt, 0));
}

TEST_CASE("TT: a new result of the same position replaces the old one", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    const Key key = in_bucket(7, 0);
    TTEntry e;

    SECTION("a store without a move keeps the old move") {
        tt.store(key, 0x0ABC, 10, 5, 4, Bound::Lower);
        tt.store(key, 0, -20, 6, 5, Bound::Upper);
        REQUIRE(tt.probe(key, e));
        CHECK(e.move == 0x0ABC);
        CHECK(e.score == -20);
        CHECK(e.static_eval == 6);
        CHECK(e.depth == 5);
        CHECK(e.bound == Bound::Upper);
        // A new move replaces the old one.
        tt.store(key, 0x0DEF, 1, 2, 3, Bound::Exact);
        REQUIRE(tt.probe(key, e));
        CHECK(e.move == 0x0DEF);
        CHECK(e.depth == 3);
    }

    SECTION("a much deeper entry of this search survives a shallower bound") {
        tt.store(key, 0x0ABC, 100, 0, 12, Bound::Lower);
        // 7 + 4 < 12: kept, whichever bound.
        tt.store(key, 0x0DEF, -100, 0, 7, Bound::Upper);
        tt.store(key, 0x0DEF, -100, 0, 7, Bound::Lower);
        REQUIRE(tt.probe(key, e));
        CHECK(e.depth == 12);
        CHECK(e.score == 100);
        CHECK(e.move == 0x0ABC);
        // An exact score replaces it at any depth.
        tt.store(key, 0x0DEF, 55, 0, 1, Bound::Exact);
        REQUIRE(tt.probe(key, e));
        CHECK(e.depth == 1);
        CHECK(e.score == 55);
        CHECK(e.bound == Bound::Exact);
    }

    SECTION("a bound within four plies of the stored depth replaces it") {
        tt.store(key, 0x0ABC, 100, 0, 12, Bound::Lower);
        tt.store(key, 0x0DEF, -100, 0, 8, Bound::Upper);  // 8 + 4 == 12: not much deeper
        REQUIRE(tt.probe(key, e));
        CHECK(e.depth == 8);
        CHECK(e.bound == Bound::Upper);
    }

    SECTION("a deep entry of an earlier search gives way") {
        tt.store(key, 0x0ABC, 100, 0, 20, Bound::Lower);
        tt.new_search();
        tt.store(key, 0x0DEF, -100, 0, 2, Bound::Upper);
        REQUIRE(tt.probe(key, e));
        CHECK(e.depth == 2);
        CHECK(e.move == 0x0DEF);
    }

    SECTION("a deep entry of an earlier search that this one has found is kept") {
        tt.store(key, 0x0ABC, 100, 0, 20, Bound::Lower);
        tt.new_search();
        REQUIRE(tt.probe(key, e));
        tt.store(key, 0x0DEF, -100, 0, 2, Bound::Upper);
        REQUIRE(tt.probe(key, e));
        CHECK(e.depth == 20);
        CHECK(e.move == 0x0ABC);
        CHECK(e.bound == Bound::Lower);
    }
}

TEST_CASE("TT: a full bucket gives up its oldest, shallowest entry", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    const std::uint64_t bucket = 11;
    const Key k[6] = {in_bucket(bucket, 0), in_bucket(bucket, 1), in_bucket(bucket, 2),
                      in_bucket(bucket, 3), in_bucket(bucket, 4), in_bucket(bucket, 5)};

    SECTION("empty slots are used first") {
        for (int i = 0; i < 4; ++i) tt.store(k[i], 0, i, 0, 30 - i, Bound::Exact);
        for (int i = 0; i < 4; ++i) CHECK(depth_of(tt, k[i]) == 30 - i);
    }

    SECTION("within one search, the shallowest goes") {
        const int depths[4] = {10, 3, 7, 12};
        for (int i = 0; i < 4; ++i) tt.store(k[i], 0, 0, 0, depths[i], Bound::Exact);
        tt.store(k[4], 0, 0, 0, 1, Bound::Exact);  // replaces even a deeper entry: something must go
        CHECK(hits(tt, k[0]));
        CHECK_FALSE(hits(tt, k[1]));
        CHECK(hits(tt, k[2]));
        CHECK(hits(tt, k[3]));
        CHECK(depth_of(tt, k[4]) == 1);
        // Then the next shallowest (the new depth-1 entry).
        tt.store(k[5], 0, 0, 0, 9, Bound::Exact);
        CHECK_FALSE(hits(tt, k[4]));
        CHECK(hits(tt, k[0]));
        CHECK(hits(tt, k[2]));
        CHECK(hits(tt, k[3]));
        CHECK(hits(tt, k[5]));
    }

    SECTION("a generation of age weighs as much as eight plies of depth") {
        tt.store(k[0], 0, 0, 0, 20, Bound::Exact);
        tt.new_search();
        for (int i = 1; i < 4; ++i) tt.store(k[i], 0, 0, 0, 11, Bound::Exact);
        // Worth: 20 - 8 = 12 for the old entry, 11 for the others: one of the new ones goes.
        tt.store(k[4], 0, 0, 0, 11, Bound::Exact);
        CHECK(hits(tt, k[0]));
        CHECK(hits(tt, k[4]));
        CHECK(int(hits(tt, k[1])) + int(hits(tt, k[2])) + int(hits(tt, k[3])) == 2);
    }

    SECTION("an old entry found in this search is no longer old") {
        tt.store(k[0], 0, 0, 0, 10, Bound::Exact);
        tt.store(k[1], 0, 0, 0, 10, Bound::Exact);
        tt.new_search();
        CHECK(hits(tt, k[0]));  // worth 10 again; k[1] stays at 10 - 8 = 2
        tt.store(k[2], 0, 0, 0, 5, Bound::Exact);
        tt.store(k[3], 0, 0, 0, 5, Bound::Exact);
        tt.store(k[4], 0, 0, 0, 5, Bound::Exact);
        CHECK_FALSE(hits(tt, k[1]));
        CHECK(hits(tt, k[0]));
        CHECK(hits(tt, k[2]));
        CHECK(hits(tt, k[3]));
        CHECK(hits(tt, k[4]));
    }

    SECTION("two generations of age weigh sixteen plies") {
        // The old entry is worth 20 - 16 = 4: it goes before entries of depth 5, not before depth 3.
        for (const int depth : {3, 5}) {
            INFO("depth " << depth);
            tt.clear();
            tt.store(k[0], 0, 0, 0, 20, Bound::Exact);
            tt.new_search();
            tt.new_search();
            for (int i = 1; i < 4; ++i) tt.store(k[i], 0, 0, 0, depth, Bound::Exact);
            tt.store(k[4], 0, 0, 0, 0, Bound::Exact);
            CHECK(hits(tt, k[0]) == (depth < 4));
            CHECK(hits(tt, k[4]));
            CHECK(int(hits(tt, k[1])) + int(hits(tt, k[2])) + int(hits(tt, k[3])) == (depth < 4 ? 2 : 3));
        }
    }
}

TEST_CASE("TT: resize and clear discard every entry", "[tt]") {
    TranspositionTable tt;
    CHECK(tt.size_mb() == TranspositionTable::DEFAULT_MB);
    REQUIRE(tt.resize(TEST_MB));
    CHECK(tt.size_mb() == TEST_MB);
    std::vector<Key> keys;
    for (std::uint64_t b = 0; b < 64; ++b) keys.push_back(in_bucket(b * 199, b));
    const auto store_all = [&] {
        for (const Key key : keys) tt.store(key, 0x0101, 1, 2, 3, Bound::Exact);
        for (const Key key : keys) REQUIRE(hits(tt, key));
    };

    store_all();
    tt.clear();
    for (const Key key : keys) CHECK_FALSE(hits(tt, key));
    CHECK(tt.hashfull() == 0);

    // clear skips a table nothing was stored in since the last clear: entries stored after a
    // clear, or after a clear of an already empty table, must still go.
    tt.clear();
    store_all();
    tt.clear();
    for (const Key key : keys) CHECK_FALSE(hits(tt, key));

    store_all();
    REQUIRE(tt.resize(2));
    CHECK(tt.size_mb() == 2);
    for (const Key key : keys) CHECK_FALSE(hits(tt, key));
    CHECK(tt.hashfull() == 0);

    // Resizing to the same size empties the table as well.
    store_all();
    REQUIRE(tt.resize(2));
    for (const Key key : keys) CHECK_FALSE(hits(tt, key));

    // Below one megabyte is one megabyte.
    REQUIRE(tt.resize(0));
    CHECK(tt.size_mb() == 1);

    // A size the machine cannot give (1 TiB) is refused, and the old table stays with its entries.
    store_all();
    CHECK_FALSE(tt.resize(TranspositionTable::MAX_MB));
    CHECK(tt.size_mb() == 1);
    for (const Key key : keys) CHECK(hits(tt, key));
}

TEST_CASE("TT: hashfull counts the entries of the current search", "[tt]") {
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    CHECK(tt.hashfull() == 0);
    // hashfull samples the first 250 buckets (1000 entries). One entry in each of them: 250
    // permille; entries beyond them are not seen.
    for (std::uint64_t b = 0; b < 250; ++b) tt.store(in_bucket(b, 0), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 250);
    for (std::uint64_t b = 250; b < 2000; ++b) tt.store(in_bucket(b, 0), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 250);
    // A second entry in the first 100 buckets.
    for (std::uint64_t b = 0; b < 100; ++b) tt.store(in_bucket(b, 1), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 350);
    // Entries of an earlier search do not count, though they are still found.
    tt.new_search();
    CHECK(tt.hashfull() == 0);
    CHECK(hits(tt, in_bucket(0, 0)));
    // Found in this search, an entry counts again: one of the sample's 1000.
    CHECK(tt.hashfull() == 1);
    // Rewritten in this search, they count again.
    for (std::uint64_t b = 0; b < 50; ++b) tt.store(in_bucket(b, 0), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 50);
    // A full sample is 1000.
    for (std::uint64_t b = 0; b < 250; ++b)
        for (std::uint64_t n = 0; n < 4; ++n) tt.store(in_bucket(b, n), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 1000);
}

TEST_CASE("TT: generations count searches modulo GENERATION_CYCLE, in the table as in its entries", "[tt]") {
    constexpr int CYCLE = TranspositionTable::GENERATION_CYCLE;
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    CHECK(tt.generation() == 0);
    // One entry from generation 0 in hashfull's sample: 1 permille while it is current.
    tt.store(in_bucket(0, 0), 0, 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() == 1);
    for (int n = 1; n <= 3 * CYCLE; ++n) {
        tt.new_search();
        INFO("after " << n << " searches");
        // The table's counter must wrap where the entries' field does (it used to run to 63
        // while entries kept 5 bits).
        REQUIRE(tt.generation() < CYCLE);
        CHECK(tt.generation() == n % CYCLE);
        CHECK(tt.hashfull() == (n % CYCLE == 0 ? 1 : 0));
    }

    // Ages wrap with the generation: an entry a whole cycle old is as good as new, one a cycle
    // less one search old is the oldest there can be.
    const Key k[5] = {in_bucket(9, 0), in_bucket(9, 1), in_bucket(9, 2), in_bucket(9, 3), in_bucket(9, 4)};
    for (const int searches : {CYCLE - 1, CYCLE}) {
        INFO(searches << " searches later");
        tt.clear();
        tt.store(k[0], 0, 0, 0, 20, Bound::Exact);
        for (int i = 0; i < searches; ++i) tt.new_search();
        for (int i = 1; i < 4; ++i) tt.store(k[i], 0, 0, 0, 11, Bound::Exact);
        tt.store(k[4], 0, 0, 0, 11, Bound::Exact);
        CHECK(hits(tt, k[0]) == (searches == CYCLE));
        CHECK(hits(tt, k[4]));
    }
}

TEST_CASE("TT: a stored score replaces the static eval only where its bound allows", "[tt][search]") {
    using search_detail::bound_allows;
    // A lower bound says the value is at least the score: it improves an eval below it only.
    CHECK(bound_allows(Bound::Lower, 120, 100));
    CHECK_FALSE(bound_allows(Bound::Lower, 80, 100));
    // An upper bound says the value is at most the score: it improves an eval above it only.
    CHECK(bound_allows(Bound::Upper, 80, 100));
    CHECK_FALSE(bound_allows(Bound::Upper, 120, 100));
    // An exact score is the value, on either side of the eval.
    CHECK(bound_allows(Bound::Exact, 120, 100));
    CHECK(bound_allows(Bound::Exact, 80, 100));
    // An entry with no search score (only a static eval) never does.
    CHECK_FALSE(bound_allows(Bound::None, 120, 100));
    CHECK_FALSE(bound_allows(Bound::None, 80, 100));
}

TEST_CASE("TT: mate and table-win scores are stored relative to the node", "[tt][search]") {
    using search_detail::score_from_tt;
    using search_detail::score_to_tt;
    // Ordinary scores are stored as they are.
    for (const int s : {0, 1, -1, 250, -250, SCORE_TB_WIN_IN_MAX_PLY - 1, -(SCORE_TB_WIN_IN_MAX_PLY - 1)})
        for (const int ply : {0, 1, 17, MAX_PLY - 1}) {
            CHECK(score_to_tt(s, ply) == s);
            CHECK(score_from_tt(s, ply) == s);
        }
    // A mate three plies below a node at ply 5 (SCORE_MATE - 8 at the root) is stored as a mate
    // in three from the node, and read at ply 7 as a mate at ply 10.
    CHECK(score_to_tt(SCORE_MATE - 8, 5) == SCORE_MATE - 3);
    CHECK(score_from_tt(SCORE_MATE - 3, 7) == SCORE_MATE - 10);
    CHECK(score_to_tt(-(SCORE_MATE - 8), 5) == -(SCORE_MATE - 3));
    CHECK(score_from_tt(-(SCORE_MATE - 3), 7) == -(SCORE_MATE - 10));
    // Endgame-table results the same way: a table win reached at ply 9 from a node at ply 5.
    CHECK(score_to_tt(SCORE_TB_WIN - 9, 5) == SCORE_TB_WIN - 4);
    CHECK(score_from_tt(SCORE_TB_WIN - 4, 7) == SCORE_TB_WIN - 11);
    CHECK(score_to_tt(-(SCORE_TB_WIN - 9), 5) == -(SCORE_TB_WIN - 4));
    // Round trips at the same ply give every mate score back (a node at ply p sees no mate
    // nearer than SCORE_MATE - p).
    for (int s = SCORE_MATE_IN_MAX_PLY; s <= SCORE_MATE; ++s)
        for (int ply = 0; ply <= SCORE_MATE - s; ++ply) {
            REQUIRE(score_from_tt(score_to_tt(s, ply), ply) == s);
            REQUIRE(score_from_tt(score_to_tt(-s, ply), ply) == -s);
        }
    // Through the table itself.
    TranspositionTable tt;
    REQUIRE(tt.resize(TEST_MB));
    tt.store(in_bucket(1, 0), 0, score_to_tt(-(SCORE_MATE - 12), 9), 0, 4, Bound::Exact);
    TTEntry e;
    REQUIRE(tt.probe(in_bucket(1, 0), e));
    CHECK(score_from_tt(e.score, 4) == -(SCORE_MATE - 7));
}
