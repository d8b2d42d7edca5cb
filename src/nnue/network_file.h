// The network file format of network.h, for every game: reading and writing, byte by byte so
// that the file is the same on every host whatever its endianness or struct padding.
//
// Layout (little-endian): the game's 8-byte magic (chess "SENNNUE1", with king buckets "SENNNUE3",
// with output buckets "SENNNUE4", with both "SENNNUE5"; xiangqi "SENXNUE1", with output buckets
// "SENXNUE2"), uint32 HIDDEN, uint32 SCALE, with king buckets uint32 KING_BUCKETS, with output
// buckets uint32 OUTPUT_BUCKETS, then int16 w1[INPUTS][HIDDEN] (row = feature), int16 b1[HIDDEN],
// int16 w2[OUTPUT_BUCKETS][2 * HIDDEN], int32 b2[OUTPUT_BUCKETS] (one output bucket without them).
// The magic names the game and the network's layout, so one game's network given to the other, or
// a network of another layout, is refused by name before its size is looked at.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "nnue/network.h"

namespace sen::nn {

namespace file_detail {

class ByteReader {
public:
    explicit ByteReader(std::span<const unsigned char> bytes) : bytes_(bytes) {}

    std::uint32_t u32() {
        std::uint32_t value = 0;
        for (int i = 0; i < 4; ++i) value |= std::uint32_t(bytes_[at_++]) << (8 * i);
        return value;
    }
    std::int16_t i16() {
        const auto low = std::uint16_t(bytes_[at_]), high = std::uint16_t(bytes_[at_ + 1]);
        at_ += 2;
        return std::int16_t(std::uint16_t(low | (high << 8)));
    }
    std::int32_t i32() { return std::int32_t(u32()); }

private:
    std::span<const unsigned char> bytes_;
    std::size_t at_ = MAGIC_BYTES;  // the caller compared the magic
};

inline void put_u32(std::string& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.push_back(char((value >> (8 * i)) & 0xFF));
}

inline void put_i16(std::string& out, std::int16_t value) {
    const auto bits = std::uint16_t(value);
    out.push_back(char(bits & 0xFF));
    out.push_back(char(bits >> 8));
}

}  // namespace file_detail

// Reads a network in the file format above; returns a description of what is wrong instead.
template <FeatureSet F>
std::optional<std::string> parse_network(std::span<const unsigned char> bytes, Network<F>& out) {
    constexpr std::size_t HEADER_BYTES = Network<F>::HEADER_BYTES, FILE_BYTES = Network<F>::FILE_BYTES;
    // The magic is checked on what there is of it first: a file of another kind should be called
    // that, not "truncated", even when it is short.
    const auto starts_with = [&](std::string_view magic) {
        const std::size_t magic_bytes = std::min(bytes.size(), MAGIC_BYTES);
        return std::equal(bytes.begin(), bytes.begin() + std::ptrdiff_t(magic_bytes), magic.begin(),
                          [](unsigned char byte, char expected) { return byte == static_cast<unsigned char>(expected); });
    };
    if (!starts_with(F::MAGIC)) {
        // The same game's network of another layout (king or output buckets) is named as such: it
        // is a network, only not for this build.
        if constexpr (requires { F::describe_layout(F::MAGIC); }) {
            if (bytes.size() >= MAGIC_BYTES) {
                const std::string magic(bytes.begin(), bytes.begin() + std::ptrdiff_t(MAGIC_BYTES));
                const std::string_view other = F::describe_layout(magic);
                if (!other.empty())
                    return fmt::format("a Sen {} network {} (\"{}\"); this build of Sen expects one {} (\"{}\"; {})", F::NAME, other, magic,
                                       F::describe_layout(F::MAGIC), F::MAGIC, F::LAYOUT_HINT);
            }
        }
        return fmt::format("not a Sen {} network: the file does not start with \"{}\"", F::NAME, F::MAGIC);
    }
    if (bytes.size() < HEADER_BYTES) return fmt::format("truncated network: {} bytes, the header alone is {}", bytes.size(), HEADER_BYTES);
    file_detail::ByteReader reader(bytes);
    const std::uint32_t hidden = reader.u32();
    const std::uint32_t scale = reader.u32();
    if (hidden != std::uint32_t(F::HIDDEN))
        return fmt::format("network has a hidden layer of {} neurons; this build of Sen expects {}", hidden, F::HIDDEN);
    if (scale != std::uint32_t(F::SCALE))
        return fmt::format("network has an output scale of {}; this build of Sen expects {}", scale, F::SCALE);
    if constexpr (KingBucketed<F>) {
        const std::uint32_t buckets = reader.u32();
        if (buckets != std::uint32_t(F::KING_BUCKETS))
            return fmt::format("network has {} king buckets; this build of Sen expects {} ({})", buckets, F::KING_BUCKETS, F::LAYOUT_HINT);
    }
    if constexpr (OutputBucketed<F>) {
        const std::uint32_t buckets = reader.u32();
        if (buckets != std::uint32_t(Network<F>::OUTPUT_BUCKETS))
            return fmt::format("network has {} output buckets; this build of Sen expects {}", buckets, Network<F>::OUTPUT_BUCKETS);
    }
    if (bytes.size() < FILE_BYTES) return fmt::format("truncated network: {} bytes, expected {}", bytes.size(), FILE_BYTES);
    if (bytes.size() > FILE_BYTES)
        return fmt::format("network file has {} bytes after the network (expected {} bytes in all)", bytes.size() - FILE_BYTES, FILE_BYTES);
    for (std::int16_t& w : out.w1) w = reader.i16();
    for (std::int16_t& b : out.b1) b = reader.i16();
    for (std::int16_t& w : out.w2) w = reader.i16();
    for (std::int32_t& b : out.b2) b = reader.i32();
    return std::nullopt;
}

template <FeatureSet F>
std::string serialise_network(const Network<F>& net) {
    std::string out;
    out.reserve(Network<F>::FILE_BYTES);
    out.append(F::MAGIC.data(), MAGIC_BYTES);
    file_detail::put_u32(out, std::uint32_t(F::HIDDEN));
    file_detail::put_u32(out, std::uint32_t(F::SCALE));
    if constexpr (KingBucketed<F>) file_detail::put_u32(out, std::uint32_t(F::KING_BUCKETS));
    if constexpr (OutputBucketed<F>) file_detail::put_u32(out, std::uint32_t(Network<F>::OUTPUT_BUCKETS));
    for (const std::int16_t w : net.w1) file_detail::put_i16(out, w);
    for (const std::int16_t b : net.b1) file_detail::put_i16(out, b);
    for (const std::int16_t w : net.w2) file_detail::put_i16(out, w);
    for (const std::int32_t b : net.b2) file_detail::put_u32(out, std::uint32_t(b));
    return out;
}

// Reads a network file into `out` (at most FILE_BYTES + 1 bytes, and only a regular file: a
// device or a pipe named by mistake must not hang the engine). On failure returns why.
template <FeatureSet F>
std::optional<std::string> read_network_file(const std::string& path, Network<F>& out) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) return fmt::format("'{}' is not a readable file", path);
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("cannot open '{}'", path);
    std::vector<unsigned char> bytes(Network<F>::FILE_BYTES + 1);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    if (const auto problem = parse_network(bytes, out)) return fmt::format("'{}': {}", path, *problem);
    return std::nullopt;
}

}  // namespace sen::nn
