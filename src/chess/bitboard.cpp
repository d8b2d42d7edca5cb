#include "chess/bitboard.h"

namespace sen::chess {

std::string to_diagram(Bitboard b) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) out += (b & square_bb(make_square(file, rank))) ? 'X' : '.';
        out += '\n';
    }
    return out;
}

}  // namespace sen::chess
