// Chess as a game for the shared searcher, engine and protocol (see game.h for the seam).
//
// Only forwards to the chess modules (position, movegen, eval, see, notation); every
// function is inline so that the chess instantiation of the searcher compiles to the same code
// as a searcher written for chess alone. Chess rules the search needs: repetition, the
// fifty-move rule (a mate on its last ply still counts) and insufficient material are draws;
// no legal move is a loss in check and a stalemate (draw) otherwise.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/chess960.h"
#include "chess/eval.h"
#include "chess/eval_tuning.h"
#include "chess/movegen.h"
#include "chess/nnue.h"
#include "chess/notation.h"
#include "chess/polyglot_book.h"
#include "chess/position.h"
#include "chess/see.h"
#include "chess/syzygy/root.h"
#include "chess/syzygy/tablebase.h"
#include "chess/threats.h"
#include "chess/wdl_model.h"
#include "core/game.h"
#include "core/perft.h"
#include "core/prng.h"

namespace sen::chess {

struct ChessGame {
    using Position = chess::Position;
    using Move = chess::Move;
    using MoveList = chess::MoveList;
    using Piece = chess::Piece;
    using Threats = chess::Threats;
    using EvalState = nnue::EvalState;
    // The hand-written evaluation's table as the weight tuner sees it (eval_tuning.h).
    using EvalTuning = chess::EvalTuning;
    // The network an engine evaluates with: from the start the built-in one; none (nullptr) for
    // the hand-written evaluation.
    using Evaluator = sen::nn::SharedNetwork<nnue::ChessFeatures>;
    static Evaluator default_evaluator() { return nnue::built_in_network(); }
    // The built-in network's file, for training to start from (nnue-train --init <built-in>).
    static std::span<const unsigned char> built_in_network_file() { return nnue::embedded_network_file(); }

    static constexpr std::string_view NAME = "chess";
    // No event changes chess's rules.
    using Rules = NoRules;
    static void set_rules(Position&, const Rules&) {}
    // The search parameters' table holds chess's values (found by SPSA): none of its own.
    static constexpr std::array<params::TunableValue, 0> SEARCH_PARAMETERS{};
    static constexpr std::string_view START_FEN = Position::START_FEN;
    // Other start positions, for self-play openings (sen datagen): Double Fischer Random's, the
    // white and the black back rank each one of Chess960's 960.
    static constexpr std::uint64_t VARIANT_STARTS = std::uint64_t(CHESS960_POSITIONS) * CHESS960_POSITIONS;
    static void set_variant_start(Position& pos, std::uint64_t index) {
        const FenError error = pos.set_fen(dfrc_start_fen(int(index / CHESS960_POSITIONS), int(index % CHESS960_POSITIONS)), true);
        assert(!error);
        (void)error;
    }
    static constexpr int PIECE_NB = chess::PIECE_NB;
    static constexpr int SQUARE_NB = chess::SQUARE_NB;
    static constexpr int VICTIM_NB = chess::PIECE_TYPE_NB;
    static constexpr Piece NO_PIECE = chess::NO_PIECE;
    static constexpr int BENCH_DEPTH = chess::BENCH_DEPTH;
    static constexpr const auto& BENCH_FENS = chess::BENCH_FENS;

    static void generate_all(const Position& pos, MoveList& list) { generate<GenKind::All>(pos, list); }
    static void generate_noisy(const Position& pos, MoveList& list) { generate<GenKind::Noisy>(pos, list); }
    static void generate_quiet(const Position& pos, MoveList& list) { generate<GenKind::Quiet>(pos, list); }
    static std::uint64_t count_legal_moves(const Position& pos) { return chess::count_legal_moves(pos); }
    static bool is_legal(const Position& pos, Move m) { return chess::is_legal(pos, m); }

