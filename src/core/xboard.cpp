#include "core/xboard.h"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

#include "core/engine_control.h"
#include "core/search.h"
#include "core/version.h"

namespace sen {

namespace {

constexpr std::string_view ENGINE_NAME = ENGINE_NAME_AND_VERSION;
constexpr std::size_t MAX_LINE = 1 << 20;
constexpr int XBOARD_MATE = 100000;

// A non-negative number of seconds, with a fraction allowed ("1", "0.5"), in milliseconds.
std::optional<std::int64_t> parse_seconds(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::size_t dot = text.find('.');
    const auto whole = parse_integer<std::int64_t>(text.substr(0, dot));
    if (!whole || *whole < 0 || text.substr(0, dot).empty() || text[0] == '+' || text[0] == '-') return std::nullopt;
    std::int64_t ms = *whole * 1000;
    if (dot != std::string_view::npos) {
        const std::string_view fraction = text.substr(dot + 1);
        if (fraction.empty() || fraction.size() > 9) return std::nullopt;
        std::int64_t scale = 100;
        for (const char c : fraction) {
            if (c < '0' || c > '9') return std::nullopt;
            ms += (c - '0') * scale;
            scale /= 10;
        }
    }
    return ms;
}

std::optional<int> parse_count(std::string_view text, int max) {
    const auto n = parse_integer<std::int64_t>(text);
    if (!n || *n < 0) return std::nullopt;
    return int(std::min<std::int64_t>(*n, max));
}

Color opposite(Color c) { return c == Color::White ? Color::Black : Color::White; }

// The commands that neither touch the game nor wait for the search: they are answered as they
// come, also while the engine thinks.
bool is_simple(std::string_view command) {
    static constexpr std::string_view SIMPLE[] = {"xboard", "protover", "accepted", "rejected", "post",   "nopost", "hard",
                                                  "easy",   "computer", "name",     "rating",   "random", "ics",    "draw",
                                                  "hint",   "bk",       "time",     "otim",     "level",  "st",     "sd"};
    return std::find(std::begin(SIMPLE), std::end(SIMPLE), command) != std::end(SIMPLE);
}

// A token that can only be move text: coordinates (a letter and a digit first) or castling.
bool looks_like_move(std::string_view text) {
    if (text == "O-O" || text == "O-O-O" || text == "0-0" || text == "0-0-0") return true;
    return text.size() >= 4 && text.size() <= 6 && (text[0] | 0x20) >= 'a' && (text[0] | 0x20) <= 'z' && text[1] >= '0' && text[1] <= '9';
}

}  // namespace

std::optional<XboardLevel> parse_level(const std::vector<std::string_view>& fields) {
    if (fields.size() != 3) return std::nullopt;
    XboardLevel level;
    const auto moves = parse_count(fields[0], 100000);
    if (!moves) return std::nullopt;
    level.moves = *moves;
    // BASE: minutes, or minutes:seconds. Anything after the number is ignored, as the protocol
    // asks (a later protocol may append the time control of the next period).
    const std::string_view base = fields[1];
    std::size_t end = 0;
    while (end < base.size() && base[end] >= '0' && base[end] <= '9') ++end;
    if (end == 0 || end > 9) return std::nullopt;
    std::int64_t seconds = *parse_integer<std::int64_t>(base.substr(0, end)) * 60;
    if (end < base.size() && base[end] == ':') {
        std::size_t sec_end = end + 1;
        while (sec_end < base.size() && base[sec_end] >= '0' && base[sec_end] <= '9') ++sec_end;
        if (sec_end == end + 1 || sec_end - end > 9) return std::nullopt;
        seconds += *parse_integer<std::int64_t>(base.substr(end + 1, sec_end - end - 1));
    }
    level.base_ms = seconds * 1000;
    const auto increment = parse_seconds(fields[2]);
    if (!increment) return std::nullopt;
    level.increment_ms = *increment;
    return level;
}

std::string xboard_option(const UciOption& o) {
    switch (o.type) {
    case OptionType::Check: return fmt::format("{} -check {}", o.name, o.default_value == "true" ? 1 : 0);
    case OptionType::Spin: return fmt::format("{} -spin {} {} {}", o.name, o.default_value, o.min, o.max);
    case OptionType::Combo: {
        std::string text = o.name + " -combo";
        for (std::size_t i = 0; i < o.vars.size(); ++i)
            text += fmt::format("{} {}{}", i ? " ///" : "", o.vars[i] == o.default_value ? "*" : "", o.vars[i]);
        return text;
    }
    case OptionType::Button: return o.name + " -button";
    case OptionType::String: return fmt::format("{} -string {}", o.name, o.shown ? o.shown() : o.default_value);
    }
    return o.name;
}

int xboard_score(int score) {
    if (!is_mate_score(score)) return score;
    const int moves = mate_in_moves(score);
    return moves > 0 ? XBOARD_MATE + moves : -XBOARD_MATE + moves;
}

std::string thinking_line(const TextReport& r) {
    std::string pv;
    for (const std::string& m : r.pv) pv += (pv.empty() ? "" : " ") + m;
    if (r.bound == Bound::Upper) pv += '?';
    else if (r.bound == Bound::Lower) pv += '!';
    return fmt::format("{} {} {} {} {}", r.depth, xboard_score(r.score), r.time_ms / 10, r.nodes, pv);
}

GoParams xboard_go_params(const XboardClocks& c, Color us, int moves_made) {
    GoParams go;
    go.depth = c.depth;
    if (c.st_ms) {
        go.movetime = std::max<std::int64_t>(1, *c.st_ms);
        return go;
    }
    const int us_i = index_of(us), them_i = 1 - us_i;
    go.time[us_i] = c.own_ms.value_or(c.level.base_ms);
    go.time[them_i] = c.other_ms.value_or(c.level.base_ms);
    go.increment[us_i] = go.increment[them_i] = c.level.increment_ms;
    if (c.level.moves > 0) go.movestogo = c.level.moves - moves_made % c.level.moves;
    return go;
}

// ---------------------------------------------------------------------------------------------

CecpSession::CecpSession(Output& out, UciSetup setup) : out_(out), slot_(std::move(setup.games)) {
    slot_.add_options(options_);
    options_.reset();
    slot_.handshake_done();
    ponder_thread_ = std::thread([this] { ponder_loop(); });
}

CecpSession::~CecpSession() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    ponder_cv_.notify_one();
    ponder_thread_.join();
    std::lock_guard engine_lock(engine_mutex_);
    abandon_search();
}

