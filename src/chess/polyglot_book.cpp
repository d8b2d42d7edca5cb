#include "chess/polyglot_book.h"

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/polyglot_random.h"

namespace sen::chess::polyglot {

namespace {

constexpr int CASTLE_OFFSET = 768;
constexpr int EN_PASSANT_OFFSET = 772;
constexpr int TURN_OFFSET = 780;

// The format's piece order: black pawn 0, white pawn 1, black knight 2, ... white king 11.
constexpr int kind_of(Piece p) { return 2 * (piece_type(p) - PAWN) + (piece_color(p) == Color::White ? 1 : 0); }

}  // namespace

std::uint64_t key(const Position& pos) {
    std::uint64_t k = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        k ^= RANDOM64[std::size_t(64 * kind_of(pos.piece_on(s)) + int(s))];
    }
    constexpr CastlingRights RIGHTS[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    for (int i = 0; i < 4; ++i)
        if (pos.can_castle(RIGHTS[i])) k ^= RANDOM64[std::size_t(CASTLE_OFFSET + i)];
    // The en-passant file counts only where a pawn of the side to move could take (pseudo-legally).
    const Color us = pos.side_to_move();
    const Square ep = pos.state().fen_ep_square;
    if (ep != SQ_NONE && (pawn_attacks(~us, ep) & pos.pieces(us, PAWN))) k ^= RANDOM64[std::size_t(EN_PASSANT_OFFSET + file_of(ep))];
    if (us == Color::White) k ^= RANDOM64[TURN_OFFSET];
    return k;
}

std::uint16_t pack(Move m) {
    const int promotion = m.kind() == MoveKind::Promotion ? m.promotion() - PAWN : 0;  // knight 1 .. queen 4
    return std::uint16_t(int(m.to()) | (int(m.from()) << 6) | (promotion << 12));
}

BookEntry decode_record(const unsigned char* record) {
    BookEntry e;
    e.key = read_big_endian(record, 8);
    e.move = std::uint16_t(read_big_endian(record + 8, 2));
    e.weight = std::uint16_t(read_big_endian(record + 10, 2));
    return e;
}

std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos) {
    const std::vector<BookEntry> entries = book.find(key(pos));
    if (entries.empty()) return {};
    return legal_book_moves<Move>(entries, legal_moves(pos), pack);
}

}  // namespace sen::chess::polyglot
