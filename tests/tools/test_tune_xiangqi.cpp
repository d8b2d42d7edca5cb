// Tests of the tuner (tune.cpp) on the xiangqi evaluation: a trace recomputes evaluate()
// exactly (the linear model the fit rests on), the fit moves towards the weights that made a
// synthetic set's results and keeps the piece-square tables left-right symmetric, a short fit on
// Sen's own xiangqi games lowers the error, and the generated source holds every weight.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tools/datagen.h"
#include "tools/perft_suite.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"
#include "tools/tune.h"
#include "tune_test_util.h"
#include "xiangqi/bench_positions.h"
#include "xiangqi/eval.h"
#include "xiangqi/eval_tuning.h"
#include "xiangqi/game.h"
#include "xiangqi/test_util.h"

using sen::Score;
using sen::TuneOptions;
using sen::TuneSet;
using sen::TuneWeights;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

// The positions of the quick perft suite, the bench and random games from the test starts.
std::vector<Position> sample_positions(unsigned seed, int games_per_start, int plies) {
    std::vector<Position> positions;
    std::vector<std::string> errors;
    for (const sen::PerftCase& c : sen::load_perft_suite(std::string(SEN_SOURCE_DIR) + "/perft-suites/xiangqi-quick.epd", errors))
        positions.push_back(position_from(c.fen));
    REQUIRE(errors.empty());
    for (const std::string_view fen : BENCH_FENS) positions.push_back(position_from(fen));
    std::mt19937 rng(seed);
    for (const std::string& start : random_game_starts()) {
        for (int g = 0; g < games_per_start; ++g) {
            Position pos = position_from(start);
            for (int ply = 0; ply < plies; ++ply) {
                positions.push_back(pos);
                const Move m = random_legal_move(pos, rng);
                if (!m) break;
                pos.make_move(m);
            }
        }
    }
    return positions;
}

// Every S(mg, eg) of a generated source, in the order written.
std::vector<Score> written_weights(const std::string& text) {
    std::vector<Score> out;
    const std::regex pair(R"(S\(\s*(-?\d+),\s*(-?\d+)\))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), pair); it != std::sregex_iterator(); ++it)
        out.emplace_back(std::stoi((*it)[1]), std::stoi((*it)[2]));
    return out;
}

// Four games of Sen against itself (the lines `sen datagen --variant xiangqi` writes), made once.
const std::string& self_play_lines() {
    static const std::string lines = [] {
        sen::DatagenOptions options;
        options.games = 4;
        options.nodes = 300;
        options.seed = 3;
        std::ostringstream data;
        const sen::DatagenStats stats = sen::run_datagen<XiangqiGame>(options, data);
        REQUIRE(stats.positions >= 200);
        return data.str();
    }();
    return lines;
}

}  // namespace

TEST_CASE("xiangqi tune: a trace recomputes evaluate() exactly", "[xiangqi][tune]") {
    int checked = 0;
    bool saw_safety = false, saw_cannon_targets = false;
    for (const Position& pos : sample_positions(21, 4, 100)) {
        INFO("FEN: " << pos.fen());
        EvalTrace trace;
        const int white = evaluate_traced(pos, trace);
        const int stm = evaluate(pos);
        REQUIRE(stm == (pos.side_to_move() == sen::Color::White ? white : -white));
        REQUIRE(trace_eval(trace, DEFAULT_WEIGHTS) == white);
        REQUIRE(trace.phase >= 0);
        REQUIRE(trace.phase <= PHASE_MAX);
        // Each side's general has one piece-square entry; the tempo goes to the side to move.
        int generals = 0;
        for (int i = term::psqt(GENERAL); i < term::psqt(GENERAL) + SQUARE_NB; ++i) generals += std::abs(trace.count[i]);
        REQUIRE(generals <= 2);
        REQUIRE(trace.count[term::TEMPO] == (pos.side_to_move() == sen::Color::White ? 1 : -1));
        for (int i = term::MISSING_ADVISOR; i < term::TEMPO; ++i) saw_safety |= trace.count[i] != 0;
        saw_cannon_targets |= trace.count[term::CANNON_TARGETS] != 0;
        ++checked;
    }
    CHECK(checked > 2000);
    CHECK(saw_safety);
    CHECK(saw_cannon_targets);
}

