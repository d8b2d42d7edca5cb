// The searcher: iterative deepening, aspiration windows, principal-variation alpha-beta with
// quiescence, and Lazy SMP over a shared transposition table.
//
// Written once for every game: BasicSearcher<Game> is a template over a game type (game.h),
// defined in search_impl.h and instantiated by each game in <game>/search.cpp, which names the
// instantiation's types for its game (<game>::Searcher, <game>::SearchLimits, ... in <game>/search.h).
// Owns: per-thread search state (histories, killers, stacks, root moves) and the helper threads
// (Lazy SMP). The helpers live from set_threads() to the next set_threads() or the searcher's
// destruction, parked between searches, so that a search starts no thread. Reads: a copy of the
// root position, the limits, a stop flag.
// Never touches: the protocol. It reports through callbacks (SearchReport), so `bench`, tests
// and the UCI layer each decide what to do with the reports; only the UCI layer prints.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/large_memory.h"
#include "core/strength.h"
#include "core/timeman.h"
#include "core/tt.h"

namespace sen {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32001;
constexpr int SCORE_MATE = 32000;
constexpr int SCORE_MATE_IN_MAX_PLY = SCORE_MATE - MAX_PLY;
constexpr int SCORE_DRAW = 0;
// A result proved by endgame tables: below every mate, above every evaluation, and like a mate
// nearer the root the sooner the tables were reached (Stockfish's VALUE_TB_WIN range).
constexpr int SCORE_TB_WIN = SCORE_MATE_IN_MAX_PLY - 1;
constexpr int SCORE_TB_WIN_IN_MAX_PLY = SCORE_TB_WIN - MAX_PLY;

constexpr bool is_mate_score(int score) { return score >= SCORE_MATE_IN_MAX_PLY || score <= -SCORE_MATE_IN_MAX_PLY; }
// Moves (not plies) to mate: positive when we mate, negative when we are mated.
constexpr int mate_in_moves(int score) { return score > 0 ? (SCORE_MATE - score + 1) / 2 : -(SCORE_MATE + score) / 2; }

template <SearchGame Game>
struct BasicSearchLimits {
    using Move = typename Game::Move;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> mate;        // stop once a mate in at most this many moves is found
    std::vector<Move> searchmoves;  // empty: all legal moves
    int multipv = 1;                // lines reported
    // A weakened level (core/strength.h): the node budget is already in `nodes`; the search
    // looks at limit.candidates lines (reporting `multipv` of them) and plays one drawn with
    // `random`, which it then reports as the first line.
    std::optional<StrengthLimit> strength;
    std::uint64_t random = 0;
};

// Flags the engine and the search share while a search runs.
struct SearchControl {
    std::atomic<bool> stop{false};       // set by `stop`, `quit`, or the search's own limits
    std::atomic<bool> pondering{false};  // while set, time limits are not applied
};

template <SearchGame Game>
struct BasicSearchReport {
    using Move = typename Game::Move;
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    int score = 0;
    Bound bound = Bound::Exact;  // Lower/Upper on an aspiration fail-high/low
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::optional<std::uint64_t> tbhits;  // endgame-table probes so far, when the game's tables are in use
    std::vector<Move> pv;
};

template <SearchGame Game>
struct BasicSearchCallbacks {
    using Move = typename Game::Move;
    std::function<void(const BasicSearchReport<Game>&)> on_report;
    std::function<void(int depth, Move move, int number)> on_current_move;  // after the first second
};

template <SearchGame Game>
struct BasicSearchResult {
    using Move = typename Game::Move;
    Move best = Move::none();
    Move ponder = Move::none();
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
};

template <SearchGame Game>
class BasicSearcher {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;
    using Limits = BasicSearchLimits<Game>;
    using Callbacks = BasicSearchCallbacks<Game>;
    using Result = BasicSearchResult<Game>;

    explicit BasicSearcher(TranspositionTable& tt);
    ~BasicSearcher();
    BasicSearcher(const BasicSearcher&) = delete;
    BasicSearcher& operator=(const BasicSearcher&) = delete;

    // Number of search threads (Lazy SMP), the calling thread of search() included: starts or
    // ends helper threads at once. Not while a search runs.
    void set_threads(int count);
    int threads() const { return thread_count_; }
    // Forget everything learnt (histories, killers): for `ucinewgame` and bench. Not while a
    // search runs.
    void clear();
    // What the searches evaluate with (Game::Evaluator): from the start the game's default,
    // afterwards what its owner (an engine, a tool) sets. Not while a search runs.
    void set_evaluator(typename Game::Evaluator evaluator) { evaluator_ = std::move(evaluator); }
    const typename Game::Evaluator& evaluator() const { return evaluator_; }
    // The endgame tables the searches probe (Game::Tables): none from the start. Not while a
    // search runs.
    void set_tables(typename Game::Tables tables) { tables_ = std::move(tables); }
    const typename Game::Tables& tables() const { return tables_; }

    // Searches until a limit is reached or control.stop is set; blocks the calling thread,
    // which serves as the main search thread. `root` must have at least one legal move.
    Result search(const Position& root, const Limits& limits, const TimeLimiter& timer, SearchControl& control, const Callbacks& callbacks);

private:
    struct Worker;
    void helper_loop(std::size_t index, std::uint64_t searches_seen);
    void wake_helpers();
    void wait_for_helpers();

    TranspositionTable& tt_;
    typename Game::Evaluator evaluator_ = Game::default_evaluator();
    typename Game::Tables tables_{};
    int thread_count_ = 1;
    std::vector<LargeBox<Worker>> workers_;  // each in its own mapping: a few MB of histories

    // Helper i + 1 searches with workers_[i + 1]; the calling thread of search() uses workers_[0].
    std::vector<std::thread> helpers_;
    std::mutex helpers_mutex_;              // guards the three fields below
    std::condition_variable helpers_wake_;  // a search started, or helpers are to exit
    std::condition_variable helpers_idle_;  // the last helper finished its search
    std::uint64_t searches_started_ = 0;    // a helper searches once each time this grows
    std::size_t helpers_searching_ = 0;     // helpers not yet back from the current search
    std::size_t helpers_wanted_ = 0;        // helpers with an index from this on exit
};

}  // namespace sen
