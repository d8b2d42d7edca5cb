// Self-play data generation for tuning the evaluation (`sen datagen`), chess or xiangqi.
//
// Plays games of Sen against itself with a fixed node limit per move, one search thread and a
// 16 MB hash cleared before each game, from the game's start position plus a few random legal
// plies. Quiet positions of those games are written with the game's result and the score of the
// search that chose the move there, one record (training_data.h) each, game after game, for
// `sen tune` and `sen nnue-train` to fit to. Written once over the game type (game.h); each
// game's end rules come from its Position (game_state()).
// Owns: the game loop, its adjudication and which positions are recorded. Never touches the
// evaluation weights, the protocol or the line format.
// Invariant: the output depends only on the options (seed included), never on time or hardware.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace sen {

struct DatagenOptions {
    int games = 1000;
    std::uint64_t nodes = 5000;  // node limit of each move's search
    std::uint64_t seed = 1;
    int random_plies = 8;  // random legal plies played from the start position
};

// Adjudication and filtering constants.
constexpr int DATAGEN_OPENING_DEPTH = 6;        // depth of the search that vets a random opening
constexpr int DATAGEN_OPENING_MAX_SCORE = 300;  // openings scoring beyond this are discarded
constexpr int DATAGEN_RESIGN_SCORE = 1500;      // |score| beyond this ...
constexpr int DATAGEN_RESIGN_PLIES = 4;         // ... for this many consecutive plies ends the game
constexpr int DATAGEN_MAX_PLY = 300;            // game ply beyond which the game is a draw
constexpr int DATAGEN_SKIP_PLIES = 10;          // positions before this game ply are not recorded
constexpr int DATAGEN_SCORE_LIMIT = 3000;       // recorded search scores are clamped to this (mates)

struct DatagenStats {
    int games = 0;
    int white_wins = 0, draws = 0, black_wins = 0;
    std::uint64_t positions = 0;  // lines written
    std::uint64_t plies = 0;      // moves played, openings excluded
    std::uint64_t nodes = 0;
    int rejected_openings = 0;
};

using DatagenProgress = std::function<void(const DatagenStats&)>;

// Whether self-play records the position in which `best` was chosen: from DATAGEN_SKIP_PLIES on,
// not in check, and only when `best` is quiet by the game's own definition (Game::is_noisy: the
// moves quiescence search resolves). The search applies the same test before it lets a node's
// score correct the static evaluation (search_impl.h): only then does the score say what the
// static evaluation should have seen. Instantiated for ChessGame and xiangqi::XiangqiGame.
template <class Game>
bool records_position(const typename Game::Position& pos, typename Game::Move best);

// Plays the games and writes the lines to `out`, one game at a time (flushed after each).
// `progress` is called after each game. Instantiated in datagen.cpp for ChessGame and
// xiangqi::XiangqiGame.
template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress = {});

// Chess games.
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress = {});

// `sen datagen [--variant chess|xiangqi] --games N --nodes K --out FILE [--seed S]
// [--random-plies R]`; progress on stderr.
int run_datagen_command(const std::vector<std::string>& args);

}  // namespace sen
