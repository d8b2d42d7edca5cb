// Tests of the xiangqi network's inference (xiangqi/nnue.h on nnue/network.h): the accumulator
// updated move by move in an evaluation state equals the one summed afresh through random games with captures, null
// moves and unmakes; each SIMD version of the output layer's dot product gives the scalar
// version's sums at the xiangqi width; a position and its colour-flipped mirror evaluate alike
// for the side to move; network files round-trip and a chess network is refused (and the other
// way round); the game's evaluate() uses the state's network when it has one and the tables otherwise.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <variant>

#include "chess/nnue.h"
#include "nnue/shared_network.h"
#include "nnue_test_util.h"
#include "xiangqi/game.h"
#include "xiangqi/nnue.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

nnue::Network random_network(std::uint32_t seed) { return nn_test::random_network<nnue::Network>(seed); }
sen::nn::SharedNetwork<nnue::XiangqiFeatures> shared(const nnue::Network& net) { return std::make_shared<const nnue::Network>(net); }

bool same(const nnue::Accumulator& a, const nnue::Accumulator& b) {
    return std::equal(&a.values[0][0], &a.values[0][0] + 2 * nnue::XiangqiFeatures::HIDDEN, &b.values[0][0]);
}

}  // namespace

TEST_CASE("xiangqi NNUE: the feature index covers 1260 inputs, flips ranks and swaps colours for Black", "[xiangqi][nnue]") {
    using F = nnue::XiangqiFeatures;
    STATIC_REQUIRE(F::INPUTS == 1260);
    CHECK(F::feature(Color::White, R_SOLDIER, SQ_A1) == 0);
    CHECK(F::feature(Color::White, B_GENERAL, SQ_I10) == F::INPUTS - 1);
    CHECK(F::feature(Color::Black, B_GENERAL, SQ_E10) == F::feature(Color::White, R_GENERAL, SQ_E1));
    CHECK(F::feature(Color::Black, R_CHARIOT, SQ_A1) == F::feature(Color::White, B_CHARIOT, SQ_A10));
    CHECK(F::mirror(SQ_A1) == SQ_I1);
    CHECK(F::mirror(SQ_E5) == SQ_E5);
    CHECK(F::mirror(SQ_B10) == SQ_H10);
}

TEST_CASE("xiangqi NNUE: the incremental accumulator equals a fresh sum after every move and unmake", "[xiangqi][nnue]") {
    const auto network = shared(random_network(7));
    const nnue::Network& net = *network;
    std::mt19937 rng(2026);
    int checked = 0, nulls = 0, captures = 0;
    nnue::EvalState eval;  // one for all the games, reset at each set-up, as a search thread's
    for (const std::string& fen : random_game_starts()) {
        Position pos = position_from(fen);
        eval.reset(network);
        for (int ply = 0; ply < 60; ++ply) {
            nnue::Accumulator fresh;
            sen::nn::refresh(net, fresh, pos);
            INFO(pos.fen());
            REQUIRE(same(nnue::accumulator(pos, eval), fresh));
            REQUIRE(nnue::evaluate(pos, eval) ==
                    sen::nn::output(net, fresh, pos.side_to_move(), sen::nn::output_bucket_of<nnue::XiangqiFeatures>(pos)));
            ++checked;
            const auto check = [&](const Position& p) {
                sen::nn::refresh(net, fresh, p);
                REQUIRE(same(nnue::accumulator(p, eval), fresh));
            };
            const auto count_captures = [&](const Position& p, Move m) { captures += p.piece_on(m.to()) != NO_PIECE; };
            if (!nn_test::walk_one_ply(pos, eval, rng, random_legal_move, check, nulls, count_captures)) break;
        }
    }
    CHECK(checked > 200);
    CHECK(nulls > 20);
    CHECK(captures > 20);
    // Reset to another network, the state sums afresh.
    Position pos;
    eval.reset(network);
    (void)nnue::accumulator(pos, eval);
    const auto other = shared(random_network(8));
    eval.reset(other);
    nnue::Accumulator fresh;
    sen::nn::refresh(*other, fresh, pos);
    CHECK(same(nnue::accumulator(pos, eval), fresh));
}

