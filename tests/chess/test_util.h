// Helpers shared by the test files: setting up positions, finding moves by their squares
// (without going through notation.cpp, which has tests of its own) and random games.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"
#include "game_test_util.h"

namespace sen::chess::test {

// A position set from a FEN that must be valid.
inline Position position_from(std::string_view fen, bool chess960 = false) { return game_test::position_from<Position>(fen, chess960); }

inline PieceType promotion_from_letter(char c) {
    switch (c) {
    case 'q': return QUEEN;
    case 'r': return ROOK;
    case 'b': return BISHOP;
    case 'n': return KNIGHT;
    default: return NO_PIECE_TYPE;
    }
}

// Coordinate text of a move written independently of notation.cpp: castling as the king's
// destination in standard chess (e1g1), as king-takes-rook (e1h1) in Chess960.
inline std::string coord(const Position& pos, Move m) {
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && !pos.is_chess960()) to = make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
    std::string text = square_name(m.from()) + square_name(to);
    if (m.kind() == MoveKind::Promotion) text += "??nbrq"[m.promotion()];
    return text;
}

// The legal move that `text` ("e2e4", "e7e8q", "e1g1") names; fails the test if there is none.
inline Move find_move(const Position& pos, std::string_view text) { return game_test::find_move(pos, text, coord); }
inline void play(Position& pos, std::initializer_list<std::string_view> moves) { game_test::play(pos, moves, coord); }
inline std::vector<std::string> legal_move_texts(const Position& pos) { return game_test::legal_move_texts(pos, coord); }
using game_test::sorted;

// The colour-mirrored FEN (ranks reversed, colours and side to move swapped, castling and the
// en-passant square mirrored), written independently of the code under test.
inline std::string colour_mirror(const std::string& fen) {
    std::vector<std::string> fields(1);
    for (const char c : fen) {
        if (c == ' ') fields.emplace_back();
        else fields.back() += c;
    }
    std::vector<std::string> ranks(1);
    for (const char c : fields[0]) {
        if (c == '/') ranks.emplace_back();
        else ranks.back() += c;
    }
    const auto swap_case = [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
    };
    std::string out;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!out.empty()) out += '/';
        for (const char c : *it) out += swap_case(c);
    }
    out += fields[1] == "w" ? " b " : " w ";
    std::string castling;
    for (const char c : fields[2]) castling += c == '-' ? c : swap_case(c);
    out += castling + " ";
    out += fields[3] == "-" ? "-" : std::string{fields[3][0], char('1' + '8' - fields[3][1])};
    for (std::size_t i = 4; i < fields.size(); ++i) out += " " + fields[i];
    return out;
}

// A random legal move (Move::none() when there is none). Castling, en passant, promotions
// and double pawn pushes (which make en passant possible) are favoured so that random games
// exercise them often. Uses the generator's raw output with a modulo so the sequence does not
// depend on the standard library's distributions.
inline Move random_legal_move(const Position& pos, std::mt19937& rng) {
    const MoveList list = legal_moves(pos);
    if (list.empty()) return Move::none();
    std::vector<Move> special, double_pushes;
    for (const Move m : list) {
        if (m.kind() != MoveKind::Normal) special.push_back(m);
        else if (piece_type(pos.piece_on(m.from())) == PAWN && (m.to() == m.from() + 16 || m.to() + 16 == m.from()))
            double_pushes.push_back(m);
    }
    const std::uint32_t roll = rng() % 4;
    if (!special.empty() && roll < 2) return special[rng() % special.size()];
    if (!double_pushes.empty() && roll == 2) return double_pushes[rng() % double_pushes.size()];
    return list[rng() % list.size()];
}

// Start positions for random games: the standard start, the Chess Programming Wiki perft
// positions (castling, en passant and promotions come up early from these) and Chess960 ones.
struct GameStart {
    const char* fen;
    bool chess960;
};
inline const std::vector<GameStart>& random_game_starts() {
    static const std::vector<GameStart> starts = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
        {"rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 3", false},
        // Pawns waiting next to the double-push files, kings and rooks free to castle.
        {"r3k2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R3K2R w KQkq - 0 1", false},
        {"r3k2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R3K2R b KQkq - 0 1", false},
        {"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1", true},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
        {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true},
        {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    };
    return starts;
}

}  // namespace sen::chess::test
