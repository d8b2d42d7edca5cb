// The chess engine: the shared engine code (engine_impl.h) instantiated for chess.
#include "engine_impl.h"

namespace sen {

template class BasicEngine<ChessGame>;

}  // namespace sen
