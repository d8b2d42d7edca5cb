#include "xiangqi/elephanteye_book.h"

#include <array>
#include <utility>

#include "xiangqi/movegen.h"

namespace sen::xiangqi::elephanteye {

namespace {

constexpr int PIECE_KINDS = 14;
constexpr int BOARD_SQUARES = 256;

// The lock1 words of ElephantEye's Zobrist tables, drawn as ElephantEye draws them.
struct Locks {
    std::uint32_t side = 0;  // black to move
    std::array<std::uint32_t, PIECE_KINDS * BOARD_SQUARES> piece{};
};

// RC4 keyed with four zero bytes; a 32-bit draw takes four output bytes, the first the lowest.
class Rc4 {
public:
    constexpr Rc4() {
        for (int i = 0; i < 256; ++i) s_[std::size_t(i)] = std::uint8_t(i);
        int j = 0;
        for (int i = 0; i < 256; ++i) {
            j = (j + s_[std::size_t(i)]) & 255;  // + key byte, always 0
            std::swap(s_[std::size_t(i)], s_[std::size_t(j)]);
        }
    }
    constexpr std::uint32_t next32() {
        std::uint32_t v = 0;
        for (int shift = 0; shift < 32; shift += 8) v |= std::uint32_t(next_byte()) << shift;
        return v;
    }

private:
    constexpr std::uint8_t next_byte() {
        x_ = (x_ + 1) & 255;
        y_ = (y_ + s_[std::size_t(x_)]) & 255;
        std::swap(s_[std::size_t(x_)], s_[std::size_t(y_)]);
        return s_[std::size_t((s_[std::size_t(x_)] + s_[std::size_t(y_)]) & 255)];
    }
    std::array<std::uint8_t, 256> s_{};
    int x_ = 0, y_ = 0;
};

constexpr Locks make_locks() {
    Locks locks;
    Rc4 rc4;
    const auto lock1 = [&rc4] {
        rc4.next32();  // key
        rc4.next32();  // lock0
        return rc4.next32();
    };
    locks.side = lock1();
    for (std::uint32_t& l : locks.piece) l = lock1();
    return locks;
}

// Drawn once, on first use: 4 * 3585 RC4 draws exceed what a compiler may evaluate as a constant.
const Locks& locks() {
    static const Locks LOCKS = make_locks();
    return LOCKS;
}

// ElephantEye's piece order: red general, advisor, elephant, horse, chariot, cannon, soldier; black's + 7.
constexpr int kind_of(Piece p) {
    constexpr int ORDER[PIECE_TYPE_NB] = {-1, 6, 1, 2, 3, 5, 4, 0};  // by Sen's PieceType
    return ORDER[piece_type(p)] + (piece_color(p) == Color::Black ? 7 : 0);
}

constexpr int board_square(int file, int rank) { return (file + 3) + ((12 - rank) << 4); }
constexpr int board_square(Square s) { return board_square(file_of(s), rank_of(s)); }
constexpr int mirrored_board_square(Square s) { return board_square(FILE_NB - 1 - file_of(s), rank_of(s)); }

template <class SquareOf>
std::uint32_t lock_of(const Position& pos, SquareOf square_of) {
    std::uint32_t l = pos.side_to_move() == Color::Black ? locks().side : 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        l ^= locks().piece[std::size_t(kind_of(pos.piece_on(s)) * BOARD_SQUARES + square_of(s))];
    }
    return l;
}

}  // namespace

std::uint32_t lock(const Position& pos) {
    return lock_of(pos, [](Square s) { return board_square(s); });
}
std::uint32_t mirrored_lock(const Position& pos) {
    return lock_of(pos, [](Square s) { return mirrored_board_square(s); });
}

std::uint16_t pack(Move m) { return std::uint16_t(board_square(m.from()) | (board_square(m.to()) << 8)); }
std::uint16_t pack_mirrored(Move m) { return std::uint16_t(mirrored_board_square(m.from()) | (mirrored_board_square(m.to()) << 8)); }

BookEntry decode_record(const unsigned char* record) {
    BookEntry e;
    e.key = read_little_endian(record, 4);
    e.move = std::uint16_t(read_little_endian(record + 4, 2));
    e.weight = std::uint16_t(read_little_endian(record + 6, 2));
    return e;
}

std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos) {
    // The position as it stands, else its mirror image: a book keeps only one of the two.
    if (const std::vector<BookEntry> entries = book.find(lock(pos)); !entries.empty())
        return legal_book_moves<Move>(entries, legal_moves(pos), pack);
    const std::vector<BookEntry> entries = book.find(mirrored_lock(pos));
    if (entries.empty()) return {};
    return legal_book_moves<Move>(entries, legal_moves(pos), pack_mirrored);
}

}  // namespace sen::xiangqi::elephanteye
