// The chess searcher: the shared search code (core/search_impl.h) compiled with the chess
// position, move generator and evaluation (chess/game.h).
#include "chess/search.h"

#include "core/search_impl.h"

namespace sen {

template class BasicSearcher<chess::ChessGame>;

}  // namespace sen
