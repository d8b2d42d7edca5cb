// Self-play data generation for tuning and training the evaluation (`sen datagen`), chess or
// xiangqi.
//
// Plays games of Sen against itself with a node limit per move (optionally a soft one: the search
// ends at a completed iteration, under a hard cap), one search thread and a 16 MB hash cleared
// before each game, from the game's start position (for a fraction of chess games a Double
// Fischer Random one) plus a few random legal plies that a short search finds still open. Each
// game is handed over whole, as a GameRecord (game_file.h): every move with its search score, the
// quiet positions flagged as training records, and the result. Several worker threads play games
// side by side, each with its own searcher and hash. Written once over the game type (game.h);
// each game's end rules come from its Position (game_state()).
// Owns: the game loop, its adjudication, the openings and which positions are recorded. Never
// touches the evaluation weights, the protocol or the file formats.
// Invariant: game number i depends only on the options and i (its random stream is seeded by
// both), never on time, hardware or the number of threads; only the order in which games
// finish does.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/search.h"

namespace sen {

struct GameRecord;

struct DatagenOptions {
    int games = 1000;              // games to play (run_datagen_command: the total wanted in the file)
    std::uint64_t nodes = 5000;    // node limit of each move's search (with soft_nodes, the hard cap)
    std::uint64_t soft_nodes = 0;  // above 0: a move's search ends at the first iteration completed past this
    std::uint64_t seed = 1;
    int random_plies = 8;         // random legal plies played from the start position ...
    int random_plies_max = 0;     // ... or, when this is larger, a number drawn from random_plies..this
    int opening_max_score = 300;  // openings a short search scores beyond this (either way) are drawn again
    int threads = 1;              // games played side by side
    double dfrc_fraction = 0.1;   // chess: the share of games from a Double Fischer Random start
    // The share of games never resigned: played out to mate or a rule's end (the ply limit then
    // goes by the score), so that the data holds won endings, a bare king against a queen
    // included, for a trainer that keeps decided positions (nnue-train --clip-decided).
    double playout_fraction = 0.0;
    std::uint64_t first_index = 0;  // the first game's number; games first_index.. are played
};

// Adjudication and filtering constants.
constexpr int DATAGEN_OPENING_DEPTH = 6;    // depth of the search that vets a random opening
constexpr int DATAGEN_RESIGN_SCORE = 1500;  // |score| beyond this ...
constexpr int DATAGEN_RESIGN_PLIES = 4;     // ... for this many consecutive plies ends the game
constexpr int DATAGEN_MAX_PLY = 300;        // game ply beyond which the game is a draw (or a played-out game resigned)
constexpr int DATAGEN_SKIP_PLIES = 10;      // positions before this game ply are not recorded
constexpr int DATAGEN_SCORE_LIMIT = 3000;   // recorded search scores are clamped to this (mates)
constexpr int DATAGEN_DRAW_MIN_PLY = 80;    // from this game ply on, |score| within ...
constexpr int DATAGEN_DRAW_SCORE = 10;      // ... this ...
constexpr int DATAGEN_DRAW_PLIES = 12;      // ... for this many consecutive plies is a draw

struct DatagenStats {
    int games = 0;
    int white_wins = 0, draws = 0, black_wins = 0;
    std::uint64_t positions = 0;  // recorded positions (training records)
    std::uint64_t plies = 0;      // moves played, openings excluded
    std::uint64_t nodes = 0;
    int rejected_openings = 0;
};

using DatagenProgress = std::function<void(const DatagenStats&)>;
// Receives each finished game; called by one thread at a time. False stops the run (a write
// error): games in flight are finished but not handed over.
using DatagenSink = std::function<bool(const GameRecord&)>;

// Whether self-play records the position in which `best` was chosen: from DATAGEN_SKIP_PLIES on,
// not in check, and only when `best` is quiet by the game's own definition (Game::is_noisy: the
// moves quiescence search resolves). The search applies the same test before it lets a node's
// score correct the static evaluation (search_impl.h): only then does the score say what the
// static evaluation should have seen. Instantiated for ChessGame and xiangqi::XiangqiGame.
template <class Game>
bool records_position(const typename Game::Position& pos, typename Game::Move best);

// One move's search in self-play, single-threaded, from the searcher's state as it is: with
// `soft_nodes` above 0, it stops at the first iteration that completes at or past that many nodes
// (so the move and score are a whole iteration's), and in any case at `hard_nodes` (where the last
// iteration is cut short, as a plain node limit cuts it). Instantiated for ChessGame and
// xiangqi::XiangqiGame.
template <class Game>
BasicSearchResult<Game> search_move(BasicSearcher<Game>& searcher, const typename Game::Position& pos, std::uint64_t soft_nodes,
                                    std::uint64_t hard_nodes);

// Plays options.games games, numbered from options.first_index, on options.threads threads,
// and hands each to `sink` as it finishes; `progress` is called after each (same thread rule).
// Instantiated in datagen.cpp for ChessGame and xiangqi::XiangqiGame.
template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, const DatagenSink& sink, const DatagenProgress& progress = {});

// The same, writing each game's records as text lines (training_data.h) to `out`.
template <class Game>
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress = {});

// Chess games as text.
DatagenStats run_datagen(const DatagenOptions& options, std::ostream& out, const DatagenProgress& progress = {});

}  // namespace sen
