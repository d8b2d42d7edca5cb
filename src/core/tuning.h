// The search parameters as UCI options, for tuning (scripts/spsa).
//
// In a tuning build (CMake's SEN_TUNE, `make tune`) every row of search_params.h becomes a spin
// option of the same name, range and default, so that a tuner can try values through
// `setoption` in ordinary games without rebuilding the engine; a value set goes to every game's
// values (GameEntry::set_search_parameter), since a tuning run plays one game. A release build
// adds nothing: there the values are compile-time constants and GUIs see no such options.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

namespace sen {

class OptionTable;

// Sets one game's parameter by name (search_detail::set_search_parameter<Game>).
using ParameterSetter = std::function<bool(std::string_view name, int value)>;

// True in a tuning build.
bool tuning_build();

// Adds one spin option per search parameter in a tuning build, which hands its value to each of
// `setters`; nothing otherwise.
void add_tuning_options(OptionTable& table, std::vector<ParameterSetter> setters);

}  // namespace sen
