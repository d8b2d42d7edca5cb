#include "chess/eval.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#include <fmt/core.h>

#include "core/prng.h"

namespace sen::chess {

namespace {

constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};

using EvalScoreSink = sen::ScoreSink<EvalWeights>;
using EvalTraceSink = sen::TraceSink<EvalWeights, EvalTrace>;

// Ranks strictly in front of s from c's point of view.
Bitboard forward_ranks(Color c, Square s) {
    const int r = rank_of(s);
    if (c == Color::White) return r == 7 ? 0 : ~Bitboard(0) << (8 * (r + 1));
    return r == 0 ? 0 : (Bitboard(1) << (8 * r)) - 1;
}
Bitboard adjacent_files(Square s) { return shift<Direction::East>(file_bb(s)) | shift<Direction::West>(file_bb(s)); }
Bitboard front_span(Color c, Square s) { return forward_ranks(c, s) & file_bb(s); }
Bitboard passed_span(Color c, Square s) { return forward_ranks(c, s) & (file_bb(s) | adjacent_files(s)); }

Bitboard pawn_attack_span(Color c, Bitboard pawns) {
    return c == Color::White ? shift<Direction::NorthEast>(pawns) | shift<Direction::NorthWest>(pawns)
                             : shift<Direction::SouthEast>(pawns) | shift<Direction::SouthWest>(pawns);
}

int distance(Square a, Square b) { return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b))); }

// Everything that depends on the pawns alone: material, placement and structure. Returns the
// passed pawns of `us`.
template <class Sink>
Bitboard evaluate_pawns(const Position& pos, Color us, Sink& sink) {
    const Color them = ~us;
    const Bitboard our_pawns = pos.pieces(us, PAWN), their_pawns = pos.pieces(them, PAWN);
    Bitboard passed = 0;
    for (Bitboard b = our_pawns; b;) {
        const Square s = pop_lsb(b);
        const int rank = relative_rank(us, rank_of(s));
        sink.add(us, term::MATERIAL + PAWN - PAWN);
        sink.add(us, term::PSQT + PAWN * 64 + relative_square(us, s));
        if (front_span(us, s) & our_pawns) sink.add(us, term::PAWN_DOUBLED);
        const bool isolated = !(adjacent_files(s) & our_pawns);
        if (isolated) sink.add(us, term::PAWN_ISOLATED);
        const bool supported = pawn_attacks(them, s) & our_pawns;
        const bool phalanx = (shift<Direction::East>(square_bb(s)) | shift<Direction::West>(square_bb(s))) & our_pawns;
        if (supported || phalanx) sink.add(us, term::PAWN_CONNECTED + rank);
        // Backward: no friendly pawn beside or behind on adjacent files, and the stop square is
        // controlled by an enemy pawn.
        const Square stop = s + pawn_push(us);
        if (!isolated && !supported && !phalanx && !(passed_span(them, stop) & adjacent_files(s) & our_pawns) &&
            (pawn_attacks(us, stop) & their_pawns))
            sink.add(us, term::PAWN_BACKWARD);
        if (!(passed_span(us, s) & their_pawns)) {
            sink.add(us, term::PASSED_PAWN + rank);
            passed |= square_bb(s);
        }
    }
    return passed;
}

// Per-thread cache of pawn-only results, indexed by a hash of the two pawn bitboards. The
// search revisits the same pawn structures constantly; the tuner's traced path bypasses it.
// An all-zero entry is already correct (no pawns: score zero, nothing passed), so the table
// starts as calloc's zero pages, of which a short search touches only a few. It is not a
// thread_local array: every new thread zeroes its whole thread-local block at creation, and
// helper threads are started per search (640 KB there cost more than a tiny search itself).
struct PawnEntry {
    Bitboard white_pawns = 0, black_pawns = 0;
    Score score[COLOR_NB] = {};
    Bitboard passed[COLOR_NB] = {};
};
constexpr std::size_t PAWN_CACHE_SIZE = 1 << 14;
// calloc'd memory holds such entries as they are (an aggregate of plain data is created by it).
static_assert(std::is_aggregate_v<PawnEntry> && std::is_trivially_copyable_v<PawnEntry>);

struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};

PawnEntry* thread_pawn_cache() {
    thread_local std::unique_ptr<PawnEntry[], FreeDeleter> cache;
    if (!cache) [[unlikely]] {
        cache.reset(static_cast<PawnEntry*>(std::calloc(PAWN_CACHE_SIZE, sizeof(PawnEntry))));
        if (!cache) throw std::bad_alloc();
    }
    return cache.get();
}

const PawnEntry& probe_pawns(const Position& pos, const EvalWeights& w) {
    const Bitboard white = pos.pieces(Color::White, PAWN), black = pos.pieces(Color::Black, PAWN);
    PawnEntry& e = thread_pawn_cache()[mix_pair(white, black) & (PAWN_CACHE_SIZE - 1)];
    if (e.white_pawns == white && e.black_pawns == black) return e;
    for (const Color c : {Color::White, Color::Black}) {
        EvalScoreSink sink{w, {}};
        e.passed[index_of(c)] = evaluate_pawns(pos, c, sink);
        e.score[index_of(c)] = sink.total[index_of(c)];
    }
    e.white_pawns = white;
    e.black_pawns = black;
    return e;
}

template <class Sink>
void evaluate_side(const Position& pos, Color us, Sink& sink, Bitboard attacked_by[COLOR_NB][PIECE_TYPE_NB], Bitboard all_attacks[COLOR_NB],
                   Bitboard passed) {
    const Color them = ~us;
    const Bitboard occupied = pos.pieces();
    const Bitboard our_pawns = pos.pieces(us, PAWN), their_pawns = pos.pieces(them, PAWN);
    const Square our_king = pos.king_square(us), their_king = pos.king_square(them);
    // Squares where our pieces are counted mobile: not blocked by our own pawns or king, not
    // attacked by enemy pawns.
    const Bitboard mobility_area = ~(our_pawns | pos.pieces(us, KING) | attacked_by[index_of(them)][PAWN]);
    const Bitboard king_zone = king_attacks(their_king) | square_bb(their_king);

    int attackers = 0;
    for (PieceType pt = KNIGHT; pt <= QUEEN; pt = PieceType(pt + 1)) {
        for (Bitboard b = pos.pieces(us, pt); b;) {
            const Square s = pop_lsb(b);
            sink.add(us, term::MATERIAL + pt - PAWN);
            sink.add(us, term::PSQT + pt * 64 + relative_square(us, s));
            // X-rays through our own queen (and rooks for rooks) count as mobility, as a battery does.
            Bitboard see_through = occupied;
            if (pt == BISHOP) see_through ^= pos.pieces(us, QUEEN);
            if (pt == ROOK) see_through ^= pos.pieces(us, QUEEN) | pos.pieces(us, ROOK);
            const Bitboard attacks = attacks_of(pt, s, see_through);
            const int mobility = popcount(attacks & mobility_area);
            const int base = pt == KNIGHT   ? term::MOBILITY_KNIGHT
                             : pt == BISHOP ? term::MOBILITY_BISHOP
                             : pt == ROOK   ? term::MOBILITY_ROOK
                                            : term::MOBILITY_QUEEN;
            sink.add(us, base + mobility);
            if (attacks & king_zone) {
                ++attackers;
                sink.add(us, term::KING_ZONE_ATTACKS + pt, popcount(attacks & king_zone));
            }
            if (pt == ROOK) {
                if (!(file_bb(s) & (our_pawns | their_pawns))) sink.add(us, term::ROOK_OPEN_FILE);
                else if (!(file_bb(s) & our_pawns)) sink.add(us, term::ROOK_SEMI_OPEN_FILE);
            }
        }
    }
    // The king has no material or mobility term, only its placement.
    sink.add(us, term::PSQT + KING * 64 + relative_square(us, our_king));
    sink.add(us, term::KING_ATTACKERS + std::min(attackers, 7));
    if (popcount(pos.pieces(us, BISHOP)) >= 2) sink.add(us, term::BISHOP_PAIR);

    // Passed pawns: what depends on other pieces and the kings is not cached with the pawns.
    for (Bitboard b = passed; b;) {
        const Square s = pop_lsb(b);
        const int rank = relative_rank(us, rank_of(s));
        const Square stop = s + pawn_push(us);
        if (!(front_span(us, s) & occupied)) sink.add(us, term::PASSED_FREE + rank);
        const int d = std::clamp(distance(their_king, stop) - distance(our_king, stop), -4, 4);
        sink.add(us, term::PASSED_KING_DISTANCE + d + 4);
    }

    // Pawn shelter in front of our king: distance to the nearest own pawn ahead on each of the
    // king's files (7 = none).
    const int king_file = std::clamp(file_of(our_king), 1, 6);
    for (int f = king_file - 1; f <= king_file + 1; ++f) {
        const Bitboard shelter = our_pawns & file_bb(f) & (forward_ranks(us, our_king) | rank_bb(our_king));
        int d = 7;
        if (shelter) {
            const Square nearest = us == Color::White ? lsb(shelter) : msb(shelter);
            d = std::min(7, std::abs(rank_of(nearest) - rank_of(our_king)));
        }
        sink.add(us, term::KING_SHELTER + d);
    }

    // Safe checks we could give: squares from which a piece of ours would check their king, that
    // our piece attacks and that they do not defend.
    const Bitboard safe = ~all_attacks[index_of(them)] & ~pos.pieces(us);
    const Bitboard rook_check = rook_attacks(their_king, occupied) & safe;
    const Bitboard bishop_check = bishop_attacks(their_king, occupied) & safe;
    const Bitboard knight_check = knight_attacks(their_king) & safe;
    const int i = index_of(us);
    if (knight_check & attacked_by[i][KNIGHT]) sink.add(us, term::KING_SAFE_CHECKS + KNIGHT);
    if (bishop_check & attacked_by[i][BISHOP]) sink.add(us, term::KING_SAFE_CHECKS + BISHOP);
    if (rook_check & attacked_by[i][ROOK]) sink.add(us, term::KING_SAFE_CHECKS + ROOK);
    if ((rook_check | bishop_check) & attacked_by[i][QUEEN]) sink.add(us, term::KING_SAFE_CHECKS + QUEEN);

    // Threats against their pieces.
    const Bitboard their_non_pawns = pos.pieces(them) & ~pos.pieces(PAWN, KING);
    for (Bitboard b = attacked_by[i][PAWN] & their_non_pawns; b;) sink.add(us, term::THREAT_BY_PAWN + piece_type(pos.piece_on(pop_lsb(b))));
    for (Bitboard b = (attacked_by[i][KNIGHT] | attacked_by[i][BISHOP]) & pos.pieces(them) & ~pos.pieces(KING); b;)
        sink.add(us, term::THREAT_BY_MINOR + piece_type(pos.piece_on(pop_lsb(b))));
    for (Bitboard b = attacked_by[i][ROOK] & pos.pieces(them) & ~pos.pieces(KING); b;)
        sink.add(us, term::THREAT_BY_ROOK + piece_type(pos.piece_on(pop_lsb(b))));
    sink.add(us, term::HANGING, popcount(pos.pieces(them) & ~pos.pieces(KING) & all_attacks[i] & ~all_attacks[index_of(them)]));
}

