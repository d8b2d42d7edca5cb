// The rule choices a xiangqi event makes for itself: which repetition rules apply, and after how
// many plies without a capture the game is drawn. The xiangqi rules ask players to learn both
// from the arbiter (docs/xiangqi.md, "Rule sets").
//
// Owns: the RepetitionRules names and the settings' standard values. Nothing here is
// process-wide: a Position carries its own settings (so a search's positions never change under
// it), the engine gives every position it gets its own (BasicEngine::set_rules), and each
// protocol session keeps its choice in its options (src/games.cpp).
// Never touches: positions, search, the protocol.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sen::xiangqi {

enum class RepetitionRules : std::uint8_t {
    // The Asian Xiangqi Federation's rules as Sen models them: perpetual check loses, then
    // perpetual chase of one piece loses; a check that also chases that piece keeps a chase
    // going, and a chase still loses when the other side checked now and then.
    Asian,
    // The computer-tournament rules Pikafish implements: perpetual check loses, as in Asian;
    // a chase loses only in a cycle that holds no check at all (any check in it makes it a
    // draw); a piece counts as newly chased only if no piece of the chaser attacked it before
    // the move (a second attacker joining an attack is no new chase).
    Computer,
};

// The option's value names, as the protocol shows them ("asian", "computer").
constexpr std::string_view to_string(RepetitionRules rules) { return rules == RepetitionRules::Asian ? "asian" : "computer"; }
constexpr std::optional<RepetitionRules> parse_repetition_rules(std::string_view text) {
    if (text == "asian") return RepetitionRules::Asian;
    if (text == "computer") return RepetitionRules::Computer;
    return std::nullopt;
}

struct RuleSettings {
    // 60 moves without a capture (120 plies), the natural move limit of many rule sets (the
    // Chinese Xiangqi Association's among them, and Pikafish's). Fairy-Stockfish's xiangqi keeps
    // its generic default instead: 50 moves (nMoveRule = 50), also counting captures only.
    static constexpr int DEFAULT_NO_CAPTURE_LIMIT = 120;
    RepetitionRules repetition = RepetitionRules::Asian;
    int no_capture_limit = DEFAULT_NO_CAPTURE_LIMIT;  // plies; 0: no limit
};

}  // namespace sen::xiangqi
