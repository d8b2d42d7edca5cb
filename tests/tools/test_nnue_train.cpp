// Tests of the NNUE trainer (nnue_train.cpp) and the network file format (nnue_file.cpp): the
// file round-trips and rejects what is not a network of this build, the feature index treats a
// position and its colour-flipped mirror alike, the analytic gradient matches a finite
// difference of an independent double-precision model, and training lowers the loss,
// reproducibly for a seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "chess/nnue.h"
#include "chess/test_util.h"
#include "core/prng.h"
#include "tools/nnue_train.h"
#include "tools/subcommands.h"

namespace sen::chess::nnue {
namespace {

std::span<const unsigned char> as_bytes(const std::string& s) { return {reinterpret_cast<const unsigned char*>(s.data()), s.size()}; }

Network random_network(std::uint64_t seed) {
    SplitMix64 rng(seed);
    Network net{};
    for (std::int16_t& w : net.w1) w = std::int16_t(rng.next());
    for (std::int16_t& b : net.b1) b = std::int16_t(rng.next());
    for (std::int16_t& w : net.w2) w = std::int16_t(rng.next());
    net.b2.fill(std::int32_t(rng.next()));
    return net;
}

// FENs of positions from random games from the start, from ply 8 on.
std::vector<std::string> random_game_fens(unsigned seed, int games, int plies) {
    std::vector<std::string> fens;
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Position pos;
        for (int ply = 0; ply < plies; ++ply) {
            if (ply >= 8) fens.push_back(pos.fen());
            const Move m = test::random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
    return fens;
}

TrainPosition train_position(const std::string& fen, double white_result = 0.5, std::optional<int> white_score = {}) {
    const std::optional<TrainPosition> p = nn::make_train_position<ChessGame>(fen, white_result, white_score);
    INFO("FEN: " << fen);
    REQUIRE(p.has_value());
    return *p;
}

std::multiset<int> feature_set(const std::array<int, MAX_PIECES>& features, int count) {
    return {features.begin(), features.begin() + count};
}

// The model of nnue.h written again from its formula, in doubles, for the finite differences.
double reference_output(const FloatNetwork& net, const TrainPosition& p) {
    const PositionFeatures f = features_of(p);
    double out = net.b2[0];
    for (int h = 0; h < HIDDEN; ++h) {
        double stm = net.b1[h], other = net.b1[h];
        for (int i = 0; i < f.count; ++i) {
            stm += net.w1[std::size_t(f.side_to_move[i]) * HIDDEN + h];
            other += net.w1[std::size_t(f.other_side[i]) * HIDDEN + h];
        }
        const double a = std::clamp(stm, 0.0, 1.0), b = std::clamp(other, 0.0, 1.0);
        out += net.w2[h] * a * a + net.w2[HIDDEN + h] * b * b;
    }
    return out;
}

double reference_loss(const FloatNetwork& net, const std::vector<TrainPosition>& positions, double lambda) {
    double sum = 0;
    for (const TrainPosition& p : positions) {
        const double error = 1.0 / (1.0 + std::exp(-reference_output(net, p))) - training_target(p, lambda);
        sum += error * error;
    }
    return sum / double(positions.size());
}

double material_balance(const Position& pos) {
    constexpr int VALUES[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 0};
    double balance = 0;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece piece = pos.piece_on(Square(s));
        if (piece != NO_PIECE) balance += (piece_color(piece) == Color::White ? 1 : -1) * VALUES[piece_type(piece)];
    }
    return balance;
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

TEST_CASE("Dequantising a network and quantising it again gives it back, with the same outputs", "[nnue]") {
    auto built_in = std::make_unique<Network>();
    REQUIRE_FALSE(parse_network(embedded_network_file(), *built_in).has_value());
    auto arbitrary = std::make_unique<Network>(random_network(11));
    // The output bias of a trained network is a few units at QA * QB; a float holds it exactly
    // enough for the way back only below 2^24 / (QA * QB) units, far beyond what training gives.
    arbitrary->b2.fill(-123457);
    for (const Network* net : {built_in.get(), arbitrary.get()}) {
        const FloatNetwork dequantised = dequantise(*net);
        int clamped = -1;
        const Network back = quantise(dequantised, &clamped);
        CHECK(clamped == 0);
        CHECK(back.w1 == net->w1);
        CHECK(back.b1 == net->b1);
        CHECK(back.w2 == net->w2);
        CHECK(back.b2 == net->b2);
    }
    // The float network computes what the integer one does (up to float rounding).
    const FloatNetwork dequantised = dequantise(*built_in);
    int positions = 0;
    for (const std::string& fen : random_game_fens(23, 4, 60)) {
        const auto position = nn::make_train_position<ChessGame>(fen, 0.5, 0);
        REQUIRE(position.has_value());
        INFO("FEN: " << fen);
        CHECK(std::abs(forward(dequantised, *position) - quantised_output(*built_in, *position)) < 1e-4);
        ++positions;
    }
    CHECK(positions > 100);
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
    CHECK(rejection(wrong_hidden).find("hidden layer of " + std::to_string(HIDDEN * 2)) != std::string::npos);
    std::string wrong_scale = good;
    wrong_scale[12] = char(SCALE + 1);
    CHECK(rejection(wrong_scale).find("scale of 171") != std::string::npos);

    CHECK(rejection(good.substr(0, good.size() - 1)).find("truncated") != std::string::npos);
    CHECK(rejection(good.substr(0, 12)).find("truncated") != std::string::npos);
    CHECK(rejection("").find("truncated") != std::string::npos);
    CHECK(rejection(good + '\0').find("1 bytes after") != std::string::npos);
    CHECK(rejection(good) == "(accepted)");
}

TEST_CASE("Feature indices cover 0..767 once per view", "[nnue]") {
    for (const Color view : {Color::White, Color::Black}) {
        std::set<int> seen;
        for (const Color c : {Color::White, Color::Black})
            for (int pt = PAWN; pt <= KING; ++pt)
                for (int s = 0; s < SQUARE_NB; ++s) {
                    const int index = feature(view, make_piece(c, PieceType(pt)), Square(s));
                    CHECK(index >= 0);
                    CHECK(index < INPUTS);
                    seen.insert(index);
                }
        CHECK(seen.size() == std::size_t(INPUTS));
    }
    // The spec's layout: own pieces first, by type, then by the square seen from the view's side.
    CHECK(feature(Color::White, W_PAWN, SQ_E2) == 12);
    CHECK(feature(Color::Black, B_PAWN, SQ_E7) == 12);
    CHECK(feature(Color::White, B_KING, SQ_E8) == 384 + 5 * 64 + 60);
    CHECK(feature(Color::Black, W_KING, SQ_E1) == 384 + 5 * 64 + 60);
}

TEST_CASE("A position and its colour-flipped mirror have the same features and output", "[nnue]") {
    std::vector<std::string> fens = random_game_fens(5, 12, 70);
    fens.push_back("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    fens.push_back("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1");
    // Each view sees its own pieces as "own": the start position's white king is input 324 (own
    // king on e1) to White and 764 (other king on e8, flipped) to Black.
    const PositionFeatures start_white = features_of(train_position(std::string(Position::START_FEN)));
    CHECK(feature_set(start_white.side_to_move, 32).count(5 * 64 + SQ_E1) == 1);
    CHECK(feature_set(start_white.other_side, 32).count(384 + 5 * 64 + SQ_E8) == 1);
    CHECK(feature_set(start_white.side_to_move, 32).count(384 + 5 * 64 + SQ_E1) == 0);
    const PositionFeatures e4 = features_of(train_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    CHECK(feature_set(e4.side_to_move, 32).count(384 + SQ_E5) == 1);  // White's e4 pawn to Black: other pawn on e5
    CHECK(feature_set(e4.other_side, 32).count(SQ_E4) == 1);

    FloatNetwork with_biases = nn::initial_network<ChessFeatures>(11);
    for (int h = 0; h < HIDDEN; ++h) with_biases.b1[h] = 0.01f * float(h % 7);
    with_biases.b2[0] = 0.25f;
    auto quantised = std::make_unique<Network>(quantise(with_biases));
    for (const std::string& fen : fens) {
        const std::string mirror_fen = test::colour_mirror(fen);
        INFO("FEN: " << fen << "\nmirror: " << mirror_fen);
        const TrainPosition p = train_position(fen), mirror = train_position(mirror_fen);
        REQUIRE(p.side_to_move != mirror.side_to_move);
        const PositionFeatures a = features_of(p), b = features_of(mirror);
        REQUIRE(a.count == b.count);
        CHECK(feature_set(a.side_to_move, a.count) == feature_set(b.side_to_move, b.count));
        CHECK(feature_set(a.other_side, a.count) == feature_set(b.other_side, b.count));
        // Summed in another order, so equal up to float rounding; the integers exactly.
        CHECK(forward(with_biases, mirror) == Approx(forward(with_biases, p)).margin(1e-5));
        CHECK(quantised_output(*quantised, mirror) == quantised_output(*quantised, p));
    }
    CHECK(fens.size() > 300);
}

TEST_CASE("The analytic gradient matches a finite difference", "[nnue]") {
    const std::vector<TrainPosition> positions = {
        train_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 1.0, 40),
        train_position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0.5, -15),
        train_position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0.0, -220),
        train_position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", 1.0, 310),
        train_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0.5),
    };
    constexpr double LAMBDA = 0.5;
    // Hidden units in three regimes, each kept well away from screlu's bends at 0 and 1 by
    // first-layer weights too small to move a sum by 0.32: live (h % 4 < 2), dead (2) and
    // saturated (3).
    FloatNetwork net;
    SplitMix64 rng(3);
    const auto uniform = [&](double limit) { return float((double(rng.next() >> 11) * 0x1.0p-53 * 2 - 1) * limit); };
    for (float& w : net.w1) w = uniform(0.01);
    for (int h = 0; h < HIDDEN; ++h) net.b1[h] = h % 4 < 2 ? 0.5f : h % 4 == 2 ? -0.5f : 1.5f;
    for (float& w : net.w2) w = uniform(0.5);
    net.b2[0] = 0.1f;

