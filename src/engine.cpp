#include "engine.h"

#include <algorithm>

#include "movegen.h"
#include "notation.h"

namespace sen {

Engine::Engine() : searcher_(tt_) {}

void Engine::prepare() {
    if (prepared_) return;
    prepared_ = true;
    wait();
    thread_ = std::thread(&Engine::warm_up, this);
}

// The first search of a process pays for the search workers' memory (a few MB of history
// tables, made at the first search so that start-up stays fast): 40 ms or more on a virtual
// machine, too much for `go wtime 1`. A depth-1 search run in the background after the
// handshake pays it instead. Then the hash table is swapped for a fresh one (newly mapped, so this
// costs nothing, where clearing 16 MB would fault in every page) and the histories are
// cleared: the engine's state is that of a fresh start again.
void Engine::warm_up() {
    SearchLimits limits;
    limits.depth = 1;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    searcher_.search(Position(), limits, timer, control, {});
    if (!tt_.resize(tt_.size_mb())) tt_.clear();
    searcher_.clear();
}

Engine::~Engine() {
    stop();
    wait();
}

void Engine::go(const GoParams& params, std::chrono::steady_clock::time_point start, EngineCallbacks callbacks) {
    if (searching_) stop();
    wait();
    apply_pending();
    stop_requested_ = false;
    control_.stop = false;
    control_.pondering = params.ponder;
    const Color us = position_.side_to_move();
    const std::optional<std::int64_t> clock = params.movetime ? std::nullopt : params.time_for(us);
    latency_.observe(us, position_.game_ply(), clock);
    const std::int64_t overhead = std::max<std::int64_t>(move_overhead_ms_, latency_.overhead_ms());
    timer_.emplace(allocate_time(params, us, position_.game_ply(), overhead), start);
    last_overhead_ms_ = overhead;
    last_learned_latency_ms_ = latency_.overhead_ms();
    current_go_ = GoRecord{us, position_.game_ply(), clock, params.increment_for(us).value_or(0), params.ponder};
    // Everything the search needs from the settings is read here, on the protocol thread, so a
    // setoption during the search cannot race with it.
    SearchLimits limits;
    limits.depth = params.depth;
    limits.nodes = params.nodes;
    limits.mate = params.mate;
    limits.multipv = multipv_;
    // Text that names no legal move (`0000`, `e2e5`) is ignored; with none left, all moves count.
    for (const std::string& text : params.searchmoves)
        if (const Move m = parse_uci_move(position_, text)) limits.searchmoves.push_back(m);
    searching_ = true;
    thread_ = std::thread(&Engine::run_search, this, std::move(limits), params.infinite, position_, std::move(callbacks));
}

void Engine::stop() {
    stop_requested_ = true;
    control_.stop = true;
}

void Engine::ponderhit() {
    if (!searching_) return;
    // From now on the clock applies (counted from the go ponder, as GUIs deduct it that way).
    control_.pondering = false;
    // While pondering the search skipped its between-iterations check; an iteration can last
    // much longer than the soft budget, so do that check here rather than at its end.
    if (timer_ && timer_->limited() && timer_->soft_limit_reached()) stop();
}

void Engine::wait() {
    if (thread_.joinable()) thread_.join();
    apply_pending();
}

void Engine::run_search(SearchLimits limits, bool infinite, Position root, EngineCallbacks callbacks) {
    SearchResult result;
    if (count_legal_moves(root) == 0) {
        if (callbacks.on_no_moves) callbacks.on_no_moves(root.in_check());
    } else {
        SearchCallbacks search_callbacks{callbacks.on_report, callbacks.on_current_move};
        result = searcher_.search(root, limits, *timer_, control_, search_callbacks);
    }

    // `go infinite` and `go ponder` must not answer before stop (or ponderhit).
    while (!stop_requested_.load() && (infinite || control_.pondering.load()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    // Our own account of this move, for the latency tracker to check against the next clock.
    latency_.record(current_go_.us, current_go_.game_ply, current_go_.clock, current_go_.increment,
                    timer_->elapsed_ms(), current_go_.ponder);
    searching_ = false;
    if (callbacks.on_bestmove) callbacks.on_bestmove(result.best, result.ponder);
}

bool Engine::set_hash(std::size_t megabytes) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_hash_mb_ = megabytes;
        return true;
    }
    wait();
    return tt_.resize(megabytes);
}

void Engine::set_threads(int count) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_threads_ = count;
        return;
    }
    wait();
    searcher_.set_threads(count);
}

void Engine::clear_hash() {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_clear_hash_ = true;
        return;
    }
    wait();
    tt_.clear();
}

void Engine::new_game() {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_new_game_ = true;
        return;
    }
    wait();
    tt_.clear();
    searcher_.clear();
    latency_.reset();
}

// Runs only when no search thread is active.
void Engine::apply_pending() {
    if (searching_) return;
    std::lock_guard lock(pending_mutex_);
    if (pending_hash_mb_) tt_.resize(*pending_hash_mb_);
    if (pending_threads_) searcher_.set_threads(*pending_threads_);
    if (pending_clear_hash_ || pending_new_game_) tt_.clear();
    if (pending_new_game_) {
        searcher_.clear();
        latency_.reset();
    }
    pending_hash_mb_.reset();
    pending_threads_.reset();
    pending_clear_hash_ = pending_new_game_ = false;
}

}  // namespace sen
