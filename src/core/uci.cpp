#include "core/uci.h"

#include <algorithm>
#include <limits>
#include <optional>

#include <fmt/core.h>

#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/version.h"

namespace sen {

namespace {

constexpr std::string_view ENGINE_NAME = ENGINE_NAME_AND_VERSION;
constexpr std::string_view ENGINE_AUTHOR = ENGINE_AUTHORS;

constexpr int MAX_PERFT_DEPTH = 20;

bool is_valued_go_key(std::string_view key) {
    return key == "wtime" || key == "btime" || key == "winc" || key == "binc" || key == "movestogo" || key == "depth" || key == "nodes" ||
           key == "mate" || key == "movetime" || key == "perft";
}

}  // namespace

GoParams parse_go(const std::vector<std::string_view>& tokens, std::vector<std::string>& errors) {
    GoParams go;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
        const std::string key = lowercase(tokens[i]);
        if (key == "infinite") {
            go.infinite = true;
            continue;
        }
        if (key == "ponder") {
            go.ponder = true;
            continue;
        }
        if (key == "searchmoves") {
            for (++i; i < tokens.size(); ++i) go.searchmoves.emplace_back(tokens[i]);
            break;
        }
        if (!is_valued_go_key(key)) {
            errors.push_back(fmt::format("unknown go parameter '{}' ignored", printable(tokens[i])));
            continue;
        }
        // A missing value: `go nodes` at the end, or `go wtime depth 5`, where the next token is
        // a field of its own and is read as such.
        const auto next_is_key = [&] {
            const std::string next = lowercase(tokens[i + 1]);
            return is_valued_go_key(next) || next == "infinite" || next == "ponder" || next == "searchmoves";
        };
        if (i + 1 >= tokens.size() || next_is_key()) {
            errors.push_back(fmt::format("go {} needs a value", key));
            continue;
        }
        const std::string_view text = tokens[++i];
        const std::optional<std::int64_t> value = parse_saturating(text);
        if (!value) {
            errors.push_back(fmt::format("go {}: '{}' is not an integer", key, printable(text)));
            continue;
        }
        const std::int64_t v = *value;
        // Limits below 1 mean nothing and are dropped; above the maximum they are clamped, since
        // `go depth 1000` still asks for a deep search.
        const auto positive = [&](std::int64_t max) -> std::optional<std::int64_t> {
            if (v >= 1) return std::min(v, max);
            errors.push_back(fmt::format("go {}: {} is out of range 1..{}", key, v, max));
            return std::nullopt;
        };
        if (key == "wtime") go.time[0] = v;
        else if (key == "btime") go.time[1] = v;
        else if (key == "winc") go.increment[0] = v;
        else if (key == "binc") go.increment[1] = v;
        else if (key == "movestogo") go.movestogo = int(std::clamp<std::int64_t>(v, -1, 1000000));
        else if (key == "movetime") go.movetime = v;
        else if (key == "depth") {
            if (const auto d = positive(MAX_PLY - 1)) go.depth = int(*d);
        } else if (key == "nodes") {
            if (const auto n = positive(std::numeric_limits<std::int64_t>::max())) go.nodes = std::uint64_t(*n);
        } else if (key == "mate") {
            if (const auto n = positive(MAX_PLY / 2)) go.mate = int(*n);
        } else if (key == "perft" && (v < 1 || v > MAX_PERFT_DEPTH))  // run by cmd_go, not a search limit
            errors.push_back(fmt::format("go perft: {} is out of range 1..{}", v, MAX_PERFT_DEPTH));
    }
    return go;
}

std::string info_line(const TextReport& r) {
    const std::int64_t nps = r.time_ms > 0 ? std::int64_t(r.nodes * 1000 / std::uint64_t(r.time_ms)) : 0;
    std::string pv;
    for (const std::string& m : r.pv) pv += ' ' + m;
    const char* bound = r.bound == Bound::Lower ? " lowerbound" : r.bound == Bound::Upper ? " upperbound" : "";
    const std::string wdl = r.wdl ? fmt::format(" wdl {} {} {}", r.wdl->win, r.wdl->draw, r.wdl->loss) : "";
    const std::string tbhits = r.tbhits ? fmt::format(" tbhits {}", *r.tbhits) : "";
    return fmt::format("info depth {} seldepth {} multipv {} score {}{}{} nodes {} nps {} hashfull {}{} time {} pv{}", r.depth, r.seldepth,
                       r.multipv, format_score(r.score), bound, wdl, r.nodes, nps, r.hashfull, tbhits, r.time_ms, pv);
}

// ---------------------------------------------------------------------------------------------

UciSession::UciSession(Output& out, UciSetup setup) : TextSession(out, std::move(setup.games)), help_(std::move(setup.help)) {
    slot_.add_options(options_);
    options_.reset();
}