void CecpSession::info(std::string_view text) { out_.line(fmt::format("# {}", printable(text, 400))); }
void CecpSession::error(std::string_view message) { error_line(message); }
void CecpSession::error_line(std::string_view reason) {
    out_.line(fmt::format("Error ({}): {}", printable(reason, 300), printable(command_, 100)));
}
bool CecpSession::searching() const { return engine().searching(); }
void CecpSession::wait() { engine().wait(); }
std::string_view CecpSession::variant() const { return game().name(); }
void CecpSession::reread_position() { game().reread_position(); }

void CecpSession::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle_line(line)) return;
    std::lock_guard engine_lock(engine_mutex_);
    abandon_search();
}

bool CecpSession::handle_line(std::string_view line) {
    std::lock_guard engine_lock(engine_mutex_);
    if (line.size() > MAX_LINE) {
        command_ = line.substr(0, 32);
        error_line("line too long");
        return true;
    }
    const std::vector<std::string_view> tokens = split_tokens(line);
    if (tokens.empty()) return true;
    command_ = line;
    while (!command_.empty() && (command_.back() == '\r' || command_.back() == '\n')) command_.pop_back();
    const std::string command = lowercase(tokens[0]);
    const auto arg = [&](std::size_t i) { return i < tokens.size() ? tokens[i] : std::string_view(); };

    if (command == "quit") {
        abandon_search();
        return false;
    }
    if (command == "?") {
        // Move now: the search ends and prints its move; idle or pondering, nothing happens.
        std::lock_guard lock(mutex_);
        if (search_ == Search::Move) engine().stop();
        return true;
    }
    if (command == "ping") {
        const std::string reply = fmt::format("pong {}", printable(arg(1), 32));
        // Not before the move of a search that is running (the protocol's rule); during analysis
        // (which never moves) and pondering (which is waiting for the opponent) at once.
        std::lock_guard lock(mutex_);
        if (search_ == Search::Move) pending_pongs_.push_back(reply);
        else out_.line(reply);
        return true;
    }
    if (command == ".") {
        cmd_stat();
        return true;
    }
    if (command == "exit") {
        if (analyzing_) {
            abandon_search();
            analyzing_ = false;
        }
        return true;
    }
    if (is_simple(command)) {
        if (command == "protover") cmd_protover();
        else if (command == "hard" || command == "easy") {
            if (command == "easy") stop_pondering();
            std::lock_guard lock(mutex_);
            ponder_ = command == "hard";
        } else if (command == "post") post_ = true;
        else if (command == "nopost") post_ = false;
        else if (command == "time" || command == "otim") {
            const auto cs = parse_integer<std::int64_t>(arg(1));
            if (!cs || tokens.size() != 2) error_line("bad centiseconds");
            else (command == "time" ? clocks_.own_ms : clocks_.other_ms) = std::clamp<std::int64_t>(*cs, -1000000000, 1000000000) * 10;
        } else if (command == "level") {
            const auto level = parse_level({tokens.begin() + 1, tokens.end()});
            if (!level) error_line("level needs MPS BASE INC");
            else {
                stop_pondering();
                clocks_.level = *level;
                clocks_.st_ms.reset();
                clocks_.own_ms = clocks_.other_ms = std::nullopt;
            }
        } else if (command == "st") {
            const auto ms = parse_seconds(arg(1));
            if (!ms || *ms == 0 || tokens.size() != 2) error_line("st needs a positive number of seconds");
            else {
                stop_pondering();
                clocks_.st_ms = *ms;
            }
        } else if (command == "sd") {
            const auto depth = parse_integer<int>(arg(1));
            if (!depth || *depth < 1 || tokens.size() != 2) error_line("sd needs a depth of 1 or more");
            else {
                stop_pondering();
                clocks_.depth = std::min(*depth, MAX_PLY - 1);
            }
        }
        // A new time control ends a ponder search planned for the old one (it is not started
        // again: the engine thinks afresh at the opponent's move). accepted, rejected, computer,
        // name, rating, random, ics, hint, bk: nothing to do; draw: an offer is declined by
        // saying nothing.
        return true;
    }

    // Everything below reads or changes the game: a search for a move must not be running
    // (xboard sends none of these then; if it does, the search is dropped, its move unprinted).
    if (command == "new") cmd_new();
    else if (command == "variant") cmd_variant(tokens);
    else if (command == "force") {
        abandon_search();
        force_ = true;
    } else if (command == "go") {
        abandon_search();
        settle_variant();
        analyzing_ = false;
        force_ = false;
        engine_color_ = cecp().side_to_move();
        think();
    } else if (command == "playother") {
        abandon_search();
        settle_variant();
        force_ = false;
        engine_color_ = opposite(cecp().side_to_move());
    } else if (command == "white" || command == "black") {
        // Obsolete (colors=0 asks xboard not to send them): the engine plays the other colour.
        abandon_search();
        engine_color_ = command == "white" ? Color::Black : Color::White;
    } else if (command == "usermove") {
        if (tokens.size() != 2) error_line("usermove needs one move");
        else cmd_usermove(tokens[1]);
    } else if (command == "setboard") cmd_setboard(line);
    else if (command == "undo") cmd_undo(1);
    else if (command == "remove") cmd_undo(2);
    else if (command == "analyze") {
        abandon_search();
        settle_variant();
        analyzing_ = true;
        force_ = true;
        analyze();
    } else if (command == "result") {
        abandon_search();
        force_ = true;
    } else if (command == "memory" || command == "cores") {
        const auto n = parse_integer<std::int64_t>(arg(1));
        if (!n || *n < 1 || tokens.size() != 2) error_line(command == "memory" ? "memory needs megabytes" : "cores needs a count");
        else {
            stop_pondering();
            if (engine().searching()) error_line("not during a search");
            else options_.set(command == "memory" ? "Hash" : "Threads", std::to_string(*n), true, *this);
        }
    } else if (command == "option") cmd_option(line);
    else if (tokens.size() == 1 && looks_like_move(tokens[0])) cmd_usermove(tokens[0]);  // xboard without usermove=1
    else error_line("unknown command");
    return true;
}

