// Tests of the xiangqi network with input buckets by the own general's point (nnue.h's
// XiangqiFeatureSet with KingBuckets, docs/nnue.md "Xiangqi"), in every build: small bucketed
// feature sets are instantiated here, whatever CMake's SEN_XIANGQI_KING_BUCKETS. The feature index
// picks the layout's bucket from the view's own side; the incremental accumulator, with the
// refresh cache rebuilding the view whose general changed bucket, equals a fresh sum after every
// move, unmake and null move of random games; a position and its colour-flipped mirror evaluate
// alike; a network without king buckets (with output buckets or without) converts into one that
// evaluates exactly as it; files round-trip and the layouts refuse each other's files by name;
// nnue-train --epochs 0 converts; the trainer's features are the engine's and a short run learns.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "nnue/network_file.h"
#include "nnue_test_util.h"
#include "nnue_train_test_util.h"
#include "tools/nnue_trainer.h"
#include "xiangqi/movegen.h"
#include "xiangqi/nnue.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

using nn_test::as_bytes;
using nn_test::random_net;
using nn_test::same;

using ByFile = nnue::XiangqiFeatureSet<32, 1, 3>;
using ByPoint = nnue::XiangqiFeatureSet<32, 8, 9>;  // with output buckets too

// The pieces a xiangqi move changes, for a feature set of the tests' shapes (nnue.cpp's own is
// for the engine's): the mover leaves its point for another, a victim leaves the board.
template <class F>
void move_delta(const StateInfo& st, Color, nn::MoveDelta<F>& delta) {
    delta.sub(st.moved, st.move.from());
    delta.add(st.moved, st.move.to());
    if (st.captured != NO_PIECE) delta.sub(st.captured, st.move.to());
}

// A legal move, a general's move half of the time when there is one, so that generals change
// buckets often; otherwise test_util's (which favours captures and checks).
Move random_move(const Position& pos, std::mt19937& rng) {
    std::vector<Move> general_moves;
    for (const Move m : legal_moves(pos))
        if (piece_type(pos.piece_on(m.from())) == GENERAL) general_moves.push_back(m);
    if (!general_moves.empty() && rng() % 2 == 0) return general_moves[rng() % general_moves.size()];
    return random_legal_move(pos, rng);
}

}  // namespace

