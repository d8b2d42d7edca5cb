#include "core/ucci.h"

#include <algorithm>
#include <limits>
#include <optional>

#include <fmt/core.h>

#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/search.h"
#include "core/version.h"

namespace sen {

namespace {

constexpr std::string_view ENGINE_AUTHOR = ENGINE_AUTHORS;
constexpr int UCCI_MATE = 10000;  // ElephantEye's mate value: a mate in n plies scores 10000 - n

bool is_valued_go_key(std::string_view key) {
    return key == "depth" || key == "nodes" || key == "time" || key == "movestogo" || key == "increment" || key == "opptime" ||
           key == "oppmovestogo" || key == "oppincrement";
}

bool is_go_key(std::string_view key) { return is_valued_go_key(key) || key == "infinite" || key == "ponder" || key == "draw"; }

// An option's UCCI name: its UCI name in lower case, blanks left out.
std::string ucci_name(std::string_view uci_name) {
    std::string name = lowercase(uci_name);
    std::erase(name, ' ');
    return name;
}

// The options UCCI names in its own words (hashsize, usebook, bookfiles), else nothing.
std::optional<std::string_view> ucci_own_name(std::string_view uci_name) {
    if (uci_name == "Hash") return "hashsize";
    if (uci_name == "OwnBook") return "usebook";
    if (uci_name == "BookFile") return "bookfiles";
    return std::nullopt;
}

std::string option_line(const UciOption& o) {
    const std::optional<std::string_view> own = ucci_own_name(o.name);
    const std::string name = own ? std::string(*own) : ucci_name(o.name);
    const std::string shown = o.shown ? o.shown() : o.default_value;
    switch (o.type) {
    case OptionType::Check: return fmt::format("option {} type check default {}", name, o.default_value);
    case OptionType::Spin: return fmt::format("option {} type spin min {} max {} default {}", name, o.min, o.max, o.default_value);
    case OptionType::Combo: {
        std::string vars;
        for (const std::string& v : o.vars) vars += " var " + v;
        return fmt::format("option {} type combo{} default {}", name, vars, lowercase(o.default_value));
    }
    case OptionType::Button: return fmt::format("option {} type button", name);
    case OptionType::String: return fmt::format("option {} type string default {}", name, shown);
    }
    return {};
}

}  // namespace

UcciGo parse_ucci_go(const std::vector<std::string_view>& tokens, Color us, bool millisec, std::vector<std::string>& errors) {
    UcciGo go;
    const int ours = index_of(us), theirs = 1 - ours;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string key = lowercase(tokens[i]);
        if (key == "ponder") go.params.ponder = true;
        else if (key == "draw") go.draw = true;
        else if (key == "infinite") go.params.infinite = true;
        else if (!is_valued_go_key(key)) errors.push_back(fmt::format("unknown go parameter '{}' ignored", printable(tokens[i])));
        else if (i + 1 >= tokens.size() || (is_go_key(lowercase(tokens[i + 1])) && lowercase(tokens[i + 1]) != "infinite"))
            errors.push_back(fmt::format("go {} needs a value", key));
        else if (key == "depth" && lowercase(tokens[i + 1]) == "infinite") {
            go.params.infinite = true;
            ++i;
        } else {
            const std::string_view text = tokens[++i];
            const std::optional<std::int64_t> value = parse_saturating(text);
            if (!value || *value < 0) {
                errors.push_back(fmt::format("go {}: '{}' is not a number 0 or more", key, printable(text)));
                continue;
            }
            const std::int64_t v = *value;
            const std::int64_t ms = millisec ? v : v > std::numeric_limits<std::int64_t>::max() / 1000 ? v : v * 1000;
            if (key == "depth") {
                if (v == 0) go.depth_zero = true;
                else go.params.depth = int(std::min<std::int64_t>(v, MAX_PLY - 1));
            } else if (key == "nodes") {
                if (v == 0) errors.push_back("go nodes: 0 is out of range 1..");
                else go.params.nodes = std::uint64_t(v);
            } else if (key == "time") go.params.time[ours] = ms;
            else if (key == "increment") go.params.increment[ours] = ms;
            else if (key == "opptime") go.params.time[theirs] = ms;
            else if (key == "oppincrement") go.params.increment[theirs] = ms;
            else if (key == "movestogo") {
                if (v == 0) errors.push_back("go movestogo: 0 is out of range 1..");
                else go.params.movestogo = int(std::min<std::int64_t>(v, 1000000));
            }
            // oppmovestogo: read and checked, but the time manager plans the side to move's clock.
        }
    }
    return go;
}

int ucci_score(int score) {
    if (!is_mate_score(score)) return score;
    const int plies = SCORE_MATE - std::abs(score);
    return score > 0 ? UCCI_MATE - plies : -(UCCI_MATE - plies);
}

// ---------------------------------------------------------------------------------------------

