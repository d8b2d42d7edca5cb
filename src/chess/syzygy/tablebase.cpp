#include "chess/syzygy/tablebase.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <deque>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <unordered_map>
#include <vector>

#include <fmt/core.h>

#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/syzygy/mapped_file.h"
#include "chess/syzygy/table.h"

namespace sen::chess::syzygy {

namespace {

#ifdef _WIN32
constexpr char PATH_SEPARATOR = ';';
#else
constexpr char PATH_SEPARATOR = ':';
#endif

constexpr std::string_view PIECE_LETTERS = "PNBRQK";

std::uint64_t code_of(int color, PieceType pt, int count) { return std::uint64_t(count) << (4 * (8 * color + pt)); }

// The material of a table name such as "KRPvKR": counts per colour and type (white is the side
// written first); nothing when the name is not one.
std::optional<std::array<std::array<int, PIECE_TYPE_NB>, 2>> parse_name(std::string_view name) {
    std::array<std::array<int, PIECE_TYPE_NB>, 2> count{};
    int side = 0, total = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == 'v') {
            if (side == 1 || i == 0) return std::nullopt;
            side = 1;
            continue;
        }
        const std::size_t t = PIECE_LETTERS.find(c);
        if (t == std::string_view::npos) return std::nullopt;
        ++count[std::size_t(side)][t + 1];
        ++total;
    }
    if (side != 1 || count[0][KING] != 1 || count[1][KING] != 1 || total > MAX_PIECES || total < 3) return std::nullopt;
    // The generator writes each side's pieces from the king down (KQRBNP).
    for (int s = 0; s < 2; ++s) {
        const std::size_t begin = s == 0 ? 0 : name.find('v') + 1;
        const std::size_t end = s == 0 ? name.find('v') : name.size();
        if (name[begin] != 'K') return std::nullopt;
        for (std::size_t i = begin + 1; i + 1 < end; ++i)
            if (PIECE_LETTERS.find(name[i]) < PIECE_LETTERS.find(name[i + 1])) return std::nullopt;
    }
    return count;
}

bool is_capture(const Position& pos, Move m) {
    return (!pos.empty(m.to()) && m.kind() != MoveKind::Castling) || m.kind() == MoveKind::EnPassant;
}
bool is_zeroing(const Position& pos, Move m) { return is_capture(pos, m) || piece_type(pos.piece_on(m.from())) == PAWN; }

// The DTZ of the position before a capture or pawn move that keeps the result `wdl` of the
// position after it (as the mover sees it): one ply, plus 100 for a result the fifty-move rule
// spoils.
int dtz_before_zeroing(int wdl) { return wdl == 2 ? 1 : wdl == 1 ? 101 : wdl == -1 ? -101 : wdl == -2 ? -1 : 0; }
int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

// A table file, mapped at its first probe.
struct LazyTable {
    std::string path;  // empty: no such file
    std::atomic<bool> ready{false};
    bool usable = false;
    MappedFile file;
    Table table;
};

struct Tablebases::Entry {
    std::string name;
    TableShape shape;
    std::uint64_t key = 0;  // material with the side written first as white
    LazyTable wdl, dtz;
};

struct Tablebases::Registry {
    std::deque<Entry> entries;
    std::unordered_map<std::uint64_t, Entry*> by_material;
    std::mutex load_mutex;

    // Maps a table when first needed; false when it cannot be used.
    bool ready(Entry& e, LazyTable& t, TableKind kind) {
        if (t.ready.load(std::memory_order_acquire)) return t.usable;
        const std::lock_guard lock(load_mutex);
        if (t.ready.load(std::memory_order_relaxed)) return t.usable;
        t.usable = !t.path.empty() && t.file.open(t.path) && t.table.load(t.file.data(), t.file.size(), kind, e.shape);
        if (!t.usable) t.file.close();
        t.ready.store(true, std::memory_order_release);
        return t.usable;
    }
};

std::uint64_t material_code(const Position& pos) {
    std::uint64_t code = 0;
    for (int c = 0; c < 2; ++c)
        for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1)) code += code_of(c, pt, popcount(pos.pieces(Color(c), pt)));
    return code;
}

Tablebases::Tablebases() : registry_(std::make_unique<Registry>()) {}
Tablebases::~Tablebases() = default;

