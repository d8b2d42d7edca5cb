// A search thread's state (BasicSearcher::Worker): its position and evaluation state, its
// stack, histories and correction history, its root moves and counts, and the constants and
// small helpers the search steps share. Part of the searcher's code, which only the files that
// instantiate BasicSearcher for a game include (search_impl.h says why).
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>
#include <system_error>
#include <thread>

#include "core/movepick.h"
#include "core/search.h"
#include "core/search_params.h"
#include "core/search_root.h"

namespace sen {

namespace search_detail {

// The unit of a late-move reduction's adjustments (search_params.h): 1024ths of a ply.
constexpr int LMR_UNIT = 1024;

// Late-move reduction table: reductions grow with the logarithms of depth and move number
// (LMR_BASE and LMR_DIVISOR, in hundredths), one table per game from its values.
template <class Game>
struct ReductionTable {
    int r[64][64];
    ReductionTable() { fill(); }
    void fill() {
        using P = params::For<Game>;
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = (d && m) ? int(P::LMR_BASE / 100.0 + std::log(d) * std::log(m) / (P::LMR_DIVISOR / 100.0)) : 0;
    }
};
#ifdef SEN_TUNE
// A tuning build sets LMR_BASE and LMR_DIVISOR at run time, and core/tuning.h refills the table.
template <class Game>
inline ReductionTable<Game> LMR;
#else
template <class Game>
inline const ReductionTable<Game> LMR;
#endif

// Sets one of the game's search parameters by name and refreshes its reduction table: a tuning
// build's UCI options (core/tuning.h). False for a name not in the table, a value outside its
// range, or a release build, where the values are constants. No search may be running.
template <class Game>
bool set_search_parameter([[maybe_unused]] std::string_view name, [[maybe_unused]] int value) {
#ifdef SEN_TUNE
    const std::size_t i = params::tunable_index(name);
    if (i == params::TUNABLE_COUNT || value < params::TUNABLES[i].min || value > params::TUNABLES[i].max) return false;
    params::GAME_VALUES<Game>[i] = value;
    LMR<Game>.fill();
    return true;
#else
    return false;
#endif
}

// Stack entries below the root's, so that lookups as far back as ss - 5 (the continuation rows
// of CONTINUATION_PLIES, from a node and from the move before it) need no bounds test.
constexpr int STACK_OFFSET = 5;
constexpr int NO_EVAL = -SCORE_INFINITE;

// How many of a node's quiet and noisy moves that failed to cut are remembered for the history
// penalty on a cutoff (the size of the node's lists; later moves go unpunished).
constexpr int QUIETS_REMEMBERED = 64;
constexpr int NOISY_REMEMBERED = 32;

// The main thread looks at the clock and the node limit once per this many nodes (a power of two).
constexpr std::uint64_t NODES_PER_LIMIT_CHECK = 256;

// Output for a human watching: aspiration-window bounds are reported once an iteration has run
// this long, and the move being searched at the root after this.
constexpr std::int64_t BOUND_REPORT_AFTER_MS = 3000;
constexpr std::int64_t CURRMOVE_REPORT_AFTER_MS = 1000;

// Weights of a correction-history update are in 1/CORRECTION_WEIGHT_SCALE.
constexpr int CORRECTION_WEIGHT_SCALE = 256;

// Mate scores are stored relative to the node, not the root, so that a transposition found at
// another ply reports the right distance to mate.
// Endgame-table results count from the node the same way.
inline int score_to_tt(int score, int ply) {
    if (score >= SCORE_TB_WIN_IN_MAX_PLY) return score + ply;
    if (score <= -SCORE_TB_WIN_IN_MAX_PLY) return score - ply;
    return score;
}
inline int score_from_tt(int score, int ply) {
    if (score >= SCORE_TB_WIN_IN_MAX_PLY) return score - ply;
    if (score <= -SCORE_TB_WIN_IN_MAX_PLY) return score + ply;
    return score;
}

template <class Game>
int history_bonus(int depth) {
    using P = params::For<Game>;
    return std::min(P::HISTORY_BONUS_SCALE * depth - P::HISTORY_BONUS_OFFSET, P::HISTORY_BONUS_MAX);
}

// A decided node's score for the side to move; mates count from the root, so a nearer one scores higher.
inline int outcome_score(Outcome outcome, int ply) {
    return outcome == Outcome::Loss ? -SCORE_MATE + ply : outcome == Outcome::Win ? SCORE_MATE - ply : SCORE_DRAW;
}

// Whether a stored search score of this bound is a better estimate than `eval`: a lower bound
// above it, an upper bound below it, or an exact score either way (Stockfish's bound test).
inline bool bound_allows(Bound bound, int tt_score, int eval) {
    return (int(bound) & int(tt_score > eval ? Bound::Lower : Bound::Upper)) != 0;
}

template <SearchGame Game>
struct StackEntry {
    using Move = typename Game::Move;
    Move move = Move::none();
    typename Game::Piece moved_piece = Game::NO_PIECE;  // the piece that made `move` (a castling move's `to` may be the rook's square)
    int static_eval = NO_EVAL;
    Move killers[2] = {Move::none(), Move::none()};
    PieceToHistory<Game>* continuation = nullptr;
    bool null_move_allowed = true;
    Move excluded = Move::none();  // the move a singular-extension search leaves out
    bool quiet = false;            // whether `move` is quiet (not null, not noisy); set by the main search only
    int reduction = 0;             // the plies by which late-move reductions cut the search of `move` now under way
};

}  // namespace search_detail

using search_detail::BOUND_REPORT_AFTER_MS;
using search_detail::bound_allows;
using search_detail::CORRECTION_WEIGHT_SCALE;
using search_detail::CURRMOVE_REPORT_AFTER_MS;
using search_detail::history_bonus;
using search_detail::LMR;
using search_detail::LMR_UNIT;
using search_detail::NO_EVAL;
using search_detail::NODES_PER_LIMIT_CHECK;
using search_detail::NOISY_REMEMBERED;
using search_detail::outcome_score;
using search_detail::QUIETS_REMEMBERED;
using search_detail::score_from_tt;
using search_detail::score_to_tt;
using search_detail::STACK_OFFSET;

template <SearchGame Game>
struct BasicSearcher<Game>::Worker {
    using StackEntry = search_detail::StackEntry<Game>;
    using RootMove = search_detail::RootMove<Game>;
    using P = params::For<Game>;  // the game's search parameters
    int id = 0;
    Position pos;
    typename Game::EvalState eval_state;  // the evaluation's own state for `pos`: moves go to both (make_move below)
    Histories<Game> histories;
    StackEntry stack[MAX_PLY + STACK_OFFSET + 4];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_length[MAX_PLY + 1] = {};
    std::vector<RootMove> root_moves;
    std::vector<RootMove> completed_root_moves;  // as they stood after the last full iteration
    std::size_t pv_index = 0;
    std::atomic<std::uint64_t> nodes{0};
    int seldepth = 0;
    int completed_depth = 0;
    int root_depth = 0;       // the iteration under way
    bool adopted = false;     // the best move comes from the interrupted iteration (adopt_interrupted_best)
    std::size_t pv_last = 0;  // the root search's moves end here: the end of pv_index's table rank
    // Endgame tables in this search: the searcher's, probed in positions of at most tb_pieces
    // pieces (0: none), those of exactly tb_pieces from tb_depth on; tb_root says the root moves
    // are ranked by them.
    const typename Game::Tables* tables = nullptr;
    int tb_pieces = 0;
    int tb_depth = 0;
    bool tb_rule50 = true;
    bool tb_root = false;
    std::atomic<std::uint64_t> tb_hits{0};

