// Chess960 and Double Fischer Random Chess end to end: castling geometry (king and rook
// swapping, king or rook already on its destination, the castling rook shielding the king's
// path, the other castling rook in the way, castling out of check), FEN round trips with
// X-FEN and Shredder-FEN letters, UCI castling text, and make/unmake along random games; the
// start numbering of chess960.h (datagen's DFRC openings) against this file's own.
//
// Every expected move list and perft count below was produced by Stockfish 15.1 with
// UCI_Chess960 (the same oracle as perft-suites/chess960.epd). Move texts come from
// test_util.h's coord(), which writes castling king-takes-rook in Chess960.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "chess/chess960.h"
#include "chess/game.h"
#include "chess/notation.h"
#include "chess/test_util.h"
#include "core/perft.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

std::vector<std::string> split_moves(const std::string& text) {
    std::vector<std::string> moves;
    std::string current;
    for (const char c : text + ' ') {
        if (c != ' ') {
            current += c;
        } else if (!current.empty()) {
            moves.push_back(current);
            current.clear();
        }
    }
    return sorted(moves);
}

// Back rank of Chess960 start position n by Scharnagl's numbering (518 = RNBQKBNR).
std::string scharnagl_rank(int n) {
    static constexpr std::array<std::array<int, 2>, 10> KNIGHTS = {
        {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
    std::string rank(8, ' ');
    const auto free_files = [&rank] {
        std::vector<int> files;
        for (int f = 0; f < 8; ++f)
            if (rank[std::size_t(f)] == ' ') files.push_back(f);
        return files;
    };
    rank[std::size_t(2 * (n % 4) + 1)] = 'B';
    n /= 4;
    rank[std::size_t(2 * (n % 4))] = 'B';
    n /= 4;
    rank[std::size_t(free_files()[std::size_t(n % 6)])] = 'Q';
    n /= 6;
    const std::vector<int> five = free_files();
    for (const int i : KNIGHTS[std::size_t(n)]) rank[std::size_t(five[std::size_t(i)])] = 'N';
    const std::vector<int> three = free_files();
    rank[std::size_t(three[0])] = 'R';
    rank[std::size_t(three[1])] = 'K';
    rank[std::size_t(three[2])] = 'R';
    return rank;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(c | 0x20);
    return s;
}

// Start position with White's back rank from `white` and Black's from `black`, castling letters
// as given.
std::string start_fen(int white, int black, const std::string& castling) {
    return lower(scharnagl_rank(black)) + "/pppppppp/8/8/8/8/PPPPPPPP/" + scharnagl_rank(white) + " w " + castling + " - 0 1";
}

// Shredder-FEN letters of a start position: the rook files, king side first.
std::string shredder_letters(int white, int black) {
    const std::string w = scharnagl_rank(white), b = scharnagl_rank(black);
    return std::string(1, char('A' + int(w.rfind('R')))) + char('A' + int(w.find('R'))) + char('a' + int(b.rfind('R'))) +
           char('a' + int(b.find('R')));
}

struct EdgeCase {
    const char* what;
    const char* fen;
    const char* moves;                   // every legal move, as Stockfish lists them
    std::array<std::uint64_t, 4> perft;  // D1..D4
};

}  // namespace

TEST_CASE("chess960.h numbers the starts as this file does, for datagen's DFRC openings", "[chess960][fen]") {
    for (int n = 0; n < CHESS960_POSITIONS; ++n) {
        INFO(n);
        CHECK(chess960_back_rank(n) == scharnagl_rank(n));
        CHECK(dfrc_start_fen(n, (n * 7 + 3) % CHESS960_POSITIONS) == start_fen(n, (n * 7 + 3) % CHESS960_POSITIONS, "KQkq"));
    }
}

TEST_CASE("Scharnagl numbering gives 960 distinct starts that parse and round-trip", "[chess960][fen]") {
    CHECK(scharnagl_rank(518) == "RNBQKBNR");
    CHECK(scharnagl_rank(0) == "BBQNNRKR");
    CHECK(scharnagl_rank(959) == "RKRNNQBB");
    std::vector<std::string> seen;
    for (int n = 0; n < 960; ++n) {
        const std::string rank = scharnagl_rank(n);
        seen.push_back(rank);
        INFO("start position " << n << ": " << rank);
        // X-FEN and Shredder-FEN name the same rights; both are written back as X-FEN.
        const Position xfen = position_from(start_fen(n, n, "KQkq"), true);
        const Position shredder = position_from(start_fen(n, n, shredder_letters(n, n)), true);
        CHECK(xfen.fen() == start_fen(n, n, "KQkq"));
        CHECK(shredder.fen() == xfen.fen());
        CHECK(shredder.key() == xfen.key());
        CHECK(xfen.castling_rook_square(WHITE_OO) == make_square(int(rank.rfind('R')), 0));
        CHECK(xfen.castling_rook_square(WHITE_OOO) == make_square(int(rank.find('R')), 0));
        CHECK(xfen.castling_rook_square(BLACK_OO) == make_square(int(rank.rfind('R')), 7));
        CHECK(xfen.castling_rook_square(BLACK_OOO) == make_square(int(rank.find('R')), 7));
        CHECK_FALSE(xfen.consistency_error().has_value());
        // Bishops on opposite colours, king between the rooks.
        CHECK((rank.find('B') + rank.rfind('B')) % 2 == 1);
        CHECK(rank.find('R') < rank.find('K'));
        CHECK(rank.find('K') < rank.rfind('R'));
    }
    std::sort(seen.begin(), seen.end());
    CHECK(std::unique(seen.begin(), seen.end()) == seen.end());
}

TEST_CASE("Chess960 castling edge cases: exact legal move lists and perft", "[chess960][movegen][castling]") {
    const EdgeCase cases[] = {
        {"king f1 and rook g1 swap squares (O-O is f1g1)",
         "4k3/8/8/8/8/8/8/5KR1 w K - 0 1",
         "f1e1 f1e2 f1f2 f1g1 f1g2 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1",
         {13, 58, 1033, 5689}},
        {"king d1 and rook c1 swap squares (O-O-O is d1c1)",
         "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1",
         "c1a1 c1b1 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 d1c1 d1c2 d1d2 d1e1 d1e2",
         {14, 63, 1110, 6173}},
        {"king already on g1: O-O (g1h1) moves only the rook",
         "4k3/8/8/8/8/8/8/6KR w K - 0 1",
         "g1f1 g1f2 g1g2 g1h1 g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
         {12, 53, 948, 5571}},
        {"king already on c1: O-O-O (c1a1), the rook crosses b1",
         "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1",
         "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 c1a1 c1b1 c1b2 c1c2 c1d1 c1d2",
         {14, 63, 1125, 6672}},
        {"king on c1, a knight on b1 in the rook's way: no O-O-O",
         "4k3/8/8/8/8/8/8/RNK5 w Q - 0 1",
         "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a3 b1c3 b1d2 c1b2 c1c2 c1d1 c1d2",
         {14, 65, 1215, 7346}},
        {"king on c1, a bishop on the rook's square d1: no O-O-O",
         "4k3/8/8/8/8/8/8/R1KB4 w Q - 0 1",
         "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 c1b1 c1b2 c1c2 c1d2 d1a4 d1b3 d1c2 d1e2 d1f3 d1g4 d1h5",
         {19, 86, 1937, 11075}},
        {"rook already on f1: O-O (b1f1) moves only the king",
         "4k3/8/8/8/8/8/8/1K3R2 w K - 0 1",
         "b1a1 b1a2 b1b2 b1c1 b1c2 b1f1 f1c1 f1d1 f1e1 f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g1 f1h1",
         {18, 60, 1054, 5847}},
        {"rook already on d1: O-O-O (g1d1) moves only the king",
         "4k3/8/8/8/8/8/8/3R2K1 w Q - 0 1",
         "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1f1 g1d1 g1f1 g1f2 g1g2 g1h1 g1h2",
         {18, 60, 1053, 5912}},
        {"castling rook b1 shields c1 from the a1 rook: no c1b1",
         "4k3/8/8/8/8/8/8/rRK5 w Q - 0 1",
         "b1a1 c1b2 c1c2 c1d1 c1d2",
         {5, 57, 821, 12489}},
        {"castling rook g1 shields g1 from the h1 rook: no f1g1",
         "4k3/8/8/8/8/8/8/5KRr w K - 0 1",
         "f1e1 f1e2 f1f2 f1g2 g1h1",
         {5, 57, 821, 12355}},
        {"castling rook b1 shields c1 from the a1 queen: no d1b1",
         "4k3/8/8/8/8/8/8/qR1K4 w Q - 0 1",
         "b1a1 b1c1 d1c1 d1c2 d1d2 d1e1 d1e2",
         {7, 126, 1558, 34815}},
        {"castling rook e1 pinned by the h1 rook: no d1e1",
         "k7/8/8/8/8/8/8/3KR2r w K - 0 1",
         "d1c1 d1c2 d1d2 d1e2 e1f1 e1g1 e1h1",
         {7, 78, 1099, 15935}},
        {"a knight screens the a1 rook: O-O-O (d1c1) is legal",
         "4k3/8/8/8/8/8/8/rNRK4 w Q - 0 1",
         "b1a3 b1c3 b1d2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 d1c1 d1c2 d1d2 d1e1 d1e2",
         {15, 178, 3011, 43930}},
        {"the other castling rook on c1 blocks O-O-O; O-O (b1c1) is legal",
         "4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1",
         "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a2 b1b2 b1c1 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1e1 c1f1 "
         "c1g1 c1h1",
         {23, 98, 2585, 13108}},
        {"in check: no castling", "1r2k3/8/8/8/8/8/8/1K4R1 w K - 0 1", "b1a1 b1a2 b1c1 b1c2", {4, 60, 858, 13415}},
        {"in check on g1: no castling, though the king would not move",
         "4k1r1/8/8/8/8/8/8/6KR w K - 0 1",
         "g1f1 g1f2 g1h2",
         {3, 42, 474, 7640}},
        {"O-O-O (b1a1) gives check from d1",
         "3k4/8/8/8/8/8/8/RK6 w Q - 0 1",
         "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a1 b1a2 b1b2 b1c1 b1c2",
         {12, 54, 960, 5574}},
        {"DFRC-like files: O-O-O (e1c1) legal, O-O into the g-file rook illegal",
         "1r1k2r1/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1",
         "c1a1 c1b1 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 e1c1 e1d1 e1d2 e1e2 e1f2 f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 "
         "f1f8 f1g1 f1h1",
         {24, 460, 10933, 241022}},
        {"X-FEN inner rook e1 castles (b1e1); h1 has no right",
         "k7/8/8/8/8/8/8/1K2R2R w E - 0 1",
         "b1a1 b1a2 b1b2 b1c1 b1c2 b1e1 e1c1 e1d1 e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 e1f1 e1g1 h1f1 h1g1 h1h2 h1h3 "
         "h1h4 h1h5 h1h6 h1h7 h1h8",
         {26, 72, 2043, 10411}},
        {"DFRC start 0 v 959",
         "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1",
         "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d1c3 d1e3 d2d3 d2d4 e1d3 e1f3 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4",
         {20, 400, 9014, 202136}},
    };
    for (const EdgeCase& c : cases) {
        INFO(c.what << ": " << c.fen);
        Position pos = position_from(c.fen, true);
        CHECK(legal_move_texts(pos) == split_moves(c.moves));
        CHECK(count_legal_moves(pos) == c.perft[0]);
        for (int depth = 1; depth <= 4; ++depth) CHECK(Perft<ChessGame>::count(pos, depth) == c.perft[std::size_t(depth - 1)]);
        CHECK(pos.fen() == position_from(pos.fen(), true).fen());
    }
}

TEST_CASE("Chess960 castling places king and rook on g/f or c/d, and unmakes exactly", "[chess960][makemove][castling]") {
    struct Castle {
        const char* fen;
        const char* move;
        const char* after;
    };
    const Castle castles[] = {
        {"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", "d1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/1K3R2 w K - 0 1", "b1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/3R2K1 w Q - 0 1", "g1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1", "b1c1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
        {"1r1k2r1/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1", "e1c1", "1r1k2r1/8/8/8/8/8/8/2KR1R2 b kq - 1 1"},
        {"1r1k2r1/8/8/8/8/8/8/4K3 b kq - 0 1", "d8g8", "1r3rk1/8/8/8/8/8/8/4K3 w - - 1 2"},
        {"1r1k2r1/8/8/8/8/8/8/4K3 b kq - 0 1", "d8b8", "2kr2r1/8/8/8/8/8/8/4K3 w - - 1 2"},
    };
    for (const Castle& c : castles) {
        INFO(c.fen << " " << c.move);
        Position pos = position_from(c.fen, true);
        const Key key = pos.key();
        const Move m = find_move(pos, c.move);
        CHECK(m.kind() == MoveKind::Castling);
        CHECK(move_to_uci(m, true) == c.move);
        const bool check_expected = pos.gives_check(m);
        pos.make_move(m);
        CHECK(pos.fen() == c.after);
        CHECK(pos.in_check() == check_expected);
        CHECK_FALSE(pos.consistency_error().has_value());
        CHECK(pos.key() == position_from(c.after, true).key());
        pos.unmake_move();
        CHECK(pos.fen() == c.fen);
        CHECK(pos.key() == key);
    }
    SECTION("O-O-O from b1 gives check with the rook on d1") {
        const Position pos = position_from("3k4/8/8/8/8/8/8/RK6 w Q - 0 1", true);
        CHECK(pos.gives_check(Move::make(SQ_B1, SQ_A1, MoveKind::Castling)));
    }
}

TEST_CASE("Chess960 FEN round trip is exact, with X-FEN letters for inner rooks", "[chess960][fen]") {
    SECTION("X-FEN input is written back unchanged") {
        for (const char* fen : {
                 "4k3/8/8/8/8/8/8/5KR1 w K - 0 1",
                 "k7/8/8/8/8/8/8/1K2R2R w E - 0 1",
                 "4k3/8/8/8/8/8/8/RR4K1 w B - 0 1",
                 "rr2k2r/8/8/8/8/8/8/R2K1R1R w FQkb - 0 1",
                 "1r1k2r1/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1",
                 "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w KQkq - 0 1",
                 "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
                 "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w KQkq d6 0 9",
                 "nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w k - 3 9",
             }) {
            INFO(fen);
            const Position pos = position_from(fen, true);
            CHECK(pos.fen() == fen);
            CHECK(position_from(pos.fen(), true).key() == pos.key());
        }
    }
    SECTION("Shredder-FEN input is written as X-FEN naming the same rooks") {
        struct Pair {
            const char* shredder;
            const char* xfen;
        };
        for (const Pair& p : {
                 Pair{"rr2k2r/8/8/8/8/8/8/R2K1R1R w FAhb - 0 1", "rr2k2r/8/8/8/8/8/8/R2K1R1R w FQkb - 0 1"},
                 Pair{"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1",
                      "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
                 Pair{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
                      "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9"},
                 Pair{"nnrqbkrb/pppp1pp1/7p/4p3/6P1/2N2B2/PPPPPP1P/NR1QBKR1 w Ggc - 2 9",
                      "nnrqbkrb/pppp1pp1/7p/4p3/6P1/2N2B2/PPPPPP1P/NR1QBKR1 w Kkq - 2 9"},
             }) {
            INFO(p.shredder);
            const Position shredder = position_from(p.shredder, true);
            const Position xfen = position_from(p.xfen, true);
            CHECK(shredder.fen() == p.xfen);
            CHECK(shredder.key() == xfen.key());
            for (const CastlingRights r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
                if (shredder.can_castle(r)) CHECK(shredder.castling_rook_square(r) == xfen.castling_rook_square(r));
        }
    }
    SECTION("the letter follows the board: once the outer rook leaves, the inner one is K") {
        Position pos = position_from("k7/8/8/8/8/8/8/1K2R2R w E - 0 1", true);
        CHECK(pos.castling_rook_square(WHITE_OO) == SQ_E1);
        play(pos, {"h1h2"});
        CHECK(pos.fen() == "k7/8/8/8/8/8/7R/1K2R3 b K - 1 1");
        CHECK(position_from(pos.fen(), true).castling_rook_square(WHITE_OO) == SQ_E1);
        pos.unmake_move();
        CHECK(pos.fen() == "k7/8/8/8/8/8/8/1K2R2R w E - 0 1");
    }
    SECTION("an enemy rook beyond the castling rook does not make the letter ambiguous") {
        const Position pos = position_from("k7/8/8/8/8/8/8/1K2R2r w E - 0 1", true);
        CHECK(pos.fen() == "k7/8/8/8/8/8/8/1K2R2r w K - 0 1");
        CHECK(pos.castling_rook_square(WHITE_OO) == SQ_E1);
    }
    SECTION("the rights follow the pieces: a rook move drops one right, a king move both") {
        Position pos = position_from("1r1k2r1/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1", true);
        play(pos, {"f1f2"});
        CHECK(pos.fen() == "1r1k2r1/8/8/8/8/8/5R2/2R1K3 b Qkq - 1 1");
        play(pos, {"d8e8"});
        CHECK(pos.fen() == "1r2k1r1/8/8/8/8/8/5R2/2R1K3 w Q - 2 2");
    }
}

TEST_CASE("Chess960 UCI castling text: king takes rook, rejected in standard mode", "[chess960][notation]") {
    const Position pos960 = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    const Position standard = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move short_castle = Move::make(SQ_E1, SQ_H1, MoveKind::Castling);
    CHECK(move_to_uci(short_castle, true) == "e1h1");
    CHECK(move_to_uci(short_castle, false) == "e1g1");
    CHECK(parse_uci_move(pos960, "e1h1") == short_castle);
    CHECK(parse_uci_move(pos960, "e1a1") == Move::make(SQ_E1, SQ_A1, MoveKind::Castling));
    CHECK(parse_uci_move(pos960, "e1g1") == Move::none());
    CHECK(parse_uci_move(pos960, "e1c1") == Move::none());
    CHECK(parse_uci_move(standard, "e1h1") == Move::none());
    CHECK(parse_uci_move(standard, "e1a1") == Move::none());
    CHECK(parse_uci_move(standard, "e1g1") == short_castle);

    SECTION("king already on its destination: g1h1 is castling, g1f1 a king move") {
        const Position pos = position_from("4k3/8/8/8/8/8/8/6KR w K - 0 1", true);
        CHECK(parse_uci_move(pos, "g1h1") == Move::make(SQ_G1, SQ_H1, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "g1f1") == Move(SQ_G1, SQ_F1));
        CHECK(parse_uci_move(pos, "g1g1") == Move::none());
    }
    SECTION("swap: f1g1 is castling, never a king step onto the rook") {
        const Position pos = position_from("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", true);
        CHECK(parse_uci_move(pos, "f1g1") == Move::make(SQ_F1, SQ_G1, MoveKind::Castling));
        const Position no_right = position_from("4k3/8/8/8/8/8/8/5KR1 w - - 0 1", true);
        CHECK(parse_uci_move(no_right, "f1g1") == Move::none());
    }
    SECTION("black castles in a DFRC position") {
        const Position pos = position_from("1r1k2r1/8/8/8/8/8/8/4K3 b kq - 0 1", true);
        CHECK(parse_uci_move(pos, "d8g8") == Move::make(SQ_D8, SQ_G8, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "d8b8") == Move::make(SQ_D8, SQ_B8, MoveKind::Castling));
        CHECK(parse_uci_move(pos, "d8c8") == Move(SQ_D8, SQ_C8));
    }
}

TEST_CASE("Chess960 and DFRC random games: gives_check, keys and unmake stay exact", "[chess960][makemove][random]") {
    std::mt19937 rng(20261130);
    int castles = 0;
    for (int game = 0; game < 120; ++game) {
        const int white = int(rng() % 960);
        const int black = game % 2 ? white : int(rng() % 960);
        const std::string fen = start_fen(white, black, "KQkq");
        Position pos = position_from(fen, true);
        INFO("game " << game << " from " << fen);
        for (int ply = 0; ply < 80; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            // Prefer castling whenever it is legal, so that it happens in most games.
            Move m = moves[rng() % moves.size()];
            for (const Move c : moves)
                if (c.kind() == MoveKind::Castling && rng() % 2) m = c;
            castles += m.kind() == MoveKind::Castling;
            INFO("at " << pos.fen() << " playing " << move_to_uci(m, true));
            REQUIRE(parse_uci_move(pos, move_to_uci(m, true)) == m);
            const bool check = pos.gives_check(m);
            pos.make_move(m);
            REQUIRE(pos.in_check() == check);
            REQUIRE_FALSE(pos.consistency_error().has_value());
            const Position reread = position_from(pos.fen(), true);
            REQUIRE(reread.fen() == pos.fen());
            REQUIRE(reread.key() == pos.key());
        }
        while (pos.history_length() > 0) pos.unmake_move();
        CHECK(pos.fen() == fen);
        CHECK(pos.key() == position_from(fen, true).key());
    }
    CHECK(castles > 100);
}
