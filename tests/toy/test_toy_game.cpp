// Tests of the toy game itself (toy_game.h), which the tests of the shared core rely on: its
// moves counted by hand, positions read and written, bad positions refused, both notations,
// exchanges, keys kept incrementally, and the ends of a game.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "toy/toy_test_util.h"

using namespace sen;
using namespace sen::toy;
using namespace sen::toy::test;

TEST_CASE("Toy game: the moves of the start position, counted by hand", "[toy]") {
    // K R . M M . . . . . . m m . r k: White's king and first man are blocked by their own
    // pieces; the rook steps to c, the second man to f. Black's the same, mirrored.
    Position pos;
    CHECK(pos.fen() == "KR1MM6mm1rk w 0");
    CHECK(legal_move_texts(pos) == std::vector<std::string>{"bc", "ef"});
    CHECK(Perft<ToyGame>::divide(pos, 2) == std::vector<std::pair<Move, std::uint64_t>>{{Move(1, 2), 2}, {Move(4, 5), 2}});
    play(pos, {"ef"});
    CHECK(legal_move_texts(pos) == std::vector<std::string>{"lk", "on"});
    CHECK(pos.fen() == "KR1M1M5mm1rk b 0");
}

TEST_CASE("Toy game: a rook slides to the first piece and takes it if it is the enemy's; no move leaves the king attacked", "[toy]") {
    const Position pos = position_from("K2R3m4r2k w 0");
    // The rook on d: b, c, e, f, g and takes on h; the king: b.
    CHECK(legal_move_texts(pos) == sorted({"ab", "db", "dc", "de", "df", "dg", "dh"}));
    // A rook between its king and the enemy rook stays between them wherever it goes.
    const Position shielding = position_from("K2R7r3k w 0");
    CHECK(legal_move_texts(shielding) == sorted({"ab", "db", "dc", "de", "df", "dg", "dh", "di", "dj", "dk", "dl"}));
    // A king may not step next to the other king, nor where a man takes it: no move at all here.
    CHECK(legal_move_texts(position_from("1K1k12 w 0")) == std::vector<std::string>{"ba"});
    CHECK(legal_move_texts(position_from("K1m12k w 0")).empty());
}

TEST_CASE("Toy game: positions are written as read, bad ones refused with the reason", "[toy]") {
    for (const char* fen : {"KR1MM6mm1rk w 0", "1k4r2RK5 w 0", "5kr2R4K1 b 0", "K1R1M10k w 39", "RK13k w 7"}) {
        INFO(fen);
        CHECK(position_from(fen).fen() == fen);
    }
    // Without the count: 0.
    CHECK(position_from("RK13k b").fen() == "RK13k b 0");
    const std::vector<std::pair<const char*, const char*>> bad = {
        {"RK14k w 0", "more than 16 cells"},
        {"RK12k w 0", "fewer than 16 cells"},
        {"RK13x w 0", "unknown piece 'x'"},
        {"RR13k w 0", "each side needs one king"},
        {"RK12kk w 0", "each side needs one king"},
        {"RK13k x 0", "the side to move is not w or b"},
        {"RK13k", "the side to move is not w or b"},
        {"RK13k w -1", "the quiet-ply count is not a number"},
        {"RK13k w 41", "the quiet-ply count is over 40"},
        {"K1R12k w 0", "the side not to move is in check"},
    };
    for (const auto& [fen, reason] : bad) {
        INFO(fen);
        Position pos = position_from("K1R1M10k w 39");
        CHECK(pos.set_fen(fen) == FenError(reason));
        CHECK(pos.fen() == "K1R1M10k w 39");  // unchanged
    }
}

TEST_CASE("Toy game: moves in letters or in numbers, read either way", "[toy]") {
    const Position pos = position_from("1k4r2RK5 w 0");
    const Move take = find_move(pos, "jg");
    CHECK(ToyGame::move_text(take, false) == "jg");
    CHECK(ToyGame::move_text(take, true) == "10-7");
    CHECK(ToyGame::xboard_move_text(take, true) == "10-7");
    for (const bool numbers : {false, true}) {
        CHECK(ToyGame::parse_move(pos, "jg", numbers) == take);
        CHECK(ToyGame::parse_move(pos, "10-7", numbers) == take);
        CHECK(ToyGame::parse_xboard_move(pos, "jg", numbers) == take);
        CHECK_FALSE(ToyGame::parse_move(pos, "jf", numbers));  // the rook cannot pass the rook on g
        CHECK_FALSE(ToyGame::parse_move(pos, "10-6", numbers));
        CHECK_FALSE(ToyGame::parse_move(pos, "", numbers));
    }
    CHECK(ToyGame::move_text(Move::none(), false) == "0000");
}

