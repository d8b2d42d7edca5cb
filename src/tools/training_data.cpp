#include "tools/training_data.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <system_error>

#include <fmt/core.h>

#include "core/prng.h"
#include "core/text.h"
#include "tools/game_file.h"

namespace sen {

namespace {

// The seed's stream for the split, so that a trainer's other uses of its seed never move it.
constexpr std::uint64_t VALIDATION_STREAM = 0x56414C49;  // "VALI"

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

std::string record_line(const DataRecord& record) {
    assert(record.result == 0.0 || record.result == 0.5 || record.result == 1.0);
    const char* result = record.result == 1.0 ? "1.0" : record.result == 0.5 ? "0.5" : "0.0";
    return record.score ? fmt::format("{} | {} | {}", record.fen, result, *record.score) : fmt::format("{} | {}", record.fen, result);
}

void write_record(std::ostream& out, const DataRecord& record) { out << record_line(record) << '\n'; }

bool parse_record(std::string_view line, DataRecord& record) {
    const std::size_t bar = line.find('|');
    if (bar == std::string_view::npos) return false;
    std::string_view rest = line.substr(bar + 1);
    const std::size_t second = rest.find('|');
    record.score.reset();
    if (second != std::string_view::npos) {
        const std::string_view s = trim(rest.substr(second + 1));
        int value = 0;
        const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (s.empty() || error != std::errc() || end != s.data() + s.size() || std::abs(value) > DATA_SCORE_LIMIT) return false;
        record.score = value;
        rest = rest.substr(0, second);
    }
    const std::string_view r = trim(rest);
    if (r == "1.0" || r == "1") record.result = 1.0;
    else if (r == "0.5") record.result = 0.5;
    else if (r == "0.0" || r == "0") record.result = 0.0;
    else return false;
    record.fen = trim(line.substr(0, bar));
    return !record.fen.empty();
}

std::optional<int> fen_game_ply(std::string_view fen) {
    const std::vector<std::string_view> fields = text::split_fields(fen);
    if (fields.size() < 2) return std::nullopt;
    text::MoveCounters counters;
    if (text::parse_move_counters(fields, fields[1] == "b", counters)) return std::nullopt;
    return counters.game_ply;
}

std::optional<std::string> read_records(const std::vector<std::string>& paths,
                                        const std::function<void(const DataRecord&, std::uint64_t game)>& visit, DataFileStats& stats) {
    DataRecord record;
    std::string line;
    std::uint64_t games = 0;  // seen so far; the current record's is number games - 1
    for (const std::string& path : paths) {
        std::error_code ignored;
        if (std::filesystem::is_directory(path, ignored)) return fmt::format("cannot read {}: a directory", path);
        if (is_game_file(path)) {
            // Binary games: each record is one game, so no ply rule is needed to find them.
            GameFileScan scan;
            const auto unreadable = read_game_file(
                path,
                [&](const GameRecord& game) {
                    ++games, ++stats.games;
                    if (!game_records(scan.game, game, [&](const DataRecord& r) { ++stats.lines, visit(r, games - 1); }))
                        ++stats.bad_lines;  // a damaged game: its records up to the damage were visited
                },
                scan);
            if (unreadable) return unreadable;
            if (scan.valid_bytes < scan.file_bytes) ++stats.bad_lines;  // a partial game at the end, skipped
            continue;
        }
        std::ifstream in(path);
        if (!in) return fmt::format("cannot read {}", path);
        std::optional<int> previous_ply;  // of the file's last well-formed record
        while (std::getline(in, line)) {
            if (is_blank(line)) continue;
            ++stats.lines;
            std::optional<int> ply;
            if (!parse_record(line, record) || !(ply = fen_game_ply(record.fen))) {
                ++stats.bad_lines;
                continue;
            }
            if (games == 0 || (previous_ply && starts_new_game(*previous_ply, *ply))) ++games, ++stats.games;
            previous_ply = ply;
            visit(record, games - 1);
        }
        if (in.bad()) return fmt::format("error while reading {}", path);
    }
    return std::nullopt;
}

ValidationSplit::ValidationSplit(double fraction, std::uint64_t seed) : fraction_(fraction), key_(mix_pair(seed, VALIDATION_STREAM)) {}

bool ValidationSplit::holds_out(std::uint64_t game) const {
    // A uniform double in [0, 1) from the hash's top 53 bits.
    return double(mix_pair(key_, game) >> 11) * 0x1.0p-53 < fraction_;
}

double blended_target(double result, std::optional<int> score, double lambda, double k) {
    return score && lambda < 1 ? lambda * result + (1 - lambda) * (1.0 / (1.0 + std::exp(-k * *score))) : result;
}

}  // namespace sen
