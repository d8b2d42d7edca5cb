// The xiangqi searcher: the shared searcher (../search.h) instantiated for xiangqi
// (XiangqiGame, game.h) in xiangqi/search.cpp, under the same names as the chess one.
#pragma once

#include "core/search.h"
#include "xiangqi/game.h"

namespace sen::xiangqi {

using Searcher = BasicSearcher<XiangqiGame>;
using SearchLimits = BasicSearchLimits<XiangqiGame>;
using SearchReport = BasicSearchReport<XiangqiGame>;
using SearchCallbacks = BasicSearchCallbacks<XiangqiGame>;
using SearchResult = BasicSearchResult<XiangqiGame>;

}  // namespace sen::xiangqi

namespace sen {
extern template class BasicSearcher<xiangqi::XiangqiGame>;
}
