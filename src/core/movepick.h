// Move ordering: history tables and the picker that hands the search its moves best-first.
//
// Templates over the game (game.h): the tables take their dimensions from it, and the picker
// asks it which moves are noisy and what they win. The picker hands out the hash move first if the
// game says it is legal here, then generates legal moves in stages (killers and the counter-move
// are only tried when the generator produced them, so they need no validation), scores each
// stage's moves and selects the best remaining one on each call. Order: hash move, noisy moves
// that do not lose material (most valuable victim first), killers, counter-move, quiet moves by
// history and by what they do about pieces attacked by cheaper ones (the game's threats), then
// losing noisy moves.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/game.h"
#include "core/search_params.h"

namespace sen {

constexpr int HISTORY_MAX = 16384;

// History update with gravity: the bonus shrinks as the value approaches its bound, so old
// information fades and values stay within [-HISTORY_MAX, HISTORY_MAX].
inline void update_history(std::int16_t& entry, int bonus) {
    const int clamped = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
    entry = std::int16_t(entry + clamped - entry * (clamped < 0 ? -clamped : clamped) / HISTORY_MAX);
}

// Indexed by the previous move's piece and destination, then the current move's.
template <SearchGame Game>
using PieceToHistory = std::int16_t[Game::PIECE_NB][Game::SQUARE_NB];

// The continuation-history rows a quiet move is judged by: those of the moves one, two and four
// plies back (the opponent's last move, our own last one and our one before it; Stockfish uses the
// same three), nullptr where there is none.
inline constexpr int CONTINUATION_PLIES[] = {1, 2, 4};
template <SearchGame Game>
using ContinuationRows = std::array<const PieceToHistory<Game>*, std::size(CONTINUATION_PLIES)>;

template <SearchGame Game>
struct Histories {
    using Move = typename Game::Move;
    std::int16_t butterfly[COLOR_NB][Game::SQUARE_NB][Game::SQUARE_NB];      // quiet moves by from/to
    std::int16_t capture[Game::PIECE_NB][Game::SQUARE_NB][Game::VICTIM_NB];  // noisy moves by piece, to, victim
    PieceToHistory<Game> continuation[Game::PIECE_NB][Game::SQUARE_NB];      // follow-ups of the moves of CONTINUATION_PLIES
    Move counter[Game::PIECE_NB][Game::SQUARE_NB];                           // reply to the previous move
    // Static-eval correction by side to move and pawn structure (see the search's corrected_eval),
    // in 1/CORRECTION_GRAIN centipawns.
    static constexpr int CORRECTION_SIZE = 16384;
    static constexpr int CORRECTION_GRAIN = 256;
    static SEN_PARAM_CONSTEXPR int correction_limit() { return params::For<Game>::CORRECTION_MAX * CORRECTION_GRAIN; }
    std::int16_t correction[COLOR_NB][CORRECTION_SIZE];

    void clear() {
        std::memset(butterfly, 0, sizeof butterfly);
        std::memset(capture, 0, sizeof capture);
        std::memset(continuation, 0, sizeof continuation);
        std::memset(correction, 0, sizeof correction);
        for (auto& row : counter)
            for (Move& m : row) m = Move::none();
    }
};

template <SearchGame Game>
class MovePicker {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;
    using MoveList = typename Game::MoveList;

    // Main search: every legal move, quiet ones ordered by their history and `continuations`.
    MovePicker(const Position& pos, Move tt_move, const Histories<Game>& histories, const Move killers[2], Move counter,
               const ContinuationRows<Game>& continuations)
        : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{killers[0], killers[1]}, counter_(counter),
          continuations_(continuations), stage_(Stage::HashMove) {}
    // Quiescence search: noisy moves only, or every evasion when in check.
    MovePicker(const Position& pos, Move tt_move, const Histories<Game>& histories)
        : pos_(pos), histories_(histories), tt_move_(tt_move), killers_{Move::none(), Move::none()},
          counter_(Move::none()), continuations_{}, stage_(pos.in_check() ? Stage::QuiescenceHashMove : Stage::QuiescenceNoisyHashMove) {}

