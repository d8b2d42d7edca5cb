// A protocol session's output kept for a test to read: every line the session writes (a write of
// several lines, such as `d`'s diagram, counts as its lines), taken in order. The search thread
// writes too, so the lines are guarded.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/uci_text.h"

namespace sen::test {

struct CapturedOutput {
    std::mutex mutex;
    std::vector<std::string> lines;
    Output out{[this](std::string_view text) {
        std::lock_guard lock(mutex);
        std::string_view rest = text;
        for (std::size_t nl; (nl = rest.find('\n')) != std::string_view::npos; rest.remove_prefix(nl + 1))
            lines.emplace_back(rest.substr(0, nl));
        lines.emplace_back(rest);
    }};

    // The lines written since the last take.
    std::vector<std::string> take() {
        std::lock_guard lock(mutex);
        return std::exchange(lines, {});
    }
    // The lines up to and including the first that starts with `prefix` (20 s at most; then the
    // lines so far and "(timed out)").
    std::vector<std::string> through(std::string_view prefix) {
        std::vector<std::string> got;
        for (int waited_ms = 0; waited_ms < 20000; waited_ms += 2) {
            for (std::string& l : take()) {
                got.push_back(std::move(l));
                if (got.back().rfind(prefix, 0) == 0) return got;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        got.push_back("(timed out)");
        return got;
    }
};

}  // namespace sen::test