TEST_CASE("xiangqi tune: the tuner fits a synthetic set and keeps the tables symmetric", "[xiangqi][tune]") {
    // Results from a different "true" evaluation (horses worth more, a larger tempo): the fit
    // must move towards it.
    EvalWeights truth = DEFAULT_WEIGHTS;
    truth[term::MATERIAL + HORSE - SOLDIER] = Score(520, 560);
    truth[term::TEMPO] = Score(60, 40);
    constexpr double K = 0.006;
    const TuneSet set = sen::tune_test::synthetic_set<EvalTrace>(sample_positions(22, 3, 60), truth, K);
    REQUIRE(set.occurrences.size() == std::size_t(term::COUNT));
    const TuneWeights start = TuneWeights::from(DEFAULT_WEIGHTS);
    TuneOptions options;
    options.epochs = 300;
    options.tie = sen::weight_ties(WEIGHT_LAYOUT);
    const double before = sen::mean_squared_error(set, start, K);
    const TuneWeights fitted = sen::fit_weights(set, start, K, options);
    const double after = sen::mean_squared_error(set, fitted, K);
    CHECK(after < before * 0.5);
    CHECK(fitted.mg[term::TEMPO] > start.mg[term::TEMPO]);
    CHECK(fitted.mg[term::MATERIAL + HORSE - SOLDIER] > start.mg[term::MATERIAL + HORSE - SOLDIER]);
    // The soldier's middlegame value is pinned; a term that never occurs keeps its value (an
    // advisor never stands on a1, nor on its mirror i1).
    CHECK(fitted.mg[term::MATERIAL] == start.mg[term::MATERIAL]);
    const int never = term::psqt(ADVISOR) + SQ_A1;
    REQUIRE(set.occurrences[never] == 0);
    REQUIRE(set.occurrences[term::psqt(ADVISOR) + SQ_I1] == 0);
    CHECK(fitted.mg[never] == start.mg[never]);
    CHECK(fitted.eg[never] == start.eg[never]);

    SECTION("Every point of a piece-square table keeps the value of its left-right mirror") {
        int moved = 0;
        for (int pt = SOLDIER; pt <= GENERAL; ++pt)
            for (int s = 0; s < SQUARE_NB; ++s) {
                const int i = term::psqt(PieceType(pt)) + s;
                const int mirror = term::psqt(PieceType(pt)) + make_square(8 - file_of(Square(s)), rank_of(Square(s)));
                REQUIRE(fitted.mg[i] == fitted.mg[mirror]);
                REQUIRE(fitted.eg[i] == fitted.eg[mirror]);
                moved += fitted.mg[i] != start.mg[i];
            }
        CHECK(moved > 50);
    }
    SECTION("Without ties the tables lose their symmetry") {
        // The check above can fail: random games are not symmetric, so free weights drift apart.
        options.tie.clear();
        const TuneWeights free = sen::fit_weights(set, start, K, options);
        bool asymmetric = false;
        for (int s = 0; s < SQUARE_NB; ++s) {
            const int i = term::psqt(HORSE) + s, mirror = term::psqt(HORSE) + make_square(8 - file_of(Square(s)), rank_of(Square(s)));
            asymmetric |= free.mg[i] != free.mg[mirror];
        }
        CHECK(asymmetric);
    }
    SECTION("Normalising changes no evaluation and keeps the symmetry") {
        TuneWeights normalised = fitted;
        sen::normalise(normalised, set, WEIGHT_LAYOUT);
        for (const sen::TuneEntry& e : set.entries)
            REQUIRE(sen::model_eval(set, e, normalised) == Approx(sen::model_eval(set, e, fitted)).margin(1e-6));
        for (std::size_t i = 0; i < options.tie.size(); ++i) REQUIRE(normalised.mg[i] == normalised.mg[options.tie[i]]);
        CHECK(normalised.mg[term::MATERIAL] == start.mg[term::MATERIAL]);
    }
}

TEST_CASE("xiangqi tune: a short fit on Sen's own games lowers the error", "[xiangqi][tune]") {
    TuneSet set;
    std::istringstream lines(self_play_lines());
    std::string line;
    std::size_t count = 0;
    while (std::getline(lines, line)) {
        sen::DataRecord record;
        REQUIRE(sen::parse_record(line, record));
        const Position pos = position_from(record.fen);
        EvalTrace trace;
        evaluate_traced(pos, trace);
        set.add(trace, record.result);
        ++count;
    }
    REQUIRE(set.entries.size() == count);

    const TuneWeights start = TuneWeights::from(DEFAULT_WEIGHTS);
    // K as the checked-in table was fitted (docs/xiangqi.md). Fitting K to four games can give
    // about 0 (when the table happens to disagree with their results), and at K = 0 the sigmoid is
    // flat and no fit can move.
    const double k = 0.0026;
    TuneOptions tune;
    tune.epochs = 100;
    tune.tie = sen::weight_ties(WEIGHT_LAYOUT);
    TuneWeights fitted = sen::fit_weights(set, start, k, tune);
    const double before = sen::mean_squared_error(set, start, k);
    const double after = sen::mean_squared_error(set, fitted, k);
    CHECK(after < before);
    sen::normalise(fitted, set, WEIGHT_LAYOUT);
    const EvalWeights result = fitted.rounded<EvalWeights>();
    CHECK(sen::mean_squared_error(set, TuneWeights::from(result), k) < before);

    const std::string text = sen::weights_source(result, WEIGHT_LAYOUT, "fitted\nin a test");
    CHECK(text.rfind("// fitted\n// in a test\n#include \"xiangqi/eval.h\"\n\nnamespace sen::xiangqi {\n", 0) == 0);
    for (const char* block :
         {"set(w, term::MATERIAL, {", "set(w, term::psqt(SOLDIER), {", "set(w, term::psqt(GENERAL), {", "set(w, term::MOBILITY_HORSE, {",
          "set(w, term::PALACE_PRESSURE, {", "w[term::CANNON_TARGETS] = S(", "w[term::TEMPO] = S("})
        CHECK(text.find(block) != std::string::npos);
    CHECK(text.find("constinit const EvalWeights DEFAULT_WEIGHTS = make_weights();\n\n}  // namespace sen::xiangqi\n") !=
          std::string::npos);
    // Every weight once, in index order.
    const std::vector<Score> written = written_weights(text);
    REQUIRE(written.size() == result.size());
    for (std::size_t i = 0; i < written.size(); ++i) REQUIRE(written[i] == result[i]);
}

