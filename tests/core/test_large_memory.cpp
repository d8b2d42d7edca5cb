#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <utility>

#include "core/large_memory.h"

using sen::LargeBox;
using sen::LargeMapping;

namespace {

bool all_zero(const void* p, std::size_t n) {
    const auto* bytes = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; i += 4096)
        if (bytes[i] != 0) return false;
    return bytes[n - 1] == 0;
}

int live_probes = 0;

struct Probe {
    int value;
    int untouched[300000];  // ~1.2 MB the constructor leaves alone: it reads as zero (fresh pages)
    explicit Probe(int v) : value(v) { ++live_probes; }
    ~Probe() { --live_probes; }
};

}  // namespace

TEST_CASE("a large mapping is zeroed, writable, page-rounded, and aligned to 2 MB from 2 MB up", "[large_memory]") {
    const LargeMapping small(1000);
    REQUIRE_FALSE(small.empty());
    CHECK(small.size() >= 1000);
    CHECK(small.size() % 4096 == 0);
    CHECK_FALSE(small.huge_pages_requested());
    CHECK(all_zero(small.data(), small.size()));

    const std::size_t bytes = 5 * LargeMapping::HUGE_PAGE + 12345;
    LargeMapping big(bytes);
    REQUIRE_FALSE(big.empty());
    CHECK(reinterpret_cast<std::uintptr_t>(big.data()) % LargeMapping::HUGE_PAGE == 0);
    CHECK(big.size() >= bytes);
    CHECK(all_zero(big.data(), big.size()));
    std::memset(big.data(), 0x5a, big.size());  // every byte is ours
    CHECK(static_cast<unsigned char*>(big.data())[big.size() - 1] == 0x5a);
}

TEST_CASE("a large mapping moves: the source is left empty and only the owner unmaps", "[large_memory]") {
    LargeMapping a(3 * LargeMapping::HUGE_PAGE);
    void* const where = a.data();
    LargeMapping b(std::move(a));
    CHECK(a.empty());
    CHECK(b.data() == where);
    LargeMapping c;
    CHECK(c.empty());
    c = std::move(b);
    CHECK(b.empty());
    CHECK(c.data() == where);
    static_cast<char*>(c.data())[0] = 1;  // still mapped after the moves
    c = LargeMapping();
    CHECK(c.empty());
    CHECK(LargeMapping(0).empty());
}

TEST_CASE("a large box constructs its object in its own mapping and destroys it once", "[large_memory]") {
    live_probes = 0;
    {
        LargeBox<Probe> box = LargeBox<Probe>::make(42);
        REQUIRE(box);
        CHECK(box->value == 42);
        CHECK(live_probes == 1);
        CHECK(all_zero(box->untouched, sizeof box->untouched));
        LargeBox<Probe> moved = std::move(box);
        CHECK_FALSE(box);
        CHECK(moved->value == 42);
        CHECK(live_probes == 1);
        moved.reset();
        CHECK_FALSE(moved);
        CHECK(live_probes == 0);
        LargeBox<Probe> again = LargeBox<Probe>::make(7);
        again = LargeBox<Probe>::make(8);  // the first is destroyed on assignment
        CHECK(live_probes == 1);
        CHECK(again->value == 8);
    }
    CHECK(live_probes == 0);
}
