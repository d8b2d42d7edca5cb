#include "chess/syzygy/root.h"

#include <algorithm>

#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/syzygy/tablebase.h"

namespace sen::chess::syzygy {

namespace {

// Ranks run up to MAX_DTZ for a win the fifty-move rule cannot spoil; a win that needs more
// plies than the rule leaves ranks lower the longer it takes (and a loss the other way).
constexpr int MAX_DTZ = 1 << 18;

int dtz_before_zeroing(int wdl) { return wdl == 2 ? 1 : wdl == 1 ? 101 : wdl == -1 ? -101 : wdl == -2 ? -1 : 0; }

// A move that leads to a draw by the rules (repetition, fifty moves) whatever the tables say.
bool drawn_by_rule(const Position& pos) {
    return pos.is_repetition(1) || (pos.rule50() >= 100 && (!pos.in_check() || count_legal_moves(pos) > 0));
}

std::optional<TableRootRanking> rank_by_dtz(Tablebases& tb, Position& pos, const std::vector<Move>& moves, bool rule50) {
    const int clock = pos.rule50();
    const bool repeated = pos.has_repeated();
    // Wins ranked at or above this are shown as table wins; below it, as small scores that grow
    // as the win gets nearer to one within the rule.
    const int sure = rule50 ? MAX_DTZ - 100 : 1;
    TableRootRanking ranking;
    ranking.exact = true;
    for (const Move m : moves) {
        pos.make_move(m);
        int dtz = 0;
        bool ok = true;
        if (pos.rule50() == 0) {
            const std::optional<int> wdl = tb.probe_wdl(pos);
            ok = wdl.has_value();
            if (ok) dtz = dtz_before_zeroing(-*wdl);
        } else if (!drawn_by_rule(pos)) {
            const std::optional<int> d = tb.probe_dtz(pos);
            ok = d.has_value();
            // One ply further from the root.
            if (ok) dtz = *d < 0 ? -*d + 1 : *d > 0 ? -*d - 1 : 0;
        }
        if (ok && dtz == 2 && pos.in_check() && count_legal_moves(pos) == 0) dtz = 1;  // a mate
        pos.unmake_move();
        if (!ok) return std::nullopt;

        int rank = 0;
        if (dtz > 0) rank = dtz + clock <= 99 && !repeated ? MAX_DTZ : MAX_DTZ - (dtz + clock);
        else if (dtz < 0) rank = -dtz * 2 + clock < 100 ? -MAX_DTZ : -MAX_DTZ + (-dtz + clock);
        TableRootMove r;
        r.rank = rank;
        r.score = rank >= sure   ? TABLE_WIN
                  : rank > 0     ? std::max(3, rank - (MAX_DTZ - 200)) / 2
                  : rank == 0    ? 0
                  : rank > -sure ? std::min(-3, rank + (MAX_DTZ - 200)) / 2
                                 : -TABLE_WIN;
        ranking.moves.push_back(r);
    }
    return ranking;
}

std::optional<TableRootRanking> rank_by_wdl(Tablebases& tb, Position& pos, const std::vector<Move>& moves, bool rule50) {
    static constexpr int RANK_OF_WDL[5] = {-MAX_DTZ, -MAX_DTZ + 101, 0, MAX_DTZ - 101, MAX_DTZ};
    static constexpr int SCORE_OF_WDL[5] = {-TABLE_WIN, -1, 0, 1, TABLE_WIN};
    TableRootRanking ranking;
    for (const Move m : moves) {
        pos.make_move(m);
        std::optional<int> wdl = 0;
        if (!drawn_by_rule(pos)) {
            wdl = tb.probe_wdl(pos);
            if (wdl) wdl = -*wdl;
        }
        pos.unmake_move();
        if (!wdl) return std::nullopt;
        TableRootMove r;
        r.rank = RANK_OF_WDL[*wdl + 2];
        // Without the fifty-move rule a cursed win is a win.
        const int shown = rule50 ? *wdl : *wdl > 0 ? 2 : *wdl < 0 ? -2 : 0;
        r.score = SCORE_OF_WDL[shown + 2];
        ranking.moves.push_back(r);
    }
    return ranking;
}

}  // namespace

std::optional<TableRootRanking> rank_root_moves(Tablebases& tb, Position& pos, const std::vector<Move>& moves,
                                                const TableSettings& settings) {
    if (settings.max_pieces == 0 || pos.castling_rights() != NO_CASTLING || popcount(pos.pieces()) > settings.max_pieces)
        return std::nullopt;
    if (auto ranking = rank_by_dtz(tb, pos, moves, settings.rule50)) return ranking;
    return rank_by_wdl(tb, pos, moves, settings.rule50);
}

}  // namespace sen::chess::syzygy
