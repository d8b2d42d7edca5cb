#include "core/tuning.h"

#include <memory>
#include <string>
#include <utility>

#include "core/search_params.h"
#include "core/uci_options.h"

namespace sen {

#ifdef SEN_TUNE

bool tuning_build() { return true; }

void add_tuning_options(OptionTable& table, std::vector<ParameterSetter> setters) {
    const auto shared = std::make_shared<const std::vector<ParameterSetter>>(std::move(setters));
    for (const params::Tunable& t : params::TUNABLES) {
        const std::string name(t.name);
        table.add(UciOption::spin(name, t.value, t.min, t.max, [name, shared](int value, OptionHost& host) {
            if (host.searching()) {
                host.error(name + " cannot change during a search; unchanged");
                return;
            }
            for (const ParameterSetter& set : *shared) set(name, value);
        }));
    }
}

#else

bool tuning_build() { return false; }
void add_tuning_options(OptionTable&, std::vector<ParameterSetter>) {}

#endif

}  // namespace sen