void compute_attacks(const Position& pos, Bitboard attacked_by[COLOR_NB][PIECE_TYPE_NB], Bitboard all_attacks[COLOR_NB]) {
    const Bitboard occupied = pos.pieces();
    for (const Color c : {Color::White, Color::Black}) {
        const int i = index_of(c);
        attacked_by[i][PAWN] = pawn_attack_span(c, pos.pieces(c, PAWN));
        all_attacks[i] = attacked_by[i][PAWN] | king_attacks(pos.king_square(c));
        attacked_by[i][KING] = king_attacks(pos.king_square(c));
        for (PieceType pt = KNIGHT; pt <= QUEEN; pt = PieceType(pt + 1)) {
            attacked_by[i][pt] = 0;
            for (Bitboard b = pos.pieces(c, pt); b;) attacked_by[i][pt] |= attacks_of(pt, pop_lsb(b), occupied);
            all_attacks[i] |= attacked_by[i][pt];
        }
    }
}

int game_phase(const Position& pos) {
    int phase = 0;
    for (PieceType pt = KNIGHT; pt <= QUEEN; pt = PieceType(pt + 1)) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(pt));
    return std::min(phase, PHASE_MAX);
}

// Endgame scaling: how much of the endgame score the stronger side can expect to convert, in
// 64ths. Opposite-coloured bishops and a lone minor-piece edge without pawns are drawish.
int endgame_scale(const Position& pos, int eg) {
    const Color strong = eg >= 0 ? Color::White : Color::Black;
    const Color weak = ~strong;
    const Bitboard strong_pawns = pos.pieces(strong, PAWN);
    const auto non_pawn = [&](Color c) {
        return 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(c, ROOK)) + 9 * popcount(pos.pieces(c, QUEEN));
    };
    if (!strong_pawns && non_pawn(strong) - non_pawn(weak) <= 3) return non_pawn(strong) <= 3 ? 0 : 16;
    const Bitboard bishops = pos.pieces(BISHOP);
    if (popcount(pos.pieces(Color::White, BISHOP)) == 1 && popcount(pos.pieces(Color::Black, BISHOP)) == 1 && (bishops & DARK_SQUARES_BB) &&
        (bishops & ~DARK_SQUARES_BB)) {
        const bool only_bishops = !pos.pieces(KNIGHT) && !pos.pieces(ROOK) && !pos.pieces(QUEEN);
        return only_bishops ? 24 : 48;
    }
    return 64;
}

