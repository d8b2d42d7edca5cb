// Test helpers written once for both games (test_util.h for chess, xiangqi/test_util.h for
// xiangqi wrap them): setting up a position from a FEN that must be valid, and finding, playing
// and listing legal moves by their coordinate text. The text comes from the game's test_util
// (coord(pos, m)), written independently of notation.cpp, which has tests of its own.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace sen::game_test {

// A path in the temporary directory that no other test process picks: ctest runs test
// executables side by side, and two of them writing one file make each other fail.
inline std::string unique_temp_path(const std::string& stem, const std::string& extension) {
    const std::string name = stem + "_" + std::to_string(std::random_device{}()) + extension;
    return (std::filesystem::temp_directory_path() / name).string();
}

// A position set from a FEN that must be valid; set_fen_args follow the FEN (chess960).
template <typename Position, typename... SetFenArgs>
Position position_from(std::string_view fen, SetFenArgs... set_fen_args) {
    Position pos;
    const auto error = pos.set_fen(fen, set_fen_args...);
    INFO("FEN: " << fen << "\nerror: " << error.value_or("(none)"));
    REQUIRE_FALSE(error.has_value());
    return pos;
}

// The legal move whose coord(pos, m) is `text`; fails the test if there is none. legal_moves
// is the game's, found through the position's namespace.
template <typename Position, typename Coord>
auto find_move(const Position& pos, std::string_view text, Coord coord) {
    using Move = typename decltype(legal_moves(pos))::value_type;
    for (const Move m : legal_moves(pos))
        if (coord(pos, m) == text) return m;
    FAIL("no legal move " << text << " in " << pos.fen());
    return Move::none();
}

template <typename Position, typename Coord>
void play(Position& pos, std::initializer_list<std::string_view> moves, Coord coord) {
    for (const std::string_view text : moves) pos.make_move(find_move(pos, text, coord));
}

// All legal moves as sorted coordinate strings, for comparing with a hand-made list.
template <typename Position, typename Coord>
std::vector<std::string> legal_move_texts(const Position& pos, Coord coord) {
    std::vector<std::string> texts;
    for (const auto m : legal_moves(pos)) texts.push_back(coord(pos, m));
    std::sort(texts.begin(), texts.end());
    return texts;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace sen::game_test