    // The search in progress.
    TranspositionTable* tt = nullptr;
    const Limits* limits = nullptr;
    const TimeLimiter* timer = nullptr;
    SearchControl* control = nullptr;
    const Callbacks* callbacks = nullptr;
    const std::vector<LargeBox<Worker>>* all = nullptr;

    bool is_main() const { return id == 0; }
    bool stopped() const { return control->stop.load(std::memory_order_relaxed); }
    std::uint64_t total_nodes() const {
        std::uint64_t n = 0;
        for (const auto& w : *all) n += w->nodes.load(std::memory_order_relaxed);
        return n;
    }
    std::uint64_t total_tb_hits() const {
        std::uint64_t n = 0;
        for (const auto& w : *all) n += w->tb_hits.load(std::memory_order_relaxed);
        return n;
    }

    // Correction history: the static evaluation misjudges some pawn structures the same way again
    // and again (a blocked centre, a passer the terms undervalue); the search's results in
    // positions with this side to move and these pawns show by how much, so that is added back.
    std::size_t correction_index() const { return std::size_t(Game::pawn_structure_key(pos)) & (Histories<Game>::CORRECTION_SIZE - 1); }
    // The result stays below the endgame tables' wins, as below the mates.
    int corrected_eval(int raw) const {
        const int c = histories.correction[index_of(pos.side_to_move())][correction_index()];
        return std::clamp(raw + c / Histories<Game>::CORRECTION_GRAIN, -SCORE_TB_WIN_IN_MAX_PLY + 1, SCORE_TB_WIN_IN_MAX_PLY - 1);
    }
    // Moves the correction towards this node's error (search score minus raw eval), more
    // for deeper searches.
    void update_correction(int raw, int score, int depth) {
        std::int16_t& entry = histories.correction[index_of(pos.side_to_move())][correction_index()];
        const int target = std::clamp((score - raw) * Histories<Game>::CORRECTION_GRAIN, -Histories<Game>::correction_limit(),
                                      Histories<Game>::correction_limit());
        const int weight = std::min(depth + 1, P::CORRECTION_WEIGHT_MAX);
        entry = std::int16_t((entry * (CORRECTION_WEIGHT_SCALE - weight) + target * weight) / CORRECTION_WEIGHT_SCALE);
    }

