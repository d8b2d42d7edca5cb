// Tests of the chess evaluation (eval.h) beyond the totals that test_tune.cpp checks: colour
// symmetry feature by feature, the start position worth exactly the tempo bonus, material
// ordering, the endgame scaling of drawish material, blend() and the report text.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/eval.h"
#include "chess/test_util.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

EvalTrace trace_of(const Position& pos) {
    EvalTrace t;
    evaluate_traced(pos, t);
    return t;
}

}  // namespace

TEST_CASE("Eval: the colour mirror has every feature count negated", "[eval]") {
    std::vector<Position> positions;
    for (const std::string_view fen : BENCH_FENS) positions.push_back(position_from(fen));
    std::mt19937 rng(77);
    for (const GameStart& start : random_game_starts()) {
        if (start.chess960) continue;
        for (int g = 0; g < 4; ++g) {
            Position pos = position_from(start.fen);
            for (int ply = 0; ply < 100; ++ply) {
                if (ply % 7 == 3) positions.push_back(position_from(pos.fen()));
                const Move m = random_legal_move(pos, rng);
                if (!m) break;
                pos.make_move(m);
            }
        }
    }
    REQUIRE(positions.size() > 300);
    for (const Position& pos : positions) {
        const std::string mirrored_fen = colour_mirror(pos.fen());
        const Position mirror = position_from(mirrored_fen);
        INFO(pos.fen() << "\nmirror: " << mirrored_fen);
        // Mirroring twice gives the position back.
        REQUIRE(colour_mirror(mirrored_fen) == pos.fen());
        EvalTrace a, b;
        const int white = evaluate_traced(pos, a);
        CHECK(evaluate_traced(mirror, b) == -white);
        CHECK(evaluate(mirror) == evaluate(pos));
        CHECK(a.phase == b.phase);
        CHECK(a.eg_scale == b.eg_scale);
        for (int i = 0; i < term::COUNT; ++i) {
            INFO("term " << i);
            REQUIRE(b.count[i] == -a.count[i]);
        }
    }
}

TEST_CASE("Eval: the start position is worth the tempo bonus", "[eval]") {
    // Every feature but the tempo occurs equally for both sides, at full phase.
    const Position start;
    const EvalTrace t = trace_of(start);
    CHECK(t.phase == PHASE_MAX);
    CHECK(t.eg_scale == 64);
    for (int i = 0; i < term::COUNT; ++i) {
        INFO("term " << i);
        CHECK(t.count[i] == (i == term::TEMPO ? 1 : 0));
    }
    CHECK(evaluate(start) == DEFAULT_WEIGHTS[term::TEMPO].mg());
    const Position black_to_move = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    CHECK(evaluate(black_to_move) == DEFAULT_WEIGHTS[term::TEMPO].mg());
}

