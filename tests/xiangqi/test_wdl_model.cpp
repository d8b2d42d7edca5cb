// Tests of xiangqi's fitted WDL model (xiangqi/wdl_model.h): the material count agrees with
// scripts/fit-wdl's, and the fitted coefficients behave over the whole range they are used in.
#include <catch2/catch.hpp>

#include "wdl_test_util.h"
#include "xiangqi/position.h"
#include "xiangqi/wdl_model.h"

using namespace sen;
using namespace sen::xiangqi;

TEST_CASE("xiangqi wdl: the material count", "[wdl]") {
    Position pos;
    REQUIRE(!pos.set_fen(Position::START_FEN));
    // Per side: 5 soldiers, 2 advisors and 2 elephants (2 each), 2 horses and 2 cannons (4 each), 2 chariots (9).
    CHECK(wdl_material(pos) == 2 * (5 + 8 + 16 + 18));
    REQUIRE(!pos.set_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"));
    CHECK(wdl_material(pos) == 2);
}

TEST_CASE("xiangqi wdl: the fitted model is monotonic and sane over the material range", "[wdl]") {
    for (int material = 0; material <= 100; ++material) {
        const Wdl even = WDL_MODEL.wdl(0, material);
        CHECK(even.win == even.loss);
        Wdl previous = WDL_MODEL.wdl(-2000, material);
        for (int cp = -2000; cp <= 2000; cp += 10) {
            const Wdl w = WDL_MODEL.wdl(cp, material);
            CHECK(w.win + w.draw + w.loss == 1000);
            CHECK(w.win >= previous.win);
            CHECK(w.loss <= previous.loss);
            previous = w;
        }
        CHECK(WDL_MODEL.wdl(2000, material).win >= 950);  // two chariots up wins
    }
}

TEST_CASE("xiangqi wdl: a normalised +100 is a 50% chance to win at the anchor material", "[wdl]") {
    wdl_test::check_normalised_scale(WDL_MODEL);
}
