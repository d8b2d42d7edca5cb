#include "core/game_slot.h"

#include <algorithm>
#include <optional>

#include <fmt/core.h>

#include "core/engine.h"
#include "core/engine_control.h"
#include "core/game_front.h"
#include "core/tuning.h"
#include "core/uci_text.h"

namespace sen {

namespace {

constexpr int HASH_MAX_MB = 65536;
constexpr int THREADS_MAX = 256;
constexpr int MULTIPV_MAX = 256;
constexpr int OVERHEAD_MAX_MS = 5000;

}  // namespace

GameSlot::GameSlot(std::vector<GameEntry> games)
    : games_(std::move(games)), hash_mb_(EngineDefaults::HASH_MB), threads_(EngineDefaults::THREADS), multipv_(EngineDefaults::MULTIPV),
      move_overhead_ms_(EngineDefaults::MOVE_OVERHEAD_MS), book_files_(games_.size()), network_files_(games_.size()) {
    for (std::size_t i = 0; i < games_.size(); ++i) network_files_[i] = games_[i].default_network;
    game_ = make_front(games_.front().variant);
}

GameSlot::~GameSlot() {
    engine().stop();
    engine().wait();
}

void GameSlot::add_options(OptionTable& table) {
    table.add(UciOption::spin("Hash", int(EngineDefaults::HASH_MB), 1, HASH_MAX_MB, [this](int mb, OptionHost& host) {
        if (engine().set_hash(std::size_t(mb))) hash_mb_ = std::size_t(mb);
        else host.error(fmt::format("cannot allocate {} MB for the hash; keeping {} MB", mb, engine().hash_mb()));
    }));
    table.add(UciOption::spin("Threads", EngineDefaults::THREADS, 1, THREADS_MAX, [this](int n, OptionHost&) {
        threads_ = n;
        engine().set_threads(n);
    }));
    table.add(UciOption::spin("MultiPV", EngineDefaults::MULTIPV, 1, MULTIPV_MAX, [this](int n, OptionHost&) {
        multipv_ = n;
        engine().set_multipv(n);
    }));
    table.add(UciOption::check("Ponder", SlotDefaults::PONDER, [this](bool on, OptionHost&) { ponder_ = on; }));
    table.add(UciOption::spin("Move Overhead", EngineDefaults::MOVE_OVERHEAD_MS, 0, OVERHEAD_MAX_MS, [this](int ms, OptionHost&) {
        move_overhead_ms_ = ms;
        engine().set_move_overhead(ms);
    }));
    table.add(UciOption::button("Clear Hash", [this](OptionHost&) { engine().clear_hash(); }));
    table.add(UciOption::check("UCI_ShowWDL", SlotDefaults::SHOW_WDL, [this](bool on, OptionHost&) { show_wdl_ = on; }));
    table.add(UciOption::check("UCI_LimitStrength", SlotDefaults::LIMIT_STRENGTH, [this](bool on, OptionHost& host) {
        limit_strength_ = on;
        apply_strength(host, true);
    }));
    table.add(UciOption::spin("UCI_Elo", SlotDefaults::ELO, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX, [this](int elo, OptionHost& host) {
        elo_ = elo;
        apply_strength(host, false);
    }));
    // OwnBook and BookFile, with the names of Fruit and Toga II (UCCI shows them as usebook and
    // bookfiles). A book file is in one game's format: each game keeps its own, and `uci` shows
    // the active game's.
    table.add(UciOption::check("OwnBook", SlotDefaults::OWN_BOOK, [this](bool on, OptionHost&) { own_book_ = on; }));
    UciOption book = UciOption::string("BookFile", "<empty>", [this](const std::string& value, OptionHost& host) {
        if (engine().searching()) {
            host.error("BookFile cannot change during a search; unchanged");
            return;
        }
        const std::string paths = value == "<empty>" ? std::string() : value;
        if (const std::optional<std::string> problem = game_->open_book(paths)) {
            host.error(fmt::format("option BookFile: {}; unchanged", printable(*problem, 300)));
            return;
        }
        book_files_[active_game()] = paths;
        host.info(paths.empty() ? fmt::format("BookFile: {} plays without a book", game_->name())
                                : fmt::format("BookFile: {} plays from the book {}", game_->name(), printable(paths, 300)));
    });
    book.shown = [this] { return book_files_[active_game()].empty() ? std::string("<empty>") : book_files_[active_game()]; };
    book.reset = [this] {
        for (std::string& file : book_files_) file.clear();
        game_->open_book("");
    };
    table.add(std::move(book));
    // EvalFile, a network file from the trainer for the active game: each game keeps its own
    // choice (a network of one game is refused in another, by the files' magics), in its engines
    // alone. The engine may still be busy without a `go`: `uci` starts a short warm-up search in
    // the background, and GUIs send options straight after uciok. Offered where a game has networks.
    UciOption network = UciOption::string("EvalFile", games_.front().default_network, [this](const std::string& value, OptionHost& host) {
        if (engine().searching()) {
            host.error("EvalFile cannot change during a search; unchanged");
            return;
        }
        host.wait();
        const GameEntry& game = games_[active_game()];
        if (!game.choose_network) {
            host.error(fmt::format("option EvalFile: {} evaluates without networks; unchanged", game.variant));
            return;
        }
        const GameEntry::NetworkChoice choice = game.choose_network(value == "<empty>" ? std::string() : value);
        if (!choice.taken) {
            host.error(fmt::format("option EvalFile: {}; unchanged", choice.message));
            return;
        }
        network_files_[active_game()] = value.empty() ? std::string("<empty>") : value;
        host.info(choice.message);
    });
    network.shown = [this] { return network_files_[active_game()]; };
    network.reset = [this] {
        // Each game's engines back on their built-in network, silently.
        for (std::size_t i = 0; i < games_.size(); ++i) {
            if (games_[i].choose_network) games_[i].choose_network(games_[i].default_network);
            network_files_[i] = games_[i].default_network;
        }
    };
    if (std::any_of(games_.begin(), games_.end(), [](const GameEntry& g) { return bool(g.choose_network); })) table.add(std::move(network));
    std::vector<std::string> variants;
    for (const GameEntry& g : games_) {
        for (const UciOption& o : g.options) table.add(o);
        variants.push_back(g.variant);
    }
    table.add(
        UciOption::combo("UCI_Variant", games_.front().variant, variants, "variant", [this](const std::string& variant, OptionHost& host) {
            if (engine().searching()) {
                host.error("UCI_Variant cannot change during a search; unchanged");
                return;
            }
            ++variant_choices_;
            if (variant != game_->name()) start_game(variant, host);
        }));
    std::vector<ParameterSetter> setters;
    for (const GameEntry& g : games_)
        if (g.set_search_parameter) setters.push_back(g.set_search_parameter);
    add_tuning_options(table, std::move(setters));
}

void GameSlot::apply_strength(OptionHost& host, bool explain) {
    const auto game = std::find_if(games_.begin(), games_.end(), [&](const GameEntry& g) { return g.variant == game_->name(); });
    const bool calibrated = game != games_.end() && game->strength_levels;
    engine().set_strength(limit_strength_ && calibrated ? std::optional(elo_) : std::nullopt);
    if (explain && limit_strength_ && !calibrated)
        host.info(fmt::format("UCI_LimitStrength has no calibrated levels in {}: it plays at full strength", game_->name()));
}

std::size_t GameSlot::active_game() const {
    for (std::size_t i = 0; i < games_.size(); ++i)
        if (games_[i].variant == game_->name()) return i;
    return 0;
}

std::optional<BookChoice> GameSlot::book_move(const GoParams& params) {
    if (!own_book_ || params.infinite || params.ponder || params.mate) return std::nullopt;
    // As a go does: a search still running ends first (the one just answered may not have
    // finished yet when the GUI's next go comes), and so does the start-up warm-up.
    if (engine().searching()) engine().stop();
    engine().wait();
    return game_->book_move(params.searchmoves);
}

const GameEntry* GameSlot::ranks_from_zero_game() const {
    for (const GameEntry& g : games_)
        if (g.ranks_from_zero) return &g;
    return nullptr;
}

std::unique_ptr<GameFront> GameSlot::make_front(std::string_view variant) const {
    for (const GameEntry& g : games_)
        if (g.variant == variant) return g.make_front();
    return games_.front().make_front();
}

void GameSlot::start_game(std::string_view variant, OptionHost& host) {
    engine().park();  // its hash table goes first: only one big table at a time
    std::swap(game_, parked_);
    if (game_ && game_->name() == variant) engine().restart();
    else game_ = make_front(variant);
    EngineControl& e = engine();
    if (hash_mb_ != e.hash_mb() && !e.set_hash(hash_mb_)) {
        host.error(fmt::format("cannot allocate {} MB for the hash; using {} MB", hash_mb_, e.hash_mb()));
        hash_mb_ = e.hash_mb();
    }
    e.set_threads(threads_);
    e.set_multipv(multipv_);
    e.set_move_overhead(move_overhead_ms_);
    apply_strength(host, true);
    std::string& book = book_files_[active_game()];
    if (const std::optional<std::string> problem = game_->open_book(book)) {
        host.error(fmt::format("BookFile: {}; {} plays without a book", printable(*problem, 300), game_->name()));
        book.clear();
        game_->open_book("");
    }
    if (on_start) on_start();
    if (handshake_done_) e.prepare();
}

void GameSlot::handshake_done() {
    handshake_done_ = true;
    engine().prepare();
}

EngineControl& GameSlot::engine() const { return game_->engine(); }

}  // namespace sen