    // The learned evaluation (nnue.h) while the engine has a network (the built-in one, or EvalFile's),
    // else the hand-written one (eval.h).
    static int evaluate(const Position& pos, EvalState& eval_state) {
        return eval_state.network() ? nnue::evaluate(pos, eval_state) : chess::evaluate(pos);
    }
    // A hash of where the pawns stand, for the search's static-eval correction.
    static std::uint64_t pawn_structure_key(const Position& pos) {
        return mix_pair(pos.pieces(Color::White, PAWN), pos.pieces(Color::Black, PAWN));
    }

    // Noisy moves change the material: captures (en passant included) and promotions to a
    // queen. Everything else, castling too (stored as king-takes-rook), is quiet.
    static bool is_noisy(const Position& pos, Move m) {
        return (!pos.empty(m.to()) && m.kind() != MoveKind::Castling) || m.kind() == MoveKind::EnPassant ||
               (m.kind() == MoveKind::Promotion && m.promotion() == QUEEN);
    }
    static PieceType victim(const Position& pos, Move m) {
        return m.kind() == MoveKind::EnPassant ? PAWN : piece_type(pos.piece_on(m.to()));
    }
    static int noisy_value(const Position& pos, Move m) {
        return SEE_VALUE[victim(pos, m)] + (m.kind() == MoveKind::Promotion ? SEE_VALUE[QUEEN] : 0);
    }
    // A promotion is never delta-pruned: its bound is out of reach of any window.
    static int max_gain(const Position& pos, Move m) { return m.kind() == MoveKind::Promotion ? 1 << 20 : SEE_VALUE[victim(pos, m)]; }
    // Under-promotions are almost never right.
    static bool demote_quiet(Move m) { return m.kind() == MoveKind::Promotion; }
    static bool see_ge(const Position& pos, Move m, int threshold) { return chess::see_ge(pos, m, threshold); }
    static bool gives_check(const Position& pos, Move m) { return pos.gives_check(m); }
    static Threats threats(const Position& pos) { return chess::threats(pos); }
    static int threat_escape(const Position& pos, const Threats& t, Move m) { return chess::threat_escape(pos, t, m); }
    static bool has_non_pawn_material(const Position& pos, Color c) { return (pos.pieces(c) & ~pos.pieces(PAWN, KING)) != 0; }

    static Outcome rule_outcome(const Position& pos, int ply) {
        if (pos.has_insufficient_material() || pos.is_repetition(ply)) return Outcome::Draw;
        // Fifty-move rule, except that a checkmate given on the hundredth ply still counts.
        if (pos.rule50() >= 100 && (!pos.in_check() || chess::count_legal_moves(pos) > 0)) return Outcome::Draw;
        return Outcome::None;
    }
    static Outcome no_move_outcome(const Position& pos) { return pos.in_check() ? Outcome::Loss : Outcome::Draw; }
    // Stalemate is a draw and rare: the quiescence search does not look for it, as Stockfish's
    // does not.
    static bool may_lack_moves(const Position&) { return false; }
    // Whether the position's value is that of its mirror image left to right (training's
    // --mirror): castling is the one rule that is not symmetric.
    static bool mirror_symmetric(const Position& pos) { return pos.castling_rights() == NO_CASTLING; }

    // Syzygy tables (syzygy/tablebase.h), as the engine's Syzygy options set them. A probe limit
    // above the largest table found probes every table position at any depth (Stockfish's rule).
    using Tables = syzygy::EngineTables;
    static TableSettings table_settings(const Tables& tables) {
        const int found = tables.max_pieces();
        const int limit = tables.probe_limit;
        if (found == 0 || limit == 0) return {};
        TableSettings s;
        s.max_pieces = std::min(limit, found);
        s.probe_depth = limit > found ? 0 : tables.probe_depth;
        s.rule50 = tables.rule50;
        return s;
    }
    // In the tree the tables are probed right after a capture or pawn move (the position is new
    // to the fifty-move count), never with castling rights, which the tables do not hold.
    static int table_men(const Position& pos) {
        return pos.rule50() == 0 && pos.castling_rights() == NO_CASTLING ? popcount(pos.pieces()) : 0;
    }
    // Asked only where table_settings found tables.
    static std::optional<int> table_wdl(const Tables& tables, Position& pos) { return tables.files->probe_wdl(pos); }
    static std::optional<TableRootRanking> table_rank_root(const Tables& tables, Position& pos, const std::vector<Move>& moves,
                                                           const TableSettings& s) {
        return syzygy::rank_root_moves(*tables.files, pos, moves, s);
    }

