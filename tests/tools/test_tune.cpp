// Tests of the tuner (tune.cpp) and of the property it rests on: the evaluation is a linear sum
// of traced feature counts, so evaluate_traced() and a recomputation from its trace agree with
// evaluate() on every position. Also the evaluation's colour symmetry.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/eval.h"
#include "chess/eval_tuning.h"
#include "chess/test_util.h"
#include "tools/tune.h"
#include "tune_test_util.h"

namespace sen {

using namespace chess;
namespace {

// Positions from short random games from the test starts, plus the bench positions.
std::vector<Position> sample_positions(unsigned seed, int games_per_start, int plies) {
    std::vector<Position> positions;
    std::mt19937 rng(seed);
    for (const test::GameStart& start : test::random_game_starts()) {
        for (int g = 0; g < games_per_start; ++g) {
            Position pos = test::position_from(start.fen, start.chess960);
            for (int ply = 0; ply < plies; ++ply) {
                positions.push_back(pos);
                const Move m = test::random_legal_move(pos, rng);
                if (!m) break;
                pos.make_move(m);
            }
        }
    }
    for (const std::string_view fen : BENCH_FENS) positions.push_back(test::position_from(fen));
    return positions;
}

}  // namespace

TEST_CASE("A trace recomputes evaluate() exactly", "[tune]") {
    int checked = 0;
    for (const Position& pos : sample_positions(11, 6, 120)) {
        INFO("FEN: " << pos.fen());
        EvalTrace trace;
        const int white = evaluate_traced(pos, trace);
        const int stm = evaluate(pos);
        REQUIRE(stm == (pos.side_to_move() == Color::White ? white : -white));
        REQUIRE(trace_eval(trace, DEFAULT_WEIGHTS) == white);
        // Twice through evaluate(): the second call may be served by a cache.
        REQUIRE(evaluate(pos) == stm);
        ++checked;
    }
    CHECK(checked > 1000);
}

TEST_CASE("The colour-flipped position evaluates the same for the side to move", "[tune]") {
    for (const Position& pos : sample_positions(12, 4, 120)) {
        const std::string fen = pos.fen();
        const std::string flipped = test::colour_mirror(fen);
        Position mirror;
        const FenError error = mirror.set_fen(flipped, pos.is_chess960());
        INFO("FEN: " << fen << "\nmirrored: " << flipped);
        REQUIRE_FALSE(error.has_value());
        REQUIRE(evaluate(mirror) == evaluate(pos));
        EvalTrace a, b;
        REQUIRE(evaluate_traced(mirror, b) == -evaluate_traced(pos, a));
    }
}

TEST_CASE("The tuner reduces the error on a synthetic set", "[tune]") {
    // Results from a different "true" evaluation (knights worth more, a larger tempo): the fit
    // must move towards it.
    EvalWeights truth = DEFAULT_WEIGHTS;
    truth[term::MATERIAL + KNIGHT - PAWN] = Score(450, 420);
    truth[term::TEMPO] = Score(60, 40);
    constexpr double K = 0.006;
    const TuneSet set = tune_test::synthetic_set<EvalTrace>(sample_positions(13, 3, 60), truth, K);
    const TuneWeights start = TuneWeights::from(DEFAULT_WEIGHTS);
    TuneOptions options;
    options.epochs = 300;
    const double before = mean_squared_error(set, start, K);
    const TuneWeights fitted = fit_weights(set, start, K, options);
    const double after = mean_squared_error(set, fitted, K);
    CHECK(after < before * 0.5);
    CHECK(fitted.mg[term::TEMPO] > start.mg[term::TEMPO]);
    // The pawn's middlegame value is pinned; a term that never occurs keeps its value.
    CHECK(fitted.mg[term::MATERIAL] == start.mg[term::MATERIAL]);
    REQUIRE(set.occurrences[term::MATERIAL + KING - PAWN] == 0);
    CHECK(fitted.mg[term::MATERIAL + KING - PAWN] == start.mg[term::MATERIAL + KING - PAWN]);
    CHECK(fitted.eg[term::PSQT + PAWN * 64 + SQ_A1] == start.eg[term::PSQT + PAWN * 64 + SQ_A1]);

    SECTION("K is found near the one that made the results") { CHECK(find_k(set, TuneWeights::from(truth)) == Approx(K).epsilon(0.01)); }
    SECTION("Normalising changes no evaluation") {
        TuneWeights normalised = fitted;
        normalise(normalised, set, chess::WEIGHT_LAYOUT);
        for (const TuneEntry& e : set.entries) REQUIRE(model_eval(set, e, normalised) == Approx(model_eval(set, e, fitted)).margin(1e-6));
    }
    SECTION("Fitting only some blocks leaves every other weight as it was") {
        TuneOptions only_tempo = options;
        only_tempo.only = {{term::TEMPO, term::TEMPO + 1}};
        const TuneWeights partial = fit_weights(set, start, K, only_tempo);
        CHECK(partial.mg[term::TEMPO] > start.mg[term::TEMPO]);
        for (int i = 0; i < term::COUNT; ++i) {
            if (i == term::TEMPO) continue;
            REQUIRE(partial.mg[std::size_t(i)] == start.mg[std::size_t(i)]);
            REQUIRE(partial.eg[std::size_t(i)] == start.eg[std::size_t(i)]);
        }
        CHECK(mean_squared_error(set, partial, K) < before);
    }
    SECTION("Early stopping returns the weights with the least validation error") {
        const TuneWeights best = fit_weights(set, start, K, options, &set);
        CHECK(mean_squared_error(set, best, K) <= after + 1e-12);
    }
}

TEST_CASE("The generated weight source holds every family", "[tune]") {
    const std::string text = weights_source(DEFAULT_WEIGHTS, chess::WEIGHT_LAYOUT, "line one\nline two");
    CHECK(text.rfind("// line one\n// line two\n#include \"chess/eval.h\"", 0) == 0);
    const Score tempo = DEFAULT_WEIGHTS[term::TEMPO];
    CHECK(text.find("w[term::TEMPO] = S(" + std::to_string(tempo.mg()) + ", " + std::to_string(tempo.eg()) + ");") != std::string::npos);
    for (const char* block : {"set(w, term::MATERIAL, {", "set(w, term::PSQT + KING * 64, {", "set(w, term::MOBILITY_QUEEN, {",
                              "set(w, term::THREAT_BY_ROOK, {"})
        CHECK(text.find(block) != std::string::npos);
    CHECK(text.find("DEFAULT_WEIGHTS = make_weights();") != std::string::npos);
}

TEST_CASE("The checked-in chess weights are the generator's output", "[tune]") {
    // src/chess/eval_weights.cpp is written by `sen tune`; regenerating it from the compiled table with
    // its own header gives the same text, so the generator still writes what the engine reads.
    const std::string text = tune_test::read_text(std::string(SEN_SOURCE_DIR) + "/src/chess/eval_weights.cpp");
    REQUIRE_FALSE(text.empty());
    const std::string header = tune_test::header_of(text);
    CHECK(header.rfind("The evaluation weights, fitted by `sen tune`", 0) == 0);
    CHECK(weights_source(DEFAULT_WEIGHTS, chess::WEIGHT_LAYOUT, header) == text);
}

}  // namespace sen