TEST_CASE("xiangqi king buckets: the feature index picks the layout's bucket from the view's own side", "[xiangqi][nnue]") {
    constexpr int PLAIN = 1260;
    STATIC_REQUIRE(ByFile::INPUTS == 3 * PLAIN);
    STATIC_REQUIRE(ByPoint::INPUTS == 9 * PLAIN);
    STATIC_REQUIRE(nnue::XiangqiFeatureSet<32>::INPUTS == PLAIN);
    // By file: d, e, f on any rank of the palace.
    CHECK(ByFile::perspective(Color::White, SQ_D1) == 0);
    CHECK(ByFile::perspective(Color::White, SQ_E1) == 1);
    CHECK(ByFile::perspective(Color::White, SQ_F3) == 2);
    CHECK(ByFile::perspective(Color::White, SQ_E2) == 1);
    CHECK(ByFile::perspective(Color::Black, SQ_F10) == 2);
    CHECK(ByFile::perspective(Color::Black, SQ_D8) == 0);
    // By point: rank from the own side, then file; Black's e10 is its home point as e1 is Red's.
    CHECK(ByPoint::perspective(Color::White, SQ_E1) == 1);
    CHECK(ByPoint::perspective(Color::Black, SQ_E10) == 1);
    CHECK(ByPoint::perspective(Color::White, SQ_D2) == 3);
    CHECK(ByPoint::perspective(Color::Black, SQ_D9) == 3);
    CHECK(ByPoint::perspective(Color::White, SQ_F3) == 8);
    CHECK(ByPoint::perspective(Color::Black, SQ_F8) == 8);
    // The index is the bucket's block plus the plain index.
    CHECK(ByPoint::feature(Color::White, R_CHARIOT, SQ_A1, SQ_E2) == 4 * PLAIN + ByPoint::feature(Color::White, R_CHARIOT, SQ_A1));
    CHECK(ByFile::feature(Color::Black, R_CANNON, SQ_B3, SQ_F10) == 2 * PLAIN + ByFile::feature(Color::Black, R_CANNON, SQ_B3));
    CHECK(ByFile::king(Color::Black) == B_GENERAL);
    // Every layout's bucket is used.
    for (const auto& layout : {nnue::KING_BUCKET_LAYOUT<3>, nnue::KING_BUCKET_LAYOUT<9>}) {
        const int buckets = *std::max_element(layout.begin(), layout.end()) + 1;
        for (int b = 0; b < buckets; ++b) CHECK(std::count(layout.begin(), layout.end(), b) > 0);
    }
    // Every index in range, and two general points of one perspective give every piece the same
    // input: what the incremental update relies on.
    for (const Color view : {Color::White, Color::Black})
        for (int k1 = 0; k1 < SQUARE_NB; ++k1)
            for (int k2 = 0; k2 < SQUARE_NB; ++k2) {
                const auto palace = [&](int k) { return ref_in_palace(view, file_of(Square(k)), rank_of(Square(k))); };
                if (!palace(k1) || !palace(k2)) continue;
                const bool same_perspective = ByPoint::perspective(view, Square(k1)) == ByPoint::perspective(view, Square(k2));
                bool all_equal = true;
                for (const Piece piece : {R_SOLDIER, R_GENERAL, B_CHARIOT, B_GENERAL})
                    for (int s = 0; s < SQUARE_NB; ++s) {
                        const int f = ByPoint::feature(view, piece, Square(s), Square(k1));
                        REQUIRE(f >= 0);
                        REQUIRE(f < ByPoint::INPUTS);
                        all_equal &= f == ByPoint::feature(view, piece, Square(s), Square(k2));
                    }
                REQUIRE(same_perspective == all_equal);
                REQUIRE(same_perspective == (k1 == k2));
            }
    // A point outside the palace (no legal position has one) still gives an index in range.
    CHECK(ByPoint::perspective(Color::White, SQ_A10) == 6);
    CHECK(ByPoint::perspective(Color::Black, SQ_I1) == 8);
}

TEST_CASE("xiangqi king buckets: the incremental accumulator with the refresh cache equals a fresh sum after every move",
          "[xiangqi][nnue]") {
    const nn::SharedNetwork<ByPoint> net = random_net<nn::Network<ByPoint>>(17);
    const nn::SharedNetwork<ByPoint> other_net = random_net<nn::Network<ByPoint>>(18);
    nn::AccumulatorStack<ByPoint> stack;  // one for all the games: the refresh cache outlives set-ups
    nn::SharedNetwork<ByPoint> in_use = net;
    const auto check = [&](const Position& pos) {
        nn::Accumulator<ByPoint> fresh;
        nn::refresh(*in_use, fresh, pos);
        INFO(pos.fen());
        REQUIRE(same(stack.get(pos, move_delta<ByPoint>), fresh));
    };
    std::mt19937 rng(99);
    int checked = 0, nulls = 0, perspective_changes = 0, game = 0;
    for (int round = 0; round < 4; ++round)
        for (const std::string& fen : random_game_starts()) {
            Position pos = position_from(fen);
            // Halfway, another network: the cache must forget the first one's sums.
            if (++game == 12) in_use = other_net;
            stack.reset(in_use);
            for (int ply = 0; ply < 60; ++ply) {
                // Not every state is evaluated: the next one then replays several moves, some of
                // them general moves that make a view be rebuilt.
                if (rng() % 3 != 0) {
                    check(pos);
                    ++checked;
                }
                const auto count = [&](const Position& p, Move m) {
                    const Color mover = p.side_to_move();
                    perspective_changes += p.piece_on(m.from()) == ByPoint::king(mover) &&
                                           ByPoint::perspective(mover, m.from()) != ByPoint::perspective(mover, m.to());
                };
                if (!nn_test::walk_one_ply(pos, stack, rng, random_move, check, nulls, count)) break;
            }
            check(pos);
        }
    CHECK(checked > 500);
    CHECK(nulls > 50);
    CHECK(perspective_changes > 100);
}

