#include "engine.h"

#include "movegen.h"
#include "notation.h"
#include "timeman.h"

namespace sen {

Engine::Engine() : searcher_(tt_) {}

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
    searching_ = true;
    thread_ = std::thread(&Engine::run_search, this, params, position_, start, std::move(callbacks));
}

void Engine::stop() {
    stop_requested_ = true;
    control_.stop = true;
}

void Engine::ponderhit() {
    // From now on the clock applies (counted from the go ponder, as GUIs deduct it that way).
    control_.pondering = false;
}

void Engine::wait() {
    if (thread_.joinable()) thread_.join();
    apply_pending();
}

void Engine::run_search(GoParams params, Position root, std::chrono::steady_clock::time_point start, EngineCallbacks callbacks) {
    const Color us = root.side_to_move();
    const TimeLimiter timer(allocate_time(params, us, root.game_ply(), move_overhead_ms_), start);

    SearchResult result;
    if (count_legal_moves(root) == 0) {
        if (callbacks.on_no_moves) callbacks.on_no_moves(root.in_check());
    } else {
        SearchLimits limits;
        limits.depth = params.depth;
        limits.nodes = params.nodes;
        limits.mate = params.mate;
        limits.multipv = multipv_;
        for (const std::string& text : params.searchmoves)
            if (const Move m = parse_uci_move(root, text)) limits.searchmoves.push_back(m);
        SearchCallbacks search_callbacks{callbacks.on_report, callbacks.on_current_move};
        result = searcher_.search(root, limits, timer, control_, search_callbacks);
    }

    // `go infinite` and `go ponder` must not answer before stop (or ponderhit).
    while (!stop_requested_.load() && (params.infinite || control_.pondering.load()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    searching_ = false;
    if (callbacks.on_bestmove) callbacks.on_bestmove(result.best, result.ponder);
}

bool Engine::set_hash(std::size_t megabytes) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_hash_mb_ = megabytes;
        return true;
    }
    return tt_.resize(megabytes);
}

void Engine::set_threads(int count) {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_threads_ = count;
        return;
    }
    searcher_.set_threads(count);
}

void Engine::clear_hash() {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_clear_hash_ = true;
        return;
    }
    tt_.clear();
}

void Engine::new_game() {
    if (searching_) {
        std::lock_guard lock(pending_mutex_);
        pending_new_game_ = true;
        return;
    }
    tt_.clear();
    searcher_.clear();
}

// Runs only when no search thread is active.
void Engine::apply_pending() {
    if (searching_) return;
    std::lock_guard lock(pending_mutex_);
    if (pending_hash_mb_) tt_.resize(*pending_hash_mb_);
    if (pending_threads_) searcher_.set_threads(*pending_threads_);
    if (pending_clear_hash_ || pending_new_game_) tt_.clear();
    if (pending_new_game_) searcher_.clear();
    pending_hash_mb_.reset();
    pending_threads_.reset();
    pending_clear_hash_ = pending_new_game_ = false;
}

}  // namespace sen
