#include "core/tuning.h"

#include "core/search_impl.h"
#include "core/search_params.h"
#include "core/uci_options.h"

namespace sen {

#ifdef SEN_TUNE

bool tuning_build() { return true; }

bool set_search_parameter(std::string_view name, int value) {
    const std::size_t i = params::tunable_index(name);
    if (i == params::TUNABLE_COUNT || value < params::TUNABLES[i].min || value > params::TUNABLES[i].max) return false;
    params::tuned_values[i] = value;
    search_detail::LMR.fill();
    return true;
}

void add_tuning_options(OptionTable& table) {
    for (const params::Tunable& t : params::TUNABLES) {
        const std::string name(t.name);
        table.add(UciOption::spin(name, t.value, t.min, t.max, [name](int value, OptionHost& host) {
            if (host.searching()) host.error(name + " cannot change during a search; unchanged");
            else set_search_parameter(name, value);
        }));
    }
}

#else

bool tuning_build() { return false; }
bool set_search_parameter(std::string_view, int) { return false; }
void add_tuning_options(OptionTable&) {}

#endif

}  // namespace sen
