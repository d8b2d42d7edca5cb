#include "eval.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/core.h>

namespace sen::xiangqi {

namespace {

// A middlegame and an endgame value.
struct Pair {
    int mg = 0;
    int eg = 0;
    Pair& operator+=(Pair o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    Pair& operator-=(Pair o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
    friend Pair operator*(Pair p, int k) { return {p.mg * k, p.eg * k}; }
};

// Material, hand-set from the usual 1 : 2 : 2 : 4 : 4.5 : 9 (soldier, advisor, elephant, horse,
// cannon, chariot). Cannons need screens, which grow scarce as pieces come off, while the horse's
// legs are blocked less often: the cannon is worth more than a horse in the middlegame and less
// in the endgame. Advisors and elephants matter less once few attackers are left.
constexpr Pair MATERIAL[PIECE_TYPE_NB] = {{0, 0}, {100, 120}, {200, 170}, {200, 170}, {400, 460}, {460, 400}, {900, 960}, {0, 0}};

// Game phase: what the attacking pieces weigh (chariot 4, horse and cannon 2 each); 32 with
// all of them on the board.
constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 0, 0, 2, 2, 4, 0};
constexpr int PHASE_MAX = 32;

constexpr Pair TEMPO = {12, 6};

// Mobility per reachable point (empty or enemy), counted around a typical number of moves.
constexpr Pair CHARIOT_MOBILITY = {4, 5};
constexpr int CHARIOT_MOBILITY_BASE = 8;
constexpr Pair HORSE_MOBILITY = {8, 8};
constexpr int HORSE_MOBILITY_BASE = 4;
constexpr Pair HORSE_TRAPPED = {-25, -25};  // at most one move
constexpr Pair CANNON_MOBILITY = {3, 2};
constexpr int CANNON_MOBILITY_BASE = 6;
constexpr Pair CANNON_TARGET = {8, 4};  // an enemy piece the cannon could capture

// General safety (middlegame weights, scaled by the enemy's attacking material).
constexpr int MISSING_ADVISOR = 22;
constexpr int MISSING_ELEPHANT = 16;
constexpr int OPEN_FILE_AHEAD = 20;     // no own piece in front of the general on its file
constexpr int FACING_CANNON = 60;       // an enemy cannon on the general's file with nothing between
constexpr int PALACE_ATTACK[PIECE_TYPE_NB] = {0, 2, 0, 0, 3, 2, 4, 0};  // per enemy piece reaching the palace
constexpr int PALACE_ATTACK_SCALE = 3;  // penalty = units * units * scale / 4

// Piece-square terms for a piece of `c` on s, worked out from formulas over the point as the
// colour sees it (file distance from the centre, own rank). Hand-set.
Pair piece_square(PieceType pt, Color c, Square s) {
    const int file = file_of(s), rank = own_rank(c, rank_of(s));
    const int centre = 4 - std::abs(file - 4);  // 4 on the e-file, 0 on the edges
    switch (pt) {
    case SOLDIER:
        if (rank < 5) return {rank == 4 ? 10 : 0, rank == 4 ? 10 : 0};  // a soldier at the river is about to cross
        if (rank == 9) return {20, 30};                                   // on the last rank it only moves sideways
        // Crossed the river: moves sideways too and nears the palace; best on the middle files.
        return {60 + 8 * std::min(centre, 3) + (rank >= 6 && rank <= 7 ? 15 : 0), 80 + 10 * std::min(centre, 3)};
    case HORSE: {
        const int forward = rank >= 3 && rank <= 7 ? 10 + 4 * (rank - 3) : rank == 0 ? -15 : 0;
        return {6 * centre + forward - (file == 0 || file == 8 ? 10 : 0), 5 * centre};
    }
    case CANNON:
        // The central cannon aims at the enemy general's file; the home rank cannon defends.
        return {(file == 4 ? 20 : 3 * centre) + (rank == 2 ? 5 : 0), 2 * centre};
    case CHARIOT:
        return {(rank >= 5 && rank <= 7 ? 12 : 0) + 2 * centre - (rank == 0 && (file == 0 || file == 8) ? 10 : 0), 2 * centre};
    case ADVISOR:
        return {file == 4 ? 8 : 0, 0};  // the palace centre covers every advisor point
    case ELEPHANT:
        return {file == 4 ? 10 : 0, 0};  // the central elephant guards both wings
    case GENERAL:
        return {(rank == 0 ? 10 : rank == 1 ? -10 : -30) + (file == 4 ? 5 : 0), rank == 0 ? 0 : -5};
    default:
        return {};
    }
}

struct Terms {
    Pair material, psqt, mobility, safety, tempo;
    int phase = 0;
    Pair total() const {
        Pair t = material;
        t += psqt;
        t += mobility;
        t += safety;
        t += tempo;
        return t;
    }
};

// The terms of colour c (positive = good for c).
void add_side(const Position& pos, Color c, Terms& t, int sign) {
    const Color them = ~c;
    const Bitboard occupied = pos.pieces(), occupied_fm = pos.pieces_file_major();
    const Bitboard own = pos.pieces(c), enemy = pos.pieces(them);
    const Bitboard their_palace = palace_bb(them);
    int palace_units = 0;  // this colour's pressure on the enemy palace

    for (int p = SOLDIER; p <= GENERAL; ++p) {
        const PieceType pt = PieceType(p);
        for (Bitboard b = pos.pieces(c, pt); b;) {
            const Square s = pop_lsb(b);
            t.material += MATERIAL[pt] * sign;
            t.psqt += piece_square(pt, c, s) * sign;
            t.phase += PHASE_WEIGHT[pt];
            Bitboard reach = 0;
            switch (pt) {
            case CHARIOT:
                reach = chariot_attacks(s, occupied, occupied_fm);
                t.mobility += CHARIOT_MOBILITY * ((popcount(reach & ~own) - CHARIOT_MOBILITY_BASE) * sign);
                break;
            case HORSE: {
                reach = horse_steps(s, occupied);
                const int moves = popcount(reach & ~own);
                t.mobility += HORSE_MOBILITY * ((moves - HORSE_MOBILITY_BASE) * sign);
                if (moves <= 1) t.mobility += HORSE_TRAPPED * sign;
                break;
            }
            case CANNON: {
                const CannonReach r = cannon_reach(s, occupied, occupied_fm);
                reach = r.jumps;
                t.mobility += CANNON_MOBILITY * ((popcount(r.slides & ~occupied) - CANNON_MOBILITY_BASE) * sign);
                t.mobility += CANNON_TARGET * (popcount(r.jumps & enemy) * sign);
                break;
            }
            case SOLDIER:
                reach = soldier_steps(c, s);
                break;
            default:
                break;
            }
            if (reach & their_palace) palace_units += PALACE_ATTACK[pt];
        }
    }

    // The enemy general's safety is this colour's attack: its terms count for c.
    const Square g = pos.general_square(them);
    const int attackers = popcount(pos.pieces(c, CHARIOT)) * 2 + popcount(pos.pieces(c, HORSE)) + popcount(pos.pieces(c, CANNON));
    const int scale = std::min(attackers, 6);  // 0 (nothing left to attack with) .. 6
    int danger = 0;
    danger += MISSING_ADVISOR * std::max(0, 2 - popcount(pos.pieces(them, ADVISOR)));
    danger += MISSING_ELEPHANT * std::max(0, 2 - popcount(pos.pieces(them, ELEPHANT)));
    // Points in front of the general on its file, towards this colour's side.
    const Bitboard file_ahead = file_bb(file_of(g)) & (them == Color::White ? ~((square_bb(g) << 1) - 1) : (square_bb(g) - 1));
    if (!(file_ahead & pos.pieces(them)) && pos.pieces(c, CHARIOT)) danger += OPEN_FILE_AHEAD;
    for (Bitboard cannons = pos.pieces(c, CANNON) & file_ahead; cannons;)
        if (!(between(pop_lsb(cannons), g) & occupied)) danger += FACING_CANNON;
    danger += palace_units * palace_units * PALACE_ATTACK_SCALE / 4;
    t.safety.mg += sign * danger * scale / 6;
}

Terms compute(const Position& pos) {
    Terms t;
    add_side(pos, Color::White, t, 1);
    add_side(pos, Color::Black, t, -1);
    t.tempo = pos.side_to_move() == Color::White ? TEMPO : TEMPO * -1;
    return t;
}

// White-relative tapered value.
int blend(Pair p, int phase) {
    const int ph = std::min(phase, PHASE_MAX);
    return (p.mg * ph + p.eg * (PHASE_MAX - ph)) / PHASE_MAX;
}

}  // namespace

int evaluate(const Position& pos) {
    const Terms t = compute(pos);
    const int white = blend(t.total(), t.phase);
    return pos.side_to_move() == Color::White ? white : -white;
}

std::string eval_report(const Position& pos) {
    const Terms t = compute(pos);
    std::string out = fmt::format("term        mg     eg   (Red's view; phase {} of {})\n", std::min(t.phase, PHASE_MAX), PHASE_MAX);
    const auto row = [&](const char* name, Pair p) { out += fmt::format("{:<9} {:>5}  {:>5}\n", name, p.mg, p.eg); };
    row("material", t.material);
    row("psqt", t.psqt);
    row("mobility", t.mobility);
    row("safety", t.safety);
    row("tempo", t.tempo);
    row("total", t.total());
    out += fmt::format("Final evaluation: {} (Red's view), {} (side to move's view)", blend(t.total(), t.phase), evaluate(pos));
    return out;
}

}  // namespace sen::xiangqi
