// The per-game half of the UCI session: one game's engine and everything that needs the game's
// types (positions, moves, move text). The session (uci.h) holds the active game's front through
// the abstract GameFront and never sees a game type; GameFrontFor<Game> implements it for any
// game through the game concept's protocol functions (core/game.h: set_fen, parse_move,
// move_text, START_FEN, pretty, eval_report, BENCH_DEPTH, BENCH_FENS, NAME) and perft (core/perft.h),
// and never sees a move generator.
//
// Move text goes both ways in the notation the game's notation flag selects (the flag those
// functions take): positions and `moves` lists, `go searchmoves`, and every move printed. The
// flag belongs to whoever registers the game (src/games.cpp), which may let an option set it;
// a front reads it when a command starts, so a search keeps the notation it started with.
//
// The CECP session (xboard.h) plays whole games through the same front: moves one at a time in
// xboard's coordinates (parse_xboard_move, xboard_move_text), taken back with undo, the end of a
// game judged by game_end. Its searches report in text (go_xboard) and the move a search
// chooses becomes part of the game: the search thread only records it (it must not touch the
// engine's position), and the protocol thread makes it at the next command that reads or
// changes the game (settle). The move is recorded before it is printed, so a reply that the
// GUI sends to it always finds it made.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "core/bench.h"
#include "core/deep_perft.h"
#include "core/engine.h"
#include "core/game.h"
#include "core/go_params.h"
#include "core/perft_hash.h"
#include "core/uci_text.h"

namespace sen {

// A search report with its moves as text (go_xboard).
struct TextReport {
    int depth = 0;
    int seldepth = 0;
    int score = 0;
    Bound bound = Bound::Exact;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<std::string> pv;
};

struct TextCallbacks {
    std::function<void(const TextReport&)> on_report;
    // The chosen move ("" when the side to move has none) and the state of the game after it
    // (at the root when there is no move). Called on the search thread once the move is recorded.
    std::function<void(const std::string& move, const GameEnd& end)> on_bestmove;
};

class GameFront {
public:
    virtual ~GameFront() = default;
    // The game's name, as UCI_Variant gives it.
    virtual std::string_view name() const = 0;

    // The engine's controls (see BasicEngine).
    virtual void prepare() = 0;
    virtual void stop() = 0;
    virtual void ponderhit() = 0;
    virtual void wait() = 0;
    virtual bool searching() const = 0;
    virtual bool set_hash(std::size_t megabytes) = 0;
    virtual std::size_t hash_mb() const = 0;
    virtual void set_threads(int count) = 0;
    virtual void set_multipv(int n) = 0;
    // A weakened level (core/strength.h) for the next searches, or nothing for full strength.
    virtual void set_strength(std::optional<int> elo) = 0;
    // Whether info lines carry `wdl W D L` (core/wdl.h); read when a search starts.
    virtual void set_show_wdl(bool on) = 0;
    virtual void set_move_overhead(int ms) = 0;
    virtual void clear_hash() = 0;
    virtual void new_game() = 0;
    virtual void park() = 0;
    virtual void restart() = 0;

    // Reads a `position ...` command; sets the position and returns nothing, or returns what
    // is wrong and changes nothing.
    virtual FenError set_position(const std::vector<std::string_view>& tokens) = 0;
    // Sets the current position again from its own FEN (read in the current notation).
    virtual void reread_position() = 0;
    // Starts a search; the moves of `go searchmoves` are read here, in the current notation, and
    // text that names no legal move is ignored (with none left, all moves count).
    virtual void go(const GoParams& params, std::chrono::steady_clock::time_point start, bool debug, Output& out) = 0;
    virtual std::string board() const = 0;
    virtual std::string eval() const = 0;
    // Per root move counts as `move: count` lines; returns the total. With one thread and no
    // hash (hash_mb 0) the plain count; otherwise `threads` threads share a perft hash of
    // hash_mb MB (deep_perft.h), allocated for this count alone.
    virtual std::uint64_t perft(int depth, int threads, std::size_t hash_mb, Output& out) = 0;
    virtual int bench_depth() const = 0;
    virtual BenchResult bench(int depth) = 0;

