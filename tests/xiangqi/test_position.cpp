// Tests of xiangqi/position.h: FEN reading and writing (every error class, with the position
// left unchanged), make/unmake and null moves along random games (full state and key),
// gives_check and key_after, repetitions with perpetual check, dead material and the
// no-capture move limit.
#include <catch2/catch.hpp>

#include "xiangqi/test_util.h"

using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

constexpr const char* MIDDLEGAME = "2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20";

}  // namespace

// ---------------------------------------------------------------------------------------------
// Points, pieces and the start position

TEST_CASE("xiangqi point names and parsing", "[xiangqi][position]") {
    CHECK(square_name(SQ_A1) == "a1");
    CHECK(square_name(SQ_I1) == "i1");
    CHECK(square_name(SQ_E10) == "e10");
    CHECK(square_name(SQ_H3) == "h3");
    CHECK(square_name(SQ_NONE) == "-");
    CHECK(int(SQ_I10) == 89);
    for (int s = 0; s < SQUARE_NB; ++s) CHECK(parse_square(square_name(Square(s))) == Square(s));
    for (const char* bad : {"", "e", "j1", "a0", "a11", "a01", "e100", "E1", "-", "1e", "e1x", "e+1"}) {
        INFO("text '" << bad << "'");
        CHECK(parse_square(bad) == SQ_NONE);
    }
    CHECK(piece_to_char(R_GENERAL) == 'K');
    CHECK(piece_to_char(B_ELEPHANT) == 'b');
    CHECK(piece_to_char(R_HORSE) == 'N');
    CHECK(piece_to_char(B_CANNON) == 'c');
}

