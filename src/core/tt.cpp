#include "core/tt.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace sen {

namespace {

// data layout, from bit 0: move 16 | score 16 | eval 16 | depth 8 | bound 2 | unused 1 | generation 5
constexpr int GENERATION_SHIFT = 59;
static_assert(GENERATION_SHIFT + TranspositionTable::GENERATION_BITS == 64);

std::uint64_t pack(std::uint16_t move, int score, int eval, int depth, Bound bound, std::uint8_t generation) {
    return std::uint64_t(move) | (std::uint64_t(std::uint16_t(score)) << 16) | (std::uint64_t(std::uint16_t(eval)) << 32) |
           (std::uint64_t(std::uint8_t(depth)) << 48) | (std::uint64_t(bound) << 56) |
           (std::uint64_t(generation & TranspositionTable::GENERATION_MASK) << GENERATION_SHIFT);
}

TTEntry unpack(std::uint64_t data) {
    TTEntry e;
    e.move = std::uint16_t(data);
    e.score = std::int16_t(std::uint16_t(data >> 16));
    e.static_eval = std::int16_t(std::uint16_t(data >> 32));
    e.depth = std::int8_t(std::uint8_t(data >> 48));
    e.bound = Bound((data >> 56) & 3);
    return e;
}

std::uint8_t generation_of(std::uint64_t data) { return std::uint8_t((data >> GENERATION_SHIFT) & TranspositionTable::GENERATION_MASK); }

std::uint64_t with_generation(std::uint64_t data, std::uint8_t generation) {
    constexpr std::uint64_t MASK = std::uint64_t(TranspositionTable::GENERATION_MASK) << GENERATION_SHIFT;
    return (data & ~MASK) | (std::uint64_t(generation & TranspositionTable::GENERATION_MASK) << GENERATION_SHIFT);
}

// Writes zeros over `bytes` bytes from as many threads as the machine has. The first write to a
// page of a fresh mapping is a page fault in which the kernel finds and zeroes the page (2 MB for
// a huge page), and those faults, not the stores, are the cost; they run in parallel.
void zero_in_parallel(void* data, std::size_t bytes) {
    constexpr std::size_t MIN_SHARE = std::size_t(32) << 20;  // below this a thread costs more than it saves
    constexpr std::size_t ALIGN = std::size_t(2) << 20;       // shares start on huge-page boundaries
    char* base = static_cast<char*>(data);
    const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
    const std::size_t parts = std::clamp<std::size_t>(bytes / MIN_SHARE, 1, cores);
    const std::size_t share = (bytes / parts + ALIGN - 1) / ALIGN * ALIGN;
    std::vector<std::thread> helpers;  // the shares after the first; this thread zeroes the first
    for (std::size_t begin = share; begin < bytes; begin += share) {
        const std::size_t length = std::min(share, bytes - begin);
        try {
            helpers.emplace_back([=] { std::memset(base + begin, 0, length); });
        } catch (const std::system_error&) {
            std::memset(base + begin, 0, length);  // no thread to be had: zero it here
        }
    }
    std::memset(base, 0, std::min(share, bytes));
    for (std::thread& t : helpers) t.join();
}

}  // namespace

bool TranspositionTable::resize(std::size_t megabytes) {
    if (megabytes < 1) megabytes = 1;
    if (megabytes > MAX_MB) megabytes = MAX_MB;
    // Refuse more than the machine's memory less 1 GB: the mapping would promise it lazily, and the
    // first clear (ucinewgame) would then touch every page and get the process killed.
    if (const std::size_t physical_mb = physical_memory_mb(); physical_mb > 0 && megabytes + 1024 > physical_mb) return false;
    const std::size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
    // A fresh mapping is zeroed (an empty table) without being touched page by page.
    const std::size_t bytes = count * sizeof(Bucket);
    LargeMapping fresh(bytes);
    if (fresh.empty()) return false;
    memory_ = std::move(fresh);
    buckets_ = static_cast<Bucket*>(memory_.data());
    bucket_count_ = count;
    megabytes_ = megabytes;
    generation_ = 0;
    // Touch every page now, while the GUI waits for `readyok`, and not in the first searches on the
    // clock: left to fault in one by one, a 4 GB table cut a 200 ms search from depth 16 to 4.
    zero_in_parallel(buckets_, bytes);
    written_.store(false, std::memory_order_relaxed);
    return true;
}

void TranspositionTable::clear() {
    // Only called while no search runs (the engine defers it), so a plain memset is safe.
    if (written_.load(std::memory_order_relaxed)) zero_in_parallel(buckets_, bucket_count_ * sizeof(Bucket));
    written_.store(false, std::memory_order_relaxed);
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTEntry& out) {
    Bucket& bucket = buckets_[bucket_index(key)];
    for (Slot& s : bucket.slots) {
        const std::uint64_t data = load(s.data);
        if ((load(s.check) ^ data) == key && data) {
            out = unpack(data);
            // Written in an earlier search and still in use: without this, a depth-20 result of the
            // previous move gave way to the depth-3 bounds of the first iterations before the later
            // ones could use it, and entries only read were the bucket's first to go. Another thread
            // reading between the two stores sees a miss, as during store().
            if (generation_of(data) != generation_) {
                const std::uint64_t refreshed = with_generation(data, generation_);
                store(s.data, refreshed);
                store(s.check, key ^ refreshed);
            }
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(Key key, std::uint16_t move, int score, int static_eval, int depth, Bound bound) {
    if (!written_.load(std::memory_order_relaxed)) written_.store(true, std::memory_order_relaxed);
    Bucket& bucket = buckets_[bucket_index(key)];
    const std::uint8_t gen = generation_;
    // Replace the entry of the same position if present; otherwise an empty one, or the one
    // that is oldest and shallowest (one generation of age weighs as much as 8 plies of depth).
    Slot* victim = &bucket.slots[0];
    std::uint64_t victim_data = 0;
    bool same_position = false;
    int victim_worth = 1 << 30;
    for (Slot& s : bucket.slots) {
        const std::uint64_t data = load(s.data);
        if (data && (load(s.check) ^ data) == key) {
            victim = &s;
            victim_data = data;
            same_position = true;
            break;
        }
        const int age = (gen - generation_of(data)) & GENERATION_MASK;
        const int worth = data ? int(std::int8_t(std::uint8_t(data >> 48))) - 8 * age : -(1 << 30);
        if (worth < victim_worth) {
            victim = &s;
            victim_data = data;
            victim_worth = worth;
        }
    }
    if (same_position) {
        const TTEntry old = unpack(victim_data);
        if (!move) move = old.move;
        // Keep a much deeper result of the same position from this search unless the new one is exact.
        if (bound != Bound::Exact && depth + 4 < old.depth && generation_of(victim_data) == gen) return;
    }
    const std::uint64_t data = pack(move, score, static_eval, depth, bound, gen);
    store(victim->data, data);
    store(victim->check, key ^ data);
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = bucket_count_ < 250 ? bucket_count_ : 250;
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const Slot& s : buckets_[i].slots) {
            const std::uint64_t data = load(s.data);
            used += data && generation_of(data) == generation_;
        }
    return sample ? int(used * 1000 / (sample * 4)) : 0;
}

}  // namespace sen
