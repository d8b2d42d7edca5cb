// Opening books as engines read them: files of fixed-size records (a position's key, a move, a
// weight), sorted by key, each game with its own format (Polyglot's .bin, ElephantEye's
// BOOK.DAT). This module owns what the formats share: opening the files, finding a
// key's records by binary search where they lie on disk (a book can be far larger than what one
// game reads of it), and choosing among a position's moves by weight. What a key is, how a move
// is packed and which moves are legal belong to each game (its BOOK_FORMAT and book_moves,
// core/game.h); the engine's front asks the game and plays what it finds (core/game_front.h).
//
// A book set is a list of files, searched in order: the first that knows the position gives its
// moves (UCCI's `bookfiles` names several, separated by ';'). The files are read only on the
// protocol's thread, between searches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sen {

// One record, read from the file's bytes.
struct BookEntry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;    // packed in the format's own way
    std::uint16_t weight = 0;  // 0: never played
};

// A game's book format: its record size and how a record's bytes read.
struct BookFormat {
    std::string_view name;  // for messages: "Polyglot", "ElephantEye"
    std::size_t record_size = 0;
    BookEntry (*decode)(const unsigned char* record) = nullptr;
};

// A legal move of the book, with its weight.
template <class Move>
struct BookMove {
    Move move;
    std::uint32_t weight = 0;
};

// The legal moves that a position's records name, with their weights, in the records' order: a
// record names the move of `legal` that `pack` packs as its move; one that names none (another
// position's, or a broken record) is skipped.
template <class Move, class MoveList, class Pack>
std::vector<BookMove<Move>> legal_book_moves(const std::vector<BookEntry>& entries, const MoveList& legal, const Pack& pack) {
    std::vector<BookMove<Move>> moves;
    for (const BookEntry& e : entries)
        for (const Move m : legal)
            if (pack(m) == e.move) {
                moves.push_back({m, e.weight});
                break;
            }
    return moves;
}

// The files of a book set, open for reading.
class OpeningBook {
public:
    OpeningBook() = default;
    OpeningBook(OpeningBook&&) noexcept = default;
    OpeningBook& operator=(OpeningBook&&) noexcept = default;
    ~OpeningBook();

    // Opens every file of the list (paths separated by ';', blanks around each ignored) in the
    // format given. Returns what is wrong (a file missing, unreadable, empty or not a whole
    // number of records) and leaves the book as it was; an empty list closes the book.
    std::optional<std::string> open(std::string_view paths, const BookFormat& format);
    void close();
    bool is_open() const { return !files_.empty(); }
    // The list as given to open() ("" when closed).
    const std::string& paths() const { return paths_; }

    // The records of this key in the first file that has any (none when closed, or when no
    // file knows the key).
    std::vector<BookEntry> find(std::uint64_t key) const;

private:
    struct File {
        std::string path;
        std::FILE* handle = nullptr;
        std::uint64_t records = 0;
    };
    struct Closer {
        void operator()(File* f) const;
    };
    std::vector<BookEntry> find_in(const File& file, std::uint64_t key) const;
    bool read_record(const File& file, std::uint64_t index, BookEntry& entry) const;

    std::vector<std::unique_ptr<File, Closer>> files_;
    std::string paths_;
    BookFormat format_;
};

// The index of the weight that a draw `random` (uniform over 64 bits) picks, each index with
// probability weight / sum of weights; nothing when every weight is 0.
std::optional<std::size_t> choose_by_weight(std::span<const std::uint32_t> weights, std::uint64_t random);

// Big- and little-endian reads for the formats' decode functions.
constexpr std::uint64_t read_big_endian(const unsigned char* bytes, int count) {
    std::uint64_t v = 0;
    for (int i = 0; i < count; ++i) v = (v << 8) | bytes[i];
    return v;
}
constexpr std::uint64_t read_little_endian(const unsigned char* bytes, int count) {
    std::uint64_t v = 0;
    for (int i = count - 1; i >= 0; --i) v = (v << 8) | bytes[i];
    return v;
}

}  // namespace sen
