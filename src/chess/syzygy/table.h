// The layout of one Syzygy table file (.rtbw: win/draw/loss, .rtbz: distance to zeroing) and the
// index of a position in it.
//
// A file covers one material balance, written with the side listed first as white ("KRvK"). It
// holds one value table per side to move (a DTZ file and a file whose two sides have the same
// pieces hold only one) and, when there are pawns, per file a-d of the leading pawn. Each of
// those parts names the order in which the file lists its pieces; pieces of one kind form a
// group, and a position's index combines the groups' placements in an order the part gives,
// after the board has been mirrored so that the leading piece (or pawn) lies in a fixed corner
// (or on files a-d). Facts of the format come from its description and the generator
// (syzygy1/tb); the code is this project's own.
//
// Owns: the decoded layout (piece orders, group sizes, value tables). Reads: the mapped file.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "chess/syzygy/pairs.h"
#include "chess/types.h"

namespace sen::chess::syzygy {

constexpr int MAX_PIECES = 7;

enum class TableKind : std::uint8_t { Wdl, Dtz };

// What the material alone says about a table's layout.
struct TableShape {
    int pieces = 0;             // kings included
    bool pawns = false;         // any pawn on the board
    bool both_pawns = false;    // both sides have pawns
    bool unique_piece = false;  // some side has exactly one piece of some type besides the king
    bool symmetric = false;     // both sides have the same pieces
};

// One value table with the order of pieces it was written in.
struct TablePart {
    std::array<Piece, MAX_PIECES> pieces{};                    // with the table's colours: white is the side listed first
    std::array<int, MAX_PIECES + 1> group_size{};              // zero-terminated
    std::array<std::uint64_t, MAX_PIECES + 1> group_factor{};  // the last one past the groups: the index count
    PairsTable values;
};

class Table {
public:
    // Reads the layout of a mapped file of `size` bytes; false when the file does not match the
    // material or is not a well-formed table of this kind.
    bool load(const std::uint8_t* data, std::size_t size, TableKind kind, const TableShape& shape);

    // The part for this side to move (0: the table's white) and leading-pawn file (0-3).
    const TablePart& part(int side, int file) const { return parts_[side % sides_][file]; }
    // DTZ: the stored value turned into plies for a position whose result is `wdl` (-2..2).
    int dtz_plies(const TablePart& part, int stored, int wdl) const;

private:
    std::array<std::array<TablePart, 4>, 2> parts_{};
    int sides_ = 1;
    const std::uint8_t* dtz_map_ = nullptr;
};

// The position index of pieces on `squares` (the table's colours, in the part's piece order,
// the leading pawns first when there are pawns, the one with the highest pawn_order() in front;
// `lead_pawns` of them). Reorders and mirrors `squares` as it goes.
std::uint64_t position_index(const TablePart& part, const TableShape& shape, std::array<Square, MAX_PIECES>& squares, int lead_pawns);

// The rank of a pawn square among the leading-pawn candidates: the pawn nearest the a- or h-file
// and then nearest its own first rank leads.
int pawn_order(Square s);

}  // namespace sen::chess::syzygy