std::string Tablebases::set_path(std::string_view paths) {
    registry_ = std::make_unique<Registry>();
    max_pieces_ = wdl_count_ = dtz_count_ = 0;
    if (paths.empty() || paths == "<empty>") return "no tablebases";

    std::vector<std::filesystem::path> folders;
    std::string problems;
    std::size_t start = 0;
    while (start <= paths.size()) {
        std::size_t end = paths.find(PATH_SEPARATOR, start);
        if (end == std::string_view::npos) end = paths.size();
        const std::string folder(paths.substr(start, end - start));
        start = end + 1;
        if (folder.empty()) continue;
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec)) {
            problems += fmt::format("; {} is not a readable folder", folder);
            continue;
        }
        folders.emplace_back(folder);
    }

    for (const auto& folder : folders) {
        std::error_code ec;
        for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            const std::filesystem::path& file = it->path();
            if (file.extension() != ".rtbw") continue;
            const std::string name = file.stem().string();
            const auto count = parse_name(name);
            if (!count) continue;
            std::uint64_t key = 0, swapped = 0;
            TableShape shape;
            for (int c = 0; c < 2; ++c)
                for (int t = PAWN; t <= KING; ++t) {
                    const int n = (*count)[std::size_t(c)][std::size_t(t)];
                    key += code_of(c, PieceType(t), n);
                    swapped += code_of(1 - c, PieceType(t), n);
                    shape.pieces += n;
                    if (t != KING && n == 1) shape.unique_piece = true;
                }
            if (registry_->by_material.count(key)) continue;  // the same table in two folders: the first wins
            shape.pawns = (*count)[0][PAWN] + (*count)[1][PAWN] > 0;
            shape.both_pawns = (*count)[0][PAWN] > 0 && (*count)[1][PAWN] > 0;
            shape.symmetric = key == swapped;
            Entry& e = registry_->entries.emplace_back();
            e.name = name;
            e.shape = shape;
            e.key = key;
            e.wdl.path = file.string();
            for (const auto& other : folders) {
                const std::filesystem::path dtz = other / (name + ".rtbz");
                if (std::filesystem::is_regular_file(dtz, ec)) {
                    e.dtz.path = dtz.string();
                    ++dtz_count_;
                    break;
                }
            }
            registry_->by_material[key] = &e;
            registry_->by_material[swapped] = &e;
            ++wdl_count_;
            max_pieces_ = std::max(max_pieces_, shape.pieces);
        }
        if (ec) problems += fmt::format("; could not read all of {}", folder.string());
    }
    return fmt::format("found {} WDL and {} DTZ tablebase files (up to {} pieces){}", wdl_count_, dtz_count_, max_pieces_, problems);
}

bool Tablebases::probeable(const Position& pos) const {
    return max_pieces_ > 0 && pos.castling_rights() == NO_CASTLING && popcount(pos.pieces()) <= max_pieces_;
}

std::optional<int> Tablebases::read(Position& pos, bool want_dtz, int wdl, bool& other_side) {
    other_side = false;
    if (popcount(pos.pieces()) == 2) return 0;  // bare kings: a draw, in no table
    const std::uint64_t code = material_code(pos);
    const auto found = registry_->by_material.find(code);
    if (found == registry_->by_material.end()) return std::nullopt;
    Entry& e = *found->second;
    LazyTable& lazy = want_dtz ? e.dtz : e.wdl;
    if (!registry_->ready(e, lazy, want_dtz ? TableKind::Dtz : TableKind::Wdl)) return std::nullopt;
    const Table& table = lazy.table;

    // Tables are written with their first side as white, and a table whose sides have the same
    // pieces only with white to move: otherwise swap the colours (and the board's ranks).
    const bool black = pos.side_to_move() == Color::Black;
    const bool swap = code != e.key || (e.shape.symmetric && black);
    const int color_flip = swap ? 8 : 0;
    const int rank_flip = swap ? 56 : 0;
    const int side = int(swap) ^ int(black);

    std::array<Square, MAX_PIECES> sq{};
    std::array<Piece, MAX_PIECES> pc{};
    int n = 0, lead = 0, file = 0;
    Bitboard leaders = 0;
    if (e.shape.pawns) {
        // The leading pawns are those of the colour the table lists first, the front one being
        // the pawn nearest an edge file and then its own first rank.
        const Piece first = Piece(table.part(0, 0).pieces[0] ^ color_flip);
        leaders = pos.pieces(piece_color(first), PAWN);
        for (Bitboard b = leaders; b;) {
            const Square s = Square(pop_lsb(b) ^ rank_flip);
            pc[std::size_t(n)] = Piece(pos.piece_on(Square(s ^ rank_flip)) ^ color_flip);
            sq[std::size_t(n++)] = s;
        }
        lead = n;
        const auto front =
            std::max_element(sq.begin(), sq.begin() + lead, [](Square a, Square b) { return pawn_order(a) < pawn_order(b); });
        std::iter_swap(sq.begin(), front);
        file = std::min(file_of(sq[0]), 7 - file_of(sq[0]));
    }
    if (want_dtz) {
        // A DTZ table holds one side to move (a pawnless one with equal sides either).
        const bool stored = (table.part(0, file).values.flags() & PairsTable::STORES_BLACK) == side;
        if (!stored && !(e.shape.symmetric && !e.shape.pawns)) {
            other_side = true;
            return 0;
        }
    }
    for (Bitboard b = pos.pieces() & ~leaders; b;) {
        const Square s = pop_lsb(b);
        sq[std::size_t(n)] = Square(s ^ rank_flip);
        pc[std::size_t(n++)] = Piece(pos.piece_on(s) ^ color_flip);
    }
    const TablePart& part = table.part(side, file);
    // Put the pieces in the order the table lists them.
    for (int i = lead; i < n - 1; ++i)
        for (int j = i + 1; j < n; ++j)
            if (pc[std::size_t(j)] == part.pieces[std::size_t(i)]) {
                std::swap(pc[std::size_t(i)], pc[std::size_t(j)]);
                std::swap(sq[std::size_t(i)], sq[std::size_t(j)]);
                break;
            }
    const int stored = part.values.value(position_index(part, e.shape, sq, lead));
    return want_dtz ? table.dtz_plies(part, stored, wdl) : stored - 2;
}

