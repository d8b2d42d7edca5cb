// Ranking the root moves by the endgame tables, so that the search plays a won ending to a win
// within the fifty-move rule and never lets a drawn one slip: by DTZ when the DTZ tables are
// there (the shortest way to the next capture or pawn move keeps a win), else by WDL alone.
// The ranks and the scores shown follow Stockfish's root ranking (root_probe and
// root_probe_wdl), so that the two engines' TB-ranked moves compare directly.
#pragma once

#include <optional>
#include <vector>

#include "chess/position.h"
#include "chess/syzygy/tablebase.h"
#include "core/game.h"

namespace sen::chess::syzygy {

// The ranking of `moves` (legal in `pos`) by the tables `tb`, or nothing when the root is not in
// them (castling rights, more pieces than settings.max_pieces, a table missing).
std::optional<TableRootRanking> rank_root_moves(Tablebases& tb, Position& pos, const std::vector<Move>& moves,
                                                const TableSettings& settings);

}  // namespace sen::chess::syzygy