TEST_CASE("xiangqi NNUE: every compiled screlu_dot equals the scalar one at the xiangqi width", "[xiangqi][nnue]") {
    nn_test::check_screlu_dot<nnue::XiangqiFeatures::HIDDEN>(21, 4000);
}

TEST_CASE("xiangqi NNUE: a position and its colour-flipped mirror evaluate alike", "[xiangqi][nnue]") {
    const nnue::Network net = random_network(3);
    std::mt19937 rng(11);
    int compared = 0;
    for (const std::string& start : random_game_starts()) {
        Position pos = position_from(start);
        for (int ply = 0; ply < 30; ++ply) {
            const std::string fen = pos.fen();
            const Position flipped = position_from(colour_flipped(fen));
            INFO(fen << " / " << flipped.fen());
            CHECK(sen::nn::evaluate_fresh(pos, net) == sen::nn::evaluate_fresh(flipped, net));
            ++compared;
            const Move m = random_legal_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    CHECK(compared > 50);
}

TEST_CASE("xiangqi NNUE: network files round-trip; a chess network is refused and the other way round", "[xiangqi][nnue]") {
    const nnue::Network net = random_network(5);
    const std::string bytes = sen::nn::serialise_network(net);
    CHECK(bytes.size() == nnue::Network::FILE_BYTES);
    CHECK(bytes.substr(0, 8) == nnue::XiangqiFeatures::MAGIC);
    const auto as_bytes = [](const std::string& s) {
        return std::span<const unsigned char>(reinterpret_cast<const unsigned char*>(s.data()), s.size());
    };
    auto parsed = std::make_unique<nnue::Network>();
    REQUIRE_FALSE(sen::nn::parse_network(as_bytes(bytes), *parsed).has_value());
    CHECK(sen::nn::serialise_network(*parsed) == bytes);

    auto chess_net = std::make_unique<chess::nnue::Network>();
    const std::optional<std::string> refused = sen::nn::parse_network(as_bytes(bytes), *chess_net);
    REQUIRE(refused.has_value());
    CHECK(refused->find("not a Sen chess network") != std::string::npos);
    const std::optional<std::string> refused_chess = sen::nn::parse_network(chess::nnue::embedded_network_file(), *parsed);
    REQUIRE(refused_chess.has_value());
    CHECK(refused_chess->find(nnue::XiangqiFeatures::MAGIC) != std::string::npos);

    // A chess network's file is refused with the reason.
    const std::string path = sen::game_test::unique_temp_path("sen_test_xiangqi_nnue", ".nnue");
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(chess::nnue::embedded_network_file().data()),
               std::streamsize(chess::nnue::embedded_network_file().size()));
    const auto loaded = sen::nn::load_network<nnue::XiangqiFeatures>(path);
    REQUIRE(std::holds_alternative<std::string>(loaded));
    CHECK(std::get<std::string>(loaded).find(nnue::XiangqiFeatures::MAGIC) != std::string::npos);
    std::filesystem::remove(path);
}

TEST_CASE("xiangqi NNUE: the game evaluates with the state's network, else with the tables", "[xiangqi][nnue]") {
    const Position pos = position_from("2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20");
    nnue::Network flat{};
    flat.w1.fill(0);
    flat.b1.fill(0);
    flat.w2.fill(0);
    flat.b2.fill(3 * sen::nn::QA * sen::nn::QB);  // every position is worth 3 * SCALE
    const XiangqiGame::Evaluator network = shared(flat);
    XiangqiGame::EvalState eval;
    eval.reset(network);
    CHECK(XiangqiGame::evaluate(pos, eval) == 3 * nnue::XiangqiFeatures::SCALE);
    CHECK(XiangqiGame::eval_report(pos, network).rfind("network: ", 0) == 0);
    eval.reset(nullptr);
    CHECK(XiangqiGame::evaluate(pos, eval) == xiangqi::evaluate(pos));
    CHECK(XiangqiGame::eval_report(pos, nullptr).rfind("network", 0) != 0);
    // A new engine's evaluator is the built-in network (none where the build has none).
    CHECK(XiangqiGame::default_evaluator() == nnue::built_in_network());
}
