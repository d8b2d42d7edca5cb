// What a `go` command asks for, as plain data: the protocol fills it, the engine and the time
// manager read it. Times are in milliseconds; a field that was not given is std::nullopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"

namespace sen {

struct GoParams {
    std::optional<std::int64_t> time[COLOR_NB];       // wtime, btime (may be zero or negative)
    std::optional<std::int64_t> increment[COLOR_NB];  // winc, binc
    std::optional<int> movestogo;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<int> mate;  // search for a mate in this many moves
    std::optional<std::int64_t> movetime;
    bool infinite = false;
    bool ponder = false;
    std::vector<std::string> searchmoves;  // move texts as given: the protocol reads them, not the engine

    std::optional<std::int64_t> time_for(Color c) const { return time[index_of(c)]; }
    std::optional<std::int64_t> increment_for(Color c) const { return increment[index_of(c)]; }
};

}  // namespace sen
