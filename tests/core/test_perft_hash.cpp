// Tests of perft_hash.h: a count comes back only for its own key and depth, a torn entry is
// rejected, replacement keeps the bigger subtrees, and threads storing at once never read a
// count that belongs to another key. (The counts of the whole deep perft are checked against the
// suites in each game's test_perft.cpp.)
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "core/perft_hash.h"

using namespace sen;

namespace {

// Keys that share their high bits share a bucket (the index comes from the high bits).
constexpr Key BASE = 0x9E3779B97F4A7C15ULL;

}  // namespace

TEST_CASE("perft hash: a count is found only for its own key and depth", "[perft][perft-hash]") {
    PerftHash hash(1);
    REQUIRE(!hash.empty());
    CHECK(hash.entry_count() == 1024 * 1024 / 16);
    CHECK(!hash.probe(BASE, 3));
    hash.store(BASE, 3, 8902);
    CHECK(hash.probe(BASE, 3) == std::optional<std::uint64_t>(8902));
    CHECK(!hash.probe(BASE, 2));  // another depth
    CHECK(!hash.probe(BASE, 4));
    CHECK(!hash.probe(BASE ^ 1, 3));  // another key in the same bucket
    CHECK(!hash.probe(BASE ^ (Key(1) << 63), 3));
    // A fresh, zeroed entry matches no key, not even 0 (depth 0 is never stored).
    CHECK(!hash.probe(0, 0));
    CHECK(!hash.probe(0, 1));
    // A count too big for the entry is not stored; the largest that fits is.
    hash.store(BASE ^ 2, 9, PerftHash::MAX_COUNT + 1);
    CHECK(!hash.probe(BASE ^ 2, 9));
    hash.store(BASE ^ 3, 9, PerftHash::MAX_COUNT);
    CHECK(hash.probe(BASE ^ 3, 9) == std::optional<std::uint64_t>(PerftHash::MAX_COUNT));
}

TEST_CASE("perft hash: the entry check rejects another depth, another key and a torn write", "[perft][perft-hash]") {
    const Key a = BASE, b = BASE ^ 0x1234;
    const std::uint64_t data_a = PerftHash::pack(5, 4865609), data_b = PerftHash::pack(5, 197281);
    CHECK(PerftHash::read_entry(a ^ data_a, data_a, a, 5) == std::optional<std::uint64_t>(4865609));
    CHECK(!PerftHash::read_entry(a ^ data_a, data_a, a, 4));
    CHECK(!PerftHash::read_entry(a ^ data_a, data_a, b, 5));
    // One word of each of two writes, as a reader may see when two threads store at once.
    CHECK(!PerftHash::read_entry(a ^ data_a, data_b, a, 5));
    CHECK(!PerftHash::read_entry(b ^ data_b, data_a, b, 5));
    CHECK(!PerftHash::read_entry(a ^ data_a, data_b, b, 5));
}

TEST_CASE("perft hash: a full bucket gives up its smallest count", "[perft][perft-hash]") {
    PerftHash hash(1);
    // Four entries to a bucket: the fifth store replaces the smallest subtree.
    const std::uint64_t counts[] = {500, 100, 900, 700};
    for (int i = 0; i < 4; ++i) hash.store(BASE ^ Key(i + 1), 4, counts[i]);
    for (int i = 0; i < 4; ++i) CHECK(hash.probe(BASE ^ Key(i + 1), 4) == std::optional<std::uint64_t>(counts[i]));
    hash.store(BASE ^ 5, 4, 300);
    CHECK(hash.probe(BASE ^ 5, 4) == std::optional<std::uint64_t>(300));
    CHECK(!hash.probe(BASE ^ 2, 4));  // 100 was the smallest
    CHECK(hash.probe(BASE ^ 1, 4));
    CHECK(hash.probe(BASE ^ 3, 4));
    CHECK(hash.probe(BASE ^ 4, 4));
    // Storing what is already there changes nothing.
    hash.store(BASE ^ 5, 4, 300);
    CHECK(hash.probe(BASE ^ 1, 4));
}

TEST_CASE("perft hash: threads storing and probing at once read only their own counts", "[perft][perft-hash]") {
    PerftHash hash(1);  // 64 k entries for 200 k keys: constant replacement
    constexpr int KEYS = 200000;
    // The count and depth of a key are functions of it, so any count read can be checked.
    const auto key_of = [](int i) { return Key(std::uint64_t(i + 1) * 0xD1B54A32D192ED03ULL); };
    const auto count_of = [](Key k) { return (k >> 20) & PerftHash::MAX_COUNT; };
    const auto depth_of = [](Key k) { return int(k % 7) + 2; };
    std::atomic<int> wrong{0}, hits{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 3; ++round)
                for (int i = t; i < KEYS; i += 2) {
                    const Key k = key_of(i);
                    if (const auto c = hash.probe(k, depth_of(k))) {
                        ++hits;
                        if (*c != count_of(k)) ++wrong;
                    } else {
                        hash.store(k, depth_of(k), count_of(k));
                    }
                    if (hash.probe(k, depth_of(k) + 1)) ++wrong;  // never stored at that depth
                }
        });
    for (std::thread& t : threads) t.join();
    CHECK(wrong == 0);
    CHECK(hits > 0);
}
