// Deep perft: the per-root-move counts of perft (perft.h) on several threads that share a perft
// hash (perft_hash.h), with progress reports for runs of minutes or hours: Perft<Game>::divide_deep,
// compiled with the rest of Perft<Game> in each game's movegen.cpp.
//
// The work is split two plies below the root, not at the root: the root's 20-50 moves differ in
// size by factors of ten, and the thread that drew the biggest would finish long after the
// others. Each (root move, reply) pair is a task, handed out in generation order from an atomic
// counter, so the few hundred tasks keep every thread busy until the last ones. Each thread counts
// in its own copy of the root position; counts are added to their root move atomically.
//
// The plain count (Perft::count) stays separate and untouched: it is the default, and the one
// scripts/bench-perft compares with Stockfish. Without a hash the tasks call it as it is.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/perft.h"
#include "core/perft_hash.h"

namespace sen {

// Where a deep perft stands: root moves whose subtrees are all counted, leaves counted so far (by
// finished tasks), and time.
struct PerftProgress {
    int roots_done = 0;
    int roots_total = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    double seconds_left = -1;  // an estimate from the share of tasks done; < 0 before the first
};

struct DeepPerftOptions {
    int threads = 1;
    PerftHash* hash = nullptr;  // none: no table
    // Called on the calling thread about every progress_interval, and once at the end.
    std::function<void(const PerftProgress&)> progress;
    std::chrono::milliseconds progress_interval{250};
};

// Perft::count with a perft hash: every node two or more plies above the leaves is looked up
// (a depth-2 subtree already costs more than a cache miss) and stored once counted.
template <SearchGame G>
std::uint64_t perft_count_hashed(typename G::Position& pos, int depth, PerftHash& hash) {
    if (depth <= 0) return 1;
    if (depth == 1) return G::count_legal_moves(pos);
    const Key key = pos.key();
    if (const auto stored = hash.probe(key, depth)) return *stored;
    typename G::MoveList moves;
    G::generate_all(pos, moves);
    // The children are looked up too (from depth 3): their buckets are fetched all at once, so
    // the cache misses overlap instead of coming one per child.
    if (depth >= 3)
        for (const auto m : moves) hash.prefetch(pos.key_after(m));
    std::uint64_t nodes = 0;
    for (const auto m : moves) {
        pos.make_move(m);
        nodes += perft_count_hashed<G>(pos, depth - 1, hash);
        pos.unmake_move();
    }
    hash.store(key, depth, nodes);
    return nodes;
}

// Per root move counts, in generation order, as Perft::divide gives them.
template <SearchGame G>
typename Perft<G>::Divide Perft<G>::divide_deep(const Position& root, int depth, const DeepPerftOptions& options) {
    using Move = typename G::Move;
    using MoveList = typename G::MoveList;
    Divide result;
    if (depth <= 0) return result;
    const auto start = std::chrono::steady_clock::now();
    Position pos = root;
    MoveList root_moves;
    G::generate_all(pos, root_moves);
    for (const Move m : root_moves) result.emplace_back(m, 1);
    const int roots = int(result.size());
    if (depth == 1) {
        if (options.progress) options.progress({roots, roots, std::uint64_t(roots), 0.0, 0.0});
        return result;
    }

    // The tasks: each root move with each reply (depth 3 and more), or each root move alone.
    struct Task {
        int root;
        Move reply;
    };
    std::vector<Task> tasks;
    std::vector<std::atomic<int>> tasks_left(static_cast<std::size_t>(roots));
    std::atomic<int> roots_done{0};
    for (int i = 0; i < roots; ++i) {
        if (depth == 2) {
            tasks.push_back({i, Move()});
            tasks_left[std::size_t(i)] = 1;
            continue;
        }
        pos.make_move(result[std::size_t(i)].first);
        MoveList replies;
        G::generate_all(pos, replies);
        pos.unmake_move();
        for (const Move reply : replies) tasks.push_back({i, reply});
        tasks_left[std::size_t(i)] = int(replies.size());
        if (replies.size() == 0) ++roots_done;  // mate or stalemate after it: no leaves below
    }

    std::vector<std::atomic<std::uint64_t>> counts(static_cast<std::size_t>(roots));
    std::atomic<std::size_t> next{0}, tasks_done{0};
    std::atomic<std::uint64_t> nodes{0};
    const auto work = [&] {
        Position local = root;
        for (std::size_t t = next.fetch_add(1); t < tasks.size(); t = next.fetch_add(1)) {
            const Task& task = tasks[t];
            local.make_move(result[std::size_t(task.root)].first);
            std::uint64_t count;
            if (depth == 2) {
                count = G::count_legal_moves(local);
            } else {
                local.make_move(task.reply);
                count = options.hash ? perft_count_hashed<G>(local, depth - 2, *options.hash) : Perft::count(local, depth - 2);
                local.unmake_move();
            }
            local.unmake_move();
            counts[std::size_t(task.root)].fetch_add(count, std::memory_order_relaxed);
            nodes.fetch_add(count, std::memory_order_relaxed);
            tasks_done.fetch_add(1, std::memory_order_relaxed);
            if (tasks_left[std::size_t(task.root)].fetch_sub(1) == 1) roots_done.fetch_add(1);
        }
    };

    const auto report = [&] {
        PerftProgress p;
        p.roots_done = roots_done.load();
        p.roots_total = roots;
        p.nodes = nodes.load();
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::size_t done = tasks_done.load();
        if (done > 0) p.seconds_left = p.seconds * double(tasks.size() - done) / double(done);
        options.progress(p);
    };

    std::mutex mutex;
    std::condition_variable finished_cv;
    int finished = 0;
    const int thread_count = std::max(1, options.threads);
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(thread_count));
    for (int i = 0; i < thread_count; ++i)
        threads.emplace_back([&] {
            work();
            const std::lock_guard lock(mutex);
            ++finished;
            finished_cv.notify_all();
        });
    {
        std::unique_lock lock(mutex);
        const auto all_finished = [&] { return finished == thread_count; };
        if (!options.progress) finished_cv.wait(lock, all_finished);
        while (!finished_cv.wait_for(lock, options.progress_interval, all_finished)) {
            lock.unlock();
            report();
            lock.lock();
        }
    }
    for (std::thread& t : threads) t.join();
    for (int i = 0; i < roots; ++i) result[std::size_t(i)].second = counts[std::size_t(i)].load();
    if (options.progress) report();
    return result;
}

}  // namespace sen
