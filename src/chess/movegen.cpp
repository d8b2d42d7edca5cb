#include "chess/movegen.h"

#include "chess/game.h"
#include "core/deep_perft.h"

namespace sen::chess {

namespace {

// Sinks receive whole sets of destinations; a list sink turns them into moves, a count sink
// only counts them.
struct ListSink {
    MoveList& list;

    void piece_moves(Square from, Bitboard to) {
        while (to) list.push(Move(from, pop_lsb(to)));
    }
    void pawn_set(Bitboard to, int delta) {
        while (to) {
            const Square s = pop_lsb(to);
            list.push(Move(s - delta, s));
        }
    }
    void promotions_from(Square from, Bitboard to, bool queen, bool under) {
        while (to) {
            const Square s = pop_lsb(to);
            if (queen) list.push(Move::make(from, s, MoveKind::Promotion, QUEEN));
            if (under) {
                list.push(Move::make(from, s, MoveKind::Promotion, KNIGHT));
                list.push(Move::make(from, s, MoveKind::Promotion, ROOK));
                list.push(Move::make(from, s, MoveKind::Promotion, BISHOP));
            }
        }
    }
    void promotion_set(Bitboard to, int delta, bool queen, bool under) {
        while (to) {
            const Square s = pop_lsb(to);
            promotions_from(s - delta, square_bb(s), queen, under);
        }
    }
    void single(Move m) { list.push(m); }
};

struct CountSink {
    std::uint64_t count = 0;