    // Playing a game move by move (CECP). Each of these first makes the move of a finished
    // search (settle). set_fen and set_start begin a new game history.
    virtual FenError set_fen(std::string_view fen) = 0;
    virtual void set_start() = 0;
    // Makes the move the text names (xboard coordinates); false, and nothing changes, when it
    // names no legal move.
    virtual bool play(std::string_view text) = 0;
    // Takes back the last move of the game; false when there is none since the game began.
    virtual bool undo() = 0;
    // Moves played since the game began (set_fen, set_start, set_position).
    virtual int plies() const = 0;
    virtual Color side_to_move() const = 0;
    virtual GameEnd game_end() const = 0;
    virtual std::uint64_t legal_move_count() const = 0;
    // Starts a search that reports in xboard's move text; its move is made by settle().
    virtual void go_xboard(const GoParams& params, std::chrono::steady_clock::time_point start, TextCallbacks callbacks) = 0;
    // Makes the move that the last go_xboard search chose, if it has not been made yet. Protocol
    // thread only; the search may still be finishing (the engine's position is not its copy).
    virtual void settle() = 0;
    // Forgets the move of a search that was stopped to be thrown away (analysis, force).
    virtual void discard_move() = 0;
};

template <SearchGame Game>
requires ProtocolGame<Game>
class GameFrontFor final : public GameFront {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;

    // `notation`: the game's notation flag, owned by the game's registration; none reads false.
    explicit GameFrontFor(std::shared_ptr<const bool> notation = nullptr) : notation_(std::move(notation)) {}

    std::string_view name() const override { return Game::NAME; }
    void prepare() override { engine_.prepare(); }
    void stop() override { engine_.stop(); }
    void ponderhit() override { engine_.ponderhit(); }
    void wait() override { engine_.wait(); }
    bool searching() const override { return engine_.searching(); }
    bool set_hash(std::size_t megabytes) override { return engine_.set_hash(megabytes); }
    std::size_t hash_mb() const override { return engine_.hash_mb(); }
    void set_threads(int count) override { engine_.set_threads(count); }
    void set_multipv(int n) override { engine_.set_multipv(n); }
    void set_strength(std::optional<int> elo) override { engine_.set_strength(elo); }
    void set_show_wdl(bool on) override { show_wdl_ = on; }
    void set_move_overhead(int ms) override { engine_.set_move_overhead(ms); }
    void clear_hash() override { engine_.clear_hash(); }
    void new_game() override { engine_.new_game(); }
    void park() override { engine_.park(); }
    void restart() override { engine_.restart(); }

    FenError set_position(const std::vector<std::string_view>& tokens) override {
        Position pos;
        if (FenError e = parse_position(tokens, pos, notation())) return e;
        engine_.set_position(std::move(pos));
        plies_ = 0;
        return std::nullopt;
    }

    void reread_position() override {
        Position pos;
        if (!Game::set_fen(pos, engine_.position().fen(), notation())) engine_.set_position(std::move(pos));
    }

