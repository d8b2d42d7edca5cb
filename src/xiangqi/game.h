// Xiangqi as a game for the shared searcher, engine and protocol (see ../game.h for the seam).
//
// Forwards to the xiangqi modules (position, movegen, eval, see, notation); every function
// is inline so that the xiangqi instantiation of the searcher (xiangqi/search.cpp) has them
// inlined. Xiangqi rules the search needs, from the side to move's point of view: a repetition
// is judged by Position::repetition_result (the side that checked on every move of the cycle,
// when the other did not, loses: perpetual check; failing that, the side that chased one piece
// with every move, when the other did not, loses: perpetual chase;
// otherwise a draw; only a found repetition looks for chases; the position's RepetitionRules
// say how checks and chases weigh, rules.h); dead material and the
// no-capture limit (when on) are draws; having no legal move is a loss, in check or not (there is no
// stalemate draw in xiangqi). Noisy moves are the captures (no promotions here).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/perft.h"
#include "core/prng.h"
#include "xiangqi/bench_positions.h"
#include "xiangqi/elephanteye_book.h"
#include "xiangqi/eval.h"
#include "xiangqi/eval_tuning.h"
#include "xiangqi/movegen.h"
#include "xiangqi/nnue.h"
#include "xiangqi/notation.h"
#include "xiangqi/position.h"
#include "xiangqi/see.h"
#include "xiangqi/threats.h"
#include "xiangqi/wdl_model.h"

namespace sen::xiangqi {

struct XiangqiGame {
    using Position = xiangqi::Position;
    using Move = xiangqi::Move;
    using MoveList = xiangqi::MoveList;
    using Piece = xiangqi::Piece;
    using Threats = xiangqi::Threats;
    using EvalState = nnue::EvalState;
    // The hand-written evaluation's table as the weight tuner sees it (eval_tuning.h).
    using EvalTuning = xiangqi::EvalTuning;
    // The network an engine evaluates with: from the start the built-in one; none (nullptr) for
    // the hand-written evaluation.
    using Evaluator = sen::nn::SharedNetwork<nnue::XiangqiFeatures>;
    static Evaluator default_evaluator() { return nnue::built_in_network(); }
    // The built-in network's file (empty without one), for training to start from.
    static std::span<const unsigned char> built_in_network_file() { return nnue::embedded_network_file(); }
    // Every rule of xiangqi is symmetric left to right: a position is worth what its mirror is.
    static bool mirror_symmetric(const Position&) { return true; }

    static constexpr std::string_view NAME = "xiangqi";
    // The event's rules (rules.h): the repetition rules and the no-capture move limit.
    using Rules = RuleSettings;
    static void set_rules(Position& pos, const Rules& rules) { pos.set_rules(rules); }
    // Xiangqi's own search parameters, where they differ from the table's (which SPSA tuned for
    // chess): none yet; a xiangqi tune writes its values here.
    static constexpr std::array<params::TunableValue, 0> SEARCH_PARAMETERS{};
    static constexpr std::string_view START_FEN = Position::START_FEN;
    static constexpr int PIECE_NB = xiangqi::PIECE_NB;
    static constexpr int SQUARE_NB = xiangqi::SQUARE_NB;
    static constexpr int VICTIM_NB = xiangqi::PIECE_TYPE_NB;
    static constexpr Piece NO_PIECE = xiangqi::NO_PIECE;
    static constexpr int BENCH_DEPTH = xiangqi::BENCH_DEPTH;
    static constexpr const auto& BENCH_FENS = xiangqi::BENCH_FENS;

    static void generate_all(const Position& pos, MoveList& list) { generate<GenKind::All>(pos, list); }
    static void generate_noisy(const Position& pos, MoveList& list) { generate<GenKind::Noisy>(pos, list); }
    static void generate_quiet(const Position& pos, MoveList& list) { generate<GenKind::Quiet>(pos, list); }
    static std::uint64_t count_legal_moves(const Position& pos) { return xiangqi::count_legal_moves(pos); }
    static bool is_legal(const Position& pos, Move m) { return xiangqi::is_legal(pos, m); }

    // The learned evaluation (nnue.h) while the engine has a network (EvalFile's, or one built in),
    // otherwise the table evaluation (eval.h).
    static int evaluate(const Position& pos, EvalState& eval_state) {
        return eval_state.network() ? nnue::evaluate(pos, eval_state) : xiangqi::evaluate(pos);
    }
    // A hash of where the soldiers stand, for the search's static-eval correction.
    static std::uint64_t pawn_structure_key(const Position& pos) {
        const Bitboard red = pos.pieces(Color::White, SOLDIER), black = pos.pieces(Color::Black, SOLDIER);
        const std::uint64_t a = std::uint64_t(red) ^ std::uint64_t(red >> 64) * 0xD6E8FEB86659FD93ull;
        const std::uint64_t b = std::uint64_t(black) ^ std::uint64_t(black >> 64) * 0xA0761D6478BD642Full;
        return mix_pair(a, b);
    }

