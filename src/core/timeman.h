// Time management: how long one search may think, and the clock that enforces it.
//
// Owns three things: allocate_time(), a pure function from a parsed `go` (GoParams), the side to
// move, the game ply and the move overhead to a soft and a hard budget; the policy between
// iterations, stop_after_iteration(), a pure function from what the search reports about the
// iteration it has just completed (IterationFacts: best-move stability, score change, the best
// move's share of the nodes, a proven mate, a single legal move) to whether to start another;
// and TimeLimiter, which compares elapsed time against the budget. It never reads the option
// table (the engine passes Move Overhead in), never prints, never touches the position or the
// search state (the search fills IterationFacts), and knows nothing about pondering: a `go
// ponder` gets the same budget as the plain `go`, and the engine and the search decide when the
// limiter starts to matter (see docs/timeman.md, "Pondering").
//
// Invariants of allocate_time() when a budget is limited (checked by tests/core/test_timeman.cpp):
//   1 <= soft_ms <= hard_ms <= max(1, remaining - overhead)   (remaining = own clock, if given)
//   remaining <= overhead  ->  soft_ms == hard_ms == 1        ("move now")
// Formulas and a table of typical budgets are in docs/timeman.md.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>

#include "core/go_params.h"
#include "core/types.h"

namespace sen {

struct TimeBudget {
    // Value of soft_ms/hard_ms when there is no time limit, so that a careless comparison still
    // never stops the search.
    static constexpr std::int64_t UNLIMITED_MS = std::numeric_limits<std::int64_t>::max();

    std::int64_t soft_ms = UNLIMITED_MS;  // do not start another iteration once this has passed
    std::int64_t hard_ms = UNLIMITED_MS;  // stop the search at once
    bool limited = false;                 // false: infinite, depth/nodes/mate only, or no own clock
};

// `game_ply` is the game ply of the root position (0 = White's first move); it only shapes the
// sudden-death share. Negative overhead counts as 0. `go.infinite` wins over every other limit.
TimeBudget allocate_time(const GoParams& go, Color us, int game_ply, std::int64_t move_overhead_ms);

// What the search knows after completing an iteration of a search with a time limit: the inputs
// of the policy that decides whether to start another (stop_after_iteration).
struct IterationFacts {
    int depth = 0;                      // the depth just completed
    std::size_t root_moves = 0;         // the number of moves searched at the root
    std::optional<int> mate_plies;      // plies to the mate the best score proves, for either side
    int stable_iterations = 0;          // iterations in a row, before this one, with this best move
    int score = 0;                      // the best move's score, in centipawns
    int previous_score = 0;             // the best score the policy saw last time; 0 the first time
    std::uint64_t best_move_nodes = 0;  // nodes spent below the best move since the search began
    std::uint64_t root_nodes = 0;       // nodes spent below all root moves since the search began
};

// The factor by which these facts stretch or shrink the soft budget: best-move stability times
// score drop times node share, or 1 in the first iterations. Not clamped; soft_limit_ms() clamps.
double soft_scale(const IterationFacts& facts);

// The soft budget stretched by `scale`, clamped to TimeLimiter::MIN_SOFT_SCALE..MAX_SOFT_SCALE (a NaN
// counts as 1) and never past the hard budget. Meaningful only for a limited budget.
double soft_limit_ms(const TimeBudget& budget, double scale);

// A mate in `mate_plies` plies (either side's) that an iteration of `depth` has found is settled:
// more depth will not change it. Timed searches then answer at once (stop_after_iteration);
// searches without a time or depth limit (`go infinite`, a node limit) stop deepening too.
bool mate_settled(int depth, int mate_plies);

// Between iterations: true when another iteration should not be started, given what the last
// one found and the time used so far. Never true for an unlimited budget. Otherwise true for a
// mate proven well within the depth searched, a single root move, or once the scaled soft limit
// has passed; with a fixed movetime (soft == hard) only the hard limit ends the search.
bool stop_after_iteration(const IterationFacts& facts, const TimeBudget& budget, std::int64_t elapsed_ms);

// The search's clock. Built by the engine when a search starts, from the budget and the instant
// the `go` line was read (not when the search thread got going, so parsing and thread start-up
// are paid for out of the budget). Changed after construction only by restart(), at a ponder hit
// whose clock starts afresh; every field is atomic, so any search thread may ask meanwhile.
class TimeLimiter {
public:
    using Clock = std::chrono::steady_clock;
    // Tests pass a fake clock here; an empty function means Clock::now.
    using NowFn = std::function<Clock::time_point()>;

