// The root's moves as the search keeps them, and their ranking by the endgame tables: with the
// root in the tables the search picks among the best-ranked moves only, and may stop probing the
// tree (Stockfish's rank_root_moves). Part of the searcher's code (search_impl.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"
#include "core/search.h"

namespace sen::search_detail {

template <SearchGame Game>
struct RootMove {
    using Move = typename Game::Move;
    Move move;
    int score = -SCORE_INFINITE;
    int previous_score = -SCORE_INFINITE;
    int seldepth = 0;
    std::uint64_t nodes = 0;  // spent on this move by this thread since the search began, all iterations together
    std::vector<Move> pv;
    int tb_rank = 0;      // the endgame tables' rank of the move (game.h, TableRootMove); all 0 without tables
    int tb_score = 0;     // and the score they give it
    int score_depth = 0;  // the iteration that gave `score`
};

// What the root's ranking leaves the tree: the most pieces a position it probes may have (0: no
// probes), and whether the root's moves were ranked by the tables.
struct RootTables {
    int pieces = 0;
    bool ranked = false;
};

// With the root in the tables, ranks the root moves (a stable sort, best rank first) and gives
// each the tables' score; no further probes once the ranking is by distance or the root is not
// won, since the ranking alone keeps the result.
template <SearchGame Game>
RootTables rank_root_by_tables(const typename Game::Tables& engine_tables, const typename Game::Position& root,
                               std::vector<RootMove<Game>>& root_moves, const TableSettings& tables) {
    RootTables result{tables.max_pieces, false};
    if (result.pieces <= 0) return result;
    std::vector<typename Game::Move> moves;
    for (const RootMove<Game>& rm : root_moves) moves.push_back(rm.move);
    typename Game::Position pos = root;
    const std::optional<TableRootRanking> ranking = Game::table_rank_root(engine_tables, pos, moves, tables);
    if (!ranking) return result;
    result.ranked = true;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
        const TableRootMove& t = ranking->moves[i];
        root_moves[i].tb_rank = t.rank;
        root_moves[i].tb_score = t.score >= TABLE_WIN ? SCORE_TB_WIN : t.score <= -TABLE_WIN ? -SCORE_TB_WIN : t.score;
    }
    std::stable_sort(root_moves.begin(), root_moves.end(),
                     [](const RootMove<Game>& a, const RootMove<Game>& b) { return a.tb_rank > b.tb_rank; });
    if (ranking->exact || root_moves[0].tb_score <= SCORE_DRAW) result.pieces = 0;
    return result;
}

}  // namespace sen::search_detail
