#include "core/perft_hash.h"

#include <algorithm>

namespace sen {

PerftHash::PerftHash(std::size_t megabytes) {
    megabytes = std::clamp<std::size_t>(megabytes, 1, MAX_MB);
    // Refused beyond the machine's memory less 1 GB, as the search's table is (tt.cpp): the mapping
    // would be promised lazily and the process killed once the count had touched enough of it.
    if (const std::size_t physical_mb = physical_memory_mb(); physical_mb > 0 && megabytes + 1024 > physical_mb) return;
    const std::size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
    LargeMapping fresh(count * sizeof(Bucket));
    if (fresh.empty()) return;
    memory_ = std::move(fresh);
    buckets_ = static_cast<Bucket*>(memory_.data());
    bucket_count_ = count;
    megabytes_ = megabytes;
}

std::optional<std::uint64_t> PerftHash::probe(Key key, int depth) const {
    const Bucket& bucket = buckets_[bucket_index(key)];
    for (const Entry& e : bucket.entries)
        if (const auto count = read_entry(load(e.check), load(e.data), key, depth)) return count;
    return std::nullopt;
}

void PerftHash::store(Key key, int depth, std::uint64_t count) {
    if (count > MAX_COUNT || depth <= 0 || std::uint64_t(depth) > DEPTH_MASK) return;
    Bucket& bucket = buckets_[bucket_index(key)];
    Entry* victim = &bucket.entries[0];
    std::uint64_t victim_count = MAX_COUNT;
    for (Entry& e : bucket.entries) {
        const std::uint64_t data = load(e.data);
        // Already there (another thread counted the same subtree): nothing to gain.
        if ((load(e.check) ^ data) == key && int(data & DEPTH_MASK) == depth) return;
        // An empty entry holds count 0 and is taken first.
        if ((data >> DEPTH_BITS) < victim_count) {
            victim = &e;
            victim_count = data >> DEPTH_BITS;
        }
    }
    const std::uint64_t data = pack(depth, count);
    put(victim->data, data);
    put(victim->check, key ^ data);
}

}  // namespace sen