    void piece_moves(Square, Bitboard to) { count += unsigned(popcount(to)); }
    void pawn_set(Bitboard to, int) { count += unsigned(popcount(to)); }
    void promotions_from(Square, Bitboard to, bool queen, bool under) { count += unsigned(popcount(to) * (queen + 3 * under)); }
    void promotion_set(Bitboard to, int, bool queen, bool under) { count += unsigned(popcount(to) * (queen + 3 * under)); }
    void single(Move) { ++count; }
};

// Castling with `right`, the check aside (the caller knows the king is not in check): the squares
// between the king and its rook are empty and none of the king's path is attacked. The rook is
// lifted with the king because in Chess960 it may be what shields that path.
bool castling_allowed(const Position& pos, CastlingRights right, Color them, Square ksq, Bitboard occupied) {
    if (!pos.can_castle(right) || (pos.castling_path(right) & occupied)) return false;
    const Bitboard lifted = occupied ^ square_bb(ksq) ^ square_bb(pos.castling_rook_square(right));
    for (Bitboard path = pos.castling_king_path(right); path;)
        if (pos.attacked_by(them, pop_lsb(path), lifted)) return false;
    return true;
}

template <Color Us, GenKind Kind, class Sink>
void generate_for(const Position& pos, Sink& sink) {
    constexpr Color them = ~Us;
    constexpr bool white = Us == Color::White;
    constexpr Direction forward = white ? Direction::North : Direction::South;
    constexpr Direction forward_west = white ? Direction::NorthWest : Direction::SouthWest;
    constexpr Direction forward_east = white ? Direction::NorthEast : Direction::SouthEast;
    constexpr int up = int(forward), up_west = int(forward_west), up_east = int(forward_east);
    constexpr Bitboard third_rank = white ? rank_bb(2) : rank_bb(5);
    constexpr Bitboard last_rank = white ? RANK_8_BB : RANK_1_BB;
    constexpr Bitboard seventh_rank = white ? rank_bb(6) : rank_bb(1);
    constexpr bool noisy = Kind != GenKind::Quiet;  // emit captures and queen promotions
    constexpr bool quiet = Kind != GenKind::Noisy;  // emit non-captures and quiet under-promotions

    const Bitboard occupied = pos.pieces(), ours = pos.pieces(Us), theirs = pos.pieces(them);
    const Bitboard empty_squares = ~occupied;
    const Square ksq = pos.king_square(Us);
    const Bitboard checkers = pos.checkers();
    const Bitboard kind_targets = Kind == GenKind::Noisy ? theirs : Kind == GenKind::Quiet ? empty_squares : ~ours;

    // King: every destination is tested with the king lifted off the board, so that it cannot
    // hide from a slider behind itself.
    {
        Bitboard candidates = king_attacks(ksq) & kind_targets;
        const Bitboard without_king = occupied ^ square_bb(ksq);
        Bitboard safe = 0;
        while (candidates) {
            const Square to = pop_lsb(candidates);
            if (!pos.attacked_by(them, to, without_king)) safe |= square_bb(to);
        }
        sink.piece_moves(ksq, safe);
    }
    if (more_than_one(checkers)) return;  // double check: only the king moves

    // In check, other pieces must capture the checker or block its line.
    const Bitboard check_mask = checkers ? (between(ksq, lsb(checkers)) | checkers) : ~Bitboard(0);
    const Bitboard targets = kind_targets & check_mask;

    // Pins: our piece alone between our king and an enemy slider on the same line. A pinned
    // piece may move only along that line, and never when in check.
    Bitboard pinned = 0;
    {
        Bitboard snipers =
            (rook_attacks(ksq, theirs) & pos.pieces(them, ROOK, QUEEN)) | (bishop_attacks(ksq, theirs) & pos.pieces(them, BISHOP, QUEEN));
        while (snipers) {
            const Bitboard blockers = between(ksq, pop_lsb(snipers)) & occupied;
            if (!more_than_one(blockers)) pinned |= blockers & ours;
        }
    }

    // Knights: a pinned knight can never stay on its pin line.
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, knight_attacks(from) & targets);
    }
    // Sliders.
    for (Bitboard b = pos.pieces(Us, BISHOP) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, bishop_attacks(from, occupied) & targets);
    }
    for (Bitboard b = pos.pieces(Us, ROOK) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, rook_attacks(from, occupied) & targets);
    }
    for (Bitboard b = pos.pieces(Us, QUEEN) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, queen_attacks(from, occupied) & targets);
    }
    if (!checkers) {
        for (Bitboard b = pinned & pos.pieces(Us) & ~pos.pieces(PAWN, KNIGHT); b;) {
            const Square from = pop_lsb(b);
            sink.piece_moves(from, attacks_of(piece_type(pos.piece_on(from)), from, occupied) & targets & line(ksq, from));
        }
    }

    // Pawns that are not pinned, set-wise.
    const Bitboard pawns = pos.pieces(Us, PAWN);
    const Bitboard free_pawns = pawns & ~pinned;
    {
        Bitboard push1 = shift<forward>(free_pawns) & empty_squares;
        const Bitboard push2 = shift<forward>(push1 & third_rank) & empty_squares & check_mask;
        push1 &= check_mask;
        const Bitboard capture_west = shift<forward_west>(free_pawns) & theirs & check_mask;
        const Bitboard capture_east = shift<forward_east>(free_pawns) & theirs & check_mask;
        if constexpr (quiet) {
            sink.pawn_set(push1 & ~last_rank, up);
            sink.pawn_set(push2, 2 * up);
        }
        if constexpr (noisy) {
            sink.pawn_set(capture_west & ~last_rank, up_west);
            sink.pawn_set(capture_east & ~last_rank, up_east);
            sink.promotion_set(capture_west & last_rank, up_west, true, true);
            sink.promotion_set(capture_east & last_rank, up_east, true, true);
        }
        sink.promotion_set(push1 & last_rank, up, noisy, quiet);
    }
    // Pinned pawns, one by one (never when in check).
    if (!checkers) {
        for (Bitboard b = pawns & pinned; b;) {
            const Square from = pop_lsb(b);
            const Bitboard allowed = line(ksq, from);
            Bitboard pushes = shift<forward>(square_bb(from)) & empty_squares;
            pushes |= shift<forward>(pushes & third_rank) & empty_squares;
            pushes &= allowed;
            const Bitboard captures = pawn_attacks(Us, from) & theirs & allowed;
            if (square_bb(from) & seventh_rank) {
                if constexpr (noisy) sink.promotions_from(from, captures, true, true);
                sink.promotions_from(from, pushes, noisy, quiet);
            } else {
                if constexpr (noisy) sink.piece_moves(from, captures);
                if constexpr (quiet) sink.piece_moves(from, pushes);
            }
        }
    }
    // En passant: the rare case where the capture removes a piece from a square other than the
    // destination, so the king's safety is checked on the resulting occupancy.
    if constexpr (noisy) {
        const Square ep = pos.ep_square();
        if (ep != SQ_NONE) {
            for (Bitboard b = pawn_attacks(them, ep) & pawns; b;) {
                const Square from = pop_lsb(b);
                if (pos.en_passant_is_legal(from)) sink.single(Move::make(from, ep, MoveKind::EnPassant));
            }
        }
    }
    // Castling: never out of check; the squares between must be empty and the king's path safe.
    if constexpr (quiet) {
        if (!checkers && (pos.castling_rights() & (white ? WHITE_CASTLING : BLACK_CASTLING))) {
            for (const bool king_side : {true, false}) {
                const CastlingRights right = castling_right(Us, king_side);
                if (castling_allowed(pos, right, them, ksq, occupied))
                    sink.single(Move::make(ksq, pos.castling_rook_square(right), MoveKind::Castling));
            }
        }
    }
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

