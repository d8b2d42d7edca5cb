// Tests of movegen.h: exact legal move sets in tricky positions (en passant, castling,
// promotions, pins, checks), the Noisy/Quiet split, count_legal_moves and is_legal (which decides
// one move on its own, and must agree with the generator for every 16-bit value); also the Move
// encoding of types.h that the generator emits.
#include <catch2/catch.hpp>

#include <bitset>

#include "chess/test_util.h"
#include "tools/perft_suite.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

std::vector<std::string> moves_from(const Position& pos, Square from) {
    std::vector<std::string> texts;
    for (const Move m : legal_moves(pos))
        if (m.from() == from) texts.push_back(coord(pos, m));
    std::sort(texts.begin(), texts.end());
    return texts;
}

template <GenKind Kind>
std::vector<std::string> texts_of(const Position& pos) {
    MoveList list;
    generate<Kind>(pos, list);
    std::vector<std::string> texts;
    for (const Move m : list) texts.push_back(coord(pos, m));
    std::sort(texts.begin(), texts.end());
    return texts;
}

bool has(const std::vector<std::string>& texts, const std::string& t) { return std::find(texts.begin(), texts.end(), t) != texts.end(); }

std::vector<std::uint16_t> raw_sorted(const MoveList& list) {
    std::vector<std::uint16_t> raw;
    for (const Move m : list) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

}  // namespace

TEST_CASE("Move packs origin, destination, kind and promotion", "[movegen][move]") {
    for (int from = 0; from < 64; ++from) {
        for (int to = 0; to < 64; ++to) {
            const Move normal{Square(from), Square(to)};
            REQUIRE(normal.from() == Square(from));
            REQUIRE(normal.to() == Square(to));
            REQUIRE(normal.kind() == MoveKind::Normal);
            REQUIRE(normal.is_ok() == (from != to));
            for (const MoveKind kind : {MoveKind::Promotion, MoveKind::EnPassant, MoveKind::Castling}) {
                for (const PieceType promo : {KNIGHT, BISHOP, ROOK, QUEEN}) {
                    const Move m = Move::make(Square(from), Square(to), kind, promo);
                    REQUIRE(m.from() == Square(from));
                    REQUIRE(m.to() == Square(to));
                    REQUIRE(m.kind() == kind);
                    REQUIRE(m.promotion() == promo);
                    REQUIRE(Move(m.raw()) == m);
                }
            }
        }
    }
    CHECK_FALSE(bool(Move::none()));
    CHECK(bool(Move::null()));
    CHECK_FALSE(Move::null().is_ok());
    CHECK(Move::null() != Move::none());
    CHECK(Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, QUEEN) != Move::make(SQ_E7, SQ_E8, MoveKind::Promotion, KNIGHT));
}

TEST_CASE("the start position has the 20 expected moves", "[movegen]") {
    const Position pos;
    CHECK(legal_move_texts(pos) == sorted({"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
                                           "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"}));
    CHECK(texts_of<GenKind::Noisy>(pos).empty());
    CHECK(count_legal_moves(pos) == 20);
}

