// The positions `sen nnue-train` trains and validates on (nnue_trainer.h): the records of the data
// files (training_data.h) as TrainPositions, whole games held out for validation, and with
// --mirror the mirrored copies of the training positions.
// Owns: which records become positions and on which side of the split. Never touches a network.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/nnue_train_position.h"
#include "tools/training_data.h"

namespace sen::nn {

template <FeatureSet F>
struct TrainingData {
    std::vector<TrainPosition<F>> train, validation;
    std::uint64_t lines = 0;           // non-empty lines read
    std::uint64_t bad_lines = 0;       // malformed line or invalid FEN
    std::uint64_t unscored_lines = 0;  // skipped: no score while lambda < 1
    std::uint64_t mirrored = 0;        // training positions added by mirror_files
};

// Reads the files (training_data.h); whole games go to validation, each with probability
// `validation_fraction`, by ValidationSplit with this seed. Returns what could not be read, if
// anything. set_fen(pos, fen) reads a record's FEN into the scratch position (false: invalid).
// With `mirror_files`, each training position for which mirrorable(pos) holds is followed by its
// mirrored_files() copy (validation positions are never mirrored, so the validation loss stays
// comparable).
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
            const std::optional<TrainPosition<F>> position =
                set_fen(pos, record.fen) ? train_position_of<F>(pos, record.result, record.score) : std::nullopt;
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