// Decides one move without generating the list, so that the move picker can try the hash move
// first at every node; it must accept exactly what generate<GenKind::All> emits, for any 16 bits
// (a hash collision may bring garbage). Each branch mirrors the generator's rule for that move.
bool is_legal(const Position& pos, Move m) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece piece = pos.piece_on(from);
    // Move::none() and Move::null() have from == to, which no move has.
    if (!m.is_ok() || piece == NO_PIECE || piece_color(piece) != us) return false;
    // The generator writes the promotion bits only for promotions, and leaves them zero otherwise.
    const MoveKind kind = m.kind();
    if (kind != MoveKind::Promotion && m.promotion() != KNIGHT) return false;

    const Bitboard occupied = pos.pieces(), ours = pos.pieces(us), to_bb = square_bb(to);
    const Square ksq = pos.king_square(us);
    const Bitboard checkers = pos.checkers();

    if (kind == MoveKind::Castling) {
        if (from != ksq || checkers) return false;
        for (const bool king_side : {true, false}) {
            const CastlingRights right = castling_right(us, king_side);
            if (pos.castling_rook_square(right) == to && castling_allowed(pos, right, them, ksq, occupied)) return true;
        }
        return false;
    }
    if (from == ksq) {
        // The king is tested with itself lifted off the board, as in the generator, so that it
        // cannot hide from a slider behind itself.
        return kind == MoveKind::Normal && (king_attacks(ksq) & ~ours & to_bb) && !pos.attacked_by(them, to, occupied ^ square_bb(ksq));
    }
    if (more_than_one(checkers)) return false;  // double check: only the king moves
    if (kind == MoveKind::EnPassant) {
        return to == pos.ep_square() && piece_type(piece) == PAWN && (pawn_attacks(them, to) & square_bb(from)) &&
               pos.en_passant_is_legal(from);
    }

    // Squares the piece reaches on this board, the king's safety aside.
    Bitboard reach = 0;
    if (piece_type(piece) == PAWN) {
        const bool white = us == Color::White;
        // A pawn reaching the last rank always promotes, and only there.
        if ((kind == MoveKind::Promotion) != bool(to_bb & (white ? RANK_8_BB : RANK_1_BB))) return false;
        const Bitboard empty_squares = ~occupied;
        const Bitboard push1 = (white ? square_bb(from) << 8 : square_bb(from) >> 8) & empty_squares;
        const Bitboard pushed_to_third_rank = push1 & (white ? rank_bb(2) : rank_bb(5));
        const Bitboard push2 = (white ? pushed_to_third_rank << 8 : pushed_to_third_rank >> 8) & empty_squares;
        reach = push1 | push2 | (pawn_attacks(us, from) & pos.pieces(them));
    } else {
        if (kind != MoveKind::Normal) return false;
        reach = attacks_of(piece_type(piece), from, occupied) & ~ours;
    }
    if (!(reach & to_bb)) return false;
    // In check, the move must capture the checker or block its line.
    if (checkers && !((between(ksq, lsb(checkers)) | checkers) & to_bb)) return false;

    // Pins. Only a piece on a line through its king can uncover an attack, and not while it
    // stays on that line. Otherwise the test is whether a slider behind it now sees the king:
    // that is exactly the generator's rule (a pinned piece moves only along its pin line, and
    // not at all in check, where no square on that line could answer the check).
    const Bitboard king_line = line(ksq, from);
    if (!king_line || (king_line & to_bb)) return true;
    const Bitboard after = (occupied ^ square_bb(from)) | to_bb;
    const Bitboard attackers = pos.pieces(them) & ~to_bb;  // a captured piece attacks no more
    const bool straight = rank_of(ksq) == rank_of(from) || file_of(ksq) == file_of(from);
    const Bitboard uncovered =
        straight ? rook_attacks(ksq, after) & pos.pieces(ROOK, QUEEN) : bishop_attacks(ksq, after) & pos.pieces(BISHOP, QUEEN);
    return !(uncovered & attackers);
}

}  // namespace sen::chess

namespace sen {

// Perft (core/perft.h) over this generator.
template struct Perft<chess::ChessGame>;

}  // namespace sen