TEST_CASE("xiangqi king buckets: a position and its colour-flipped mirror evaluate alike", "[xiangqi][nnue]") {
    const auto net = random_net<nn::Network<ByPoint>>(5);
    int compared = 0;
    for (const Position& pos : sampled_random_positions(6, 40, 2)) {
        const std::string fen = pos.fen();
        INFO(fen);
        CHECK(nn::evaluate_fresh(position_from(colour_flipped(fen)), *net) == nn::evaluate_fresh(pos, *net));
        ++compared;
    }
    CHECK(compared > 100);
}

TEST_CASE("xiangqi king buckets: a network without them converts into one that evaluates exactly alike", "[xiangqi][nnue]") {
    const auto check_conversion = [](auto bucketed_tag, std::uint32_t seed) {
        using F = decltype(bucketed_tag);
        using Plain = typename F::Plain;
        STATIC_REQUIRE(Plain::KING_BUCKETS == 0);
        STATIC_REQUIRE(Plain::OUTPUT_BUCKETS == F::OUTPUT_BUCKETS);
        const auto plain = random_net<nn::Network<Plain>>(seed);
        const auto converted = nn::with_king_buckets<F>(*plain);
        int compared = 0;
        for (const Position& pos : sampled_random_positions(seed, 80, 1)) {
            INFO(pos.fen());
            nn::Accumulator<Plain> plain_acc;
            nn::Accumulator<F> bucketed_acc;
            nn::refresh(*plain, plain_acc, pos);
            nn::refresh(*converted, bucketed_acc, pos);
            REQUIRE(std::equal(&plain_acc.values[0][0], &plain_acc.values[0][0] + 2 * F::HIDDEN, &bucketed_acc.values[0][0]));
            REQUIRE(nn::evaluate_fresh(pos, *converted) == nn::evaluate_fresh(pos, *plain));
            ++compared;
        }
        CHECK(compared > 300);
        // A bucket's rows changed alone change the evaluation of the positions whose general stands there.
        auto changed = std::make_unique<nn::Network<F>>(*converted);
        const int bucket = F::perspective(Color::White, SQ_E1);
        for (int i = 0; i < F::PLAIN_INPUTS * F::HIDDEN; ++i) changed->w1[std::size_t(bucket * F::PLAIN_INPUTS * F::HIDDEN + i)] += 3;
        int differed = 0, same_elsewhere = 0, elsewhere = 0;
        for (const Position& pos : sampled_random_positions(seed + 1, 80, 1)) {
            const bool home = F::perspective(Color::White, pos.king_square(Color::White)) == bucket ||
                              F::perspective(Color::Black, pos.king_square(Color::Black)) == bucket;
            const bool equal = nn::evaluate_fresh(pos, *changed) == nn::evaluate_fresh(pos, *converted);
            differed += home && !equal;
            if (!home) {
                ++elsewhere;
                same_elsewhere += equal;
            }
        }
        CHECK(differed > 50);
        CHECK(same_elsewhere == elsewhere);
    };
    check_conversion(ByFile{}, 21);
    check_conversion(ByPoint{}, 22);
}

