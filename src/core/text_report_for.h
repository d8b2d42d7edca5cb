// A search report (BasicSearchReport, core/search.h) as the protocols show it (TextReport,
// core/game_front.h): moves as text in the notation the caller's function gives, the score in
// normalised centipawns (core/wdl.h), mates and table results as they are. Written once for the
// fronts that report searches (GameFrontFor, CecpGameFor).
#pragma once

#include <cstdlib>

#include "core/game.h"
#include "core/game_front.h"
#include "core/search.h"

namespace sen {

template <SearchGame Game, class MoveText>
requires ProtocolGame<Game> TextReport text_report(const BasicSearchReport<Game>& r, const MoveText& text) {
    TextReport t;
    t.depth = r.depth;
    t.seldepth = r.seldepth;
    t.multipv = r.multipv;
    t.score = std::abs(r.score) < SCORE_TB_WIN_IN_MAX_PLY ? Game::WDL_MODEL.normalised(r.score) : r.score;
    t.bound = r.bound;
    t.nodes = r.nodes;
    t.time_ms = r.time_ms;
    t.hashfull = r.hashfull;
    t.tbhits = r.tbhits;
    t.pv.reserve(r.pv.size());
    for (const auto m : r.pv) t.pv.push_back(text(m));
    return t;
}

}  // namespace sen