TEST_CASE("xiangqi default position is the start", "[xiangqi][position]") {
    const Position pos;
    CHECK(pos.fen() == Position::START_FEN);
    CHECK(pos.side_to_move() == Color::White);
    CHECK(pos.piece_on(SQ_E1) == R_GENERAL);
    CHECK(pos.piece_on(SQ_B3) == R_CANNON);
    CHECK(pos.piece_on(SQ_C10) == B_ELEPHANT);
    CHECK(pos.piece_on(SQ_I7) == B_SOLDIER);
    CHECK(pos.empty(SQ_E5));
    CHECK(pos.general_square(Color::White) == SQ_E1);
    CHECK(pos.general_square(Color::Black) == SQ_E10);
    CHECK(popcount(pos.pieces()) == 32);
    CHECK(popcount(pos.pieces(Color::Black, SOLDIER)) == 5);
    CHECK(pos.count(R_CHARIOT) == 2);
    CHECK(pos.count(B_SOLDIER) == 5);
    CHECK(pos.no_capture_plies() == 0);
    CHECK(pos.fullmove_number() == 1);
    CHECK(pos.game_ply() == 0);
    CHECK(pos.history_length() == 0);
    CHECK(pos.no_capture_limit() == Position::DEFAULT_NO_CAPTURE_LIMIT);
    CHECK(Position::DEFAULT_NO_CAPTURE_LIMIT == 120);
    CHECK_FALSE(pos.in_check());
    CHECK(pos.game_state() == GameState::Ongoing);
    CHECK_FALSE(pos.consistency_error().has_value());
    CHECK(pos.pretty().find(std::string("Fen: ") + std::string(Position::START_FEN)) != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// FEN

TEST_CASE("xiangqi FEN round trip", "[xiangqi][position][fen]") {
    for (const char* fen : {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", MIDDLEGAME,
                            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2",
                            "3k5/9/9/9/9/9/9/9/9/5K3 b - - 57 90", "3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 119 35"}) {
        const Position pos = position_from(fen);
        CHECK(pos.fen() == fen);
        CHECK_FALSE(pos.consistency_error().has_value());
    }
    const Position black = position_from("3k5/9/9/9/9/9/9/9/9/5K3 b - - 57 90");
    CHECK(black.side_to_move() == Color::Black);
    CHECK(black.no_capture_plies() == 57);
    CHECK(black.game_ply() == 179);
}

TEST_CASE("xiangqi FEN: optional fields and alternative letters", "[xiangqi][position][fen]") {
    // Without counters, without the "- -" fields, e/h for elephant and horse, extra spaces.
    CHECK(position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -").fen() == Position::START_FEN);
    CHECK(position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").fen() == Position::START_FEN);
    CHECK(position_from("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1").fen() == Position::START_FEN);
    CHECK(position_from("  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w  - -  0  1 ").fen() == Position::START_FEN);
    CHECK(position_from("3k5/9/9/9/9/9/9/9/9/5K3 b").fen() == "3k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1");
    // 'r' for Red, and counters without the "- -" fields, as uci2wb writes them.
    CHECK(position_from("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r").fen() == Position::START_FEN);
    CHECK(position_from("rheakae1r/9/1c4hc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR w 2 2").fen() ==
          "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
}

TEST_CASE("xiangqi FEN: every malformed or illegal FEN is rejected and changes nothing", "[xiangqi][position][fen]") {
    Position pos = position_from(MIDDLEGAME);
    const std::string fen_before = pos.fen();
    const Key key_before = pos.key();
    const std::pair<const char*, const char*> bad[] = {
        {"", "empty"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "one field"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w -", "three fields"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0", "five fields"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x", "seven fields"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "nine ranks"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "eleven ranks"},
        {"rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "eight points in a rank"},
        {"rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "ten points in a rank"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/54/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "two digits in a row"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/09/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "digit zero"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBQKABNR w - - 0 1", "chess letter"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/ w - - 0 1", "trailing slash"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR R - - 0 1", "side 'R'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR W - - 0 1", "side 'W'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", "castling rights"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1", "en-passant point"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1", "negative halfmove clock"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "halfmove clock not a number"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1a", "fullmove number not a number"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 20000 1", "halfmove clock out of range"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "no red general"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3k5/RNBAKABNR w - - 0 1", "two black generals"},
        {"3k5/9/9/9/9/9/9/9/9/6K2 w - - 0 1", "general outside its palace"},
        {"3k5/9/9/9/9/9/9/9/9/4AK3 w - - 0 1", "advisor off the palace diagonals"},
        {"3k5/9/9/9/9/9/9/9/4a4/4K4 w - - 0 1", "black advisor in the red palace"},
        {"3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1", "elephant across the river"},
        {"3k5/9/9/9/9/9/9/9/3B5/4K4 w - - 0 1", "elephant off its seven points"},
        {"3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1", "soldier behind its starting rank"},
        {"3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", "soldier on the b-file before the river"},
        {"3k5/9/9/9/9/P8/P8/9/9/4K4 w - - 0 1", "two soldiers on a file before the river"},
        {"3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 w - - 0 1", "six soldiers"},
        {"3k5/9/9/9/9/9/9/9/RRR6/4K4 w - - 0 1", "three chariots"},
        {"3k5/9/9/9/9/9/9/9/CCC6/4K4 w - - 0 1", "three cannons"},
        {"4k4/9/9/9/9/4R4/9/9/9/3K5 w - - 0 1", "red to move can take the black general"},
        {"4k4/9/9/9/9/4P4/9/9/4C4/3K5 w - - 0 1", "cannon with one screen on the side not to move"},
        {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "generals facing, Red to move"},
        {"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "generals facing, Black to move"},
        {"3k5/9/9/9/9/9/9/3n5/9/4K4 b - - 0 1", "black to move can take the red general with a horse"},
    };
    for (const auto& [fen, what] : bad) {
        INFO(what << ": " << fen);
        const FenError error = pos.set_fen(fen);
        CHECK(error.has_value());
        CHECK(pos.fen() == fen_before);
        CHECK(pos.key() == key_before);
    }
    // The same position from one side to move is fine when the other cannot capture.
    CHECK_FALSE(pos.set_fen("4k4/9/9/9/9/4R4/9/9/9/3K5 b - - 0 1").has_value());
    CHECK(pos.in_check());
}

TEST_CASE("xiangqi FEN errors name the problem", "[xiangqi][position][fen]") {
    Position pos;
    CHECK(pos.set_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").value_or("").find("face each other") != std::string::npos);
    CHECK(pos.set_fen("3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1").value_or("").find("b4") != std::string::npos);
    CHECK(pos.set_fen("3k5/9/9/9/9/9/9/9/9/6K2 w - - 0 1").value_or("").find("palace") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Making moves

TEST_CASE("xiangqi make/unmake restores the full state along random games", "[xiangqi][position]") {
    std::mt19937 rng(1234);
    int moves = 0, captures = 0, checks = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos = position_from(random_game_starts()[game % random_game_starts().size()]);
        for (int ply = 0; ply < 120; ++ply) {
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            const std::string fen = pos.fen();
            const Key key = pos.key();
            const Bitboard checkers = pos.checkers();
            const Piece target = pos.piece_on(m.to());
            const bool gives = pos.gives_check(m);
            const Key predicted = pos.key_after(m);
            const int clock = pos.no_capture_plies();
            pos.make_move(m);
            INFO("after " << coord(m) << " from " << fen);
            REQUIRE_FALSE(pos.consistency_error().has_value());
            CHECK(pos.key() == predicted);
            CHECK(pos.in_check() == gives);
            CHECK(pos.captured_piece() == target);
            CHECK(pos.last_move() == m);
            CHECK(pos.no_capture_plies() == (target != NO_PIECE ? 0 : clock + 1));
            pos.unmake_move();
            REQUIRE(pos.fen() == fen);
            REQUIRE(pos.key() == key);
            REQUIRE(pos.checkers() == checkers);
            REQUIRE_FALSE(pos.consistency_error().has_value());
            pos.make_move(m);
            ++moves;
            captures += target != NO_PIECE;
            checks += gives;
        }
        // Unwinding the whole game returns to the start.
        while (pos.history_length() > 0) pos.unmake_move();
        CHECK(pos.fen() == position_from(random_game_starts()[game % random_game_starts().size()]).fen());
    }
    CHECK(moves > 3000);
    CHECK(captures > 300);
    CHECK(checks > 200);
}

TEST_CASE("xiangqi soldier moves do not reset the no-capture clock; captures do", "[xiangqi][position]") {
    Position pos;
    play(pos, {"a4a5"});
    CHECK(pos.no_capture_plies() == 1);
    play(pos, {"c7c6"});
    CHECK(pos.no_capture_plies() == 2);
    play(pos, {"h3h10"});  // the cannon takes the horse over the h8 cannon
    CHECK(pos.no_capture_plies() == 0);
    CHECK(pos.captured_piece() == B_HORSE);
    CHECK(pos.count(B_HORSE) == 1);
    play(pos, {"i10h10"});  // the chariot takes the cannon back
    CHECK(pos.captured_piece() == R_CANNON);
    CHECK(pos.count(R_CANNON) == 1);
    play(pos, {"a5a6"});  // a soldier crossing the river
    CHECK(pos.no_capture_plies() == 1);
    CHECK(pos.fen() == "rnbakabr1/9/1c5c1/p3p1p1p/P1p6/9/2P1P1P1P/1C7/9/RNBAKABNR b - - 1 3");  // as Fairy-Stockfish writes it
}

TEST_CASE("xiangqi null move flips the side and key and is undone exactly", "[xiangqi][position]") {
    Position pos = position_from(MIDDLEGAME);
    const std::string fen = pos.fen();
    const Key key = pos.key();
    pos.make_null_move();
    CHECK(pos.side_to_move() == Color::Black);
    CHECK(pos.key() != key);
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.last_move() == Move::null());
    CHECK_FALSE(pos.consistency_error().has_value());
    pos.unmake_null_move();
    CHECK(pos.fen() == fen);
    CHECK(pos.key() == key);
}

TEST_CASE("xiangqi gives_check sees direct, discovered and new-screen cannon checks", "[xiangqi][position]") {
    // Direct chariot check.
    const Position pos = position_from("4k4/9/9/9/9/9/3R5/4N4/9/3K1C3 w - - 0 1");
    CHECK(pos.gives_check(find_move(pos, "d4e4")));
    CHECK_FALSE(pos.gives_check(find_move(pos, "d4d5")));
    // The horse leaves the e-file and uncovers the e1 chariot.
    const Position discovered = position_from("4k4/9/9/9/9/9/4N4/9/9/3KR4 w - - 0 1");
    CHECK(discovered.gives_check(find_move(discovered, "e4g5")));
    // A horse stepping onto the e-file becomes the e1 cannon's screen.
    const Position screen = position_from("4k4/9/9/9/9/9/9/9/9/3KC1N2 w - - 0 1");
    CHECK(screen.gives_check(find_move(screen, "g1e2")));
    CHECK_FALSE(screen.gives_check(find_move(screen, "g1f3")));
    const Position cannon = position_from("4k4/9/9/9/9/9/9/6N2/9/3KC4 w - - 0 1");
    CHECK(cannon.gives_check(find_move(cannon, "g3e4")));
    CHECK(cannon.gives_check(find_move(cannon, "g3e2")));
    CHECK_FALSE(cannon.gives_check(find_move(cannon, "g3h5")));
    // A crossed soldier checks from below and from the side.
    const Position soldier = position_from("4k4/3P5/9/9/9/9/9/9/9/3K5 w - - 0 1");
    CHECK(soldier.gives_check(find_move(soldier, "d9e9")));
    CHECK(soldier.gives_check(find_move(soldier, "d9d10")));
    CHECK_FALSE(soldier.gives_check(find_move(soldier, "d9c9")));
    // The soldier on d9 is the leg of the d8 horse's path to e10: stepping aside uncovers it.
    const Position leg = position_from("4k4/3P5/3N5/9/9/9/9/9/9/3K5 w - - 0 1");
    CHECK(leg.gives_check(find_move(leg, "d9c9")));
    CHECK(leg.gives_check(find_move(leg, "d9e9")));
    CHECK_FALSE(leg.gives_check(find_move(leg, "d1d2")));
}

TEST_CASE("xiangqi gives_check agrees with the position after every legal move of random games", "[xiangqi][position]") {
    int moves = 0, checks = 0;
    for (Position pos : sampled_random_positions(31, 120, 1)) {
        for (const Move m : legal_moves(pos)) {
            const bool gives = pos.gives_check(m);
            pos.make_move(m);
            INFO(pos.fen());
            REQUIRE(pos.in_check() == gives);
            pos.unmake_move();
            ++moves;
            checks += gives;
        }
    }
    CHECK(moves > 5000);
    CHECK(checks > 100);
}

TEST_CASE("xiangqi attackers_to lists every piece that could capture on a point", "[xiangqi][position]") {
    // Compared with the reference generator: the attackers of an occupied point are the
    // origins of the other side's pseudo-legal moves onto it (generals never face here: the
    // flying general is not an ordinary capture).
    std::mt19937 rng(77);
    int points = 0;
    for (int game = 0; game < 12; ++game) {
        Position pos = position_from(random_game_starts()[game % random_game_starts().size()]);
        for (int ply = 0; ply < 100; ++ply) {
            const RefBoard b = ref_board(pos);
            for (const Color c : {Color::White, Color::Black}) {
                Bitboard expected[SQUARE_NB] = {};
                for (const auto& [from, to] : ref_pseudo_moves(b, c)) expected[to] |= square_bb(Square(from));
                for (int s = 0; s < SQUARE_NB; ++s) {
                    if (pos.empty(Square(s)) || piece_color(pos.piece_on(Square(s))) == c) continue;
                    INFO(pos.fen() << " point " << square_name(Square(s)));
                    CHECK((pos.attackers_to(Square(s)) & pos.pieces(c)) == expected[s]);
                    ++points;
                }
            }
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
    CHECK(points > 10000);
}

// ---------------------------------------------------------------------------------------------
// Game-end rules

namespace {

// Red's chariot checks the black general back and forth between d10 and e10.
constexpr const char* PERPETUAL = "4k4/9/9/9/9/3R5/9/9/9/5K3 w - - 0 1";
// Both sides give check with every move: each horse is a screen of the other side's cannon,
// and every horse move adds one screen to a checking line and removes one from another.
constexpr const char* MUTUAL = "4k4/9/9/9/9/9/5n3/9/c2N1K3/4C4 w - - 0 1";

}  // namespace

TEST_CASE("xiangqi repetition: a perpetual checker loses", "[xiangqi][position][repetition]") {
    Position pos = position_from(PERPETUAL);
    play(pos, {"d5e5", "e10d10", "e5d5"});
    CHECK_FALSE(pos.repetition_result(100).has_value());
    play(pos, {"d10e10"});
    CHECK(pos.repetition_count() == 1);
    // The earlier occurrence is the root itself (4 plies back): not yet decided.
    CHECK_FALSE(pos.repetition_result(4).has_value());
    // Strictly after the root: decided at once. Red, to move, gave check with every move.
    REQUIRE(pos.repetition_result(5).has_value());
    CHECK(*pos.repetition_result(5) == GameResult::Loss);
    CHECK(pos.game_state() == GameState::Ongoing);
    // One ply later Black is to move and wins the same way.
    play(pos, {"d5e5"});
    REQUIRE(pos.repetition_result(5).has_value());
    CHECK(*pos.repetition_result(5) == GameResult::Win);
    // The third occurrence decides even from the game history (ply_from_root 0).
    play(pos, {"e10d10", "e5d5", "d10e10"});
    CHECK(pos.repetition_count() == 2);
    REQUIRE(pos.repetition_result(0).has_value());
    CHECK(*pos.repetition_result(0) == GameResult::Loss);
    CHECK(pos.game_state() == GameState::PerpetualCheckLoss);
    CHECK(result_of(pos.game_state()) == GameResult::Loss);
    play(pos, {"d5e5"});
    CHECK(pos.game_state() == GameState::PerpetualCheckWin);
    CHECK(result_of(pos.game_state()) == GameResult::Win);
}

TEST_CASE("xiangqi repetition: both sides checking perpetually is a draw", "[xiangqi][position][repetition]") {
    Position pos = position_from(MUTUAL);
    CHECK(pos.in_check());
    for (const char* text : {"d2e4", "f4e2", "e4d2", "e2f4"}) {
        const Move m = find_move(pos, text);
        CHECK(pos.gives_check(m));
        pos.make_move(m);
    }
    REQUIRE(pos.repetition_result(10).has_value());
    CHECK(*pos.repetition_result(10) == GameResult::Draw);
    play(pos, {"d2e4", "f4e2", "e4d2", "e2f4"});
    CHECK(pos.game_state() == GameState::Repetition);
}

TEST_CASE("xiangqi repetition: quiet shuffles are a draw; null moves hide repetitions", "[xiangqi][position][repetition]") {
    Position pos;
    play(pos, {"b1c3", "b10c8", "c3b1", "c8b10"});
    REQUIRE(pos.repetition_result(10).has_value());
    CHECK(*pos.repetition_result(10) == GameResult::Draw);
    CHECK_FALSE(pos.repetition_result(4).has_value());
    play(pos, {"b1c3", "b10c8", "c3b1", "c8b10"});
    CHECK(pos.game_state() == GameState::Repetition);

    // X, null, c8b10, c3b1, null, b1c3, b10c8 brings X back after six plies, across null moves.
    Position nulls;
    play(nulls, {"b1c3", "b10c8"});
    const Key x = nulls.key();
    nulls.make_null_move();
    play(nulls, {"c8b10", "c3b1"});
    nulls.make_null_move();
    play(nulls, {"b1c3", "b10c8"});
    CHECK(nulls.key() == x);
    CHECK(nulls.repetition_count() == 0);
    CHECK_FALSE(nulls.repetition_result(100).has_value());
}

TEST_CASE("xiangqi dead material: only generals, advisors and elephants", "[xiangqi][position]") {
    const Position bare = position_from("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1");
    CHECK(bare.has_insufficient_material());
    CHECK(bare.game_state() == GameState::DeadMaterial);
    CHECK(result_of(GameState::DeadMaterial) == GameResult::Draw);
    for (const char* fen : {"3akab2/9/4b4/9/P8/9/9/4B4/4A4/3AK4 w - - 0 1", "3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1N2 w - - 0 1",
                            "3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1C2 w - - 0 1", "3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 1"}) {
        INFO(fen);
        CHECK_FALSE(position_from(fen).has_insufficient_material());
    }
    CHECK_FALSE(Position().has_insufficient_material());
}

TEST_CASE("xiangqi no-capture limit: configurable, and a mate on the last ply still wins", "[xiangqi][position]") {
    Position pos = position_from("3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 9 35");
    pos.set_no_capture_limit(10);
    CHECK(pos.no_capture_limit() == 10);
    CHECK_FALSE(pos.is_no_capture_draw());
    play(pos, {"c5b7"});
    CHECK(pos.no_capture_plies() == 10);
    CHECK(pos.is_no_capture_draw());
    CHECK(pos.game_state() == GameState::MoveLimit);
    // The limit survives set_fen.
    CHECK_FALSE(pos.set_fen("3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 10 35").has_value());
    CHECK(pos.is_no_capture_draw());
    pos.set_no_capture_limit(Position::DEFAULT_NO_CAPTURE_LIMIT);
    CHECK_FALSE(pos.is_no_capture_draw());
    // 0 turns the limit off: no clock ever reaches it.
    pos.set_no_capture_limit(0);
    CHECK_FALSE(pos.set_fen("3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 500 35").has_value());
    CHECK_FALSE(pos.no_capture_limit_reached());
    CHECK_FALSE(pos.is_no_capture_draw());
    CHECK(pos.game_state() == GameState::Ongoing);

    // 119 plies without a capture, then a quiet mate: the 120th ply mates, no draw.
    Position mate = position_from("3k5/1R7/3P5/4R4/9/9/9/9/9/4K4 w - - 119 80");
    CHECK_FALSE(mate.is_no_capture_draw());
    play(mate, {"b9d9"});
    CHECK(mate.no_capture_plies() == 120);
    CHECK(count_legal_moves(mate) == 0);
    CHECK_FALSE(mate.is_no_capture_draw());
    CHECK(mate.game_state() == GameState::Checkmate);
    CHECK(result_of(mate.game_state()) == GameResult::Loss);
}

TEST_CASE("xiangqi no legal move loses, in check or not", "[xiangqi][position]") {
    const Position mated = position_from("3k5/3R5/3P5/4R4/9/9/9/9/9/4K4 b - - 0 1");
    CHECK(mated.in_check());
    CHECK(mated.game_state() == GameState::Checkmate);
    const Position stalemated = position_from("3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1");
    CHECK_FALSE(stalemated.in_check());
    CHECK(stalemated.game_state() == GameState::Stalemate);
    CHECK(result_of(GameState::Stalemate) == GameResult::Loss);
    CHECK_FALSE(result_of(GameState::Ongoing).has_value());
}

TEST_CASE("xiangqi rule settings: new positions play by the standard rules, a position keeps its own", "[xiangqi][position]") {
    const Position standard;
    CHECK(standard.repetition_rules() == RepetitionRules::Asian);
    CHECK(standard.no_capture_limit() == RuleSettings::DEFAULT_NO_CAPTURE_LIMIT);
    CHECK(position_from("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").no_capture_limit() == RuleSettings::DEFAULT_NO_CAPTURE_LIMIT);
    Position after;
    after.set_rules({RepetitionRules::Computer, 40});
    CHECK(after.repetition_rules() == RepetitionRules::Computer);
    CHECK(after.no_capture_limit() == 40);
    CHECK(after.rules().no_capture_limit == 40);
    // A copy and a new FEN keep the position's own settings.
    Position copy = after;
    CHECK_FALSE(copy.set_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 3 7").has_value());
    CHECK(copy.repetition_rules() == RepetitionRules::Computer);
    CHECK(copy.no_capture_limit() == 40);

    CHECK(parse_repetition_rules("asian") == RepetitionRules::Asian);
    CHECK(parse_repetition_rules("computer") == RepetitionRules::Computer);
    CHECK_FALSE(parse_repetition_rules("Asian").has_value());
    CHECK_FALSE(parse_repetition_rules("chinese").has_value());
    CHECK(to_string(RepetitionRules::Computer) == "computer");
}
