// Tests of the chess network with input buckets by the own king's square (nnue.h's
// ChessFeatureSet, docs/nnue.md "King buckets"), in every build: a small bucketed feature set is
// instantiated here, whatever CMake's SEN_NNUE_KING_BUCKETS. The feature index mirrors and
// buckets as documented; the incremental accumulator, with the refresh cache rebuilding the
// views whose king changed bucket or board half, equals a fresh sum after every move, unmake and
// null move of random games; a position and its colour mirror evaluate alike; a network without
// buckets converts into one that evaluates exactly as it; bucketed
// files round-trip and the two layouts refuse each other's files; the trainer's features,
// gradient and training work for the bucketed set, and its factoriser's shared rows fold into the
// written network, survive centring and stay within the weight limit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/movegen.h"
#include "chess/nnue.h"
#include "chess/nnue_update.h"
#include "chess/test_util.h"
#include "nnue/network_file.h"
#include "nnue_test_util.h"
#include "nnue_train_test_util.h"
#include "tools/nnue_trainer.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

using nn_test::as_bytes;
using nn_test::random_net;
using nn_test::same;

using Bucketed = nnue::ChessFeatureSet<4, 32>;
using Plain = Bucketed::Plain;
using BucketedNetwork = nn::Network<Bucketed>;
using PlainNetwork = nn::Network<Plain>;

