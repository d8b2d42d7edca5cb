// The xiangqi searcher: the shared search code (core/search_impl.h) compiled with the xiangqi
// position, move generator and evaluation (game.h).
#include "xiangqi/search.h"

#include "core/search_impl.h"

namespace sen {

template class BasicSearcher<xiangqi::XiangqiGame>;

}  // namespace sen
