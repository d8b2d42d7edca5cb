// The engine: owns the game position, the transposition table, the searcher and the thread a
// search runs on. The protocol layer drives it; it never prints. Its controls that need no game
// type are the interface EngineControl (core/engine_control.h), which the protocol sessions hold.
//
// A template over the game (core/game.h), like the searcher: each game instantiates it
// (<game>/engine.cpp); the definitions are in core/engine_impl.h. The
// protocol keeps the engine of the active game and parks the one it played before (park(): its
// hash table shrinks to 1 MB), so one full-size hash table at a time is alive. The engine never
// reads move text: the protocol hands it moves.
//
// `go` returns at once; the search thread reports through the callbacks and ends with exactly
// one on_bestmove call per go. `go infinite` and `go ponder` searches never end by themselves:
// their bestmove waits for stop (or ponderhit). Settings that would disturb a running search
// (hash size, threads, clearing for a new game) are deferred until it has finished.
// Threads: every public member is called from the protocol thread only; the search thread
// touches the shared state through atomics, and the time limiter of a search is built before
// its thread starts and is read-only while it runs. prepare() runs a silent warm-up search on
// that same thread (see warm_up); everything that touches the table or the searcher waits for it
// first.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "core/engine_control.h"
#include "core/go_params.h"
#include "core/prng.h"
#include "core/search.h"
#include "core/strength.h"
#include "core/timeman.h"
#include "core/tt.h"

namespace sen {

// The settings of a new engine, which the protocol also shows as its options' defaults.
struct EngineDefaults {
    static constexpr std::size_t HASH_MB = TranspositionTable::DEFAULT_MB;
    static constexpr int THREADS = 1;
    static constexpr int MULTIPV = 1;
    static constexpr int MOVE_OVERHEAD_MS = 10;
};

template <SearchGame Game>
struct BasicEngineCallbacks {
    using Move = typename Game::Move;
    std::function<void(const BasicSearchReport<Game>&)> on_report;
    std::function<void(int depth, Move move, int number)> on_current_move;
    // No legal move at the root: the search reports depth 0 with this score (0 or mated, by the game's rules).
    std::function<void(bool mated)> on_no_moves;
    std::function<void(Move best, Move ponder)> on_bestmove;
    // Called by go() itself, before the search starts: the time budget, the overhead it was
    // planned with and the latency learned from the GUI's clocks (see LatencyTracker).
    std::function<void(const TimeBudget& budget, std::int64_t overhead_ms, std::int64_t learned_ms)> on_start;
};

template <SearchGame Game>
class BasicEngine final : public EngineControl {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;
    using Callbacks = BasicEngineCallbacks<Game>;

    BasicEngine();
    ~BasicEngine();
    BasicEngine(const BasicEngine&) = delete;
    BasicEngine& operator=(const BasicEngine&) = delete;

    // Gets the first search ready in the background (allocates the search workers); a no-op
    // after the first call. The protocol calls it once the handshake is answered.
    void prepare() override;

    const Position& position() const { return position_; }
    // Takes effect for the next search; a running search keeps its own copy. The position plays
    // by the engine's rules (set_rules), whatever it had.
    void set_position(Position pos) {
        position_ = std::move(pos);
        Game::set_rules(position_, rules_);
    }
    // The rules this engine's positions play by (Game::Rules: those an event chooses, such as its
    // repetition rules and move limit); the current position takes them at once. Not during a search.
    void set_rules(const typename Game::Rules& rules) {
        rules_ = rules;
        Game::set_rules(position_, rules_);
    }
    const typename Game::Rules& rules() const { return rules_; }
    // What this engine evaluates with (Game::Evaluator: a network of its own choosing, or none),
    // for the next search. Not during a search; waits for the start-up warm-up, which reads it.
    void set_evaluator(typename Game::Evaluator evaluator) {
        if (evaluator == searcher_.evaluator()) return;
        wait();
        searcher_.set_evaluator(std::move(evaluator));
    }
    const typename Game::Evaluator& evaluator() const { return searcher_.evaluator(); }
    // The endgame tables this engine probes (Game::Tables), for the next search; the same terms.
    void set_tables(typename Game::Tables tables) {
        if (tables == searcher_.tables()) return;
        wait();
        searcher_.set_tables(std::move(tables));
    }
    const typename Game::Tables& tables() const { return searcher_.tables(); }

