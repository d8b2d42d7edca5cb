// Tests of the learned evaluation's inference (nnue.h): the accumulator updated move by move in
// an evaluation state equals the one summed afresh, through every kind of move, null moves and
// unmakes, in standard chess and Chess960; the output layer's integer arithmetic gives the values its formula says,
// and each SIMD version of its dot product the scalar version's sums;
// a position and its colour mirror evaluate alike; network files load, or are refused with the
// old network kept; a new network makes evaluation states sum their accumulators afresh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/game.h"
#include "chess/nnue.h"
#include "chess/test_util.h"
#include "nnue/shared_network.h"
#include "nnue_test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

nnue::Network random_network(std::uint32_t seed) { return nn_test::random_network<nnue::Network>(seed); }
nn::SharedNetwork<nnue::ChessFeatures> shared(const nnue::Network& net) { return std::make_shared<const nnue::Network>(net); }

bool same_network(const nnue::Network& a, const nnue::Network& b) { return a.w1 == b.w1 && a.b1 == b.b1 && a.w2 == b.w2 && a.b2 == b.b2; }

bool same(const nnue::Accumulator& a, const nnue::Accumulator& b) {
    return std::equal(&a.values[0][0], &a.values[0][0] + 2 * nnue::HIDDEN, &b.values[0][0]);
}

}  // namespace

TEST_CASE("NNUE: the incremental accumulator equals a fresh sum after every move and unmake", "[nnue]") {
    const auto network = shared(random_network(7));
    const nnue::Network& net = *network;

    std::vector<std::pair<std::string, bool>> starts;
    for (const auto fen : BENCH_FENS) starts.emplace_back(std::string(fen), false);
    // Chess960 castling where king and rook cross or land on each other's squares.
    starts.emplace_back("1rk2r2/pppppppp/8/8/8/8/PPPPPPPP/1RK2R2 w FBfb - 0 1", true);
    starts.emplace_back("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", true);
    starts.emplace_back("4k3/1P6/8/2pP4/8/8/6p1/R3K2R w KQ c6 0 1", false);  // promotions, en passant

    std::mt19937 rng(2024);
    int checked = 0, nulls = 0, castlings = 0, promotions = 0, en_passants = 0;
    nnue::EvalState eval;  // one for all the games, reset at each set-up, as a search thread's
    for (const auto& [fen, chess960] : starts) {
        Position pos = position_from(fen, chess960);
        eval.reset(network);
        for (int ply = 0; ply < 40; ++ply) {
            nnue::Accumulator fresh;
            nnue::refresh(pos, net, fresh);
            INFO(pos.fen());
            REQUIRE(same(nnue::accumulator(pos, eval), fresh));
            REQUIRE(nnue::evaluate(pos, eval) ==
                    nnue::output(net, fresh, pos.side_to_move(), sen::nn::output_bucket_of<nnue::ChessFeatures>(pos)));
            ++checked;

            const auto check = [&](const Position& p) {
                nnue::refresh(p, net, fresh);
                REQUIRE(same(nnue::accumulator(p, eval), fresh));
            };
            const auto count_kind = [&](const Position&, Move m) {
                castlings += m.kind() == MoveKind::Castling;
                promotions += m.kind() == MoveKind::Promotion;
                en_passants += m.kind() == MoveKind::EnPassant;
            };
            if (!nn_test::walk_one_ply(pos, eval, rng, random_legal_move, check, nulls, count_kind)) break;
        }
    }
    CHECK(checked > 1500);
    CHECK(nulls > 100);
    CHECK(castlings > 5);
    CHECK(promotions > 5);
    CHECK(en_passants > 5);
}

