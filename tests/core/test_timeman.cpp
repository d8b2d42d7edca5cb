// Tests of the time manager: the budget invariants over a large grid of clocks, the special cases
// of the `go` command, the limiter's soft/hard logic on a fake clock (no sleeping), and the
// policy between iterations (soft_scale, stop_after_iteration).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "core/go_params.h"
#include "core/timeman.h"

using namespace sen;

namespace {

constexpr std::int64_t I64_MAX = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t I64_MIN = std::numeric_limits<std::int64_t>::min();

GoParams clock_go(Color us, std::optional<std::int64_t> time, std::optional<std::int64_t> inc = {}, std::optional<int> mtg = {}) {
    GoParams go;
    go.time[index_of(us)] = time;
    go.increment[index_of(us)] = inc;
    go.movestogo = mtg;
    return go;
}

bool same(const TimeBudget& a, const TimeBudget& b) { return a.limited == b.limited && a.soft_ms == b.soft_ms && a.hard_ms == b.hard_ms; }

// The contract of timeman.h for a limited budget computed from our own clock.
void check_invariants(const TimeBudget& b, std::int64_t remaining, std::int64_t overhead) {
    REQUIRE(b.limited);
    REQUIRE(b.soft_ms >= 1);
    REQUIRE(b.soft_ms <= b.hard_ms);
    const std::int64_t o = std::max<std::int64_t>(0, overhead);
    if (remaining <= o) {
        REQUIRE(b.soft_ms == 1);
        REQUIRE(b.hard_ms == 1);
    } else {
        REQUIRE(b.hard_ms <= remaining - o);
    }
}

// A fake steady clock that the tests move by hand.
struct FakeClock {
    TimeLimiter::Clock::time_point start{};
    std::int64_t now_ms = 0;
    TimeLimiter::NowFn fn() {
        return [this] { return start + std::chrono::milliseconds(now_ms); };
    }
};

}  // namespace

TEST_CASE("budgets obey the invariants over a grid of clocks", "[timeman]") {
    const std::vector<std::int64_t> times = {-1000, -1,  0,   1,    2,    5,    9,    10,    11,    20,     50,     99,      100,
                                             250,   500, 999, 1000, 1001, 2000, 5000, 10000, 60000, 180000, 600000, 1000000, 10000000};
    const std::vector<std::int64_t> incs = {0, 1, 10, 100, 600, 1000, 10000};
    const std::vector<std::optional<int>> mtgs = {std::nullopt, 0, -5, 1, 2, 3, 10, 40, 50, 51, 100};
    const std::vector<std::int64_t> overheads = {0, 1, 10, 50, 100, 300, 1000, 5000};
    const std::vector<int> plies = {0, 1, 20, 59, 60, 61, 150, 300};

    for (Color us : {Color::White, Color::Black})
        for (std::int64_t t : times)
            for (std::int64_t inc : incs)
                for (const auto& mtg : mtgs)
                    for (std::int64_t o : overheads)
                        for (int ply : plies) {
                            const TimeBudget b = allocate_time(clock_go(us, t, inc, mtg), us, ply, o);
                            INFO("t=" << t << " inc=" << inc << " mtg=" << mtg.value_or(-999) << " o=" << o << " ply=" << ply);
                            check_invariants(b, t, o);
                        }
}

TEST_CASE("budgets obey the invariants for random and extreme inputs", "[timeman]") {
    std::mt19937_64 rng(20240607);
    const std::vector<std::int64_t> extremes = {I64_MIN, I64_MIN + 1, -1, 0, 1, I64_MAX - 1, I64_MAX};
    auto pick = [&](std::int64_t lo, std::int64_t hi) {
        if (rng() % 8 == 0) return extremes[rng() % extremes.size()];
        return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
    };
    for (int i = 0; i < 200000; ++i) {
        const std::int64_t t = pick(-100000, 100000000);
        const std::int64_t inc = pick(-1000, 100000);
        const std::optional<int> mtg = rng() % 3 == 0 ? std::nullopt : std::optional<int>(static_cast<int>(pick(-100, 1000)));
        const std::int64_t o = pick(-100, 10000);
        const int ply = static_cast<int>(pick(-10, 2000));
        const TimeBudget b = allocate_time(clock_go(Color::White, t, inc, mtg), Color::White, ply, o);
        INFO("t=" << t << " inc=" << inc << " mtg=" << mtg.value_or(-999) << " o=" << o << " ply=" << ply);
        check_invariants(b, t, o);
    }
}

