// What the main thread tells the GUI of an iteration (its lines, with MultiPV), and the move of
// an iteration cut short that is played instead of the completed one's. Part of the searcher's
// code (search_impl.h).
#pragma once

#include "core/search_worker.h"

namespace sen {

template <SearchGame Game>
void BasicSearcher<Game>::Worker::report(int depth, int alpha, int beta, bool from_completed) {
    if (!callbacks->on_report) return;
    partial_reported = alpha != -SCORE_INFINITE || beta != SCORE_INFINITE;
    const std::vector<RootMove>& moves = from_completed ? completed_root_moves : root_moves;
    const std::uint64_t total = total_nodes();
    const std::int64_t elapsed = timer->elapsed_ms();
    const std::size_t lines = std::min<std::size_t>(std::size_t(std::max(1, limits->multipv)), moves.size());
    for (std::size_t i = 0; i < lines; ++i) {
        const RootMove& rm = moves[i];
        const bool updated = rm.score != -SCORE_INFINITE;
        if (!updated && depth == 1) continue;
        BasicSearchReport<Game> r;
        r.depth = updated ? depth : std::max(1, depth - 1);
        r.seldepth = rm.seldepth;
        r.multipv = int(i + 1);
        r.score = updated ? rm.score : rm.previous_score;
        // A root ranked by the tables shows their verdict, unless the search has found a mate.
        if (tb_root && std::abs(r.score) < SCORE_MATE_IN_MAX_PLY) r.score = rm.tb_score;
        r.bound = Bound::Exact;
        if (i == pv_index && updated) {
            if (r.score >= beta) r.bound = Bound::Lower;
            else if (r.score <= alpha) r.bound = Bound::Upper;
        }
        r.nodes = total;
        r.time_ms = elapsed;
        r.hashfull = tt->hashfull();
        if (tb_pieces > 0 || tb_root) r.tbhits = total_tb_hits();
        r.pv = rm.pv;
        callbacks->on_report(r);
    }
}

// An iteration cut short by the stop can still have found a better move than the last completed
// one: a move searched in it gets a score only if it came first or beat alpha, so one with a
// score of this iteration above the others failed high or raised alpha over the move the
// completed iteration chose. Play it, as Stockfish does. Only for a single line: MultiPV and the
// weakened levels choose among the completed iteration's lines.
template <SearchGame Game>
void BasicSearcher<Game>::Worker::adopt_interrupted_best() {
    if (completed_root_moves.empty()) return;
    const RootMove* best = nullptr;
    for (const RootMove& rm : root_moves)
        if (rm.score_depth == root_depth && rm.score != -SCORE_INFINITE && rm.tb_rank == completed_root_moves[0].tb_rank &&
            (!best || rm.score > best->score))
            best = &rm;
    if (!best || best->move == completed_root_moves[0].move) return;
    const auto it = std::find_if(completed_root_moves.begin(), completed_root_moves.end(),
                                 [best](const RootMove& rm) { return rm.move == best->move; });
    if (it == completed_root_moves.end()) return;
    *it = *best;
    std::rotate(completed_root_moves.begin(), it, it + 1);
    adopted = true;
}

}  // namespace sen
