// Tests of the threats used to order xiangqi's quiet moves (xiangqi/threats.h): a hand-made
// case, and agreement on every quiet move of many positions with a count written here from the
// definition over attackers_to.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "xiangqi/see.h"
#include "xiangqi/test_util.h"
#include "xiangqi/threats.h"

using sen::Color;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

// Soldiers 0, advisors and elephants 1, horses and cannons 2, chariots 3; soldiers and the
// general are never threatened.
int class_of(PieceType pt) {
    switch (pt) {
    case SOLDIER: return 0;
    case ADVISOR:
    case ELEPHANT: return 1;
    case HORSE:
    case CANNON: return 2;
    case CHARIOT: return 3;
    default: return 4;
    }
}

// Whether a piece of the side not to move, of a lower class than `pt`, attacks `s` on the board
// as it stands; cannons left out when `cannons` is false.
bool cheaper_attacker(const Position& pos, Square s, PieceType pt, bool cannons) {
    if (pt == SOLDIER || pt == GENERAL) return false;
    for (Bitboard b = pos.attackers_to(s) & pos.pieces(~pos.side_to_move()); b;) {
        const PieceType attacker = piece_type(pos.piece_on(pop_lsb(b)));
        if (class_of(attacker) < class_of(pt) && (cannons || attacker != CANNON)) return true;
    }
    return false;
}

// As threats.h defines it: only escapes count, and a cannon counts where a piece stands, not on
// the empty point a move goes to.
int expected_escape(const Position& pos, Move m) {
    const PieceType pt = piece_type(pos.piece_on(m.from()));
    return cheaper_attacker(pos, m.from(), pt, true) && !cheaper_attacker(pos, m.to(), pt, false) ? SEE_VALUE[pt] : 0;
}

}  // namespace

TEST_CASE("Xiangqi threats: a chariot steps out of a soldier's reach; into it is not marked down", "[threats]") {
    // Red's chariot on f3 beside Black's crossed soldier on e4, which attacks d4, f4 and e3.
    const Position pos = position_from("4k4/9/9/9/9/9/4p4/5R3/9/3K5 w - - 0 1");
    const Threats t = threats(pos);
    CHECK(threat_escape(pos, t, find_move(pos, "f3f4")) == 0);
    CHECK(threat_escape(pos, t, find_move(pos, "f3e3")) == 0);
    CHECK(threat_escape(pos, t, find_move(pos, "f3f2")) == 0);
    // The chariot on e3, under the soldier: leaving its file and the soldier's reach saves it.
    const Position under = position_from("4k4/9/9/9/9/9/4p4/4R4/9/3K5 w - - 0 1");
    const Threats u = threats(under);
    CHECK(threat_escape(under, u, find_move(under, "e3a3")) == SEE_VALUE[CHARIOT]);
    CHECK(threat_escape(under, u, find_move(under, "e3e2")) == SEE_VALUE[CHARIOT]);
    CHECK(threat_escape(under, u, find_move(under, "d1e1")) == 0);  // the general is never threatened
}

TEST_CASE("Xiangqi threats: threat_escape matches its definition on every quiet move", "[threats]") {
    std::mt19937 rng(11);
    int checked = 0, nonzero = 0;
    for (const std::string& start : random_game_starts()) {
        for (int game = 0; game < 6; ++game) {
            Position pos = position_from(start);
            for (int ply = 0; ply < 80; ++ply) {
                const Threats t = threats(pos);
                for (const Move m : legal_moves(pos)) {
                    if (!pos.empty(m.to())) continue;
                    const int expected = expected_escape(pos, m);
                    INFO(pos.fen() << "  " << coord(m));
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
    CHECK(checked > 10000);
    CHECK(nonzero > 500);
}