    FloatNetwork gradient;
    const double loss = loss_and_gradient(net, positions, LAMBDA, gradient);
    CHECK(loss == Approx(reference_loss(net, positions, LAMBDA)).epsilon(1e-5));

    const PositionFeatures f0 = features_of(positions[0]), f3 = features_of(positions[3]);
    struct Parameter {
        const char* name;
        float* value;
        float analytic;
    };
    std::vector<Parameter> parameters = {
        {"b2", &net.b2[0], gradient.b2[0]},
    };
    for (const int h : {0, 1, 2, 3, 5}) {
        parameters.push_back({"b1", &net.b1[h], gradient.b1[h]});
        parameters.push_back({"w2 (side to move)", &net.w2[h], gradient.w2[h]});
        parameters.push_back({"w2 (other side)", &net.w2[HIDDEN + h], gradient.w2[HIDDEN + h]});
        for (const int feature_index : {f0.side_to_move[0], f0.other_side[5], f3.side_to_move[1], f3.other_side[2]}) {
            const std::size_t i = std::size_t(feature_index) * HIDDEN + h;
            parameters.push_back({"w1", &net.w1[i], gradient.w1[i]});
        }
    }
    int nonzero = 0;
    for (const Parameter& p : parameters) {
        const float saved = *p.value;
        constexpr float STEP = 1e-3f;
        *p.value = saved + STEP;
        const float up = *p.value;
        const double loss_up = reference_loss(net, positions, LAMBDA);
        *p.value = saved - STEP;
        const float down = *p.value;
        const double loss_down = reference_loss(net, positions, LAMBDA);
        *p.value = saved;
        const double numeric = (loss_up - loss_down) / (double(up) - double(down));
        INFO(p.name << ": analytic " << p.analytic << ", finite difference " << numeric);
        CHECK(std::abs(p.analytic - numeric) <= 1e-3 * std::max(std::abs(double(p.analytic)), std::abs(numeric)) + 1e-9);
        nonzero += std::abs(numeric) > 1e-5;
    }
    // Dead units have no gradient and saturated ones none into the first layer: 24 of the 36
    // parameters have one, and a check that compared zeros alone would prove nothing.
    CHECK(nonzero >= 22);
}

TEST_CASE("Training lowers the loss on material-labelled positions, the same for a seed", "[nnue]") {
    std::vector<TrainPosition> train, validation;
    std::vector<std::string> fens = random_game_fens(17, 12, 90);
    std::mt19937 pick(23);
    std::shuffle(fens.begin(), fens.end(), pick);
    for (const std::string& fen : fens) {
        if (train.size() + validation.size() == 240) break;
        Position pos = test::position_from(fen);
        const int balance = int(material_balance(pos));
        (validation.size() < 40 ? validation : train).push_back(train_position(fen, 0.5, balance));
    }
    REQUIRE(train.size() == 200);
    TrainOptions options;
    options.epochs = 12;
    options.batch_size = 16;
    options.learning_rate = 0.003;
    options.lambda = 0.0;  // the target is sigmoid(material / SCALE) alone
    options.threads = 2;
    options.seed = 9;

    const FloatNetwork start = nn::initial_network<ChessFeatures>(options.seed);
    const double train_before = mean_loss(start, train, options.lambda);
    const double validation_before = mean_loss(start, validation, options.lambda);
    std::vector<EpochReport> reports;
    FloatNetwork first = start;
    train_network(first, train, validation, options, [&](const EpochReport& r) { reports.push_back(r); });
    REQUIRE(reports.size() == 12);
    const double train_after = mean_loss(first, train, options.lambda);
    INFO("training loss " << train_before << " -> " << train_after << ", validation " << validation_before << " -> "
                          << reports.back().validation_loss);
    CHECK(train_after < 0.2 * train_before);
    CHECK(reports.back().validation_loss < validation_before);
    CHECK(reports.back().train_loss < reports.front().train_loss);
    CHECK(reports.back().learning_rate == Approx(options.learning_rate * 0.1));
    CHECK(reports.front().learning_rate == Approx(options.learning_rate));
    for (const float w : first.w1) REQUIRE(std::abs(w) <= W1_LIMIT);

    FloatNetwork second = start;
    train_network(second, train, validation, options);
    CHECK(second.w1 == first.w1);
    CHECK(second.b1 == first.b1);
    CHECK(second.w2 == first.w2);
    CHECK(second.b2 == first.b2);

    // What the engine will see. Rounding w2 to 1/QB moves an output by a few centipawns at this
    // SCALE (256 terms of up to 1/128 each); a wrong scale anywhere would move it by hundreds.
    int clamped = -1;
    auto quantised = std::make_unique<Network>(quantise(first, &clamped));
    CHECK(clamped == 0);
    double total_difference = 0;
    for (const TrainPosition& p : validation) total_difference += std::abs(quantised_output(*quantised, p) - forward(first, p)) * SCALE;
    INFO("mean |quantised - float| " << total_difference / double(validation.size()) << " cp");
    CHECK(total_difference / double(validation.size()) < 8.0);
}

TEST_CASE("Data files load with targets from the side to move's view", "[nnue]") {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("sen_test_nnue_" + std::to_string(std::random_device{}()) + ".txt");
    {
        std::ofstream out(path);
        out << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 1.0 | 50\n"
            << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.0 | -30\n"
            << "\n"
            << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5\n"
            << "not a fen | 1.0 | 10\n"
            << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 2.0 | 10\n";
    }
    TrainingData blended;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 0.5, 0.0, 1, blended).has_value());
    CHECK(blended.lines == 5);
    CHECK(blended.bad_lines == 2);
    CHECK(blended.unscored_lines == 1);
    REQUIRE(blended.train.size() == 2);
    CHECK(blended.validation.empty());
    const TrainPosition& black = blended.train[0];
    CHECK(black.side_to_move == Color::Black);
    CHECK(black.result == 0.0f);
    CHECK(black.score == -50);
    CHECK(black.count == 32);
    CHECK(training_target(black, 0.5) == Approx(0.5 * 0.0 + 0.5 / (1 + std::exp(50.0 / SCALE))));
    CHECK(blended.train[1].score == -30);
    CHECK(blended.train[1].result == 0.0f);

    TrainingData results_only;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 1.0, 0.0, 1, results_only).has_value());
    CHECK(results_only.unscored_lines == 0);
    CHECK(results_only.train.size() == 3);

    TrainingData held_out;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string(), path.string(), path.string()}, 1.0, 0.5, 1, held_out).has_value());
    CHECK(held_out.train.size() + held_out.validation.size() == 9);
    std::filesystem::remove(path);

    // Whole games go to one side: 40 games of 6 positions whose plies rise within a game.
    {
        std::ofstream out(path);
        for (int game = 0; game < 40; ++game)
            for (int move = 10; move < 16; ++move) out << "k7/8/8/8/8/8/4P3/4K3 w - - 0 " << move << " | 0.5\n";
    }
    TrainingData by_game;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 1.0, 0.5, 3, by_game).has_value());
    CHECK(by_game.train.size() + by_game.validation.size() == 240);
    CHECK(by_game.train.size() % 6 == 0);
    CHECK(by_game.validation.size() % 6 == 0);
    CHECK(by_game.train.size() >= 60);
    CHECK(by_game.validation.size() >= 60);
    std::filesystem::remove(path);
    TrainingData missing;
    CHECK(nn::load_game_data<ChessGame>({path.string()}, 1.0, 0.0, 1, missing).has_value());
}