TEST_CASE("NNUE: a long line without evaluations is summed afresh, the same as replayed; a reset state starts afresh", "[nnue]") {
    const auto network = shared(random_network(11));
    Position pos;
    nnue::EvalState eval;
    eval.reset(network);
    (void)nnue::accumulator(pos, eval);
    std::mt19937 rng(5);
    nnue::Accumulator fresh;
    for (int ply = 0; ply < 30; ++ply) {
        const Move m = random_legal_move(pos, rng);
        if (m == Move::none()) break;
        pos.make_move(m);
        eval.push();
        nnue::refresh(pos, *network, fresh);
        if (ply % 7 == 6) REQUIRE(same(nnue::accumulator(pos, eval), fresh));
    }
    // Taken back to the start, the root's accumulator is the one computed there at first, and
    // still right.
    while (pos.history_length() > 0) {
        pos.unmake_move();
        eval.pop();
    }
    nnue::refresh(pos, *network, fresh);
    CHECK(same(nnue::accumulator(pos, eval), fresh));
    // A new FEN, with the state reset, forgets the old accumulators.
    REQUIRE_FALSE(pos.set_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").has_value());
    eval.reset(network);
    nnue::refresh(pos, *network, fresh);
    CHECK(same(nnue::accumulator(pos, eval), fresh));
}

TEST_CASE("NNUE: the output layer's integer arithmetic", "[nnue]") {
    nnue::Network net{};
    net.w1.fill(0);
    net.b1.fill(0);
    net.w2.fill(0);
    net.b2.fill(0);
    Position pos;  // the start position: White to move
    nnue::Accumulator acc;

    // One neuron at 1.0 (QA) in each view, weighted 1.0 (QB) for the side to move and -0.5 for
    // the other side: out = 1 - 0.5 = 0.5, SCALE / 2 centipawns.
    net.b1[0] = nnue::QA;
    net.w2[0] = nnue::QB;
    net.w2[nnue::HIDDEN] = -nnue::QB / 2;
    nnue::refresh(pos, net, acc);
    CHECK(nnue::output(net, acc, Color::White) == nnue::SCALE / 2);
    CHECK(nnue::output(net, acc, Color::Black) == nnue::SCALE / 2);

    // screlu squares and clips: 0.5 -> 0.25; above 1.0 counts as 1.0; below 0 as 0.
    net.b1[0] = nnue::QA / 2 + 1;  // 128/255
    net.w2[nnue::HIDDEN] = 0;
    nnue::refresh(pos, net, acc);
    const int quarter = int(std::int64_t(128 * 128) * nnue::QB / nnue::QA * nnue::SCALE / (nnue::QA * nnue::QB));
    CHECK(nnue::output(net, acc, Color::White) == quarter);
    net.b1[0] = 3 * nnue::QA;
    nnue::refresh(pos, net, acc);
    CHECK(nnue::output(net, acc, Color::White) == nnue::SCALE);
    net.b1[0] = -nnue::QA;
    nnue::refresh(pos, net, acc);
    CHECK(nnue::output(net, acc, Color::White) == 0);

    // A piece's row: the white king on e1 seen by White is an own king on e1, seen by Black an
    // enemy king on e8. Only White's view has the weight on neuron 1 (the black king stands on
    // a8, which its own view sees as a1: not the same row).
    pos = position_from("k7/8/8/8/8/8/8/4K3 w - - 0 1");
    net.b1[0] = 0;
    net.w2[1] = nnue::QB;
    net.w1[std::size_t(nnue::feature(Color::White, W_KING, SQ_E1)) * nnue::HIDDEN + 1] = nnue::QA;
    nnue::refresh(pos, net, acc);
    CHECK(acc.values[0][1] == nnue::QA);
    CHECK(acc.values[1][1] == 0);
    CHECK(nnue::feature(Color::Black, W_KING, SQ_E1) == 384 + 5 * 64 + SQ_E8);
    CHECK(nnue::output(net, acc, Color::White) == nnue::SCALE);
    CHECK(nnue::output(net, acc, Color::Black) == 0);

    // The output bias is in QA * QB units; the result is clamped far below mate scores.
    net.w2.fill(0);
    net.b2.fill(nnue::QA * nnue::QB * 2);
    CHECK(nnue::output(net, acc, Color::White) == 2 * nnue::SCALE);
    net.b2.fill(-nnue::QA * nnue::QB * 1000);
    CHECK(nnue::output(net, acc, Color::White) == -nnue::OUTPUT_LIMIT);
}

// The output layer by its formula, one neuron at a time in 64-bit integers: the engine's
// vectorised sum must give exactly this.
int output_by_formula(const nnue::Network& net, const nnue::Accumulator& acc, Color stm) {
    std::int64_t sum = 0;
    for (int view = 0; view < 2; ++view) {
        const std::int16_t* values = acc.values[index_of(view == 0 ? stm : ~stm)];
        for (int i = 0; i < nnue::HIDDEN; ++i) {
            const std::int64_t c = std::clamp<std::int64_t>(values[i], 0, nnue::QA);
            sum += c * c * net.w2[std::size_t(view * nnue::HIDDEN + i)];
        }
    }
    const std::int64_t out = (sum / nnue::QA + net.b2[0]) * nnue::SCALE / (nnue::QA * nnue::QB);
    return int(std::clamp<std::int64_t>(out, -nnue::OUTPUT_LIMIT, nnue::OUTPUT_LIMIT));
}

TEST_CASE("NNUE: the output layer equals its formula on accumulators across the whole int16 range", "[nnue]") {
    std::mt19937 rng(7);
    nnue::Network net = random_network(7);
    for (int trial = 0; trial < 2000; ++trial) {
        // Only the output weights and bias take part: new ones each trial, within a trained
        // network's range (|w2| < 127, so that clamp * w fits int16).
        for (auto& w : net.w2) w = std::int16_t(int(rng() % 253) - 126);
        nnue::Accumulator acc;
        // Mostly within the clipping range and around it, sometimes anywhere in int16.
        for (auto& row : acc.values)
            for (std::int16_t& v : row) v = trial % 4 == 0 ? std::int16_t(rng()) : std::int16_t(int(rng() % 400) - 70);
        net.b2.fill(int(rng() % 200001) - 100000);
        for (const Color stm : {Color::White, Color::Black}) {
            INFO("trial " << trial);
            REQUIRE(nnue::output(net, acc, stm) == output_by_formula(net, acc, stm));
        }
    }
}

TEST_CASE("NNUE: every compiled screlu_dot equals the scalar one, for each layer width", "[nnue]") {
    // The built width, the widths SEN_NNUE_HIDDEN is used with, the widest the lanes allow, and
    // one that is not a multiple of 32 (an AVX-512 build falls back to AVX2 for it).
    nn_test::check_screlu_dot<nnue::HIDDEN>(11, 4000);
    nn_test::check_screlu_dot<128>(12, 4000);
    nn_test::check_screlu_dot<256>(13, 4000);
    nn_test::check_screlu_dot<512>(15, 2000);
    nn_test::check_screlu_dot<1024>(16, 1000);
    nn_test::check_screlu_dot<48>(14, 4000);
}

TEST_CASE("NNUE: screlu_dot is exact where a view's sum passes int32, at the weight limit", "[nnue]") {
    // Every neuron at QA with the largest output weight a trained network holds (W2_LIMIT * QB
    // rounds to 127): 512 terms of 255^2 * 127 make 4.1e9, past int32.
    const auto full = [](auto& acc, auto& weights, std::int16_t w) {
        acc.fill(nn::QA);
        weights.fill(w);
    };
    alignas(64) std::array<std::int16_t, 512> acc512, w512;
    alignas(64) std::array<std::int16_t, 1024> acc1024, w1024;
    const std::int64_t term = std::int64_t(nn::QA) * nn::QA * 127;
    full(acc512, w512, 127);
    REQUIRE(nn::screlu_dot<512>(acc512.data(), w512.data()) == 512 * term);
    REQUIRE(nn::screlu_dot_scalar<512>(acc512.data(), w512.data()) == 512 * term);
    full(acc1024, w1024, -127);
    REQUIRE(nn::screlu_dot<1024>(acc1024.data(), w1024.data()) == -1024 * term);
    REQUIRE(nn::screlu_dot_scalar<1024>(acc1024.data(), w1024.data()) == -1024 * term);
}

TEST_CASE("NNUE: a position and its colour mirror evaluate alike", "[nnue]") {
    for (const std::uint32_t seed : {1u, 2u}) {
        const auto network = shared(random_network(seed));
        for (const auto fen : BENCH_FENS) {
            const Position pos = position_from(fen);
            const std::string mirrored = colour_mirror(pos.fen());
            INFO(pos.fen() << "\nmirror: " << mirrored);
            const Position mirror = position_from(mirrored);
            CHECK(nnue::evaluate_fresh(mirror, *network) == nnue::evaluate_fresh(pos, *network));
            nnue::EvalState mirror_eval, eval;
            mirror_eval.reset(network);
            eval.reset(network);
            CHECK(nnue::evaluate(mirror, mirror_eval) == nnue::evaluate(pos, eval));
        }
    }
}

TEST_CASE("NNUE: the built-in network is a valid network, and what a chess engine starts with", "[nnue]") {
    nnue::Network built_in{};
    REQUIRE(nnue::embedded_network_file().size() == nnue::FILE_BYTES);
    REQUIRE_FALSE(nnue::parse_network(nnue::embedded_network_file(), built_in).has_value());
    // Not a blank: a trained network has weights of both signs in every layer.
    const auto mixed = [](const auto& values) {
        return std::any_of(values.begin(), values.end(), [](auto v) { return v > 0; }) &&
               std::any_of(values.begin(), values.end(), [](auto v) { return v < 0; });
    };
    CHECK(mixed(built_in.w1));
    CHECK(mixed(built_in.w2));

    // Parsed once: every engine's default is that one network, shared.
    REQUIRE(ChessGame::default_evaluator() != nullptr);
    CHECK(same_network(*ChessGame::default_evaluator(), built_in));
    CHECK(ChessGame::default_evaluator() == nnue::built_in_network());

    // It evaluates sensibly: a queen up is clearly winning for that side, from either side's view.
    const Position up = position_from("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const Position down = position_from("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    CHECK(nnue::evaluate_fresh(up, built_in) > 300);
    CHECK(nnue::evaluate_fresh(down, built_in) < -300);
    // Against a bare king only the sign is asked for: the trainer drops decided positions
    // (--max-score), so such endings are rare in its data and their scores are flattened
    // (about 200 for the sixth network); the search finds the mates.
    const Position bare = position_from("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    const Position bare_down = position_from("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    CHECK(nnue::evaluate_fresh(bare, built_in) > 0);
    CHECK(nnue::evaluate_fresh(bare_down, built_in) < 0);
}

TEST_CASE("NNUE: network files load or say why not; a state reset to another network sums afresh", "[nnue]") {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(std::random_device{}());
    const auto write = [&](const std::string& name, const std::string& bytes) {
        const std::string path = (dir / ("sen_test_nnue_" + tag + "_" + name)).string();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    };
    const nnue::Network a = random_network(21), b = random_network(22);
    const std::string path_a = write("a.nnue", nnue::serialise_network(a));
    const std::string path_b = write("b.nnue", nnue::serialise_network(b));
    const std::string truncated = write("short.nnue", nnue::serialise_network(a).substr(0, 1000));
    const std::string too_long = write("long.nnue", nnue::serialise_network(a) + "x");
    using Loaded = nn::SharedNetwork<nnue::ChessFeatures>;

    auto loaded_a = nn::load_network<nnue::ChessFeatures>(path_a);
    REQUIRE(std::holds_alternative<Loaded>(loaded_a));
    const Loaded net_a = std::get<Loaded>(loaded_a);
    CHECK(same_network(*net_a, a));
    Position pos = position_from("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    nnue::EvalState eval;
    eval.reset(net_a);
    CHECK(ChessGame::evaluate(pos, eval) == nnue::evaluate_fresh(pos, a));

    for (const std::string& bad : {truncated, too_long, dir.string(), path_a + ".missing", std::string("/dev/zero"), std::string()}) {
        INFO(bad);
        const auto failed = nn::load_network<nnue::ChessFeatures>(bad);
        REQUIRE(std::holds_alternative<std::string>(failed));
        CHECK_FALSE(std::get<std::string>(failed).empty());
    }

    // The state's accumulators were summed for network a: they must not serve b.
    REQUIRE(nnue::evaluate_fresh(pos, a) != nnue::evaluate_fresh(pos, b));
    const Loaded net_b = std::get<Loaded>(nn::load_network<nnue::ChessFeatures>(path_b));
    eval.reset(net_b);
    CHECK(ChessGame::evaluate(pos, eval) == nnue::evaluate_fresh(pos, b));
    pos.make_move(find_move(pos, "f1b5"));
    eval.push();
    CHECK(ChessGame::evaluate(pos, eval) == nnue::evaluate_fresh(pos, b));
    // And back to a, at the new root.
    eval.reset(net_a);
    CHECK(ChessGame::evaluate(pos, eval) == nnue::evaluate_fresh(pos, a));

    // No network: the hand-written evaluation.
    eval.reset(nullptr);
    CHECK(eval.network() == nullptr);
    CHECK(ChessGame::evaluate(pos, eval) == chess::evaluate(pos));
    for (const auto& path : {path_a, path_b, truncated, too_long}) std::filesystem::remove(path);
}
