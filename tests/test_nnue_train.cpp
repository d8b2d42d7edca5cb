// Tests of the network file format (nnue_file.cpp): the file round-trips and rejects what is not
// a network of this build.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "nnue.h"
#include "prng.h"

namespace sen::nnue {
namespace {

std::span<const unsigned char> as_bytes(const std::string& s) {
    return {reinterpret_cast<const unsigned char*>(s.data()), s.size()};
}

Network random_network(std::uint64_t seed) {
    SplitMix64 rng(seed);
    Network net{};
    for (std::int16_t& w : net.w1) w = std::int16_t(rng.next());
    for (std::int16_t& b : net.b1) b = std::int16_t(rng.next());
    for (std::int16_t& w : net.w2) w = std::int16_t(rng.next());
    net.b2 = std::int32_t(rng.next());
    return net;
}

}  // namespace

TEST_CASE("A network survives serialise and parse exactly", "[nnue]") {
    const Network net = random_network(42);
    const std::string bytes = serialise_network(net);
    REQUIRE(bytes.size() == FILE_BYTES);
    CHECK(bytes.substr(0, 8) == "SENNNUE1");
    // Little-endian whatever the host: HIDDEN's low byte first, then w1[0]'s.
    CHECK(static_cast<unsigned char>(bytes[8]) == (HIDDEN & 0xFF));
    CHECK(static_cast<unsigned char>(bytes[12]) == (SCALE & 0xFF));
    CHECK(static_cast<unsigned char>(bytes[16]) == (std::uint16_t(net.w1[0]) & 0xFF));
    CHECK(static_cast<unsigned char>(bytes[17]) == (std::uint16_t(net.w1[0]) >> 8));

    auto parsed = std::make_unique<Network>();
    const std::optional<std::string> error = parse_network(as_bytes(bytes), *parsed);
    REQUIRE_FALSE(error.has_value());
    CHECK(parsed->w1 == net.w1);
    CHECK(parsed->b1 == net.b1);
    CHECK(parsed->w2 == net.w2);
    CHECK(parsed->b2 == net.b2);
    CHECK(serialise_network(*parsed) == bytes);
}

TEST_CASE("Parsing rejects a file that is not a network of this build", "[nnue]") {
    const std::string good = serialise_network(random_network(7));
    auto net = std::make_unique<Network>();
    const auto rejection = [&](const std::string& bytes) {
        const std::optional<std::string> error = parse_network(as_bytes(bytes), *net);
        return error.value_or("(accepted)");
    };
    std::string bad_magic = good;
    bad_magic[7] = '2';
    CHECK(rejection(bad_magic).find("SENNNUE1") != std::string::npos);
    CHECK(rejection("hello").find("SENNNUE1") != std::string::npos);

    std::string wrong_hidden = good;
    wrong_hidden[8] = char(HIDDEN * 2 & 0xFF);
    wrong_hidden[9] = char(HIDDEN * 2 >> 8);
    CHECK(rejection(wrong_hidden).find("hidden layer of 256") != std::string::npos);
    std::string wrong_scale = good;
    wrong_scale[12] = char(SCALE + 1);
    CHECK(rejection(wrong_scale).find("scale of 171") != std::string::npos);

    CHECK(rejection(good.substr(0, good.size() - 1)).find("truncated") != std::string::npos);
    CHECK(rejection(good.substr(0, 12)).find("truncated") != std::string::npos);
    CHECK(rejection("").find("truncated") != std::string::npos);
    CHECK(rejection(good + '\0').find("1 bytes after") != std::string::npos);
    CHECK(rejection(good) == "(accepted)");
}

}  // namespace sen::nnue
