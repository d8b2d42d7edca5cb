// Helpers for the tests that use the toy game (toy_game.h): positions from a text that must be
// valid, moves found and played by their cells, and a brute-force solver of forced wins that the
// searcher's results are checked against.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "game_test_util.h"
#include "toy/toy_game.h"

namespace sen::toy::test {

using game_test::sorted;

inline Position position_from(std::string_view fen) { return game_test::position_from<Position>(fen); }

// The move's two cells, written here rather than by move_text (the game under test).
inline std::string coord(const Position&, Move m) { return {char('a' + m.from()), char('a' + m.to())}; }

inline Move find_move(const Position& pos, std::string_view text) { return game_test::find_move(pos, text, coord); }
inline void play(Position& pos, std::initializer_list<std::string_view> moves) { game_test::play(pos, moves, coord); }

// The legal moves' coordinates, sorted.
inline std::vector<std::string> legal_move_texts(const Position& pos) { return game_test::legal_move_texts(pos, coord); }

inline bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal_moves(pos) == 0; }
inline bool is_stalemate(const Position& pos) { return !pos.in_check() && count_legal_moves(pos) == 0; }

bool forced_win(Position& pos, int moves);

// Brute force: whether move m of the side to move mates within `moves` of its own moves against
// any defence. A draw by the rules (a repetition) comes first, as it does in the search.
inline bool mates_with(Position& pos, Move m, int moves) {
    pos.make_move(m);
    const bool drawn = ToyGame::rule_outcome(pos, 0) == Outcome::Draw;
    bool mates = !drawn && is_checkmate(pos);
    if (!drawn && !mates && moves > 1 && count_legal_moves(pos) > 0) {
        mates = true;
        for (const Move reply : legal_moves(pos)) {
            pos.make_move(reply);
            mates = forced_win(pos, moves - 1);
            pos.unmake_move();
            if (!mates) break;
        }
    }
    pos.unmake_move();
    return mates;
}

// Whether the side to move mates within `moves` of its own moves against any defence.
inline bool forced_win(Position& pos, int moves) {
    if (moves < 1) return false;
    for (const Move m : legal_moves(pos))
        if (mates_with(pos, m, moves)) return true;
    return false;
}

// The first moves of every mate within `moves` moves.
inline std::vector<Move> mating_moves(Position pos, int moves) {
    std::vector<Move> found;
    for (const Move m : legal_moves(pos))
        if (mates_with(pos, m, moves)) found.push_back(m);
    return found;
}

}  // namespace sen::toy::test
