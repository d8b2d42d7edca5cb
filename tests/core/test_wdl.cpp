// Tests of the win/draw/loss model's shape (core/wdl.h) on a hand-made model: the triple sums to
// 1000, wins rise and losses fall with the score, a score and its negation mirror each other, and
// the material is clamped to the fitted range.
#include <catch2/catch.hpp>

#include "core/wdl.h"

using namespace sen;

namespace {

// a = 100 + 200 m, b = 60: an edge is worth more as material comes off.
constexpr WdlModel MODEL{{0, 0, 200, 100}, {0, 0, 0, 60}, 10, 80, 80.0};

}  // namespace

TEST_CASE("wdl: sums to 1000, monotonic in the score, mirrored by its negation", "[wdl]") {
    for (int material = 0; material <= 100; material += 5) {
        Wdl previous = MODEL.wdl(-3000, material);
        for (int cp = -3000; cp <= 3000; cp += 7) {
            const Wdl w = MODEL.wdl(cp, material);
            CHECK(w.win + w.draw + w.loss == 1000);
            CHECK(w.win >= 0);
            CHECK(w.draw >= 0);
            CHECK(w.loss >= 0);
            CHECK(w.win >= previous.win);
            CHECK(w.loss <= previous.loss);
            const Wdl mirrored = MODEL.wdl(-cp, material);
            CHECK(mirrored.win == w.loss);
            CHECK(mirrored.loss == w.win);
            previous = w;
        }
    }
}

TEST_CASE("wdl: equal at 0, decided far from it", "[wdl]") {
    const Wdl even = MODEL.wdl(0, 40);
    CHECK(even.win == even.loss);
    CHECK(even.draw > 900);
    CHECK(MODEL.wdl(3000, 40).win == 1000);
    CHECK(MODEL.wdl(-3000, 40).loss == 1000);
}

TEST_CASE("wdl: an edge is worth more with less material; material outside the range is clamped", "[wdl]") {
    CHECK(MODEL.wdl(150, 20).win > MODEL.wdl(150, 70).win);
    CHECK(MODEL.wdl(150, 0).win == MODEL.wdl(150, 10).win);
    CHECK(MODEL.wdl(150, 200).win == MODEL.wdl(150, 80).win);
}

TEST_CASE("wdl: a model whose a(m) goes negative still gives a valid triple", "[wdl]") {
    constexpr WdlModel odd{{0, 0, 0, -50}, {0, 0, 0, 40}, 0, 1, 1.0};
    for (int cp = -200; cp <= 200; cp += 10) {
        const Wdl w = odd.wdl(cp, 0);
        CHECK(w.win + w.draw + w.loss == 1000);
        CHECK(w.draw >= 0);
    }
}

TEST_CASE("wdl: normalised centipawns put a 50% win at +100 for the anchor material", "[wdl]") {
    // a(m = 1) = 300: the pawn of the normalised scale.
    CHECK(MODEL.anchor_pawn() == Approx(300));
    CHECK(MODEL.normalised(300) == 100);
    CHECK(MODEL.normalised(-300) == -100);
    CHECK(MODEL.normalised(0) == 0);
    CHECK(MODEL.normalised(151) == 50);  // 50.33, rounded
    CHECK(MODEL.win_chance(300, 80) == Approx(0.5));
}
