// The xiangqi searcher: the shared search code (../search_impl.h) compiled with the xiangqi
// position, move generator and evaluation (game.h).
#include "search.h"

#include "../search_impl.h"

namespace sen {

template class BasicSearcher<xiangqi::XiangqiGame>;

}  // namespace sen
