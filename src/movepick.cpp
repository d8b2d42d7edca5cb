// The move picker is a template (movepick.h) compiled into each game's searcher; this file
// instantiates the chess one on its own so that errors in it show up where it is written.
#include "movepick.h"

#include "chess_game.h"

namespace sen {

template struct Histories<ChessGame>;
template class MovePicker<ChessGame>;

}  // namespace sen