UciSession::~UciSession() = default;

void UciSession::info(std::string_view text) { out_.line(fmt::format("info string {}", text)); }

void UciSession::error(std::string_view message) {
    // Messages quote user input; keep the line printable and of sane length whatever it was.
    out_.line(fmt::format("info string error: {}", printable(message, 400)));
}

bool UciSession::handle_line(std::string_view line) {
    const auto start = std::chrono::steady_clock::now();
    const std::optional<std::vector<std::string_view>> read = read_tokens(line);
    if (!read) return true;
    const std::vector<std::string_view>& tokens = *read;
    const std::string command = lowercase(tokens[0]);

    if (command == "uci") cmd_uci();
    else if (command == "ucicyclone") {
        if (!enter_ranks_from_zero(true)) error("ucicyclone: no game here has a notation of ranks from 0");
        cmd_uci();
    } else if (command == "isready") {
        // Settings deferred by a finished search are applied before the answer when idle.
        if (!engine().searching()) engine().wait();
        out_.line("readyok");
    } else if (command == "quit") {
        engine().stop();
        engine().wait();
        return false;
    } else if (command == "stop") engine().stop();
    else if (command == "ponderhit") engine().ponderhit();
    else if (command == "ucinewgame") engine().new_game();
    else if (command == "position") cmd_position(line);
    else if (command == "fen" || command == "startpos") {
        // A GUI of Pikafish's dialect may leave out the `position` keyword; no other dialect
        // does, so the line means that dialect's notation: before any choice of variant, and also
        // when the choice was that game (uci2wb -c sets UCI_Variant to it, then sends these).
        const std::string position = "position " + std::string(line);
        const GameEntry* other = slot_.ranks_from_zero_game();
        if (dialect_ == Dialect::Plain && other && (slot_.variant_choices() == 0 || game().name() == other->variant)) {
            if (FenError e = other->reads_position(split_tokens(position))) {
                error(*e);
                return true;
            }
            if (engine().searching()) {
                error(fmt::format("'{}' cannot change the game during a search; unchanged", printable(tokens[0])));
                return true;
            }
            enter_ranks_from_zero(false);
        }
        cmd_position(position);
    } else if (command == "go") cmd_go(tokens, start);
    else if (command == "setoption") {
        options_.setoption(tokens, *this);
        if (dialect_ == Dialect::Found && slot_.variant_choices() != variant_choices_) leave_ranks_from_zero();
    } else if (command == "debug") debug_ = tokens.size() > 1 && lowercase(tokens[1]) == "on";
    else if (command == "register") {
    } else if (command == "d") out_.line(game().board());
    else if (command == "eval") out_.line(game().eval());
    else if (command == "bench") cmd_bench(tokens);
    else if (command == "perft") {
        const auto depth = tokens.size() > 1 ? parse_integer<int>(tokens[1]) : std::nullopt;
        if (!depth || *depth < 0 || *depth > MAX_PERFT_DEPTH) error(fmt::format("perft needs a depth 0..{}", MAX_PERFT_DEPTH));
        else cmd_perft(*depth);
    } else if (command == "help") out_.line(help_);
    else { error(fmt::format("unknown command '{}'", printable(tokens[0]))); }
    return true;
}

void UciSession::cmd_uci() {
    out_.line(fmt::format("id name {}", ENGINE_NAME));
    out_.line(fmt::format("id author {}", ENGINE_AUTHOR));
    for (const std::string& line : options_.uci_lines()) out_.line(line);
    out_.line("uciok");
    slot_.handshake_done();  // after uciok, so the answer is not delayed
}

void UciSession::cmd_position(std::string_view line) {
    const std::vector<std::string_view> tokens = split_tokens(line);
    if (FenError e = game().set_position(tokens)) {
        // After a plain `uci`, a position only the game of ranks from 0 reads is that game's, in
        // Pikafish's dialect: all that some of its GUIs send.
        const GameEntry* other = slot_.ranks_from_zero_game();
        const bool found = dialect_ == Dialect::Plain && slot_.variant_choices() == 0 && other && other->variant != game().name() &&
                           !other->reads_position(tokens);
        if (!found || engine().searching()) {
            error(*e);
            return;
        }
        enter_ranks_from_zero(false);
        if (FenError again = game().set_position(tokens)) {  // read above: not expected
            error(*again);
            return;
        }
    }
    position_line_ = line;
}

