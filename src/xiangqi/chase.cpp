// The chasing rule of xiangqi (the Asian Xiangqi Federation's perpetual chase, as far as
// docs/xiangqi.md "Chasing rules" models it): which pieces a move chases, and which sides chased
// through a repetition cycle. Members of Position declared in position.h. They work on a copy
// of the board without history (board_copy), so the position itself is never edited, and only
// repetition_state() calls them: when a repetition is found and no side checked on every move.
#include <algorithm>
#include <iterator>

#include "xiangqi/position.h"

namespace sen::xiangqi {

Position Position::board_copy() const {
    Position b{Blank{}};
    std::copy(std::begin(board_), std::end(board_), std::begin(b.board_));
    std::copy(std::begin(by_type_), std::end(by_type_), std::begin(b.by_type_));
    std::copy(std::begin(by_color_), std::end(by_color_), std::begin(b.by_color_));
    std::copy(std::begin(general_), std::end(general_), std::begin(b.general_));
    std::copy(std::begin(count_), std::end(count_), std::begin(b.count_));
    b.occupied_fm_ = occupied_fm_;
    b.side_ = side_;
    b.repetition_rules_ = repetition_rules_;
    return b;
}

// Moves a piece on a board copy (a capture removes the piece on `to`); no key, no state.
void Position::shift_piece(Square from, Square to) {
    const Piece p = board_[from];
    remove_piece(from);
    put_piece(p, to);
}

// Whether the piece on `from` can capture the one on `to` without exposing its own general.
bool Position::can_capture(Square from, Square to) const {
    if (!(attackers_to(to) & square_bb(from))) return false;
    const Color c = piece_color(board_[from]);
    const Square k = from == general_square(c) ? to : general_square(c);
    return !general_attacked(~c, k, pieces() ^ square_bb(from), pieces(~c) & ~square_bb(to));
}

// Whether, after the piece on `attacker` takes the one on `victim`, the victim's side can take
// back legally. A protector that is pinned (to its general, or by the facing generals) does
// not protect, and the general protects only where it could step without being attacked.
bool Position::protected_after_capture(Square attacker, Square victim) const {
    const Color them = piece_color(board_[victim]), us = ~them;
    const Bitboard occupied = pieces() ^ square_bb(attacker);
    for (Bitboard defenders = attackers_to(victim, occupied) & pieces(them) & ~square_bb(victim); defenders;) {
        const Square d = pop_lsb(defenders);
        const Square k = d == general_square(them) ? victim : general_square(them);
        if (!general_attacked(us, k, occupied ^ square_bb(d), pieces(us) & ~square_bb(attacker))) return true;
    }
    return false;
}

// The pieces of `us` that chase the piece on `victim` as the board stands (new or not).
Bitboard Position::chase_attackers(Color us, Square victim) const {
    const Color them = ~us;
    const PieceType vt = piece_type(board_[victim]);
    Bitboard result = 0;
    // The general and the soldiers may attack as often as they like (AXF).
    for (Bitboard attackers = attackers_to(victim) & pieces(us) & ~(by_type_[GENERAL] | by_type_[SOLDIER]); attackers;) {
        const Square a = pop_lsb(attackers);
        const PieceType at = piece_type(board_[a]);
        // An attacker that may not capture (it would expose its own general) chases nothing.
        if (general_attacked(them, general_square(us), pieces() ^ square_bb(a), pieces(them) & ~square_bb(victim))) continue;
        // A piece attacking a piece of its own type that can take it back offers an exchange.
        if (at == vt && can_capture(victim, a)) continue;
        // Attacks on a stronger piece count even when it is protected: a chariot attacked by a
        // horse or cannon (AXF), and, as in Fairy-Stockfish, a chariot, horse or cannon
        // attacked by an advisor or elephant.
        const bool stronger = (vt == CHARIOT && (at == HORSE || at == CANNON)) ||
                              ((at == ADVISOR || at == ELEPHANT) && (vt == CHARIOT || vt == HORSE || vt == CANNON));
        if (stronger || !protected_after_capture(a, victim)) result |= square_bb(a);
    }
    return result;
}

// On a board copy: plays m and returns the opponent's pieces it newly chases. A chase is new
// when one of its attackers, followed back along m, did not already chase that piece before m
// (so moving a piece up to attack, opening a line, adding a cannon screen, or pinning or
// blocking a protector all chase; an attack that stood before the move does not).
Bitboard Position::play_chase(Move m) {
    const Square from = m.from(), to = m.to();
    const Piece moved = board_[from], captured = board_[to];
    const Color us = piece_color(moved), them = ~us;
    shift_piece(from, to);
    // The general is checked, not chased; a soldier that has not crossed the river is not chased.
    const Bitboard victims = pieces(them) & ~by_type_[GENERAL] & ~(by_type_[SOLDIER] & half_bb(them));
    struct Chase {
        Square victim;
        Bitboard attackers;
    };
    Chase chases[16];
    int count = 0;
    for (Bitboard b = victims; b;) {
        const Square x = pop_lsb(b);
        if (const Bitboard attackers = chase_attackers(us, x)) chases[count++] = {x, attackers};
    }
    if (count == 0) return 0;
    remove_piece(to);
    put_piece(moved, from);
    if (captured != NO_PIECE) put_piece(captured, to);
    Bitboard newly = 0;
    for (int i = 0; i < count; ++i) {
        // The victim stood on the same point before m (m moved our piece, not it).
        Bitboard before = chase_attackers(us, chases[i].victim);
        if (repetition_rules_ == RepetitionRules::Computer) {
            // Computer rules: a piece already chased before m, by any attacker, is not newly chased.
            if (!before) newly |= square_bb(chases[i].victim);
            continue;
        }
        if (before & square_bb(from)) before ^= square_bb(from) | square_bb(to);
        if (chases[i].attackers & ~before) newly |= square_bb(chases[i].victim);
    }
    shift_piece(from, to);
    return newly;
}

Bitboard Position::chased_by(Move m) const {
    Position board = board_copy();
    return board.play_chase(m);
}

// The span holds no capture or null move, so it is undone on a board copy by moving each piece
// back, then replayed move by move. A side chases through the span when each of its moves
// chased, and one same piece (followed as it flees) was chased by all of them: AXF's perpetual
// chase is of one piece, and a check that chases nothing breaks it (as in Fairy-Stockfish, the
// match referee, and H.G. Muller's reading of the Asian rules: "one check, one chase" is no
// perpetual chase).
std::array<bool, 2> Position::cycle_chasers(int plies) const {
    Position board = board_copy();
    const int n = int(states_.size()) - 1;
    for (int j = 0; j < plies; ++j) board.shift_piece(states_[n - j].move.to(), states_[n - j].move.from());
    std::array<Bitboard, 2> targets = {BOARD_BB, BOARD_BB};  // by index of the chasing side
    std::array<bool, 2> chasing = {true, true};
    for (int j = plies - 1; j >= 0; --j) {
        const StateInfo& st = states_[n - j];
        const Square from = st.move.from(), to = st.move.to();
        const int c = index_of(piece_color(board.piece_on(from))), o = 1 - c;
        if (targets[o] & square_bb(from)) targets[o] = (targets[o] & ~square_bb(from)) | square_bb(to);
        if (!chasing[c]) {
            board.shift_piece(from, to);
            continue;
        }
        targets[c] &= board.play_chase(st.move);
        chasing[c] = targets[c] != 0;
        if (!chasing[0] && !chasing[1]) break;
    }
    return chasing;
}

}  // namespace sen::xiangqi
