// The chess engine: the shared engine code (core/engine_impl.h) instantiated for chess.
#include "chess/engine.h"

#include "core/engine_impl.h"

namespace sen {

template class BasicEngine<chess::ChessGame>;

}  // namespace sen
