// Budget formulas and the search clock; see timeman.h for what this unit owns, and
// docs/timeman.md for the formulas with a table of typical budgets.
#include "core/timeman.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sen {

namespace {

// Sudden death: plan as if 50 more moves have to be played (Stockfish, Weiss and Berserk all use
// 50). Under one second left, assume fewer (Stockfish: 0.0505 moves per ms), so that increments
// we may never live to collect are not spent in advance and a tiny clock is not charged 52
// overheads at once.
constexpr double SUDDEN_DEATH_HORIZON = 50.0;
constexpr double HORIZON_PER_MS_BELOW_ONE_SECOND = 0.05;

// Share of the pool for one move in sudden death. It grows with the game ply, as Stockfish's does:
// early moves still have a whole game ahead of them, and opening positions are the best known.
// From ply 60 on it is flat at 1/20, the share Berserk uses (0.0575) rounded down.
constexpr double SHARE_AT_START = 0.025;
constexpr double SHARE_AT_RAMP_END = 0.05;
constexpr int SHARE_RAMP_PLIES = 60;

// Short pools get a smaller share, after Stockfish's originalTimeAdjust (0.3272 log10 B - 0.4141):
// at fast controls a fixed cost per move (overhead, iterations that cannot be cut short) eats a
// larger part of the clock. Stockfish computes it once per game; here it follows the current pool,
// so spending also eases off as the clock runs down. Capped at 1: long controls get the plain share.
constexpr double POOL_FACTOR_SLOPE = 0.3272;
constexpr double POOL_FACTOR_OFFSET = 0.4141;
constexpr double POOL_FACTOR_MIN = 0.25;
constexpr double POOL_FACTOR_MAX = 1.0;

double short_pool_factor(double pool) {
    return std::clamp(POOL_FACTOR_SLOPE * std::log10(pool) - POOL_FACTOR_OFFSET, POOL_FACTOR_MIN, POOL_FACTOR_MAX);
}

// Never plan more than this share of the usable clock for one sudden-death move. With an increment
// the clock drains until this cap binds, and then settles where the spending pays one increment.
// Stockfish and Weiss use about 0.2. Sen lost games on time at 10+0.1 with 0.2 and a hard budget of
// up to 0.8 of the clock on a loaded machine, where one descheduled move can cost a few hundred ms;
// with 0.05 it kept about 3 s of a 10+0.1 clock unspent at the end of its games (SF2400 PGN). 0.1
// with the hard cap below spends half of that and keeps every single move to a quarter of the clock.
constexpr double SOFT_CAP_OF_AVAILABLE = 0.1;

// No sudden-death move may use more than this share of the usable clock, however its iterations
// run: a think cut off at the hard budget and then descheduled must still leave a clock behind.
constexpr double HARD_CAP_SUDDEN_DEATH = 0.25;

// How far past the soft budget a single iteration may run before it is cut off. Stockfish lets it
// reach 3.1..6.9 times the optimum, Berserk 5.9, Weiss 5.
constexpr double HARD_OVER_SOFT_SUDDEN_DEATH = 5.0;

// Moves to go: movestogo is clamped to 1..50 (Berserk): a larger value would spread the clock
// thinner than a sudden-death game does. The per-move share is a little under an even split
// because an iteration started just before the soft limit still runs to its end.
constexpr int MAX_MOVES_TO_GO = 50;
constexpr double MTG_SOFT_FACTOR = 0.9;
// Hard over soft with moves to go: Stockfish's 1.3 + 0.11 * mtg, capped at the sudden-death
// value. Near the time control (mtg small) the soft budget is already a large slice of the clock.
constexpr double MTG_HARD_BASE = 1.3;
constexpr double MTG_HARD_PER_MOVE = 0.11;

// Keep a fifth of the usable clock out of reach of even the hard limit: the search only polls the
// clock every N nodes, and unwinding, printing and the GUI's own latency all come after it
// (Stockfish 0.81 T - O, Berserk 0.8..0.92 T - O, Weiss 0.8 T).
constexpr double HARD_CAP_OF_AVAILABLE = 0.8;

// Usable clock: what is left once this move's overhead is paid. At least 1 ms, because a zero
// budget would look like "no limit" to careless code; the search finishes depth 1 regardless.
std::int64_t usable_ms(std::int64_t remaining, std::int64_t overhead) {
    // Compare before subtracting: remaining may be hugely negative and overflow the subtraction.
    return remaining > overhead ? remaining - overhead : 1;
}

// Between iterations (stop_after_iteration). A mate in p plies that an iteration of depth
// 2p + 4 or more has proven will not change: answer at once.
constexpr int MATE_SETTLED_PLY_FACTOR = 2;
constexpr int MATE_SETTLED_MARGIN = 4;

// The soft budget is scaled from this depth on: the first iterations' best moves and scores say
// little. The three factors are multiplied (Stockfish and Berserk scale the same way):
constexpr int SCALE_MIN_DEPTH = 4;
// Best-move stability: 1.3 when the best move just changed, 0.05 less for each iteration it
// stayed, down to 0.8 after 10 (Stockfish's bestMoveInstability, Berserk's stability table).
constexpr double STABILITY_NEW_MOVE = 1.3;
constexpr double STABILITY_STEP = 0.05;
constexpr int STABILITY_MAX_ITERATIONS = 10;
// Score drop: 0.4 more per pawn lost since the last iteration, 0.4 less per pawn gained, within
// [0.8, 1.5] (Stockfish's fallingEval).
constexpr double SCORE_DROP_PAWN = 100.0;
constexpr double SCORE_DROP_PER_PAWN = 0.4;
constexpr double SCORE_DROP_MIN = 0.8;
constexpr double SCORE_DROP_MAX = 1.5;
// Node share: 2 (1 - share) + 0.4, at least 0.5, where share is the best move's part of the
// nodes spent below the root: a best move that took nearly all the effort is clear; when the
// nodes were spread over many moves the choice is close (Stockfish's nodesEffort, Berserk,
// Weiss). A search that counted no nodes below the root takes a share of a half.
constexpr double NODE_SHARE_UNKNOWN = 0.5;
constexpr double NODE_FACTOR_SLOPE = 2.0;
constexpr double NODE_FACTOR_OFFSET = 0.4;
constexpr double NODE_FACTOR_MIN = 0.5;

std::int64_t clamp_to_ms(double x, std::int64_t lo, std::int64_t hi) {
    if (!(x >= static_cast<double>(lo))) return lo;  // also catches NaN
    if (x >= static_cast<double>(hi)) return hi;
    return std::clamp(static_cast<std::int64_t>(x), lo, hi);
}

}  // namespace

