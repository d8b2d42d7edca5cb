// Transposition table: a shared cache of search results keyed by position hash.
//
// Owns: a resizable array of 64-byte buckets (four 16-byte entries), the search generation
// used for aging, and the hashfull estimate. Knows nothing of positions beyond their 64-bit
// key, and nothing of the protocol. Moves are kept as their 16 raw bits, so the table serves
// every game (game.h); the searcher turns them back into the game's Move type.
// Thread safety: every entry is two 64-bit words written and read with relaxed atomics
// (std::atomic_ref on plain words, so the table is a plain mapping that can be zeroed with memset);
// the first holds key ^ data, so a torn write from another thread fails the key check instead of
// returning a mixed-up entry (Hyatt's lockless hashing). Moves read from the table are still
// verified for legality by the caller.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/large_memory.h"
#include "core/types.h"

namespace sen {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    std::uint16_t move = 0;  // the game's Move::raw(); 0 = none
    std::int16_t score = 0;
    std::int16_t static_eval = 0;
    std::int8_t depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
public:
    static constexpr std::size_t DEFAULT_MB = 16;
    static constexpr std::size_t MAX_MB = 1 << 20;  // 1 TiB: more than any machine here has

    TranspositionTable() { resize(DEFAULT_MB); }
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Discards all entries and touches every page of the new table (from several threads), so
    // that no search pays for faulting it in. Returns false (and keeps the old table) if the
    // memory cannot be had.
    bool resize(std::size_t megabytes);
    // Empties the table. A table nothing was stored in since the last clear or resize is left
    // alone: GUIs send `ucinewgame` right after setting Hash, and it is all zeros already.
    void clear();
    std::size_t size_mb() const { return megabytes_; }

    // Each entry records the generation (the search) that wrote it in GENERATION_BITS bits, so
    // generations, and ages measured between them, count modulo GENERATION_CYCLE.
    static constexpr int GENERATION_BITS = 5;
    static constexpr int GENERATION_CYCLE = 1 << GENERATION_BITS;
    static constexpr std::uint8_t GENERATION_MASK = GENERATION_CYCLE - 1;

    // Called at the start of each search so that old entries are preferred for replacement.
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & GENERATION_MASK); }
    // The current generation, 0 <= generation() < GENERATION_CYCLE.
    std::uint8_t generation() const { return generation_; }

    // A hit also marks the entry as in use in this search (Stockfish refreshes its generation the
    // same way): replacement then keeps it, and so does store()'s guard of deeper results.
    bool probe(Key key, TTEntry& out);
    void store(Key key, std::uint16_t move, int score, int static_eval, int depth, Bound bound);
    void prefetch(Key key) const { __builtin_prefetch(&buckets_[bucket_index(key)]); }

    // Permille of a sample of entries that were written during the current search.
    int hashfull() const;

private:
    struct Slot {
        std::uint64_t check;  // key ^ data
        std::uint64_t data;
    };
    static std::uint64_t load(const std::uint64_t& word) {
        return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
    }
    static void store(std::uint64_t& word, std::uint64_t value) {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    struct alignas(64) Bucket {
        Slot slots[4];
    };

    std::size_t bucket_index(Key key) const { return std::size_t((unsigned __int128)key * bucket_count_ >> 64); }

    // An anonymous mapping (large_memory.h), returned to the system on resize. (From calloc, a
    // freed table under 32 MB could stay resident in glibc's heap: Hash 16 then 64 held 80 MB.)
    // Page-aligned, so the buckets are too.
    LargeMapping memory_;
    Bucket* buckets_ = nullptr;
    std::size_t bucket_count_ = 0;
    std::size_t megabytes_ = 0;
    std::uint8_t generation_ = 0;
    // Set by the first store after a clear or resize. Read before it is written, so that search
    // threads storing at once share the cache line instead of passing it between them.
    std::atomic<bool> written_{false};
};

}  // namespace sen