TEST_CASE("Eval: more material is better, the more the better", "[eval]") {
    // The start position with one black piece taken away; White to move, then Black.
    const std::vector<std::pair<const char*, const char*>> missing = {
        {"queen", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},  {"rook", "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
        {"bishop", "rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}, {"knight", "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
        {"pawn", "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
    };
    std::vector<int> white_view, black_view;
    for (const auto& [name, board] : missing) {
        white_view.push_back(evaluate(position_from(std::string(board) + " w KQk - 0 1")));
        black_view.push_back(evaluate(position_from(std::string(board) + " b KQk - 0 1")));
        INFO(name << ": " << white_view.back() << " for White to move, " << black_view.back() << " for Black");
    }
    const int level = evaluate(Position());
    INFO("queen, rook, bishop, knight, pawn: " << white_view[0] << " " << white_view[1] << " " << white_view[2] << " " << white_view[3]
                                               << " " << white_view[4] << "; start " << level);
    CHECK(white_view[0] > white_view[1]);
    CHECK(white_view[1] > white_view[2]);
    CHECK(white_view[1] > white_view[3]);
    CHECK(white_view[2] > white_view[4]);
    CHECK(white_view[3] > white_view[4]);
    CHECK(white_view[4] > level);
    // Seen from the side that lacks the piece, it is as bad.
    for (std::size_t i = 0; i < missing.size(); ++i) CHECK(black_view[i] < -level);
    CHECK(black_view[0] < black_view[1]);
    CHECK(black_view[1] < black_view[3]);
    CHECK(black_view[3] < black_view[4]);
    // A piece is worth more than a pawn by a wide margin, a queen more than a rook and a minor.
    CHECK(white_view[3] - level > 2 * (white_view[4] - level));
    CHECK(white_view[0] - level > white_view[1] - level + 200);
}

TEST_CASE("Eval: drawish endgames are scaled down", "[eval]") {
    struct Case {
        const char* fen;
        int scale;
        const char* why;
    };
    const std::vector<Case> cases = {
        {"8/8/4k3/8/8/3BK3/8/8 w - - 0 1", 0, "a lone bishop cannot win"},
        {"8/8/4k3/8/8/3NK3/8/8 b - - 0 1", 0, "a lone knight cannot win"},
        {"8/8/4k3/8/8/4K3/8/1n6 w - - 0 1", 0, "the same for Black"},
        {"8/8/2b1k3/8/8/3NK3/8/8 w - - 0 1", 0, "minor against minor"},
        {"8/8/2b1k3/8/8/3RK3/8/8 w - - 0 1", 16, "rook against bishop, no pawns"},
        {"8/8/2r1k3/8/8/3RK3/8/8 w - - 0 1", 16, "rook against rook, no pawns"},
        {"8/p7/2b1k3/8/8/3RK3/8/8 w - - 0 1", 16, "the weaker side's pawns do not help the stronger side"},
        {"8/8/4k3/8/8/3RK3/8/8 w - - 0 1", 64, "a rook mates"},
        {"8/8/4k3/8/8/3QK3/8/8 b - - 0 1", 64, "a queen mates"},
        {"8/8/4k3/8/8/3BK3/4P3/8 w - - 0 1", 64, "a pawn may promote"},
        {"4k3/p2b4/8/8/8/8/P1PB4/4K3 w - - 0 1", 24, "opposite-coloured bishops alone"},
        {"4k2r/p2b4/8/8/8/8/P1PB4/4K2R w - - 0 1", 48, "opposite-coloured bishops with rooks"},
        {"4k3/p3b3/8/8/8/8/P1PB4/4K3 w - - 0 1", 64, "bishops of the same colour"},
    };
    for (const Case& c : cases) {
        INFO(c.fen << ": " << c.why);
        const Position pos = position_from(c.fen);
        CHECK(trace_of(pos).eg_scale == c.scale);
    }
    // Scale 0 leaves only the middlegame part, weighed by the phase: a lone minor piece is worth
    // little, a lone rook a lot.
    const int bishop = evaluate(position_from("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"));
    const int rook = evaluate(position_from("8/8/4k3/8/8/3RK3/8/8 w - - 0 1"));
    CHECK(std::abs(bishop) < 40);
    CHECK(rook > 300);
}

TEST_CASE("Eval: blend tapers between the middlegame and the scaled endgame", "[eval]") {
    CHECK(blend(300, -100, PHASE_MAX, 64) == 300);
    CHECK(blend(300, -100, PHASE_MAX, 0) == 300);
    CHECK(blend(300, -100, 0, 64) == -100);
    CHECK(blend(300, -100, 0, 32) == -50);
    CHECK(blend(300, -100, 0, 0) == 0);
    CHECK(blend(300, -100, PHASE_MAX / 2, 64) == 100);
    CHECK(blend(-300, 500, PHASE_MAX / 2, 16) == -87);  // (-300 * 12 + 500 / 4 * 12) / 24, rounded towards zero
}

TEST_CASE("Eval: the report states phase, scale and both points of view", "[eval]") {
    const Position black = position_from("8/8/2b1k3/8/8/3RK3/8/8 b - - 0 1");
    const int stm = evaluate(black);
    const std::string report = eval_report(black);
    CHECK(report == "phase 3/24, endgame scale 16/64\nevaluation " + std::to_string(-stm) + " cp (White's view), " + std::to_string(stm) +
                        " cp (side to move)\n");
    CHECK(eval_report(Position()) == "phase 24/24, endgame scale 64/64\nevaluation " + std::to_string(evaluate(Position())) +
                                         " cp (White's view), " + std::to_string(evaluate(Position())) + " cp (side to move)\n");
}
