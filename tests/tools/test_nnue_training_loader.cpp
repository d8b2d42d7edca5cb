// Tests of the trainer's position filter (nnue_training_loader.h): which records it skips (early
// plies, in check, decided scores), how it counts them, that without it every record loads, and
// that with clip_decided decided positions are kept with their scores clipped.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "game_test_util.h"
#include "tools/nnue_train.h"

namespace sen::nn {
namespace {

TEST_CASE("The position filter skips early plies, checks and decided scores, each counted once", "[nnue][filter]") {
    const std::string path = game_test::unique_temp_path("sen_test_filter", ".txt");
    {
        std::ofstream out(path);
        out << "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 0.5 | 20\n"  // ply 4: early
            << "4k3/8/8/8/8/8/4P3/4K2r w - - 0 20 | 0.0 | -300\n"                               // ply 38, in check
            << "4k3/8/8/8/8/8/4P3/r3K3 w - - 0 8 | 0.0 | -2500\n"                               // ply 14: early and in check and decided
            << "4k3/8/8/8/8/8/3QP3/4K3 b - - 0 20 | 1.0 | 2000\n"                               // decided, at the limit
            << "4k3/8/8/8/8/8/3QP3/4K3 w - - 0 21 | 1.0 | -2000\n"                              // decided, either way
            << "4k3/8/8/8/8/8/3QP3/4K3 b - - 0 21 | 1.0 | 1999\n"                               // kept
            << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 9 | 0.5 | 0\n"                                    // ply 16: kept
            << "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30 | 0.5\n";                                      // no score: kept (lambda 1)
    }
    chess::nnue::TrainingData filtered;
    filtered.filter = PositionFilter::recommended();
    REQUIRE(filtered.filter.min_ply == 16);
    REQUIRE(filtered.filter.skip_in_check);
    REQUIRE(filtered.filter.max_abs_score == 2000);
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, filtered).has_value());
    CHECK(filtered.early == 2);
    CHECK(filtered.in_check == 1);
    CHECK(filtered.decided == 2);
    CHECK(filtered.train.size() == 3);
    CHECK(filtered.lines == 8);
    CHECK(filtered.bad_lines == 0);

    // Without the filter (the default of the loading function), everything loads.
    chess::nnue::TrainingData all;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, all).has_value());
    CHECK(all.early + all.in_check + all.decided == 0);
    CHECK(all.train.size() == 8);

    // Each part on its own.
    chess::nnue::TrainingData checks_only;
    checks_only.filter.skip_in_check = true;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, checks_only).has_value());
    CHECK(checks_only.in_check == 2);
    CHECK(checks_only.train.size() == 6);
    chess::nnue::TrainingData decided_only;
    decided_only.filter.max_abs_score = 2500;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, decided_only).has_value());
    CHECK(decided_only.decided == 1);
    CHECK(decided_only.train.size() == 7);

    // Clipped instead of skipped: the two decided positions past the early plies and checks are
    // kept, their scores at the limit, from the side to move's view; the others as they were.
    chess::nnue::TrainingData clipped;
    clipped.filter = PositionFilter::recommended();
    clipped.filter.clip_decided = true;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, clipped).has_value());
    CHECK(clipped.decided == 0);
    CHECK(clipped.early == 2);
    CHECK(clipped.in_check == 1);
    CHECK(clipped.clipped == 0);  // 2000 and -2000 are at the limit, not past it
    REQUIRE(clipped.train.size() == 5);
    CHECK(clipped.train[0].score == -2000);  // black to move, White's +2000
    CHECK(clipped.train[1].score == -2000);
    CHECK(clipped.train[2].score == -1999);
    chess::nnue::TrainingData clipped_lower = clipped;
    clipped_lower.train.clear();
    clipped_lower.filter.max_abs_score = 1000;
    REQUIRE_FALSE(nn::load_game_data<chess::ChessGame>({path}, 1.0, 0.0, 1, clipped_lower).has_value());
    CHECK(clipped_lower.clipped == 3);
    REQUIRE(clipped_lower.train.size() == 5);
    CHECK(clipped_lower.train[0].score == -1000);
    CHECK(clipped_lower.train[1].score == -1000);
    CHECK(clipped_lower.train[2].score == -1000);
    CHECK(clipped_lower.train[3].score == 0);
    std::remove(path.c_str());
}

}  // namespace
}  // namespace sen::nn