    // Starts a search on the current position; stops and finishes a running one first.
    // `searchmoves` restricts the root to those moves (legal ones, as the protocol read them
    // from params.searchmoves; empty: all moves). `start` is when the go command was read: the
    // clock runs from there.
    void go(const GoParams& params, std::vector<Move> searchmoves, std::chrono::steady_clock::time_point start, Callbacks callbacks);
    void stop() override;
    // The clock starts to count (from the go ponder). If the soft budget is already spent,
    // the search stops at once, as Stockfish's stopOnPonderhit does.
    void ponderhit() override;
    // The same with the clock started afresh at `start` (the opponent's move; CECP, where the
    // time spent pondering is free) and a budget planned from `params`, which give the clocks as
    // they are now. A ponder search whose go gave no clock of ours learns the clock here.
    void ponderhit(const GoParams& params, std::chrono::steady_clock::time_point start) override;
    // Blocks until the running search (if any) has printed its bestmove, and the start-up
    // warm-up has finished.
    void wait() override;
    bool searching() const override { return searching_.load(); }

    // Deferred while searching: applied when the search ends (or at once when idle).
    // Returns false when the memory cannot be had (the old table stays).
    bool set_hash(std::size_t megabytes) override;
    void set_threads(int count) override;
    void clear_hash() override;
    void new_game() override;

    // Switching games: a game set aside keeps its engine (search thread, history tables) but
    // not its hash table, which shrinks to 1 MB; taken up again it starts as a new engine
    // would: a fresh table of the size it had, no history, the start position. Both wait for
    // any search to end. (Making a new engine per switch cost a thread and every table's pages.)
    void park() override;
    void restart() override;

    void set_multipv(int n) override { multipv_ = n; }
    // A weakened level for the next searches (core/strength.h), or nothing for full strength.
    void set_strength(std::optional<int> elo) override { strength_ = elo ? std::optional(strength_for_elo(*elo)) : std::nullopt; }
    void set_move_overhead(int ms) override { move_overhead_ms_ = ms; }
    std::size_t hash_mb() const override { return tt_.size_mb(); }
    int threads() const { return searcher_.threads(); }

private:
    void thread_loop();
    void wake_held_search();
    // Hands a job to the search thread; the previous one must have finished (wait()).
    void post(std::function<void()> job);
    void run_search(BasicSearchLimits<Game> limits, bool infinite, Position root, Callbacks callbacks);
    void apply_pending();
    void warm_up();
    void forget_everything();

    typename Game::Rules rules_{};
    Position position_;
    TranspositionTable tt_;
    BasicSearcher<Game> searcher_;
    SearchControl control_;
    std::optional<TimeLimiter> timer_;  // of the current or last search; set before its thread starts
    // What the current search's go said about our clock, and what the GUI's clocks have shown
    // about latency (written by the search thread at its end, read by go() after waiting for it).
    struct GoRecord {
        Color us = Color::White;
        int game_ply = 0;
        std::optional<std::int64_t> clock;
        std::int64_t increment = 0;
        bool ponder = false;
    };
    GoRecord current_go_;
    LatencyTracker latency_;
    std::atomic<bool> stop_requested_{false};
    std::mutex hold_mutex_;
    std::condition_variable hold_released_;
    std::atomic<bool> searching_{false};
    int multipv_ = EngineDefaults::MULTIPV;
    std::optional<StrengthLimit> strength_;
    // Draws the choice of a weakened level: seeded from the system, so that games differ.
    SplitMix64 random_;
    int move_overhead_ms_ = EngineDefaults::MOVE_OVERHEAD_MS;
    bool prepared_ = false;

    std::mutex pending_mutex_;
    std::optional<std::size_t> pending_hash_mb_;
    std::optional<int> pending_threads_;
    bool pending_clear_hash_ = false;
    bool pending_new_game_ = false;

    // The search thread and its one-job mailbox (declared after everything the jobs use, so
    // that it starts last and is joined first).
    std::mutex job_mutex_;
    std::condition_variable job_ready_;
    std::condition_variable job_done_;
    std::function<void()> job_;
    bool busy_ = false;  // a job is queued or running
    bool quitting_ = false;
    std::thread thread_;
};

}  // namespace sen