template <class Sink>
int evaluate_white(const Position& pos, Sink& sink, int& phase_out, int& scale_out) {
    Bitboard attacked_by[COLOR_NB][PIECE_TYPE_NB];
    Bitboard all_attacks[COLOR_NB];
    compute_attacks(pos, attacked_by, all_attacks);
    Bitboard passed[COLOR_NB];
    if constexpr (std::is_same_v<Sink, EvalScoreSink>) {
        const PawnEntry& pawns = probe_pawns(pos, sink.w);
        for (const int c : {0, 1}) {
            sink.total[c] += pawns.score[c];
            passed[c] = pawns.passed[c];
        }
    } else {
        for (const Color c : {Color::White, Color::Black}) passed[index_of(c)] = evaluate_pawns(pos, c, sink);
    }
    evaluate_side(pos, Color::White, sink, attacked_by, all_attacks, passed[0]);
    evaluate_side(pos, Color::Black, sink, attacked_by, all_attacks, passed[1]);
    sink.add(pos.side_to_move(), term::TEMPO);
    const Score total = sink.total[0] - sink.total[1];
    phase_out = game_phase(pos);
    scale_out = endgame_scale(pos, total.eg());
    return blend(total.mg(), total.eg(), phase_out, scale_out);
}

}  // namespace

int blend(int mg, int eg, int phase, int eg_scale) { return (mg * phase + eg * (PHASE_MAX - phase) * eg_scale / 64) / PHASE_MAX; }

int evaluate(const Position& pos) {
    EvalScoreSink sink{DEFAULT_WEIGHTS, {}};
    int phase = 0, scale = 64;
    const int white = evaluate_white(pos, sink, phase, scale);
    return pos.side_to_move() == Color::White ? white : -white;
}

int evaluate_traced(const Position& pos, EvalTrace& trace) {
    trace = EvalTrace{};
    EvalTraceSink sink{DEFAULT_WEIGHTS, trace, {}};
    return evaluate_white(pos, sink, trace.phase, trace.eg_scale);
}

std::string eval_report(const Position& pos) {
    EvalTrace trace;
    const int white = evaluate_traced(pos, trace);
    return fmt::format("phase {}/{}, endgame scale {}/64\nevaluation {} cp (White's view), {} cp (side to move)\n", trace.phase, PHASE_MAX,
                       trace.eg_scale, white, pos.side_to_move() == Color::White ? white : -white);
}

}  // namespace sen::chess
