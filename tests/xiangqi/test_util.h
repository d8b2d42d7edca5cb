// Helpers shared by the xiangqi test files: setting up positions (and their colour-flipped FENs), finding moves by their
// points (without notation.cpp, which has tests of its own), random games, and a reference
// move generator written independently of movegen.cpp: a plain mailbox that walks each
// piece's rules step by step and tests legality by playing the move on a copy of the board.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "game_test_util.h"
#include "xiangqi/movegen.h"
#include "xiangqi/position.h"

namespace sen::xiangqi::test {

// A position set from a FEN that must be valid.
inline Position position_from(std::string_view fen) { return game_test::position_from<Position>(fen); }

// "h3e3", written here from the point numbers rather than with notation.cpp.
inline std::string coord(Move m) {
    const auto name = [](Square s) { return std::string(1, char('a' + s % 9)) + std::to_string(s / 9 + 1); };
    return name(m.from()) + name(m.to());
}

// The same text in the form game_test_util.h's helpers take.
inline std::string coord_in(const Position& /*pos*/, Move m) { return coord(m); }

inline Move find_move(const Position& pos, std::string_view text) { return game_test::find_move(pos, text, coord_in); }
inline void play(Position& pos, std::initializer_list<std::string_view> moves) { game_test::play(pos, moves, coord_in); }
inline std::vector<std::string> legal_move_texts(const Position& pos) { return game_test::legal_move_texts(pos, coord_in); }
using game_test::sorted;

// Moves of the piece on one point, sorted.
inline std::vector<std::string> moves_from(const Position& pos, std::string_view point) {
    std::vector<std::string> texts;
    for (const std::string& t : legal_move_texts(pos))
        if (t.compare(0, point.size(), point) == 0 &&
            !(t.size() > point.size() && std::isdigit(static_cast<unsigned char>(t[point.size()]))))
            texts.push_back(t);
    return texts;
}

// A random legal move (Move::none() when there is none); captures and checks are favoured so
// that random games reach tactical positions, using the generator's raw output only.
inline Move random_legal_move(const Position& pos, std::mt19937& rng) {
    const MoveList list = legal_moves(pos);
    if (list.empty()) return Move::none();
    std::vector<Move> sharp;
    for (const Move m : list)
        if (pos.piece_on(m.to()) != NO_PIECE || pos.gives_check(m)) sharp.push_back(m);
    if (!sharp.empty() && rng() % 3 == 0) return sharp[rng() % sharp.size()];
    return list[rng() % list.size()];
}

// Starting points for random games: the start, a developed middlegame, crossed soldiers,
// open files and bare palaces.
inline const std::vector<std::string>& random_game_starts() {
    static const std::vector<std::string> starts = {
        std::string(Position::START_FEN),
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2",
        "2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20",
        "3ak4/4a4/4b4/9/2n6/9/4c4/2R6/4C4/3AK4 w - - 0 30",
        "4k4/4a4/4ba3/4p4/9/2r6/4P4/4B4/9/3AK1R2 w - - 0 30",
        "3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 0 35",
    };
    return starts;
}

// The FEN with the board turned top to bottom, the colours swapped and the other side to move.
inline std::string colour_flipped(const std::string& fen) {
    const std::string placement = fen.substr(0, fen.find(' '));
    std::vector<std::string> ranks;
    for (std::size_t start = 0;;) {
        const std::size_t slash = placement.find('/', start);
        ranks.push_back(placement.substr(start, slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    std::string out;
    for (auto r = ranks.rbegin(); r != ranks.rend(); ++r) {
        if (!out.empty()) out += '/';
        for (const char c : *r) out += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
    }
    const char side = fen[fen.find(' ') + 1];
    return out + (side == 'w' ? " b" : " w") + " - - 0 1";
}

// Every `every`-th position of a random game of up to `plies` plies from each of the starts above:
// positions with many pieces and with few.
inline std::vector<Position> sampled_random_positions(unsigned seed, int plies, int every) {
    std::vector<Position> positions;
    std::mt19937 rng(seed);
    for (const std::string& start : random_game_starts()) {
        Position pos = position_from(start);
        for (int ply = 0; ply < plies; ++ply) {
            if (ply % every == 0) positions.push_back(pos);
            const Move m = random_legal_move(pos, rng);
            if (m == Move::none()) break;
            pos.make_move(m);
        }
    }
    return positions;
}

// ---------------------------------------------------------------------------------------------
// Reference generator

struct RefBoard {
    std::array<Piece, SQUARE_NB> at{};
    Color side = Color::White;
};

inline RefBoard ref_board(const Position& pos) {
    RefBoard b;
    for (int s = 0; s < SQUARE_NB; ++s) b.at[s] = pos.piece_on(Square(s));
    b.side = pos.side_to_move();
    return b;
}

inline bool ref_on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 10; }
inline bool ref_in_palace(Color c, int f, int r) { return f >= 3 && f <= 5 && (c == Color::White ? r <= 2 : r >= 7); }
inline bool ref_own_side(Color c, int r) { return c == Color::White ? r <= 4 : r >= 5; }

// Every (from, to) the rules of movement allow for colour c, captures of own pieces excluded;
// nothing about the own general's safety.
inline std::vector<std::pair<int, int>> ref_pseudo_moves(const RefBoard& b, Color c) {
    std::vector<std::pair<int, int>> out;
    const auto own = [&](int s) { return b.at[s] != NO_PIECE && piece_color(b.at[s]) == c; };
    const auto add = [&](int from, int f, int r) {
        if (ref_on_board(f, r) && !own(r * 9 + f)) out.emplace_back(from, r * 9 + f);
    };
    const int ortho[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int s = 0; s < SQUARE_NB; ++s) {
        if (!own(s)) continue;
        const int f = s % 9, r = s / 9;
        switch (piece_type(b.at[s])) {
        case GENERAL:
            for (const auto& d : ortho)
                if (ref_in_palace(c, f + d[0], r + d[1])) add(s, f + d[0], r + d[1]);
            break;
        case ADVISOR:
            for (const auto& d : diag)
                if (ref_in_palace(c, f + d[0], r + d[1])) add(s, f + d[0], r + d[1]);
            break;
        case ELEPHANT:
            for (const auto& d : diag) {
                const int tf = f + 2 * d[0], tr = r + 2 * d[1];
                if (ref_on_board(tf, tr) && ref_own_side(c, tr) && b.at[(r + d[1]) * 9 + f + d[0]] == NO_PIECE) add(s, tf, tr);
            }
            break;
        case HORSE:
            for (const auto& d : ortho) {
                const int lf = f + d[0], lr = r + d[1];
                if (!ref_on_board(lf, lr) || b.at[lr * 9 + lf] != NO_PIECE) continue;
                if (d[0] != 0) {
                    add(s, lf + d[0], lr + 1);
                    add(s, lf + d[0], lr - 1);
                } else {
                    add(s, lf + 1, lr + d[1]);
                    add(s, lf - 1, lr + d[1]);
                }
            }
            break;
        case CHARIOT:
        case CANNON: {
            const bool cannon = piece_type(b.at[s]) == CANNON;
            for (const auto& d : ortho) {
                int tf = f + d[0], tr = r + d[1];
                for (; ref_on_board(tf, tr) && b.at[tr * 9 + tf] == NO_PIECE; tf += d[0], tr += d[1]) add(s, tf, tr);
                if (!ref_on_board(tf, tr)) continue;
                if (!cannon) {
                    add(s, tf, tr);
                    continue;
                }
                // (tf, tr) is the screen; the cannon captures the next piece beyond it.
                for (tf += d[0], tr += d[1]; ref_on_board(tf, tr); tf += d[0], tr += d[1])
                    if (b.at[tr * 9 + tf] != NO_PIECE) {
                        add(s, tf, tr);
                        break;
                    }
            }
            break;
        }
        case SOLDIER: {
            const int forward = c == Color::White ? 1 : -1;
            add(s, f, r + forward);
            if (!ref_own_side(c, r)) {
                add(s, f - 1, r);
                add(s, f + 1, r);
            }
            break;
        }
        default: break;
        }
    }
    return out;
}

// Whether colour c's general can be captured by the other side, or faces the other general.
inline bool ref_general_attacked(const RefBoard& b, Color c) {
    int mine = -1, theirs = -1;
    for (int s = 0; s < SQUARE_NB; ++s) {
        if (b.at[s] == make_piece(c, GENERAL)) mine = s;
        if (b.at[s] == make_piece(~c, GENERAL)) theirs = s;
    }
    for (const auto& [from, to] : ref_pseudo_moves(b, ~c))
        if (to == mine) return true;
    if (mine % 9 == theirs % 9) {
        const int lo = std::min(mine, theirs), hi = std::max(mine, theirs);
        bool open = true;
        for (int s = lo + 9; s < hi; s += 9) open &= b.at[s] == NO_PIECE;
        if (open) return true;
    }
    return false;
}

inline std::vector<std::string> ref_legal_move_texts(const Position& pos) {
    const RefBoard b = ref_board(pos);
    std::vector<std::string> texts;
    for (const auto& [from, to] : ref_pseudo_moves(b, b.side)) {
        RefBoard after = b;
        after.at[to] = after.at[from];
        after.at[from] = NO_PIECE;
        if (!ref_general_attacked(after, b.side)) texts.push_back(coord(Move(Square(from), Square(to))));
    }
    std::sort(texts.begin(), texts.end());
    return texts;
}

}  // namespace sen::xiangqi::test