void CecpSession::cmd_protover() {
    std::string variants;
    for (const GameEntry& g : slot_.games())
        for (const XboardVariant& v : g.xboard_variants) variants += (variants.empty() ? "" : ",") + v.name;
    out_.line("feature done=0");
    out_.line(fmt::format("feature myname=\"{}\" variants=\"{}\"", ENGINE_NAME, variants));
    out_.line("feature setboard=1 usermove=1 ping=1 playother=1 analyze=1 colors=0 sigint=0 sigterm=0 san=0 time=1 draw=1 "
              "reuse=1 memory=1 smp=1 nps=0 debug=1 name=0 pause=0 exclude=0 setscore=0");
    // CECP has commands of its own for these (variant, hard/easy): offered as options too, a
    // change there would put the engine out of step with what xboard believes it is playing.
    constexpr std::string_view PROTOCOL_OWNED[] = {"UCI_Variant", "UCI_Chess960", "Ponder"};
    for (const UciOption& o : options_.options())
        if (std::find(std::begin(PROTOCOL_OWNED), std::end(PROTOCOL_OWNED), o.name) == std::end(PROTOCOL_OWNED))
            out_.line(fmt::format("feature option=\"{}\"", xboard_option(o)));
    out_.line("feature done=1");
}

void CecpSession::cmd_new() {
    abandon_search();
    force_ = false;
    engine_color_ = Color::Black;
    clocks_.depth.reset();
    clocks_.st_ms.reset();
    clocks_.own_ms = clocks_.other_ms = std::nullopt;
    pending_new_ = true;
    // The first game's first name is standard: chosen at once when it is already active.
    if (game().name() == slot_.games().front().variant) settle_variant();
    if (analyzing_) restart_analysis();
}

