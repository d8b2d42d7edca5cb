// The searcher's helper threads (Lazy SMP): made when the thread count is set, woken for each
// search and waited for at its end. Part of the searcher's code (search_impl.h).
#pragma once

#include "core/search_worker.h"

namespace sen {

template <SearchGame Game>
BasicSearcher<Game>::BasicSearcher(TranspositionTable& tt) : tt_(tt) {
    set_threads(1);
}
template <SearchGame Game>
BasicSearcher<Game>::~BasicSearcher() {
    set_threads(1);  // joins the helpers
}

// Helper threads live as long as this thread count and take one search at a time, as the
// engine's search thread does (engine_impl.h): creating threads for every `go` costs little in a
// release build but dominates under the sanitizers and the fuzzer. Workers (a few MB each,
// mostly history tables) are still made at the first search rather than here, so that start-up
// stays fast.
template <SearchGame Game>
void BasicSearcher<Game>::set_threads(int count) {
    const std::size_t wanted = std::size_t(std::clamp(count, 1, 1024)) - 1;
    if (wanted < helpers_.size()) {
        {
            std::lock_guard lock(helpers_mutex_);
            helpers_wanted_ = wanted;
        }
        helpers_wake_.notify_all();
        for (std::size_t i = wanted; i < helpers_.size(); ++i) helpers_[i].join();
        helpers_.resize(wanted);
    }
    if (wanted > helpers_.size()) {
        std::uint64_t searches;
        {
            std::lock_guard lock(helpers_mutex_);
            helpers_wanted_ = wanted;
            searches = searches_started_;
        }
        try {
            while (helpers_.size() < wanted) helpers_.emplace_back(&BasicSearcher::helper_loop, this, helpers_.size() + 1, searches);
        } catch (const std::system_error&) {
            // The system gives no more threads: search with those there are.
            std::lock_guard lock(helpers_mutex_);
            helpers_wanted_ = helpers_.size();
        }
    }
    thread_count_ = int(helpers_.size() + 1);
    if (workers_.size() > std::size_t(thread_count_)) workers_.resize(std::size_t(thread_count_));
}

// A helper thread: parked until a search starts, searches it with its worker, reports back,
// and exits when set_threads() no longer wants it.
template <SearchGame Game>
void BasicSearcher<Game>::helper_loop(std::size_t index, std::uint64_t searches_seen) {
    std::unique_lock lock(helpers_mutex_);
    for (;;) {
        helpers_wake_.wait(lock, [&] { return index > helpers_wanted_ || searches_started_ != searches_seen; });
        if (index > helpers_wanted_) return;
        searches_seen = searches_started_;
        Worker& worker = *workers_[index];
        lock.unlock();
        worker.iterative_deepening();
        lock.lock();
        if (--helpers_searching_ == 0) helpers_idle_.notify_all();
    }
}

// Starts the helpers on the search the workers are set up for. What the calling thread wrote
// before (workers, hash-table generation) happens before the helpers read it: they take the
// mutex after it is released here.
template <SearchGame Game>
void BasicSearcher<Game>::wake_helpers() {
    if (helpers_.empty()) return;
    {
        std::lock_guard lock(helpers_mutex_);
        helpers_searching_ = helpers_.size();
        ++searches_started_;
    }
    helpers_wake_.notify_all();
}

// Blocks until every helper is back from the search (the stop flag must be set).
template <SearchGame Game>
void BasicSearcher<Game>::wait_for_helpers() {
    std::unique_lock lock(helpers_mutex_);
    helpers_idle_.wait(lock, [this] { return helpers_searching_ == 0; });
}

template <SearchGame Game>
void BasicSearcher<Game>::clear() {
    for (auto& w : workers_) w->histories.clear();
}

}  // namespace sen
