#include "chess/chess960.h"

#include <array>
#include <cassert>
#include <cctype>

namespace sen::chess {

std::string chess960_back_rank(int number) {
    assert(number >= 0 && number < CHESS960_POSITIONS);
    std::string rank(8, ' ');
    // The n-th still empty file (n from 0).
    const auto place_in_empty = [&rank](int n, char piece) {
        for (char& square : rank)
            if (square == ' ' && n-- == 0) {
                square = piece;
                return;
            }
    };
    rank[std::size_t(2 * (number % 4) + 1)] = 'B';  // light squares: b, d, f, h
    number /= 4;
    rank[std::size_t(2 * (number % 4))] = 'B';  // dark squares: a, c, e, g
    number /= 4;
    place_in_empty(number % 6, 'Q');
    number /= 6;
    // The ten ways of placing two knights on five empty squares, in Scharnagl's order.
    constexpr std::array<std::array<int, 2>, 10> KNIGHTS = {
        {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
    // The second knight's index counts the empty squares left after the first is placed.
    place_in_empty(KNIGHTS[std::size_t(number)][0], 'N');
    place_in_empty(KNIGHTS[std::size_t(number)][1] - 1, 'N');
    for (const char piece : {'R', 'K', 'R'}) place_in_empty(0, piece);
    return rank;
}

std::string dfrc_start_fen(int white_number, int black_number) {
    std::string black = chess960_back_rank(black_number);
    for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + chess960_back_rank(white_number) + " w KQkq - 0 1";
}

}  // namespace sen::chess
