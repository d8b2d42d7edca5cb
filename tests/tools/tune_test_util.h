// Helpers for the tuner's tests of both games (test_tune.cpp, test_tune_xiangqi.cpp): a set whose
// targets come from a known weight table, and the header of a generated weight source.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/tune.h"

namespace sen::tune_test {

// The positions' traces with targets sigmoid(k * eval) under `truth`: a set that a fit starting
// from other weights must move towards `truth` on.
template <class Trace, class Position, class Weights>
TuneSet synthetic_set(const std::vector<Position>& positions, const Weights& truth, double k) {
    TuneSet set;
    for (const Position& pos : positions) {
        Trace trace;
        evaluate_traced(pos, trace);
        set.add(trace, sigmoid(k, trace_eval(trace, truth)));
    }
    return set;
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The leading `// ` lines of a generated source, as weights_source() takes them.
inline std::string header_of(const std::string& text) {
    std::istringstream lines(text);
    std::string line, header;
    while (std::getline(lines, line) && line.rfind("// ", 0) == 0) header += (header.empty() ? "" : "\n") + line.substr(3);
    return header;
}

}  // namespace sen::tune_test