    // The next move, or Move::none() when exhausted.
    Move next();
    // Whether the move last returned was scored as a losing noisy move.
    bool last_was_bad_noisy() const { return last_score_ < BAD_NOISY_CEILING; }
    // Drops the quiet moves not yet returned: the search has pruned the rest of them (late-move
    // or futility pruning) and wants only the noisy moves left. Quiet moves not generated yet
    // never will be.
    void skip_quiets() { skipping_quiets_ = true; }

private:
    static constexpr int TT_SCORE = 1 << 30;
    static constexpr int GOOD_NOISY = 1 << 28;
    static constexpr int KILLER_SCORE = 1 << 27;
    static constexpr int BAD_NOISY = -(1 << 28);
    static constexpr int BAD_NOISY_CEILING = -(1 << 27);

    // The picker works in stages, so that a node refuted by its hash move or a good capture
    // never generates, let alone scores, its quiet moves.
    enum class Stage : std::uint8_t {
        HashMove,                 // the hash move, if legal here
        MakeNoisy,                // generate and score the noisy moves
        GoodNoisy,                // those that do not lose material, best first
        MakeQuiet,                // generate and score the quiet moves (killers and counter-move scored highest)
        Quiet,                    // best first
        BadNoisy,                 // the losing noisy moves, best first
        QuiescenceHashMove,       // in check: the hash move,
        MakeEvasions,             // then every other move,
        Evasions,                 // best first
        QuiescenceNoisyHashMove,  // otherwise: the hash move if noisy,
        MakeQuiescenceNoisy,      // then the other noisy moves,
        QuiescenceNoisy,          // best first, losing ones last
        Done,
    };

    // Appends the moves of `Kind` except the hash move, with their scores.
    enum class Kind : std::uint8_t { Noisy, Quiet, All };
    template <Kind K>
    void generate_and_score();
    int score_noisy(Move m) const;
    int score_quiet(Move m, const typename Game::Threats& threats) const;
    // Moves the best-scored move of [first, last) to `first` (the earliest such move on a tie).
    void select_best(std::size_t first, std::size_t last);
    Move take(std::size_t index) {
        last_score_ = scores_[index];
        return list_[index];
    }
    bool tt_move_is_legal() const { return tt_move_ && Game::is_legal(pos_, tt_move_); }

    const Position& pos_;
    const Histories<Game>& histories_;
    Move tt_move_;
    Move killers_[2];
    Move counter_;
    ContinuationRows<Game> continuations_;
    Stage stage_;
    bool skipping_quiets_ = false;
    int last_score_ = 0;