    static bool is_noisy(const Position& pos, Move m) { return !pos.empty(m.to()); }
    static PieceType victim(const Position& pos, Move m) { return piece_type(pos.piece_on(m.to())); }
    static int noisy_value(const Position& pos, Move m) { return SEE_VALUE[victim(pos, m)]; }
    static int max_gain(const Position& pos, Move m) { return SEE_VALUE[victim(pos, m)]; }
    static bool demote_quiet(Move) { return false; }
    static bool see_ge(const Position& pos, Move m, int threshold) { return xiangqi::see_ge(pos, m, threshold); }
    static bool gives_check(const Position& pos, Move m) { return pos.gives_check(m); }
    static Threats threats(const Position& pos) { return xiangqi::threats(pos); }
    static int threat_escape(const Position& pos, const Threats& t, Move m) { return xiangqi::threat_escape(pos, t, m); }
    // Zugzwang needs a side with only its general, advisors, elephants and soldiers to move.
    static bool has_non_pawn_material(const Position& pos, Color c) { return (pos.pieces(c, CHARIOT) | pos.pieces(c, HORSE, CANNON)) != 0; }

    static Outcome rule_outcome(const Position& pos, int ply) {
        if (pos.has_insufficient_material()) return Outcome::Draw;
        if (const std::optional<GameResult> r = pos.repetition_result(ply))
            return *r == GameResult::Loss ? Outcome::Loss : *r == GameResult::Win ? Outcome::Win : Outcome::Draw;
        if (pos.no_capture_limit_reached() && pos.is_no_capture_draw()) return Outcome::Draw;
        return Outcome::None;
    }
    static Outcome no_move_outcome(const Position&) { return Outcome::Loss; }
    // A side with no chariot, horse or cannon has only its general, advisors, elephants and
    // soldiers, all of which may be boxed in: stalemate (a loss) is then worth looking for.
    static bool may_lack_moves(const Position& pos) {
        return !pos.pieces(pos.side_to_move(), CHARIOT, HORSE) && !pos.pieces(pos.side_to_move(), CANNON);
    }
    // No endgame tables for xiangqi: the search never probes.
    using Tables = NoTables;
    static TableSettings table_settings(const Tables&) { return {}; }
    static int table_men(const Position&) { return 0; }
    static std::optional<int> table_wdl(const Tables&, Position&) { return std::nullopt; }
    static std::optional<TableRootRanking> table_rank_root(const Tables&, Position&, const std::vector<Move>&, const TableSettings&) {
        return std::nullopt;
    }

    // The notation flag: ranks counted from 0 ("h2e2", as UCCI and Pikafish's UCI write them)
    // instead of Fairy-Stockfish's 1 to 10 ("h3e3"). The FEN is the same in both.
    static std::optional<std::string> set_fen(Position& pos, std::string_view fen, bool /*ranks_from_zero*/) { return pos.set_fen(fen); }
    static Move parse_move(const Position& pos, std::string_view text, bool ranks_from_zero) {
        return ranks_from_zero ? xiangqi::parse_xboard_move(pos, text).move : parse_uci_move(pos, text);
    }
    static std::string move_text(Move m, bool ranks_from_zero) { return ranks_from_zero ? move_to_xboard(m) : move_to_uci(m); }
    static Move parse_xboard_move(const Position& pos, std::string_view text, bool) { return xiangqi::parse_xboard_move(pos, text).move; }
    static std::string xboard_move_text(Move m, bool) { return move_to_xboard(m); }
    // Red plays first and is "White" in result codes (1-0: Red wins), as in xboard and PGN.
    static GameEnd game_end(const Position& pos) {
        const bool red = pos.side_to_move() == Color::White;
        const std::string mover = red ? "Red" : "Black", other = red ? "Black" : "Red";
        switch (pos.game_state()) {
        case GameState::Ongoing: return {};
        case GameState::Checkmate: return {Outcome::Loss, true, other + " mates"};
        case GameState::Stalemate: return {Outcome::Loss, true, mover + " has no legal move"};
        case GameState::PerpetualCheckWin: return {Outcome::Win, false, other + " loses by perpetual check"};
        case GameState::PerpetualCheckLoss: return {Outcome::Loss, false, mover + " loses by perpetual check"};
        case GameState::PerpetualChaseWin: return {Outcome::Win, false, other + " loses by perpetual chase"};
        case GameState::PerpetualChaseLoss: return {Outcome::Loss, false, mover + " loses by perpetual chase"};
        case GameState::Repetition: return {Outcome::Draw, false, "Draw by repetition"};
        case GameState::DeadMaterial: return {Outcome::Draw, false, "Insufficient material"};
        case GameState::MoveLimit: return {Outcome::Draw, false, "Draw by the no-capture move limit"};
        }
        return {};
    }
    static std::string pretty(const Position& pos, const Tables&) { return pos.pretty(); }
    static std::string eval_report(const Position& pos, const Evaluator& network_in_use) {
        if (!network_in_use) return xiangqi::eval_report(pos);
        // Normalised as the search's scores are shown (core/wdl.h), with the network's own number.
        const int network = sen::nn::evaluate_fresh(pos, *network_in_use);
        return "network: " + std::to_string(WDL_MODEL.normalised(network)) + " cp (side to move; " + std::to_string(network) +
               " in the network's units)\ntables: " + xiangqi::eval_report(pos);
    }
    static constexpr const WdlModel& WDL_MODEL = xiangqi::WDL_MODEL;
    static int wdl_material(const Position& pos) { return xiangqi::wdl_material(pos); }
    // Opening books in ElephantEye's format (xiangqi/elephanteye_book.h).
    static constexpr const BookFormat& BOOK_FORMAT = elephanteye::FORMAT;
    static std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos) {
        return elephanteye::book_moves(book, pos);
    }
};

static_assert(Game<XiangqiGame>);

}  // namespace sen::xiangqi

namespace sen {
// Perft over the xiangqi generator, compiled once, in xiangqi/movegen.cpp (core/perft.h says why).
extern template struct Perft<xiangqi::XiangqiGame>;
}  // namespace sen