    // Bounds for the factor the search passes to soft_limit_reached(): outside them a noisy
    // stability or score-drop estimate would either throw the move away or burn the clock.
    static constexpr double MIN_SOFT_SCALE = 0.3;
    static constexpr double MAX_SOFT_SCALE = 3.0;

    TimeLimiter(TimeBudget budget, Clock::time_point start, NowFn now = {});

    TimeBudget budget() const;
    bool limited() const { return limited_.load(std::memory_order_relaxed); }

    // A new budget counted from `start`: a CECP ponder hit, where the time spent pondering is
    // free and the clock runs from the opponent's move. The fields change one by one; the engine
    // makes the change visible as a whole by clearing the search's pondering flag afterwards (a
    // pondering search does not act on the limiter).
    void restart(TimeBudget budget, Clock::time_point start);

    // Whole milliseconds since `start`; never negative.
    std::int64_t elapsed_ms() const;

    // Polled inside the search every N nodes: true once the hard budget is used up.
    bool hard_limit_reached() const;

    // True once the soft budget, stretched or shrunk by `scale` as soft_limit_ms() does, has passed.
    bool soft_limit_reached(double scale = 1.0) const;

    // Asked by the search between iterations: stop_after_iteration() at the time elapsed now.
    bool stop_after_iteration(const IterationFacts& facts) const;

private:
    Clock::time_point now() const { return now_ ? now_() : Clock::now(); }

    std::atomic<std::int64_t> soft_ms_;
    std::atomic<std::int64_t> hard_ms_;
    std::atomic<bool> limited_;
    std::atomic<Clock::rep> start_;  // ticks since the clock's epoch
    NowFn now_;
};

// Learns how much the GUI really charges per move beyond our own thinking time.
//
// Move Overhead is a guess made once by the user; the true cost of a move (pipe latency, the
// runner's own bookkeeping, being descheduled on a loaded machine) shows up in the clocks the
// GUI sends: if we had C ms at one `go`, thought for E ms by our own clock and the increment is
// I, the next `go` for the same side should say C - E + I. Whatever is missing is latency. The
// tracker keeps a decaying maximum of that shortfall; the engine plans with
// max(Move Overhead, overhead_ms()), so a slow pipe or a busy machine slows our spending before
// it flags us (the checklist's T2: forfeits at fast time controls).
//
// A sample is only taken when the two searches are two plies apart in the same game (no
// ucinewgame in between, same side to move), the earlier one had an own clock and was not a
// ponder search (a ponder hit moves the GUI's start), and the clock did not jump up (a new
// time control period under movestogo). Samples are capped, so one stall of the GUI cannot make
// us play instantly for the rest of the game.
class LatencyTracker {
public:
    static constexpr std::int64_t MAX_SAMPLE_MS = 1000;
    // Per move, the estimate falls to this share of itself unless a new sample is as large.
    static constexpr double DECAY = 0.9;

    // At the end of a search: our clock and increment at its `go`, where it started, and how long
    // we took by our own clock (from reading `go` to sending `bestmove`).
    void record(Color us, int game_ply, std::optional<std::int64_t> clock_ms, std::int64_t increment_ms, std::int64_t own_elapsed_ms,
                bool pondered);
    // At the next `go`: compares its clock with what the recorded search predicts.
    void observe(Color us, int game_ply, std::optional<std::int64_t> clock_ms);
    // A new game: nothing learned carries over.
    void reset() { *this = LatencyTracker{}; }

    // Current estimate of the unseen cost of one move, in whole ms (0 until a sample shows any).
    std::int64_t overhead_ms() const { return static_cast<std::int64_t>(estimate_ + 0.999); }
    std::optional<std::int64_t> last_sample_ms() const { return last_sample_; }

private:
    struct Pending {
        Color us;
        int game_ply;
        std::int64_t expected_clock;  // C - E + I
    };
    std::optional<Pending> pending_;
    std::optional<std::int64_t> last_sample_;
    double estimate_ = 0.0;
};

}  // namespace sen
