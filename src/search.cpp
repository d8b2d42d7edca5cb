// The chess searcher: the shared search code (search_impl.h) compiled with the chess position,
// move generator and evaluation (chess_game.h).
#include "search_impl.h"

namespace sen {

template class BasicSearcher<ChessGame>;

}  // namespace sen
