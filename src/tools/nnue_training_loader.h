// The positions `sen nnue-train` trains and validates on (nnue_trainer.h): the records of the data
// files (training_data.h) as TrainPositions, whole games held out for validation, and with
// --mirror the mirrored copies of the training positions.
// Owns: which records become positions and on which side of the split. Never touches a network.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "core/prng.h"
#include "tools/nnue_train_position.h"
#include "tools/training_data.h"

namespace sen::nn {

// Which records teach the network little and are skipped, training and validation alike. Self-play
// records already leave out positions in check and those whose best move is a capture or a queen
// promotion (datagen.h, records_position), but older files, text and converted data may hold them,
// and no file leaves out the rest.
struct PositionFilter {
    int min_ply = 0;  // positions before this game ply (the opening's, alike from game to game)
    bool skip_in_check = false;
    int max_abs_score = 0;  // above 0: positions whose |score| is at least this (the game is decided)
    // With max_abs_score: such positions are kept, their scores clipped to +-max_abs_score, so
    // that the network learns what a won ending looks like (a bare king against a queen),
    // instead of skipped.
    bool clip_decided = false;

    // What `sen nnue-train` applies unless told otherwise.
    static constexpr PositionFilter recommended() { return {16, true, 2000}; }
};

template <FeatureSet F>
struct TrainingData {
    std::vector<TrainPosition<F>> train, validation;
    PositionFilter filter;             // set before loading: the records skipped
    std::uint64_t lines = 0;           // non-empty lines read
    std::uint64_t bad_lines = 0;       // malformed line or invalid FEN
    std::uint64_t unscored_lines = 0;  // skipped: no score while lambda < 1
    std::uint64_t mirrored = 0;        // training positions added by mirror_files
    // Skipped by the filter, each counted under the first of these that applies, and a hash of
    // the skipped records in their order (so that a checkpoint's fingerprint covers them too).
    std::uint64_t early = 0, in_check = 0, decided = 0;
    std::uint64_t skipped_hash = 0;
    std::uint64_t clipped = 0;  // decided positions kept with their scores clipped (clip_decided)
};

// A record's text, result and score as a number (FNV-1a), the same on every build.
inline std::uint64_t record_hash(const DataRecord& record) {
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    const auto add = [&hash](std::uint64_t byte) { hash = (hash ^ byte) * 0x100000001B3ULL; };
    for (const char c : record.fen) add(std::uint8_t(c));
    add(std::uint64_t(record.result * 2));
    if (record.score) add(std::uint64_t(std::int64_t(*record.score) + DATA_SCORE_LIMIT));
    return hash;
}

// Which of the filter's reasons skips a position, if any, in the order of TrainingData's counts.
enum class FilterReason : std::uint8_t { None, Early, InCheck, Decided };

template <class Position>
FilterReason filter_reason(const PositionFilter& filter, const Position& pos, std::optional<int> score) {
    if (pos.game_ply() < filter.min_ply) return FilterReason::Early;
    if (filter.skip_in_check && pos.in_check()) return FilterReason::InCheck;
    if (filter.max_abs_score > 0 && !filter.clip_decided && score && std::abs(*score) >= filter.max_abs_score) return FilterReason::Decided;
    return FilterReason::None;
}

// The score a kept position trains on: with clip_decided, a decided one's clipped.
inline std::optional<int> filtered_score(const PositionFilter& filter, std::optional<int> score) {
    if (!score || !filter.clip_decided || filter.max_abs_score <= 0) return score;
    return std::clamp(*score, -filter.max_abs_score, filter.max_abs_score);
}

// Reads the files (training_data.h); whole games go to validation, each with probability
// `validation_fraction`, by ValidationSplit with this seed. Returns what could not be read, if
// anything. set_fen(pos, fen) reads a record's FEN into the scratch position (false: invalid).
// With `mirror_files`, each training position for which mirrorable(pos) holds is followed by its
// mirrored_files() copy (validation positions are never mirrored, so the validation loss stays
// comparable). Records that data.filter skips are counted, not loaded.
template <FeatureSet F, class Position, class SetFen, class Mirrorable>
std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData<F>& data, bool mirror_files, Position& pos,
                                              const SetFen& set_fen, const Mirrorable& mirrorable) {
    const ValidationSplit split(validation_fraction, seed);
    std::uint64_t rejected = 0;
    DataFileStats stats;
    const auto error = read_records(
        paths,
        [&](const DataRecord& record, std::uint64_t game) {
            if (!record.score && lambda < 1) {
                ++data.unscored_lines;
                return;
            }
            if (!set_fen(pos, record.fen)) {
                ++rejected;
                return;
            }
            const FilterReason reason = filter_reason(data.filter, pos, record.score);
            if (reason != FilterReason::None) {
                ++(reason == FilterReason::Early ? data.early : reason == FilterReason::InCheck ? data.in_check : data.decided);
                data.skipped_hash = mix_pair(data.skipped_hash, record_hash(record));
                return;
            }
            const std::optional<int> score = filtered_score(data.filter, record.score);
            data.clipped += score != record.score;
            const std::optional<TrainPosition<F>> position = train_position_of<F>(pos, record.result, score);
            if (!position) {
                ++rejected;
                return;
            }
            const bool held_out = split.holds_out(game);
            (held_out ? data.validation : data.train).push_back(*position);
            if (mirror_files && !held_out && mirrorable(pos)) {
                data.train.push_back(mirrored_files(*position));
                ++data.mirrored;
            }
        },
        stats);
    data.lines += stats.lines;
    data.bad_lines += stats.bad_lines + rejected;
    return error;
}

}  // namespace sen::nn
