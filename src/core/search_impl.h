// The searcher's code, once for every game: included only by the files that instantiate
// BasicSearcher for a game (each game's <game>/search.cpp), so that each
// instantiation is compiled with its game's position, move generator and evaluation inlined.
// Everything game-specific goes through the Game type's static functions (game.h); the search
// itself has no rule of either game in it.
//
// The rooms: search_worker.h (a thread's state and the shared helpers), search_pool.h (the
// helper threads), search_root.h (the root's moves and their table ranking), search_report.h
// (the lines shown); here the search itself: quiescence, the alpha-beta steps, iterative
// deepening and the entry point.
#pragma once

#include "core/search_pool.h"
#include "core/search_report.h"
#include "core/search_root.h"
#include "core/search_worker.h"

namespace sen {

// ---------------------------------------------------------------------------------------------

template <SearchGame Game>
template <bool PV>
int BasicSearcher<Game>::Worker::qsearch(int alpha, int beta, int ply, StackEntry* ss) {
    assert(-SCORE_INFINITE <= alpha && alpha < beta && beta <= SCORE_INFINITE);
    assert(PV || alpha == beta - 1);
    // Step 24. Quiescence: early exits (a stop, a game over by rule, the last ply) and the
    // transposition cutoff.
    count_node();
    if (PV) pv_length[ply] = ply;
    if (PV && ply + 1 > seldepth) seldepth = ply + 1;
    if (stopped()) return 0;
    if (const Outcome outcome = Game::rule_outcome(pos, ply); outcome != Outcome::None) return outcome_score(outcome, ply);
    const bool in_check = pos.in_check();
    if (ply >= MAX_PLY - 1) return in_check ? SCORE_DRAW : Game::evaluate(pos, eval_state);
    // A side that may have no move at all is looked at: with none, the game ends by its rules
    // (in some games a stalemate loses), which a stand pat would not see.
    if (!in_check && Game::may_lack_moves(pos) && Game::count_legal_moves(pos) == 0) return outcome_score(Game::no_move_outcome(pos), ply);

    TTEntry entry;
    const bool tt_hit = tt->probe(pos.key(), entry);
    const int tt_score = tt_hit ? score_from_tt(entry.score, ply) : NO_EVAL;
    if (!PV && tt_hit &&
        (entry.bound == Bound::Exact || (entry.bound == Bound::Lower && tt_score >= beta) ||
         (entry.bound == Bound::Upper && tt_score <= alpha)))
        return tt_score;

    int best_score = -SCORE_INFINITE, stand_pat = NO_EVAL, raw_eval = NO_EVAL;
    if (!in_check) {
        // Step 25. Quiescence: stand pat. The side to move may decline every capture.
        raw_eval = tt_hit && entry.static_eval != NO_EVAL ? entry.static_eval : Game::evaluate(pos, eval_state);
        stand_pat = corrected_eval(raw_eval);
        best_score = stand_pat;
        if (tt_hit && bound_allows(entry.bound, tt_score, stand_pat)) best_score = tt_score;
        if (best_score >= beta) return best_score;
        alpha = std::max(alpha, best_score);
    }

    const Move tt_move = tt_hit ? Move(entry.move) : Move::none();
    MovePicker<Game> picker(pos, tt_move, histories);
    Move best_move = Move::none();
    int searched = 0;
    while (const Move m = picker.next()) {
        if (!in_check) {
            // Step 26. Quiescence: SEE pruning. A capture that loses material cannot raise a
            // stand-pat score. The picker has measured every move but the hash move this way
            // already and hands out the losing ones last, so the first of them ends the loop.
            if (picker.last_was_bad_noisy()) break;
            if (m == tt_move && !Game::see_ge(pos, m, 0)) continue;
            // Step 27. Quiescence: delta pruning. Even winning the victim outright would not reach
            // alpha.
            if (stand_pat + Game::max_gain(pos, m) + P::QS_DELTA_MARGIN <= alpha) continue;
        }
        ++searched;
        ss->move = m;
        ss->moved_piece = pos.piece_on(m.from());
        ss->continuation = &histories.continuation[pos.piece_on(m.from())][m.to()];
        if (PV) pv_length[ply + 1] = ply + 1;
        make_move(m);
        const int score = -qsearch<PV>(-beta, -alpha, ply + 1, ss + 1);
        unmake_move();
        if (stopped()) return 0;
        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                if (PV) {
                    pv[ply][ply] = m;
                    for (int i = ply + 1; i < pv_length[ply + 1]; ++i) pv[ply][i] = pv[ply + 1][i];
                    pv_length[ply] = pv_length[ply + 1];
                }
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    // Step 28. Quiescence: mated (in check, no move), else the result is stored.
    if (in_check && searched == 0) return -SCORE_MATE + ply;

    const Bound bound = best_score >= beta ? Bound::Lower : Bound::Upper;
    assert(best_score > -SCORE_INFINITE && best_score < SCORE_INFINITE);
    tt->store(pos.key(), best_move.raw(), score_to_tt(best_score, ply), raw_eval, 0, bound);
    return best_score;
}

template <SearchGame Game>
template <bool PV>
int BasicSearcher<Game>::Worker::negamax(int alpha, int beta, int depth, int ply, bool cut_node, StackEntry* ss) {
    // Invariants (checked where assertions are compiled in: the sanitizer and fuzzing builds): a
    // window inside the score range, a null window off the principal variation.
    assert(-SCORE_INFINITE <= alpha && alpha < beta && beta <= SCORE_INFINITE);
    assert(PV || alpha == beta - 1);
    assert(ply >= 0 && ply < MAX_PLY);
    const bool root = ply == 0;
    const bool in_check = pos.in_check();
    // Step 3. Check extension: a side in check gets one more ply, so forced lines are not cut
    // short; at the horizon the quiescence search takes over (steps 24-28).
    if (in_check && !root) ++depth;
    if (depth <= 0) return qsearch<PV>(alpha, beta, ply, ss);

    count_node();
    if (PV) pv_length[ply] = ply;
    if (PV && ply + 1 > seldepth) seldepth = ply + 1;

    // Step 4. Early exits: a stop, a game over by rule, the last ply, and mate distance pruning.
    if (!root) {
        if (stopped()) return 0;
        if (const Outcome outcome = Game::rule_outcome(pos, ply); outcome != Outcome::None) return outcome_score(outcome, ply);
        if (ply >= MAX_PLY - 1) return in_check ? SCORE_DRAW : Game::evaluate(pos, eval_state);
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = std::max(alpha, -SCORE_MATE + ply);
        beta = std::min(beta, SCORE_MATE - ply - 1);
        if (alpha >= beta) return alpha;
    }

    // Inside a singular-extension search this node is the parent again with one move left out:
    // its table entry belongs to the full node, so it neither cuts off on it nor overwrites it.
    const Move excluded = ss->excluded;
    TTEntry entry;
    const bool tt_hit = tt->probe(pos.key(), entry);
    const int tt_score = tt_hit ? score_from_tt(entry.score, ply) : NO_EVAL;
    const Move tt_move = root ? root_moves[pv_index].move : tt_hit ? Move(entry.move) : Move::none();

    // Step 5. Transposition cutoff at non-PV nodes when the stored result is deep enough.
    if (!PV && !excluded && tt_hit && entry.depth >= depth &&
        (entry.bound == Bound::Exact || (entry.bound == Bound::Lower && tt_score >= beta) ||
         (entry.bound == Bound::Upper && tt_score <= alpha)))
        return tt_score;

    // Step 6. Endgame tables: a position they hold, met right after a capture or pawn move, has its
    // result looked up instead of searched. A win or loss is a bound (a mate may still be found
    // within it); it cuts when it lies beyond the window, and at PV nodes it bounds the search's
    // score from the side it proves. Draws, and with the fifty-move rule cursed wins and blessed
    // losses (scored just off zero), are exact. (Stockfish's step 5.)
    int tb_floor = -SCORE_INFINITE, tb_ceiling = SCORE_INFINITE;
    if (!root && !excluded && tb_pieces > 0) {
        const int men = Game::table_men(pos);
        if (men > 0 && men <= tb_pieces && (men < tb_pieces || depth >= tb_depth)) {
            if (const std::optional<int> wdl = Game::table_wdl(*tables, pos)) {
                tb_hits.fetch_add(1, std::memory_order_relaxed);
                const int draw_band = tb_rule50 ? 1 : 0;
                const int value = *wdl < -draw_band  ? -SCORE_TB_WIN + ply
                                  : *wdl > draw_band ? SCORE_TB_WIN - ply
                                                     : SCORE_DRAW + 2 * *wdl * draw_band;
                const Bound b = *wdl < -draw_band ? Bound::Upper : *wdl > draw_band ? Bound::Lower : Bound::Exact;
                if (b == Bound::Exact || (b == Bound::Lower ? value >= beta : value <= alpha)) {
                    tt->store(pos.key(), 0, score_to_tt(value, ply), NO_EVAL, std::min(MAX_PLY - 1, depth + 6), b);
                    return value;
                }
                if (PV) {
                    if (b == Bound::Lower) {
                        tb_floor = value;
                        alpha = std::max(alpha, value);
                    } else {
                        tb_ceiling = value;
                    }
                }
            }
        }
    }

    // The parent reduced the move that led here by this many plies (read once: a null-move
    // verification search comes back to this node with the same stack entry).
    const int prior_reduction = (ss - 1)->reduction;
    (ss - 1)->reduction = 0;

    int eval = NO_EVAL, raw_eval = NO_EVAL;
    if (in_check) {
        ss->static_eval = NO_EVAL;
    } else {
        // Step 7. Static evaluation: correction history. The correction learns at step 23.
        raw_eval = tt_hit && entry.static_eval != NO_EVAL ? entry.static_eval : Game::evaluate(pos, eval_state);
        ss->static_eval = corrected_eval(raw_eval);
        eval = ss->static_eval;
        // The stored search score is a better estimate than the static one when its bound allows.
        if (tt_hit && bound_allows(entry.bound, tt_score, eval)) eval = tt_score;
        if (!tt_hit) tt->store(pos.key(), 0, 0, raw_eval, -1, Bound::None);
        // How the opponent's move changed the static eval, for its side: the two evals are each
        // from the side to move's view, so their sum is the loss (positive: it left its side
        // worse off than before).
        if (!excluded && (ss - 1)->static_eval != NO_EVAL) {
            const int change = (ss - 1)->static_eval + ss->static_eval;
            // Step 8. The opponent's move in the main history: a quiet move is judged by the
            // change, a penalty for a move that lost, a bonus for a good one (Stockfish).
            if ((ss - 1)->quiet)
                update_history(histories.butterfly[index_of(~pos.side_to_move())][(ss - 1)->move.from()][(ss - 1)->move.to()],
                               std::clamp(-P::EVAL_DIFF_SCALE * change, -P::EVAL_DIFF_MAX, P::EVAL_DIFF_MAX));
            // Step 9. Hindsight depth: a move reduced by many plies that did not worsen its side's
            // position was reduced too much, so a ply is given back; a reduced move that clearly
            // did loses another (Stockfish; the thresholds are search_params.h's HINDSIGHT_* rows).
            if (!root) {
                if (prior_reduction >= P::HINDSIGHT_EXTEND_REDUCTION && change <= P::HINDSIGHT_EXTEND_CHANGE) ++depth;
                if (prior_reduction >= 1 && depth >= 2 && change > P::HINDSIGHT_SHRINK_CHANGE) --depth;
            }
        }
    }
    const bool improving = !in_check && (ss - 2)->static_eval != NO_EVAL && ss->static_eval > (ss - 2)->static_eval;
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
    const Color us = pos.side_to_move();

    if (!PV && !in_check && !excluded && std::abs(beta) < SCORE_TB_WIN_IN_MAX_PLY) {
        // Step 10. Reverse futility pruning (static null-move pruning): far enough above beta that
        // a quiet move is unlikely to bring the score back down within this depth.
        if (depth <= P::RFP_MAX_DEPTH && eval < SCORE_TB_WIN_IN_MAX_PLY && eval - P::RFP_MARGIN * (depth - improving) >= beta)
            return (eval + beta) / 2;

        // Step 11. Null-move pruning: if passing still fails high, a real move would too, except in
        // zugzwang, which needs pieces besides pawns to be rare; deep cutoffs are verified.
        if (depth >= P::NMP_MIN_DEPTH && ss->null_move_allowed && eval >= beta && ss->static_eval >= beta &&
            (ss - 1)->move != Move::null() && Game::has_non_pawn_material(pos, us)) {
            const int r = P::NMP_BASE_REDUCTION + depth / P::NMP_DEPTH_DIVISOR +
                          std::min(P::NMP_EVAL_MAX_REDUCTION, (eval - beta) / P::NMP_EVAL_DIVISOR);
            ss->move = Move::null();
            ss->quiet = false;
            ss->moved_piece = Game::NO_PIECE;
            ss->continuation = &histories.continuation[Game::NO_PIECE][0];
            make_null_move();
            int score = -negamax<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node, ss + 1);
            unmake_null_move();
            if (stopped()) return 0;
            if (score >= beta) {
                if (score >= SCORE_TB_WIN_IN_MAX_PLY) score = beta;  // no unproven mate or table win
                if (depth < P::NMP_VERIFY_DEPTH) return score;
                ss->null_move_allowed = false;
                const int verified = negamax<false>(beta - 1, beta, depth - r, ply, false, ss);
                ss->null_move_allowed = true;
                if (verified >= beta) return score;
            }
        }
    }

    // Step 12. Internal iterative reduction: without a hash move this node was not searched before,
    // so spend less on it now; the next iteration will have a move to start with.
    if (!root && !excluded && depth >= P::IIR_MIN_DEPTH && !tt_move && (PV || cut_node)) --depth;

    // Step 13. Move ordering: the picker's order, from the hash move, the killers, the counter
    // move, and the histories of the previous moves' continuation rows (movepick.h).
    const Move prev = (ss - 1)->move;
    const Move counter = prev && prev != Move::null() ? histories.counter[(ss - 1)->moved_piece][prev.to()] : Move::none();
    ContinuationRows<Game> continuations;
    for (std::size_t k = 0; k < continuations.size(); ++k) continuations[k] = (ss - CONTINUATION_PLIES[k])->continuation;
    // The root's moves come from root_moves (below); a picker there would generate every legal
    // move for nothing.
    std::optional<MovePicker<Game>> picker;
    if (!root) picker.emplace(pos, tt_move, histories, ss->killers, counter, continuations);

    int best_score = tb_floor;
    Move best_move = Move::none();
    Move quiets[QUIETS_REMEMBERED];
    Move noisy[NOISY_REMEMBERED];
    int quiet_count = 0, noisy_count = 0, move_count = 0;
    const int original_alpha = alpha;

    const bool tt_move_noisy = tt_move && Game::is_noisy(pos, tt_move);
    std::size_t root_index = pv_index;
    for (;;) {
        Move m;
        if (root) {
            // At the root, moves come in the order of the previous iteration, skipping lines
            // already settled by earlier MultiPV passes.
            if (root_index >= pv_last) break;
            m = root_moves[root_index++].move;
            assert(Game::is_legal(pos, m));  // the root's moves are the position's legal moves
        } else if (!(m = picker->next())) {
            break;
        }
        if (m == excluded) continue;
        const bool quiet = !Game::is_noisy(pos, m);
        ++move_count;

        // A quiet move's record: its own history and how it fared after the previous two moves.
        int continuation_history = 0;
        if (quiet)
            for (const PieceToHistory<Game>* c : continuations)
                if (c) continuation_history += (*c)[pos.piece_on(m.from())][m.to()];
        const int history = quiet ? histories.butterfly[index_of(us)][m.from()][m.to()] + continuation_history : 0;
        // Step 14. Reduced depth for pruning: the depth a reduced search of this move would have,
        // which the pruning below judges it by; a quiet move's record moves it (Stockfish): a ply
        // deeper per PRUNE_HISTORY_DIVISOR points of history, a ply shallower per as many below
        // zero.
        const int lmr_depth =
            std::max(0, depth - 1 - LMR<Game>.r[std::min(depth, 63)][std::min(move_count, 63)] + history / P::PRUNE_HISTORY_DIVISOR);

        if (!root && best_score > -SCORE_TB_WIN_IN_MAX_PLY && Game::has_non_pawn_material(pos, us)) {
            if (quiet) {
                // Step 15. Late move pruning: after enough quiet moves at low depth, the rest are
                // unlikely to matter. Except a quiet check right above the leaves: it may mate
                // where no static eval foresees it (a rook's back-rank mate after a forced king
                // move), so there the remaining quiet moves are looked through for checks instead
                // of being skipped.
                if (move_count >= (P::LMP_BASE + depth * depth) / (2 - improving)) {
                    if (depth > P::QUIET_CHECK_MAX_DEPTH) {
                        picker->skip_quiets();
                        continue;
                    }
                    if (!Game::gives_check(pos, m)) continue;
                }
                // Step 16. Futility pruning: the static eval is too far below alpha for a quiet
                // move to help. Not once alpha is a mate we found: no static eval reaches it, and a
                // quiet move may still mate sooner.
                else if (!in_check && lmr_depth <= P::FP_MAX_DEPTH && alpha < SCORE_MATE_IN_MAX_PLY &&
                         ss->static_eval + P::FP_BASE + P::FP_MARGIN * lmr_depth <= alpha) {
                    picker->skip_quiets();
                    continue;
                }
                // Step 17. History pruning: at low depth, a quiet move that has kept failing after
                // these same two previous moves is not worth even a reduced search.
                else if (lmr_depth <= P::HP_MAX_DEPTH && continuation_history < -P::HP_MARGIN * depth)
                    continue;
                // Step 18. SEE pruning of quiet moves that put the piece where it is lost.
                if (lmr_depth <= P::SEE_QUIET_MAX_DEPTH && !Game::see_ge(pos, m, -P::SEE_QUIET_MARGIN * lmr_depth * lmr_depth)) continue;
            } else if (depth <= P::SEE_NOISY_MAX_DEPTH && !Game::see_ge(pos, m, -P::SEE_NOISY_MARGIN * depth)) {
                // Step 18 (SEE pruning) for captures that lose too much material for this depth.
                continue;
            }
        }

        if (root && is_main() && callbacks->on_current_move && timer->elapsed_ms() > CURRMOVE_REPORT_AFTER_MS)
            callbacks->on_current_move(depth, m, int(root_index));

        int extension = 0;
        // Step 19. Singular extensions: when every other move falls well short of the hash move's
        // score, found by a shallower search that leaves the hash move out, the hash move is the
        // only good one here and gets an extra ply. The same search also shows when the node fails
        // high without the hash move (multi-cut: cut now), or when the hash move is only one of
        // several good moves and its stored score already beats beta (search it a ply shallower).
        if (!root && m == tt_move && !excluded && depth >= P::SE_MIN_DEPTH && tt_hit && entry.depth >= depth - P::SE_TT_DEPTH_MARGIN &&
            entry.bound != Bound::Upper && entry.bound != Bound::None && std::abs(tt_score) < SCORE_TB_WIN_IN_MAX_PLY) {
            const int singular_beta = tt_score - P::SE_BETA_MARGIN * depth;
            ss->excluded = m;
            const int score = negamax<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node, ss);
            ss->excluded = Move::none();
            if (stopped()) return 0;
            if (score < singular_beta) extension = 1;
            else if (singular_beta >= beta) return singular_beta;
            else if (tt_score >= beta) extension = -1;
        }

        const std::uint64_t nodes_before = nodes.load(std::memory_order_relaxed);
        // A child searched only with a null window writes no PV: make sure none is left over
        // from an earlier sibling, or a fail-high would copy a stale line.
        if (PV) pv_length[ply + 1] = ply + 1;
        ss->move = m;
        ss->moved_piece = pos.piece_on(m.from());
        ss->quiet = quiet;
        ss->continuation = &histories.continuation[pos.piece_on(m.from())][m.to()];
        tt->prefetch(pos.key_after(m));
        make_move(m);
        const int new_depth = depth - 1 + extension;
        int score = 0;

        if (depth >= P::LMR_MIN_DEPTH && move_count > 1 + root && (quiet || (!root && picker->last_was_bad_noisy()))) {
            // Step 20. Late move reductions: later moves are searched shallower with a null window,
            // and again at full depth only if they surprise. At the root only quiet moves are
            // reduced.
            // In 1024ths of a ply (LMR_UNIT): the table's whole plies, then each named adjustment.
            int r = LMR<Game>.r[std::min(depth, 63)][std::min(move_count, 63)] * LMR_UNIT;
            r += !PV * P::LMR_NON_PV;
            r += !improving * P::LMR_NOT_IMPROVING;
            r += cut_node * P::LMR_CUT_NODE;
            r -= pos.in_check() * P::LMR_IN_CHECK;
            r -= (m == ss->killers[0] || m == ss->killers[1] || m == counter) * P::LMR_KILLER;
            r -= history / P::LMR_HISTORY_DIVISOR * LMR_UNIT;
            // A noisy hash move is most likely best here: the quiet alternatives matter less.
            r += (quiet && tt_move_noisy) * P::LMR_NOISY_TT_MOVE;
            const int reduced = std::clamp(new_depth - r / LMR_UNIT, 1, new_depth);
            ss->reduction = new_depth - reduced;
            score = -negamax<false>(-alpha - 1, -alpha, reduced, ply + 1, true, ss + 1);
            ss->reduction = 0;
            if (score > alpha && reduced < new_depth) score = -negamax<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node, ss + 1);
        } else if (!PV || move_count > 1) {
            score = -negamax<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node, ss + 1);
        }
        // Step 21. Principal variation search: only the first move, or one that beat alpha with a
        // null window, is searched with the full window.
        if (PV && (move_count == 1 || (score > alpha && (root || score < beta))))
            score = -negamax<true>(-beta, -alpha, new_depth, ply + 1, false, ss + 1);
        unmake_move();
        if (stopped()) return 0;

        if (root) {
            RootMove& rm = *std::find_if(root_moves.begin(), root_moves.end(), [m](const RootMove& r) { return r.move == m; });
            rm.nodes += nodes.load(std::memory_order_relaxed) - nodes_before;
            if (move_count == 1 || score > alpha) {
                rm.score = score;
                rm.score_depth = root_depth;
                rm.seldepth = seldepth;
                rm.pv.assign(1, m);
                for (int i = 1; i < pv_length[1]; ++i) rm.pv.push_back(pv[1][i]);
            } else {
                rm.score = -SCORE_INFINITE;
            }
        }

        if (score > best_score) {
            best_score = score;
            if (score > alpha) {
                best_move = m;
                if (PV && !root) {
                    pv[ply][ply] = m;
                    for (int i = ply + 1; i < pv_length[ply + 1]; ++i) pv[ply][i] = pv[ply + 1][i];
                    pv_length[ply] = pv_length[ply + 1];
                }
                if (score >= beta) break;
                alpha = score;
            }
        }
        if (m != best_move) {
            if (quiet && quiet_count < QUIETS_REMEMBERED) quiets[quiet_count++] = m;
            else if (!quiet && noisy_count < NOISY_REMEMBERED) noisy[noisy_count++] = m;
        }
    }

    // With the hash move left out and no other move, the hash move is singular: fail low.
    if (move_count == 0) return excluded ? alpha : outcome_score(Game::no_move_outcome(pos), ply);

    // Step 22. History updates. A fail low proves the opponent's quiet move that led here good: it
    // gets the bonus a cutoff would have given it, in the continuation histories it is judged by
    // (Stockfish's bonus for the prior countermove).
    if (best_score <= original_alpha && !excluded && (ss - 1)->quiet)
        update_continuations(ss - 1, (ss - 1)->moved_piece, prev, history_bonus<Game>(depth));

    // On a cutoff: reward the move that refuted, penalise the ones tried before it.
    if (best_score >= beta) {
        const bool best_quiet = !Game::is_noisy(pos, best_move);
        const int bonus = history_bonus<Game>(depth);
        if (best_quiet) {
            update_quiet_histories(ss, best_move, quiets, quiet_count, depth);
        } else {
            update_history(histories.capture[pos.piece_on(best_move.from())][best_move.to()][Game::victim(pos, best_move)], bonus);
        }
        for (int i = 0; i < noisy_count; ++i) {
            const Move m = noisy[i];
            update_history(histories.capture[pos.piece_on(m.from())][m.to()][Game::victim(pos, m)], -bonus);
        }
    }

    // Step 23. The result: the correction history learns from it (step 7), and it is stored.
    if (excluded) return best_score;
    if (PV) best_score = std::min(best_score, tb_ceiling);
    const Bound bound = best_score >= beta ? Bound::Lower : (PV && best_score > original_alpha) ? Bound::Exact : Bound::Upper;
    // The correction learns only from scores the static eval could have seen: not in check, not
    // after a capture or promotion decided the node, not mates or table results, and only a bound
    // that lies on the side of the static eval it proves wrong.
    if (!in_check && (!best_move || !Game::is_noisy(pos, best_move)) && std::abs(best_score) < SCORE_TB_WIN_IN_MAX_PLY &&
        !(bound == Bound::Lower && best_score <= ss->static_eval) && !(bound == Bound::Upper && best_score >= ss->static_eval))
        update_correction(raw_eval, best_score, depth);
    assert(best_score > -SCORE_INFINITE && best_score < SCORE_INFINITE);
    tt->store(pos.key(), best_move.raw(), score_to_tt(best_score, ply), raw_eval, depth, bound);
    return best_score;
}

