// A status line on stderr for long command-line runs (deep perft, perft suites): one line,
// rewritten in place with a carriage return at most a few times a second, so stdout stays the
// parseable result and a log of stderr does not fill with thousands of lines. Off by default
// when stderr is not a terminal (a pipe or a file would keep every refresh); a command turns it
// on or off explicitly with --progress / --no-progress.
//
// Thread-safe: show() may come from any thread. A caller that prints to stdout while the line
// is up calls clear() first, so the two streams do not mix on a terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace sen {

bool stderr_is_terminal();

class ProgressLine {
public:
    explicit ProgressLine(bool enabled, std::chrono::milliseconds min_interval = std::chrono::milliseconds(250))
        : enabled_(enabled), min_interval_(min_interval) {}
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    bool enabled() const { return enabled_; }
    // Replaces the line; skipped when the last one is younger than min_interval unless `force`.
    void show(const std::string& text, bool force = false);
    // Blanks the line and leaves the cursor at its start.
    void clear();

private:
    bool enabled_;
    std::chrono::milliseconds min_interval_;
    std::mutex mutex_;
    std::size_t shown_ = 0;  // length of the text on screen
    std::chrono::steady_clock::time_point last_{};
};

// "1:02:03" (hours only when needed, "12:03").
std::string format_duration(double seconds);
// The status of a run: done/total units, nodes, nodes per second, elapsed and the time left
// (`seconds_left` < 0: not known yet).
std::string progress_text(const std::string& what, int done, int total, const char* unit, std::uint64_t nodes, double seconds,
                          double seconds_left);

}  // namespace sen
