// The shared searcher (core/search.h) instantiated for chess, under plain names.
#pragma once

#include "chess/game.h"
#include "core/search.h"

namespace sen {
extern template class BasicSearcher<chess::ChessGame>;
}

namespace sen::chess {

using Searcher = BasicSearcher<ChessGame>;
using SearchLimits = BasicSearchLimits<ChessGame>;
using SearchReport = BasicSearchReport<ChessGame>;
using SearchCallbacks = BasicSearchCallbacks<ChessGame>;
using SearchResult = BasicSearchResult<ChessGame>;

}  // namespace sen::chess
