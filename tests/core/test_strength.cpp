// Tests of the strength levels (core/strength.h): the limits grow with the level, and the choice
// among candidates stays within the margin, favours the best move and still varies.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <vector>

#include "core/prng.h"
#include "core/strength.h"

using namespace sen;

TEST_CASE("strength levels: the node budget grows with the level and the margin shrinks to nothing", "[strength]") {
    StrengthLimit previous = strength_for_elo(STRENGTH_ELO_MIN);
    CHECK(previous.elo == STRENGTH_ELO_MIN);
    CHECK(previous.margin_cp > 0);
    CHECK(previous.candidates > 1);
    for (int elo = STRENGTH_ELO_MIN + 50; elo <= STRENGTH_ELO_MAX; elo += 50) {
        const StrengthLimit limit = strength_for_elo(elo);
        CHECK(limit.elo == elo);
        CHECK(limit.nodes > previous.nodes);
        CHECK(limit.margin_cp <= previous.margin_cp);
        CHECK(limit.temperature_cp >= 1);
        CHECK(limit.candidates >= 1);
        previous = limit;
    }
    // The top levels play the best move they find.
    CHECK(strength_for_elo(STRENGTH_ELO_MAX).margin_cp == 0);
    CHECK(strength_for_elo(STRENGTH_ELO_MAX).candidates == 1);
    // The lowest level still searches: a few hundred nodes at least, so it sees a piece hang.
    CHECK(strength_for_elo(STRENGTH_ELO_MIN).nodes >= 300);
}

TEST_CASE("strength levels: out-of-range levels are clamped", "[strength]") {
    CHECK(strength_for_elo(0).elo == STRENGTH_ELO_MIN);
    CHECK(strength_for_elo(0).nodes == strength_for_elo(STRENGTH_ELO_MIN).nodes);
    CHECK(strength_for_elo(99999).elo == STRENGTH_ELO_MAX);
    CHECK(strength_for_elo(99999).nodes == strength_for_elo(STRENGTH_ELO_MAX).nodes);
}

TEST_CASE("pick_candidate: one candidate, or no margin, plays the best", "[strength]") {
    const StrengthLimit weak = strength_for_elo(STRENGTH_ELO_MIN);
    const std::array<int, 1> one{50};
    CHECK(pick_candidate(one, weak, 12345) == 0);
    CHECK(pick_candidate(std::span<const int>(), weak, 12345) == 0);
    const StrengthLimit strong = strength_for_elo(STRENGTH_ELO_MAX);
    const std::array<int, 3> equal{10, 10, 10};
    SplitMix64 random(7);
    for (int i = 0; i < 1000; ++i) CHECK(pick_candidate(equal, strong, random.next()) == 0);
}

TEST_CASE("pick_candidate: never a move beyond the margin; the best most often; every close move sometimes", "[strength]") {
    const StrengthLimit limit = strength_for_elo(STRENGTH_ELO_MIN);
    REQUIRE(limit.margin_cp >= 10);
    // Two moves close to the best, one just beyond the margin, one a blunder.
    const std::vector<int> scores{30, 30 - limit.margin_cp / 4, 30 - limit.margin_cp / 2, 30 - limit.margin_cp - 1, -900};
    std::array<int, 5> counts{};
    SplitMix64 random(2026);
    for (int i = 0; i < 20000; ++i) ++counts[pick_candidate(scores, limit, random.next())];
    CHECK(counts[3] == 0);
    CHECK(counts[4] == 0);
    CHECK(counts[0] > counts[1]);
    CHECK(counts[1] > counts[2]);
    CHECK(counts[2] > 0);
}

TEST_CASE("pick_candidate: a mate found is played", "[strength]") {
    const StrengthLimit limit = strength_for_elo(STRENGTH_ELO_MIN);
    const std::array<int, 3> scores{31990, 40, 35};  // a mate, then two ordinary moves
    SplitMix64 random(3);
    for (int i = 0; i < 1000; ++i) CHECK(pick_candidate(scores, limit, random.next()) == 0);
}

TEST_CASE("pick_candidate: the choice depends on the random number alone", "[strength]") {
    const StrengthLimit limit = strength_for_elo(1500);
    const std::array<int, 3> scores{20, 15, 12};
    for (std::uint64_t r : {0ull, 1ull << 62, ~0ull, 0x123456789ABCDEFull})
        CHECK(pick_candidate(scores, limit, r) == pick_candidate(scores, limit, r));
    CHECK(pick_candidate(scores, limit, 0) == 0);      // the bottom of the range falls on the best move
    CHECK(pick_candidate(scores, limit, ~0ull) == 2);  // the top on the last one within the margin
}
