// Tests of output buckets (nnue/network.h, nnue/network_file.h), on xiangqi's features at a small
// width: a position's bucket follows its piece count in runs of four; a bucketed network evaluates
// a position by its bucket's output layer alone, summed afresh or move by move; files round-trip,
// and a network of the other layout or of another bucket count is refused by name.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "nnue/network_file.h"
#include "nnue_test_util.h"
#include "xiangqi/nnue.h"
#include "xiangqi/position.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;

namespace {

using Bucketed = nnue::XiangqiFeatureSet<32, 8>;
using Single = Bucketed::SingleOutput;
using FourBuckets = nnue::XiangqiFeatureSet<32, 4>;

std::span<const unsigned char> as_bytes(const std::string& s) { return {reinterpret_cast<const unsigned char*>(s.data()), s.size()}; }

}  // namespace

TEST_CASE("output buckets: a position's bucket is its piece count in runs of four, fewest pieces first", "[nnue]") {
    using nn::output_bucket;
    STATIC_REQUIRE(nn::output_buckets<Bucketed>() == 8);
    STATIC_REQUIRE(nn::output_buckets<Single>() == 1);
    STATIC_REQUIRE(nn::OutputBucketed<Bucketed>);
    STATIC_REQUIRE_FALSE(nn::OutputBucketed<Single>);
    CHECK(output_bucket<Bucketed>(2) == 0);  // the two kings alone
    CHECK(output_bucket<Bucketed>(5) == 0);
    CHECK(output_bucket<Bucketed>(6) == 1);
    CHECK(output_bucket<Bucketed>(9) == 1);
    CHECK(output_bucket<Bucketed>(10) == 2);
    CHECK(output_bucket<Bucketed>(29) == 6);
    CHECK(output_bucket<Bucketed>(30) == 7);
    CHECK(output_bucket<Bucketed>(32) == 7);  // the start position
    CHECK(output_bucket<FourBuckets>(9) == 0);
    CHECK(output_bucket<FourBuckets>(10) == 1);
    CHECK(output_bucket<FourBuckets>(32) == 3);
    for (const int pieces : {2, 17, 32}) CHECK(output_bucket<Single>(pieces) == 0);
    CHECK(nn::output_bucket_of<Bucketed>(test::position_from(Position::START_FEN)) == 7);
    CHECK(nn::output_bucket_of<Bucketed>(test::position_from("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1")) == 0);
}

TEST_CASE("output buckets: a position is evaluated by its bucket's output layer alone", "[nnue]") {
    auto net = std::make_unique<nn::Network<Bucketed>>(nn_test::random_network<nn::Network<Bucketed>>(7));
    // Every bucket's output layer its own.
    std::mt19937 rng(11);
    for (auto& w : net->w2) w = std::int16_t(int(rng() % 253) - 126);
    for (std::size_t b = 0; b < net->b2.size(); ++b) net->b2[b] = 1000 * int(b);
    const std::vector<Position> positions = test::sampled_random_positions(5, 120, 10);
    std::vector<int> seen(8, 0);
    for (const Position& pos : positions) {
        INFO("FEN: " << pos.fen());
        const int bucket = nn::output_bucket_of<Bucketed>(pos);
        ++seen[std::size_t(bucket)];
        nn::Accumulator<Bucketed> acc;
        nn::refresh(*net, acc, pos);
        const int value = nn::evaluate_fresh(pos, *net);
        CHECK(value == nn::output(*net, acc, pos.side_to_move(), bucket));
        // Another bucket's bias moves nothing; its own moves the value by the bias's worth.
        auto other = std::make_unique<nn::Network<Bucketed>>(*net);
        other->b2[std::size_t((bucket + 1) % 8)] += 100 * nn::QA * nn::QB;
        CHECK(nn::evaluate_fresh(pos, *other) == value);
        other->b2[std::size_t(bucket)] += nn::QA * nn::QB;
        CHECK(std::abs(nn::evaluate_fresh(pos, *other) - (value + Bucketed::SCALE)) <= 1);
    }
    // The random games reached the early buckets and the late ones.
    CHECK(seen[7] > 0);
    CHECK(seen[5] + seen[6] > 0);
}

TEST_CASE("output buckets: files round-trip, and another layout or bucket count is refused by name", "[nnue]") {
    auto net = std::make_unique<nn::Network<Bucketed>>(nn_test::random_network<nn::Network<Bucketed>>(3));
    for (std::size_t b = 0; b < net->b2.size(); ++b) net->b2[b] = -70000 + 9000 * int(b);
    const std::string bytes = nn::serialise_network(*net);
    CHECK(bytes.size() == nn::Network<Bucketed>::FILE_BYTES);
    CHECK(bytes.substr(0, 8) == "SENXNUE2");
    auto back = std::make_unique<nn::Network<Bucketed>>();
    REQUIRE_FALSE(nn::parse_network(as_bytes(bytes), *back).has_value());
    CHECK(back->w1 == net->w1);
    CHECK(back->b1 == net->b1);
    CHECK(back->w2 == net->w2);
    CHECK(back->b2 == net->b2);

    // A single-output network and a bucketed one: each build names the other's layout.
    auto single = std::make_unique<nn::Network<Single>>(nn_test::random_network<nn::Network<Single>>(4));
    const std::string single_bytes = nn::serialise_network(*single);
    CHECK(single_bytes.substr(0, 8) == "SENXNUE1");
    const auto by_bucketed = nn::parse_network(as_bytes(single_bytes), *back);
    REQUIRE(by_bucketed.has_value());
    CHECK(by_bucketed->find("without output buckets") != std::string::npos);
    CHECK(by_bucketed->find("SEN_XIANGQI_OUTPUT_BUCKETS") != std::string::npos);
    const auto by_single = nn::parse_network(as_bytes(bytes), *single);
    REQUIRE(by_single.has_value());
    CHECK(by_single->find("a Sen xiangqi network with output buckets") != std::string::npos);

    // The same layout with another number of buckets.
    auto four = std::make_unique<nn::Network<FourBuckets>>();
    const auto by_four = nn::parse_network(as_bytes(bytes), *four);
    REQUIRE(by_four.has_value());
    CHECK(*by_four == "network has 8 output buckets; this build of Sen expects 4");
    // Cut short after the header.
    const auto truncated = nn::parse_network(as_bytes(bytes.substr(0, bytes.size() - 4)), *back);
    REQUIRE(truncated.has_value());
    CHECK(truncated->find("truncated") != std::string::npos);
}
