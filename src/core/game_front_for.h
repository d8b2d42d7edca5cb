// GameFrontFor<Game>: the front of one game (core/game_front.h), implemented for any game
// through the game concept's protocol functions (core/game.h: set_fen, parse_move, move_text,
// START_FEN, pretty, eval_report, BENCH_DEPTH, BENCH_FENS, NAME, the book's format). It owns the
// game's engine and hands it out as EngineControl, and makes the game's CECP play
// (CecpGameFor, core/cecp_game_for.h) on the engine when a CECP session first asks for it; it
// never sees a move generator. Included where games are registered (src/games.cpp); the sessions
// see only the interfaces.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "core/bench.h"
#include "core/cecp_game_for.h"
#include "core/deep_perft.h"
#include "core/engine.h"
#include "core/game.h"
#include "core/game_front.h"
#include "core/go_params.h"
#include "core/opening_book.h"
#include "core/perft_hash.h"
#include "core/prng.h"
#include "core/text_report_for.h"
#include "core/uci_text.h"

namespace sen {

// What a session's options chose for one game's engines: the rules its positions play by, what
// it evaluates with and the endgame tables it probes. The game's registration (src/games.cpp)
// holds it, its options change it between searches, and each front made from it hands it to its
// engine.
template <SearchGame Game>
struct GameChoices {
    typename Game::Rules rules{};
    typename Game::Evaluator evaluator = Game::default_evaluator();
    typename Game::Tables tables{};
};

template <SearchGame Game>
requires ProtocolGame<Game>
class GameFrontFor final : public GameFront {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;

    // `notation`: the game's notation flag, and `choices` the rules, evaluator and tables of its engine,
    // both owned by the game's registration (src/games.cpp), which lets options set them; none
    // reads false and a new engine's defaults. The engine is told the choices whenever a command
    // sets a position, evaluates or starts a search, so a change reaches it before it matters.
    explicit GameFrontFor(std::shared_ptr<const bool> notation = nullptr, std::shared_ptr<const GameChoices<Game>> choices = nullptr)
        : notation_(std::move(notation)), choices_(std::move(choices)) {
        sync_choices();
    }

    std::string_view name() const override { return Game::NAME; }
    EngineControl& engine() override { return engine_; }
    CecpGame& cecp() override {
        sync_choices();
        if (!cecp_) cecp_ = std::make_unique<CecpGameFor<Game>>(engine_, notation_);
        return *cecp_;
    }
    Color side_to_move() const override { return engine_.position().side_to_move(); }

    FenError set_position(const std::vector<std::string_view>& tokens) override {
        Position pos;
        if (FenError e = parse_position(tokens, pos, notation())) return e;
        sync_choices();
        engine_.set_position(std::move(pos));
        if (cecp_) cecp_->forget_history();
        return std::nullopt;
    }

    void reread_position() override {
        sync_choices();
        Position pos;
        if (!Game::set_fen(pos, engine_.position().fen(), notation())) engine_.set_position(std::move(pos));
    }

