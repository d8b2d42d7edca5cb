// The binary training-data format: whole self-play games, `sen datagen`'s default output
// (docs/training-data.md has it byte by byte).
//
// A file is a 16-byte header (magic "SENGAMES", version, game: its number in games.h) and then game records, each
// one length-prefixed, checksummed block: the start FEN, then for each ply the move played
// (the game's own 16-bit move) and the score of the search that chose it, with a flag saying
// whether the position is a training record. A position costs 4 bytes plus its share of the
// game's ~70 bytes of framing and start FEN, and game boundaries need no guessing.
//
// A game is committed by one write of its whole record: a file cut anywhere (a killed datagen)
// holds whole games and then at most one partial record, which scan_game_file() finds and
// GameFileWriter cuts off before appending.
//
// Owns: the byte layout, encoding and decoding game records, scanning and appending to a file,
// and replaying a game into DataRecords (which needs each game's rules, hence the games here).
// Never touches self-play or the trainers: they see DataRecords through read_records().
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games.h"
#include "tools/training_data.h"

namespace sen {

constexpr std::string_view GAME_FILE_MAGIC = "SENGAMES";
constexpr std::uint16_t GAME_FILE_VERSION = 1;
constexpr std::size_t GAME_FILE_HEADER_BYTES = 16;

// Scores are stored in 15 bits; this one value means "no score" (a converted text line
// without one), and scores beyond GAME_FILE_SCORE_LIMIT are clamped to it.
constexpr int GAME_FILE_NO_SCORE = -16384;
constexpr int GAME_FILE_SCORE_LIMIT = 16383;

// One ply: the position's search score (White's or Red's view) and the move played from it.
// A move of 0 (no game's legal move) is a jump: the next position is `next_fen`, not reached
// by a move; an empty `next_fen` ends the game (a last ply whose move is unknown). Self-play
// never jumps; converted text does where its lines skip plies that cannot be found again.
struct GamePly {
    std::uint16_t move = 0;
    std::optional<int> score;
    bool recorded = false;  // the position before the move is a training record
    std::string next_fen;   // jumps only
};

struct GameRecord {
    std::uint64_t index = 0;  // the game's number in its generator's stream (seeds it; resumes after the largest)
    double result = 0.5;      // White's (Red's) view: 1.0, 0.5 or 0.0
    bool chess960 = false;    // chess: castling rights as X-FEN (a DFRC start)
    std::string start_fen;
    std::vector<GamePly> plies;
};

// The file header and one game's whole record (length prefix to checksum).
std::string game_file_header(GameId game);
std::string encode_game(const GameRecord& game);

// Whether the file starts with the magic (a binary file, for read_records' choice of reader).
bool is_game_file(const std::string& path);

struct GameFileScan {
    GameId game = 0;
    std::uint64_t games = 0;        // whole games
    std::uint64_t valid_bytes = 0;  // header and whole games; beyond: a partial or damaged tail
    std::uint64_t file_bytes = 0;
    std::optional<std::uint64_t> max_index;  // largest game index, if any game
};

// Reads the file's games in order, calling visit (if given) for each. Stops at the first
// record that is cut short or fails its checksum: what follows is a tail the writer cuts off.
// Returns what made the file unreadable (missing, no header, another version), if anything.
std::optional<std::string> read_game_file(const std::string& path, const std::function<void(const GameRecord&)>& visit, GameFileScan& scan);

// Replays a game and calls visit for each recorded position (its FEN, the game's result, its
// score). False if a move is not legal where it is played, or a FEN does not read: the game
// is damaged, and its records from there on are not visited.
bool game_records(GameId game_id, const GameRecord& game, const std::function<void(const DataRecord&)>& visit);

// Appends whole games to a file, creating it with a header if it is new or empty. Opening an
// existing file scans it, cuts off a partial tail and reports what is there, so that a
// stopped run resumes without losing or repeating a game.
class GameFileWriter {
public:
    // An error when the file cannot be read or written, or holds another game's data.
    std::optional<std::string> open(const std::string& path, GameId game);
    const GameFileScan& existing() const { return existing_; }
    // One write and a flush; false on a write error.
    bool write(const GameRecord& game);

private:
    std::ofstream out_;
    GameFileScan existing_;
};

}  // namespace sen
