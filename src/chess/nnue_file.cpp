// The network file format of nnue.h: reading and writing, byte by byte so that the file is the
// same on every host whatever its endianness or struct padding.
#include <algorithm>

#include <fmt/core.h>

#include "chess/nnue.h"

namespace sen::chess::nnue {

namespace {

constexpr std::size_t HEADER_BYTES = sizeof(MAGIC) + 4 + 4;

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
    std::size_t at_ = sizeof(MAGIC);  // the caller compared the magic
};

void put_u32(std::string& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out.push_back(char((value >> (8 * i)) & 0xFF));
}

void put_i16(std::string& out, std::int16_t value) {
    const auto bits = std::uint16_t(value);
    out.push_back(char(bits & 0xFF));
    out.push_back(char(bits >> 8));
}

}  // namespace

std::optional<std::string> parse_network(std::span<const unsigned char> bytes, Network& out) {
    // The magic is checked on what there is of it first: a file of another kind should be called
    // that, not "truncated", even when it is short.
    const std::size_t magic_bytes = std::min(bytes.size(), sizeof(MAGIC));
    if (!std::equal(bytes.begin(), bytes.begin() + std::ptrdiff_t(magic_bytes), MAGIC,
                    [](unsigned char byte, char expected) { return byte == static_cast<unsigned char>(expected); }))
        return std::string("not a Sen network: the file does not start with \"SENNNUE1\"");
    if (bytes.size() < HEADER_BYTES) return fmt::format("truncated network: {} bytes, the header alone is {}", bytes.size(), HEADER_BYTES);
    ByteReader reader(bytes);
    const std::uint32_t hidden = reader.u32();
    const std::uint32_t scale = reader.u32();
    if (hidden != std::uint32_t(HIDDEN))
        return fmt::format("network has a hidden layer of {} neurons; this build of Sen expects {}", hidden, HIDDEN);
    if (scale != std::uint32_t(SCALE)) return fmt::format("network has an output scale of {}; this build of Sen expects {}", scale, SCALE);
    if (bytes.size() < FILE_BYTES) return fmt::format("truncated network: {} bytes, expected {}", bytes.size(), FILE_BYTES);
    if (bytes.size() > FILE_BYTES)
        return fmt::format("network file has {} bytes after the network (expected {} bytes in all)", bytes.size() - FILE_BYTES, FILE_BYTES);
    for (std::int16_t& w : out.w1) w = reader.i16();
    for (std::int16_t& b : out.b1) b = reader.i16();
    for (std::int16_t& w : out.w2) w = reader.i16();
    out.b2 = reader.i32();
    return std::nullopt;
}

std::string serialise_network(const Network& net) {
    std::string out;
    out.reserve(FILE_BYTES);
    out.append(MAGIC, sizeof(MAGIC));
    put_u32(out, std::uint32_t(HIDDEN));
    put_u32(out, std::uint32_t(SCALE));
    for (const std::int16_t w : net.w1) put_i16(out, w);
    for (const std::int16_t b : net.b1) put_i16(out, b);
    for (const std::int16_t w : net.w2) put_i16(out, w);
    put_u32(out, std::uint32_t(net.b2));
    return out;
}

}  // namespace sen::chess::nnue
