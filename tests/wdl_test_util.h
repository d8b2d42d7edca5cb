// A check both games' fitted WDL models share (tests/<game>/test_wdl_model.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <cmath>

#include "core/wdl.h"

namespace sen::wdl_test {

// A normalised +100 is a 50% chance to win at the model's anchor material, and a shown score's
// win chance follows from it alone there, rounding aside (core/wdl.h, normalised).
inline void check_normalised_scale(const WdlModel& model) {
    const double pawn = model.anchor_pawn();
    CHECK(pawn > 50);
    CHECK(pawn < 1000);
    const int anchor = int(model.material_scale);
    for (int cp = 0; cp <= 2000; cp += 37) {
        const int shown = model.normalised(cp);
        CHECK(model.win_chance(shown * pawn / 100, anchor) == Approx(model.win_chance(cp, anchor)).margin(0.01));
    }
    CHECK(model.win_chance(pawn, anchor) == Approx(0.5));
    CHECK(model.normalised(int(std::lround(pawn))) == 100);
}

}  // namespace sen::wdl_test