// The set of (piece, square) of a training position, whatever the order of its pieces.
std::set<std::pair<int, int>> placement(const TrainPosition& p) {
    std::set<std::pair<int, int>> pieces;
    for (int i = 0; i < p.count; ++i) pieces.insert({p.pieces[i], p.squares[i]});
    return pieces;
}

TEST_CASE("Mirroring adds the left-right reflection of training positions without castling rights", "[nnue]") {
    // The reflection of a FEN written out by hand: each rank reversed.
    const TrainPosition p = *nn::make_train_position<ChessGame>("r3k3/1p3pp1/8/3Pp3/8/2N5/PP3PPP/4K2R b - - 0 20", 1.0, 120);
    const TrainPosition m = mirrored_files(p);
    const TrainPosition expected = *nn::make_train_position<ChessGame>("3k3r/1pp3p1/8/3pP3/8/5N2/PPP3PP/R2K4 b - - 0 20", 1.0, 120);
    CHECK(placement(m) == placement(expected));
    CHECK(placement(m) != placement(p));
    CHECK(m.side_to_move == p.side_to_move);
    CHECK(m.score == p.score);
    CHECK(m.result == p.result);
    CHECK(placement(mirrored_files(m)) == placement(p));

    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("sen_test_nnue_mirror_" + std::to_string(std::random_device{}()) + ".txt");
    {
        std::ofstream out(path);
        out << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 1.0 | 50\n"  // castling rights: kept as is
            << "r3k3/1p3pp1/8/3Pp3/8/2N5/PP3PPP/4K2R b - - 0 20 | 0.0 | 120\n"            // none: mirrored too
            << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30 | 0.5 | 10\n";
    }
    TrainingData plain, mirrored;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 0.0, 0.0, 1, plain).has_value());
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 0.0, 0.0, 1, mirrored, true).has_value());
    CHECK(plain.mirrored == 0);
    REQUIRE(plain.train.size() == 3);
    CHECK(mirrored.mirrored == 2);
    REQUIRE(mirrored.train.size() == 5);
    CHECK(placement(mirrored.train[0]) == placement(plain.train[0]));
    CHECK(placement(mirrored.train[1]) == placement(plain.train[1]));
    CHECK(placement(mirrored.train[2]) == placement(mirrored_files(plain.train[1])));
    CHECK(mirrored.train[2].score == plain.train[1].score);
    CHECK(placement(mirrored.train[4]) == placement(mirrored_files(plain.train[2])));

    // Held-out positions are never mirrored.
    TrainingData all_held_out;
    REQUIRE_FALSE(nn::load_game_data<ChessGame>({path.string()}, 0.0, 0.999999, 1, all_held_out, true).has_value());
    CHECK(all_held_out.mirrored == 0);
    CHECK(all_held_out.train.size() + all_held_out.validation.size() == 3);
    std::filesystem::remove(path);
}