TEST_CASE("xiangqi king buckets: files round-trip, and the layouts refuse each other's by name", "[xiangqi][nnue]") {
    const auto net = random_net<nn::Network<ByFile>>(31);
    const std::string bytes = nn::serialise_network(*net);
    REQUIRE(bytes.size() == nn::Network<ByFile>::FILE_BYTES);
    CHECK(bytes.substr(0, 8) == "SENXNUE3");
    auto back = std::make_unique<nn::Network<ByFile>>();
    REQUIRE_FALSE(nn::parse_network(as_bytes(bytes), *back));
    nn_test::check_same_weights(*back, *net);
    CHECK(nn::serialise_network(*random_net<nn::Network<ByPoint>>(32)).substr(0, 8) == "SENXNUE4");

    const auto rejection = [](const std::string& file, auto& into) {
        return nn::parse_network(as_bytes(file), into).value_or("(accepted)");
    };
    auto plain = std::make_unique<nn::Network<ByFile::Plain>>();
    const std::string by_plain = rejection(bytes, *plain);
    CHECK(by_plain.find("a Sen xiangqi network with king buckets, without output buckets (\"SENXNUE3\")") != std::string::npos);
    CHECK(by_plain.find("SEN_XIANGQI_KING_BUCKETS") != std::string::npos);
    const std::string by_bucketed = rejection(nn::serialise_network(*random_net<nn::Network<ByFile::Plain>>(33)), *back);
    CHECK(by_bucketed.find("without output buckets or king buckets") != std::string::npos);
    CHECK(by_bucketed.find("--epochs 0") != std::string::npos);
    using NineSingle = nnue::XiangqiFeatureSet<32, 1, 9>;
    const std::string nine = nn::serialise_network(*random_net<nn::Network<NineSingle>>(34));
    CHECK(rejection(nine, *back).find("network has 9 king buckets; this build of Sen expects 3") != std::string::npos);
    CHECK(rejection(bytes.substr(0, 18), *back).find("truncated") != std::string::npos);
    CHECK(rejection(bytes.substr(0, bytes.size() - 1), *back).find("truncated") != std::string::npos);
}

TEST_CASE("xiangqi king buckets: nnue-train --epochs 0 converts a network without them", "[xiangqi][nnue]") {
    const auto plain = random_net<nn::Network<ByPoint::Plain>>(41);
    nn_test::check_conversion_command(*plain, *nn::with_king_buckets<ByPoint>(*plain), "xiangqi_king_buckets");
}

TEST_CASE("xiangqi king buckets: the trainer's features are the engine's, and a short run learns", "[xiangqi][nnue]") {
    // Positions of random games, labelled by material.
    std::vector<nn::TrainPosition<ByFile>> positions;
    std::vector<Position> boards;
    for (const Position& pos : sampled_random_positions(51, 60, 1)) {
        constexpr int VALUES[] = {0, 100, 200, 200, 400, 450, 900, 0};
        int balance = 0;
        for (int s = 0; s < SQUARE_NB; ++s) {
            const Piece piece = pos.piece_on(Square(s));
            if (piece != NO_PIECE) balance += (piece_color(piece) == Color::White ? 1 : -1) * VALUES[piece_type(piece)];
        }
        const auto p = nn::train_position_of<ByFile>(pos, balance > 0 ? 1.0 : balance < 0 ? 0.0 : 0.5, balance);
        REQUIRE(p);
        positions.push_back(*p);
        boards.push_back(pos);
    }
    REQUIRE(positions.size() > 250);

    nn_test::check_trainer_features_are_the_engines(*random_net<nn::Network<ByFile>>(52), positions, boards);
    // With the factoriser every piece has its shared row too.
    for (const auto& position : positions) {
        const nn::PositionFeatures<ByFile> f = nn::features_of(position), t = nn::training_features_of(position);
        REQUIRE(t.count == 2 * f.count);
        for (int k = 0; k < f.count; ++k) REQUIRE(t.side_to_move[f.count + k] == ByFile::INPUTS + f.side_to_move[k] % ByFile::PLAIN_INPUTS);
    }
    nn_test::check_short_run_learns(positions);
}