TimeBudget allocate_time(const GoParams& go, Color us, int game_ply, std::int64_t move_overhead_ms) {
    if (go.infinite) return {};

    const std::int64_t overhead = std::max<std::int64_t>(0, move_overhead_ms);
    const std::optional<std::int64_t> clock = go.time_for(us);

    // Fixed time per move: aim at movetime minus the overhead, since cutechess and fastchess flag
    // the engine when the move arrives late. A clock that is shorter still wins.
    if (go.movetime) {
        std::int64_t budget = usable_ms(*go.movetime, overhead);
        if (clock) budget = std::min(budget, usable_ms(*clock, overhead));
        return {budget, budget, true};
    }

    // The opponent's clock is no limit of ours (fastchess --compliance sends `go wtime 100` alone).
    if (!clock) return {};

    const std::int64_t remaining = *clock;
    if (remaining <= overhead) return {1, 1, true};  // zero, negative or all latency: move now

    const std::int64_t available = remaining - overhead;
    const double t = static_cast<double>(remaining);
    const double avail = static_cast<double>(available);
    const double inc = static_cast<double>(std::max<std::int64_t>(0, go.increment_for(us).value_or(0)));
    const double o = static_cast<double>(overhead);
    const int mtg = go.movestogo && *go.movestogo > 0 ? std::min(*go.movestogo, MAX_MOVES_TO_GO) : 0;

    double soft = 0.0;
    double hard = 0.0;
    if (mtg == 0) {
        // Pool: the clock plus the increments of the next H-1 moves, minus an overhead for each
        // of them and two spare (Stockfish's formula).
        const double horizon = std::clamp(t * HORIZON_PER_MS_BELOW_ONE_SECOND, 1.0, SUDDEN_DEATH_HORIZON);
        const double pool = std::max(1.0, t + (horizon - 1.0) * inc - (horizon + 2.0) * o);
        const int ramp = std::clamp(game_ply, 0, SHARE_RAMP_PLIES);
        const double share = SHARE_AT_START + (SHARE_AT_RAMP_END - SHARE_AT_START) * ramp / SHARE_RAMP_PLIES;
        soft = std::min(short_pool_factor(pool) * share * pool, SOFT_CAP_OF_AVAILABLE * avail);
        hard = std::min(HARD_OVER_SOFT_SUDDEN_DEATH * soft, HARD_CAP_SUDDEN_DEATH * avail);
    } else {
        // Pool: the clock plus the increments that arrive before the control, minus an overhead
        // per move and one spare; the last move before the control may use the lot.
        const double pool = std::max(1.0, t + (mtg - 1) * inc - (mtg + 1) * o);
        soft = MTG_SOFT_FACTOR * pool / mtg;
        hard = std::min(HARD_OVER_SOFT_SUDDEN_DEATH, MTG_HARD_BASE + MTG_HARD_PER_MOVE * mtg) * soft;
    }

    const double hard_cap = std::max(1.0, std::floor(HARD_CAP_OF_AVAILABLE * avail));
    hard = std::min(hard, hard_cap);
    soft = std::min(soft, hard);

    TimeBudget budget;
    budget.limited = true;
    budget.hard_ms = clamp_to_ms(hard, 1, available);
    budget.soft_ms = clamp_to_ms(soft, 1, budget.hard_ms);
    return budget;
}