// Start positions whose random games castle on both sides, capture en passant, promote, and walk
// kings across the board (the endgames), in standard chess and Chess960.
std::vector<std::pair<std::string, bool>> start_positions() {
    std::vector<std::pair<std::string, bool>> starts;
    for (const auto fen : BENCH_FENS) starts.emplace_back(std::string(fen), false);
    starts.emplace_back("r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1", false);
    starts.emplace_back("4k3/1P6/8/2pP4/8/8/6p1/R3K2R w KQ c6 0 1", false);
    starts.emplace_back("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false);
    starts.emplace_back("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", false);
    starts.emplace_back("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false);
    starts.emplace_back("rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 3", false);
    starts.emplace_back("8/5k2/8/2p1P3/2P5/3K4/8/8 w - - 0 1", false);
    starts.emplace_back("8/8/3k4/8/1r6/4K3/5R2/8 b - - 0 1", false);
    starts.emplace_back("1rk2r2/pppppppp/8/8/8/8/PPPPPPPP/1RK2R2 w FBfb - 0 1", true);
    starts.emplace_back("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", true);
    return starts;
}

// A legal move: castling half of the time when it is legal, else a king move a third of the time
// when there is one, so that kings change buckets and board halves often; otherwise test_util's
// (which favours castling, en passant, promotions).
Move random_move(const Position& pos, std::mt19937& rng) {
    std::vector<Move> king_moves, castlings;
    for (const Move m : legal_moves(pos)) {
        if (m.kind() == MoveKind::Castling) castlings.push_back(m);
        else if (piece_type(pos.piece_on(m.from())) == KING) king_moves.push_back(m);
    }
    if (!castlings.empty() && rng() % 2 == 0) return castlings[rng() % castlings.size()];
    if (!king_moves.empty() && rng() % 3 == 0) return king_moves[rng() % king_moves.size()];
    return random_legal_move(pos, rng);
}

// An evaluation state for the bucketed network, pushed and popped with the position's moves, as
// the search keeps its own.
struct Updater {
    nn::AccumulatorStack<Bucketed> stack;
    nn::SharedNetwork<Bucketed> net;

    void set_up() { stack.reset(net); }
    void made() { stack.push(); }
    void unmade() { stack.pop(); }
    const nn::Accumulator<Bucketed>& accumulator(const Position& pos) { return stack.get(pos, nnue::move_delta<Bucketed>); }
    void check(const Position& pos) {
        nn::Accumulator<Bucketed> fresh;
        nn::refresh(*net, fresh, pos);
        INFO(pos.fen());
        REQUIRE(same(accumulator(pos), fresh));
    }
};

}  // namespace

TEST_CASE("King buckets: the feature index mirrors the board for kings on e-h and picks the layout's bucket", "[nnue]") {
    // White's king on e1 sees the board mirrored: e1 -> d1, the layout's bucket 1 (c-d of rank 1),
    // mirrored half: perspective 2 * 1 + 1, whose rows start at 3 * 768.
    CHECK(Bucketed::feature(Color::White, W_PAWN, SQ_E2, SQ_E1) == 3 * 768 + SQ_D2);
    CHECK(Bucketed::feature(Color::White, B_QUEEN, SQ_A8, SQ_E1) == 3 * 768 + 384 + 4 * 64 + SQ_H8);
    // Without mirroring on d1 (perspective 2); castled on g1 it is b1, bucket 0, mirrored
    // (perspective 1); a3 is bucket 3, not mirrored (perspective 6).
    CHECK(Bucketed::feature(Color::White, W_PAWN, SQ_E2, SQ_D1) == 2 * 768 + SQ_E2);
    CHECK(Bucketed::feature(Color::White, W_KING, SQ_G1, SQ_G1) == 768 + 5 * 64 + SQ_B1);
    CHECK(Bucketed::feature(Color::White, W_KNIGHT, SQ_C3, SQ_A3) == 6 * 768 + 64 + SQ_C3);
    // Black's view flips first: its king on e8 is on e1 to it, so mirrored into bucket 1 too.
    CHECK(Bucketed::feature(Color::Black, B_PAWN, SQ_E7, SQ_E8) == 3 * 768 + SQ_D2);
    CHECK(Bucketed::INPUTS == 8 * 768);
    CHECK(Bucketed::perspective(Color::White, SQ_E1) == Bucketed::perspective(Color::Black, SQ_E8));
    CHECK(Bucketed::perspective(Color::White, SQ_E1) != Bucketed::perspective(Color::White, SQ_D1));
    CHECK(Bucketed::perspective(Color::White, SQ_G1) == 1);
    CHECK(Bucketed::perspective(Color::White, SQ_B1) == 0);
    // Without buckets the plain index, unchanged.
    CHECK(nnue::ChessFeatureSet<0, 32>::feature(Color::Black, W_KING, SQ_E1) == 384 + 5 * 64 + 60);

    // Every index in range, and two king squares of one perspective give every piece the same
    // input: what the incremental update relies on.
    for (const Color view : {Color::White, Color::Black})
        for (int k1 = 0; k1 < SQUARE_NB; ++k1)
            for (int k2 = 0; k2 < SQUARE_NB; ++k2) {
                const bool same_perspective = Bucketed::perspective(view, Square(k1)) == Bucketed::perspective(view, Square(k2));
                bool all_equal = true;
                for (const Piece piece : {W_PAWN, W_KING, B_ROOK, B_KING})
                    for (int s = 0; s < SQUARE_NB; ++s) {
                        const int f = Bucketed::feature(view, piece, Square(s), Square(k1));
                        REQUIRE(f >= 0);
                        REQUIRE(f < Bucketed::INPUTS);
                        all_equal &= f == Bucketed::feature(view, piece, Square(s), Square(k2));
                    }
                REQUIRE(same_perspective == all_equal);
            }
    // The layouts cover their buckets.
    for (const auto& layout : {nnue::KING_BUCKET_LAYOUT<4>, nnue::KING_BUCKET_LAYOUT<8>, nnue::KING_BUCKET_LAYOUT<16>}) {
        const int buckets = *std::max_element(layout.begin(), layout.end()) + 1;
        for (int b = 0; b < buckets; ++b) CHECK(std::count(layout.begin(), layout.end(), b) > 0);
    }
}

TEST_CASE("King buckets: the incremental accumulator with the refresh cache equals a fresh sum after every move", "[nnue]") {
    const nn::SharedNetwork<Bucketed> net = random_net<BucketedNetwork>(17);
    const nn::SharedNetwork<Bucketed> other_net = random_net<BucketedNetwork>(18);
    Updater updater;  // one for all the games: the refresh cache outlives set-ups
    updater.net = net;
    std::mt19937 rng(99);
    int checked = 0, nulls = 0, perspective_changes = 0, half_changes = 0, kingside = 0, queenside = 0, promotions = 0, en_passants = 0,
        captures = 0;
    int game = 0;
    for (const auto& [fen, chess960] : start_positions()) {
        Position pos = position_from(fen, chess960);
        // Halfway, another network: the cache must forget the first one's sums.
        if (++game == 30) updater.net = other_net;
        updater.set_up();
        for (int ply = 0; ply < 60; ++ply) {
            // Not every state is evaluated: the next one then replays several moves, some of
            // them king moves that make a view be rebuilt.
            if (rng() % 3 != 0) {
                updater.check(pos);
                ++checked;
            }
            if (!pos.in_check() && rng() % 5 == 0) {
                pos.make_null_move();
                updater.made();
                updater.check(pos);
                pos.unmake_null_move();
                updater.unmade();
                ++nulls;
            }
            // Every move made is counted, so that the checks below say what the walk covered.
            const auto play = [&](Move m) {
                const Color mover = pos.side_to_move();
                const Square king_before = pos.king_square(mover);
                captures += pos.piece_on(m.to()) != NO_PIECE && m.kind() != MoveKind::Castling;
                promotions += m.kind() == MoveKind::Promotion;
                en_passants += m.kind() == MoveKind::EnPassant;
                if (m.kind() == MoveKind::Castling) (m.to() > m.from() ? kingside : queenside) += 1;
                pos.make_move(m);
                updater.made();
                const Square king_after = pos.king_square(mover);
                perspective_changes += Bucketed::perspective(mover, king_before) != Bucketed::perspective(mover, king_after);
                half_changes += (int(king_before) & 7) / 4 != (int(king_after) & 7) / 4;
            };
            const Move m = random_move(pos, rng);
            if (m == Move::none()) break;
            play(m);
            if (rng() % 3 == 0) {
                const Move reply = random_move(pos, rng);
                if (reply != Move::none()) {
                    play(reply);
                    updater.check(pos);
                    pos.unmake_move();
                    updater.unmade();
                }
            }
            if (rng() % 5 == 0) {
                pos.unmake_move();
                updater.unmade();
                updater.check(pos);
                play(random_move(pos, rng));
            }
        }
        updater.check(pos);
    }
    CHECK(checked > 1500);
    CHECK(nulls > 100);
    CHECK(perspective_changes > 200);
    CHECK(half_changes > 50);
    CHECK(kingside > 5);
    CHECK(queenside > 5);
    CHECK(promotions > 5);
    CHECK(en_passants > 5);
    CHECK(captures > 100);
}

TEST_CASE("King buckets: a position and its colour mirror evaluate alike", "[nnue]") {
    const auto net = random_net<BucketedNetwork>(5);
    std::mt19937 rng(6);
    int compared = 0;
    for (const auto& [fen, chess960] : start_positions()) {
        if (chess960) continue;
        Position pos = position_from(fen);
        for (int ply = 0; ply < 20; ++ply) {
            const std::string mirrored = colour_mirror(pos.fen());
            INFO(pos.fen() << "\nmirror: " << mirrored);
            const Position mirror = position_from(mirrored);
            CHECK(nn::evaluate_fresh(mirror, *net) == nn::evaluate_fresh(pos, *net));
            ++compared;
            const Move m = random_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    CHECK(compared > 500);
}

TEST_CASE("King buckets: a network without buckets converts into one that evaluates exactly alike", "[nnue]") {
    // A random first layer, not left-right symmetric: each board half has rows of its own.
    const auto plain = random_net<PlainNetwork>(21);
    const auto converted = nn::with_king_buckets<Bucketed>(*plain);
    // Copied into every perspective without reordering the mirrored half's rows, it would
    // evaluate differently whenever a king stands on e-h.
    auto unreordered = std::make_unique<BucketedNetwork>(*converted);
    for (int perspective = 0; perspective < Bucketed::PERSPECTIVES; ++perspective)
        std::copy(plain->w1.begin(), plain->w1.end(),
                  unreordered->w1.begin() + std::ptrdiff_t(perspective) * Plain::INPUTS * Plain::HIDDEN);

    std::mt19937 rng(22);
    int compared = 0, differed_unreordered = 0;
    for (const auto& [fen, chess960] : start_positions()) {
        Position pos = position_from(fen, chess960);
        for (int ply = 0; ply < 30; ++ply) {
            INFO(pos.fen());
            nn::Accumulator<Plain> plain_acc;
            nn::Accumulator<Bucketed> bucketed_acc;
            nn::refresh(*plain, plain_acc, pos);
            nn::refresh(*converted, bucketed_acc, pos);
            REQUIRE(std::equal(&plain_acc.values[0][0], &plain_acc.values[0][0] + 2 * Plain::HIDDEN, &bucketed_acc.values[0][0]));
            REQUIRE(nn::evaluate_fresh(pos, *converted) == nn::evaluate_fresh(pos, *plain));
            differed_unreordered += nn::evaluate_fresh(pos, *unreordered) != nn::evaluate_fresh(pos, *plain);
            ++compared;
            const Move m = random_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    CHECK(compared > 1000);
    CHECK(differed_unreordered > compared / 4);
}

TEST_CASE("King buckets: files round-trip, and each layout refuses the other's", "[nnue]") {
    const auto net = random_net<BucketedNetwork>(31);
    const std::string bytes = nn::serialise_network(*net);
    REQUIRE(bytes.size() == BucketedNetwork::FILE_BYTES);
    CHECK(bytes.substr(0, 8) == "SENNNUE3");
    auto back = std::make_unique<BucketedNetwork>();
    REQUIRE_FALSE(nn::parse_network(as_bytes(bytes), *back));
    nn_test::check_same_weights(*back, *net);

    const auto rejection = [](const auto& bytes_of, auto& into) {
        return nn::parse_network(as_bytes(bytes_of), into).value_or("(accepted)");
    };
    auto plain = std::make_unique<PlainNetwork>();
    const std::string by_plain = rejection(bytes, *plain);
    CHECK(by_plain.find("with king buckets") != std::string::npos);
    CHECK(by_plain.find("SENNNUE1") != std::string::npos);

    const std::string plain_bytes = nn::serialise_network(*random_net<PlainNetwork>(32));
    const std::string by_bucketed = rejection(plain_bytes, *back);
    CHECK(by_bucketed.find("without king buckets") != std::string::npos);
    CHECK(by_bucketed.find("--epochs 0") != std::string::npos);

    using EightBuckets = nnue::ChessFeatureSet<8, 32>;
    const std::string eight = nn::serialise_network(*random_net<nn::Network<EightBuckets>>(33));
    CHECK(rejection(eight, *back).find("network has 8 king buckets; this build of Sen expects 4") != std::string::npos);
    CHECK(rejection(bytes.substr(0, 18), *back).find("truncated") != std::string::npos);
    CHECK(rejection(bytes.substr(0, bytes.size() - 1), *back).find("truncated") != std::string::npos);
}

TEST_CASE("King buckets: nnue-train --epochs 0 converts a network without buckets", "[nnue]") {
    const auto plain = random_net<PlainNetwork>(41);
    nn_test::check_conversion_command(*plain, *nn::with_king_buckets<Bucketed>(*plain), "chess_king_buckets");
    // --epochs 0 needs a network to write.
    const auto no_data = [](const auto&, double, double, std::uint64_t, auto&, bool) -> std::optional<std::string> {
        return "no data in this test";
    };
    const std::string out_path = (std::filesystem::temp_directory_path() / "sen_test_kb_bucketed.nnue").string();
    CHECK(nn::run_train_command<Bucketed>({"--epochs", "0", "--out", out_path}, {}, no_data) == 2);
}

TEST_CASE("King buckets: the trainer's features, gradient and training", "[nnue]") {
    // Positions of random games, labelled by material.
    std::vector<nn::TrainPosition<Bucketed>> positions;
    std::vector<Position> boards;
    std::mt19937 rng(51);
    for (const auto& [fen, chess960] : start_positions()) {
        Position pos = position_from(fen, chess960);
        for (int ply = 0; ply < 12; ++ply) {
            constexpr int VALUES[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 0};
            int balance = 0;
            for (int s = 0; s < SQUARE_NB; ++s) {
                const Piece piece = pos.piece_on(Square(s));
                if (piece != NO_PIECE) balance += (piece_color(piece) == Color::White ? 1 : -1) * VALUES[piece_type(piece)];
            }
            const auto p = nn::train_position_of<Bucketed>(pos, balance > 0 ? 1.0 : balance < 0 ? 0.0 : 0.5, balance);
            REQUIRE(p);
            positions.push_back(*p);
            boards.push_back(pos);
            const Move m = random_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    REQUIRE(positions.size() > 500);

    // The trainer's features are the engine's: its rows summed give the fresh accumulator.
    nn_test::check_trainer_features_are_the_engines(*random_net<BucketedNetwork>(52), positions, boards);

    // The analytic gradient against a central difference of the loss written again in doubles,
    // on first-layer weights of several buckets and on the factoriser's shared rows (each piece's
    // row is its bucket's plus its shared one). The weights are too small to move a neuron over
    // screlu's bends, so the difference sees no kink.
    constexpr double LAMBDA = 0.5;
    const std::vector<nn::TrainPosition<Bucketed>> sample(positions.begin(), positions.begin() + 60);
    nn::FloatNetwork<Bucketed> fnet;
    std::mt19937 weights_rng(3);
    const auto uniform = [&](double limit) { return float((double(weights_rng()) / 4294967296.0 * 2 - 1) * limit); };
    for (float& w : fnet.w1) w = uniform(0.01);
    for (float& b : fnet.b1) b = 0.5f;
    for (float& w : fnet.w2) w = uniform(0.5);
    const auto reference_loss = [&] {
        double sum = 0;
        for (const auto& p : sample) {
            const nn::PositionFeatures<Bucketed> f = nn::features_of(p);
            double out = fnet.b2[0];
            for (int h = 0; h < Bucketed::HIDDEN; ++h) {
                double stm = fnet.b1[h], other = fnet.b1[h];
                for (int k = 0; k < f.count; ++k)
                    for (const int shared : {0, 1}) {
                        const auto row = [&](int feature) {
                            return std::size_t(shared ? feature % Bucketed::PLAIN_INPUTS + Bucketed::INPUTS : feature);
                        };
                        stm += fnet.w1[row(f.side_to_move[k]) * Bucketed::HIDDEN + h];
                        other += fnet.w1[row(f.other_side[k]) * Bucketed::HIDDEN + h];
                    }
                out += fnet.w2[h] * stm * stm + fnet.w2[Bucketed::HIDDEN + h] * other * other;
            }
            const double error = 1.0 / (1.0 + std::exp(-out)) - nn::training_target(p, LAMBDA);
            sum += error * error;
        }
        return sum / double(sample.size());
    };
    nn::FloatNetwork<Bucketed> gradient;
    nn::loss_and_gradient(fnet, sample, LAMBDA, gradient);
    std::vector<int> buckets_seen;
    int compared = 0;
    for (const auto& p : sample) {
        const nn::PositionFeatures<Bucketed> f = nn::features_of(p);
        for (const int feature : {f.side_to_move[0], f.other_side[1], nn::shared_row_of<Bucketed>(f.side_to_move[2])}) {
            const int bucket = feature / Bucketed::PLAIN_INPUTS;  // PERSPECTIVES: the shared rows
            if (std::find(buckets_seen.begin(), buckets_seen.end(), bucket) != buckets_seen.end()) continue;
            buckets_seen.push_back(bucket);
            for (const int h : {0, 7}) {
                const std::size_t i = std::size_t(feature) * Bucketed::HIDDEN + h;
                const float saved = fnet.w1[i];
                constexpr float STEP = 1e-3f;
                fnet.w1[i] = saved + STEP;
                const double up_value = fnet.w1[i], up = reference_loss();
                fnet.w1[i] = saved - STEP;
                const double down_value = fnet.w1[i], down = reference_loss();
                fnet.w1[i] = saved;
                const double numeric = (up - down) / (up_value - down_value);
                INFO("feature " << feature << ", neuron " << h << ": analytic " << gradient.w1[i] << ", finite difference " << numeric);
                CHECK(std::abs(gradient.w1[i] - numeric) <= 1e-3 * std::max(std::abs(double(gradient.w1[i])), std::abs(numeric)) + 1e-9);
                CHECK(std::abs(numeric) > 1e-6);
                ++compared;
            }
        }
    }
    CHECK(buckets_seen.size() >= 4);
    CHECK(std::find(buckets_seen.begin(), buckets_seen.end(), Bucketed::PERSPECTIVES) != buckets_seen.end());
    CHECK(compared >= 8);

    // A short run lowers the loss.
    nn_test::check_short_run_learns(positions);
}

TEST_CASE("King buckets: the factoriser's shared rows fold into the buckets", "[nnue]") {
    std::vector<nn::TrainPosition<Bucketed>> positions;
    std::mt19937 rng(61);
    for (const auto& [fen, chess960] : start_positions()) {
        Position pos = position_from(fen, chess960);
        for (int ply = 0; ply < 20; ++ply) {
            positions.push_back(*nn::train_position_of<Bucketed>(pos, 0.5, 0));
            const Move m = random_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    nn::FloatNetwork<Bucketed> net = nn::initial_network<Bucketed>(7);
    // A fresh network's shared rows are zero, so its buckets are as without a factoriser.
    CHECK(std::all_of(net.w1.begin() + std::ptrdiff_t(Bucketed::INPUTS) * Bucketed::HIDDEN, net.w1.end(), [](float w) { return w == 0; }));
    std::mt19937 weights_rng(8);
    for (std::size_t i = std::size_t(Bucketed::INPUTS) * Bucketed::HIDDEN; i < net.w1.size(); ++i)
        net.w1[i] = float((double(weights_rng()) / 4294967296.0 * 2 - 1) * 0.05);

    // quantise() writes each bucket's row plus its shared row, and the engine's integers then
    // compute what the float network does (up to rounding).
    const nn::Network<Bucketed> q = nn::quantise(net);
    for (const int feature : {0, 5, Bucketed::PLAIN_INPUTS + 100, Bucketed::INPUTS - 1})
        for (const int h : {0, Bucketed::HIDDEN - 1}) {
            const float folded = net.w1[std::size_t(feature) * Bucketed::HIDDEN + std::size_t(h)] +
                                 net.w1[std::size_t(nn::shared_row_of<Bucketed>(feature)) * Bucketed::HIDDEN + std::size_t(h)];
            CHECK(q.w1[std::size_t(feature) * Bucketed::HIDDEN + std::size_t(h)] == std::lround(double(folded) * nn::QA));
        }
    double worst = 0;
    for (const auto& p : positions) worst = std::max(worst, std::abs(nn::forward(net, p) - nn::quantised_output(q, p)));
    CHECK(worst < 0.05);

    // Centring moves the perspectives' mean into the shared rows and keeps the output.
    nn::FloatNetwork<Bucketed> centred = net;
    nn::centre_buckets(centred);
    for (const int plain : {0, 383, 767}) {
        double mean = 0;
        for (int perspective = 0; perspective < Bucketed::PERSPECTIVES; ++perspective)
            mean += centred.w1[std::size_t(perspective * Bucketed::PLAIN_INPUTS + plain) * Bucketed::HIDDEN + 3];
        CHECK(std::abs(mean) < 1e-5);
    }
    for (const auto& p : positions) CHECK(nn::forward(centred, p) == Approx(nn::forward(net, p)).margin(1e-4));

    // The optimiser keeps every folded row within the limit that keeps the engine's sums in range.
    nn::FloatNetwork<Bucketed> gradient;
    for (std::size_t i = 0; i < gradient.w1.size(); ++i) gradient.w1[i] = i % 2 ? 1.0f : -1.0f;
    nn::Optimiser<Bucketed> optimiser;
    for (int step = 0; step < 300; ++step) optimiser.step(centred, gradient, 0.05, 0.0);
    float largest = 0;
    for (int feature = 0; feature < Bucketed::INPUTS; ++feature)
        for (int h = 0; h < Bucketed::HIDDEN; ++h) largest = std::max(largest, std::abs(nn::folded_weight(centred, feature, h)));
    CHECK(largest <= nn::W1_LIMIT + 1e-6f);
    CHECK(largest > 0.9f * nn::W1_LIMIT);
}