TEST_CASE("more clock or more increment never gives a smaller budget", "[timeman]") {
    const std::vector<std::optional<int>> mtgs = {std::nullopt, 1, 5, 40};
    for (const auto& mtg : mtgs)
        for (std::int64_t o : {0, 10, 100, 1000})
            for (int ply : {0, 30, 100}) {
                TimeBudget prev = allocate_time(clock_go(Color::White, -50, 0, mtg), Color::White, ply, o);
                for (std::int64_t t = -49; t <= 20000; t += 7) {
                    const TimeBudget b = allocate_time(clock_go(Color::White, t, 0, mtg), Color::White, ply, o);
                    INFO("t=" << t << " mtg=" << mtg.value_or(-999) << " o=" << o << " ply=" << ply);
                    REQUIRE(b.soft_ms >= prev.soft_ms);
                    REQUIRE(b.hard_ms >= prev.hard_ms);
                    prev = b;
                }
                for (std::int64_t t : {500, 5000, 60000}) {
                    TimeBudget before = allocate_time(clock_go(Color::White, t, 0, mtg), Color::White, ply, o);
                    for (std::int64_t inc = 1; inc <= 5000; inc += 13) {
                        const TimeBudget b = allocate_time(clock_go(Color::White, t, inc, mtg), Color::White, ply, o);
                        INFO("t=" << t << " inc=" << inc << " mtg=" << mtg.value_or(-999) << " o=" << o);
                        REQUIRE(b.soft_ms >= before.soft_ms);
                        REQUIRE(b.hard_ms >= before.hard_ms);
                        before = b;
                    }
                }
            }
}

TEST_CASE("zero, negative or overhead-sized clocks mean move now", "[timeman]") {
    for (std::int64_t t : {I64_MIN, std::int64_t{-100000}, std::int64_t{-1}, std::int64_t{0}}) {
        for (std::int64_t o : {0, 10, 5000}) {
            const TimeBudget b = allocate_time(clock_go(Color::Black, t, 5000, 20), Color::Black, 40, o);
            CHECK(b.limited);
            CHECK(b.soft_ms == 1);
            CHECK(b.hard_ms == 1);
        }
    }
    const TimeBudget at_overhead = allocate_time(clock_go(Color::White, 10, 1000), Color::White, 0, 10);
    CHECK((at_overhead.soft_ms == 1 && at_overhead.hard_ms == 1));
    // One millisecond above the overhead: there is exactly 1 ms to use.
    const TimeBudget one_left = allocate_time(clock_go(Color::White, 11, 1000), Color::White, 0, 10);
    CHECK((one_left.soft_ms == 1 && one_left.hard_ms == 1));
}

TEST_CASE("movetime is aimed at movetime minus the overhead", "[timeman]") {
    GoParams go;
    go.movetime = 100;
    TimeBudget b = allocate_time(go, Color::White, 0, 10);
    CHECK(b.limited);
    CHECK(b.soft_ms == 90);
    CHECK(b.hard_ms == 90);

    b = allocate_time(go, Color::White, 0, 0);
    CHECK((b.soft_ms == 100 && b.hard_ms == 100));
    b = allocate_time(go, Color::White, 0, -20);  // negative overhead counts as none
    CHECK((b.soft_ms == 100 && b.hard_ms == 100));
    b = allocate_time(go, Color::White, 0, 100);
    CHECK((b.soft_ms == 1 && b.hard_ms == 1));
    b = allocate_time(go, Color::White, 0, 5000);
    CHECK((b.soft_ms == 1 && b.hard_ms == 1));

    for (std::int64_t mt : {I64_MIN, std::int64_t{-5}, std::int64_t{0}}) {
        go.movetime = mt;
        b = allocate_time(go, Color::White, 0, 10);
        CHECK((b.limited && b.soft_ms == 1 && b.hard_ms == 1));
    }
    go.movetime = I64_MAX;
    b = allocate_time(go, Color::White, 0, 10);
    CHECK((b.limited && b.soft_ms == I64_MAX - 10 && b.hard_ms == I64_MAX - 10));
}

TEST_CASE("movetime never exceeds our own clock minus the overhead", "[timeman]") {
    GoParams go = clock_go(Color::Black, 50, 1000, 10);
    go.movetime = 100;
    TimeBudget b = allocate_time(go, Color::Black, 0, 10);
    CHECK((b.soft_ms == 40 && b.hard_ms == 40));

    go.time[index_of(Color::Black)] = -30;
    b = allocate_time(go, Color::Black, 0, 10);
    CHECK((b.soft_ms == 1 && b.hard_ms == 1));

    // With plenty of clock, movetime is what was asked for (lichess-bot sends both).
    go.time[index_of(Color::Black)] = 600000;
    b = allocate_time(go, Color::Black, 0, 10);
    CHECK((b.soft_ms == 90 && b.hard_ms == 90));

    // Only the opponent's clock is short: it does not limit our movetime.
    go.time[index_of(Color::Black)] = std::nullopt;
    go.time[index_of(Color::White)] = 5;
    b = allocate_time(go, Color::Black, 0, 10);
    CHECK((b.soft_ms == 90 && b.hard_ms == 90));
}

