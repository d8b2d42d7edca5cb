#include "core/uci_options.h"

#include <algorithm>

#include <fmt/core.h>

#include "core/uci_text.h"

namespace sen {

namespace {

// The host as an action sees it during one setoption: its problems are gathered, to be printed
// on one line with the table's own once the action is done.
class GatheringHost final : public OptionHost {
public:
    explicit GatheringHost(OptionHost& host) : host_(host) {}
    void info(std::string_view text) override { host_.info(text); }
    void error(std::string_view text) override { add(text); }
    bool searching() const override { return host_.searching(); }
    void wait() override { host_.wait(); }
    std::string_view variant() const override { return host_.variant(); }
    void reread_position() override { host_.reread_position(); }

    void add(std::string_view text) { problems_ += (problems_.empty() ? "" : "; ") + std::string(text); }
    void flush() {
        if (!problems_.empty()) host_.error(problems_);
        problems_.clear();
    }

private:
    OptionHost& host_;
    std::string problems_;
};

std::string join_vars(const std::vector<std::string>& vars, std::string_view separator) {
    std::string out;
    for (const std::string& v : vars) out += (out.empty() ? "" : std::string(separator)) + v;
    return out;
}

}  // namespace

UciOption UciOption::check(std::string name, bool default_value, std::function<void(bool, OptionHost&)> apply) {
    UciOption o;
    o.name = std::move(name);
    o.type = OptionType::Check;
    o.default_value = default_value ? "true" : "false";
    o.apply = [apply = std::move(apply)](const OptionValue& v, OptionHost& host) { apply(v.check, host); };
    return o;
}

UciOption UciOption::spin(std::string name, int default_value, int min, int max, std::function<void(int, OptionHost&)> apply) {
    UciOption o;
    o.name = std::move(name);
    o.type = OptionType::Spin;
    o.default_value = std::to_string(default_value);
    o.min = min;
    o.max = max;
    o.apply = [apply = std::move(apply)](const OptionValue& v, OptionHost& host) { apply(v.spin, host); };
    return o;
}

UciOption UciOption::combo(std::string name, std::string default_value, std::vector<std::string> vars, std::string value_noun,
                           std::function<void(const std::string&, OptionHost&)> apply) {
    UciOption o;
    o.name = std::move(name);
    o.type = OptionType::Combo;
    o.default_value = std::move(default_value);
    o.vars = std::move(vars);
    o.value_noun = std::move(value_noun);
    o.apply = [apply = std::move(apply)](const OptionValue& v, OptionHost& host) { apply(v.text, host); };
    return o;
}

UciOption UciOption::button(std::string name, std::function<void(OptionHost&)> apply) {
    UciOption o;
    o.name = std::move(name);
    o.type = OptionType::Button;
    o.apply = [apply = std::move(apply)](const OptionValue&, OptionHost& host) { apply(host); };
    return o;
}

UciOption UciOption::string(std::string name, std::string default_value, std::function<void(const std::string&, OptionHost&)> apply) {
    UciOption o;
    o.name = std::move(name);
    o.type = OptionType::String;
    o.default_value = std::move(default_value);
    o.apply = [apply = std::move(apply)](const OptionValue& v, OptionHost& host) { apply(v.text, host); };
    return o;
}

void OptionTable::add(UciOption option) { options_.push_back(std::move(option)); }

const UciOption* OptionTable::find(std::string_view name) const {
    const std::string key = lowercase(name);
    for (const UciOption& o : options_)
        if (lowercase(o.name) == key) return &o;
    return nullptr;
}

std::vector<std::string> OptionTable::uci_lines() const {
    std::vector<std::string> lines;
    for (const UciOption& o : options_) {
        switch (o.type) {
        case OptionType::Check: lines.push_back(fmt::format("option name {} type check default {}", o.name, o.default_value)); break;
        case OptionType::Spin:
            lines.push_back(fmt::format("option name {} type spin default {} min {} max {}", o.name, o.default_value, o.min, o.max));
            break;
        case OptionType::Combo: {
            std::string line = fmt::format("option name {} type combo default {}", o.name, o.default_value);
            for (const std::string& v : o.vars) line += " var " + v;
            lines.push_back(std::move(line));
            break;
        }
        case OptionType::Button: lines.push_back(fmt::format("option name {} type button", o.name)); break;
        case OptionType::String: {
            const std::string value = o.shown ? o.shown() : o.default_value;
            lines.push_back(fmt::format("option name {} type string default {}", o.name, value.empty() ? "<empty>" : value));
            break;
        }
        }
    }
    return lines;
}

void OptionTable::reset() const {
    for (const UciOption& o : options_)
        if (o.reset) o.reset();
}

void OptionTable::setoption(const std::vector<std::string_view>& tokens, OptionHost& host) const {
    // setoption name <id, may contain spaces> [value <rest of the line>]
    std::string name, value;
    bool has_value = false;
    std::size_t i = 1;
    if (i >= tokens.size() || lowercase(tokens[i]) != "name") {
        host.error("setoption needs 'name <option>'");
        return;
    }
    for (++i; i < tokens.size() && lowercase(tokens[i]) != "value"; ++i) name += (name.empty() ? "" : " ") + std::string(tokens[i]);
    if (i < tokens.size()) {
        has_value = true;
        for (++i; i < tokens.size(); ++i) value += (value.empty() ? "" : " ") + std::string(tokens[i]);
    }
    if (name.empty()) {
        host.error("setoption needs 'name <option>'");
        return;
    }
    set(name, value, has_value, host);
}

void OptionTable::set(std::string_view name_view, std::string_view value_view, bool has_value, OptionHost& host) const {
    const std::string name(name_view), value(value_view);
    const UciOption* option = find(name);
    if (!option) {
        host.error(fmt::format("unknown option '{}'", name));
        return;
    }

    // Messages name the option as the user wrote it, except a combo's, which lists the values.
    GatheringHost gathering(host);
    OptionValue v;
    switch (option->type) {
    case OptionType::Check: {
        const std::string lowered = lowercase(value);
        if (lowered != "true" && lowered != "false") {
            host.error(fmt::format("option {} needs true or false, not '{}'; unchanged", name, value));
            return;
        }
        v.check = lowered == "true";
        break;
    }
    case OptionType::Spin: {
        const auto number = has_value ? parse_saturating(value) : std::nullopt;
        if (!number) {
            host.error(fmt::format("option {} needs an integer value, not '{}'; unchanged", name, value));
            return;
        }
        v.spin = int(std::clamp<std::int64_t>(*number, option->min, option->max));
        if (*number != v.spin)
            gathering.add(fmt::format("option {}: {} is out of range {}..{}, using {}", name, printable(value, 24), option->min,
                                      option->max, v.spin));
        break;
    }
    case OptionType::Combo: {
        const std::string lowered = lowercase(value);
        const auto it = std::find(option->vars.begin(), option->vars.end(), lowered);
        if (it == option->vars.end()) {
            host.error(fmt::format("option {}: unknown {} '{}' ({}); unchanged", option->name, option->value_noun, printable(value, 24),
                                   join_vars(option->vars, " or ")));
            return;
        }
        v.text = *it;
        break;
    }
    case OptionType::Button: break;
    case OptionType::String: v.text = value; break;
    }
    option->apply(v, gathering);
    gathering.flush();
}

}  // namespace sen