TimeLimiter::TimeLimiter(TimeBudget budget, Clock::time_point start, NowFn now)
    : soft_ms_(budget.soft_ms), hard_ms_(budget.hard_ms), limited_(budget.limited), start_(start.time_since_epoch().count()),
      now_(std::move(now)) {}

TimeBudget TimeLimiter::budget() const {
    TimeBudget budget;
    budget.soft_ms = soft_ms_.load(std::memory_order_relaxed);
    budget.hard_ms = hard_ms_.load(std::memory_order_relaxed);
    budget.limited = limited_.load(std::memory_order_relaxed);
    return budget;
}

void TimeLimiter::restart(TimeBudget budget, Clock::time_point start) {
    soft_ms_.store(budget.soft_ms);
    hard_ms_.store(budget.hard_ms);
    limited_.store(budget.limited);
    start_.store(start.time_since_epoch().count());
}

std::int64_t TimeLimiter::elapsed_ms() const {
    const Clock::time_point start{Clock::duration(start_.load(std::memory_order_relaxed))};
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now() - start).count();
    return std::max<std::int64_t>(0, static_cast<std::int64_t>(ms));
}

bool TimeLimiter::hard_limit_reached() const { return limited() && elapsed_ms() >= hard_ms_.load(std::memory_order_relaxed); }

bool TimeLimiter::soft_limit_reached(double scale) const {
    if (!limited()) return false;
    return static_cast<double>(elapsed_ms()) >= soft_limit_ms(budget(), scale);
}

bool TimeLimiter::stop_after_iteration(const IterationFacts& facts) const {
    return sen::stop_after_iteration(facts, budget(), elapsed_ms());
}

