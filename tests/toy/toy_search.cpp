#include "toy/toy_search.h"

#include "core/search_impl.h"

namespace sen {

template class BasicSearcher<toy::ToyGame>;

}  // namespace sen
