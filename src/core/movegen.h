// Move generation, the parts every game's generator shares: which moves to emit, and the two ways
// a generator runs, listing the moves or only counting them.
//
// A game writes its generator once, as a struct with
//   template <Color Us, GenKind Kind, class Sink> static void run(const Position&, Sink&);
// which hands the legal moves of side Us to a sink in whole sets of destinations, and the two sinks
// it hands them to: List (made from a MoveList&; turns each set into moves) and Count (adds up
// their number in `count`, by popcount, so that the leaves of perft never become moves). The sinks
// are the game's because the kinds of sets are (a game with promotions has sets of those).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace sen {

// Which moves to emit: Noisy and Quiet split All without overlap, for staged move ordering; each
// game's movegen.h says which moves are noisy.
enum class GenKind : std::uint8_t { Noisy, Quiet, All };

// Runs the game's generator for the side to move.
template <class Generator, GenKind Kind, class Position, class Sink>
void generate_for_side_to_move(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == Color::White) Generator::template run<Color::White, Kind>(pos, sink);
    else Generator::template run<Color::Black, Kind>(pos, sink);
}

// Appends the legal moves of Kind to the list.
template <class Generator, GenKind Kind, class Position, class MoveList>
void list_moves(const Position& pos, MoveList& list) {
    typename Generator::List sink{list};
    generate_for_side_to_move<Generator, Kind>(pos, sink);
}

// The number of legal moves, without listing them.
template <class Generator, class Position>
std::uint64_t count_moves(const Position& pos) {
    typename Generator::Count sink;
    generate_for_side_to_move<Generator, GenKind::All>(pos, sink);
    return sink.count;
}

}  // namespace sen