bool UciSession::enter_ranks_from_zero(bool chosen) {
    const GameEntry* entry = slot_.ranks_from_zero_game();
    if (!entry) return false;
    if (engine().searching()) {
        error("the notation cannot change during a search; unchanged");
        return true;
    }
    entry->ranks_from_zero(true);
    dialect_ = chosen ? Dialect::Chosen : Dialect::Found;
    variant_choices_ = slot_.variant_choices();
    if (game().name() != entry->variant) slot_.start_game(entry->variant, *this);
    else reread_position();
    return true;
}

void UciSession::leave_ranks_from_zero() {
    const GameEntry* entry = slot_.ranks_from_zero_game();
    entry->ranks_from_zero(false);
    dialect_ = Dialect::Plain;
    if (game().name() == entry->variant) reread_position();
}

void UciSession::cmd_go(const std::vector<std::string_view>& tokens, std::chrono::steady_clock::time_point start) {
    std::vector<std::string> errors;
    const GoParams params = parse_go(tokens, errors);
    // One line per command, however many fields were bad (a garbage line has thousands).
    if (!errors.empty()) {
        std::string text = errors[0];
        for (std::size_t i = 1; i < errors.size() && i < 4; ++i) text += "; " + errors[i];
        if (errors.size() > 4) text += fmt::format("; and {} more", errors.size() - 4);
        error(text);
    }
    // `go perft N` counts leaf nodes instead of searching (parse_go has checked N).
    for (std::size_t i = 1; i < tokens.size() && lowercase(tokens[i]) != "searchmoves"; ++i)
        if (lowercase(tokens[i]) == "perft") {
            const auto depth = i + 1 < tokens.size() ? parse_integer<int>(tokens[i + 1]) : std::nullopt;
            if (depth && *depth >= 1 && *depth <= MAX_PERFT_DEPTH) cmd_perft(*depth);
            return;
        }

    // A move of the opening book is played at once.
    if (const std::optional<BookChoice> book = slot_.book_move(params)) {
        out_.line(fmt::format("info string book move {} (weight {} of {})", book->move, book->weight, book->total));
        out_.line(fmt::format("bestmove {}", book->move));
        return;
    }

    const bool wdl = slot_.show_wdl();
    TextCallbacks callbacks;
    callbacks.on_report = [this](const TextReport& r) { out_.line(info_line(r)); };
    callbacks.on_current_move = [this](int depth, const std::string& move, int number) {
        out_.line(fmt::format("info depth {} currmove {} currmovenumber {}", depth, move, number));
    };
    callbacks.on_no_moves = [this, wdl](bool mated) {
        const char* field = !wdl ? "" : mated ? " wdl 0 0 1000" : " wdl 0 1000 0";
        out_.line(fmt::format("info depth 0 score {}{}", mated ? "mate 0" : "cp 0", field));
    };
    callbacks.on_bestmove = [this](const std::string& best, const std::string& ponder) {
        if (best.empty()) out_.line("bestmove (none)");
        else if (!ponder.empty()) out_.line(fmt::format("bestmove {} ponder {}", best, ponder));
        else out_.line(fmt::format("bestmove {}", best));
    };
    if (debug_)
        callbacks.on_start = [this](const TimeBudget& budget, std::int64_t overhead, std::int64_t learned) {
            if (budget.limited)
                out_.line(fmt::format("info string time budget soft {} ms hard {} ms overhead {} ms (learned latency {} ms)",
                                      budget.soft_ms, budget.hard_ms, overhead, learned));
        };
    game().go(params, start, wdl, std::move(callbacks));
}

void UciSession::cmd_perft(int depth) {
    if (engine().searching()) {
        error("perft is not available during a search");
        return;
    }
    engine().wait();  // the start-up warm-up would otherwise share the CPU with the count
    const auto start = std::chrono::steady_clock::now();
    // Threads 1 counts as every UCI engine's `go perft` does, on one thread without a table (what
    // scripts/bench-perft compares with Stockfish); more threads share a perft hash of Hash MB.
    const int threads = slot_.threads();
    const std::uint64_t total = game().perft(depth, threads, threads > 1 ? slot_.hash_mb() : 0, out_);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out_.line(fmt::format("\nNodes searched: {}", total));
    if (debug_) out_.line(fmt::format("info string perft {} nodes in {:.3f} s", total, seconds));
}

void UciSession::cmd_bench(const std::vector<std::string_view>& tokens) {
    if (engine().searching()) {
        error("bench is not available during a search");
        return;
    }
    engine().wait();  // likewise for the nps figure
    int depth = game().bench_depth();
    if (tokens.size() > 1) {
        const auto d = parse_integer<int>(tokens[1]);
        if (!d || *d < 1 || *d > 64) {
            error("bench depth must be 1..64");
            return;
        }
        depth = *d;
    }
    const BenchResult r = game().bench(depth);
    out_.line(fmt::format("{} nodes {} nps", r.nodes, r.nps()));
}

}  // namespace sen