void CecpSession::settle_variant() {
    if (!pending_new_) return;
    pending_new_ = false;
    const GameEntry& first = slot_.games().front();
    if (first.xboard_variants.empty()) {
        if (game().name() != first.variant) slot_.start_game(first.variant, *this);
        cecp().set_start();
        start_side_ = cecp().side_to_move();
        engine().new_game();
        return;
    }
    select_variant(first, first.xboard_variants.front());
}

void CecpSession::select_variant(const GameEntry& entry, const XboardVariant& v) {
    if (game().name() != entry.variant) slot_.start_game(entry.variant, *this);
    v.select(*this);
    engine().new_game();
    cecp().set_start();
    start_side_ = cecp().side_to_move();
}

void CecpSession::cmd_variant(const std::vector<std::string_view>& tokens) {
    if (tokens.size() != 2) {
        error_line("variant needs a name");
        return;
    }
    const std::string name = lowercase(tokens[1]);
    for (const GameEntry& g : slot_.games())
        for (const XboardVariant& v : g.xboard_variants)
            if (v.name == name) {
                abandon_search();
                pending_new_ = false;
                select_variant(g, v);
                if (analyzing_) restart_analysis();
                return;
            }
    error_line("unsupported variant");
}

void CecpSession::cmd_usermove(std::string_view text) {
    if (ponder_hit(text)) return;
    abandon_search();
    settle_variant();
    if (!cecp().play(text)) {
        out_.line(fmt::format("Illegal move: {}", printable(text, 32)));
        if (analyzing_) restart_analysis();
        return;
    }
    if (analyzing_) restart_analysis();
    else if (!force_ && cecp().side_to_move() == engine_color_) think();
}

