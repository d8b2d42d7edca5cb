// The search parameters as UCI options, for tuning (scripts/spsa).
//
// In a tuning build (CMake's SEN_TUNE, `make tune`) every row of search_params.h becomes a spin
// option of the same name, range and default, so that a tuner can try values through
// `setoption` in ordinary games without rebuilding the engine. A release build adds nothing:
// there the values are compile-time constants and GUIs see no such options.
#pragma once

#include <string_view>

namespace sen {

class OptionTable;

// True in a tuning build.
bool tuning_build();

// Adds one spin option per search parameter in a tuning build; nothing otherwise.
void add_tuning_options(OptionTable& table);

// Sets a parameter by name and refreshes what is computed from it (the reduction table). Only in
// a tuning build, with no search running; false for a name not in the table, a value outside
// its range, or a release build.
bool set_search_parameter(std::string_view name, int value);

}  // namespace sen