    static std::optional<std::string> set_fen(Position& pos, std::string_view fen, bool chess960) { return pos.set_fen(fen, chess960); }
    static Move parse_move(const Position& pos, std::string_view text, bool /*chess960: the text is read either way*/) {
        return parse_uci_move(pos, text);
    }
    static std::string move_text(Move m, bool chess960) { return move_to_uci(m, chess960); }
    static Move parse_xboard_move(const Position& pos, std::string_view text, bool) { return chess::parse_xboard_move(pos, text); }
    static std::string xboard_move_text(Move m, bool chess960) { return move_to_xboard(m, chess960); }
    // Every end the rules give, claimable draws included (threefold repetition, fifty moves):
    // a protocol that announces results claims them as soon as they hold.
    static GameEnd game_end(const Position& pos) {
        const bool white = pos.side_to_move() == Color::White;
        switch (pos.game_state()) {
        case GameState::Ongoing: return {};
        case GameState::Checkmate: return {Outcome::Loss, true, white ? "Black mates" : "White mates"};
        case GameState::Stalemate: return {Outcome::Draw, true, "Stalemate"};
        case GameState::DeadPosition: return {Outcome::Draw, false, "Insufficient material"};
        case GameState::SeventyFiveMoves:
        case GameState::FiftyMovesClaimable: return {Outcome::Draw, false, "Draw by 50-move rule"};
        case GameState::FivefoldRepetition:
        case GameState::ThreefoldClaimable: return {Outcome::Draw, false, "Draw by repetition"};
        }
        return {};
    }
    // The board, and with tables loaded the root's WDL and DTZ, as Stockfish's `d` shows them.
    static std::string pretty(const Position& pos, const Tables& tables) {
        std::string text = pos.pretty();
        if (tables.max_pieces() == 0) return text;
        Position copy = pos;
        const auto wdl = tables.files->probe_wdl(copy);
        const auto dtz = tables.files->probe_dtz(copy);
        if (!wdl) return text + "Tablebases: not in the tables\n";
        static constexpr const char* WORDS[5] = {"Loss", "Blessed loss", "Draw", "Cursed win", "Win"};
        return text + "Tablebases WDL: " + WORDS[*wdl + 2] + "\nTablebases DTZ: " + (dtz ? std::to_string(*dtz) : "none") + '\n';
    }
    static std::string eval_report(const Position& pos, const Evaluator& network_in_use) {
        if (!network_in_use) return chess::eval_report(pos);
        // Normalised as the search's scores are shown (core/wdl.h), with the network's own number.
        const int network = nnue::evaluate_fresh(pos, *network_in_use);
        return "network: " + std::to_string(WDL_MODEL.normalised(network)) + " cp (side to move; " + std::to_string(network) +
               " in the network's units)\nhand-written: " + chess::eval_report(pos);
    }
    static constexpr const WdlModel& WDL_MODEL = chess::WDL_MODEL;
    static int wdl_material(const Position& pos) { return chess::wdl_material(pos); }
    // Opening books in Polyglot's format (chess/polyglot_book.h).
    static constexpr const BookFormat& BOOK_FORMAT = polyglot::FORMAT;
    static std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos) { return polyglot::book_moves(book, pos); }
};

static_assert(Game<ChessGame>);

}  // namespace sen::chess

namespace sen {
// Perft over the chess generator, compiled once, in chess/movegen.cpp (core/perft.h says why).
extern template struct Perft<chess::ChessGame>;
}  // namespace sen