void CecpSession::cmd_setboard(std::string_view line) {
    abandon_search();
    settle_variant();
    std::string_view fen = line;
    const std::size_t at = lowercase(line).find("setboard");
    fen.remove_prefix(at + 8);
    while (!fen.empty() && (fen.front() == ' ' || fen.front() == '\t')) fen.remove_prefix(1);
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == '\t' || fen.back() == '\r')) fen.remove_suffix(1);
    if (const FenError e = cecp().set_fen(fen)) {
        out_.line("tellusererror Illegal position");
        error_line(fmt::format("illegal position: {}", *e));
    } else start_side_ = cecp().side_to_move();
    if (analyzing_) restart_analysis();
}

void CecpSession::cmd_undo(int count) {
    abandon_search();
    settle_variant();
    if (cecp().plies() < count) error_line("command not legal now");
    else
        for (int i = 0; i < count; ++i) cecp().undo();
    if (analyzing_) restart_analysis();
}

void CecpSession::cmd_option(std::string_view line) {
    // option NAME[=VALUE]: the name may hold spaces; a check's value is 0 or 1.
    std::string_view rest = line;
    rest.remove_prefix(std::min(rest.size(), lowercase(line).find("option") + 6));
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r')) rest.remove_suffix(1);
    const std::size_t eq = rest.find('=');
    std::string_view name = rest.substr(0, eq), value = eq == std::string_view::npos ? std::string_view() : rest.substr(eq + 1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (name.empty()) {
        error_line("option needs NAME=VALUE");
        return;
    }
    const UciOption* option = options_.find(name);
    if (!option) {
        error_line("unknown option");
        return;
    }
    stop_pondering();
    std::string text(value);
    if (option->type == OptionType::Check) text = value == "1" ? "true" : value == "0" ? "false" : text;
    options_.set(name, text, eq != std::string_view::npos, *this);
}

void CecpSession::cmd_stat() {
    std::lock_guard lock(mutex_);
    if (search_ != Search::Analysis) return;
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - search_start_).count();
    // stat01: time nodes ply mvleft mvtot. Sen does not count the root moves left at a depth: 0.
    out_.line(fmt::format("stat01: {} {} {} 0 {}", elapsed / 10, last_report_.nodes, last_report_.depth, cecp().legal_move_count()));
}

void CecpSession::abandon_search() {
    bool running = false;
    {
        std::lock_guard lock(mutex_);
        running = search_ != Search::None;
        search_ = Search::None;  // the callback will see it and print no move
        ponder_wanted_ = false;  // the game changes first: no pondering after the move
    }
    if (running) {
        engine().stop();
        engine().wait();
        cecp().discard_move();
    }
    cecp().settle();  // the move of a search that ended by itself, printed: now part of the game
    if (guess_made_) {
        cecp().undo();
        guess_made_ = false;
    }
}

void CecpSession::stop_pondering() {
    if (guess_made_) abandon_search();
}

void CecpSession::ponder_loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
        ponder_cv_.wait(lock, [this] { return ponder_wanted_ || closing_; });
        if (closing_) return;
        lock.unlock();
        {
            std::lock_guard engine_lock(engine_mutex_);
            start_pondering();
        }
        lock.lock();
    }
}

void CecpSession::start_pondering() {
    std::string guess;
    {
        std::lock_guard lock(mutex_);
        // A command may have come first and changed the game: it cleared the wish.
        if (!ponder_wanted_) return;
        ponder_wanted_ = false;
        guess = std::move(ponder_guess_);
        if (!ponder_ || search_ != Search::None) return;
    }
    engine().wait();  // the search that chose the move is finishing
    cecp().settle();
    if (force_ || analyzing_ || cecp().side_to_move() == engine_color_ || !cecp().play(guess)) return;
    if (cecp().game_end().outcome != Outcome::None) {
        cecp().undo();  // the guess ends the game: nothing to think about until it is played
        return;
    }
    guess_made_ = true;
    GoParams params;  // no clock yet: the budget is planned at the ponder hit, from the clocks then
    params.ponder = true;
    params.depth = clocks_.depth;
    cecp().go(params, std::chrono::steady_clock::now(), move_callbacks(Search::Ponder, engine_color_));
}

