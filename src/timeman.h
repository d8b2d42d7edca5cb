// Time management: how long one search may think, and the clock that enforces it.
//
// Owns two things only: allocate_time(), a pure function from a parsed `go` (GoParams), the side
// to move, the game ply and the move overhead to a soft and a hard budget; and TimeLimiter, which
// compares elapsed time against that budget. It never reads the option table (the engine passes
// Move Overhead in), never prints, never touches the position or the search state, and knows
// nothing about pondering: a `go ponder` gets the same budget as the plain `go`, and the engine
// decides when the limiter starts to matter (see docs/timeman.md, "Pondering").
//
// Invariants of allocate_time() when a budget is limited (checked by tests/test_timeman.cpp):
//   1 <= soft_ms <= hard_ms <= max(1, remaining - overhead)   (remaining = own clock, if given)
//   remaining <= overhead  ->  soft_ms == hard_ms == 1        ("move now")
// Formulas and a table of typical budgets are in docs/timeman.md.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>

#include "go_params.h"
#include "types.h"

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

// The search's clock. Built by the engine when a search starts, from the budget and the instant
// the `go` line was read (not when the search thread got going, so parsing and thread start-up
// are paid for out of the budget). Read-only after construction, so any search thread may ask.
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

    const TimeBudget& budget() const { return budget_; }
    bool limited() const { return budget_.limited; }

    // Whole milliseconds since `start`; never negative.
    std::int64_t elapsed_ms() const;

    // Polled inside the search every N nodes: true once the hard budget is used up.
    bool hard_limit_reached() const;

    // Asked between iterations: true when another iteration should not be started. `scale`
    // stretches or shrinks the soft budget (best-move stability, score drop, node share); it is
    // clamped to [MIN_SOFT_SCALE, MAX_SOFT_SCALE], and the result never goes past the hard budget.
    bool soft_limit_reached(double scale = 1.0) const;

private:
    Clock::time_point now() const { return now_ ? now_() : Clock::now(); }

    TimeBudget budget_;
    Clock::time_point start_;
    NowFn now_;
};

}  // namespace sen
