#include "core/strength.h"

#include <algorithm>
#include <cmath>

namespace sen {

namespace {

// Calibration (docs/strength-levels.md): the node budget that plays at 1500 on Stockfish 15.1's
// scale, and how many Elo one doubling of it is worth above and below that. Below a thousand
// nodes a doubling is worth more: the search barely reaches past the first replies there.
constexpr double NODES_AT_1500 = 835.0;
constexpr double ELO_PER_DOUBLING = 120.0;
constexpr double ELO_PER_DOUBLING_BELOW_1500 = 150.0;
// The choice among candidates: the margin falls linearly from MARGIN_AT_MIN_CP at the lowest
// level to nothing at NO_MARGIN_ELO and above, where the best move is always played.
constexpr int MARGIN_AT_MIN_CP = 40;
constexpr int NO_MARGIN_ELO = 2400;
constexpr int CANDIDATES = 3;
// A budget beyond this is more than any real clock allows; it also keeps the power finite.
constexpr double MAX_NODES = 1e12;

}  // namespace

StrengthLimit strength_for_elo(int elo) {
    StrengthLimit limit;
    limit.elo = std::clamp(elo, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX);
    const double per_doubling = limit.elo < 1500 ? ELO_PER_DOUBLING_BELOW_1500 : ELO_PER_DOUBLING;
    const double nodes = NODES_AT_1500 * std::exp2(double(limit.elo - 1500) / per_doubling);
    limit.nodes = std::uint64_t(std::clamp(nodes, 1.0, MAX_NODES));
    if (limit.elo < NO_MARGIN_ELO) {
        limit.margin_cp = MARGIN_AT_MIN_CP * (NO_MARGIN_ELO - limit.elo) / (NO_MARGIN_ELO - STRENGTH_ELO_MIN);
        limit.candidates = limit.margin_cp > 0 ? CANDIDATES : 1;
        limit.temperature_cp = std::max(1, limit.margin_cp / 3);
    }
    return limit;
}

std::size_t pick_candidate(std::span<const int> scores, const StrengthLimit& limit, std::uint64_t random) {
    if (scores.size() <= 1 || limit.margin_cp <= 0) return 0;
    const int best = scores[0];
    double weights[64];
    double total = 0;
    std::size_t count = 0;
    for (; count < scores.size() && count < std::size(weights); ++count) {
        const double given_up = double(best) - double(scores[count]);
        // Scores are sorted, so every later one is at least as far below.
        if (given_up > limit.margin_cp || given_up < 0) break;
        weights[count] = std::exp(-given_up / limit.temperature_cp);
        total += weights[count];
    }
    // A uniform number in [0, total): the top 53 bits of `random` as a fraction.
    double point = double(random >> 11) * 0x1.0p-53 * total;
    for (std::size_t i = 0; i < count; ++i) {
        if (point < weights[i]) return i;
        point -= weights[i];
    }
    return 0;
}

}  // namespace sen
