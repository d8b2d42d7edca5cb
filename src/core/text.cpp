#include "core/text.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace sen::text {

std::optional<int> parse_counter(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

std::optional<std::string> parse_move_counters(const std::vector<std::string_view>& fields, bool black_to_move, MoveCounters& out) {
    int halfmove = 0, fullmove = 1;
    if (fields.size() == 6) {
        const auto half = parse_counter(fields[4]);
        const auto full = parse_counter(fields[5]);
        if (!half) return "bad halfmove clock '" + std::string(fields[4]) + "'";
        if (!full) return "bad fullmove number '" + std::string(fields[5]) + "'";
        if (*half > 10000 || *full > 100000) return "move counters out of range";
        halfmove = *half;
        fullmove = std::max(*full, 1);
    }
    out = {halfmove, 2 * (fullmove - 1) + (black_to_move ? 1 : 0)};
    return std::nullopt;
}

std::string hex_key(std::uint64_t key) {
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llX", static_cast<unsigned long long>(key));
    return digits;
}

}  // namespace sen::text