TEST_CASE("Toy game: exchanges are played out on their cell", "[toy]") {
    // The rook on f takes the undefended rook on h (600), the man on j the man on k (100: the
    // rook on h could take back, but would be lost to White's rook), the rook on f the man on e
    // (100, then the rook on h takes it back: -500).
    const Position pos = position_from("K3mR1r1Mm4k w 0");
    CHECK(exchange_value(pos, find_move(pos, "fh")) == 600);
    CHECK(exchange_value(pos, find_move(pos, "jk")) == 100);
    CHECK(exchange_value(pos, find_move(pos, "fe")) == -500);
    CHECK(ToyGame::see_ge(pos, find_move(pos, "fe"), -500));
    CHECK_FALSE(ToyGame::see_ge(pos, find_move(pos, "fe"), -499));
    CHECK(ToyGame::see_ge(pos, find_move(pos, "fh"), 600));
    CHECK_FALSE(ToyGame::see_ge(pos, find_move(pos, "fh"), 601));
    // A quiet move that nothing can take is worth nothing.
    CHECK(exchange_value(pos, find_move(pos, "ab")) == 0);
}

TEST_CASE("Toy game: the key is kept as the moves are made and taken back", "[toy]") {
    std::mt19937 rng(5);
    for (const std::string_view fen : ToyGame::BENCH_FENS) {
        Position pos = position_from(fen);
        std::vector<std::string> fens;
        std::vector<Key> keys;
        for (int ply = 0; ply < 30; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            const Move m = moves[rng() % moves.size()];
            const Key expected = pos.key_after(m);
            fens.push_back(pos.fen());
            keys.push_back(pos.key());
            pos.make_move(m);
            CHECK(pos.key() == expected);
            // The same as a position read from its text, which computes the key afresh.
            CHECK(pos.key() == position_from(pos.fen()).key());
            pos.make_null_move();
            CHECK(pos.key() != expected);
            pos.unmake_null_move();
            CHECK(pos.key() == expected);
        }
        while (!keys.empty()) {
            pos.unmake_move();
            CHECK(pos.key() == keys.back());
            CHECK(pos.fen() == fens.back());
            keys.pop_back();
            fens.pop_back();
        }
    }
}

TEST_CASE("Toy game: the ends of a game by the rules", "[toy]") {
    Position won = position_from("1k4r2RK5 w 0");
    play(won, {"jg"});
    CHECK(won.in_check());
    CHECK(ToyGame::game_end(won).outcome == Outcome::Loss);
    CHECK(ToyGame::game_end(won).no_moves);
    CHECK(ToyGame::game_end(won).reason == "White wins");
    CHECK(ToyGame::no_move_outcome(won) == Outcome::Loss);

    const Position stalemate = position_from("k1KR12 b 0");
    CHECK(count_legal_moves(stalemate) == 0);
    CHECK(ToyGame::game_end(stalemate).outcome == Outcome::Draw);
    CHECK(ToyGame::game_end(stalemate).reason == "Stalemate");
    CHECK(ToyGame::no_move_outcome(stalemate) == Outcome::Draw);

    const Position kings = position_from("K14k w 0");
    CHECK(ToyGame::game_end(kings).reason == "Kings alone");
    CHECK(ToyGame::rule_outcome(kings, 0) == Outcome::Draw);

    Position repeated = position_from("RK4m8k w 0");
    play(repeated, {"bc", "po", "cb"});
    CHECK(ToyGame::rule_outcome(repeated, 0) == Outcome::None);
    play(repeated, {"op"});
    CHECK(ToyGame::rule_outcome(repeated, 0) == Outcome::Draw);
    CHECK(ToyGame::game_end(repeated).reason == "Draw by repetition");

    Position quiet = position_from("RK13k w 39");
    CHECK(ToyGame::game_end(quiet).outcome == Outcome::None);
    play(quiet, {"bc"});
    CHECK(quiet.quiet_plies() == 40);
    CHECK(ToyGame::game_end(quiet).reason == "Draw by the quiet-move limit");
}
