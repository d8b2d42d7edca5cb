// The win/draw/loss model behind UCI_ShowWDL: what a score is worth in results, given how much
// material is left on the board.
//
// The shape is the one Stockfish uses. The chance that the side to move wins with score v (in
// centipawns) is the logistic 1 / (1 + exp((a - v) / b)); losing is the same with -v, and a draw
// is what remains. `a` is the score at which a win is as likely as not, and `b` how quickly the
// win chance rises around it; both are cubic polynomials in the material on the board, because a
// one-pawn edge is worth less in a middlegame full of pieces than in an endgame. Each game fits its
// own coefficients on its own self-play (scripts/fit-wdl, docs/wdl.md) and states its material
// count (the model's `material`).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace sen {

// Per mille, summing to 1000.
struct Wdl {
    int win = 0;
    int draw = 1000;
    int loss = 0;
};

struct WdlModel {
    std::array<double, 4> a{};  // cubic in m, highest power first
    std::array<double, 4> b{};
    int material_min = 0;  // the material is clamped to [material_min, material_max]
    int material_max = 1;
    double material_scale = 1;  // m = material / material_scale

    // Win chance (0..1) of the side to move at score `cp` with `material` on the board.
    double win_chance(double cp, int material) const {
        const double m = std::clamp(material, material_min, material_max) / material_scale;
        const double a_m = ((a[0] * m + a[1]) * m + a[2]) * m + a[3];
        const double b_m = std::max(1.0, ((b[0] * m + b[1]) * m + b[2]) * m + b[3]);
        return 1.0 / (1.0 + std::exp((a_m - cp) / b_m));
    }

    // The score at which the side to move wins half its games at the anchor material (m = 1, that
    // is material_scale on the board): one pawn's worth in normalised centipawns.
    double anchor_pawn() const { return a[0] + a[1] + a[2] + a[3]; }

    // A search score in normalised centipawns, the scale GUIs show: +100 is a 50% chance to win at
    // the anchor material, as Stockfish has reported since 15.1 (with 58 units of material as its
    // anchor). The search keeps its own scale; only what is shown is converted (mate scores are
    // the caller's).
    int normalised(int cp) const { return int(std::lround(cp * 100.0 / anchor_pawn())); }

    // The triple for a non-mate score in centipawns (the caller handles mate scores).
    Wdl wdl(int cp, int material) const {
        Wdl r;
        r.win = int(std::lround(1000 * win_chance(cp, material)));
        r.loss = int(std::lround(1000 * win_chance(-cp, material)));
        // Rounding cannot push the sum past 1000 unless both chances are near one half, which
        // a model with a > 0 never gives; clamp all the same so the triple always adds up.
        r.loss = std::min(r.loss, 1000 - r.win);
        r.draw = 1000 - r.win - r.loss;
        return r;
    }
};

}  // namespace sen
