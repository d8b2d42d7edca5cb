#include "chess/syzygy/table.h"

#include <algorithm>
#include <cstring>

#include "chess/attacks.h"

namespace sen::chess::syzygy {

namespace {

// Placements of the leading group without pawns: two kings (462 pairs up to symmetry), or three
// distinct pieces (31332).
constexpr std::uint64_t KINGS_PLACEMENTS = 462;
constexpr std::uint64_t TRIO_PLACEMENTS = 31332;

int diagonal_side(Square s) { return rank_of(s) - file_of(s); }  // < 0 below the a1-h8 diagonal, > 0 above
Square transpose(Square s) { return make_square(rank_of(s), file_of(s)); }
Square mirror_file(Square s) { return Square(s ^ 7); }

// Every table the index needs, built once.
struct IndexTables {
    std::uint64_t choose[MAX_PIECES][65] = {};      // choose[k][n]: ways to pick k of n
    int corner[64] = {};                            // a1-d1-d4 triangle: below the diagonal 0-5, on it 6-9
    int below[64] = {};                             // squares below the a1-h8 diagonal: 0-27
    int kings[10][64] = {};                         // the two kings, the first in the triangle: 0-461
    int pawn_rank[64] = {};                         // pawn squares a2-h7: 0-47 (pawn_order)
    std::uint64_t lead_start[MAX_PIECES][64] = {};  // leading pawns: first index with the front pawn here
    std::uint64_t lead_count[MAX_PIECES][4] = {};   // leading pawns: placements with the front pawn on this file

