// What the weight tuner (`sen tune`, tools/tune.h) knows of a game's hand-written evaluation
// table: its blocks in index order, its piece-square tables, and where and how a new table's
// source is written. Each game with such a table describes its own (<game>/eval_tuning.h).
#pragma once

#include <cstddef>
#include <span>
#include <utility>

namespace sen {

// A block of the weight table, for the generated source: `name` is its term:: constant in the
// game's namespace, `labels` names the entries of a short block.
struct WeightFamily {
    const char* name;
    int base;
    int size;
    const char* comment;
    const char* labels;
};

// One piece type's piece-square table, in index order from the layout's psqt_base.
struct PieceTable {
    const char* name;    // for the comment above it
    const char* target;  // where the generated source puts it: "term::PSQT + PAWN * 64"
    int material;        // the piece's material term, or -1 (a royal piece's: one each, it cancels)
    bool omit_if_zero;   // left out of the source when all its weights are zero (an unused slot)
};

// A game's weight table as the tuner writes it.
struct WeightLayout {
    const char* game;            // the game's NAME
    const char* source_path;     // the default output file
    const char* name_space;      // of the generated source
    const char* title;           // the first words of its header: "The evaluation weights"
    const char* variant_option;  // the commands' option naming the game ("" for the default game)
    const char* data_name;       // what the data is called in the header: "self-play"
    int term_count;
    std::span<const WeightFamily> families;  // every block, the piece-square tables as one family at psqt_base
    int psqt_base;
    int points;  // per piece-square table
    int files;   // per row of a table
    std::span<const PieceTable> piece_tables;
    const char* psqt_comment;  // follows "// Piece-square tables" in the source
    // A game whose rules are the same on both wings has its tables fitted left-right symmetric.
    bool mirror_files;
};

// Whether the families, in order, cover the table's `count` weights without gap or overlap.
template <std::size_t N>
constexpr bool families_cover_table(const WeightFamily (&families)[N], int count) {
    int next = 0;
    for (const WeightFamily& f : families) {
        if (f.base != next) return false;
        next += f.size;
    }
    return next == count;
}

// A trace's middlegame and endgame sums under a weight table: each term's count times its weight
// (a game's evaluation is linear in its weights; the game blends the two by its phase).
template <class Trace, class Weights>
std::pair<int, int> trace_sums(const Trace& trace, const Weights& weights) {
    int mg = 0, eg = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        mg += trace.count[i] * weights[i].mg();
        eg += trace.count[i] * weights[i].eg();
    }
    return {mg, eg};
}

}  // namespace sen
