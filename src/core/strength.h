// Playing strength for human opponents (UCI_LimitStrength, UCI_Elo): how an Elo level becomes
// search limits, and how the move is chosen among the best few.
//
// A weaker level is first of all a smaller search: a node budget that halves for every
// ELO_PER_DOUBLING Elo asked below full strength. A short search misses what a weaker player
// misses (deep tactics, long plans) and still sees what they see (a piece left hanging), so the
// play stays that of a person of the level, not of a strong engine that blunders at random.
// Below the top levels the searcher also looks at a few candidate moves (MultiPV) and plays one of
// those within a margin of the best, drawn with weights that fall off with the score given up:
// people of the same level do not always choose the same move, and a game should not repeat
// itself move for move from the same opening. The margin shrinks to nothing as the level rises.
//
// The constants are calibrated in matches against Stockfish 15.1's own UCI_Elo levels at 10+0.1
// (docs/strength-levels.md, scripts/calibrate-elo): its scale is tied to CCRL's, so a level
// here means what it means there. At fast time controls the top levels' node budgets exceed what
// the clock allows, and the engine then plays at full strength.
//
// Pure functions, no engine state: the engine draws the random number each search uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace sen {

// The range of UCI_Elo, Stockfish's: GUIs show it as it is.
constexpr int STRENGTH_ELO_MIN = 1350;
constexpr int STRENGTH_ELO_MAX = 2850;

struct StrengthLimit {
    int elo = STRENGTH_ELO_MAX;
    std::uint64_t nodes = 0;  // the search's node budget
    int candidates = 1;       // root moves searched as full lines (MultiPV) to choose from
    int margin_cp = 0;        // a candidate more than this below the best is never played
    int temperature_cp = 1;   // a candidate `d` below the best weighs exp(-d / temperature)
};

// The limits for a level; `elo` is clamped to [STRENGTH_ELO_MIN, STRENGTH_ELO_MAX].
StrengthLimit strength_for_elo(int elo);

// Which of the candidates to play: `scores` are theirs in the searcher's order (best first, as
// the search sorted them; mate scores included), `random` a uniformly drawn 64-bit number.
// Returns an index into `scores`; 0 when there is only one, or no other within the margin.
std::size_t pick_candidate(std::span<const int> scores, const StrengthLimit& limit, std::uint64_t random);

}  // namespace sen