    void go(const GoParams& params, std::chrono::steady_clock::time_point start, bool wdl, TextCallbacks text_callbacks) override {
        sync_choices();
        const bool flag = notation();
        std::vector<Move> searchmoves;
        for (const std::string& text : params.searchmoves)
            if (const Move m = Game::parse_move(engine_.position(), text, flag)) searchmoves.push_back(m);
        // The callbacks run on the search thread: they capture what they need by value, so that
        // a setoption during the search cannot race with them or change the notation of a
        // search that was started in another one.
        const auto text = [flag](Move m) { return m ? Game::move_text(m, flag) : std::string(); };
        typename BasicEngine<Game>::Callbacks callbacks;
        if (text_callbacks.on_report)
            // The WDL chances, when asked for: for the root's material, as the score is the root's.
            callbacks.on_report = [on_report = std::move(text_callbacks.on_report), text, wdl,
                                   material = Game::wdl_material(engine_.position())](const BasicSearchReport<Game>& r) {
                TextReport t = text_report(r, text);
                if (wdl)
                    t.wdl = !is_mate_score(r.score) ? Game::WDL_MODEL.wdl(r.score, material)
                            : r.score > 0           ? Wdl{1000, 0, 0}
                                                    : Wdl{0, 0, 1000};
                on_report(t);
            };
        if (text_callbacks.on_current_move)
            callbacks.on_current_move = [on_current_move = std::move(text_callbacks.on_current_move), text](int depth, Move m, int number) {
                on_current_move(depth, text(m), number);
            };
        callbacks.on_no_moves = std::move(text_callbacks.on_no_moves);
        callbacks.on_start = std::move(text_callbacks.on_start);
        if (text_callbacks.on_bestmove)
            callbacks.on_bestmove = [on_bestmove = std::move(text_callbacks.on_bestmove), text](Move best, Move ponder) {
                on_bestmove(text(best), best ? text(ponder) : std::string());
            };
        engine_.go(params, std::move(searchmoves), start, std::move(callbacks));
    }

    std::vector<std::string> legal_moves() const override {
        const bool flag = notation();
        typename Game::MoveList list;
        Game::generate_all(engine_.position(), list);
        std::vector<std::string> texts;
        for (const Move m : list)
            if (Game::is_legal(engine_.position(), m)) texts.push_back(Game::move_text(m, flag));
        return texts;
    }

    std::string board() override {
        sync_choices();
        return Game::pretty(engine_.position(), engine_.tables());
    }
    std::string eval() override {
        sync_choices();
        return Game::eval_report(engine_.position(), engine_.evaluator());
    }

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
    BenchResult bench(int depth) override {
        sync_choices();
        return run_bench<Game>(depth, {}, engine_.evaluator());
    }

    std::optional<std::string> open_book(std::string_view paths) override { return book_.open(paths, Game::BOOK_FORMAT); }

    std::optional<BookChoice> book_move(const std::vector<std::string>& allowed) override {
        if (!book_.is_open()) return std::nullopt;
        const bool flag = notation();
        std::vector<BookMove<Move>> moves = Game::book_moves(book_, engine_.position());
        if (!allowed.empty())
            std::erase_if(moves, [&](const BookMove<Move>& b) {
                return std::find(allowed.begin(), allowed.end(), Game::move_text(b.move, flag)) == allowed.end();
            });
        std::vector<std::uint32_t> weights;
        for (const BookMove<Move>& b : moves) weights.push_back(b.weight);
        const std::optional<std::size_t> chosen = choose_by_weight(weights, book_random_.next());
        if (!chosen) return std::nullopt;
        const Move m = moves[*chosen].move;
        return BookChoice{Game::move_text(m, flag), Game::xboard_move_text(m, flag), weights[*chosen],
                          std::accumulate(weights.begin(), weights.end(), std::uint32_t(0))};
    }

    // Reads a position command into `pos` in the notation `flag` selects; returns an error message
    // when anything in it is wrong.
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

private:
    bool notation() const { return notation_ && *notation_; }
    void sync_choices() {
        if (!choices_ || engine_.searching()) return;
        engine_.set_rules(choices_->rules);
        engine_.set_evaluator(choices_->evaluator);
        engine_.set_tables(choices_->tables);
    }

    std::shared_ptr<const bool> notation_;
    std::shared_ptr<const GameChoices<Game>> choices_;
    // Made by the first cecp(); declared before the engine, whose search thread (joined when the
    // engine goes) may still report to it.
    std::unique_ptr<CecpGameFor<Game>> cecp_;
    BasicEngine<Game> engine_;
    OpeningBook book_;
    // The book's draws differ from one run to the next, as a player's opening choices do.
    SplitMix64 book_random_{std::random_device{}() ^ std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count())};
};

}  // namespace sen