TEST_CASE("no clock for the side to move means no time limit", "[timeman]") {
    // fastchess --compliance: `go wtime 100` with Black to move.
    GoParams go = clock_go(Color::White, 100, 10, 5);
    TimeBudget b = allocate_time(go, Color::Black, 0, 10);
    CHECK_FALSE(b.limited);
    CHECK(b.soft_ms == TimeBudget::UNLIMITED_MS);
    CHECK(b.hard_ms == TimeBudget::UNLIMITED_MS);

    GoParams depth_only;
    depth_only.depth = 5;
    CHECK_FALSE(allocate_time(depth_only, Color::White, 0, 10).limited);
    GoParams nodes_only;
    nodes_only.nodes = 1000;
    CHECK_FALSE(allocate_time(nodes_only, Color::White, 0, 10).limited);
    GoParams mate_only;
    mate_only.mate = 3;
    CHECK_FALSE(allocate_time(mate_only, Color::White, 0, 10).limited);
    CHECK_FALSE(allocate_time(GoParams{}, Color::White, 0, 10).limited);

    // An increment without a clock is no clock either.
    GoParams inc_only;
    inc_only.increment[index_of(Color::White)] = 1000;
    CHECK_FALSE(allocate_time(inc_only, Color::White, 0, 10).limited);
}

TEST_CASE("infinite wins over clocks and movetime", "[timeman]") {
    GoParams go = clock_go(Color::White, 1000, 10);
    go.movetime = 100;
    go.infinite = true;
    CHECK_FALSE(allocate_time(go, Color::White, 0, 10).limited);
}

TEST_CASE("other limits do not change the clock budget", "[timeman]") {
    const GoParams plain = clock_go(Color::White, 60000, 600);
    GoParams with_depth = plain;
    with_depth.depth = 5;
    with_depth.nodes = 100000;
    with_depth.mate = 4;
    with_depth.searchmoves = {"e2e4"};
    const TimeBudget a = allocate_time(plain, Color::White, 30, 10);
    CHECK(same(a, allocate_time(with_depth, Color::White, 30, 10)));
    // go ponder: the same budget; when it starts to count is the engine's business.
    GoParams ponder = plain;
    ponder.ponder = true;
    CHECK(same(a, allocate_time(ponder, Color::White, 30, 10)));
}

TEST_CASE("the other side's clock and increment are ignored", "[timeman]") {
    for (Color us : {Color::White, Color::Black})
        for (std::int64_t t : {0, 500, 10000, 600000})
            for (std::optional<int> mtg : {std::optional<int>{}, std::optional<int>{20}}) {
                const GoParams base = clock_go(us, t, 100, mtg);
                const TimeBudget b = allocate_time(base, us, 40, 10);
                for (std::int64_t their_inc : {-5000, 0, 1, 100000})
                    for (std::optional<std::int64_t> their_time : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{-10},
                                                                   std::optional<std::int64_t>{1}, std::optional<std::int64_t>{I64_MAX}}) {
                        GoParams go = base;
                        go.increment[index_of(~us)] = their_inc;
                        go.time[index_of(~us)] = their_time;
                        CHECK(same(b, allocate_time(go, us, 40, 10)));
                    }
            }
}

TEST_CASE("missing or negative increment counts as none", "[timeman]") {
    for (std::int64_t t : {300, 1000, 10000, 60000}) {
        const TimeBudget none = allocate_time(clock_go(Color::White, t), Color::White, 20, 10);
        CHECK(same(none, allocate_time(clock_go(Color::White, t, 0), Color::White, 20, 10)));
        CHECK(same(none, allocate_time(clock_go(Color::White, t, -500), Color::White, 20, 10)));
        CHECK(same(none, allocate_time(clock_go(Color::White, t, I64_MIN), Color::White, 20, 10)));
    }
}

TEST_CASE("movestogo: zero or negative is sudden death, large values clamp to 50", "[timeman]") {
    for (std::int64_t t : {800, 10000, 600000})
        for (std::int64_t inc : {0, 100}) {
            const TimeBudget sudden = allocate_time(clock_go(Color::White, t, inc), Color::White, 30, 10);
            CHECK(same(sudden, allocate_time(clock_go(Color::White, t, inc, 0), Color::White, 30, 10)));
            CHECK(same(sudden, allocate_time(clock_go(Color::White, t, inc, -5), Color::White, 30, 10)));
            const TimeBudget fifty = allocate_time(clock_go(Color::White, t, inc, 50), Color::White, 30, 10);
            CHECK(same(fifty, allocate_time(clock_go(Color::White, t, inc, 51), Color::White, 30, 10)));
            CHECK(same(fifty, allocate_time(clock_go(Color::White, t, inc, 100), Color::White, 30, 10)));
            CHECK(same(fifty, allocate_time(clock_go(Color::White, t, inc, 1 << 30), Color::White, 30, 10)));
        }
}

TEST_CASE("budgets at typical time controls are plausible", "[timeman]") {
    // Sudden death: a few percent of the clock per move, with room for a hard overrun.
    for (auto [t, inc] : {std::pair<std::int64_t, std::int64_t>{1000, 10}, {10000, 100}, {60000, 600}}) {
        for (int ply : {0, 40, 120}) {
            const TimeBudget b = allocate_time(clock_go(Color::White, t, inc), Color::White, ply, 10);
            INFO("t=" << t << " inc=" << inc << " ply=" << ply);
            CHECK(b.soft_ms * 100 >= t);       // at least 1%
            CHECK(b.soft_ms * 100 <= 10 * t);  // at most 10%
            CHECK(b.hard_ms >= 3 * b.soft_ms);
        }
    }
    // Moves to go: near an even split of the clock, and all of it (less the margin) on the last move.
    const TimeBudget forty = allocate_time(clock_go(Color::White, 600000, 0, 40), Color::White, 0, 10);
    CHECK(forty.soft_ms > 600000 / 40 / 2);
    CHECK(forty.soft_ms <= 600000 / 40);
    const TimeBudget last = allocate_time(clock_go(Color::White, 15000, 0, 1), Color::White, 0, 10);
    CHECK(last.hard_ms == (15000 - 10) * 8 / 10);
    CHECK(last.soft_ms == last.hard_ms);
}