TEST_CASE("en passant legality", "[movegen][enpassant]") {
    SECTION("not generated when it exposes the king along the rank") {
        const Position pos = position_from("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
        CHECK(legal_move_texts(pos) == sorted({"a5a4", "a5a6", "a5b6", "b5b6"}));
        CHECK(count_legal_moves(pos) == 4);
    }
    SECTION("the same with the capturing pawn on the other side, black to move") {
        const Position pos = position_from("7K/8/8/8/R4pPk/8/8/8 b - g3 0 2");
        CHECK_FALSE(has(legal_move_texts(pos), "f4g3"));
        CHECK(has(legal_move_texts(pos), "f4f3"));
    }
    SECTION("generated when it captures the pawn giving check (white)") {
        const Position pos = position_from("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2");
        REQUIRE(pos.in_check());
        CHECK(legal_move_texts(pos) == sorted({"e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5", "e4f5", "e5d6"}));
        const Move ep = find_move(pos, "e5d6");
        CHECK(ep.kind() == MoveKind::EnPassant);
        CHECK(texts_of<GenKind::Noisy>(pos) == sorted({"e4d5", "e5d6"}));
    }
    SECTION("generated when it captures the pawn giving check (black)") {
        const Position pos = position_from("8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 2");
        REQUIRE(pos.in_check());
        CHECK(legal_move_texts(pos) == sorted({"e5d6", "e5e6", "e5f6", "e5d5", "e5f5", "e5d4", "e5f4", "e4d3"}));
    }
    SECTION("not generated when another piece gives check") {
        const Position pos = position_from("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 2");
        CHECK(legal_move_texts(pos) == sorted({"e1d2", "e1e2", "e1f2"}));
    }
    SECTION("not generated when another pawn gives check") {
        const Position pos = position_from("4k3/8/8/3pP3/8/5p2/4K3/8 w - d6 0 2");
        CHECK(legal_move_texts(pos) == sorted({"e2d1", "e2e1", "e2f1", "e2d2", "e2f2", "e2d3", "e2e3", "e2f3"}));
        const Position double_check = position_from("4k3/8/8/3pPp2/4K3/8/8/8 w - d6 0 2");
        CHECK_FALSE(has(legal_move_texts(double_check), "e5d6"));
    }
    SECTION("a diagonally pinned pawn may capture along the pin line only") {
        CHECK(has(legal_move_texts(position_from("3k4/3b4/8/1Pp5/K7/8/8/8 w - c6 0 2")), "b5c6"));
        const Position off_line = position_from("4b2k/8/8/pP6/K7/8/8/8 w - a6 0 2");
        CHECK_FALSE(has(legal_move_texts(off_line), "b5a6"));
        CHECK_FALSE(has(legal_move_texts(off_line), "b5b6"));  // a push leaves the diagonal too
    }
    SECTION("ordinary en passant, both capturing pawns") {
        const Position pos = position_from("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2");
        const std::vector<std::string> texts = legal_move_texts(pos);
        CHECK(has(texts, "c5d6"));
        CHECK(has(texts, "e5d6"));
        CHECK(find_move(pos, "c5d6").kind() == MoveKind::EnPassant);
        CHECK(count_legal_moves(pos) == texts.size());
    }
}

TEST_CASE("castling legality", "[movegen][castling]") {
    struct Case {
        const char* what;
        const char* fen;
        bool king_side, queen_side;
    };
    const Case cases[] = {
        {"both possible", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},
        {"through an attacked f1", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, true},
        {"through f1 attacked by a bishop", "4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1", false, true},
        {"through f1 attacked by a pawn", "4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1", false, true},
        {"into check on g1", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, true},
        {"out of check by a rook", "4r3/8/8/3k4/8/8/8/R3K2R w KQ - 0 1", false, false},
        {"out of check by a knight", "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1", false, false},
        {"through an attacked d1", "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, false},
        {"into check on c1", "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, false},
        {"only b1 attacked: queen side still allowed", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},
        {"rooks attacked: both allowed", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, true},
        {"b1 occupied by our knight", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", true, false},
        {"b1 occupied by their knight", "4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1", true, false},
        {"g1 occupied", "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", false, true},
        {"no rights", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", false, false},
        {"king-side right only", "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", true, false},
    };
    for (const Case& c : cases) {
        INFO(c.what << ": " << c.fen);
        const Position pos = position_from(c.fen);
        const std::vector<std::string> texts = legal_move_texts(pos);
        CHECK(has(texts, "e1g1") == c.king_side);
        CHECK(has(texts, "e1c1") == c.queen_side);
        CHECK(legal_moves(pos).contains(Move::make(SQ_E1, SQ_H1, MoveKind::Castling)) == c.king_side);
        CHECK(legal_moves(pos).contains(Move::make(SQ_E1, SQ_A1, MoveKind::Castling)) == c.queen_side);
        CHECK(count_legal_moves(pos) == texts.size());
    }
    SECTION("black") {
        CHECK(has(legal_move_texts(position_from("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1")), "e8c8"));
        CHECK(has(legal_move_texts(position_from("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1")), "e8g8"));
        CHECK_FALSE(has(legal_move_texts(position_from("r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1")), "e8c8"));
        CHECK(has(legal_move_texts(position_from("r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1")), "e8g8"));
        CHECK(has(legal_move_texts(position_from("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1")), "e8c8"));
    }
    SECTION("Chess960: the castling rook's shield is gone once it has moved") {
        // King f1, queen-side rook b1, black rook a1 behind it: after O-O-O (Kc1, Rd1) the a1
        // rook attacks c1, so castling is illegal although b1 blocks the rank now.
        const Position pos = position_from("4k3/8/8/8/8/8/8/rR3K2 w B - 0 1", true);
        REQUIRE_FALSE(pos.in_check());
        CHECK_FALSE(legal_moves(pos).contains(Move::make(SQ_F1, SQ_B1, MoveKind::Castling)));
        const Position free = position_from("4k3/8/8/8/8/8/8/1R3K2 w B - 0 1", true);
        CHECK(legal_moves(free).contains(Move::make(SQ_F1, SQ_B1, MoveKind::Castling)));
    }
}

TEST_CASE("promotions to all four pieces, with and without capture", "[movegen][promotion]") {
    const Position pos = position_from("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(moves_from(pos, SQ_B7) == sorted({"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n"}));
    const std::vector<std::string> noisy = texts_of<GenKind::Noisy>(pos), quiet = texts_of<GenKind::Quiet>(pos);
    for (const char* t : {"b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q"}) CHECK(has(noisy, t));
    for (const char* t : {"b7b8r", "b7b8b", "b7b8n"}) CHECK(has(quiet, t));
    CHECK(count_legal_moves(pos) == legal_moves(pos).size());

    const Position black = position_from("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1");
    CHECK(moves_from(black, SQ_G2) == sorted({"g2g1q", "g2g1r", "g2g1b", "g2g1n", "g2h1q", "g2h1r", "g2h1b", "g2h1n"}));
    CHECK(count_legal_moves(black) == legal_moves(black).size());

    // A blocked pawn cannot promote; a pinned one only by capturing its pinner.
    CHECK(moves_from(position_from("1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), SQ_B7).empty());
    CHECK(moves_from(position_from("2b1k3/1P6/K7/8/8/8/8/8 w - - 0 1"), SQ_B7) ==
          sorted({"b7c8q", "b7c8r", "b7c8b", "b7c8n"}));  // pinned on the a6-c8 diagonal
}

TEST_CASE("pinned pieces move only along the pin line", "[movegen][pin]") {
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"), SQ_E2) == sorted({"e2e3", "e2e4", "e2e5", "e2e6", "e2e7"}));
    CHECK(moves_from(position_from("4k3/8/8/8/7b/8/5B2/4K3 w - - 0 1"), SQ_F2) == sorted({"f2g3", "f2h4"}));
    CHECK(moves_from(position_from("4k3/8/8/8/7b/8/5Q2/4K3 w - - 0 1"), SQ_F2) == sorted({"f2g3", "f2h4"}));
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/8/4Q3/4K3 w - - 0 1"), SQ_E2) == sorted({"e2e3", "e2e4", "e2e5", "e2e6", "e2e7"}));
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"), SQ_E2).empty());
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"), SQ_E2).empty());
    CHECK(moves_from(position_from("4k3/8/8/8/8/8/8/r2RK3 w - - 0 1"), SQ_D1) == sorted({"d1c1", "d1b1", "d1a1"}));
    // Pawns: a file pin allows pushes, not captures; a diagonal pin allows capturing the pinner only.
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/3b4/4P3/4K3 w - - 0 1"), SQ_E2) == sorted({"e2e3", "e2e4"}));
    CHECK(moves_from(position_from("4k3/8/8/8/8/4b3/3P4/2K5 w - - 0 1"), SQ_D2) == sorted({"d2e3"}));
    CHECK(moves_from(position_from("4k3/8/8/8/6b1/8/4P3/3K4 w - - 0 1"), SQ_E2).empty());  // pinned, blocked diagonal
    CHECK(moves_from(position_from("4k3/8/8/8/8/8/r2PK3/8 w - - 0 1"), SQ_D2).empty());    // rank pin
    // Black, pin by a queen.
    CHECK(moves_from(position_from("4k3/3n4/8/1Q6/8/8/8/4K3 b - - 0 1"), SQ_D7).empty());
    // A piece in front of the king with a second piece behind it is not pinned.
    CHECK(moves_from(position_from("4k3/4r3/8/8/8/4R3/4N3/4K3 w - - 0 1"), SQ_E2).size() == 6);
}

TEST_CASE("check evasions", "[movegen][check]") {
    SECTION("double check: only king moves") {
        const Position pos = position_from("4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1");
        REQUIRE(popcount(pos.checkers()) == 2);
        CHECK(legal_move_texts(pos) == sorted({"e1e2", "e1f2"}));
        CHECK(count_legal_moves(pos) == 2);
    }
    SECTION("double check: a piece that could capture a checker may not") {
        const Position pos = position_from("4k3/8/8/8/1b6/5n2/2N5/4K3 w - - 0 1");
        REQUIRE(popcount(pos.checkers()) == 2);
        CHECK(legal_move_texts(pos) == sorted({"e1d1", "e1e2", "e1f1", "e1f2"}));
    }
    SECTION("single check: block") {
        const Position pos = position_from("4k3/8/8/8/8/8/3B4/r3K1N1 w - - 0 1");
        CHECK(legal_move_texts(pos) == sorted({"d2c1", "e1e2", "e1f2"}));
    }
    SECTION("single check: capture the checker or block") {
        const Position pos = position_from("4k3/8/8/8/8/1N6/8/r3K3 w - - 0 1");
        CHECK(legal_move_texts(pos) == sorted({"b3a1", "b3c1", "e1d2", "e1e2", "e1f2"}));
        CHECK(texts_of<GenKind::Noisy>(pos) == sorted({"b3a1"}));
    }
    SECTION("king cannot step back along the checking line") {
        const Position pos = position_from("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
        CHECK(legal_move_texts(pos) == sorted({"e1d2", "e1e2", "e1f2"}));
    }
    SECTION("checkmate and stalemate have no moves") {
        CHECK(legal_moves(position_from("R6k/8/7K/8/8/8/8/8 b - - 0 1")).empty());
        CHECK(count_legal_moves(position_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")) == 0);
    }
}

TEST_CASE("a position with 218 legal moves fits the move list", "[movegen]") {
    const Position pos = position_from("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    const MoveList list = legal_moves(pos);
    CHECK(list.size() == 218);
    CHECK(count_legal_moves(pos) == 218);
    std::vector<std::uint16_t> raw = raw_sorted(list);
    CHECK(std::adjacent_find(raw.begin(), raw.end()) == raw.end());
}

TEST_CASE("Noisy and Quiet partition All; counts and is_legal agree, over random games", "[movegen][random]") {
    std::mt19937 rng(777);
    const auto& starts = random_game_starts();
    long positions = 0, noisy_total = 0;
    for (int game = 0; game < 100; ++game) {
        const GameStart start = starts[game % starts.size()];
        Position pos = position_from(start.fen, start.chess960);
        for (int ply = 0; ply < 100; ++ply) {
            INFO("game " << game << ", position " << pos.fen());
            MoveList all, noisy, quiet;
            generate<GenKind::All>(pos, all);
            generate<GenKind::Noisy>(pos, noisy);
            generate<GenKind::Quiet>(pos, quiet);
            ++positions;
            noisy_total += long(noisy.size());

            // Same multiset, no duplicates.
            const std::vector<std::uint16_t> all_raw = raw_sorted(all);
            std::vector<std::uint16_t> parts;
            for (const Move m : noisy) parts.push_back(m.raw());
            for (const Move m : quiet) parts.push_back(m.raw());
            std::sort(parts.begin(), parts.end());
            REQUIRE(parts == all_raw);
            REQUIRE(std::adjacent_find(all_raw.begin(), all_raw.end()) == all_raw.end());
            REQUIRE(count_legal_moves(pos) == all.size());
            REQUIRE(legal_moves(pos).size() == all.size());

            const Color us = pos.side_to_move();
            for (const Move m : noisy) {
                const bool capture = m.kind() != MoveKind::Castling && !pos.empty(m.to());
                INFO("noisy move " << coord(pos, m));
                REQUIRE((capture || m.kind() == MoveKind::EnPassant || (m.kind() == MoveKind::Promotion && m.promotion() == QUEEN)));
                if (capture) REQUIRE(piece_color(pos.piece_on(m.to())) != us);
            }
            for (const Move m : quiet) {
                INFO("quiet move " << coord(pos, m));
                if (m.kind() == MoveKind::Castling) {
                    REQUIRE(pos.piece_on(m.to()) == make_piece(us, ROOK));
                    continue;
                }
                REQUIRE(pos.empty(m.to()));
                REQUIRE(m.kind() != MoveKind::EnPassant);
                if (m.kind() == MoveKind::Promotion) REQUIRE(m.promotion() != QUEEN);
            }

            // Every generated move is legal: it leaves the mover's king safe.
            for (const Move m : all) {
                REQUIRE(is_legal(pos, m));
                REQUIRE(piece_color(pos.piece_on(m.from())) == us);
                pos.make_move(m);
                const bool king_safe = !(pos.attackers_to(pos.king_square(us)) & pos.pieces(~us));
                pos.unmake_move();
                INFO("move " << coord(pos, m));
                REQUIRE(king_safe);
            }
            // is_legal agrees with membership for arbitrary 16-bit moves and near misses.
            for (int i = 0; i < 20; ++i) {
                const Move m(std::uint16_t(rng() & 0xFFFF));
                REQUIRE(is_legal(pos, m) == all.contains(m));
            }
            for (const Move m : all) {
                const Move as_normal(m.from(), m.to());
                REQUIRE(is_legal(pos, as_normal) == all.contains(as_normal));
                const Move reversed(m.to(), m.from());
                REQUIRE(is_legal(pos, reversed) == all.contains(reversed));
            }

            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
    CHECK(positions > 5000);
    CHECK(noisy_total > 10000);
}

TEST_CASE("is_legal rejects moves that are not legal here", "[movegen]") {
    const Position pos;
    CHECK(is_legal(pos, Move(SQ_E2, SQ_E4)));
    CHECK(is_legal(pos, Move(SQ_G1, SQ_F3)));
    CHECK_FALSE(is_legal(pos, Move::none()));
    CHECK_FALSE(is_legal(pos, Move::null()));
    CHECK_FALSE(is_legal(pos, Move(SQ_E7, SQ_E5)));  // the opponent's move
    CHECK_FALSE(is_legal(pos, Move(SQ_E3, SQ_E4)));  // empty origin
    CHECK_FALSE(is_legal(pos, Move(SQ_E2, SQ_E5)));
    CHECK_FALSE(is_legal(pos, Move::make(SQ_E2, SQ_E4, MoveKind::EnPassant)));
    CHECK_FALSE(is_legal(pos, Move::make(SQ_E1, SQ_H1, MoveKind::Castling)));
    const Position castle = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(is_legal(castle, Move::make(SQ_E1, SQ_H1, MoveKind::Castling)));
    CHECK_FALSE(is_legal(castle, Move(SQ_E1, SQ_G1)));  // castling is encoded king-takes-rook
    CHECK_FALSE(is_legal(castle, Move(SQ_E1, SQ_H1)));
}

namespace {

struct Probe {
    std::string fen;
    bool chess960 = false;
};

// Positions for the exhaustive is_legal test: the perft suites, hand-made corner cases and
// their colour mirrors, and positions along seeded random games.
std::vector<Probe> is_legal_probes() {
    std::vector<Probe> probes;
    for (const auto& [file, chess960] :
         {std::pair{"tricky.epd", false}, std::pair{"quick.epd", false}, std::pair{"chess960-quick.epd", true}}) {
        std::vector<std::string> errors;
        const std::vector<PerftCase> cases = load_perft_suite(std::string(SEN_SOURCE_DIR) + "/perft-suites/" + file, errors);
        REQUIRE(errors.empty());
        REQUIRE(!cases.empty());
        for (const PerftCase& c : cases) {
            probes.push_back({c.fen, chess960});
            // The children in check, for evasions (double checks among them) in varied positions.
            Position pos = position_from(c.fen, chess960);
            for (const Move m : legal_moves(pos)) {
                pos.make_move(m);
                if (pos.in_check()) probes.push_back({pos.fen(), chess960});
                pos.unmake_move();
            }
        }
    }
    const Probe corner_cases[] = {
        // Checks, double checks, evasions by capture, block and promotion.
        {"4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1"},
        {"4k3/8/8/8/1b6/5n2/2N5/4K3 w - - 0 1"},
        {"4k3/8/8/8/8/8/3B4/r3K1N1 w - - 0 1"},
        {"4k3/8/8/8/8/1N6/8/r3K3 w - - 0 1"},
        {"4k3/8/8/8/8/8/8/r3K3 w - - 0 1"},
        {"1r2k3/P7/8/8/8/8/8/1K6 w - - 0 1"},
        {"K6r/4P3/8/8/8/8/8/7k w - - 0 1"},
        {"4k3/8/8/8/1q6/8/2N1P3/4K3 w - - 0 1"},
        {"4k3/8/8/8/8/8/2Qp4/4K3 w - - 0 1"},
        {"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"},
        // Pins, of every piece, on ranks, files and diagonals, with checks from elsewhere.
        {"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"},
        {"4k3/8/8/8/7b/8/5Q2/4K3 w - - 0 1"},
        {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"},
        {"4k3/4r3/8/8/8/3b4/4P3/4K3 w - - 0 1"},
        {"4k3/8/8/8/8/4b3/3P4/2K5 w - - 0 1"},
        {"4k3/8/8/8/8/8/r2PK3/8 w - - 0 1"},
        {"4k3/4r3/8/8/8/4R3/4N3/4K3 w - - 0 1"},
        {"4k3/4r3/8/8/1b6/8/3RQ3/4K3 w - - 0 1"},
        {"q3k3/8/8/3n4/8/8/6B1/r3K2R w K - 0 1"},
        {"3rk3/8/8/8/b7/8/2RB4/3K4 w - - 0 1"},
        // En passant: along a pinned rank, capturing the checker, beside another checker, pinned on a diagonal.
        {"8/8/8/KPp4r/8/8/8/7k w - c6 0 2"},
        {"7K/8/8/8/R4pPk/8/8/8 b - g3 0 2"},
        {"4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2"},
        {"8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 2"},
        {"4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 2"},
        {"4k3/8/8/3pP3/8/5p2/4K3/8 w - d6 0 2"},
        {"4k3/8/8/3pPp2/4K3/8/8/8 w - d6 0 2"},
        {"3k4/3b4/8/1Pp5/K7/8/8/8 w - c6 0 2"},
        {"4b2k/8/8/pP6/K7/8/8/8 w - a6 0 2"},
        {"4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2"},
        {"8/8/8/KPpP3r/8/8/8/7k w - c6 0 2"},
        // Two pawns could capture en passant but one of them is pinned (on a diagonal, on a file, and in check).
        {"8/5K2/8/1PpP4/8/8/b7/7k w - c6 0 2"},
        {"3r4/8/8/1PpP4/8/8/8/3K3k w - c6 0 2"},
        {"3r3k/8/8/1PpP4/3K4/8/8/8 w - c6 0 2"},
        // Promotions: quiet, capturing, blocked, pinned, in check.
        {"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"},
        {"1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1"},
        {"2b1k3/1P6/K7/8/8/8/8/8 w - - 0 1"},
        {"r1n1k3/1PP5/8/8/8/8/6p1/4K2R b K - 0 1"},
        {"2nr1k2/3P4/8/8/8/8/8/3K4 w - - 0 1"},
        // Castling, standard and Chess960 with the king and rooks on various squares.
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
        {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
        {"2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
        {"1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
        {"4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"},
        {"4k3/8/8/8/8/8/8/rR3K2 w B - 0 1", true},
        {"4k3/8/8/8/8/8/8/1R3K2 w B - 0 1", true},
        {"4k3/8/8/8/8/8/8/RK5R w HA - 0 1", true},
        {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", true},
        {"4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", true},
        {"k7/8/8/8/8/8/8/2RKR3 w EC - 0 1", true},
        {"4k3/8/8/8/8/8/8/RKR5 w CA - 0 1", true},
        {"4k3/8/8/8/8/8/8/5RKR w HF - 0 1", true},
        {"3k4/8/8/8/8/8/8/1R4KR w HB - 0 1", true},
        {"4k1r1/8/8/8/8/8/8/RK5R w HA - 0 1", true},
        {"2r1k3/8/8/8/8/8/8/1RK4R w HB - 0 1", true},
        {"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", true},
        {"4k3/8/8/8/8/8/8/NRK3R1 w GB - 0 1", true},
    };
    for (const Probe& p : corner_cases) {
        probes.push_back(p);
        probes.push_back({colour_mirror(p.fen), p.chess960});
    }
    std::mt19937 rng(20240611);
    const auto& starts = random_game_starts();
    for (int game = 0; game < 3 * int(starts.size()); ++game) {
        const GameStart start = starts[std::size_t(game) % starts.size()];
        Position pos = position_from(start.fen, start.chess960);
        for (int ply = 0; ply < 100; ++ply) {
            probes.push_back({pos.fen(), start.chess960});
            const Move m = random_legal_move(pos, rng);
            if (!m) break;
            pos.make_move(m);
        }
    }
    return probes;
}

}  // namespace

TEST_CASE("is_legal accepts exactly the generated moves among all 16-bit values", "[movegen][is_legal]") {
    int positions = 0, in_check = 0, double_check = 0, en_passant = 0, castling = 0, chess960_castling = 0, promotions = 0;
    for (const Probe& probe : is_legal_probes()) {
        const Position pos = position_from(probe.fen, probe.chess960);
        const MoveList list = legal_moves(pos);
        std::bitset<65536> generated;
        for (const Move m : list) generated.set(m.raw());
        int mismatches = 0;
        for (unsigned raw = 0; raw < 65536; ++raw) {
            const Move m{std::uint16_t(raw)};
            const bool legal = is_legal(pos, m);
            if (legal != generated.test(raw) && ++mismatches <= 5)
                FAIL_CHECK(probe.fen << (probe.chess960 ? " (Chess960)" : "") << ": is_legal(raw " << raw << ", " << coord(pos, m)
                                     << ", kind " << (raw >> 12 & 3) << ") = " << legal << ", generated: " << generated.test(raw));
        }
        ++positions;
        in_check += pos.in_check();
        double_check += more_than_one(pos.checkers());
        for (const Move m : list) {
            en_passant += m.kind() == MoveKind::EnPassant;
            castling += m.kind() == MoveKind::Castling;
            chess960_castling += m.kind() == MoveKind::Castling && probe.chess960;
            promotions += m.kind() == MoveKind::Promotion;
        }
    }
    // The set really holds the cases the test is for.
    CHECK(positions > 4000);
    CHECK(in_check > 500);
    CHECK(double_check > 15);
    CHECK(en_passant > 100);
    CHECK(castling > 200);
    CHECK(chess960_castling > 50);
    CHECK(promotions > 500);
}