template <SearchGame Game>
void BasicSearcher<Game>::Worker::update_quiet_histories(StackEntry* ss, Move best, const Move* quiets, int quiet_count, int depth) {
    const int us = index_of(pos.side_to_move());
    const int bonus = history_bonus<Game>(depth);
    const auto update_all = [&](Move m, int b) {
        update_history(histories.butterfly[us][m.from()][m.to()], b);
        update_continuations(ss, pos.piece_on(m.from()), m, b);
    };
    update_all(best, bonus);
    for (int i = 0; i < quiet_count; ++i) update_all(quiets[i], -bonus);
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    const Move prev = (ss - 1)->move;
    if (prev && prev != Move::null()) histories.counter[(ss - 1)->moved_piece][prev.to()] = best;
}

template <SearchGame Game>
void BasicSearcher<Game>::Worker::iterative_deepening() {
    for (StackEntry& e : stack) e = StackEntry{};
    StackEntry* ss = stack + STACK_OFFSET;
    completed_depth = 0;
    const int max_depth = limits->depth ? std::clamp(*limits->depth, 1, MAX_PLY - 1) : MAX_PLY - 1;
    const int lines = std::max(limits->multipv, limits->strength ? limits->strength->candidates : 1);
    const std::size_t multipv = std::min<std::size_t>(std::size_t(std::max(1, lines)), root_moves.size());
    // For the time policy: the best move and score at the last iteration, and for how many
    // iterations in a row that move had been best. Iterations while pondering count: after a
    // ponder hit the search goes on in the same position, and a move that stayed best while the
    // clock was not running is as stable as one that stayed best on the clock.
    Move last_best = Move::none();
    int stable_iterations = 0;
    int last_score = 0;

    for (int depth = 1; depth <= max_depth; ++depth) {
        // Step 1. Lazy SMP: helper threads skip some depths so the threads spread over different
        // trees.
        if (!is_main() && depth > 1 && (depth + id) % P::SMP_SKIP_CYCLE == 0) continue;
        root_depth = depth;
        for (RootMove& rm : root_moves) rm.previous_score = rm.score;

        // With the root in the endgame tables, each line is searched among the moves of the
        // best table rank not yet shown, so that no search can prefer a move the tables rank
        // lower (Stockfish's pvFirst/pvLast). Without tables every rank is 0: one group.
        std::size_t pv_first = 0;
        pv_last = 0;
        for (pv_index = 0; pv_index < multipv && !stopped(); ++pv_index) {
            if (pv_index == pv_last) {
                pv_first = pv_last;
                for (++pv_last; pv_last < root_moves.size(); ++pv_last)
                    if (root_moves[pv_last].tb_rank != root_moves[pv_first].tb_rank) break;
            }
            seldepth = 0;
            int delta = P::ASP_DELTA;
            int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
            const int previous = root_moves[pv_index].previous_score;
            // Step 2. Aspiration windows: a window around the previous score, widened on each
            // failure.
            if (depth >= P::ASP_MIN_DEPTH && previous != -SCORE_INFINITE && !is_mate_score(previous)) {
                alpha = std::max(previous - delta, -SCORE_INFINITE);
                beta = std::min(previous + delta, SCORE_INFINITE);
            }
            for (;;) {
                const int score = negamax<true>(alpha, beta, depth, 0, false, ss);
                // An interrupted iteration leaves partial scores: its order must not be used.
                if (stopped()) break;
                std::stable_sort(root_moves.begin() + std::ptrdiff_t(pv_index), root_moves.begin() + std::ptrdiff_t(pv_last),
                                 [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (score <= alpha) {
                    if (is_main() && timer->elapsed_ms() > BOUND_REPORT_AFTER_MS) report(depth, alpha, beta);
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -SCORE_INFINITE);
                } else if (score >= beta) {
                    if (is_main() && timer->elapsed_ms() > BOUND_REPORT_AFTER_MS) report(depth, alpha, beta);
                    beta = std::min(score + delta, SCORE_INFINITE);
                } else {
                    break;
                }
                delta += delta / P::ASP_GROWTH_DIVISOR;
                if (delta > P::ASP_FULL_WINDOW) alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
            }
            std::stable_sort(root_moves.begin() + std::ptrdiff_t(pv_first), root_moves.begin() + std::ptrdiff_t(pv_index + 1),
                             [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        }
        if (stopped()) {
            if (is_main() && multipv == 1 && !limits->strength) adopt_interrupted_best();
            break;
        }
        completed_depth = depth;
        completed_root_moves = root_moves;
        if (!is_main()) continue;

        report(depth, -SCORE_INFINITE, SCORE_INFINITE);

        // Decide whether to start another iteration.
        const RootMove& best = root_moves[0];
        if (limits->mate && best.score >= SCORE_MATE_IN_MAX_PLY && mate_in_moves(best.score) <= *limits->mate) break;
        // Without a time or depth limit (`go infinite`, a node limit), or while pondering (the
        // clock does not count yet), a settled mate ends the deepening too: a mate in one went on
        // to depth 127 and printed over a hundred lines. `go infinite` and `go ponder` still hold
        // their bestmove until stop or ponderhit.
        const bool unclocked = !timer->limited() || control->pondering.load();
        if (unclocked && !limits->depth && is_mate_score(best.score) && mate_settled(depth, SCORE_MATE - std::abs(best.score))) break;
        // The time manager decides (timeman.h, stop_after_iteration); the search only reports
        // what this iteration found.
        stable_iterations = best.move == last_best ? stable_iterations + 1 : 0;
        IterationFacts facts;
        facts.depth = depth;
        facts.root_moves = root_moves.size();
        if (is_mate_score(best.score)) facts.mate_plies = SCORE_MATE - std::abs(best.score);
        facts.stable_iterations = stable_iterations;
        facts.score = best.score;
        facts.previous_score = last_score;
        facts.best_move_nodes = best.nodes;
        for (const RootMove& rm : root_moves) facts.root_nodes += rm.nodes;
        last_best = best.move;
        last_score = best.score;
        if (control->pondering.load()) continue;
        if (timer->limited() && timer->stop_after_iteration(facts)) break;
    }
}

template <SearchGame Game>
typename BasicSearcher<Game>::Result BasicSearcher<Game>::search(const Position& root, const Limits& limits, const TimeLimiter& timer,
                                                                 SearchControl& control, const Callbacks& callbacks) {
    using RootMove = search_detail::RootMove<Game>;
    tt_.new_search();
    std::vector<RootMove> root_moves;
    typename Game::MoveList legal;
    Game::generate_all(root, legal);
    for (const Move m : legal) {
        if (!limits.searchmoves.empty() && std::find(limits.searchmoves.begin(), limits.searchmoves.end(), m) == limits.searchmoves.end())
            continue;
        root_moves.push_back(RootMove{m, -SCORE_INFINITE, -SCORE_INFINITE, 0, 0, {m}});
    }
    Result result;
    if (root_moves.empty()) return result;

    // Endgame tables: with the root in them, rank the root moves (the search then picks among
    // the best-ranked ones), and probe no further in the tree once the ranking is by distance
    // or the root is not won: the ranking alone keeps the result (Stockfish's rank_root_moves).
    const TableSettings tables = Game::table_settings(tables_);
    const search_detail::RootTables ranked = search_detail::rank_root_by_tables<Game>(tables_, root, root_moves, tables);
    const int tb_pieces = ranked.pieces;
    const bool tb_root = ranked.ranked;

    while (workers_.size() < std::size_t(thread_count_)) {
        workers_.push_back(LargeBox<Worker>::make());
        workers_.back()->id = int(workers_.size() - 1);
        workers_.back()->histories.clear();
    }
    for (auto& w : workers_) {
        w->pos = root;
        w->eval_state.reset(evaluator_);
        // The root's evaluation state is computed now, so that every node's update has an
        // ancestor to start from: a root whose static eval comes from the hash table (the
        // previous move's search stored it) is otherwise never evaluated, and then each node
        // below it up to the first evaluated one sums its position afresh.
        (void)Game::evaluate(w->pos, w->eval_state);
        w->root_moves = root_moves;
        w->completed_root_moves.clear();
        w->nodes = 0;
        w->seldepth = 0;
        w->tt = &tt_;
        w->limits = &limits;
        w->timer = &timer;
        w->control = &control;
        w->callbacks = &callbacks;
        w->all = &workers_;
        w->tables = &tables_;
        w->tb_pieces = tb_pieces;
        w->tb_depth = tables.probe_depth;
        w->tb_rule50 = tables.rule50;
        w->tb_root = tb_root;
        w->tb_hits = 0;
    }
    // The root ranking probed each root move once: those probes count as table hits, as
    // Stockfish counts them, so a GUI sees the tables in use even when the tree probes none.
    if (tb_root) workers_[0]->tb_hits = root_moves.size();
    Worker& main = *workers_[0];
    main.partial_reported = false;
    main.adopted = false;
    wake_helpers();
    {
        // However the main search ends (an exception included), the helpers are stopped and
        // back before the workers are used again.
        struct StopHelpers {
            BasicSearcher& searcher;
            SearchControl& control;
            ~StopHelpers() {
                control.stop = true;
                searcher.wait_for_helpers();
            }
        } const stop_helpers{*this, control};
        main.iterative_deepening();
    }
    // A weakened level plays one of its candidates (core/strength.h), moved to the front.
    bool picked_other = false;
    if (limits.strength && !main.completed_root_moves.empty()) {
        std::vector<RootMove>& moves = main.completed_root_moves;
        std::vector<int> scores;
        for (std::size_t i = 0; i < moves.size() && i < std::size_t(limits.strength->candidates); ++i) {
            // Never a move the endgame tables rank below the best (all ranks are 0 without tables).
            if (moves[i].score == -SCORE_INFINITE || moves[i].tb_rank != moves[0].tb_rank) break;
            scores.push_back(moves[i].score);
        }
        const std::size_t pick = pick_candidate(scores, *limits.strength, limits.random);
        if (pick != 0) {
            std::rotate(moves.begin(), moves.begin() + std::ptrdiff_t(pick), moves.begin() + std::ptrdiff_t(pick + 1));
            picked_other = true;
        }
    }
    // GUIs take the last PV printed as the line behind the best move: if that was a bound of an
    // interrupted iteration, or the move played is not the first line shown, print the completed
    // iteration again.
    if ((main.partial_reported || picked_other || main.adopted) && !main.completed_root_moves.empty())
        main.report(main.completed_depth, -SCORE_INFINITE, SCORE_INFINITE, true);

    // The result comes from the last completed iteration; depth 1 always completes, since the
    // limits are not checked before it has.
    const RootMove& best = main.completed_root_moves.empty() ? main.root_moves[0] : main.completed_root_moves[0];
    result.best = best.move;
    result.score = best.score == -SCORE_INFINITE ? best.previous_score : best.score;
    result.depth = main.completed_depth;
    result.nodes = main.total_nodes();
    if (best.pv.size() > 1) {
        result.ponder = best.pv[1];
    } else {
        // No second PV move: try the hash table's reply, if it is legal.
        Position after = root;
        after.make_move(best.move);
        TTEntry entry;
        if (tt_.probe(after.key(), entry) && entry.move && Game::is_legal(after, Move(entry.move))) result.ponder = Move(entry.move);
    }
    return result;
}

}  // namespace sen
