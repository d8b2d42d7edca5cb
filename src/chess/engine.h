// The shared engine (core/engine.h) instantiated for chess, under plain names.
#pragma once

#include "chess/search.h"
#include "core/engine.h"

namespace sen {
extern template class BasicEngine<chess::ChessGame>;
}

namespace sen::chess {

using Engine = BasicEngine<ChessGame>;
using EngineCallbacks = BasicEngineCallbacks<ChessGame>;

}  // namespace sen::chess
