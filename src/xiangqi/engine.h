// The xiangqi engine: the shared engine (../engine.h) instantiated for xiangqi in
// xiangqi/engine.cpp.
#pragma once

#include "core/engine.h"
#include "xiangqi/search.h"

namespace sen {
extern template class BasicEngine<xiangqi::XiangqiGame>;
}

namespace sen::xiangqi {

using Engine = BasicEngine<XiangqiGame>;
using EngineCallbacks = BasicEngineCallbacks<XiangqiGame>;

}  // namespace sen::xiangqi