// The tables leave out what a capture settles: a position where a capture (or, for DTZ, a pawn
// move too) wins may hold any value, and one where a capture draws may hold a loss. So the
// result is the best of the captures' results (searched the same way) and the table's value;
// the table is not read at all when every legal move is a capture, as with an en-passant
// capture, whose right the tables do not encode. `zeroing_best` says that a capture or pawn
// move is (one of) the best moves, where a DTZ table's value is not to be trusted.
std::optional<int> Tablebases::search_wdl(Position& pos, bool pawn_moves_too, bool& zeroing_best) {
    zeroing_best = false;
    const MoveList moves = legal_moves(pos);
    int best = -2;
    std::size_t tried = 0;
    for (const Move m : moves) {
        if (!is_capture(pos, m) && !(pawn_moves_too && piece_type(pos.piece_on(m.from())) == PAWN)) continue;
        ++tried;
        pos.make_move(m);
        bool unused = false;
        const std::optional<int> child = search_wdl(pos, false, unused);
        pos.unmake_move();
        if (!child) return std::nullopt;
        if (-*child > best) {
            best = -*child;
            if (best == 2) {
                zeroing_best = true;
                return best;
            }
        }
    }
    const bool all_tried = tried > 0 && tried == moves.size();
    int value = best;
    if (!all_tried) {
        bool unused = false;
        const std::optional<int> stored = read(pos, false, 0, unused);
        if (!stored) return std::nullopt;
        value = *stored;
    }
    if (best >= value) {
        zeroing_best = best > 0 || all_tried;
        return best;
    }
    return value;
}

std::optional<int> Tablebases::dtz(Position& pos) {
    bool zeroing_best = false;
    const std::optional<int> wdl = search_wdl(pos, true, zeroing_best);
    if (!wdl) return std::nullopt;
    if (*wdl == 0) return 0;
    if (zeroing_best) return dtz_before_zeroing(*wdl);
    bool other_side = false;
    const std::optional<int> stored = read(pos, true, *wdl, other_side);
    if (!stored) return std::nullopt;
    if (!other_side) return (*stored + (*wdl == 1 || *wdl == -1 ? 100 : 0)) * sign(*wdl);

    // The table holds the other side to move: look one ply ahead, and take the move that keeps
    // the result with the shortest distance.
    int best = 0xFFFF;
    for (const Move m : legal_moves(pos)) {
        const bool zeroing = is_zeroing(pos, m);
        pos.make_move(m);
        std::optional<int> d;
        if (zeroing) {
            bool unused = false;
            const std::optional<int> child = search_wdl(pos, false, unused);
            if (child) d = -dtz_before_zeroing(*child);
        } else {
            const std::optional<int> child = dtz(pos);
            if (child) d = -*child;
        }
        if (!d) {
            pos.unmake_move();
            return std::nullopt;
        }
        // A mate: the child's distance is a loss in one ply (-1), so the move is worth 1.
        if (*d == 1 && pos.in_check() && count_legal_moves(pos) == 0) best = 1;
        pos.unmake_move();
        int v = *d;
        if (!zeroing) v += sign(v);
        if (v < best && sign(v) == sign(*wdl)) best = v;
    }
    return best == 0xFFFF ? -1 : best;
}

std::optional<int> Tablebases::probe_wdl(Position& pos) {
    if (!probeable(pos)) return std::nullopt;
    bool unused = false;
    return search_wdl(pos, false, unused);
}

std::optional<int> Tablebases::probe_dtz(Position& pos) {
    if (!probeable(pos)) return std::nullopt;
    return dtz(pos);
}

}  // namespace sen::chess::syzygy
