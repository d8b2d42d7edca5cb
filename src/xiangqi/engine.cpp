// The xiangqi engine: the shared engine code (../engine_impl.h) instantiated for xiangqi.
#include "xiangqi/engine.h"

#include "core/engine_impl.h"

namespace sen {

template class BasicEngine<xiangqi::XiangqiGame>;

}  // namespace sen
