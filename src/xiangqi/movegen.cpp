#include "xiangqi/movegen.h"

#include "core/deep_perft.h"
#include "xiangqi/game.h"

namespace sen::xiangqi {

namespace {

// Sinks receive whole sets of destinations; a list sink turns them into moves, a count sink
// only counts them.
struct ListSink {
    MoveList& list;

    void piece_moves(Square from, Bitboard to) {
        while (to) list.push(Move(from, pop_lsb(to)));
    }
    // Moves of several pieces at once, each destination `delta` points from its origin.
    void shifted(Bitboard to, int delta) {
        while (to) {
            const Square s = pop_lsb(to);
            list.push(Move(Square(s - delta), s));
        }
    }
    void single(Square from, Square to) { list.push(Move(from, to)); }
};

struct CountSink {
    std::uint64_t count = 0;

    void piece_moves(Square, Bitboard to) { count += unsigned(popcount(to)); }
    void shifted(Bitboard to, int) { count += unsigned(popcount(to)); }
    void single(Square, Square) { ++count; }
};

// Destinations of the piece on s by its movement rules alone (own pieces not removed).
template <Color Us>
Bitboard pseudo_targets(const Position& pos, Square s, Bitboard occupied, Bitboard occupied_fm) {
    switch (piece_type(pos.piece_on(s))) {
    case CHARIOT: return chariot_attacks(s, occupied, occupied_fm);
    case CANNON: {
        const CannonReach reach = cannon_reach(s, occupied, occupied_fm);
        return (reach.slides & ~occupied) | (reach.jumps & pos.pieces(~Us));
    }
    case HORSE: return horse_steps(s, occupied);
    case ELEPHANT: return elephant_steps(s, occupied);
    case ADVISOR: return advisor_steps(s);
    case SOLDIER: return soldier_steps(Us, s);
    case GENERAL: return general_steps(s);
    default: return 0;
    }
}

// Emits the legal ones among the given destinations of the piece on `from`.
template <class Sink>
void tested_moves(const Position& pos, Sink& sink, Square from, Bitboard targets) {
    while (targets) {
        const Square to = pop_lsb(targets);
        if (pos.general_safe_after(from, to)) sink.single(from, to);
    }
}

// In check: each move is tested, after a filter that keeps only moves which can answer every
// checker (capture it, block its line or its horse leg, add a second screen in front of a
// checking cannon, or move that cannon's screen away).
template <Color Us, class Sink>
void generate_in_check(const Position& pos, Sink& sink, Bitboard kind_mask) {
    const Bitboard occupied = pos.pieces(), occupied_fm = pos.pieces_file_major();
    const Square ksq = pos.general_square(Us);
    Bitboard answers = BOARD_BB, screens = 0;
    for (Bitboard b = pos.checkers(); b;) {
        const Square c = pop_lsb(b);
        const Bitboard c_bb = square_bb(c);
        switch (piece_type(pos.piece_on(c))) {
        case CANNON:
            screens |= between(ksq, c) & occupied & pos.pieces(Us);
            answers &= c_bb | between(ksq, c);
            break;
        case HORSE: {
            Bitboard leg = 0;
            const detail::HorseSteps& h = detail::TABLES.horse_attackers[ksq];
            for (int i = 0; i < h.count; ++i)
                if (h.targets[i] & c_bb) leg = h.legs[i];
            answers &= c_bb | leg;
            break;
        }
        case SOLDIER: answers &= c_bb; break;
        default: answers &= c_bb | between(ksq, c); break;  // chariot
        }
    }
    for (Bitboard b = pos.pieces(Us) & ~square_bb(ksq); b;) {
        const Square s = pop_lsb(b);
        const Bitboard reach = pseudo_targets<Us>(pos, s, occupied, occupied_fm) & kind_mask;
        tested_moves(pos, sink, s, (screens & square_bb(s)) ? reach : reach & answers);
    }
    tested_moves(pos, sink, ksq, general_steps(ksq) & kind_mask);
}

template <Color Us, GenKind Kind, class Sink>
void generate_for(const Position& pos, Sink& sink) {
    constexpr Color them = ~Us;
    const Bitboard occupied = pos.pieces(), occupied_fm = pos.pieces_file_major();
    const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(them);
    const Bitboard kind_mask = Kind == GenKind::All ? BOARD_BB & ~ours : Kind == GenKind::Noisy ? theirs : BOARD_BB & ~occupied;
    if (pos.in_check()) {
        generate_in_check<Us>(pos, sink, kind_mask);
        return;
    }
    const Square ksq = pos.general_square(Us);

    // Pieces whose moves could expose the general (tested one by one), and points no piece
    // may step onto (between the general and a cannon with nothing in between).
    Bitboard exposers = 0, forbidden = 0;
    for (Bitboard b = theirs & (pos.pieces(CHARIOT) | pos.pieces(CANNON) | pos.pieces(GENERAL)) & cross(ksq); b;) {
        const Square a = pop_lsb(b);
        const Bitboard line = between(ksq, a);
        const Bitboard screens = line & occupied;
        if (piece_type(pos.piece_on(a)) == CANNON) {
            if (!screens) forbidden |= line;
            else if (popcount(screens) == 2) exposers |= screens & ours;
        } else if (!more_than_one(screens)) {
            exposers |= screens & ours;  // not empty: the general is not in check
        }
    }
    const detail::HorseSteps& legs = detail::TABLES.horse_attackers[ksq];
    const Bitboard their_horses = theirs & pos.pieces(HORSE);
    for (int i = 0; i < legs.count; ++i)
        if (legs.targets[i] & their_horses) exposers |= legs.legs[i] & ours;  // occupied: not in check

    const Bitboard target = kind_mask & ~forbidden;
    const Bitboard movers = ours & ~exposers;

    for (Bitboard b = movers & pos.pieces(CHARIOT); b;) {
        const Square s = pop_lsb(b);
        sink.piece_moves(s, chariot_attacks(s, occupied, occupied_fm) & target);
    }
    for (Bitboard b = movers & pos.pieces(CANNON); b;) {
        const Square s = pop_lsb(b);
        const CannonReach reach = cannon_reach(s, occupied, occupied_fm);
        Bitboard to = 0;
        if constexpr (Kind != GenKind::Noisy) to |= reach.slides & ~occupied;
        if constexpr (Kind != GenKind::Quiet) to |= reach.jumps & theirs;
        sink.piece_moves(s, to & target);
    }
    for (Bitboard b = movers & pos.pieces(HORSE); b;) {
        const Square s = pop_lsb(b);
        sink.piece_moves(s, horse_steps(s, occupied) & target);
    }
    for (Bitboard b = movers & pos.pieces(ELEPHANT); b;) {
        const Square s = pop_lsb(b);
        sink.piece_moves(s, elephant_steps(s, occupied) & target);
    }
    for (Bitboard b = movers & pos.pieces(ADVISOR); b;) {
        const Square s = pop_lsb(b);
        sink.piece_moves(s, advisor_steps(s) & target);
    }
    // Soldiers all at once: forward, and sideways once across the river.
    const Bitboard soldiers = movers & pos.pieces(SOLDIER);
    const Bitboard crossed = soldiers & ~half_bb(Us);
    if constexpr (Us == Color::White) sink.shifted((soldiers << FILE_NB) & target, FILE_NB);
    else sink.shifted((soldiers >> FILE_NB) & target, -FILE_NB);
    sink.shifted(((crossed & ~FILE_I_BB) << 1) & target, 1);
    sink.shifted(((crossed & ~FILE_A_BB) >> 1) & target, -1);

    for (Bitboard b = exposers; b;) {
        const Square s = pop_lsb(b);
        tested_moves(pos, sink, s, pseudo_targets<Us>(pos, s, occupied, occupied_fm) & kind_mask);
    }
    tested_moves(pos, sink, ksq, general_steps(ksq) & kind_mask);
}

// The generator as core/movegen.h runs it.
struct Generator {
    using List = ListSink;
    using Count = CountSink;
    template <Color Us, GenKind Kind, class Sink>
    static void run(const Position& pos, Sink& sink) {
        generate_for<Us, Kind>(pos, sink);
    }
};

}  // namespace

template <GenKind Kind>
void generate(const Position& pos, MoveList& list) {
    list_moves<Generator, Kind>(pos, list);
}

template void generate<GenKind::Noisy>(const Position&, MoveList&);
template void generate<GenKind::Quiet>(const Position&, MoveList&);
template void generate<GenKind::All>(const Position&, MoveList&);

std::uint64_t count_legal_moves(const Position& pos) { return count_moves<Generator>(pos); }

bool is_pseudo_legal(const Position& pos, Move m) {
    if (!m.is_ok()) return false;
    const Color us = pos.side_to_move();
    const Piece pc = pos.piece_on(m.from());
    if (pc == NO_PIECE || piece_color(pc) != us) return false;
    if (pos.pieces(us) & square_bb(m.to())) return false;
    const Bitboard reach = us == Color::White ? pseudo_targets<Color::White>(pos, m.from(), pos.pieces(), pos.pieces_file_major())
                                              : pseudo_targets<Color::Black>(pos, m.from(), pos.pieces(), pos.pieces_file_major());
    return (reach & square_bb(m.to())) != 0;
}

bool is_legal(const Position& pos, Move m) { return is_pseudo_legal(pos, m) && pos.general_safe_after(m.from(), m.to()); }

}  // namespace sen::xiangqi

namespace sen {

// Perft (core/perft.h) over this generator.
template struct Perft<xiangqi::XiangqiGame>;

}  // namespace sen