UcciSession::UcciSession(Output& out, UciSetup setup) : TextSession(out, std::move(setup.games)) {
    slot_.add_options(options_);
    options_.reset();
    game_entry_ = slot_.ranks_from_zero_game();
    if (game_entry_) {
        game_entry_->ranks_from_zero(true);
        if (game().name() != game_entry_->variant) slot_.start_game(game_entry_->variant, *this);
    }
}

UcciSession::~UcciSession() = default;

void UcciSession::info(std::string_view text) { out_.line(fmt::format("info message {}", text)); }

void UcciSession::error(std::string_view message) { out_.line(fmt::format("info message error: {}", printable(message, 400))); }

bool UcciSession::handle_line(std::string_view line) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<std::vector<std::string_view>> read = read_tokens(line);
    if (!read) return true;
    const std::vector<std::string_view>& tokens = *read;
    const std::string command = lowercase(tokens[0]);

    if (command == "quit") {
        engine().stop();
        engine().wait();
        out_.line("bye");
        return false;
    }
    if (!game_entry_) {
        error("no game here is played over UCCI");
        return true;
    }
    if (command == "ucci") cmd_ucci();
    else if (command == "isready") {
        if (!engine().searching()) engine().wait();
        out_.line("readyok");
    } else if (command == "stop") {
        // UCCI: a `stop` with no search running is answered, so that a GUI does not wait.
        if (engine().searching()) engine().stop();
        else out_.line("nobestmove");
    } else if (command == "ponderhit") {
        if (tokens.size() > 1 && lowercase(tokens[1]) == "draw") draw_offered_ = true;
        else if (tokens.size() > 1) {
            error(fmt::format("ponderhit takes only 'draw', not '{}'", printable(tokens[1])));
            return true;
        }
        engine().ponderhit();
    } else if (command == "setoption") cmd_setoption(tokens);
    else if (command == "position") cmd_position(line);
    else if (command == "banmoves") cmd_banmoves(tokens);
    else if (command == "go") cmd_go(tokens, start);
    else if (command == "probe") cmd_probe(tokens);
    else if (command == "d") out_.line(game().board());
    else error(fmt::format("unknown command '{}'", printable(tokens[0])));
    return true;
}

bool UcciSession::offered(const UciOption& option) const {
    // UCI_Variant and the other UCI_ options are of UCI's own (win/draw/loss reports, calibrated levels).
    if (option.name.starts_with("UCI_")) return false;
    for (const GameEntry& g : slot_.games()) {
        if (&g == game_entry_) continue;
        for (const UciOption& o : g.options)
            if (o.name == option.name) return false;
    }
    return true;
}

const UciOption* UcciSession::find_option(std::string_view name) const {
    const std::string wanted = lowercase(name);
    for (const UciOption& o : options_.options())
        if ((ucci_name(o.name) == wanted || ucci_own_name(o.name) == wanted) && offered(o)) return &o;
    return nullptr;
}

void UcciSession::cmd_ucci() {
    out_.line(fmt::format("id name {}", ENGINE_NAME_AND_VERSION));
    out_.line(fmt::format("id author {}", ENGINE_AUTHOR));
    out_.line("option usemillisec type check default false");
    out_.line("option batch type check default false");
    out_.line("option debug type check default false");
    for (const UciOption& o : options_.options())
        if (offered(o)) out_.line(option_line(o));
    out_.line("option newgame type button");
    out_.line("ucciok");
    slot_.handshake_done();
}

void UcciSession::cmd_setoption(const std::vector<std::string_view>& tokens) {
    if (tokens.size() < 2) {
        error("setoption needs an option name");
        return;
    }
    const std::string name = lowercase(tokens[1]);
    // The value runs to the end of the line (a path may hold blanks); runs of blanks read as one.
    std::string value;
    for (std::size_t i = 2; i < tokens.size(); ++i) value += (value.empty() ? "" : " ") + std::string(tokens[i]);
    const std::string lower = lowercase(value);
    const auto check = [&](bool& flag) {
        if (lower == "on" || lower == "true") flag = true;
        else if (lower == "off" || lower == "false") flag = false;
        else error(fmt::format("option {} takes on, off, true or false, not '{}'; unchanged", name, printable(value)));
    };
    if (name == "usemillisec") check(millisec_);
    else if (name == "batch") check(batch_);
    else if (name == "debug") check(debug_);
    else if (name == "promotion") {
        // UCCI's variant where advisors and elephants may promote; league programs send `false`.
        bool promotion = false;
        check(promotion);
        if (promotion) error("promotion: Sen plays without promotions; unchanged");
    } else if (name == "newgame") {
        if (engine().searching()) error("newgame is not available during a search");
        else engine().new_game();
    } else if (const UciOption* option = find_option(name)) {
        std::string uci_value = value;
        if (option->type == OptionType::Check && (lower == "on" || lower == "off")) uci_value = lower == "on" ? "true" : "false";
        // UCCI's 0 for hashsize and threads: the engine's choice, the default.
        if (option->type == OptionType::Spin && value == "0" && option->min > 0) uci_value = option->default_value;
        options_.set(option->name, uci_value, tokens.size() > 2, *this);
    } else error(fmt::format("unknown option '{}'", printable(tokens[1])));
}

