// Counting earlier occurrences of a position, which both games' repetition rules start from.
#pragma once

#include <cstddef>

namespace sen {

// How many earlier states hold the newest state's key. A position can only recur an even number
// of plies back, four at the least, and not across the last irreversible move or null move:
// `reach` is how many plies back that is. States is a random-access container of records with
// a `key`, oldest first.
template <class States>
int earlier_occurrences(const States& states, int reach) {
    const int n = int(states.size()) - 1;
    int count = 0;
    for (int i = 4; i <= reach && i <= n; i += 2)
        if (states[std::size_t(n - i)].key == states[std::size_t(n)].key) ++count;
    return count;
}

}  // namespace sen
