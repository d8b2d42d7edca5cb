// The move picker is a template (core/movepick.h) compiled into each game's searcher; this file
// instantiates the chess one on its own so that errors in it show up where it is written.
#include "core/movepick.h"

#include "chess/game.h"

namespace sen {

template struct Histories<chess::ChessGame>;
template class MovePicker<chess::ChessGame>;

}  // namespace sen