    // A move in the tree, made on the position and on the evaluation's state together.
    void make_move(Move m) {
        pos.make_move(m);
        eval_state.push();
    }
    void unmake_move() {
        pos.unmake_move();
        eval_state.pop();
    }
    void make_null_move() {
        pos.make_null_move();
        eval_state.push();
    }
    void unmake_null_move() {
        pos.unmake_null_move();
        eval_state.pop();
    }

    void count_node() {
        const std::uint64_t n = nodes.load(std::memory_order_relaxed) + 1;
        nodes.store(n, std::memory_order_relaxed);
        if (is_main() && (n & (NODES_PER_LIMIT_CHECK - 1)) == 0) check_limits();
    }

    // Polled by the main thread: the hard time limit and the node limit end the search, but
    // never before depth 1 has completed: until then the best move is just the first one tried
    // (a node limit of 200 used to return an unsearched move with a score of -infinity).
    void check_limits() {
        if (limits->nodes && completed_depth >= 1 && total_nodes() >= *limits->nodes) control->stop = true;
        if (timer->limited() && !control->pondering.load(std::memory_order_relaxed) && completed_depth >= 1 && timer->hard_limit_reached())
            control->stop = true;
    }

    // Prints the current lines (a window other than (-inf, inf) marks a bound of an unfinished
    // iteration), or those of the last completed iteration.
    void report(int depth, int alpha, int beta, bool from_completed = false);
    bool partial_reported = false;  // the last lines printed were bounds of an unfinished iteration
    void iterative_deepening();
    void adopt_interrupted_best();
    template <bool PV>
    int negamax(int alpha, int beta, int depth, int ply, bool cut_node, StackEntry* ss);
    template <bool PV>
    int qsearch(int alpha, int beta, int ply, StackEntry* ss);
    void update_quiet_histories(StackEntry* ss, Move best, const Move* quiets, int quiet_count, int depth);
    // Gives `bonus` to quiet move m of `piece`, made at ss, in the continuation histories that
    // judge it (those of the moves CONTINUATION_PLIES before it).
    void update_continuations(const StackEntry* ss, typename Game::Piece piece, Move m, int bonus) {
        for (const int k : CONTINUATION_PLIES)
            if ((ss - k)->continuation) update_history((*(ss - k)->continuation)[piece][m.to()], bonus);
    }
};

}  // namespace sen
