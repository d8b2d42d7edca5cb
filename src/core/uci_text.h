// The protocol's text at its two ends: reading command lines (tokens, case, numbers) and writing
// output lines (one at a time, whoever prints). Shared by the session (uci.cpp), the option table
// (uci_options.cpp) and the game fronts (game_front.h); knows no command and no game.
#pragma once

#include <charconv>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sen {

// Thread-safe line output: the input thread and the search thread both print.
class Output {
public:
    explicit Output(std::function<void(std::string_view)> write) : write_(std::move(write)) {}
    void line(std::string_view text) {
        std::lock_guard lock(mutex_);
        write_(text);
    }

private:
    std::mutex mutex_;
    std::function<void(std::string_view)> write_;
};

// The tokens of a line, as views into it: any run of blanks (space, tab, CR, LF, VT, FF, NUL)
// separates two.
std::vector<std::string_view> split_tokens(std::string_view line);

// ASCII letters in lower case; protocol keywords and option names match case-insensitively.
std::string lowercase(std::string_view text);

// An integer written exactly so (an optional sign, then digits only), or nothing.
template <class Int>
std::optional<Int> parse_integer(std::string_view text) {
    Int value{};
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// An integer as the user wrote it, or nothing when it is not one. A number too big for 64 bits
// is still a number: it comes back saturated, so that values can be clamped to their range.
std::optional<std::int64_t> parse_saturating(std::string_view text);

// Text from the input, made safe to echo: printable ASCII only (a GUI may choke on control
// bytes or broken UTF-8 in our output), and cut short after `max` characters.
std::string printable(std::string_view text, std::size_t max = 64);

// The score field of an info line: `cp N`, or `mate N` in moves (negative when being mated).
std::string format_score(int score);

}  // namespace sen
