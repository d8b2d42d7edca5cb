// One compressed value table of a Syzygy file: the values (WDL or DTZ) of every position index of
// one side to move (and, with pawns, one file of the leading pawn), in the generator's format:
// the sequence of values is compressed by recursive pairing (a symbol stands for a value or for
// a pair of symbols) and the symbols are stored as a canonical prefix code in fixed-size blocks,
// with a sparse index that leads to the block holding a given position index.
//
// Owns: the decoding tables built from the file (code bases, symbol lengths). Reads: the mapped
// file in place (pointers into it); never writes to it. All multi-byte fields of the format are
// read byte by byte, so the host's byte order and the fields' alignment do not matter.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace sen::chess::syzygy {

class PairsTable {
public:
    // The table's flags byte (a DTZ table's says which side to move it stores and how its values
    // are mapped).
    static constexpr std::uint8_t STORES_BLACK = 1;  // DTZ: the positions with black to move
    static constexpr std::uint8_t MAPPED = 2;        // DTZ: values go through a per-result map
    static constexpr std::uint8_t WIN_PLIES = 4;     // DTZ: wins counted in plies, not moves
    static constexpr std::uint8_t LOSS_PLIES = 8;    // DTZ: losses counted in plies
    static constexpr std::uint8_t WIDE_MAP = 16;     // DTZ: the map holds 16-bit values
    static constexpr std::uint8_t SINGLE_VALUE = 128;

    // Reads the header of the table (flags, block geometry, code lengths, pairing tree) from `p`,
    // for a table of `index_count` positions; returns the first byte after it, or nullptr when
    // the header runs past `end` or is inconsistent.
    const std::uint8_t* read_header(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t index_count);
    // Sets where the sparse index, the block lengths and the blocks start; each returns the
    // first byte after that part.
    const std::uint8_t* set_sparse_index(const std::uint8_t* p) {
        sparse_ = p;
        return p + 6 * sparse_count_;
    }
    const std::uint8_t* set_block_lengths(const std::uint8_t* p) {
        block_lengths_ = p;
        return p + 2 * block_length_count_;
    }
    const std::uint8_t* set_blocks(const std::uint8_t* p) {
        blocks_ = p;
        return p + block_count_ * block_size_;
    }

    // The stored value of position index `index` (< index_count).
    int value(std::uint64_t index) const;

    std::uint8_t flags() const { return flags_; }
    // DTZ: where the value map of each result starts, in map units from the file's map area
    // (order: win, loss, cursed win, blessed loss).
    std::array<std::uint16_t, 4> map_start{};

private:
    int symbol_span(std::uint16_t symbol, std::vector<bool>& done);
    std::uint16_t left(std::uint16_t symbol) const;
    std::uint16_t right(std::uint16_t symbol) const;

    std::uint8_t flags_ = 0;
    int single_value_ = 0;
    std::uint64_t block_size_ = 0;  // bytes
    std::uint64_t span_ = 0;        // position indices between two sparse index entries
    std::uint64_t sparse_count_ = 0;
    std::uint64_t block_count_ = 0;
    std::uint64_t block_length_count_ = 0;
    int min_length_ = 0;                          // shortest code, in bits
    const std::uint8_t* first_symbol_ = nullptr;  // per code length: the first symbol of that length (16-bit LE)
    std::vector<std::uint64_t> code_base_;        // per code length: its first code, left-aligned in 64 bits
    std::vector<std::uint8_t> values_less_one_;   // per symbol: how many values it stands for, minus one
    const std::uint8_t* tree_ = nullptr;          // per symbol: 3 bytes, two 12-bit children (or a value)
    const std::uint8_t* sparse_ = nullptr;
    const std::uint8_t* block_lengths_ = nullptr;
    const std::uint8_t* blocks_ = nullptr;
};

}  // namespace sen::chess::syzygy
