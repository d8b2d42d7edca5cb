// Tests of xiangqi/movegen.h: each piece's rules on hand-made positions with their exact move
// lists (the lists agree with Fairy-Stockfish's `go perft 1`), pins by chariots, cannon
// screens, horse legs and the facing generals, check evasions, the Noisy/Quiet split,
// is_legal, and agreement with the independent reference generator along random games.
#include <catch2/catch.hpp>

#include "xiangqi/test_util.h"

using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

// The generator's list, which must also be the reference generator's.
void check_moves(const char* fen, std::vector<std::string> expected) {
    const Position pos = position_from(fen);
    INFO(fen);
    CHECK(legal_move_texts(pos) == sorted(expected));
    CHECK(ref_legal_move_texts(pos) == sorted(expected));
    CHECK(count_legal_moves(pos) == expected.size());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Movement rules

TEST_CASE("xiangqi start position: 44 moves", "[xiangqi][movegen]") {
    const Position pos;
    CHECK(count_legal_moves(pos) == 44);
    CHECK(moves_from(pos, "b1") == sorted({"b1a3", "b1c3"}));
    CHECK(moves_from(pos, "c1") == sorted({"c1a3", "c1e3"}));
    CHECK(moves_from(pos, "d1") == sorted({"d1e2"}));
    CHECK(moves_from(pos, "e1") == sorted({"e1e2"}));
    CHECK(moves_from(pos, "a1") == sorted({"a1a2", "a1a3"}));
    CHECK(moves_from(pos, "a4") == sorted({"a4a5"}));
    // The cannon slides to any empty point and takes the b10 horse over the b8 cannon.
    CHECK(moves_from(pos, "b3") ==
          sorted({"b3b2", "b3a3", "b3c3", "b3d3", "b3e3", "b3f3", "b3g3", "b3b4", "b3b5", "b3b6", "b3b7", "b3b10"}));
}

TEST_CASE("xiangqi horse: a piece on the leg blocks both moves through it", "[xiangqi][movegen]") {
    // Horse e5: legs e6 (own soldier) and d5 (enemy soldier) are blocked, f5 and e4 are open.
    const Position pos = position_from("5k3/9/9/9/4P4/3pN4/9/9/9/3K5 w - - 0 1");
    CHECK(moves_from(pos, "e5") == sorted({"e5d3", "e5f3", "e5g4", "e5g6"}));
    check_moves("5k3/9/9/9/4P4/3pN4/9/9/9/3K5 w - - 0 1", {"d1d2", "d1e1", "e5d3", "e5f3", "e5g4", "e5g6", "e6d6", "e6e7", "e6f6"});
    // On the back rank: the a1 leg leads off the board, the c1 leg is blocked by the elephant.
    const Position edge = position_from("3k2bn1/9/9/9/9/9/9/9/4K4/1NB6 w - - 0 1");
    CHECK(moves_from(edge, "b1") == sorted({"b1a3", "b1c3"}));
}

TEST_CASE("xiangqi elephant: two points diagonally, blocked eye, never across the river", "[xiangqi][movegen]") {
    // e3: eye f2 is the own general (g1 blocked), d4 holds an enemy horse (c5 is own anyway);
    // c5 on the river bank cannot go to a7 or e7.
    const Position pos = position_from("2bk5/9/4b4/9/9/2B6/3n5/4B4/5K3/9 w - - 0 1");
    CHECK(moves_from(pos, "e3") == sorted({"e3c1", "e3g5"}));
    CHECK(moves_from(pos, "c5") == sorted({"c5a3"}));
    check_moves("2bk5/9/4b4/9/9/2B6/3n5/4B4/5K3/9 w - - 0 1", {"c5a3", "e3c1", "e3g5", "f2f1"});
}

TEST_CASE("xiangqi advisor and general: one step, inside the palace", "[xiangqi][movegen]") {
    check_moves("3k1a3/4a4/9/9/7P1/9/9/9/4A4/3AK4 w - - 0 1", {"e1f1", "e2d3", "e2f1", "e2f3", "h6g6", "h6h7", "h6i6"});
    // A general in the palace corner has two steps, and none leaves the palace.
    check_moves("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", {"f1e1", "f1f2"});
}

TEST_CASE("xiangqi cannon: slides like a chariot, captures over exactly one screen", "[xiangqi][movegen]") {
    const Position pos = position_from("9/5k1r1/9/4p2n1/4P4/4C2C1/9/9/3K5/9 w - - 0 1");
    // e5 takes e7 over the e6 soldier; h5 takes h9 over the h7 horse, not h7 itself.
    CHECK(moves_from(pos, "e5") == sorted({"e5a5", "e5b5", "e5c5", "e5d5", "e5e1", "e5e2", "e5e3", "e5e4", "e5e7", "e5f5", "e5g5"}));
    CHECK(moves_from(pos, "h5") == sorted({"h5f5", "h5g5", "h5h1", "h5h2", "h5h3", "h5h4", "h5h6", "h5h9", "h5i5"}));
}

TEST_CASE("xiangqi soldier: forward before the river, also sideways after it, never back", "[xiangqi][movegen]") {
    // a4 and c5 have not crossed; e6 and g8 have; i10 on the last rank only steps sideways.
    check_moves("3k4P/9/6P2/9/4P4/p1P6/P8/6p2/9/4K4 w - - 0 1",
                {"a4a5", "c5c6", "e1e2", "e1f1", "e6d6", "e6e7", "e6f6", "g8f8", "g8g9", "g8h8", "i10h10"});
    // Black soldiers move down the board.
    // (e10-d10 would face the d1 general.)
    check_moves("4k4/9/9/9/p1p6/9/9/9/9/3K5 b - - 0 1", {"a6a5", "c6c5", "e10e9", "e10f10"});
}

// ---------------------------------------------------------------------------------------------
// The facing generals

TEST_CASE("xiangqi flying general: a general may not step onto the other's open file", "[xiangqi][movegen]") {
    const Position pos = position_from("5k3/9/9/9/P8/3R5/2r6/9/4K4/9 w - - 0 1");
    CHECK(moves_from(pos, "e2") == sorted({"e2d2", "e2e1", "e2e3"}));
}

TEST_CASE("xiangqi flying general: the only piece between the generals is pinned to the file", "[xiangqi][movegen]") {
    // A cannon may move along the file only.
    check_moves("5k3/4c4/9/9/3r5/5C3/9/9/9/5K3 w - - 0 1", {"f1e1", "f1f2", "f5f2", "f5f3", "f5f4", "f5f6", "f5f7", "f5f8", "f5f9"});
    // A horse cannot move at all (discovered facing).
    const Position horse = position_from("5k3/c8/9/9/9/4CN3/9/9/9/5K3 w - - 0 1");
    CHECK(moves_from(horse, "f5").empty());
    CHECK(ref_legal_move_texts(horse) == legal_move_texts(horse));
    // A soldier may advance along the file but not step aside.
    const Position soldier = position_from("4k4/9/2r6/9/4P4/9/9/9/9/1R2K4 w - - 0 1");
    CHECK(moves_from(soldier, "e6") == sorted({"e6e7"}));
    CHECK(moves_from(soldier, "e1") == sorted({"e1d1", "e1e2", "e1f1"}));
}

// ---------------------------------------------------------------------------------------------
// Pins

TEST_CASE("xiangqi cannon pins: both screens in front of the general must stay on the file", "[xiangqi][movegen]") {
    // Advisor e2 and cannon e3 screen the general from the e9 cannon: the advisor cannot move,
    // the cannon only along the file; d1 faces the d10 general.
    check_moves("3k5/4c4/9/6r2/9/9/9/4C4/4A4/4K4 w - - 0 1", {"e1f1", "e3e4", "e3e5", "e3e6", "e3e7", "e3e8"});
    // Chariot and soldier screen the general from the d10 cannon.
    check_moves("3c5/4k4/9/9/3P5/3R5/9/9/9/3K5 w - - 0 1", {"d1d2", "d5d2", "d5d3", "d5d4", "d6d7"});
    // One own and one enemy screen: the own horse cannot move; the general may still step up.
    check_moves("3k5/9/4c4/9/4p4/9/9/4N4/9/4K4 w - - 0 1", {"e1e2", "e1f1"});
    // An own cannon as a screen may move along the file or take the pinning cannon over the
    // other screen.
    check_moves("3k5/9/4c4/9/4p4/9/9/4C4/9/4K4 w - - 0 1", {"e1e2", "e1f1", "e3e2", "e3e4", "e3e5", "e3e8"});
}

TEST_CASE("xiangqi cannon lines: no piece may step between the general and an unscreened cannon", "[xiangqi][movegen]") {
    // Nothing between e1 and the e6 cannon: a4-e4, c3-e2 and c3-e4 would become screens.
    const Position pos = position_from("3k5/9/9/9/4c4/9/R8/2N6/9/4K4 w - - 0 1");
    CHECK(moves_from(pos, "c3") == sorted({"c3a2", "c3b1", "c3b5", "c3d1", "c3d5"}));
    const std::vector<std::string> all = legal_move_texts(pos);
    CHECK(std::count(all.begin(), all.end(), "a4e4") == 0);
    CHECK(std::count(all.begin(), all.end(), "a4f4") == 1);  // passing the line is fine
    CHECK(moves_from(pos, "a4").size() == 16);
    CHECK(moves_from(pos, "e1") == sorted({"e1e2", "e1f1"}));
    CHECK(ref_legal_move_texts(pos) == legal_move_texts(pos));
}

TEST_CASE("xiangqi horse-leg pin: the piece on the leg may only take the horse", "[xiangqi][movegen]") {
    check_moves("5k3/2r6/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1", {"d2d3", "e1d1", "e1e2"});
}

TEST_CASE("xiangqi chariot pin: the pinned piece moves along the line or takes the chariot", "[xiangqi][movegen]") {
    const Position pos = position_from("3k5/9/9/9/4r4/9/9/4R4/9/3AK4 w - - 0 1");
    CHECK(moves_from(pos, "e3") == sorted({"e3e2", "e3e4", "e3e5", "e3e6"}));
    CHECK(ref_legal_move_texts(pos) == legal_move_texts(pos));
}

// ---------------------------------------------------------------------------------------------
// Check

TEST_CASE("xiangqi evasions: cannon check answered by moving or adding a screen", "[xiangqi][movegen]") {
    check_moves("3k5/9/9/9/4c4/5R3/9/9/4A4/4K4 w - - 0 1", {"e1f1", "e2d1", "e2d3", "e2f1", "e2f3", "f5e5"});
}

TEST_CASE("xiangqi evasions: horse check answered by taking it or blocking its leg", "[xiangqi][movegen]") {
    check_moves("5k3/9/9/9/9/9/9/4n2R1/7R1/3K5 w - - 0 1", {"d1d2", "d1e1", "h2e2", "h3e3"});
}

TEST_CASE("xiangqi evasions: soldiers check from the front and the side", "[xiangqi][movegen]") {
    check_moves("3k5/9/9/9/9/9/9/2R1p4/4K4/9 w - - 0 1", {"c3e3", "e2e1", "e2e3", "e2f2"});
    check_moves("9/3k5/9/9/9/9/9/5p3/4pK3/R8 w - - 0 1", {"f2e2", "f2f1", "f2f3"});
}

TEST_CASE("xiangqi evasions: double check by chariot and horse leaves general moves only", "[xiangqi][movegen]") {
    check_moves("3k5/9/3r5/9/7P1/9/9/9/5n3/3K5 w - - 0 1", {"d1e1"});
}

TEST_CASE("xiangqi evasions: the general may not take a chariot guarded through a cannon screen", "[xiangqi][movegen]") {
    check_moves("3k5/4c4/9/9/4p4/9/9/R3r4/4K4/9 w - - 0 1", {"a3e3", "e2f2"});
}

TEST_CASE("xiangqi: checkmate and stalemate leave no move", "[xiangqi][movegen]") {
    check_moves("3k5/3R5/3P5/4R4/9/9/9/9/9/4K4 b - - 0 1", {});
    check_moves("3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1", {});
}

// ---------------------------------------------------------------------------------------------
// Generator interfaces

TEST_CASE("xiangqi Noisy and Quiet split All without overlap", "[xiangqi][movegen]") {
    for (const std::string& fen : random_game_starts()) {
        const Position pos = position_from(fen);
        MoveList noisy, quiet;
        generate<GenKind::Noisy>(pos, noisy);
        generate<GenKind::Quiet>(pos, quiet);
        const MoveList all = legal_moves(pos);
        INFO(fen);
        CHECK(noisy.size() + quiet.size() == all.size());
        for (const Move m : noisy) CHECK((all.contains(m) && pos.piece_on(m.to()) != NO_PIECE));
        for (const Move m : quiet) CHECK((all.contains(m) && pos.piece_on(m.to()) == NO_PIECE));
    }
}

TEST_CASE("xiangqi is_legal accepts exactly the generated moves among all 16-bit values", "[xiangqi][movegen]") {
    for (const char* fen :
         {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "3k5/9/9/9/4c4/5R3/9/9/4A4/4K4 w - - 0 1",
          "3k5/9/4c4/9/4p4/9/9/4C4/9/4K4 w - - 0 1", "2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20"}) {
        const Position pos = position_from(fen);
        const MoveList list = legal_moves(pos);
        int legal = 0;
        for (unsigned raw = 0; raw < 65536; ++raw) {
            const Move m{std::uint16_t(raw)};
            const bool ok = is_legal(pos, m);
            legal += ok;
            if (ok != list.contains(m)) FAIL_CHECK(fen << ": is_legal(" << coord(m) << ") = " << ok);
            if (ok) CHECK(is_pseudo_legal(pos, m));
        }
        CHECK(std::size_t(legal) == list.size());
        CHECK_FALSE(is_legal(pos, Move::none()));
        CHECK_FALSE(is_legal(pos, Move::null()));
    }
}

TEST_CASE("xiangqi generator agrees with the reference generator along random games", "[xiangqi][movegen]") {
    std::mt19937 rng(20261201);
    int positions = 0, checks = 0;
    for (int game = 0; game < 60; ++game) {
        Position pos = position_from(random_game_starts()[game % random_game_starts().size()]);
        for (int ply = 0; ply < 150; ++ply) {
            const std::vector<std::string> mine = legal_move_texts(pos), reference = ref_legal_move_texts(pos);
            if (mine != reference) {
                INFO(pos.fen());
                CHECK(mine == reference);
                return;
            }
            REQUIRE(count_legal_moves(pos) == mine.size());
            REQUIRE(mine.size() < MoveList::CAPACITY);
            ++positions;
            checks += pos.in_check();
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
    CHECK(positions > 5000);
    CHECK(checks > 200);  // the games reach many checks, so evasions are covered
}