void UcciSession::end_search() {
    if (!engine().searching()) return;
    engine().stop();
    engine().wait();
}

void UcciSession::cmd_position(std::string_view line) {
    end_search();
    if (FenError e = game().set_position(split_tokens(line))) {
        error(*e);
        return;
    }
    position_line_ = line;
    banned_.clear();
}

void UcciSession::cmd_banmoves(const std::vector<std::string_view>& tokens) {
    end_search();
    const std::vector<std::string> legal = game().legal_moves();
    std::vector<std::string> banned;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string move = lowercase(tokens[i]);
        if (std::find(legal.begin(), legal.end(), move) == legal.end()) {
            error(fmt::format("banmoves: '{}' is not a legal move here; banned moves unchanged", printable(tokens[i], 16)));
            return;
        }
        banned.push_back(move);
    }
    banned_ = std::move(banned);
}

void UcciSession::cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start) {
    end_search();  // before the state its callbacks read changes
    std::vector<std::string> errors;
    UcciGo go = parse_ucci_go(tokens, game().side_to_move(), millisec_, errors);
    if (!errors.empty()) {
        std::string text = errors[0];
        for (std::size_t i = 1; i < errors.size() && i < 4; ++i) text += "; " + errors[i];
        if (errors.size() > 4) text += fmt::format("; and {} more", errors.size() - 4);
        error(text);
    }
    if (go.params.ponder && go.draw) go.draw = false;  // UCCI: a draw offered while pondering comes with ponderhit
    const std::vector<std::string> legal = game().legal_moves();
    if (!banned_.empty()) {
        for (const std::string& m : legal)
            if (std::find(banned_.begin(), banned_.end(), m) == banned_.end()) go.params.searchmoves.push_back(m);
        if (go.params.searchmoves.empty()) {
            out_.line("nobestmove");  // every legal move is banned
            return;
        }
    }
    if (go.depth_zero) {
        out_.line("nobestmove");
        return;
    }
    // A move of the opening book is played at once (never a banned one: searchmoves leaves them out).
    if (const std::optional<BookChoice> book = slot_.book_move(go.params)) {
        out_.line(fmt::format("info message book move {} (weight {} of {})", book->move, book->weight, book->total));
        out_.line(fmt::format("bestmove {}", book->move));
        return;
    }
    draw_offered_ = go.draw;
    last_score_ = 0;
    TextCallbacks callbacks;
    callbacks.on_report = [this](const TextReport& r) {
        if (r.multipv != 1 || r.bound != Bound::Exact) return;
        last_score_ = r.score;
        std::string pv;
        for (const std::string& m : r.pv) pv += ' ' + m;
        out_.line(fmt::format("info depth {} score {} pv{}", r.depth, ucci_score(r.score), pv));
        out_.line(fmt::format("info time {} nodes {}", r.time_ms, r.nodes));
    };
    callbacks.on_current_move = [this](int, const std::string& move, int number) {
        out_.line(fmt::format("info currmove {} currmovenumber {}", move, number));
    };
    callbacks.on_no_moves = [this](bool mated) {
        last_score_ = mated ? -SCORE_MATE : 0;
        out_.line(fmt::format("info depth 0 score {}", mated ? -UCCI_MATE : 0));
    };
    callbacks.on_bestmove = [this](const std::string& best, const std::string& ponder) {
        if (best.empty()) {
            out_.line("nobestmove");
            return;
        }
        std::string line = "bestmove " + best;
        if (!ponder.empty()) line += " ponder " + ponder;
        const int score = last_score_;
        if (is_mate_score(score) && score < 0) line += " resign";
        else if (draw_offered_ && score <= 0) line += " draw";
        out_.line(line);
    };
    if (debug_)
        callbacks.on_start = [this](const TimeBudget& budget, std::int64_t overhead, std::int64_t) {
            if (budget.limited)
                out_.line(
                    fmt::format("info message time budget soft {} ms hard {} ms overhead {} ms", budget.soft_ms, budget.hard_ms, overhead));
        };
    game().go(go.params, start, false, std::move(callbacks));
    // Batch mode: the next command is read once this search is over (one that ends by itself).
    const GoParams& p = go.params;
    if (batch_ && !p.infinite && !p.ponder && (p.depth || p.nodes || p.time[0] || p.time[1])) engine().wait();
}

void UcciSession::cmd_probe(const std::vector<std::string_view>& tokens) {
    // The position is read to check it; the hash table itself is not shown.
    if (FenError e = game_entry_->reads_position(tokens)) {
        error(*e);
        return;
    }
    out_.line("pophash");
}

}  // namespace sen
