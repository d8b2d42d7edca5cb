// Tests of the threats used to order quiet moves (threats.h): threat_escape agrees on every quiet
// move of many positions with a count written here from its definition over attackers_to, and
// the hanging-queen position gets the values by hand.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "chess/game.h"
#include "chess/see.h"
#include "chess/test_util.h"
#include "chess/threats.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

// Pawns 0, knights and bishops 1, rooks 2, queens 3; kings and pawns are never threatened.
int rank_of_piece(PieceType pt) {
    switch (pt) {
    case PAWN: return 0;
    case KNIGHT:
    case BISHOP: return 1;
    case ROOK: return 2;
    case QUEEN: return 3;
    default: return 4;
    }
}

// Whether a piece of the side not to move, of a lower rank than `pt`, attacks `s` on the board
// as it stands.
bool cheaper_attacker(const Position& pos, Square s, PieceType pt) {
    if (pt == PAWN || pt == KING) return false;
    for (Bitboard b = pos.attackers_to(s) & pos.pieces(~pos.side_to_move()); b;)
        if (rank_of_piece(piece_type(pos.piece_on(pop_lsb(b)))) < rank_of_piece(pt)) return true;
    return false;
}

int expected_escape(const Position& pos, Move m) {
    const PieceType pt = piece_type(pos.piece_on(m.from()));
    return (int(cheaper_attacker(pos, m.from(), pt)) - int(cheaper_attacker(pos, m.to(), pt))) * SEE_VALUE[pt];
}

}  // namespace

TEST_CASE("Threats: a queen attacked by a rook gains by leaving, a knight loses by stepping into a pawn's reach", "[threats]") {
    // Black to move: the rook on d1 attacks the queen on d5; the b4 pawn guards a5 and c5, the
    // knight on h4 guards f5 and g6.
    const Position pos = position_from("1n2k3/7p/8/3q4/1P5N/8/4K3/3R4 b - - 0 1");
    const Threats t = threats(pos);
    CHECK(threat_escape(pos, t, find_move(pos, "d5h5")) == SEE_VALUE[QUEEN]);  // out of every cheaper piece's reach
    CHECK(threat_escape(pos, t, find_move(pos, "d5e6")) == SEE_VALUE[QUEEN]);
    CHECK(threat_escape(pos, t, find_move(pos, "d5c5")) == 0);  // the pawn takes it there
    CHECK(threat_escape(pos, t, find_move(pos, "d5f5")) == 0);  // the knight takes it there
    CHECK(threat_escape(pos, t, find_move(pos, "d5d3")) == 0);  // still on the rook's file
    CHECK(threat_escape(pos, t, find_move(pos, "e8e7")) == 0);  // a king is never threatened
    CHECK(threat_escape(pos, t, find_move(pos, "b8c6")) == 0);
    CHECK(threat_escape(pos, t, find_move(pos, "h7h6")) == 0);  // nor a pawn
    // White to move: the knight steps into the h7 pawn's reach; the rook next to the queen,
    // which is not cheaper than a rook.
    const Position white = position_from("1n2k3/7p/8/3q4/1P5N/8/4K3/3R4 w - - 0 1");
    const Threats wt = threats(white);
    CHECK(threat_escape(white, wt, find_move(white, "h4g6")) == -SEE_VALUE[KNIGHT]);
    CHECK(threat_escape(white, wt, find_move(white, "h4f5")) == 0);
    CHECK(threat_escape(white, wt, find_move(white, "d1d4")) == 0);
}

TEST_CASE("Threats: threat_escape matches its definition on every quiet move", "[threats]") {
    std::mt19937 rng(7);
    int checked = 0, nonzero = 0;
    for (const GameStart& start : random_game_starts()) {
        for (int game = 0; game < 4; ++game) {
            Position pos = position_from(start.fen, start.chess960);
            for (int ply = 0; ply < 80; ++ply) {
                const Threats t = threats(pos);
                for (const Move m : legal_moves(pos)) {
                    if (ChessGame::is_noisy(pos, m) || m.kind() == MoveKind::Castling) continue;
                    const int expected = expected_escape(pos, m);
                    INFO(pos.fen() << "  " << coord(pos, m));
                    REQUIRE(threat_escape(pos, t, m) == expected);
                    ++checked;
                    nonzero += expected != 0;
                }
                const Move m = random_legal_move(pos, rng);
                if (!m) break;
                pos.make_move(m);
            }
        }
    }
    // The sample must hold both kinds of case, or the agreement says little.
    CHECK(checked > 10000);
    CHECK(nonzero > 500);
}
