#include "chess/syzygy/pairs.h"

namespace sen::chess::syzygy {

namespace {

std::uint32_t le16(const std::uint8_t* p) { return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8; }
std::uint32_t le32(const std::uint8_t* p) { return le16(p) | le16(p + 2) << 16; }
std::uint32_t be32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}

// A 12-bit child that marks a symbol as a leaf (a plain value, not a pair).
constexpr std::uint16_t LEAF = 0xFFF;

}  // namespace

std::uint16_t PairsTable::left(std::uint16_t symbol) const {
    const std::uint8_t* e = tree_ + 3 * std::size_t(symbol);
    return std::uint16_t(e[0] | (e[1] & 0x0F) << 8);
}

std::uint16_t PairsTable::right(std::uint16_t symbol) const {
    const std::uint8_t* e = tree_ + 3 * std::size_t(symbol);
    return std::uint16_t(e[1] >> 4 | e[2] << 4);
}

// A pair stands for all the values of its left symbol followed by those of its right one.
int PairsTable::symbol_span(std::uint16_t symbol, std::vector<bool>& done) {
    if (done[symbol]) return values_less_one_[symbol];
    done[symbol] = true;
    int count = 0;
    if (right(symbol) != LEAF) {
        const std::uint16_t l = left(symbol), r = right(symbol);
        if (l >= values_less_one_.size() || r >= values_less_one_.size()) return 0;
        count = symbol_span(l, done) + symbol_span(r, done) + 1;
        if (count > 255) count = 255;  // the format's limit; only a corrupt file goes past it
    }
    values_less_one_[symbol] = std::uint8_t(count);
    return count;
}

const std::uint8_t* PairsTable::read_header(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t index_count) {
    if (end - p < 2) return nullptr;
    flags_ = *p++;
    if (flags_ & SINGLE_VALUE) {
        // Every position has the same value, stored here; there are no blocks.
        single_value_ = *p++;
        return p;
    }
    if (end - p < 10) return nullptr;
    const int block_bits = *p++;
    const int span_bits = *p++;
    if (block_bits > 20 || span_bits > 30) return nullptr;
    block_size_ = std::uint64_t(1) << block_bits;
    span_ = std::uint64_t(1) << span_bits;
    sparse_count_ = (index_count + span_ - 1) / span_;
    const int padding = *p++;
    block_count_ = le32(p);
    p += 4;
    // The list of block lengths runs a little past the last block, so that a sparse index entry
    // near the end never points outside it.
    block_length_count_ = block_count_ + std::uint64_t(padding);
    const int max_length = *p++;
    min_length_ = *p++;
    if (max_length < min_length_ || max_length > 32 || min_length_ < 1) return nullptr;
    const int lengths = max_length - min_length_ + 1;
    if (end - p < 2 * lengths + 2) return nullptr;
    first_symbol_ = p;
    p += 2 * lengths;

    // Canonical code: codes of one length are consecutive numbers, and longer codes are smaller
    // numbers. Going from the longest length up, the first code of a length is half of (the
    // first code of the next longer length plus the number of codes of that length), the count
    // being the difference of the two lengths' first symbols. Each base is then aligned to the
    // top of a 64-bit word, so that a window of the bit stream compares with it directly.
    code_base_.assign(std::size_t(lengths), 0);
    for (int i = lengths - 2; i >= 0; --i)
        code_base_[std::size_t(i)] = (code_base_[std::size_t(i + 1)] + le16(first_symbol_ + 2 * i) - le16(first_symbol_ + 2 * (i + 1))) / 2;
    for (int i = 0; i < lengths; ++i) code_base_[std::size_t(i)] <<= 64 - (min_length_ + i);

    const std::uint32_t symbols = le16(p);
    p += 2;
    if (std::uint64_t(end - p) < 3 * std::uint64_t(symbols)) return nullptr;
    tree_ = p;
    values_less_one_.assign(symbols, 0);
    std::vector<bool> done(symbols, false);
    for (std::uint32_t s = 0; s < symbols; ++s) symbol_span(std::uint16_t(s), done);
    // The tree is padded to an even number of symbols.
    return p + 3 * std::size_t(symbols) + (symbols & 1);
}

int PairsTable::value(std::uint64_t index) const {
    if (flags_ & SINGLE_VALUE) return single_value_;

    // The sparse index entry nearest below gives the block and the offset in it of the value
    // half a span after its own start; walk the block lengths from there to the wanted value.
    const std::uint64_t k = index / span_;
    const std::uint8_t* entry = sparse_ + 6 * k;
    std::uint64_t block = le32(entry);
    std::int64_t offset = std::int64_t(le16(entry + 4)) + std::int64_t(index % span_) - std::int64_t(span_ / 2);
    while (offset < 0) offset += std::int64_t(le16(block_lengths_ + 2 * --block)) + 1;
    while (offset > std::int64_t(le16(block_lengths_ + 2 * block))) offset -= std::int64_t(le16(block_lengths_ + 2 * block++)) + 1;

    // Read codes from the block's bit stream (big-endian 32-bit words) until the symbol that
    // covers the offset.
    const std::uint8_t* stream = blocks_ + block * block_size_;
    std::uint64_t window = std::uint64_t(be32(stream)) << 32 | be32(stream + 4);
    stream += 8;
    int bits_left = 64;  // valid bits at the top of the window
    std::uint16_t symbol = 0;
    for (;;) {
        std::size_t length = 0;  // code length minus the shortest one
        while (window < code_base_[length]) ++length;
        const int bits = min_length_ + int(length);
        symbol = std::uint16_t(le16(first_symbol_ + 2 * length) + ((window - code_base_[length]) >> (64 - bits)));
        const int covered = values_less_one_[symbol] + 1;
        if (offset < covered) break;
        offset -= covered;
        window <<= bits;
        bits_left -= bits;
        if (bits_left <= 32) {
            bits_left += 32;
            window |= std::uint64_t(be32(stream)) << (64 - bits_left);
            stream += 4;
        }
    }
    // Descend the pairs to the single value at the offset.
    while (values_less_one_[symbol]) {
        const std::uint16_t l = left(symbol);
        const int left_count = values_less_one_[l] + 1;
        if (offset < left_count) {
            symbol = l;
        } else {
            offset -= left_count;
            symbol = right(symbol);
        }
    }
    return left(symbol);
}

}  // namespace sen::chess::syzygy
