// The UCI options as one table: each entry says how `uci` shows the option and how `setoption`
// reads, checks and applies its value, so that an option's name, type, default and range are
// written once. The session fills the table with its own options and those its games add
// (GameEntry::options, uci.h), in the order `uci` lists them.
//
// The table owns the option text of both commands: the `option name ...` lines (which GUI
// libraries parse strictly: an empty string is shown as <empty>), and the reading of a
// `setoption` line (names match case-insensitively; a spin value is clamped to its range, a
// check must be true or false, a combo one of its values). It never touches an engine: an entry's
// action does, through the session (OptionHost). Every problem one setoption meets, the table's
// and its action's, is printed on a single `info string error: ...` line once it is done, and
// a value that cannot be read changes nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sen {

enum class OptionType : std::uint8_t { Check, Spin, Combo, Button, String };

// What an option's action may ask of the session that applies it.
class OptionHost {
public:
    // An `info string <text>` line, printed at once.
    virtual void info(std::string_view text) = 0;
    // A problem with the setoption being applied (the table joins them on one line).
    virtual void error(std::string_view text) = 0;
    virtual bool searching() const = 0;
    // Blocks until the running search, and any background warm-up, has finished.
    virtual void wait() = 0;
    // The active game's name (a GameEntry::variant).
    virtual std::string_view variant() const = 0;
    // Reads the active game's position again, keeping its history where it can: the game's
    // notation has changed (GameFrontFor's notation flag).
    virtual void reread_position() = 0;

protected:
    ~OptionHost() = default;
};

// A setoption value after the table has read and checked it for the option's type.
struct OptionValue {
    bool check = false;  // Check
    int spin = 0;        // Spin: within [min, max]
    std::string text;    // Combo: one of vars, as listed there; String: the text as given
};

struct UciOption {
    using Action = std::function<void(const OptionValue&, OptionHost&)>;

    std::string name;
    OptionType type = OptionType::Button;
    std::string default_value;         // as `uci` shows it: "16", "false" (a button has none)
    int min = 0, max = 0;              // Spin
    std::vector<std::string> vars;     // Combo: the values, in lower case
    std::string value_noun = "value";  // Combo: what a value is called in errors ("unknown variant")
    Action apply;
    // String: what `uci` shows as the default when that is not default_value (EvalFile shows the
    // value in effect).
    std::function<std::string()> shown;
    // Puts what the option controls back to its default, silently; a new session runs every
    // reset (for state a session shares with others, such as the files of endgame tables).
    std::function<void()> reset;

    static UciOption check(std::string name, bool default_value, std::function<void(bool, OptionHost&)> apply);
    static UciOption spin(std::string name, int default_value, int min, int max, std::function<void(int, OptionHost&)> apply);
    static UciOption combo(std::string name, std::string default_value, std::vector<std::string> vars, std::string value_noun,
                           std::function<void(const std::string&, OptionHost&)> apply);
    static UciOption button(std::string name, std::function<void(OptionHost&)> apply);
    static UciOption string(std::string name, std::string default_value, std::function<void(const std::string&, OptionHost&)> apply);
};

class OptionTable {
public:
    // Adds an option after those already there (the `uci` order).
    void add(UciOption option);
    // The option of that name (any case), or nullptr.
    const UciOption* find(std::string_view name) const;
    // The `option name ...` lines of the `uci` answer.
    std::vector<std::string> uci_lines() const;
    // Runs every option's reset.
    void reset() const;
    // Handles `setoption name <id> [value <x>]`, split into tokens: the id and the value may
    // contain spaces (runs of blanks read as one), and the value runs to the end of the line.
    void setoption(const std::vector<std::string_view>& tokens, OptionHost& host) const;
    // Sets the named option as setoption does, from its name and value text (has_value: a
    // value was given at all). Another protocol's front-end (CECP's `option NAME=VALUE`) calls it.
    void set(std::string_view name, std::string_view value, bool has_value, OptionHost& host) const;
    // Every option, in the `uci` order.
    const std::vector<UciOption>& options() const { return options_; }

private:
    std::vector<UciOption> options_;
};

}  // namespace sen