TEST_CASE("a simulated game at common time controls never runs out of time", "[timeman]") {
    // Each move uses twice the soft budget (the last iteration started just before the soft limit
    // and ran on), cut at the hard budget, plus a latency as large as the move overhead. With no
    // increment some clock always runs out eventually (every move costs overhead + 1 ms), so
    // sudden death without increment is only asked to last a long game.
    struct Tc {
        std::int64_t time, inc;
        std::optional<int> mtg_period;
        std::int64_t overhead;
        int moves;
    };
    const std::vector<Tc> tcs = {
        {1000, 10, {}, 10, 150},   {8000, 80, {}, 10, 150},    {8000, 80, {}, 50, 150},  {10000, 100, {}, 10, 150},
        {60000, 600, {}, 10, 150}, {60000, 600, {}, 300, 150}, {600000, 0, 40, 10, 150}, {600000, 0, 40, 300, 150},
        {4000, 40, {}, 10, 150},   {10000, 0, {}, 10, 100},    {10000, 0, {}, 50, 90},   {60000, 0, {}, 10, 120},
    };
    for (const Tc& tc : tcs) {
        std::int64_t clock = tc.time;
        for (int move = 0; move < tc.moves; ++move) {
            std::optional<int> mtg;
            if (tc.mtg_period) mtg = *tc.mtg_period - move % *tc.mtg_period;
            const TimeBudget b = allocate_time(clock_go(Color::White, clock, tc.inc, mtg), Color::White, 2 * move, tc.overhead);
            clock -= std::min(b.hard_ms, 2 * b.soft_ms) + tc.overhead;
            INFO("tc=" << tc.time << "+" << tc.inc << " o=" << tc.overhead << " move=" << move);
            REQUIRE(clock > 0);
            clock += tc.inc;
            if (mtg == 1) clock += tc.time;
        }
    }
}

TEST_CASE("limiter: hard limit with an injected clock", "[timeman]") {
    FakeClock clock;
    const TimeLimiter limiter({100, 400, true}, clock.start, clock.fn());
    CHECK(limiter.limited());
    CHECK(limiter.elapsed_ms() == 0);
    CHECK_FALSE(limiter.hard_limit_reached());
    clock.now_ms = 399;
    CHECK(limiter.elapsed_ms() == 399);
    CHECK_FALSE(limiter.hard_limit_reached());
    clock.now_ms = 400;
    CHECK(limiter.hard_limit_reached());
    clock.now_ms = 100000;
    CHECK(limiter.hard_limit_reached());
    clock.now_ms = -5;  // a start in the future reads as no time spent
    CHECK(limiter.elapsed_ms() == 0);
}

TEST_CASE("limiter: soft limit, scale clamping and the hard cap", "[timeman]") {
    FakeClock clock;
    const TimeLimiter limiter({100, 250, true}, clock.start, clock.fn());

    clock.now_ms = 99;
    CHECK_FALSE(limiter.soft_limit_reached());
    clock.now_ms = 100;
    CHECK(limiter.soft_limit_reached());
    CHECK(limiter.soft_limit_reached(1.0));

    // A stable best move lets the search stop early...
    clock.now_ms = 50;
    CHECK(limiter.soft_limit_reached(0.5));
    CHECK_FALSE(limiter.soft_limit_reached(0.6));
    // ...but never before 0.3 of the soft budget.
    clock.now_ms = 29;
    CHECK_FALSE(limiter.soft_limit_reached(0.0));
    CHECK_FALSE(limiter.soft_limit_reached(-4.0));
    clock.now_ms = 30;
    CHECK(limiter.soft_limit_reached(0.0));

    // An unstable one stretches it, up to the hard limit (250 < 3 * 100).
    clock.now_ms = 200;
    CHECK_FALSE(limiter.soft_limit_reached(2.5));
    clock.now_ms = 249;
    CHECK_FALSE(limiter.soft_limit_reached(10.0));
    clock.now_ms = 250;
    CHECK(limiter.soft_limit_reached(10.0));
    CHECK(limiter.soft_limit_reached(3.0));

    // A NaN factor leaves the budget as it is.
    clock.now_ms = 99;
    CHECK_FALSE(limiter.soft_limit_reached(std::numeric_limits<double>::quiet_NaN()));
    clock.now_ms = 100;
    CHECK(limiter.soft_limit_reached(std::numeric_limits<double>::quiet_NaN()));
    CHECK(limiter.soft_limit_reached(-std::numeric_limits<double>::infinity()));
}

