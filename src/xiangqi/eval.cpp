#include "xiangqi/eval.h"

#include <algorithm>

#include <fmt/core.h>

namespace sen::xiangqi {

namespace {

// Units of pressure a piece brings to the enemy palace when its reach enters it.
constexpr int PALACE_ATTACK[PIECE_TYPE_NB] = {0, 2, 0, 0, 3, 2, 4, 0};

using EvalScoreSink = sen::ScoreSink<EvalWeights>;
using EvalTraceSink = sen::TraceSink<EvalWeights, EvalTrace>;

// The point as colour c sees it: Black's points are mirrored rank for rank.
Square relative_point(Color c, Square s) { return c == Color::White ? s : flip_rank(s); }

// Every feature of colour c, counted for c.
template <class Sink>
void evaluate_side(const Position& pos, Color c, Sink& sink) {
    const Color them = ~c;
    const Bitboard occupied = pos.pieces(), occupied_fm = pos.pieces_file_major();
    const Bitboard own = pos.pieces(c), enemy = pos.pieces(them);
    const Bitboard their_palace = palace_bb(them);
    int palace_units = 0;

    for (int p = SOLDIER; p <= GENERAL; ++p) {
        const PieceType pt = PieceType(p);
        for (Bitboard b = pos.pieces(c, pt); b;) {
            const Square s = pop_lsb(b);
            if (pt != GENERAL) sink.add(c, term::MATERIAL + pt - SOLDIER);
            sink.add(c, term::psqt(pt) + relative_point(c, s));
            Bitboard reach = 0;
            switch (pt) {
            case CHARIOT:
                reach = chariot_attacks(s, occupied, occupied_fm);
                sink.add(c, term::MOBILITY_CHARIOT + popcount(reach & ~own));
                break;
            case HORSE:
                reach = horse_steps(s, occupied);
                sink.add(c, term::MOBILITY_HORSE + popcount(reach & ~own));
                break;
            case CANNON: {
                const CannonReach r = cannon_reach(s, occupied, occupied_fm);
                reach = r.jumps;
                sink.add(c, term::MOBILITY_CANNON + popcount(r.slides & ~occupied));
                if (const int targets = popcount(r.jumps & enemy)) sink.add(c, term::CANNON_TARGETS, targets);
                break;
            }
            case SOLDIER: reach = soldier_steps(c, s); break;
            default: break;
            }
            if (reach & their_palace) palace_units += PALACE_ATTACK[pt];
        }
    }

    // The enemy general's safety is this colour's attack: its features count for c, each in the
    // block of c's attack scale, so that what they are worth can grow with the attackers left.
    const Square g = pos.general_square(them);
    const int scale = std::min(popcount(pos.pieces(c, CHARIOT)) * 2 + popcount(pos.pieces(c, HORSE, CANNON)), term::ATTACK_SCALE_NB - 1);
    if (const int missing = 2 - popcount(pos.pieces(them, ADVISOR)); missing > 0) sink.add(c, term::MISSING_ADVISOR + scale, missing);
    if (const int missing = 2 - popcount(pos.pieces(them, ELEPHANT)); missing > 0) sink.add(c, term::MISSING_ELEPHANT + scale, missing);
    // Points in front of the general on its file, towards this colour's side.
    const Bitboard file_ahead = file_bb(file_of(g)) & (them == Color::White ? ~((square_bb(g) << 1) - 1) : (square_bb(g) - 1));
    if (!(file_ahead & pos.pieces(them)) && pos.pieces(c, CHARIOT)) sink.add(c, term::OPEN_FILE + scale);
    int facing = 0;
    for (Bitboard cannons = pos.pieces(c, CANNON) & file_ahead; cannons;)
        if (!(between(pop_lsb(cannons), g) & occupied)) ++facing;
    if (facing) sink.add(c, term::FACING_CANNON + scale, facing);
    sink.add(c, term::PALACE_PRESSURE + scale * term::PALACE_UNITS_NB + std::min(palace_units, term::PALACE_UNITS_NB - 1));
}

int game_phase(const Position& pos) {
    const int phase = 4 * popcount(pos.pieces(CHARIOT)) + 2 * popcount(pos.pieces(HORSE) | pos.pieces(CANNON));
    return std::min(phase, PHASE_MAX);
}

// Red-relative tapered value; the phase is left in phase_out.
template <class Sink>
int evaluate_white(const Position& pos, Sink& sink, int& phase_out) {
    evaluate_side(pos, Color::White, sink);
    evaluate_side(pos, Color::Black, sink);
    sink.add(pos.side_to_move(), term::TEMPO);
    const Score total = sink.total[0] - sink.total[1];
    phase_out = game_phase(pos);
    return blend(total.mg(), total.eg(), phase_out);
}

}  // namespace

int blend(int mg, int eg, int phase) { return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX; }

int evaluate(const Position& pos) {
    EvalScoreSink sink{DEFAULT_WEIGHTS, {}};
    int phase = 0;
    const int white = evaluate_white(pos, sink, phase);
    return pos.side_to_move() == Color::White ? white : -white;
}

int evaluate_traced(const Position& pos, EvalTrace& trace) {
    trace = EvalTrace{};
    EvalTraceSink sink{DEFAULT_WEIGHTS, trace, {}};
    return evaluate_white(pos, sink, trace.phase);
}

std::string eval_report(const Position& pos) {
    EvalTrace trace;
    const int white = evaluate_traced(pos, trace);
    std::string out = fmt::format("term        mg     eg   (Red's view; phase {} of {})\n", trace.phase, PHASE_MAX);
    int total_mg = 0, total_eg = 0;
    // Each group is the sum of its features' counts times their weights.
    const auto row = [&](const char* name, int first, int last) {
        int mg = 0, eg = 0;
        for (int i = first; i < last; ++i) {
            mg += trace.count[i] * DEFAULT_WEIGHTS[i].mg();
            eg += trace.count[i] * DEFAULT_WEIGHTS[i].eg();
        }
        total_mg += mg;
        total_eg += eg;
        out += fmt::format("{:<9} {:>5}  {:>5}\n", name, mg, eg);
    };
    row("material", term::MATERIAL, term::PSQT);
    row("psqt", term::PSQT, term::MOBILITY_CHARIOT);
    row("mobility", term::MOBILITY_CHARIOT, term::MISSING_ADVISOR);
    row("safety", term::MISSING_ADVISOR, term::TEMPO);
    row("tempo", term::TEMPO, term::COUNT);
    out += fmt::format("{:<9} {:>5}  {:>5}\n", "total", total_mg, total_eg);
    out += fmt::format("Final evaluation: {} (Red's view), {} (side to move's view)", white,
                       pos.side_to_move() == Color::White ? white : -white);
    return out;
}

}  // namespace sen::xiangqi
