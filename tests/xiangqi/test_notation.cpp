// Tests of xiangqi/notation.h: move text out (h3e3, h10g8, 0000), move text in with a reason
// for every kind of bad text, and the round trip over every legal move of random games.
#include <catch2/catch.hpp>

#include "xiangqi/notation.h"
#include "xiangqi/test_util.h"

using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

TEST_CASE("xiangqi move text out", "[xiangqi][notation]") {
    CHECK(move_to_uci(Move(SQ_H3, SQ_E3)) == "h3e3");
    CHECK(move_to_uci(Move(SQ_H10, SQ_G8)) == "h10g8");
    CHECK(move_to_uci(Move(SQ_A1, SQ_A10)) == "a1a10");
    CHECK(move_to_uci(Move::none()) == "(none)");
    CHECK(move_to_uci(Move::null()) == "0000");
}

TEST_CASE("xiangqi move text in: legal moves", "[xiangqi][notation]") {
    Position pos;
    const ParsedMove cannon = parse_move(pos, "h3e3");
    CHECK(cannon.error.empty());
    CHECK(cannon.move == Move(SQ_H3, SQ_E3));
    CHECK(parse_move(pos, "H3E3").move == Move(SQ_H3, SQ_E3));
    CHECK(parse_move(pos, "b3b10").move == Move(SQ_B3, SQ_B10));  // cannon takes the horse
    pos.make_move(cannon.move);
    CHECK(parse_uci_move(pos, "h10g8") == Move(SQ_H10, SQ_G8));
    CHECK(parse_uci_move(pos, "b10c8") == Move(SQ_B10, SQ_C8));
}

TEST_CASE("xiangqi move text in: malformed text", "[xiangqi][notation]") {
    const Position pos;
    for (const char* bad :
         {"", "h", "h3", "h3e", "h3e3x", "j1a1", "a0a1", "a11a1", "h03e3", "e1e11", "h3h3", "0000", "h3-e3", "e2e4 ", "3he3", "h3e3e3"}) {
        INFO("text '" << bad << "'");
        const ParsedMove parsed = parse_move(pos, bad);
        CHECK_FALSE(parsed.move);
        CHECK(parsed.error.find("malformed") != std::string::npos);
    }
}

TEST_CASE("xiangqi move text in: illegal moves and why", "[xiangqi][notation]") {
    const Position start;
    const auto error = [](const Position& p, const char* text) {
        const ParsedMove parsed = parse_move(p, text);
        CHECK_FALSE(parsed.move);
        return parsed.error;
    };
    CHECK(error(start, "e5e6").find("no piece on e5") != std::string::npos);
    CHECK(error(start, "a7a6").find("not the side to move's") != std::string::npos);
    CHECK(error(start, "b1d2").find("horse on b1 cannot go to d2") != std::string::npos);  // leg c1 blocked
    CHECK(error(start, "c1e3e").find("malformed") != std::string::npos);
    CHECK(error(start, "e1d1").find("general on e1 cannot go to d1") != std::string::npos);  // own advisor
    CHECK(error(start, "a4b4").find("soldier on a4 cannot go to b4") != std::string::npos);  // not across the river
    CHECK(error(start, "h3h9").find("cannon on h3 cannot go to h9") != std::string::npos);
    // The advisor is one of two screens in front of the general; e1-d1 faces the d10 general.
    const Position pinned = position_from("3k5/4c4/9/6r2/9/9/9/4C4/4A4/4K4 w - - 0 1");
    CHECK(error(pinned, "e2d1").find("leaves the general attacked") != std::string::npos);
    CHECK(error(pinned, "e1d1").find("leaves the general attacked") != std::string::npos);
    CHECK(parse_move(pinned, "e3e8").move == Move(SQ_E3, SQ_E8));
}

TEST_CASE("xiangqi move text round trip over random games", "[xiangqi][notation]") {
    std::mt19937 rng(99);
    for (int game = 0; game < 10; ++game) {
        Position pos = position_from(random_game_starts()[game % random_game_starts().size()]);
        for (int ply = 0; ply < 80; ++ply) {
            for (const Move m : legal_moves(pos)) {
                const std::string text = move_to_uci(m);
                CHECK(text == coord(m));
                const ParsedMove parsed = parse_move(pos, text);
                CHECK(parsed.move == m);
                CHECK(parsed.error.empty());
            }
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
}
