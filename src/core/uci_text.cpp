#include "core/uci_text.h"

#include <algorithm>
#include <limits>

#include <fmt/core.h>

#include "core/search.h"

namespace sen {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == '\0'; }

}  // namespace

std::vector<std::string_view> split_tokens(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    return tokens;
}

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::optional<std::int64_t> parse_saturating(std::string_view text) {
    if (const auto v = parse_integer<std::int64_t>(text)) return v;
    std::string_view digits = text;
    const bool negative = !digits.empty() && digits[0] == '-';
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
    return negative ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
}

std::string printable(std::string_view text, std::size_t max) {
    std::string out;
    for (const char c : text.substr(0, max)) out += (c >= 32 && c < 127) ? c : '?';
    if (text.size() > max) out += "...";
    return out;
}

std::string format_score(int score) {
    if (is_mate_score(score)) return fmt::format("mate {}", mate_in_moves(score));
    return fmt::format("cp {}", score);
}

}  // namespace sen