bool CecpSession::ponder_hit(std::string_view text) {
    if (!guess_made_ || !cecp().names_last_move(text)) return false;
    const auto now = std::chrono::steady_clock::now();
    {
        std::lock_guard lock(mutex_);
        search_ = Search::Move;  // from now on the search ends in a move
        search_start_ = now;
    }
    guess_made_ = false;  // the guess is the game's move now
    engine().ponderhit(go_params(engine_color_), now);
    return true;
}

std::string CecpSession::result_line(const GameEnd& end, Color side_to_move) {
    const char* code = "1/2-1/2";
    if (end.outcome == Outcome::Loss) code = side_to_move == Color::White ? "0-1" : "1-0";
    else if (end.outcome == Outcome::Win) code = side_to_move == Color::White ? "1-0" : "0-1";
    return fmt::format("{} {{{}}}", code, end.reason);
}

void CecpSession::announce(const GameEnd& end, Color side_to_move, Color engine) {
    if (end.outcome == Outcome::None) return;
    const bool engine_wins =
        (end.outcome == Outcome::Loss && side_to_move != engine) || (end.outcome == Outcome::Win && side_to_move == engine);
    if (engine_wins && !end.no_moves) return;
    out_.line(result_line(end, side_to_move));
}

void CecpSession::think() {
    const GameEnd end = cecp().game_end();
    const Color us = cecp().side_to_move();
    if (end.outcome != Outcome::None) {
        // Over by rule: claimed, and no move is made; a win xboard cannot see is played on.
        const bool engine_wins = end.outcome == Outcome::Win;
        if (!engine_wins || end.no_moves) {
            out_.line(result_line(end, us));
            return;
        }
    }
    const GoParams params = go_params(us);
    // A move of the opening book is played at once.
    if (const std::optional<BookChoice> book = slot_.book_move(params); book && cecp().play(book->xboard_move)) {
        std::lock_guard lock(mutex_);
        if (post_) out_.line(fmt::format("# book move {} (weight {} of {})", book->xboard_move, book->weight, book->total));
        out_.line(fmt::format("move {}", book->xboard_move));
        announce(cecp().game_end(), opposite(us), us);
        return;
    }
    cecp().go(params, std::chrono::steady_clock::now(), move_callbacks(Search::Move, us));
}

GoParams CecpSession::go_params(Color us) const {
    const int made = cecp().plies() + (us == start_side_ ? 0 : -1);
    return xboard_go_params(clocks_, us, std::max(0, made) / 2);
}

CecpCallbacks CecpSession::move_callbacks(Search kind, Color us) {
    CecpCallbacks callbacks = begin_search(kind);
    callbacks.on_bestmove = [this, us](const std::string& move, const std::string& reply, const GameEnd& after) {
        std::lock_guard lock(mutex_);
        if (search_ == Search::Move) {
            search_ = Search::None;
            if (!move.empty()) {
                out_.line(fmt::format("move {}", move));
                announce(after, opposite(us), us);
                if (ponder_ && after.outcome == Outcome::None && !reply.empty()) {
                    ponder_wanted_ = true;
                    ponder_guess_ = reply;
                    ponder_cv_.notify_one();
                }
            } else out_.line(result_line(after, us));
        }
        for (const std::string& pong : pending_pongs_) out_.line(pong);
        pending_pongs_.clear();
    };
    return callbacks;
}

void CecpSession::analyze() {
    GoParams params;
    params.infinite = true;
    cecp().go(params, std::chrono::steady_clock::now(), begin_search(Search::Analysis));
}

CecpCallbacks CecpSession::begin_search(Search kind) {
    {
        std::lock_guard lock(mutex_);
        search_ = kind;
        search_start_ = std::chrono::steady_clock::now();
        last_report_ = {};
    }
    CecpCallbacks callbacks;
    callbacks.on_report = [this](const TextReport& r) {
        std::lock_guard lock(mutex_);
        last_report_ = r;
        if (post_) out_.line(thinking_line(r));
    };
    return callbacks;
}

void CecpSession::restart_analysis() {
    abandon_search();
    analyze();
}

}  // namespace sen