    // The noisy moves fill list_ from 0 to noisy_end_, the quiet ones follow. Noisy moves before
    // next_noisy_ have been returned (or, in GoodNoisy, next_noisy_ is the losing one that ended
    // the stage, kept for BadNoisy); quiet ones before next_quiet_ too.
    MoveList list_;
    int scores_[MoveList::CAPACITY];
    std::size_t noisy_end_ = 0;
    std::size_t next_noisy_ = 0;
    std::size_t next_quiet_ = 0;
};

template <SearchGame Game>
inline int MovePicker<Game>::score_noisy(Move m) const {
    const Histories<Game>& h = histories_;
    const int s = params::For<Game>::MVV_SCALE * Game::noisy_value(pos_, m) +
                  h.capture[pos_.piece_on(m.from())][m.to()][Game::victim(pos_, m)] / params::For<Game>::CAPTURE_HISTORY_DIVISOR;
    return s + (Game::see_ge(pos_, m, 0) ? GOOD_NOISY : BAD_NOISY);
}

template <SearchGame Game>
inline int MovePicker<Game>::score_quiet(Move m, const typename Game::Threats& threats) const {
    if (m == killers_[0]) return KILLER_SCORE + 2;
    if (m == killers_[1]) return KILLER_SCORE + 1;
    if (m == counter_) return KILLER_SCORE;
    const Histories<Game>& h = histories_;
    const auto mover = pos_.piece_on(m.from());
    int s = h.butterfly[index_of(pos_.side_to_move())][m.from()][m.to()];
    for (const PieceToHistory<Game>* c : continuations_)
        if (c) s += (*c)[mover][m.to()];
    s += params::For<Game>::THREAT_ESCAPE_SCALE * Game::threat_escape(pos_, threats, m);
    if (Game::demote_quiet(m)) s -= 4 * HISTORY_MAX;
    return s;
}

template <SearchGame Game>
template <typename MovePicker<Game>::Kind K>
void MovePicker<Game>::generate_and_score() {
    const std::size_t first = list_.size();
    if constexpr (K == Kind::Noisy) Game::generate_noisy(pos_, list_);
    else if constexpr (K == Kind::Quiet) Game::generate_quiet(pos_, list_);
    else Game::generate_all(pos_, list_);
    typename Game::Threats threats{};
    if constexpr (K != Kind::Noisy) threats = Game::threats(pos_);
    // The hash move was tried first (or was not legal, then it is not in the list): drop it.
    Move* moves = list_.begin();
    std::size_t kept = first;
    for (std::size_t i = first; i < list_.size(); ++i) {
        const Move m = moves[i];
        if (m == tt_move_) continue;
        moves[kept] = m;
        if constexpr (K == Kind::Noisy) scores_[kept] = score_noisy(m);
        else if constexpr (K == Kind::Quiet) scores_[kept] = score_quiet(m, threats);
        else scores_[kept] = Game::is_noisy(pos_, m) ? score_noisy(m) : score_quiet(m, threats);
        ++kept;
    }
    list_.truncate(kept);
}

template <SearchGame Game>
inline void MovePicker<Game>::select_best(std::size_t first, std::size_t last) {
    // One key per move, score above and the index's complement below, so that a branch-free
    // maximum finds the earliest best move. The branchy scan it replaces mispredicted on about
    // every other move.
    static_assert(MoveList::CAPACITY <= 0x10000);
    std::int64_t best_key = INT64_MIN;
    for (std::size_t i = first; i < last; ++i) best_key = std::max(best_key, std::int64_t(scores_[i]) * 0x10000 + std::int64_t(0xFFFF - i));
    const std::size_t best = 0xFFFF - std::size_t(best_key & 0xFFFF);
    Move* moves = list_.begin();
    std::swap(moves[best], moves[first]);
    std::swap(scores_[best], scores_[first]);
}

template <SearchGame Game>
typename Game::Move MovePicker<Game>::next() {
    for (;;) {
        switch (stage_) {
        case Stage::HashMove:
        case Stage::QuiescenceHashMove:
        case Stage::QuiescenceNoisyHashMove: {
            // Each hash-move stage comes right before its generation stage in Stage.
            const bool noisy_only = stage_ == Stage::QuiescenceNoisyHashMove;
            stage_ = Stage(std::uint8_t(stage_) + 1);
            // Legality first: the game may read the board at a garbage move's squares only then.
            if (tt_move_is_legal() && (!noisy_only || Game::is_noisy(pos_, tt_move_))) {
                last_score_ = TT_SCORE;
                return tt_move_;
            }
            tt_move_ = Move::none();
            break;
        }
        case Stage::MakeNoisy:
            generate_and_score<Kind::Noisy>();
            noisy_end_ = list_.size();
            stage_ = Stage::GoodNoisy;
            break;
        case Stage::GoodNoisy:
            if (next_noisy_ < noisy_end_) {
                select_best(next_noisy_, noisy_end_);
                if (scores_[next_noisy_] >= BAD_NOISY_CEILING) return take(next_noisy_++);
            }
            stage_ = Stage::MakeQuiet;
            break;
        case Stage::MakeQuiet:
            if (!skipping_quiets_) generate_and_score<Kind::Quiet>();
            next_quiet_ = noisy_end_;
            stage_ = Stage::Quiet;
            break;
        case Stage::Quiet:
            if (!skipping_quiets_ && next_quiet_ < list_.size()) {
                select_best(next_quiet_, list_.size());
                return take(next_quiet_++);
            }
            stage_ = Stage::BadNoisy;
            break;
        case Stage::BadNoisy:
            if (next_noisy_ < noisy_end_) {
                select_best(next_noisy_, noisy_end_);
                return take(next_noisy_++);
            }
            stage_ = Stage::Done;
            break;
        case Stage::MakeEvasions:
            generate_and_score<Kind::All>();
            stage_ = Stage::Evasions;
            break;
        case Stage::MakeQuiescenceNoisy:
            generate_and_score<Kind::Noisy>();
            stage_ = Stage::QuiescenceNoisy;
            break;
        case Stage::Evasions:
        case Stage::QuiescenceNoisy:
            if (next_noisy_ < list_.size()) {
                select_best(next_noisy_, list_.size());
                return take(next_noisy_++);
            }
            stage_ = Stage::Done;
            break;
        case Stage::Done: return Move::none();
        }
    }
}

}  // namespace sen
