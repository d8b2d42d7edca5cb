// A small retrograde solver for the three-piece endings K+X v K (X a queen, rook or pawn), written
// for the tests: it finds every position's result and distance to zeroing from the rules alone
// (Sen's move generator), with no table and none of the prober's code, so that the prober's
// answers can be checked against values known independently.
//
// Distances are in plies, as the generator counts them: a won position wins in d plies (d odd)
// when the side to move can reach a capture or pawn move that keeps the win, or mate, in d plies
// against the best defence; a lost position loses in d plies (d even, 0 when mated). The
// fifty-move rule plays no part (no three-piece ending comes near it).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/position.h"
#include "core/text.h"

namespace sen::chess::test {

class ThreePieceSolver {
public:
    static constexpr int UNKNOWN = -1;
    // `extra` is the white piece besides the kings; `promoted(pt, pos)` gives the result (for the
    // side to move: -1, 0, 1) of a position after a promotion to pt (a pawn ending needs the
    // queen and rook endings solved first).
    ThreePieceSolver(char extra, std::function<int(PieceType, const Position&)> promoted = {})
        : extra_(extra), promoted_(std::move(promoted)) {
        build();
        solve_results();
        solve_distances();
    }

    static int index(Square wk, Square x, Square bk, Color stm) { return ((wk * 64 + x) * 64 + bk) * 2 + index_of(stm); }
    bool valid(int i) const { return valid_[std::size_t(i)]; }
    int result(int i) const { return result_[std::size_t(i)]; }      // -1 loss, 0 draw, 1 win
    int distance(int i) const { return distance_[std::size_t(i)]; }  // plies (see above); 0 for draws
    std::string fen(int i) const { return fen_of(i); }
    static constexpr int SIZE = 64 * 64 * 64 * 2;

private:
    struct Edge {
        int child;     // index in this ending, or -1: a move out of it (capture, promotion)
        bool zeroing;  // a capture or pawn move
        int outside;   // for child -1: the result after the move, for the side then to move
    };

    std::string fen_of(int i) const {
        const int stm = i & 1, bk = (i >> 1) & 63, x = (i >> 7) & 63, wk = i >> 13;
        const std::string board = text::placement(8, 8, [&](int file, int rank) {
            const int s = rank * 8 + file;
            return s == wk ? 'K' : s == bk ? 'k' : s == x ? extra_ : ' ';
        });
        return board + (stm ? " b - - 0 1" : " w - - 0 1");
    }

    void build() {
        valid_.assign(SIZE, false);
        first_.assign(SIZE + 1, 0);
        for (int i = 0; i < SIZE; ++i) {
            first_[std::size_t(i)] = int(edges_.size());
            const int bk = (i >> 1) & 63, x = (i >> 7) & 63, wk = i >> 13;
            if (wk == x || wk == bk || x == bk) continue;
            if (extra_ == 'P' && (x < 8 || x >= 56)) continue;
            Position pos;
            if (pos.set_fen(fen_of(i))) continue;  // illegal: the side not to move in check, kings touching
            valid_[std::size_t(i)] = true;
            for (const Move m : legal_moves(pos)) {
                const bool capture = !pos.empty(m.to());
                const bool pawn = piece_type(pos.piece_on(m.from())) == PAWN;
                pos.make_move(m);
                Edge e{-1, capture || pawn, 0};
                if (capture) {
                    e.outside = 0;  // bare kings
                } else if (m.kind() == MoveKind::Promotion) {
                    const PieceType pt = m.promotion();
                    e.outside = pt == QUEEN || pt == ROOK ? promoted_(pt, pos) : 0;  // a lone minor piece cannot mate
                } else {
                    const Square nwk = pos.king_square(Color::White), nbk = pos.king_square(Color::Black);
                    const Square nx = lsb(pos.pieces(Color::White) & ~pos.pieces(KING));
                    e.child = index(nwk, nx, nbk, pos.side_to_move());
                }
                pos.unmake_move();
                edges_.push_back(e);
            }
            checked_[std::size_t(i)] = pos.in_check();
        }
        first_[SIZE] = int(edges_.size());
    }

