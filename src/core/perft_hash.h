// The perft hash: a table of (position key, remaining depth) -> subtree leaf count, shared by the
// threads of a deep perft (deep_perft.h). It is not the search's transposition table (tt.h): an
// entry holds an exact count, and a count read for the wrong position would silently change a
// result that people use to check move generators, so an entry is only used when its full 64-bit
// key and its depth both match (docs/perft.md has the probability of an undetected collision).
//
// Lockless: every entry is two 64-bit words, written and read with relaxed atomics. The first
// holds key ^ data and the second data (depth and count), so a write torn by another thread (one
// word of each of two writes) fails the key check instead of giving a mixed-up count (Hyatt's
// lockless hashing, as in tt.h). Four entries make a 64-byte bucket; a store replaces the entry of
// the smallest count in its bucket, as a big subtree costs the most to count again.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/large_memory.h"
#include "core/types.h"

namespace sen {

class PerftHash {
public:
    // data layout, from bit 0: depth 8 | count 56. A count that does not fit is not stored.
    static constexpr int DEPTH_BITS = 8;
    static constexpr std::uint64_t MAX_COUNT = (std::uint64_t(1) << (64 - DEPTH_BITS)) - 1;
    static constexpr std::size_t MAX_MB = std::size_t(1) << 20;

    // A table of `megabytes` (at least 1), in fresh zeroed pages (large pages where the system
    // gives them); empty() when the memory cannot be had.
    explicit PerftHash(std::size_t megabytes);
    PerftHash(const PerftHash&) = delete;
    PerftHash& operator=(const PerftHash&) = delete;

    bool empty() const { return buckets_ == nullptr; }
    std::size_t size_mb() const { return megabytes_; }
    std::size_t entry_count() const { return bucket_count_ * ENTRIES; }

    // The count stored for this key at this depth (depth >= 1), if any.
    std::optional<std::uint64_t> probe(Key key, int depth) const;
    void store(Key key, int depth, std::uint64_t count);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[bucket_index(key)]); }

    // The check an entry's two words must pass: what probe() reads from one entry (public for
    // the tests, which build torn entries).
    static std::optional<std::uint64_t> read_entry(std::uint64_t check, std::uint64_t data, Key key, int depth) {
        if ((check ^ data) != key || int(data & DEPTH_MASK) != depth || depth == 0) return std::nullopt;
        return data >> DEPTH_BITS;
    }
    static std::uint64_t pack(int depth, std::uint64_t count) { return (count << DEPTH_BITS) | std::uint64_t(depth & DEPTH_MASK); }

private:
    static constexpr int ENTRIES = 4;
    static constexpr std::uint64_t DEPTH_MASK = (std::uint64_t(1) << DEPTH_BITS) - 1;
    struct Entry {
        std::uint64_t check;  // key ^ data
        std::uint64_t data;
    };
    struct alignas(64) Bucket {
        Entry entries[ENTRIES];
    };
    static std::uint64_t load(const std::uint64_t& word) {
        return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
    }
    static void put(std::uint64_t& word, std::uint64_t value) {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    // The key's high bits choose the bucket; the whole key is still verified.
    std::size_t bucket_index(Key key) const { return std::size_t((unsigned __int128)key * bucket_count_ >> 64); }

    LargeMapping memory_;
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::size_t megabytes_ = 0;
};

}  // namespace sen