double soft_scale(const IterationFacts& facts) {
    if (facts.depth < SCALE_MIN_DEPTH) return 1.0;
    const double stability = STABILITY_NEW_MOVE - STABILITY_STEP * std::min(facts.stable_iterations, STABILITY_MAX_ITERATIONS);
    const double drop =
        std::clamp(1.0 + (facts.previous_score - facts.score) / SCORE_DROP_PAWN * SCORE_DROP_PER_PAWN, SCORE_DROP_MIN, SCORE_DROP_MAX);
    const double best_share =
        facts.root_nodes ? static_cast<double>(facts.best_move_nodes) / static_cast<double>(facts.root_nodes) : NODE_SHARE_UNKNOWN;
    const double node_factor = std::max(NODE_FACTOR_MIN, NODE_FACTOR_SLOPE * (1.0 - best_share) + NODE_FACTOR_OFFSET);
    return stability * drop * node_factor;
}

double soft_limit_ms(const TimeBudget& budget, double scale) {
    if (std::isnan(scale)) scale = 1.0;  // a broken estimate should not move the limit at all
    scale = std::clamp(scale, TimeLimiter::MIN_SOFT_SCALE, TimeLimiter::MAX_SOFT_SCALE);
    return std::min(static_cast<double>(budget.soft_ms) * scale, static_cast<double>(budget.hard_ms));
}

bool mate_settled(int depth, int mate_plies) { return depth >= MATE_SETTLED_PLY_FACTOR * mate_plies + MATE_SETTLED_MARGIN; }

bool stop_after_iteration(const IterationFacts& facts, const TimeBudget& budget, std::int64_t elapsed_ms) {
    if (!budget.limited) return false;
    if (facts.mate_plies && mate_settled(facts.depth, *facts.mate_plies)) return true;
    if (facts.root_moves == 1) return true;  // a single legal move needs no thought
    // With a fixed movetime (soft == hard) the whole time is used; the hard limit ends it.
    if (budget.soft_ms >= budget.hard_ms) return false;
    return static_cast<double>(elapsed_ms) >= soft_limit_ms(budget, soft_scale(facts));
}

void LatencyTracker::record(Color us, int game_ply, std::optional<std::int64_t> clock_ms, std::int64_t increment_ms,
                            std::int64_t own_elapsed_ms, bool pondered) {
    pending_.reset();
    // No own clock, a zero or negative one, or a ponder search: nothing to predict from.
    if (!clock_ms || *clock_ms <= 0 || pondered) return;
    const std::int64_t inc = std::clamp<std::int64_t>(increment_ms, 0, std::int64_t{1} << 40);
    const std::int64_t elapsed = std::clamp<std::int64_t>(own_elapsed_ms, 0, std::int64_t{1} << 40);
    if (*clock_ms > (std::int64_t{1} << 40)) return;  // absurd clocks would overflow the sum
    pending_ = Pending{us, game_ply, *clock_ms - elapsed + inc};
}

void LatencyTracker::observe(Color us, int game_ply, std::optional<std::int64_t> clock_ms) {
    const std::optional<Pending> pending = pending_;
    pending_.reset();
    last_sample_.reset();
    if (!pending || !clock_ms || pending->us != us || game_ply != pending->game_ply + 2) return;
    constexpr std::int64_t LIMIT = std::int64_t{1} << 40;  // keeps the difference from overflowing
    const std::int64_t shortfall = pending->expected_clock - std::clamp(*clock_ms, -LIMIT, LIMIT);
    // A negative shortfall is a clock that grew (a new period, a GUI that rounds up): no sample.
    if (shortfall < 0) return;
    const std::int64_t sample = std::min(shortfall, MAX_SAMPLE_MS);
    last_sample_ = sample;
    estimate_ = std::max(static_cast<double>(sample), estimate_ * DECAY);
}

}  // namespace sen
