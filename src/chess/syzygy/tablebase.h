// Syzygy endgame tables: finding them (SyzygyPath), loading them on first use, and probing them
// for the result (WDL) and the distance to zeroing (DTZ) of a position.
//
// Owns: a set of tables (Tablebases), and what an engine probes (EngineTables: its tables, shared
// by its search threads, and the settings of the Syzygy options). Files are found when the path is
// set (only names are read) and mapped into memory the first time a probe needs them, under a
// lock; after that probes read them without one. Never touches: search.
//
// Results are from the side to move's point of view: WDL -2 loss, -1 blessed loss (a loss that
// the fifty-move rule saves), 0 draw, 1 cursed win (a win the fifty-move rule spoils), 2 win. DTZ
// counts plies to the next capture or pawn move in the best line (positive when winning, negative
// when losing, 0 for a draw), off by one at most where the format leaves it so (as in every
// Syzygy prober); a cursed win or blessed loss has 100 added to its size.
// A position with castling rights, or more pieces than the tables found cover, is not probed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"

namespace sen::chess::syzygy {

class Tablebases {
public:
    Tablebases();
    ~Tablebases();
    Tablebases(const Tablebases&) = delete;
    Tablebases& operator=(const Tablebases&) = delete;

    // Forgets the tables and looks for new ones in `paths`: folders separated by ':' (';' on
    // Windows); empty or "<empty>" means none. Returns what was found, in a sentence, and one
    // sentence per folder that could not be read. Not while a probe may run.
    std::string set_path(std::string_view paths);
    // The most pieces (kings included) of any table found; 0 without tables.
    int max_pieces() const { return max_pieces_; }
    int wdl_count() const { return wdl_count_; }
    int dtz_count() const { return dtz_count_; }

    // The position's result, or nothing when the tables do not answer (castling rights, too
    // many pieces, a table missing or unreadable). The position is given back unchanged.
    std::optional<int> probe_wdl(Position& pos);
    std::optional<int> probe_dtz(Position& pos);

private:
    struct Entry;
    struct Registry;
    std::optional<int> search_wdl(Position& pos, bool pawn_moves_too, bool& zeroing_best);
    std::optional<int> dtz(Position& pos);
    std::optional<int> read(Position& pos, bool dtz, int wdl, bool& other_side);
    bool probeable(const Position& pos) const;

    std::unique_ptr<Registry> registry_;
    int max_pieces_ = 0;
    int wdl_count_ = 0;
    int dtz_count_ = 0;
};

// What one engine probes, as the Syzygy options set it: the tables of SyzygyPath (none: nullptr;
// a new path makes a new set, so a set is never changed while a search probes it) and the values
// of SyzygyProbeDepth, Syzygy50MoveRule and SyzygyProbeLimit. The defaults are the options'.
struct EngineTables {
    static constexpr int DEFAULT_PROBE_DEPTH = 1;
    static constexpr bool DEFAULT_RULE50 = true;
    static constexpr int DEFAULT_PROBE_LIMIT = 7;

    std::shared_ptr<Tablebases> files;
    int probe_depth = DEFAULT_PROBE_DEPTH;
    bool rule50 = DEFAULT_RULE50;
    int probe_limit = DEFAULT_PROBE_LIMIT;

    bool operator==(const EngineTables&) const = default;
    // The most pieces of any table found; 0 without tables.
    int max_pieces() const { return files ? files->max_pieces() : 0; }
};

// Material signature of a position: the count of each piece, four bits each.
std::uint64_t material_code(const Position& pos);

}  // namespace sen::chess::syzygy
