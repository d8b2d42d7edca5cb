// The seam between the shared engine parts and the per-game parts.
//
// Shared, written once (core/): the searcher (search.h, search_impl.h), move ordering
// (movepick.h), the transposition table (tt.h), the time manager (timeman.h), the engine thread
// (engine.h), bench (bench.h) and the protocol (uci.h, game_front.h). Per game (one folder each
// beside core/): the board, move generation, rules, evaluation and move text. A game is a struct
// of types and static functions (<game>/game.h) that the shared templates are instantiated with.
// Each instantiation is compiled in the game's own translation units (<game>/search.cpp,
// <game>/engine.cpp), so the game's position, generator and evaluation are inlined into its
// searcher as if the searcher had been written for it alone.
//
// The concepts below list what a game provides, split by who needs it (SearchGame: the searcher,
// move picker and engine; ProtocolGame: the protocol, bench and tools); each shared template
// requires the one it uses. Neither side reaches around the seam: nothing under core/ names a
// game (scripts/check-seam keeps it so), and the game code knows nothing of search, the hash
// table or the protocol.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/opening_book.h"
#include "core/search_params.h"
#include "core/types.h"
#include "core/wdl.h"

namespace sen {

// A decided node from the point of view of the side to move: the search turns it into a score
// (a draw is 0, a loss or win a mate score at this ply).
enum class Outcome : std::uint8_t { None, Draw, Loss, Win };

// What reading a FEN gives: nothing when it was read, else what is wrong with it.
using FenError = std::optional<std::string>;

// A game over by the game's rules, for a protocol that announces results (CECP): the outcome
// for the side to move (None: the game goes on), whether that side has no legal move (the one
// win a GUI can check at a glance), and the reason in words ("White mates", "Stalemate").
// The Rules of a game whose rules no event changes.
struct NoRules {};
// The Tables of a game without endgame tables.
struct NoTables {
    bool operator==(const NoTables&) const = default;
};

struct GameEnd {
    Outcome outcome = Outcome::None;
    bool no_moves = false;
    std::string reason;
};

// Endgame tables (tablebases), as the search sees them: a game with tables of decided positions
// says how far the search may use them; a game without any reports max_pieces 0,
// and the search then never asks for a probe.
struct TableSettings {
    int max_pieces = 0;   // probe positions with at most this many pieces (0: no tables)
    int probe_depth = 1;  // positions with exactly max_pieces are probed from this depth on
    bool rule50 = true;   // a win the fifty-move rule spoils (and a loss it saves) counts as a draw
};

// A root move's standing by the tables: moves of a higher rank are better, moves of one rank
// equally good as far as the tables tell; `score` is what to show for it, in centipawns, or
// +-TABLE_WIN for a result the tables prove (the search shows its own scale's table win).
struct TableRootMove {
    int rank = 0;
    int score = 0;
};
constexpr int TABLE_WIN = 1 << 20;
struct TableRootRanking {
    std::vector<TableRootMove> moves;  // in the order of the moves asked about
    bool exact = false;                // ranked by distance (the game's DTZ); else by result alone, and the search goes on probing
};

// What the searcher, the move picker and the engine need of a game. Every shared search
// template requires it, so a missing operation is one readable error at the instantiation.
template <class G>
concept SearchGame = requires(const typename G::Position& pos, typename G::Position& mutable_pos, typename G::Move m,
                              typename G::MoveList& list, int ply, int threshold, const std::vector<typename G::Move>& root_moves,
                              const TableSettings& settings, const typename G::Threats& threats, typename G::EvalState& eval_state,
                              const typename G::Tables& tables) {
    // Types. Move is 16 bits with raw() and an explicit constructor from them (the hash table
    // stores raw moves), none() (no move) and null() (the null move's marker); from() and to()
    // index histories by board point, as Piece does by piece (NO_PIECE: the null move's mover).
    typename G::Position;
    typename G::Move;
    typename G::MoveList;
    typename G::Piece;
    typename G::Threats;
    { G::NAME } -> std::convertible_to<std::string_view>;
    // The rules a position plays by where an event chooses them (NoRules where none may), set on
    // a position explicitly: the engine holds one and gives it to every position it gets.
    typename G::Rules;
    {G::set_rules(mutable_pos, std::declval<const typename G::Rules&>())};
    // The game's own values of the search's tunable parameters, where they differ from the
    // table's (core/search_params.h): a std::array of params::TunableValue, maybe empty.
    { G::SEARCH_PARAMETERS.size() } -> std::convertible_to<std::size_t>;
    // History table dimensions: pieces (colour and type), board points, victim kinds.
    { G::PIECE_NB } -> std::convertible_to<int>;
    { G::SQUARE_NB } -> std::convertible_to<int>;
    { G::VICTIM_NB } -> std::convertible_to<int>;
    { G::NO_PIECE } -> std::convertible_to<typename G::Piece>;
    { m.raw() } -> std::same_as<std::uint16_t>;
    { typename G::Move(std::uint16_t{}) } -> std::same_as<typename G::Move>;
    { G::Move::none() } -> std::same_as<typename G::Move>;
    { G::Move::null() } -> std::same_as<typename G::Move>;
    { m.from() } -> std::convertible_to<int>;
    { m.to() } -> std::convertible_to<int>;

    // The position: key, side to move, check, the piece on a point, and making moves (a null
    // move passes the turn: null-move pruning).
    { pos.key() } -> std::same_as<Key>;
    { pos.key_after(m) } -> std::same_as<Key>;  // to prefetch the hash entry before making m
    { pos.side_to_move() } -> std::same_as<Color>;
    { pos.in_check() } -> std::same_as<bool>;
    { pos.game_ply() } -> std::convertible_to<int>;
    { pos.piece_on(m.from()) } -> std::convertible_to<typename G::Piece>;
    mutable_pos.make_move(m);
    mutable_pos.unmake_move();
    mutable_pos.make_null_move();
    mutable_pos.unmake_null_move();

    // Move generation, appending to the list: every legal move, the noisy ones (quiescence) or
    // the quiet ones. Noisy and quiet split every legal move without overlap, as is_noisy says.
    G::generate_all(pos, list);
    G::generate_noisy(pos, list);
    G::generate_quiet(pos, list);
    { G::count_legal_moves(pos) } -> std::convertible_to<std::uint64_t>;
    { G::is_legal(pos, m) } -> std::same_as<bool>;
    // Evaluation in centipawns from the side to move's point of view. Evaluator is what an engine
    // evaluates with, its own choice (a network, shared and never changed once made, or none for
    // the hand-written evaluation), default_evaluator() what a new engine starts with. EvalState
    // is what the evaluation keeps beside one searcher's position (a network's accumulators), so
    // that the position, and perft and the rules with it, carry none of it: default-constructible,
    // reset(evaluator) when that position is set to a new root, push() after each move (null
    // moves too) made on it and pop() after each taken back. Anything else that evaluates keeps
    // its own.
    requires std::equality_comparable<typename G::Evaluator>;
    { G::default_evaluator() } -> std::same_as<typename G::Evaluator>;
    typename G::EvalState;
    eval_state.reset(G::default_evaluator());
    eval_state.push();
    eval_state.pop();
    { G::evaluate(pos, eval_state) } -> std::same_as<int>;
    // A hash of the pawn (soldier) structure: the static-eval correction is kept per structure.
    { G::pawn_structure_key(pos) } -> std::same_as<std::uint64_t>;
    // Move classes and exchange values for ordering and pruning.
    { G::is_noisy(pos, m) } -> std::same_as<bool>;
    { G::victim(pos, m) } -> std::convertible_to<int>;  // index < VICTIM_NB for capture history
    { G::noisy_value(pos, m) } -> std::same_as<int>;    // what the move wins at once (ordering)
    { G::max_gain(pos, m) } -> std::same_as<int>;       // an upper bound of that (delta pruning)
    { G::demote_quiet(m) } -> std::same_as<bool>;       // a quiet move to try after all others
    { G::see_ge(pos, m, threshold) } -> std::same_as<bool>;
    { G::gives_check(pos, m) } -> std::same_as<bool>;  // spares a quiet check from pruning near the leaves
    // Quiet-move ordering by threats: what the game works out once per node of the squares the
    // opponent attacks with cheaper pieces, and for a quiet move the value it saves by leaving
    // such a square (a game may also mark down a move into such reach: a negative value).
    { G::threats(pos) } -> std::same_as<typename G::Threats>;
    { G::threat_escape(pos, threats, m) } -> std::same_as<int>;
    { G::has_non_pawn_material(pos, pos.side_to_move()) } -> std::same_as<bool>;  // null move and pruning guard
    // Rules: an outcome decided before generating moves (repetition, move limits, material),
    // and the outcome when the side to move has no legal move.
    { G::rule_outcome(pos, ply) } -> std::same_as<Outcome>;
    { G::no_move_outcome(pos) } -> std::same_as<Outcome>;
    // Whether the side to move, not in check, could be without a legal move here: cheap, and
    // true rarely, for the quiescence search to look (where having no move decides the game).
    { G::may_lack_moves(pos) } -> std::same_as<bool>;
    // Endgame tables: Tables is what an engine probes, its own choice (the files and how to probe
    // them; NoTables where the game has none). From it: the settings for this search; the number
    // of pieces when the tables may be probed here in the tree (right after a move that resets
    // the game's move counter), else 0; the position's result by the tables (-2 loss, -1 a loss
    // the move-limit rule saves, 0 draw, 1 a win it spoils, 2 win; nothing when they do not say);
    // and the root moves ranked, when the root is in the tables (nothing otherwise).
    requires std::equality_comparable<typename G::Tables>;
    { G::table_settings(tables) } -> std::same_as<TableSettings>;
    { G::table_men(pos) } -> std::convertible_to<int>;
    { G::table_wdl(tables, mutable_pos) } -> std::same_as<std::optional<int>>;
    { G::table_rank_root(tables, mutable_pos, root_moves, settings) } -> std::same_as<std::optional<TableRootRanking>>;
};

// What the protocol front-end, bench and the command-line tools need of a game: reading and
// writing positions and moves, showing a position, and the game's bench positions. `notation`
// is the protocol's castling notation flag (a game option, set through the game's own UCI option);
// a game without castling ignores it.
template <class G>
concept ProtocolGame = requires(const typename G::Position& pos, typename G::Position& mutable_pos, typename G::Move m,
                                std::string_view text, bool notation, const OpeningBook& book) {
    { G::START_FEN } -> std::convertible_to<std::string_view>;
    { G::set_fen(mutable_pos, text, notation) } -> std::same_as<FenError>;
    { pos.fen() } -> std::convertible_to<std::string>;
    { G::parse_move(pos, text, notation) } -> std::same_as<typename G::Move>;
    { G::move_text(m, notation) } -> std::same_as<std::string>;
    // The same in the coordinates xboard (CECP) uses, where they differ from UCI's: a game on
    // ten ranks counts them from 0; a game whose castling needs words writes them (O-O).
    { G::parse_xboard_move(pos, text, notation) } -> std::same_as<typename G::Move>;
    { G::xboard_move_text(m, notation) } -> std::same_as<std::string>;
    // Whether the game is over in this position, by the rules alone (calls the move generator).
    { G::game_end(pos) } -> std::same_as<GameEnd>;
    // The board in words, with what the engine's tables say of it.
    { G::pretty(pos, typename G::Tables{}) } -> std::same_as<std::string>;
    { G::eval_report(pos, G::default_evaluator()) } -> std::same_as<std::string>;
    // The win/draw/loss model of UCI_ShowWDL (core/wdl.h) and the material count it reads.
    { G::WDL_MODEL } -> std::convertible_to<WdlModel>;
    { G::wdl_material(pos) } -> std::same_as<int>;
    { G::BENCH_DEPTH } -> std::convertible_to<int>;
    G::BENCH_FENS.begin();
    // The game's opening-book format (core/opening_book.h), and the legal moves a book holds for
    // a position, with their weights.
    { G::BOOK_FORMAT } -> std::convertible_to<BookFormat>;
    { G::book_moves(book, pos) } -> std::same_as<std::vector<BookMove<typename G::Move>>>;
};

// A game as the whole engine sees it.
template <class G>
concept Game = SearchGame<G> && ProtocolGame<G>;

}  // namespace sen