TEST_CASE("xiangqi tune: the checked-in weights are the generator's output", "[xiangqi][tune]") {
    // src/xiangqi/eval_weights.cpp is written by `sen tune --variant xiangqi`; regenerating it
    // from the compiled table with its own header gives the same text.
    const std::string path = std::string(SEN_SOURCE_DIR) + "/src/xiangqi/eval_weights.cpp";
    const std::string text = sen::tune_test::read_text(path);
    REQUIRE_FALSE(text.empty());
    const std::string header = sen::tune_test::header_of(text);
    CHECK(header.rfind("The xiangqi evaluation weights, fitted by `sen tune --variant xiangqi`", 0) == 0);
    CHECK(sen::weights_source(DEFAULT_WEIGHTS, WEIGHT_LAYOUT, header) == text);
}

TEST_CASE("xiangqi tune: `sen tune --variant xiangqi` writes the xiangqi weight source", "[xiangqi][tune]") {
    // Four games, half of them held out (this checks the command's plumbing, not the fit).
    const std::string data_path = sen::game_test::unique_temp_path("sen_test_xiangqi_tune_data", ".txt");
    const std::string out_path = sen::game_test::unique_temp_path("sen_test_xiangqi_tune_weights", ".cpp");
    std::ofstream(data_path) << self_play_lines();
    std::remove(out_path.c_str());
    REQUIRE(sen::run_tune_command(
                {"--variant", "xiangqi", "--data", data_path, "--epochs", "5", "--validation", "0.5", "--out", out_path}) == 0);
    const std::string text = sen::tune_test::read_text(out_path);
    CHECK(text.rfind("// The xiangqi evaluation weights, fitted by `sen tune --variant xiangqi`", 0) == 0);
    CHECK(text.find("`sen datagen --variant xiangqi`") != std::string::npos);
    CHECK(text.find("namespace sen::xiangqi {") != std::string::npos);
    CHECK(written_weights(text).size() == std::size_t(term::COUNT));
    // The header says how many whole games were held out: some, not all.
    std::smatch held_out;
    REQUIRE(std::regex_search(
        text, held_out,
        std::regex(R"(\(`sen datagen --variant xiangqi`\) in 4 games, (\d) of them held out\n// for validation \(--validation 0\.5\))")));
    CHECK(std::stoi(held_out[1]) >= 1);
    CHECK(std::stoi(held_out[1]) <= 3);
    CHECK(text.find("(validation ") != std::string::npos);
    // --k fixes K instead of fitting it, and the header says so; --validation 0 fits on every game.
    REQUIRE(sen::run_tune_command({"--variant", "xiangqi", "--data", data_path, "--epochs", "5", "--k", "0.0026", "--validation", "0",
                                   "--out", out_path}) == 0);
    const std::string all_games = sen::tune_test::read_text(out_path);
    CHECK(all_games.find("// K = 0.002600 (fixed by --k);") != std::string::npos);
    CHECK(all_games.find("in 4 games, 0 of them held out") != std::string::npos);
    CHECK(all_games.find("(validation ") == std::string::npos);
    // A fraction that happens to hold out no game is refused, and so is one of 1 or more.
    CHECK(sen::run_tune_command(
              {"--variant", "xiangqi", "--data", data_path, "--epochs", "5", "--validation", "1e-9", "--out", out_path}) == 1);
    CHECK(sen::run_tune_command({"--variant", "xiangqi", "--data", data_path, "--validation", "1"}) == 2);
    CHECK(sen::run_tune_command({"--variant", "xiangqi", "--data", data_path, "--k", "-1"}) == 2);
    CHECK(sen::run_tune_command({"--variant", "xiangqi", "--data", data_path, "--k", "x"}) == 2);
    // An unknown game is refused.
    CHECK(sen::run_tune_command({"--variant", "shogi", "--data", data_path}) == 2);
    std::remove(data_path.c_str());
    std::remove(out_path.c_str());
}
