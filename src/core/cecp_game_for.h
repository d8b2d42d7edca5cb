// CecpGameFor<Game>: a game played move by move over CECP (core/cecp_game.h), for any game, on
// the engine of the game's front (GameFrontFor, core/game_front_for.h). The front makes it the
// first time a CECP session asks for it, so a UCI or UCCI session never carries CECP's state:
// the moves made since the game began (undo stops there) and the move of a finished search that
// is not made yet (settle). Moves are read and written in xboard's coordinates
// (Game::parse_xboard_move, xboard_move_text) in the notation its front's flag selects.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/cecp_game.h"
#include "core/engine.h"
#include "core/game.h"
#include "core/go_params.h"
#include "core/text_report_for.h"

namespace sen {

template <SearchGame Game>
requires ProtocolGame<Game>
class CecpGameFor final : public CecpGame {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;

    // `engine` outlives this game (its front owns both); `notation` as the front's.
    CecpGameFor(BasicEngine<Game>& engine, std::shared_ptr<const bool> notation) : engine_(engine), notation_(std::move(notation)) {}

    // The engine's position was set by other means (a `position` command): a new game history.
    void forget_history() { moves_.clear(); }

    FenError set_fen(std::string_view fen) override {
        settle();
        Position pos;
        if (FenError e = Game::set_fen(pos, fen, notation())) return e;
        engine_.set_position(std::move(pos));
        moves_.clear();
        return std::nullopt;
    }
    void set_start() override {
        settle();
        Position pos;
        Game::set_fen(pos, Game::START_FEN, notation());
        engine_.set_position(std::move(pos));
        moves_.clear();
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
        if (moves_.empty()) return false;
        Position pos = engine_.position();
        pos.unmake_move();
        engine_.set_position(std::move(pos));
        moves_.pop_back();
        return true;
    }
    bool names_last_move(std::string_view text) const override {
        if (moves_.empty()) return false;
        Position before = engine_.position();
        before.unmake_move();
        const Move m = Game::parse_xboard_move(before, text, notation());
        return m && m.raw() == moves_.back().raw();
    }
    int plies() const override { return int(moves_.size()); }
    Color side_to_move() const override { return engine_.position().side_to_move(); }
    GameEnd game_end() const override { return Game::game_end(engine_.position()); }
    std::uint64_t legal_move_count() const override { return Game::count_legal_moves(engine_.position()); }

    void go(const GoParams& params, std::chrono::steady_clock::time_point start, CecpCallbacks cecp_callbacks) override {
        settle();
        const bool flag = notation();
        const auto text = [flag](Move m) { return Game::xboard_move_text(m, flag); };
        typename BasicEngine<Game>::Callbacks callbacks;
        if (cecp_callbacks.on_report)
            callbacks.on_report = [on_report = std::move(cecp_callbacks.on_report), text](const BasicSearchReport<Game>& r) {
                on_report(text_report(r, text));
            };
        // The search's root, copied for the callback: the game after the chosen move is judged
        // on the search thread, from this copy, so that the result can follow the move at once.
        callbacks.on_bestmove = [this, root = engine_.position(), on_bestmove = std::move(cecp_callbacks.on_bestmove),
                                 text](Move best, Move reply) mutable {
            if (!best) {
                if (on_bestmove) on_bestmove("", "", Game::game_end(root));
                return;
            }
            pending_.store(best.raw());
            root.make_move(best);
            if (on_bestmove) on_bestmove(text(best), reply ? text(reply) : std::string(), Game::game_end(root));
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
        moves_.push_back(m);
    }

    bool notation() const { return notation_ && *notation_; }

    BasicEngine<Game>& engine_;
    std::shared_ptr<const bool> notation_;
    std::vector<Move> moves_;                // made since the game began (undo stops there)
    std::atomic<std::uint16_t> pending_{0};  // a search's move, not made yet (raw; 0: none)
};

}  // namespace sen
