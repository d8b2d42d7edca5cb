// The engine's code, once for every game: included by the files that instantiate BasicEngine
// (each game's <game>/engine.cpp).
#pragma once

#include <algorithm>
#include <random>

#include "core/engine.h"

namespace sen {

template <SearchGame Game>
BasicEngine<Game>::BasicEngine() : searcher_(tt_), random_(std::random_device{}()), thread_(&BasicEngine::thread_loop, this) {
    searcher_.set_threads(EngineDefaults::THREADS);
}

// The search thread lives as long as the engine and takes one job at a time: creating a thread
// per `go` costs little in a release build but dominates under the sanitizers and the fuzzer
// (thread stacks mapped and unmapped every time).
template <SearchGame Game>
void BasicEngine<Game>::thread_loop() {
    std::unique_lock lock(job_mutex_);
    for (;;) {
        job_ready_.wait(lock, [this] { return job_ || quitting_; });
        if (!job_) return;
        const std::function<void()> job = std::move(job_);
        job_ = nullptr;
        lock.unlock();
        job();
        lock.lock();
        busy_ = false;
        job_done_.notify_all();
    }
}

template <SearchGame Game>
void BasicEngine<Game>::post(std::function<void()> job) {
    std::lock_guard lock(job_mutex_);
    job_ = std::move(job);
    busy_ = true;
    job_ready_.notify_one();
}

template <SearchGame Game>
void BasicEngine<Game>::prepare() {
    if (prepared_) return;
    prepared_ = true;
    wait();
    post([this] { warm_up(); });
}

// The first search of a process pays for the search workers' memory (a few MB of history
// tables, made at the first search so that start-up stays fast): 40 ms or more on a virtual
// machine, too much for `go wtime 1`. A depth-1 search run in the background after the
// handshake pays it instead. Then the hash table is swapped for a fresh one (newly mapped, so this
// costs nothing, where clearing 16 MB would fault in every page) and the histories are
// cleared: the engine's state is that of a fresh start again.
template <SearchGame Game>
void BasicEngine<Game>::warm_up() {
    BasicSearchLimits<Game> limits;
    limits.depth = 1;
    SearchControl control;
    const TimeLimiter timer(TimeBudget{}, std::chrono::steady_clock::now());
    searcher_.search(Position(), limits, timer, control, {});
    forget_everything();
}

// A fresh hash table (a new mapping, which also gives the memory of a smaller Hash back) and no
// history: what a new engine has.
template <SearchGame Game>
void BasicEngine<Game>::forget_everything() {
    if (!tt_.resize(tt_.size_mb())) tt_.clear();
    searcher_.clear();
}

template <SearchGame Game>
void BasicEngine<Game>::park() {
    stop();
    wait();
    tt_.resize(1);  // if even that cannot be had, the old table stays
    searcher_.set_threads(1);
}

template <SearchGame Game>
void BasicEngine<Game>::restart() {
    wait();  // nothing runs on a parked engine; this also applies anything left pending
    forget_everything();
    latency_.reset();
    set_position(Position());
}

template <SearchGame Game>
BasicEngine<Game>::~BasicEngine() {
    stop();
    wait();
    {
        std::lock_guard lock(job_mutex_);
        quitting_ = true;
    }
    job_ready_.notify_one();
    thread_.join();
}

template <SearchGame Game>
void BasicEngine<Game>::go(const GoParams& params, std::vector<Move> searchmoves, std::chrono::steady_clock::time_point start,
                           Callbacks callbacks) {
    if (searching_) stop();
    wait();
    apply_pending();
    stop_requested_ = false;
    control_.stop = false;
    control_.pondering = params.ponder;
    const Color us = position_.side_to_move();
    const std::optional<std::int64_t> clock = params.movetime ? std::nullopt : params.time_for(us);
    // A ponder search that gives no clock of ours (CECP) learns it at its ponderhit.
    if (!params.ponder || clock) latency_.observe(us, position_.game_ply(), clock);
    const std::int64_t overhead = std::max<std::int64_t>(move_overhead_ms_, latency_.overhead_ms());
    timer_.emplace(allocate_time(params, us, position_.game_ply(), overhead), start);
    if (callbacks.on_start) callbacks.on_start(timer_->budget(), overhead, latency_.overhead_ms());
    current_go_ = GoRecord{us, position_.game_ply(), clock, params.increment_for(us).value_or(0), params.ponder};
    // Everything the search needs from the settings is read here, on the protocol thread, so a
    // setoption during the search cannot race with it.
    BasicSearchLimits<Game> limits;
    limits.depth = params.depth;
    limits.nodes = params.nodes;
    limits.mate = params.mate;
    limits.multipv = multipv_;
    if (strength_) {
        limits.strength = strength_;
        limits.nodes = std::min(limits.nodes.value_or(strength_->nodes), strength_->nodes);
        limits.random = random_.next();
    }
    limits.searchmoves = std::move(searchmoves);
    searching_ = true;
    post([this, limits = std::move(limits), infinite = params.infinite, root = position_, callbacks = std::move(callbacks)]() mutable {
        run_search(std::move(limits), infinite, std::move(root), std::move(callbacks));
    });
}

template <SearchGame Game>
void BasicEngine<Game>::stop() {
    stop_requested_ = true;
    control_.stop = true;
    wake_held_search();
}

// A finished `go infinite` or `go ponder` search holds its bestmove until stop or ponderhit.
// Taking the mutex between changing the flags and notifying means the waiter cannot test the
// flags, miss the change and then sleep through the notification.
template <SearchGame Game>
void BasicEngine<Game>::wake_held_search() {
    { std::lock_guard lock(hold_mutex_); }
    hold_released_.notify_all();
}

template <SearchGame Game>
void BasicEngine<Game>::ponderhit() {
    if (!searching_) return;
    // From now on the clock applies (counted from the go ponder, as GUIs deduct it that way).
    control_.pondering = false;
    wake_held_search();
    // While pondering the search skipped its between-iterations check; an iteration can last
    // much longer than the soft budget, so do that check here rather than at its end.
    if (timer_ && timer_->limited() && timer_->soft_limit_reached()) stop();
}

// current_go_ and the limiter change before the pondering flag is cleared: the search reads
// neither while it ponders (its bestmove waits for the flag), so it sees them whole.
template <SearchGame Game>
void BasicEngine<Game>::ponderhit(const GoParams& params, std::chrono::steady_clock::time_point start) {
    if (!searching_ || !control_.pondering) return;
    const Color us = current_go_.us;
    const std::optional<std::int64_t> clock = params.movetime ? std::nullopt : params.time_for(us);
    latency_.observe(us, current_go_.game_ply, clock);
    const std::int64_t overhead = std::max<std::int64_t>(move_overhead_ms_, latency_.overhead_ms());
    timer_->restart(allocate_time(params, us, current_go_.game_ply, overhead), start);
    current_go_ = GoRecord{us, current_go_.game_ply, clock, params.increment_for(us).value_or(0), false};
    control_.pondering = false;
    wake_held_search();
}

template <SearchGame Game>
void BasicEngine<Game>::wait() {
    {
        std::unique_lock lock(job_mutex_);
        job_done_.wait(lock, [this] { return !busy_; });
    }
    apply_pending();
}

template <SearchGame Game>
void BasicEngine<Game>::run_search(BasicSearchLimits<Game> limits, bool infinite, Position root, Callbacks callbacks) {
    BasicSearchResult<Game> result;
    if (Game::count_legal_moves(root) == 0) {
        if (callbacks.on_no_moves) callbacks.on_no_moves(Game::no_move_outcome(root) == Outcome::Loss);
    } else {
        BasicSearchCallbacks<Game> search_callbacks{callbacks.on_report, callbacks.on_current_move};
        result = searcher_.search(root, limits, *timer_, control_, search_callbacks);
    }

    // `go infinite` and `go ponder` must not answer before stop (or ponderhit).
    {
        std::unique_lock lock(hold_mutex_);
        hold_released_.wait(lock, [&] { return stop_requested_.load() || !(infinite || control_.pondering.load()); });
    }

    // Our own account of this move, for the latency tracker to check against the next clock.
    latency_.record(current_go_.us, current_go_.game_ply, current_go_.clock, current_go_.increment, timer_->elapsed_ms(),
                    current_go_.ponder);
    searching_ = false;
    if (callbacks.on_bestmove) callbacks.on_bestmove(result.best, result.ponder);
}

template <SearchGame Game>
bool BasicEngine<Game>::set_hash(std::size_t megabytes) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_hash_mb_ = megabytes;
        return true;
    }
    wait();
    return tt_.resize(megabytes);
}

template <SearchGame Game>
void BasicEngine<Game>::set_threads(int count) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_threads_ = count;
        return;
    }
    wait();
    searcher_.set_threads(count);
}

template <SearchGame Game>
void BasicEngine<Game>::clear_hash() {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_clear_hash_ = true;
        return;
    }
    wait();
    tt_.clear();
}

template <SearchGame Game>
void BasicEngine<Game>::new_game() {
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
template <SearchGame Game>
void BasicEngine<Game>::apply_pending() {
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
