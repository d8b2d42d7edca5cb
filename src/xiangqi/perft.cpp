#include "xiangqi/perft.h"

#include "core/deep_perft.h"
#include "core/perft.h"
#include "xiangqi/movegen.h"

namespace sen::xiangqi {

std::uint64_t perft(Position& pos, int depth) {
    return perft_count<Position, MoveList, generate<GenKind::All>, count_legal_moves>(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
    return perft_count_divide<Position, MoveList, generate<GenKind::All>, count_legal_moves>(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide_deep(const Position& pos, int depth, const DeepPerftOptions& options) {
    return sen::perft_divide_deep<Position, MoveList, generate<GenKind::All>, count_legal_moves>(pos, depth, options);
}

}  // namespace sen::xiangqi