TEST_CASE("sen nnue-train refuses bad arguments and writes a network the parser accepts", "[nnue]") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(std::random_device{}());
    const std::string data_path = (dir / ("sen_test_nnue_cli_" + tag + ".txt")).string();
    const std::string net_path = (dir / ("sen_test_nnue_cli_" + tag + ".nnue")).string();
    {
        std::ofstream out(data_path);
        const char* results[] = {"1.0", "0.5", "0.0"};
        int line = 0;
        for (const std::string& fen : random_game_fens(31, 2, 30)) out << fen << " | " << results[line++ % 3] << " | 25\n";
    }
    const std::vector<std::vector<std::string>> bad = {
        {},
        {"--data", data_path},
        {"--out", net_path},
        {"--data", data_path, "--out"},
        {"--data", data_path, "--out", net_path, "--epochs", "0"},
        {"--data", data_path, "--out", net_path, "--epochs", "3x"},
        {"--data", data_path, "--out", net_path, "--lr", "nan"},
        {"--data", data_path, "--out", net_path, "--lambda", "-0.1"},
        {"--data", data_path, "--out", net_path, "--threads", "0"},
        {"--data", data_path, "--out", net_path, "--validation", "1"},
        {"--data", data_path, "--out", net_path, "--decay-epoch", "-2"},
        {"--data", data_path, "--out", net_path, "--batch", ""},
        {"--data", data_path + ",", "--out", net_path},
        {"--data", data_path, "--out", net_path, "--fast"},
        {"--data", data_path, "--out", net_path, "--init", ""},
        {"--data", data_path, "--out", (dir / "sen_no_such_dir" / "x.nnue").string()},
        {"--data", data_path, "--out", net_path, "--checkpoint", ""},
        {"--data", data_path, "--out", net_path, "--checkpoint", (dir / "sen_no_such_dir" / "x.ckpt").string()},
        {"--data", data_path, "--evaluate"},
        {"--init", "<built-in>", "--evaluate"},
        {"--data", data_path, "--init", "<built-in>", "--evaluate", "--out", net_path},
        {"--data", data_path, "--init", "<built-in>", "--evaluate", "--checkpoint", net_path},
    };
    for (const std::vector<std::string>& args : bad) {
        std::string joined;
        for (const std::string& a : args) joined += a + " ";
        INFO("arguments: " << joined);
        CHECK(run_nnue_train_command(args) == 2);
    }
    CHECK(run_nnue_train_command({"--data", data_path + ".missing", "--out", net_path}) == 1);
    CHECK(run_nnue_train_command({"--data", data_path, "--out", net_path, "--init", net_path + ".missing"}) == 1);
    CHECK(run_nnue_train_command({"--data", data_path, "--out", net_path, "--init", data_path}) == 1);  // not a network
    CHECK_FALSE(std::filesystem::exists(net_path));
    // --evaluate measures a network and writes nothing (tests/scripts/test_train_round.py checks
    // its number against the trainer's epoch-0 loss).
    CHECK(run_nnue_train_command({"--data", data_path, "--init", "<built-in>", "--evaluate", "--lambda", "0"}) == 0);
    CHECK(run_nnue_train_command({"--data", data_path + ".missing", "--init", "<built-in>", "--evaluate"}) == 1);
    CHECK(run_nnue_train_command({"--data", data_path, "--init", "<built-in>", "--evaluate", "--min-ply", "10000"}) == 1);
    CHECK_FALSE(std::filesystem::exists(net_path));

    // --init starts from the given network: at a vanishing rate, training gives it back unchanged.
    REQUIRE(run_nnue_train_command({"--data", data_path, "--out", net_path, "--init", "<built-in>", "--epochs", "1", "--batch", "8", "--lr",
                                    "1e-9", "--lambda", "0"}) == 0);
    {
        std::ifstream in(net_path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        auto trained = std::make_unique<Network>(), built_in = std::make_unique<Network>();
        REQUIRE_FALSE(parse_network(as_bytes(bytes), *trained).has_value());
        REQUIRE_FALSE(parse_network(embedded_network_file(), *built_in).has_value());
        CHECK(trained->w1 == built_in->w1);
        CHECK(trained->b1 == built_in->b1);
        CHECK(trained->w2 == built_in->w2);
        CHECK(trained->b2 == built_in->b2);
    }
    // The same from a file, at a real rate: the network moves away from where it started.
    const std::string init_path = net_path + ".init";
    std::filesystem::copy_file(net_path, init_path, std::filesystem::copy_options::overwrite_existing);
    REQUIRE(run_nnue_train_command({"--data", data_path, "--out", net_path, "--init", init_path, "--epochs", "1", "--batch", "8", "--lr",
                                    "0.01", "--lambda", "0"}) == 0);
    {
        std::ifstream in(net_path, std::ios::binary), start(init_path, std::ios::binary);
        const std::string trained((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string initial((std::istreambuf_iterator<char>(start)), std::istreambuf_iterator<char>());
        CHECK(trained.size() == initial.size());
        CHECK(trained != initial);
    }
    std::filesystem::remove(init_path);
    std::filesystem::remove(net_path);

    REQUIRE(run_nnue_train_command({"--data", data_path, "--out", net_path, "--epochs", "2", "--batch", "8", "--lambda", "0.7", "--threads",
                                    "2", "--seed", "5", "--validation", "0.2", "--decay-epoch", "2"}) == 0);
    std::ifstream in(net_path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto net = std::make_unique<Network>();
    CHECK_FALSE(parse_network(as_bytes(bytes), *net).has_value());
    std::filesystem::remove(data_path);
    std::filesystem::remove(net_path);
}

// Widening: a plain chess network of 32 neurons made one of 64.
using Narrow = ChessFeatureSet<0, 32>;
using Wide = ChessFeatureSet<0, 64>;
using WideNetwork = nn::Network<Wide>;
using NarrowAsWide = nn::WithHidden<Wide, Narrow::HIDDEN>;

// A narrow network with weights in a trained network's range (random int16 output weights would
// let the first neurons' sums wrap, which says nothing about widening).
template <class F>
std::unique_ptr<nn::Network<F>> trained_range_network(std::uint64_t seed) {
    SplitMix64 rng(seed);
    const auto in = [&](int limit) { return std::int16_t(int(rng.next() % std::uint64_t(2 * limit + 1)) - limit); };
    auto net = std::make_unique<nn::Network<F>>();
    for (std::int16_t& w : net->w1) w = in(300);
    for (std::int16_t& b : net->b1) b = in(200);
    for (std::int16_t& w : net->w2) w = in(126);
    net->b2.fill(in(5000));
    return net;
}

TEST_CASE("A network widened to more neurons evaluates every position exactly as before", "[nnue]") {
    const auto narrow = trained_range_network<NarrowAsWide>(61);
    const auto wide = nn::widened<Wide, Narrow::HIDDEN>(*narrow, 62);
    // The new neurons have first-layer weights (so that training can use them), no output weight.
    int new_rows_nonzero = 0;
    for (int feature = 0; feature < Wide::INPUTS; ++feature)
        for (int h = Narrow::HIDDEN; h < Wide::HIDDEN; ++h)
            new_rows_nonzero += wide->w1[std::size_t(feature) * Wide::HIDDEN + std::size_t(h)] != 0;
    CHECK(new_rows_nonzero > Wide::INPUTS * (Wide::HIDDEN - Narrow::HIDDEN) / 2);
    for (int h = Narrow::HIDDEN; h < Wide::HIDDEN; ++h) {
        CHECK(wide->w2[std::size_t(h)] == 0);
        CHECK(wide->w2[std::size_t(Wide::HIDDEN + h)] == 0);
    }

    // The narrow network as its own type, byte for byte, evaluates as the widened one.
    const std::string narrow_bytes = nn::serialise_network(*narrow);
    auto as_narrow = std::make_unique<nn::Network<Narrow>>();
    REQUIRE_FALSE(nn::parse_network(as_bytes(narrow_bytes), *as_narrow));
    int compared = 0, nonzero = 0;
    for (const std::string& fen : random_game_fens(63, 6, 80)) {
        const Position pos = test::position_from(fen);
        INFO("FEN: " << fen);
        const int expected = nn::evaluate_fresh(pos, *as_narrow);
        REQUIRE(nn::evaluate_fresh(pos, *wide) == expected);
        nonzero += expected != 0;
        ++compared;
    }
    CHECK(compared > 200);
    CHECK(nonzero > compared / 2);

    // Its first gradient reaches the new neurons' output weights: they are active on these positions.
    std::vector<nn::TrainPosition<Wide>> positions;
    for (const std::string& fen : random_game_fens(64, 4, 40)) {
        const Position pos = test::position_from(fen);
        const double balance = material_balance(pos);
        const auto p = nn::train_position_of<Wide>(pos, balance > 0 ? 1.0 : balance < 0 ? 0.0 : 0.5, int(balance));
        REQUIRE(p);
        positions.push_back(*p);
    }
    nn::FloatNetwork<Wide> gradient;
    nn::loss_and_gradient(nn::dequantise(*wide), std::span<const nn::TrainPosition<Wide>>(positions), 0.0, gradient);
    int new_output_gradients = 0;
    for (int h = Narrow::HIDDEN; h < Wide::HIDDEN; ++h) new_output_gradients += gradient.w2[std::size_t(h)] != 0.0f;
    CHECK(new_output_gradients > (Wide::HIDDEN - Narrow::HIDDEN) / 2);
}

TEST_CASE("nnue-train --init widens a narrower network and refuses a wider one", "[nnue]") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(std::random_device{}());
    const std::string narrow_path = (dir / ("sen_test_widen_in_" + tag + ".nnue")).string();
    const std::string out_path = (dir / ("sen_test_widen_out_" + tag + ".nnue")).string();
    const auto write = [](const std::string& path, const std::string& bytes) {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), std::streamsize(bytes.size()));
    };
    const auto narrow = trained_range_network<NarrowAsWide>(71);
    write(narrow_path, nn::serialise_network(*narrow));
    const auto no_data = [](const auto&, double, double, std::uint64_t, auto&, bool) -> std::optional<std::string> {
        return "no data in this test";
    };
    REQUIRE(nn::run_train_command<Wide>({"--init", narrow_path, "--epochs", "0", "--out", out_path, "--seed", "9"}, {}, no_data) == 0);
    auto written = std::make_unique<WideNetwork>();
    REQUIRE_FALSE(nn::read_network_file(out_path, *written));
    const auto expected = nn::widened<Wide, Narrow::HIDDEN>(*narrow, 9);
    CHECK(written->w1 == expected->w1);
    CHECK(written->b1 == expected->b1);
    CHECK(written->w2 == expected->w2);
    CHECK(written->b2 == expected->b2);
    std::filesystem::remove(out_path);

    // A wider network is not narrowed: the 64-neuron file given to a 32-neuron trainer.
    write(narrow_path, nn::serialise_network(*written));
    CHECK(nn::run_train_command<Narrow>({"--init", narrow_path, "--epochs", "0", "--out", out_path}, {}, no_data) == 1);
    CHECK_FALSE(std::filesystem::exists(out_path));
    std::filesystem::remove(narrow_path);
}

}  // namespace sen::chess::nnue
