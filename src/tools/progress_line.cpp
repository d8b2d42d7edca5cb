#include "tools/progress_line.h"

#include <cstdio>

#include <fmt/core.h>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace sen {

bool stderr_is_terminal() {
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(fileno(stderr)) != 0;
#endif
}

void ProgressLine::show(const std::string& text, bool force) {
    if (!enabled_) return;
    const std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (!force && shown_ > 0 && now - last_ < min_interval_) return;
    last_ = now;
    // Spaces over whatever the last, longer text left behind (no terminal escapes: a Windows
    // console may not read them).
    const std::size_t pad = shown_ > text.size() ? shown_ - text.size() : 0;
    std::fputs(("\r" + text + std::string(pad, ' ')).c_str(), stderr);
    std::fflush(stderr);
    shown_ = text.size();
}

void ProgressLine::clear() {
    if (!enabled_) return;
    const std::lock_guard lock(mutex_);
    if (shown_ == 0) return;
    std::fputs(("\r" + std::string(shown_, ' ') + "\r").c_str(), stderr);
    std::fflush(stderr);
    shown_ = 0;
}

std::string format_duration(double seconds) {
    const auto total = seconds > 0 ? std::uint64_t(seconds + 0.5) : 0;
    const std::uint64_t h = total / 3600, m = total / 60 % 60, s = total % 60;
    return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, s) : fmt::format("{}:{:02}", m, s);
}

std::string progress_text(const std::string& what, int done, int total, const char* unit, std::uint64_t nodes, double seconds,
                          double seconds_left) {
    const double nps = seconds > 0 ? double(nodes) / seconds : 0.0;
    return fmt::format("{}: {}/{} {}, {} nodes, {:.1f} Mnps, {} elapsed, {} left", what, done, total, unit, nodes, nps / 1e6,
                       format_duration(seconds), seconds_left < 0 ? std::string("?") : "~" + format_duration(seconds_left));
}

}  // namespace sen
