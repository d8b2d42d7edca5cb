// The engine's controls that do not depend on the game: search state (stop, ponderhit, wait),
// the settings every protocol offers (hash, threads, MultiPV, strength, move overhead) and the
// life of an engine across games (new_game, park, restart). BasicEngine (engine.h) implements
// it for every game, so a protocol session drives the active game's engine through this one
// interface and never through the game's front (game_front.h), which holds only what needs the
// game's types.
//
// Protocol thread only, as every public member of BasicEngine; the meaning of each member is
// documented there.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>

#include "core/go_params.h"

namespace sen {

class EngineControl {
public:
    // Gets the first search ready in the background; a no-op after the first call.
    virtual void prepare() = 0;
    virtual void stop() = 0;
    virtual void ponderhit() = 0;
    virtual void ponderhit(const GoParams& params, std::chrono::steady_clock::time_point start) = 0;
    // Blocks until the running search (and the start-up warm-up) has finished.
    virtual void wait() = 0;
    virtual bool searching() const = 0;

    // False when the memory cannot be had (the old table stays).
    virtual bool set_hash(std::size_t megabytes) = 0;
    virtual std::size_t hash_mb() const = 0;
    virtual void set_threads(int count) = 0;
    virtual void set_multipv(int n) = 0;
    // A weakened level (core/strength.h) for the next searches, or nothing for full strength.
    virtual void set_strength(std::optional<int> elo) = 0;
    virtual void set_move_overhead(int ms) = 0;
    virtual void clear_hash() = 0;
    virtual void new_game() = 0;
    // Setting a game aside (its hash table shrinks to 1 MB) and taking it up again.
    virtual void park() = 0;
    virtual void restart() = 0;

protected:
    ~EngineControl() = default;
};

}  // namespace sen
