// The training data `sen tune` and `sen nnue-train` read: records of positions with their game's
// result and a search score, from text lines or from the binary game files `sen datagen` writes
// (game_file.h; docs/training-data.md). read_records() tells them apart by the binary magic
// and gives the trainers the same records either way.
//
// In text, a record is one line `FEN | result | score`: a position, the result of the game it was played
// in (1.0, 0.5 or 0.0) and the score in centipawns of the search that chose the move played from
// it, both from White's (in xiangqi Red's) point of view. The score is optional on reading: older
// files have `FEN | result` lines. Blank lines are skipped.
//
// Games are not delimited. datagen writes whole games one after the other, each game's records in
// the order they were played, so that their game plies (from the FEN's move number and side to
// move) rise. A record therefore starts a new game when its ply is not above the previous
// record's in the same file. The first record of a later file continues the game of the previous
// file's last record, whatever its ply: a file cut in the middle of a game keeps that game
// whole. One game is never split in two by this rule; two games can run together (across files,
// or when a game's first record comes at a later ply than the previous game's last), which only
// puts both on the same side of the validation split.
//
// Validation: trainers hold out whole games, never single lines. A game's positions are alike
// and share its result, so a line-by-line split would let the fit see the held-out games and the
// validation error would reward memorising them.
//
// Binary files delimit games themselves: each game record is one game, numbered on from the
// previous file's, and never continues a text file's last game.
//
// Owns: the line format, reading files of records, where games begin, the training/validation
// split and a record's fitting target. Knows no game's rules: a FEN is text here, checked by the
// trainer that reads it (binary games are replayed by game_file.h, which does know them).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sen {

struct DataRecord {
    std::string fen;
    double result = 0.5;       // 1.0, 0.5 or 0.0
    std::optional<int> score;  // centipawns; at most DATA_SCORE_LIMIT either way
};

// A score beyond this makes a line malformed (datagen clamps what it writes far below it).
constexpr int DATA_SCORE_LIMIT = 100000;

// The record as a line, without its newline: `FEN | 1.0 | 35`, or `FEN | 1.0` without a score.
// The result must be 0, 0.5 or 1.
std::string record_line(const DataRecord& record);
// Writes record_line() and a newline.
void write_record(std::ostream& out, const DataRecord& record);

// Reads one line (blanks around the fields and a trailing '\r' allowed); false when the line is
// malformed: no result field, a result other than 1.0/1, 0.5, 0.0/0, a score that is not a
// whole number within DATA_SCORE_LIMIT, more than three fields or an empty FEN. On false,
// `record` holds no meaningful value.
bool parse_record(std::string_view line, DataRecord& record);

// The game ply a FEN's side to move and move number give (as Position::game_ply() reads them,
// in both games); nothing when the FEN has fewer than two fields or malformed move counters.
std::optional<int> fen_game_ply(std::string_view fen);

// Whether a record with game ply `ply` starts a new game after a record with `previous_ply` of
// the same file (the rule above).
constexpr bool starts_new_game(int previous_ply, int ply) { return ply <= previous_ply; }

struct DataFileStats {
    std::uint64_t lines = 0;      // non-blank lines read
    std::uint64_t bad_lines = 0;  // malformed lines, and records whose FEN gives no game ply
    std::uint64_t games = 0;      // games among the well-formed records
};

// Reads the files in order, each text or binary by its first bytes, and calls visit(record,
// game) for each well-formed record, `game` numbering the games from 0 across all the files;
// the counts are added to `stats` (for a binary file, `lines` counts records and `bad_lines`
// damaged games and a partial game at the end). Returns what
// could not be read (a missing file, a directory, a read error), if anything; the records before
// it have been visited.
std::optional<std::string> read_records(const std::vector<std::string>& paths,
                                        const std::function<void(const DataRecord&, std::uint64_t game)>& visit, DataFileStats& stats);

// Which games are held out for validation: each with probability `fraction`, by a hash of the
// seed and the game's number, so the choice depends on nothing else. For one seed, the games
// held out at a fraction include those held out at any smaller one.
class ValidationSplit {
public:
    ValidationSplit(double fraction, std::uint64_t seed);
    bool holds_out(std::uint64_t game) const;

private:
    double fraction_;
    std::uint64_t key_;
};

// A record's fitting target: its game's result, or with lambda < 1 and a score, the blend
// lambda * result + (1 - lambda) * sigmoid(k * score) of the result and what its own search
// expected. Result and score must be from the same side's point of view.
double blended_target(double result, std::optional<int> score, double lambda, double k);

}  // namespace sen
