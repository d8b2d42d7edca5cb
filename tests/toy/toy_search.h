// The searcher for the toy game, compiled once (toy_search.cpp) for every test that searches it.
#pragma once

#include "core/search.h"
#include "toy/toy_game.h"

namespace sen {
extern template class BasicSearcher<toy::ToyGame>;
}

namespace sen::toy {

using Searcher = BasicSearcher<ToyGame>;
using SearchLimits = BasicSearchLimits<ToyGame>;
using SearchReport = BasicSearchReport<ToyGame>;
using SearchCallbacks = BasicSearchCallbacks<ToyGame>;
using SearchResult = BasicSearchResult<ToyGame>;

}  // namespace sen::toy
