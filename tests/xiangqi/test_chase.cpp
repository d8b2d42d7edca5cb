// Tests of the chasing rule (xiangqi/chase.cpp, through Position::chased_by, repetition_state
// and game_state): rule-book-style cycles, each played until its first position occurs a third
// time, with the verdict the Asian Xiangqi Federation (AXF) principle in its comment asks for;
// then single moves checked against the definition of a chase. docs/xiangqi.md ("Chasing
// rules") states the rule and where Fairy-Stockfish (the match referee) rules otherwise.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "xiangqi/game.h"
#include "xiangqi/test_util.h"

using namespace sen;
using namespace sen::xiangqi;
using namespace sen::xiangqi::test;

namespace {

struct Cycle {
    const char* name;    // what it shows, and its source
    const char* fen;     // the first position of the cycle
    const char* moves;   // one turn of the cycle, which brings the first position back
    GameState verdict;   // for the side to move when the first position occurs the third time
    GameState computer;  // the same under RepetitionRules::Computer (Pikafish's rules)
};

// Fairy-Stockfish 230826 (ffish 0.7.10, the match referee) gives the same verdict in every
// cycle here except one, marked "Referee:" (docs/xiangqi.md lists the differences).
const Cycle CYCLES[] = {
    // AXF definition of a chase: attacking an unprotected piece, again and again as it flees.
    {"chariot chases an unprotected horse", "3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1", "a2c2 c6a7 c2a2 a7c6", GameState::PerpetualChaseLoss,
     GameState::PerpetualChaseLoss},
    {"the same with colours reversed: Black chases and loses", "4k4/8r/9/9/9/6N2/9/9/9/5K3 b - - 0 1", "i9g9 g5i4 g9i9 i4g5",
     GameState::PerpetualChaseLoss, GameState::PerpetualChaseLoss},
    // AXF: attacking a protected piece is not a chase (here chariots on the tenth rank protect).
    {"a protected horse is not chased", "r1rk5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1", "a2c2 c6a7 c2a2 a7c6", GameState::Repetition,
     GameState::Repetition},
    // AXF: a horse or cannon attacking a chariot chases it even when it is protected.
    {"cannon chases a protected chariot", "3k5/9/9/r5r2/9/9/6pp1/9/7C1/4K4 w - - 0 1", "h2g2 g7h7 g2h2 h7g7", GameState::PerpetualChaseLoss,
     GameState::PerpetualChaseLoss},
    {"horse chases a protected chariot", "3k5/9/9/r6r1/4N4/9/9/9/9/4K4 w - - 0 1", "e6f8 h7g7 f8e6 g7h7", GameState::PerpetualChaseLoss,
     GameState::PerpetualChaseLoss},
    // AXF: offering an exchange of like pieces is not a chase (each chariot attacks the other).
    {"chariot against chariot is an exchange", "3k5/9/9/6r2/9/9/9/9/7R1/4K4 w - - 0 1", "h2g2 g7h7 g2h2 h7g7", GameState::Repetition,
     GameState::Repetition},
    {"an exchange on a file the victim can use", "4k4/4a4/9/4r4/R8/9/9/9/9/3K5 w - - 0 1", "a6a7 e7e6 a7a6 e6e7", GameState::Repetition,
     GameState::Repetition},
    // AXF diagrams 63-66: a chariot pinned to its file by a cannon cannot take back along the
    // rank, so chasing it perpetually with the other chariot loses.
    {"chariot pinned by a cannon is chased", "4k4/4a4/9/4r4/R8/9/9/9/9/3KC4 w - - 0 1", "a6a7 e7e6 a7a6 e6e7",
     GameState::PerpetualChaseLoss, GameState::PerpetualChaseLoss},
    // An attack is not real when the capture would be illegal: the red chariot is pinned on the
    // e-file. Referee: Fairy-Stockfish does not test the attacker's pin and rules 0-1.
    {"a pinned attacker chases nothing", "3k5/9/4r4/9/9/9/4R4/c8/9/4K4 w - - 0 1", "e4e3 a3a4 e3e4 a4a3", GameState::Repetition,
     GameState::Repetition},
    {"the same attacker unpinned chases the cannon", "3k5/9/9/9/9/9/4R4/c8/9/4K4 w - - 0 1", "e4e3 a3a4 e3e4 a4a3",
     GameState::PerpetualChaseLoss, GameState::PerpetualChaseLoss},
    // A protector that may not recapture (the elephant between the generals) does not protect.
    {"a protector pinned by the facing generals does not protect", "4k4/9/4b4/9/2c6/9/9/9/6R2/4K4 w - - 0 1", "g2c2 c6g6 c2g2 g6c6",
     GameState::PerpetualChaseLoss, GameState::PerpetualChaseLoss},
    {"the same elephant free to recapture protects", "4k4/9/4b4/9/2c6/9/9/9/6R2/3K5 w - - 0 1", "g2c2 c6g6 c2g2 g6c6",
     GameState::Repetition, GameState::Repetition},
    // AXF: the general and the soldiers may attack perpetually.
    {"the general's attacks are not chases", "3k5/9/9/9/9/9/9/9/5c3/4K4 w - - 0 1", "e1e2 f2f1 e2e1 f1f2", GameState::Repetition,
     GameState::Repetition},
    {"a soldier's attacks are not chases", "4k4/9/9/4c4/3P5/9/9/9/9/5K3 w - - 0 1", "d6e6 e7d7 e6d6 d7e7", GameState::Repetition,
     GameState::Repetition},
    // AXF: a soldier that has crossed the river can be chased (one that has not cannot: see
    // the single-move test below; it cannot flee sideways, so it makes no cycle).
    {"a crossed soldier is chased", "5k3/9/9/9/9/9/2p6/9/9/3RK4 w - - 0 1", "d1c1 c4d4 c1d1 d4c4", GameState::PerpetualChaseLoss,
     GameState::PerpetualChaseLoss},
    // A chase by a discovered attack: the horse is the screen of one cannon, then the other.
    // Computer rules (Pikafish): the horse stays attacked throughout, by one cannon or the
    // other, so no move newly chases it: a draw.
    {"a screen moved between two cannons chases", "4k4/9/CN1n5/9/9/9/9/9/3C5/3K5 w - - 0 1", "b8d7 e10e9 d7b8 e9e10",
     GameState::PerpetualChaseLoss, GameState::Repetition},
    // AXF: when both sides chase perpetually the game is drawn.
    {"both sides chase: a draw", "4k4/5c3/CN1n5/9/9/9/9/5N1nc/3C5/3K5 w - - 0 1", "b8d7 h3f4 d7b8 f4h3", GameState::Repetition,
     GameState::Repetition},
    // Perpetual chase is of one piece: attacking two pieces by turns is not one (hgm's summary
    // of the Asian rules: a move that threatens another piece breaks the perpetual).
    {"two pieces attacked by turns", "4k4/9/9/c1c6/9/9/9/9/2R6/3K5 w - - 0 1", "c2a2 e10f10 a2c2 f10e10", GameState::Repetition,
     GameState::Repetition},
    // AXF: "one chase, one idle move" is allowed.
    {"one chase, one idle move", "3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1", "a2c2 c6a7 e1e2 d10d9 c2a2 a7c6 e2e1 d9d10", GameState::Repetition,
     GameState::Repetition},
    // "One check, one chase" is no perpetual chase: a check that chases nothing breaks it (H.G.
    // Muller's summary of the Asian rules; Fairy-Stockfish, the referee, rules the same).
    {"one check, one chase", "4k4/9/9/9/2n6/9/9/3R5/R8/5K3 w - - 0 1", "a2c2 c6a7 d3e3 e10d10 c2a2 a7c6 e3d3 d10e10", GameState::Repetition,
     GameState::Repetition},
    // From a self-play game (3+0.03, the referee ruled 1-0): Black's chariot chases the cannon
    // on every move (its block of the check attacks the cannon too); Red alternates a check with
    // a chase of the horse on f9, which is no perpetual chase. Black loses. Computer rules
    // (Pikafish): a cycle with a check in it is never a perpetual chase: a draw.
    {"a chase that blocks checks against one check, one chase", "2rak4/C3an3/4b2cr/4p3p/3ncNp2/2p4R1/P7P/N3C4/4A4/1RB1KAB2 b - - 0 21",
     "c10c9 a9a10 c9c10 a10a9", GameState::PerpetualChaseLoss, GameState::Repetition},
    // AXF: perpetual check loses whatever the other side does.
    {"perpetual check", "4k4/9/9/9/9/3R5/9/9/9/5K3 w - - 0 1", "d5e5 e10d10 e5d5 d10e10", GameState::PerpetualCheckLoss,
     GameState::PerpetualCheckLoss},
    // AXF: perpetual check against perpetual chase, the checking side loses. Each step of the
    // black general opens a black cannon's line onto the checking chariot (a chase by discovery).
    {"perpetual check against perpetual chase", "9/4k2nc/R6nc/9/9/9/9/9/9/5K3 w - - 0 1", "a8a9 e9e8 a9a8 e8e9",
     GameState::PerpetualCheckLoss, GameState::PerpetualCheckLoss},
};

std::vector<std::string> words(const char* text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

void play_texts(Position& pos, const std::vector<std::string>& moves) {
    for (const std::string& m : moves) pos.make_move(find_move(pos, m));
}

GameState reversed(GameState s) {
    switch (s) {
    case GameState::PerpetualChaseLoss: return GameState::PerpetualChaseWin;
    case GameState::PerpetualChaseWin: return GameState::PerpetualChaseLoss;
    case GameState::PerpetualCheckLoss: return GameState::PerpetualCheckWin;
    case GameState::PerpetualCheckWin: return GameState::PerpetualCheckLoss;
    default: return s;
    }
}

}  // namespace

TEST_CASE("xiangqi chase: rule-book cycles get their verdict", "[xiangqi][chase]") {
    const RepetitionRules rules = GENERATE(RepetitionRules::Asian, RepetitionRules::Computer);
    for (const Cycle& c : CYCLES) {
        const GameState verdict = rules == RepetitionRules::Asian ? c.verdict : c.computer;
        INFO(to_string(rules) << " rules: " << c.name << "\n" << c.fen << " moves " << c.moves);
        Position pos = position_from(c.fen);
        pos.set_repetition_rules(rules);
        const std::vector<std::string> cycle = words(c.moves);
        play_texts(pos, cycle);
        // In a search the first repetition after the root decides at once; from the game
        // history it is only the second occurrence: nothing yet.
        CHECK(pos.repetition_state(int(cycle.size()) + 1) == verdict);
        CHECK(pos.game_state() == GameState::Ongoing);
        play_texts(pos, cycle);
        CHECK(pos.repetition_count() == 2);
        CHECK(pos.game_state() == verdict);
        CHECK(pos.repetition_result(0) == result_of(verdict));
        // One move on, the position after the cycle's first move is there a third time, and the
        // same span is judged from the other side.
        play_texts(pos, {cycle[0]});
        CHECK(pos.game_state() == reversed(verdict));
    }
}

TEST_CASE("xiangqi chase: the protocol's verdict texts", "[xiangqi][chase]") {
    Position pos = position_from("3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1");
    play(pos, {"a2c2", "c6a7", "c2a2", "a7c6", "a2c2", "c6a7", "c2a2", "a7c6"});
    GameEnd end = XiangqiGame::game_end(pos);
    CHECK(end.outcome == Outcome::Loss);
    CHECK(end.reason == "Red loses by perpetual chase");
    CHECK(XiangqiGame::rule_outcome(pos, 0) == Outcome::Loss);
    CHECK(to_string(pos.game_state()) == "repetition with perpetual chase by the side to move (it loses)");
    play(pos, {"a2c2"});
    end = XiangqiGame::game_end(pos);
    CHECK(end.outcome == Outcome::Win);
    CHECK(end.reason == "Red loses by perpetual chase");
    CHECK(XiangqiGame::rule_outcome(pos, 0) == Outcome::Win);
}

TEST_CASE("xiangqi chase: which pieces one move chases", "[xiangqi][chase]") {
    const auto chased = [](const char* fen, const char* move) {
        const Position pos = position_from(fen);
        return pos.chased_by(find_move(pos, move));
    };
    // The chariot moves up to an unprotected horse: chased. Moving along the line that already
    // attacked it is not a new attack.
    CHECK(chased("3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1", "a2c2") == square_bb(SQ_C6));
    CHECK(chased("3k5/9/9/9/2n6/9/9/2R6/9/4K4 w - - 0 1", "c3c2") == 0);
    // A soldier that has not crossed the river is not chased; one that has crossed is.
    CHECK(chased("3k5/9/9/2p6/9/9/9/9/R8/4K4 w - - 0 1", "a2c2") == 0);
    CHECK(chased("5k3/9/9/9/9/9/2p6/9/9/3RK4 w - - 0 1", "d1c1") == square_bb(SQ_C4));
    // The general is checked, never chased.
    CHECK(chased("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a2d2") == 0);
    // An elephant attacking a protected horse chases it (a stronger piece, as Fairy-Stockfish
    // counts it); a chariot attacking the same protected horse does not, an unprotected one it does.
    CHECK(chased("3k5/9/2r6/9/9/2n6/9/9/9/2B1K4 w - - 0 1", "c1e3") == square_bb(SQ_C5));
    CHECK(chased("3k5/9/2r6/9/9/2n6/9/9/9/R3K4 w - - 0 1", "a1a5") == 0);
    CHECK(chased("3k5/9/9/9/9/2n6/9/9/9/R3K4 w - - 0 1", "a1a5") == square_bb(SQ_C5));
    // A chariot attacking an unprotected chariot offers an exchange.
    CHECK(chased("3k5/9/9/9/2r6/9/9/9/R8/4K4 w - - 0 1", "a2c2") == 0);
    // Blocking the only protector of a piece that is already attacked chases it.
    CHECK(chased("2r2k3/4N4/9/9/R1n6/9/9/9/9/4K4 w - - 0 1", "e9c8") == square_bb(SQ_C6));
    // The general's and the soldiers' attacks never chase.
    CHECK(chased("3k5/9/9/9/9/9/9/9/5c3/4K4 w - - 0 1", "e1e2") == 0);
    CHECK(chased("4k4/9/9/4c4/3P5/9/9/9/9/5K3 w - - 0 1", "d6e6") == 0);
    // A general's step that opens a cannon's line chases by discovery (the attacker is the cannon).
    Position check = position_from("9/4k2nc/R6nc/9/9/9/9/9/9/5K3 w - - 0 1");
    play(check, {"a8a9"});
    CHECK(check.chased_by(find_move(check, "e9e8")) == square_bb(SQ_A9));
    // An attacker pinned to its general chases nothing; unpinned it chases.
    CHECK(chased("3k5/9/4r4/9/9/9/4R4/c8/9/4K4 w - - 0 1", "e4e3") == 0);
    CHECK(chased("3k5/9/9/9/9/9/4R4/c8/9/4K4 w - - 0 1", "e4e3") == square_bb(SQ_A3));
}

TEST_CASE("xiangqi chase: the computer rules count a piece as chased anew only if it was not attacked", "[xiangqi][chase]") {
    // The red horse moves from one cannon's screen to the other's: the black horse on d8 stays
    // attacked, by the cannon on a8 before the move and the one on d2 after it. Asian rules (as
    // Sen models them): a new attacker makes a new chase. Computer rules (Pikafish): no.
    Position pos = position_from("4k4/9/CN1n5/9/9/9/9/9/3C5/3K5 w - - 0 1");
    const Move screen = find_move(pos, "b8d7");
    CHECK(pos.chased_by(screen) == square_bb(parse_square("d8")));
    pos.set_repetition_rules(RepetitionRules::Computer);
    CHECK(pos.chased_by(screen) == 0);
    // A piece not attacked before the move is newly chased under both.
    Position fresh = position_from("3k5/9/9/9/2n6/9/9/9/R8/4K4 w - - 0 1");
    fresh.set_repetition_rules(RepetitionRules::Computer);
    CHECK(fresh.chased_by(find_move(fresh, "a2c2")) == square_bb(parse_square("c6")));
}