    void go(const GoParams& params, std::chrono::steady_clock::time_point start, bool debug, Output& out) override {
        const bool flag = notation();
        std::vector<Move> searchmoves;
        for (const std::string& text : params.searchmoves)
            if (const Move m = Game::parse_move(engine_.position(), text, flag)) searchmoves.push_back(m);
        // The callbacks run on the search thread: they capture what they need by value, so that
        // a setoption during the search cannot race with them or change the notation of a
        // search that was started in another one.
        const auto text = [flag](Move m) { return Game::move_text(m, flag); };
        // The WDL field, when shown: for the root's material, as the score is the root's.
        const auto wdl = [show = show_wdl_, material = Game::wdl_material(engine_.position())](int score) -> std::string {
            if (!show) return "";
            const Wdl w = !is_mate_score(score) ? Game::WDL_MODEL.wdl(score, material) : score > 0 ? Wdl{1000, 0, 0} : Wdl{0, 0, 1000};
            return fmt::format(" wdl {} {} {}", w.win, w.draw, w.loss);
        };
        typename BasicEngine<Game>::Callbacks callbacks;
        callbacks.on_report = [&out, text, wdl](const BasicSearchReport<Game>& r) {
            const std::int64_t nps = r.time_ms > 0 ? std::int64_t(r.nodes * 1000 / std::uint64_t(r.time_ms)) : 0;
            std::string pv;
            for (const Move m : r.pv) pv += ' ' + text(m);
            const char* bound = r.bound == Bound::Lower ? " lowerbound" : r.bound == Bound::Upper ? " upperbound" : "";
            const std::string tbhits = r.tbhits ? fmt::format(" tbhits {}", *r.tbhits) : "";
            out.line(fmt::format("info depth {} seldepth {} multipv {} score {}{}{} nodes {} nps {} hashfull {}{} time {} pv{}", r.depth,
                                 r.seldepth, r.multipv, format_score(r.score), bound, wdl(r.score), r.nodes, nps, r.hashfull, tbhits,
                                 r.time_ms, pv));
        };
        callbacks.on_current_move = [&out, text](int depth, Move m, int number) {
            out.line(fmt::format("info depth {} currmove {} currmovenumber {}", depth, text(m), number));
        };
        callbacks.on_no_moves = [&out, show = show_wdl_](bool mated) {
            const char* field = !show ? "" : mated ? " wdl 0 0 1000" : " wdl 0 1000 0";
            out.line(fmt::format("info depth 0 score {}{}", mated ? "mate 0" : "cp 0", field));
        };
        callbacks.on_bestmove = [&out, text](Move best, Move ponder) {
            if (!best) out.line("bestmove (none)");
            else if (ponder) out.line(fmt::format("bestmove {} ponder {}", text(best), text(ponder)));
            else out.line(fmt::format("bestmove {}", text(best)));
        };
        if (debug)
            callbacks.on_start = [&out](const TimeBudget& budget, std::int64_t overhead, std::int64_t learned) {
                if (budget.limited)
                    out.line(fmt::format("info string time budget soft {} ms hard {} ms overhead {} ms (learned latency {} ms)",
                                         budget.soft_ms, budget.hard_ms, overhead, learned));
            };
        engine_.go(params, std::move(searchmoves), start, std::move(callbacks));
    }

    std::string board() const override { return Game::pretty(engine_.position()); }
    std::string eval() const override { return Game::eval_report(engine_.position()); }

    std::uint64_t perft(int depth, int threads, std::size_t hash_mb, Output& out) override {
        Position pos = engine_.position();
        if (depth == 0) return 1;
        const bool flag = notation();
        std::unique_ptr<PerftHash> hash;
        if (hash_mb > 0) {
            hash = std::make_unique<PerftHash>(hash_mb);
            if (hash->empty()) {
                out.line(fmt::format("info string error: cannot allocate {} MB for the perft hash; counting without it", hash_mb));
                hash.reset();
            }
        }
        DeepPerftOptions options;
        options.threads = threads;
        options.hash = hash.get();
        const bool plain = threads <= 1 && !hash;
        std::uint64_t total = 0;
        for (const auto& [move, count] : plain ? Perft<Game>::divide(pos, depth) : Perft<Game>::divide_deep(pos, depth, options)) {
            out.line(fmt::format("{}: {}", Game::move_text(move, flag), count));
            total += count;
        }
        return total;
    }

    int bench_depth() const override { return Game::BENCH_DEPTH; }
    BenchResult bench(int depth) override { return run_bench<Game>(depth); }

    FenError set_fen(std::string_view fen) override {
        settle();
        Position pos;
        if (FenError e = Game::set_fen(pos, fen, notation())) return e;
        engine_.set_position(std::move(pos));
        plies_ = 0;
        return std::nullopt;
    }
    void set_start() override {
        settle();
        Position pos;
        Game::set_fen(pos, Game::START_FEN, notation());
        engine_.set_position(std::move(pos));
        plies_ = 0;
    }
    bool play(std::string_view text) override {
        settle();
        const Move m = Game::parse_xboard_move(engine_.position(), text, notation());
        if (!m) return false;
        make(m);
        return true;
    }
    bool undo() override {
        settle();
        if (plies_ == 0) return false;
        Position pos = engine_.position();
        pos.unmake_move();
        engine_.set_position(std::move(pos));
        --plies_;
        return true;
    }
    int plies() const override { return plies_; }
    Color side_to_move() const override { return engine_.position().side_to_move(); }
    GameEnd game_end() const override { return Game::game_end(engine_.position()); }
    std::uint64_t legal_move_count() const override { return Game::count_legal_moves(engine_.position()); }

