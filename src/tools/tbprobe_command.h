// `sen tbprobe --path DIRS [FEN ...]`: prints the Syzygy result (WDL) and distance to zeroing
// (DTZ) of each position, read from the arguments or, without any, one FEN per line of standard
// input. A debugging aid, and what scripts/syzygy-compare checks against another prober.
#pragma once

#include <string>
#include <vector>

namespace sen {

int run_tbprobe_command(const std::vector<std::string>& args);

}  // namespace sen
