#include "perft.h"

#include "movegen.h"

namespace sen::xiangqi {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos);
    MoveList moves;
    generate<GenKind::All>(pos, moves);
    std::uint64_t nodes = 0;
    for (const Move m : moves) {
        pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move();
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (const Move m : legal_moves(pos)) {
        pos.make_move(m);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.unmake_move();
    }
    return result;
}

}  // namespace sen::xiangqi