    void go_xboard(const GoParams& params, std::chrono::steady_clock::time_point start, TextCallbacks text_callbacks) override {
        settle();
        const bool flag = notation();
        const auto text = [flag](Move m) { return Game::xboard_move_text(m, flag); };
        typename BasicEngine<Game>::Callbacks callbacks;
        callbacks.on_report = [on_report = text_callbacks.on_report, text](const BasicSearchReport<Game>& r) {
            if (!on_report) return;
            TextReport t{r.depth, r.seldepth, r.score, r.bound, r.nodes, r.time_ms, {}};
            for (const Move m : r.pv) t.pv.push_back(text(m));
            on_report(t);
        };
        // The search's root, copied for the callback: the game after the chosen move is judged
        // on the search thread, from this copy, so that the result can follow the move at once.
        callbacks.on_bestmove = [this, root = engine_.position(), on_bestmove = std::move(text_callbacks.on_bestmove), text](Move best,
                                                                                                                             Move) mutable {
            if (!best) {
                if (on_bestmove) on_bestmove("", Game::game_end(root));
                return;
            }
            pending_.store(best.raw());
            root.make_move(best);
            if (on_bestmove) on_bestmove(text(best), Game::game_end(root));
        };
        engine_.go(params, {}, start, std::move(callbacks));
    }

    void settle() override {
        const std::uint16_t raw = pending_.exchange(0);
        if (raw) make(Move(raw));
    }
    void discard_move() override { pending_.store(0); }

private:
    void make(Move m) {
        Position pos = engine_.position();
        pos.make_move(m);
        engine_.set_position(std::move(pos));
        ++plies_;
    }

    bool notation() const { return notation_ && *notation_; }

    // Reads a position command into `pos`; returns an error message when anything in it is wrong.
    static FenError parse_position(const std::vector<std::string_view>& tokens, Position& pos, bool flag) {
        std::size_t i = 1;
        if (i < tokens.size() && lowercase(tokens[i]) == "startpos") {
            if (FenError e = Game::set_fen(pos, Game::START_FEN, flag)) return e;
            ++i;
        } else if (i < tokens.size() && lowercase(tokens[i]) == "fen") {
            std::string fen;
            for (++i; i < tokens.size() && lowercase(tokens[i]) != "moves"; ++i) fen += (fen.empty() ? "" : " ") + std::string(tokens[i]);
            if (FenError e = Game::set_fen(pos, fen, flag)) return fmt::format("invalid FEN ({}); position unchanged", *e);
        } else {
            return std::string("position needs 'startpos' or 'fen <FEN>'; position unchanged");
        }
        if (i < tokens.size()) {
            if (lowercase(tokens[i]) != "moves") return fmt::format("expected 'moves', got '{}'; position unchanged", printable(tokens[i]));
            const std::size_t first_move = i + 1;
            for (++i; i < tokens.size(); ++i) {
                const Move m = Game::parse_move(pos, tokens[i], flag);
                if (!m)
                    return fmt::format("illegal or unreadable move '{}' (move {} of the list); position unchanged",
                                       printable(tokens[i], 16), i - first_move + 1);
                pos.make_move(m);
            }
        }
        return std::nullopt;
    }

    std::shared_ptr<const bool> notation_;
    bool show_wdl_ = false;
    int plies_ = 0;                          // moves made since the game began (undo stops there)
    std::atomic<std::uint16_t> pending_{0};  // a go_xboard search's move, not made yet (raw; 0: none)
    BasicEngine<Game> engine_;
};

}  // namespace sen