    // Results: a position is won when a move reaches a lost one, lost when every move reaches a
    // won one (or it is mated); what is never decided is a draw.
    void solve_results() {
        result_.assign(SIZE, UNKNOWN - 1);
        const int undecided = UNKNOWN - 1;
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = 0; i < SIZE; ++i) {
                if (!valid_[std::size_t(i)] || result_[std::size_t(i)] != undecided) continue;
                bool win = false, all_lose = true;
                for (int k = first_[std::size_t(i)]; k < first_[std::size_t(i) + 1]; ++k) {
                    const Edge& e = edges_[std::size_t(k)];
                    const int r = e.child < 0 ? e.outside : result_[std::size_t(e.child)];
                    if (r == -1) win = true;
                    if (r != 1) all_lose = false;
                }
                const bool no_moves = first_[std::size_t(i)] == first_[std::size_t(i) + 1];
                if (no_moves) {
                    result_[std::size_t(i)] = checked_[std::size_t(i)] ? -1 : 0;
                    changed = true;
                } else if (win) {
                    result_[std::size_t(i)] = 1;
                    changed = true;
                } else if (all_lose) {
                    result_[std::size_t(i)] = -1;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < SIZE; ++i)
            if (result_[std::size_t(i)] == undecided) result_[std::size_t(i)] = 0;
    }

    // Distances, level by level: a win in d plies has a move to a loss in d - 1 (or a zeroing
    // move that keeps the win: d = 1); a loss in d plies has only moves to wins, the longest
    // being d - 1 plies (a zeroing move counting 0).
    void solve_distances() {
        distance_.assign(SIZE, 0);
        std::vector<bool> done(SIZE, false);
        for (int i = 0; i < SIZE; ++i)
            if (valid_[std::size_t(i)] && (result_[std::size_t(i)] == 0 || first_[std::size_t(i)] == first_[std::size_t(i) + 1]))
                done[std::size_t(i)] = true;  // draws, and mates at 0
        for (int d = 1; d < 256; ++d) {
            std::vector<int> found;
            for (int i = 0; i < SIZE; ++i) {
                if (!valid_[std::size_t(i)] || done[std::size_t(i)]) continue;
                if (result_[std::size_t(i)] == 1) {
                    for (int k = first_[std::size_t(i)]; k < first_[std::size_t(i) + 1]; ++k) {
                        const Edge& e = edges_[std::size_t(k)];
                        const int r = e.child < 0 ? e.outside : result_[std::size_t(e.child)];
                        if (r != -1) continue;
                        const int via = e.zeroing ? 1 : done[std::size_t(e.child)] ? distance_[std::size_t(e.child)] + 1 : -1;
                        if (via == d) {
                            found.push_back(i);
                            break;
                        }
                    }
                } else {
                    int longest = 0;
                    bool all_known = true;
                    for (int k = first_[std::size_t(i)]; k < first_[std::size_t(i) + 1]; ++k) {
                        const Edge& e = edges_[std::size_t(k)];
                        if (e.zeroing) {
                            longest = std::max(longest, 1);
                        } else if (done[std::size_t(e.child)]) {
                            longest = std::max(longest, distance_[std::size_t(e.child)] + 1);
                        } else {
                            all_known = false;
                            break;
                        }
                    }
                    if (all_known && longest == d) found.push_back(i);
                }
            }
            for (const int i : found) {
                distance_[std::size_t(i)] = d;
                done[std::size_t(i)] = true;
            }
            if (found.empty() && d % 2 == 0) break;  // neither wins nor losses at this length or the one before
        }
    }

    char extra_;
    std::function<int(PieceType, const Position&)> promoted_;
    std::vector<bool> valid_;
    std::vector<bool> checked_ = std::vector<bool>(SIZE, false);
    std::vector<int> first_;
    std::vector<Edge> edges_;
    std::vector<int> result_;
    std::vector<int> distance_;
};

}  // namespace sen::chess::test