    IndexTables() {
        for (int n = 0; n <= 64; ++n) {
            choose[0][n] = 1;
            for (int k = 1; k < MAX_PIECES; ++k) choose[k][n] = n == 0 ? 0 : choose[k - 1][n - 1] + choose[k][n - 1];
        }
        int code = 0;
        for (int s = 0; s < 64; ++s)
            if (diagonal_side(Square(s)) < 0) below[s] = code++;
        // The triangle's squares below the diagonal in the order b1 c1 d1 c2 d2 d3, then the
        // diagonal a1 b2 c3 d4.
        code = 0;
        for (int s = 0; s < 32; ++s)
            if (file_of(Square(s)) < 4 && diagonal_side(Square(s)) < 0) corner[s] = code++;
        for (int s = 0; s < 32; ++s)
            if (file_of(Square(s)) < 4 && diagonal_side(Square(s)) == 0) corner[s] = code++;

        // King pairs: the first king by its triangle code, the second anywhere not next to it;
        // with the first king on the diagonal the second is not above it, and the pairs with
        // both kings on the diagonal come last.
        code = 0;
        int last[64 * 10][2];
        int last_count = 0;
        for (int c = 0; c < 10; ++c) {
            int first = -1;
            for (int s = 0; s < 32; ++s)
                if (file_of(Square(s)) < 4 && diagonal_side(Square(s)) <= 0 && corner[s] == c) first = s;
            const Square k1 = Square(first);
            for (int s = 0; s < 64; ++s) {
                const Square k2 = Square(s);
                if (k1 == k2 || (king_attacks(k1) & square_bb(k2))) continue;
                if (diagonal_side(k1) == 0 && diagonal_side(k2) > 0) continue;
                if (diagonal_side(k1) == 0 && diagonal_side(k2) == 0) {
                    last[last_count][0] = c;
                    last[last_count++][1] = s;
                } else {
                    kings[c][s] = code++;
                }
            }
        }
        for (int i = 0; i < last_count; ++i) kings[last[i][0]][last[i][1]] = code++;

        // Pawn squares from the edges inwards and, on each file pair, from the second rank up:
        // a2 47, h2 46, a3 45, ..., h7 36, b2 35, ... The leading pawn is the one ranked highest.
        code = 47;
        for (int f = 0; f < 4; ++f)
            for (int r = 1; r < 7; ++r) {
                pawn_rank[make_square(f, r)] = code--;
                pawn_rank[make_square(7 - f, r)] = code--;
            }
        for (int lead = 1; lead < MAX_PIECES; ++lead)
            for (int f = 0; f < 4; ++f) {
                std::uint64_t start = 0;
                for (int r = 1; r < 7; ++r) {
                    const Square s = make_square(f, r);
                    lead_start[lead][s] = start;
                    // The other leading pawns stand on squares ranked below the front one.
                    start += choose[lead - 1][pawn_rank[s]];
                }
                lead_count[lead][f] = start;
            }
    }
};

const IndexTables& tables() {
    static const IndexTables t;
    return t;
}

std::uint32_t le16(const std::uint8_t* p) { return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8; }

// The groups of a part and the factor each group's placement is multiplied by. The leading group
// is the leading pawns, or without pawns the two kings or three unique pieces; then every run of
// equal pieces is a group. `order` says where the leading group and the other side's pawns come
// in the product (15: nowhere).
void set_groups(TablePart& part, const TableShape& shape, int lead_order, int pawn_order_pos, int file) {
    const IndexTables& t = tables();
    int groups = 0;
    int lead_left = shape.pawns ? 0 : shape.unique_piece ? 3 : 2;
    part.group_size[0] = 1;
    for (int i = 1; i < shape.pieces; ++i) {
        if (--lead_left > 0 || part.pieces[std::size_t(i)] == part.pieces[std::size_t(i - 1)]) ++part.group_size[std::size_t(groups)];
        else part.group_size[std::size_t(++groups)] = 1;
    }
    part.group_size[std::size_t(++groups)] = 0;

    const int lead = part.group_size[0];
    int next = shape.both_pawns ? 2 : 1;
    int free_squares = 64 - lead - (shape.both_pawns ? part.group_size[1] : 0);
    std::uint64_t factor = 1;
    for (int k = 0; next < groups || k == lead_order || k == pawn_order_pos; ++k) {
        if (k == lead_order) {
            part.group_factor[0] = factor;
            factor *= shape.pawns ? t.lead_count[lead][file] : shape.unique_piece ? TRIO_PLACEMENTS : KINGS_PLACEMENTS;
        } else if (k == pawn_order_pos) {
            part.group_factor[1] = factor;
            factor *= t.choose[part.group_size[1]][48 - lead];
        } else {
            part.group_factor[std::size_t(next)] = factor;
            factor *= t.choose[part.group_size[std::size_t(next)]][free_squares];
            free_squares -= part.group_size[std::size_t(next++)];
        }
    }
    part.group_factor[std::size_t(groups)] = factor;
}

std::uint64_t index_count(const TablePart& part) {
    int g = 0;
    while (part.group_size[std::size_t(g)]) ++g;
    return part.group_factor[std::size_t(g)];
}

const std::uint8_t* align(const std::uint8_t* base, const std::uint8_t* p, std::size_t unit) {
    const std::size_t offset = std::size_t(p - base);
    return base + (offset + unit - 1) / unit * unit;
}

}  // namespace

int pawn_order(Square s) { return tables().pawn_rank[s]; }

bool Table::load(const std::uint8_t* data, std::size_t size, TableKind kind, const TableShape& shape) {
    static constexpr std::uint8_t WDL_MAGIC[4] = {0x71, 0xE8, 0x23, 0x5D};
    static constexpr std::uint8_t DTZ_MAGIC[4] = {0xD7, 0x66, 0x0C, 0xA5};
    // A table ends with a 16-byte checksum after 64-byte aligned data.
    if (size < 16 || std::memcmp(data, kind == TableKind::Wdl ? WDL_MAGIC : DTZ_MAGIC, 4) != 0) return false;
    const std::uint8_t* const end = data + size;
    const std::uint8_t* p = data + 4;
    const std::uint8_t header = *p++;
    if (bool(header & 2) != shape.pawns) return false;
    if (kind == TableKind::Wdl && bool(header & 1) == shape.symmetric) return false;
    sides_ = kind == TableKind::Wdl && !shape.symmetric ? 2 : 1;
    const int files = shape.pawns ? 4 : 1;

    for (int f = 0; f < files; ++f) {
        if (end - p < 2 + shape.pieces) return false;
        const int orders = *p;
        const int pawn_orders = shape.both_pawns ? p[1] : 0xFF;
        p += shape.both_pawns ? 2 : 1;
        for (int side = 0; side < sides_; ++side) {
            TablePart& part = parts_[std::size_t(side)][std::size_t(f)];
            for (int k = 0; k < shape.pieces; ++k) part.pieces[std::size_t(k)] = Piece(side ? p[k] >> 4 : p[k] & 0x0F);
            const int shift = side ? 4 : 0;
            set_groups(part, shape, (orders >> shift) & 0x0F, (pawn_orders >> shift) & 0x0F, f);
        }
        p += shape.pieces;
    }
    p = align(data, p, 2);

    for (int f = 0; f < files; ++f)
        for (int side = 0; side < sides_; ++side) {
            TablePart& part = parts_[std::size_t(side)][std::size_t(f)];
            p = part.values.read_header(p, end, index_count(part));
            if (!p) return false;
        }

    if (kind == TableKind::Dtz) {
        // Per file, the maps of the four results (win, loss, cursed win, blessed loss), each a
        // length and that many values; the starts are kept one past the length field.
        dtz_map_ = p;
        for (int f = 0; f < files; ++f) {
            TablePart& part = parts_[0][std::size_t(f)];
            if (!(part.values.flags() & PairsTable::MAPPED)) continue;
            if (part.values.flags() & PairsTable::WIDE_MAP) {
                p = align(data, p, 2);
                for (int i = 0; i < 4; ++i) {
                    if (end - p < 2) return false;
                    part.values.map_start[std::size_t(i)] = std::uint16_t((p - dtz_map_) / 2 + 1);
                    p += 2 * le16(p) + 2;
                }
            } else {
                for (int i = 0; i < 4; ++i) {
                    if (end - p < 1) return false;
                    part.values.map_start[std::size_t(i)] = std::uint16_t(p - dtz_map_ + 1);
                    p += *p + 1;
                }
            }
        }
        p = align(data, p, 2);
    }

    for (int f = 0; f < files; ++f)
        for (int side = 0; side < sides_; ++side) p = parts_[std::size_t(side)][std::size_t(f)].values.set_sparse_index(p);
    for (int f = 0; f < files; ++f)
        for (int side = 0; side < sides_; ++side) p = parts_[std::size_t(side)][std::size_t(f)].values.set_block_lengths(p);
    if (p > end) return false;
    for (int f = 0; f < files; ++f)
        for (int side = 0; side < sides_; ++side) {
            p = align(data, p, 64);
            if (p > end) return false;
            p = parts_[std::size_t(side)][std::size_t(f)].values.set_blocks(p);
        }
    return p <= end;
}

int Table::dtz_plies(const TablePart& part, int stored, int wdl) const {
    const std::uint8_t flags = part.values.flags();
    if (flags & PairsTable::MAPPED) {
        // The map of each result, by wdl + 2: loss, blessed loss, (draw), cursed win, win.
        static constexpr int MAP_OF_RESULT[5] = {1, 3, 0, 2, 0};
        const std::size_t at = std::size_t(part.values.map_start[std::size_t(MAP_OF_RESULT[wdl + 2])]) + std::size_t(stored);
        stored = (flags & PairsTable::WIDE_MAP) ? int(le16(dtz_map_ + 2 * at)) : int(dtz_map_[at]);
    }
    // Values are in moves unless the flags say plies; cursed wins and blessed losses always in moves.
    const bool in_moves =
        (wdl == 2 && !(flags & PairsTable::WIN_PLIES)) || (wdl == -2 && !(flags & PairsTable::LOSS_PLIES)) || wdl == 1 || wdl == -1;
    return (in_moves ? 2 * stored : stored) + 1;
}

std::uint64_t position_index(const TablePart& part, const TableShape& shape, std::array<Square, MAX_PIECES>& sq, int lead_pawns) {
    const IndexTables& t = tables();
    const int n = shape.pieces;
    // The leading piece goes to files a-d.
    if (file_of(sq[0]) > 3)
        for (int i = 0; i < n; ++i) sq[std::size_t(i)] = mirror_file(sq[std::size_t(i)]);

    std::uint64_t index = 0;
    if (shape.pawns) {
        index = t.lead_start[lead_pawns][sq[0]];
        std::sort(sq.begin() + 1, sq.begin() + lead_pawns, [&](Square a, Square b) { return t.pawn_rank[a] < t.pawn_rank[b]; });
        for (int i = 1; i < lead_pawns; ++i) index += t.choose[i][t.pawn_rank[sq[std::size_t(i)]]];
    } else {
        // Without pawns the board has all eight symmetries: the leading piece goes to ranks 1-4,
        // and the first piece of the leading group off the a1-h8 diagonal goes below it.
        if (rank_of(sq[0]) > 3)
            for (int i = 0; i < n; ++i) sq[std::size_t(i)] = flip_rank(sq[std::size_t(i)]);
        for (int i = 0; i < part.group_size[0]; ++i) {
            const int side = diagonal_side(sq[std::size_t(i)]);
            if (side == 0) continue;
            if (side > 0)
                for (int j = i; j < n; ++j) sq[std::size_t(j)] = transpose(sq[std::size_t(j)]);
            break;
        }
        if (shape.unique_piece) {
            const Square a = sq[0], b = sq[1], c = sq[2];
            const int b_down = b > a;              // squares taken before b
            const int c_down = (c > a) + (c > b);  // and before c
            if (diagonal_side(a) != 0) {
                index = (std::uint64_t(t.corner[a]) * 63 + std::uint64_t(b - b_down)) * 62 + std::uint64_t(c - c_down);
            } else if (diagonal_side(b) != 0) {
                index = (6 * 63 + std::uint64_t(rank_of(a)) * 28 + std::uint64_t(t.below[b])) * 62 + std::uint64_t(c - c_down);
            } else if (diagonal_side(c) != 0) {
                index = 6 * 63 * 62 + 4 * 28 * 62 + std::uint64_t(rank_of(a)) * 7 * 28 + std::uint64_t(rank_of(b) - b_down) * 28 +
                        std::uint64_t(t.below[c]);
            } else {
                index = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + std::uint64_t(rank_of(a)) * 7 * 6 +
                        std::uint64_t(rank_of(b) - b_down) * 6 + std::uint64_t(rank_of(c) - c_down);
            }
        } else {
            index = std::uint64_t(t.kings[t.corner[sq[0]]][sq[1]]);
        }
    }
    index *= part.group_factor[0];

    // Every other group: its squares in ascending order, each counted among the squares the
    // earlier groups left free (and the other side's pawns among the 48 pawn squares).
    int start = part.group_size[0];
    bool other_pawns = shape.both_pawns;
    for (int g = 1; part.group_size[std::size_t(g)]; ++g) {
        const int size = part.group_size[std::size_t(g)];
        std::sort(sq.begin() + start, sq.begin() + start + size);
        std::uint64_t placement = 0;
        for (int i = 0; i < size; ++i) {
            const Square s = sq[std::size_t(start + i)];
            int free_square = s;
            for (int j = 0; j < start; ++j) free_square -= sq[std::size_t(j)] < s;
            if (other_pawns) free_square -= 8;
            placement += t.choose[i + 1][free_square];
        }
        other_pawns = false;
        index += placement * part.group_factor[std::size_t(g)];
        start += size;
    }
    return index;
}

}  // namespace sen::chess::syzygy
