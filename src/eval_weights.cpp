// The evaluation weights. These starting values are set by hand from chess knowledge
// (material, centralisation, advancement); scripts/tune replaces them with values fitted to
// Sen's own games.
#include "eval.h"

namespace sen {

namespace {

constexpr int center_distance(int sq) {
    const int f = sq & 7, r = sq >> 3;
    const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

constexpr EvalWeights make_weights() {
    EvalWeights w{};
    const Score material[5] = {{90, 120}, {320, 300}, {330, 320}, {480, 540}, {960, 1000}};
    for (int i = 0; i < 5; ++i) w[term::MATERIAL + i] = material[i];

    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq & 7, r = sq >> 3, c = center_distance(sq);
        const bool central_file = f == 3 || f == 4;
        if (r >= 1 && r <= 6) w[term::PSQT + PAWN * 64 + sq] = Score(r * 4 + (central_file && r >= 2 && r <= 4 ? 12 : 0), r * 8);
        w[term::PSQT + KNIGHT * 64 + sq] = Score(-8 * c + 8, -6 * c + 6);
        w[term::PSQT + BISHOP * 64 + sq] = Score(-4 * c + 4, -4 * c + 4);
        w[term::PSQT + ROOK * 64 + sq] = Score(r == 6 ? 15 : 0, r == 6 ? 10 : 0);
        w[term::PSQT + QUEEN * 64 + sq] = Score(-2 * c, -4 * c + 4);
        const int king_mg = r == 0 ? (f <= 2 || f >= 6 ? 20 : -5) : -15 * r;
        w[term::PSQT + KING * 64 + sq] = Score(king_mg, -12 * c + 15);
    }
    for (int n = 0; n < 9; ++n) w[term::MOBILITY_KNIGHT + n] = Score((n - 4) * 4, (n - 4) * 4);
    for (int n = 0; n < 14; ++n) w[term::MOBILITY_BISHOP + n] = Score((n - 6) * 4, (n - 6) * 5);
    for (int n = 0; n < 15; ++n) w[term::MOBILITY_ROOK + n] = Score((n - 7) * 2, (n - 7) * 4);
    for (int n = 0; n < 28; ++n) w[term::MOBILITY_QUEEN + n] = Score((n - 13) * 1, (n - 13) * 2);

    const int passed_mg[8] = {0, 5, 10, 15, 30, 50, 80, 0}, passed_eg[8] = {0, 10, 15, 25, 45, 75, 120, 0};
    const int free_eg[8] = {0, 0, 5, 10, 20, 35, 60, 0};
    const int connected[8] = {0, 3, 5, 8, 15, 25, 40, 0};
    for (int r = 0; r < 8; ++r) {
        w[term::PASSED_PAWN + r] = Score(passed_mg[r], passed_eg[r]);
        w[term::PASSED_FREE + r] = Score(0, free_eg[r]);
        w[term::PAWN_CONNECTED + r] = Score(connected[r], connected[r]);
    }
    for (int d = 0; d < 9; ++d) w[term::PASSED_KING_DISTANCE + d] = Score(0, (d - 4) * 6);
    w[term::PAWN_DOUBLED] = Score(-10, -20);
    w[term::PAWN_ISOLATED] = Score(-10, -10);
    w[term::PAWN_BACKWARD] = Score(-8, -8);
    w[term::BISHOP_PAIR] = Score(30, 50);
    w[term::ROOK_OPEN_FILE] = Score(25, 10);
    w[term::ROOK_SEMI_OPEN_FILE] = Score(10, 5);

    w[term::KING_ZONE_ATTACKS + KNIGHT] = Score(8, 0);
    w[term::KING_ZONE_ATTACKS + BISHOP] = Score(5, 0);
    w[term::KING_ZONE_ATTACKS + ROOK] = Score(7, 0);
    w[term::KING_ZONE_ATTACKS + QUEEN] = Score(6, 0);
    const int attackers[8] = {0, 0, 10, 30, 60, 90, 120, 150};
    for (int n = 0; n < 8; ++n) w[term::KING_ATTACKERS + n] = Score(attackers[n], 0);
    const int shelter[8] = {0, 10, 5, 0, 0, 0, 0, -15};
    for (int d = 0; d < 8; ++d) w[term::KING_SHELTER + d] = Score(shelter[d], 0);
    w[term::KING_SAFE_CHECKS + KNIGHT] = Score(40, 10);
    w[term::KING_SAFE_CHECKS + BISHOP] = Score(25, 10);
    w[term::KING_SAFE_CHECKS + ROOK] = Score(45, 10);
    w[term::KING_SAFE_CHECKS + QUEEN] = Score(35, 10);

    for (int pt = KNIGHT; pt <= QUEEN; ++pt) w[term::THREAT_BY_PAWN + pt] = Score(50, 40);
    w[term::THREAT_BY_MINOR + PAWN] = Score(5, 15);
    w[term::THREAT_BY_MINOR + KNIGHT] = Score(20, 15);
    w[term::THREAT_BY_MINOR + BISHOP] = Score(20, 15);
    w[term::THREAT_BY_MINOR + ROOK] = Score(40, 30);
    w[term::THREAT_BY_MINOR + QUEEN] = Score(50, 40);
    w[term::THREAT_BY_ROOK + PAWN] = Score(0, 10);
    w[term::THREAT_BY_ROOK + KNIGHT] = Score(15, 15);
    w[term::THREAT_BY_ROOK + BISHOP] = Score(15, 15);
    w[term::THREAT_BY_ROOK + QUEEN] = Score(40, 30);
    w[term::HANGING] = Score(25, 15);
    w[term::TEMPO] = Score(15, 10);
    return w;
}

}  // namespace

constinit const EvalWeights DEFAULT_WEIGHTS = make_weights();

}  // namespace sen