TEST_CASE("limiter: the scale is capped at 3 when the hard limit is far", "[timeman]") {
    FakeClock clock;
    const TimeLimiter limiter({100, 10000, true}, clock.start, clock.fn());
    clock.now_ms = 299;
    CHECK_FALSE(limiter.soft_limit_reached(100.0));
    CHECK_FALSE(limiter.soft_limit_reached(std::numeric_limits<double>::infinity()));
    clock.now_ms = 300;
    CHECK(limiter.soft_limit_reached(100.0));
    CHECK(limiter.soft_limit_reached(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(limiter.hard_limit_reached());
}

TEST_CASE("limiter: an unlimited budget never stops the search", "[timeman]") {
    FakeClock clock;
    GoParams go;
    go.depth = 10;
    const TimeLimiter limiter(allocate_time(go, Color::White, 0, 10), clock.start, clock.fn());
    CHECK_FALSE(limiter.limited());
    clock.now_ms = std::int64_t{1000000000};  // 11.6 days, still inside steady_clock's range
    CHECK(limiter.elapsed_ms() == clock.now_ms);
    CHECK_FALSE(limiter.hard_limit_reached());
    CHECK_FALSE(limiter.soft_limit_reached());
    CHECK_FALSE(limiter.soft_limit_reached(0.3));
}

TEST_CASE("limiter: move now budgets stop at the first poll after 1 ms", "[timeman]") {
    FakeClock clock;
    const TimeLimiter limiter(allocate_time(clock_go(Color::White, 0), Color::White, 0, 10), clock.start, clock.fn());
    CHECK_FALSE(limiter.hard_limit_reached());
    clock.now_ms = 1;
    CHECK(limiter.hard_limit_reached());
    CHECK(limiter.soft_limit_reached());
}

TEST_CASE("limiter: the real steady clock works without injection", "[timeman]") {
    const auto start = TimeLimiter::Clock::now() - std::chrono::milliseconds(500);
    const TimeLimiter limiter({100, 200, true}, start);
    CHECK(limiter.elapsed_ms() >= 500);
    CHECK(limiter.hard_limit_reached());
    CHECK(limiter.soft_limit_reached());
    const TimeLimiter fresh({100000, 200000, true}, TimeLimiter::Clock::now());
    CHECK_FALSE(fresh.hard_limit_reached());
    CHECK_FALSE(fresh.soft_limit_reached());
}

namespace {

// The facts of a plain iteration: a new best move, no score change, no node counts, twenty root
// moves, no mate.
IterationFacts facts_at(int depth) {
    IterationFacts f;
    f.depth = depth;
    f.root_moves = 20;
    return f;
}

}  // namespace

TEST_CASE("iteration policy: the first three iterations leave the soft budget as it is", "[timeman][iteration]") {
    IterationFacts f = facts_at(1);
    f.stable_iterations = 0;
    f.previous_score = 300;
    f.score = -300;
    f.best_move_nodes = 1;
    f.root_nodes = 1000;
    for (const int depth : {1, 2, 3}) {
        f.depth = depth;
        CHECK(soft_scale(f) == 1.0);
    }
    f.depth = 4;
    CHECK(soft_scale(f) > 1.0);
}

TEST_CASE("iteration policy: stability, score drop and node share multiply", "[timeman][iteration]") {
    IterationFacts f = facts_at(10);
    // A new best move 1.3, no score change 1.0, no nodes counted (a share of a half) 1.4.
    CHECK(soft_scale(f) == Approx(1.3 * 1.0 * 1.4));

    SECTION("stability: 0.05 less for each iteration the best move stayed, down to 0.8 after 10") {
        f.stable_iterations = 4;
        CHECK(soft_scale(f) == Approx(1.1 * 1.4));
        f.stable_iterations = 10;
        CHECK(soft_scale(f) == Approx(0.8 * 1.4));
        f.stable_iterations = 50;
        CHECK(soft_scale(f) == Approx(0.8 * 1.4));
    }
    SECTION("score drop: 0.4 more per pawn lost, 0.4 less per pawn gained, within [0.8, 1.5]") {
        f.previous_score = 30;
        f.score = -20;  // half a pawn lost
        CHECK(soft_scale(f) == Approx(1.3 * 1.2 * 1.4));
        f.score = -70;  // a pawn lost
        CHECK(soft_scale(f) == Approx(1.3 * 1.4 * 1.4));
        f.score = -900;
        CHECK(soft_scale(f) == Approx(1.3 * 1.5 * 1.4));
        f.score = 55;  // a quarter of a pawn gained
        CHECK(soft_scale(f) == Approx(1.3 * 0.9 * 1.4));
        f.score = 900;
        CHECK(soft_scale(f) == Approx(1.3 * 0.8 * 1.4));
    }
    SECTION("node share: 2 (1 - share) + 0.4, at least 0.5") {
        f.root_nodes = 1000;
        f.best_move_nodes = 100;
        CHECK(soft_scale(f) == Approx(1.3 * 2.2));
        f.best_move_nodes = 500;
        CHECK(soft_scale(f) == Approx(1.3 * 1.4));
        f.best_move_nodes = 900;
        CHECK(soft_scale(f) == Approx(1.3 * 0.6));
        f.best_move_nodes = 1000;
        CHECK(soft_scale(f) == Approx(1.3 * 0.5));
    }
}

TEST_CASE("iteration policy: a stable move, a steady score and a clear choice each shorten the think", "[timeman][iteration]") {
    const IterationFacts base = [] {
        IterationFacts f = facts_at(12);
        f.stable_iterations = 3;
        f.previous_score = 40;
        f.score = 40;
        f.best_move_nodes = 600;
        f.root_nodes = 1000;
        return f;
    }();
    for (int k = 0; k < 12; ++k) {
        IterationFacts more_stable = base, fell_more = base, clearer = base;
        more_stable.stable_iterations = k;
        fell_more.score = base.score - 10 * k;
        clearer.best_move_nodes = 80 * k;
        IterationFacts next = more_stable;
        next.stable_iterations = k + 1;
        CHECK(soft_scale(next) <= soft_scale(more_stable));
        next = fell_more;
        next.score -= 10;
        CHECK(soft_scale(next) >= soft_scale(fell_more));
        next = clearer;
        next.best_move_nodes += 80;
        CHECK(soft_scale(next) <= soft_scale(clearer));
    }
}

TEST_CASE("iteration policy: when to stop", "[timeman][iteration]") {
    const TimeBudget budget{100, 500, true};
    IterationFacts f = facts_at(10);  // scale 1.82: the soft limit is about 182 ms
    CHECK_FALSE(stop_after_iteration(f, budget, 0));
    CHECK_FALSE(stop_after_iteration(f, budget, 181));
    CHECK(stop_after_iteration(f, budget, 183));

    // A settled, clear best move: 0.8 * 1.0 * 0.6 = 0.48, about 48 ms.
    f.stable_iterations = 10;
    f.best_move_nodes = 900;
    f.root_nodes = 1000;
    CHECK_FALSE(stop_after_iteration(f, budget, 47));
    CHECK(stop_after_iteration(f, budget, 49));
    // The least the facts can give: a score that rose by ten pawns too, all nodes on the best
    // move: 0.8 * 0.8 * 0.5 = 0.32, about 32 ms.
    f.previous_score = -1000;
    f.best_move_nodes = 1000;
    CHECK_FALSE(stop_after_iteration(f, budget, 31));
    CHECK(stop_after_iteration(f, budget, 33));
    // The most: 1.3 * 1.5 * 2.4 = 4.68, clamped to 3 times the soft budget, and to the hard one.
    IterationFacts worried = facts_at(10);
    worried.previous_score = 500;  // 1.3 * 1.5 * 2.4 = 4.68
    worried.best_move_nodes = 0;
    worried.root_nodes = 1000;
    CHECK_FALSE(stop_after_iteration(worried, budget, 299));
    CHECK(stop_after_iteration(worried, budget, 300));
    CHECK(stop_after_iteration(worried, {100, 250, true}, 250));
    CHECK_FALSE(stop_after_iteration(worried, {100, 250, true}, 249));

    SECTION("a mate in p plies is final from depth 2p + 4") {
        IterationFacts mate = facts_at(9);
        mate.mate_plies = 3;
        CHECK_FALSE(stop_after_iteration(mate, budget, 0));
        mate.depth = 10;
        CHECK(stop_after_iteration(mate, budget, 0));
    }
    SECTION("a single root move is played at once") {
        IterationFacts single = facts_at(1);
        single.root_moves = 1;
        CHECK(stop_after_iteration(single, budget, 0));
    }
    SECTION("a fixed movetime (soft == hard) is used up: only the hard limit ends it") {
        const TimeBudget fixed{100, 100, true};
        CHECK_FALSE(stop_after_iteration(f, fixed, 100000));
        IterationFacts single = facts_at(1);
        single.root_moves = 1;
        CHECK(stop_after_iteration(single, fixed, 0));
    }
    SECTION("an unlimited search never stops here, not even for a mate or a single move") {
        IterationFacts g = facts_at(40);
        g.root_moves = 1;
        g.mate_plies = 1;
        CHECK_FALSE(stop_after_iteration(g, TimeBudget{}, TimeBudget::UNLIMITED_MS));
    }
}

TEST_CASE("limiter: stop_after_iteration asks the policy at the clock's time", "[timeman][iteration]") {
    FakeClock clock;
    const TimeLimiter limiter({100, 500, true}, clock.start, clock.fn());
    const IterationFacts f = facts_at(10);
    clock.now_ms = 181;
    CHECK_FALSE(limiter.stop_after_iteration(f));
    clock.now_ms = 183;
    CHECK(limiter.stop_after_iteration(f));
    for (const double scale : {0.0, 0.3, 0.9, 1.82, 4.0}) {
        CHECK(soft_limit_ms({100, 500, true}, scale) == Approx(100 * std::clamp(scale, 0.3, 3.0)));
        CHECK(soft_limit_ms({100, 250, true}, scale) == Approx(std::min(250.0, 100 * std::clamp(scale, 0.3, 3.0))));
    }
}

TEST_CASE("latency: the shortfall between predicted and reported clock is learned", "[timeman][latency]") {
    LatencyTracker tracker;
    CHECK(tracker.overhead_ms() == 0);
    // 10 s, +100 ms, we thought 300 ms: expect 9800 ms at our next go; the GUI says 9770.
    tracker.record(Color::White, 20, 10000, 100, 300, false);
    tracker.observe(Color::White, 22, 9770);
    REQUIRE(tracker.last_sample_ms() == 30);
    CHECK(tracker.overhead_ms() == 30);
    // A smaller sample lets the estimate decay, never below the new sample.
    tracker.record(Color::White, 22, 9770, 100, 100, false);
    tracker.observe(Color::White, 24, 9770 - 100 + 100 - 2);
    CHECK(tracker.last_sample_ms() == 2);
    CHECK(tracker.overhead_ms() == 27);  // 30 * 0.9
    // A larger sample takes over at once.
    tracker.record(Color::White, 24, 9768, 100, 100, false);
    tracker.observe(Color::White, 26, 9768 - 100 + 100 - 80);
    CHECK(tracker.overhead_ms() == 80);
    // Many quiet moves bring it back down.
    std::int64_t clock = 9688;
    for (int ply = 26; ply < 26 + 2 * 40; ply += 2) {
        tracker.record(Color::White, ply, clock, 100, 50, false);
        clock += 50;  // 100 ms increment, 50 ms thought, no latency
        tracker.observe(Color::White, ply + 2, clock);
    }
    CHECK(tracker.overhead_ms() <= 2);
}

TEST_CASE("latency: only consecutive searches of one side in one game give a sample", "[timeman][latency]") {
    LatencyTracker tracker;
    const auto sampled = [&](Color rec_side, int rec_ply, Color obs_side, int obs_ply) {
        tracker.reset();
        tracker.record(rec_side, rec_ply, 5000, 0, 100, false);
        tracker.observe(obs_side, obs_ply, 4850);  // 50 ms short, if it counts
        return tracker.last_sample_ms().has_value();
    };
    CHECK(sampled(Color::Black, 11, Color::Black, 13));
    CHECK_FALSE(sampled(Color::Black, 11, Color::White, 13));  // other side
    CHECK_FALSE(sampled(Color::Black, 11, Color::Black, 15));  // a move was skipped
    CHECK_FALSE(sampled(Color::Black, 11, Color::Black, 11));  // the same position again
    CHECK_FALSE(sampled(Color::Black, 11, Color::Black, 1));   // another game

    // One observation consumes the record: a second go in the same position learns nothing.
    tracker.reset();
    tracker.record(Color::White, 0, 5000, 0, 100, false);
    tracker.observe(Color::White, 2, 4850);
    tracker.observe(Color::White, 2, 1000);
    CHECK(tracker.overhead_ms() == 50);
}

TEST_CASE("latency: ponder searches, missing clocks and growing clocks give no sample", "[timeman][latency]") {
    LatencyTracker tracker;
    tracker.record(Color::White, 0, 5000, 0, 100, true);  // pondered: the GUI started its clock later
    tracker.observe(Color::White, 2, 4000);
    CHECK_FALSE(tracker.last_sample_ms());
    tracker.record(Color::White, 2, std::nullopt, 0, 100, false);  // depth or movetime search
    tracker.observe(Color::White, 4, 4000);
    CHECK_FALSE(tracker.last_sample_ms());
    tracker.record(Color::White, 4, 4000, 0, 100, false);
    tracker.observe(Color::White, 6, std::nullopt);  // the next go has no clock
    CHECK_FALSE(tracker.last_sample_ms());
    tracker.record(Color::White, 6, 4000, 0, 100, false);
    tracker.observe(Color::White, 8, 3900 + 60000);  // a new movestogo period added time
    CHECK_FALSE(tracker.last_sample_ms());
    tracker.record(Color::White, 8, 0, 0, 1, false);  // an empty clock predicts nothing
    tracker.observe(Color::White, 10, -50);
    CHECK_FALSE(tracker.last_sample_ms());
    CHECK(tracker.overhead_ms() == 0);
}

TEST_CASE("latency: samples are capped and extreme inputs are safe", "[timeman][latency]") {
    LatencyTracker tracker;
    tracker.record(Color::White, 0, 60000, 0, 100, false);
    tracker.observe(Color::White, 2, 1000);  // the GUI stalled for a minute
    CHECK(tracker.overhead_ms() == LatencyTracker::MAX_SAMPLE_MS);
    const std::int64_t big = std::numeric_limits<std::int64_t>::max();
    tracker.record(Color::White, 2, big, big, -big, false);
    tracker.observe(Color::White, 4, -big);
    CHECK(tracker.overhead_ms() <= LatencyTracker::MAX_SAMPLE_MS);
    tracker.record(Color::White, 4, 1000, -big, big, false);
    tracker.observe(Color::White, 6, big);
    CHECK(tracker.overhead_ms() <= LatencyTracker::MAX_SAMPLE_MS);
    tracker.reset();
    CHECK(tracker.overhead_ms() == 0);
}

TEST_CASE("latency: with the learned overhead a laggy game keeps its clock", "[timeman][latency]") {
    // Each move really costs what the search used plus a latency the engine cannot see (Move
    // Overhead says 1). Returns the lowest clock left after a move over 150 moves, or the
    // (negative) number of the move that flagged.
    const auto play = [](std::int64_t time, std::int64_t inc, std::int64_t lag, bool learn) {
        LatencyTracker tracker;
        std::int64_t clock = time;
        std::int64_t lowest = time;
        for (int move = 0; move < 150; ++move) {
            const int ply = 2 * move;
            if (learn) tracker.observe(Color::White, ply, clock);
            const std::int64_t overhead = std::max<std::int64_t>(1, learn ? tracker.overhead_ms() : 0);
            const TimeBudget b = allocate_time(clock_go(Color::White, clock, inc, {}), Color::White, ply, overhead);
            const std::int64_t used = std::min(b.hard_ms, 2 * b.soft_ms);
            tracker.record(Color::White, ply, clock, inc, used, false);
            clock -= used + lag;
            if (clock <= 0) return std::int64_t{-move};
            lowest = std::min(lowest, clock);
            clock += inc;
        }
        return lowest;
    };
    // 10+0.1 with 90 ms of hidden latency: spending less per move keeps a real clock, planning
    // with the option alone drains it to a few tens of ms; at 99 ms it flags.
    CHECK(play(10000, 100, 90, true) > 200);
    CHECK(play(10000, 100, 90, false) < 100);
    CHECK(play(10000, 100, 99, true) > 200);
    CHECK(play(10000, 100, 99, false) < 0);
    // Small latencies change nothing that matters.
    CHECK(play(1000, 10, 5, true) > 0);
    CHECK(play(10000, 100, 5, true) > 300);
    // Latency above the increment drains any clock; learning it still buys many more moves.
    const std::int64_t learned = play(1000, 10, 20, true);
    const std::int64_t unlearned = play(1000, 10, 20, false);
    REQUIRE(unlearned < 0);
    CHECK((learned > 0 || learned < unlearned - 10));
}

TEST_CASE("with an increment a low clock keeps a reserve that survives a stall", "[timeman]") {
    // The clock drains until the soft cap binds and then settles where the spending pays one
    // increment: about 4 increments in this model, which spends twice the soft budget on every
    // move (Sen's real moves average about two thirds of it: it ended 10+0.1 games with ~3 s with
    // the 0.05 cap, where this model said 0.8 s). No sudden-death move may take more than a
    // quarter of the usable clock. Each move also pays 10 ms of latency; every `stall_every`th move
    // runs to its hard budget and is then descheduled for `stall` ms more.
    // Returns the lowest clock after a move, or minus the move that flagged.
    const auto play = [](std::int64_t time, std::int64_t inc, int stall_every, std::int64_t stall) {
        std::int64_t clock = time;
        std::int64_t lowest = time;
        for (int move = 0; move < 200; ++move) {
            const TimeBudget b = allocate_time(clock_go(Color::White, clock, inc), Color::White, 2 * move, 10);
            INFO("tc=" << time << "+" << inc << " move=" << move << " clock=" << clock);
            REQUIRE(b.hard_ms <= (clock - 10) / 4);
            const bool stalled = stall_every > 0 && move % stall_every == stall_every - 1;
            clock -= (stalled ? b.hard_ms + stall : std::min(b.hard_ms, 2 * b.soft_ms)) + 10;
            if (clock <= 0) return std::int64_t{-move};
            lowest = std::min(lowest, clock);
            clock += inc;
        }
        return lowest;
    };
    for (auto [time, inc] : {std::pair<std::int64_t, std::int64_t>{10000, 100}, {60000, 600}, {8000, 80}}) {
        INFO("tc=" << time << "+" << inc);
        CHECK(play(time, inc, 0, 0) > 3 * inc);
        CHECK(play(time, inc, 10, 200) > 0);
    }
}

TEST_CASE("Time manager: a mate is settled from depth 2 * plies + 4", "[timeman]") {
    CHECK_FALSE(mate_settled(5, 1));
    CHECK(mate_settled(6, 1));
    CHECK_FALSE(mate_settled(9, 3));
    CHECK(mate_settled(10, 3));
}

TEST_CASE("limiter: restart counts a new budget from a new start", "[timeman]") {
    FakeClock clock;
    TimeLimiter limiter(TimeBudget{}, clock.start, clock.fn());  // a ponder search: no budget yet
    clock.now_ms = 5000;
    CHECK_FALSE(limiter.limited());
    CHECK_FALSE(limiter.hard_limit_reached());
    limiter.restart({100, 400, true}, clock.start + std::chrono::milliseconds(5000));  // the ponder hit
    CHECK(limiter.limited());
    CHECK(limiter.budget().soft_ms == 100);
    CHECK(limiter.budget().hard_ms == 400);
    CHECK(limiter.elapsed_ms() == 0);
    CHECK_FALSE(limiter.soft_limit_reached());
    clock.now_ms = 5399;
    CHECK(limiter.elapsed_ms() == 399);
    CHECK(limiter.soft_limit_reached());
    CHECK_FALSE(limiter.hard_limit_reached());
    clock.now_ms = 5400;
    CHECK(limiter.hard_limit_reached());
}
