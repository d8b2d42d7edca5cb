// Tests of chess's fitted WDL model (chess/wdl_model.h): the material count agrees with
// scripts/fit-wdl's, and the fitted coefficients behave over the whole range they are used in.
#include <catch2/catch.hpp>

#include "chess/position.h"
#include "chess/wdl_model.h"
#include "wdl_test_util.h"

using namespace sen;
using namespace sen::chess;

TEST_CASE("chess wdl: the material count", "[wdl]") {
    Position pos;
    REQUIRE(!pos.set_fen(Position::START_FEN));
    CHECK(wdl_material(pos) == 78);
    REQUIRE(!pos.set_fen("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"));
    CHECK(wdl_material(pos) == 1);
    REQUIRE(!pos.set_fen("r3k3/8/8/8/8/8/8/2B1KN2 w - - 0 1"));  // rook 5, bishop 3, knight 3
    CHECK(wdl_material(pos) == 11);
}

TEST_CASE("chess wdl: the fitted model is monotonic and sane from the opening to bare kings", "[wdl]") {
    for (int material = 0; material <= 80; ++material) {
        const Wdl even = WDL_MODEL.wdl(0, material);
        CHECK(even.win == even.loss);
        CHECK(even.draw > even.win);  // from an equal position a draw is the likeliest result
        Wdl previous = WDL_MODEL.wdl(-2000, material);
        for (int cp = -2000; cp <= 2000; cp += 10) {
            const Wdl w = WDL_MODEL.wdl(cp, material);
            CHECK(w.win + w.draw + w.loss == 1000);
            CHECK(w.win >= previous.win);
            CHECK(w.loss <= previous.loss);
            previous = w;
        }
        CHECK(WDL_MODEL.wdl(2000, material).win >= 950);  // a queen up wins
    }
}

TEST_CASE("chess wdl: a normalised +100 is a 50% chance to win at the anchor material", "[wdl]") {
    wdl_test::check_normalised_scale(WDL_MODEL);
}
