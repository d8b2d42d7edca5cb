// The games Sen plays, listed once: the protocol (uci_setup below), every command-line subcommand
// and every tool find a game here, by its name (UCI_Variant, --variant) or its number (the game byte
// of the data files, tools/game_file.h), and reach its type through visit_game(), which calls a
// generic function with the game's tag; nothing else lists the games, so that core/ never has to.
//
// A game's number is its place in Games: chess 0, xiangqi 1. The data files store it, so a new game
// goes at the end. The first game is the default. UCI_Variant names them as Fairy-Stockfish does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "chess/game.h"
#include "core/uci.h"
#include "xiangqi/game.h"

namespace sen {

using Games = std::tuple<chess::ChessGame, xiangqi::XiangqiGame>;
constexpr std::size_t GAME_COUNT = std::tuple_size_v<Games>;

// A game's place in Games.
using GameId = std::uint8_t;

namespace detail {
template <class G, std::size_t... I>
constexpr std::size_t game_index(std::index_sequence<I...>) {
    std::size_t index = GAME_COUNT;
    ((std::is_same_v<G, std::tuple_element_t<I, Games>> ? (index = I, true) : false) || ...);
    return index;
}
}  // namespace detail

template <class G>
constexpr GameId game_id() {
    constexpr std::size_t index = detail::game_index<G>(std::make_index_sequence<GAME_COUNT>{});
    static_assert(index < GAME_COUNT, "not a game of Games");
    return GameId(index);
}

// What visit_game hands over: the game's type (Game) and number (ID), as a value that a generic
// lambda takes (`[](auto tag) { using G = typename decltype(tag)::Game; ... }`).
template <class G>
struct GameTag {
    using Game = G;
    static constexpr GameId ID = game_id<G>();
};

// The games' names (NAME), in the order of Games.
constexpr std::array<std::string_view, GAME_COUNT> GAME_NAMES = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, GAME_COUNT>{std::tuple_element_t<I, Games>::NAME...};
}
(std::make_index_sequence<GAME_COUNT>{});

// The game of that name (exactly NAME); nothing for any other text.
constexpr std::optional<GameId> find_game(std::string_view name) {
    for (std::size_t i = 0; i < GAME_COUNT; ++i)
        if (GAME_NAMES[i] == name) return GameId(i);
    return std::nullopt;
}

// The names joined for a message: game_names(" or ") is "chess or xiangqi".
std::string game_names(std::string_view separator);

namespace detail {
template <std::size_t I, class Visit>
decltype(auto) visit_game_from(GameId id, Visit& visit) {
    using Tag = GameTag<std::tuple_element_t<I, Games>>;
    if constexpr (I + 1 == GAME_COUNT) return visit(Tag{});
    else {
        if (id == I) return visit(Tag{});
        return visit_game_from<I + 1>(id, visit);
    }
}
}  // namespace detail

// Calls visit(GameTag<G>{}) for game number id and returns what it returns (the same type for
// every game). id must be a game's number (find_game's, or a checked one): any other calls the last.
template <class Visit>
decltype(auto) visit_game(GameId id, Visit&& visit) {
    return detail::visit_game_from<0>(id, visit);
}

// Calls visit(GameTag<G>{}) for every game, in order.
template <class Visit>
void for_each_game(Visit&& visit) {
    [&]<std::size_t... I>(std::index_sequence<I...>) { (visit(GameTag<std::tuple_element_t<I, Games>>{}), ...); }
    (std::make_index_sequence<GAME_COUNT>{});
}

// A fresh setup for one UCI or CECP session: every game, with the options that belong to it at
// their defaults, and the text of `help`. Each call makes new option state, so sessions do not
// share it.
UciSetup uci_setup();

}  // namespace sen
