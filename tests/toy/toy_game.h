// A toy game for the tests of the shared core (tests/core/): small enough to be solved by brute
// force in a test, with everything the seam (core/game.h) asks of a game, so that the searcher,
// the move picker, the hash table and the protocol front are tested without chess or xiangqi.
//
// The board is one line of 16 cells, a to p. Each side has a king (K, k), rooks (R, r) and men
// (M, m); White's men walk towards p, Black's towards a. A king steps one cell either way, a rook
// slides any number of empty cells either way, a man steps one cell forward; each may take an
// enemy piece on the cell it moves to (a rook the first piece it meets). A move may not leave the
// mover's own king attacked. A side in check without a move has lost, a side without a move
// otherwise draws (stalemate). Also drawn: a position seen before in the game (the toy's
// repetition rule, twofold), 40 plies without a capture or a man's move, and kings alone.
//
// A position is written "<cells> <side> <quiet plies>", the cells from a to p as in a FEN rank
// ("K1R10r1k w 0"). Moves are written by their two cells, "cd" (from c to d), or, with the
// notation flag on, by the cells' numbers from 1, "3-4"; both are read either way.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/deep_perft.h"
#include "core/game.h"
#include "core/move_list.h"
#include "core/perft.h"
#include "core/prng.h"

namespace sen::toy {

constexpr int CELL_NB = 16;
constexpr int QUIET_LIMIT = 40;

enum Piece : std::uint8_t { NO_PIECE, W_KING, W_ROOK, W_MAN, B_KING, B_ROOK, B_MAN, PIECE_NB };
enum PieceType : std::uint8_t { MAN, ROOK, KING, PIECE_TYPE_NB };

constexpr PieceType type_of(Piece p) { return p == W_KING || p == B_KING ? KING : p == W_ROOK || p == B_ROOK ? ROOK : MAN; }
constexpr Color color_of(Piece p) { return p >= B_KING ? Color::Black : Color::White; }
constexpr Piece make_piece(Color c, PieceType t) {
    const Piece white = t == KING ? W_KING : t == ROOK ? W_ROOK : W_MAN;
    return c == Color::White ? white : Piece(white + 3);
}
constexpr int forward(Color c) { return c == Color::White ? 1 : -1; }
constexpr bool on_board(int cell) { return cell >= 0 && cell < CELL_NB; }

// Exchange values; a king is never taken (no legal move leaves one attacked).
constexpr int VALUE[PIECE_TYPE_NB] = {100, 600, 20000};

// from in bits 0-3, to in bits 4-7; a move never stays on its cell, so 0 (a to a) is no move
// and 0x11 (b to b) the null move.
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    constexpr Move(int from, int to) : raw_(std::uint16_t(from | (to << 4))) {}
    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return Move(std::uint16_t(0x11)); }
    constexpr int from() const { return raw_ & 15; }
    constexpr int to() const { return (raw_ >> 4) & 15; }
    constexpr std::uint16_t raw() const { return raw_; }
    constexpr explicit operator bool() const { return raw_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t raw_ = 0;
};

using MoveList = FixedMoveList<Move, 64>;

// Cells attacked by the opponent's men (the cheapest piece), for quiet-move ordering.
struct Threats {
    std::uint32_t by_men = 0;
};

struct Zobrist {
    Key piece[PIECE_NB][CELL_NB]{};
    Key black_to_move = 0;
    Zobrist() {
        SplitMix64 random(0x70790001);
        random.fill(piece);
        black_to_move = random.next();
    }
};
inline const Zobrist& zobrist() {
    static const Zobrist z;
    return z;
}

using Cells = std::array<Piece, CELL_NB>;

// Whether a piece of `by` attacks `cell`: a king beside it, a man one step behind it, or a rook
// that meets it first along the line.
inline bool attacked(const Cells& cells, int cell, Color by) {
    for (const int step : {-1, 1}) {
        if (on_board(cell + step) && cells[std::size_t(cell + step)] == make_piece(by, KING)) return true;
        int c = cell + step;
        while (on_board(c) && cells[std::size_t(c)] == NO_PIECE) c += step;
        if (on_board(c) && cells[std::size_t(c)] == make_piece(by, ROOK)) return true;
    }
    const int behind = cell - forward(by);
    return on_board(behind) && cells[std::size_t(behind)] == make_piece(by, MAN);
}

inline int king_cell(const Cells& cells, Color c) {
    for (int cell = 0; cell < CELL_NB; ++cell)
        if (cells[std::size_t(cell)] == make_piece(c, KING)) return cell;
    return -1;
}

class Position {
public:
    static constexpr std::string_view START_FEN = "KR1MM6mm1rk w 0";

    Position() { set_fen(START_FEN); }

    FenError set_fen(std::string_view fen) {
        Position p(Blank{});
        std::size_t i = 0;
        int cell = 0;
        for (; i < fen.size() && fen[i] != ' '; ++i) {
            const char c = fen[i];
            if (c >= '1' && c <= '9') {
                int run = c - '0';
                if (i + 1 < fen.size() && fen[i + 1] >= '0' && fen[i + 1] <= '9') run = run * 10 + (fen[++i] - '0');
                cell += run;
                if (cell > CELL_NB) return "more than 16 cells";
                continue;
            }
            const std::string_view letters = ".KRMkrm";
            const std::size_t index = letters.find(c);
            if (index == std::string_view::npos || index == 0) return std::string("unknown piece '") + c + "'";
            if (cell >= CELL_NB) return "more than 16 cells";
            p.cells_[std::size_t(cell++)] = Piece(index);
        }
        if (cell != CELL_NB) return "fewer than 16 cells";
        if (i + 2 > fen.size() || (fen[i + 1] != 'w' && fen[i + 1] != 'b') || (i + 2 < fen.size() && fen[i + 2] != ' '))
            return "the side to move is not w or b";
        p.side_ = fen[i + 1] == 'w' ? Color::White : Color::Black;
        i += 2;
        if (i < fen.size()) {
            int quiet = 0;
            std::size_t digits = 0;
            for (++i; i < fen.size() && fen[i] >= '0' && fen[i] <= '9' && digits < 3; ++i, ++digits) quiet = quiet * 10 + (fen[i] - '0');
            if (digits == 0 || i != fen.size()) return "the quiet-ply count is not a number";
            if (quiet > QUIET_LIMIT) return "the quiet-ply count is over 40";
            p.quiet_plies_ = quiet;
        }
        for (const Color c : {Color::White, Color::Black}) {
            int kings = 0;
            for (const Piece pc : p.cells_) kings += pc == make_piece(c, KING);
            if (kings != 1) return "each side needs one king";
        }
        if (p.attacked(p.king_cell(~p.side_), p.side_)) return "the side not to move is in check";
        p.key_ = p.compute_key();
        *this = p;
        return std::nullopt;
    }

    std::string fen() const {
        std::string text;
        int empty = 0;
        for (const Piece pc : cells_) {
            if (pc == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += ".KRMkrm"[pc];
        }
        if (empty) text += std::to_string(empty);
        return text + (side_ == Color::White ? " w " : " b ") + std::to_string(quiet_plies_);
    }

    Piece piece_on(int cell) const { return cells_[std::size_t(cell)]; }
    bool empty(int cell) const { return piece_on(cell) == NO_PIECE; }
    Color side_to_move() const { return side_; }
    Key key() const { return key_; }
    int quiet_plies() const { return quiet_plies_; }
    int game_ply() const { return int(history_.size()); }
    bool in_check() const { return attacked(king_cell(side_), ~side_); }

    const Cells& cells() const { return cells_; }
    int king_cell(Color c) const { return toy::king_cell(cells_, c); }
    bool attacked(int cell, Color by) const { return toy::attacked(cells_, cell, by); }

    Key key_after(Move m) const {
        const Zobrist& z = zobrist();
        const Piece mover = piece_on(m.from()), victim = piece_on(m.to());
        Key k = key_ ^ z.black_to_move ^ z.piece[mover][m.from()] ^ z.piece[mover][m.to()];
        if (victim != NO_PIECE) k ^= z.piece[victim][m.to()];
        return k;
    }

    void make_move(Move m) {
        const Piece mover = piece_on(m.from()), victim = piece_on(m.to());
        history_.push_back({key_, m, victim, std::uint8_t(quiet_plies_)});
        key_ = key_after(m);
        cells_[std::size_t(m.to())] = mover;
        cells_[std::size_t(m.from())] = NO_PIECE;
        quiet_plies_ = victim != NO_PIECE || type_of(mover) == MAN ? 0 : quiet_plies_ + 1;
        side_ = ~side_;
    }
    void unmake_move() {
        const Undo u = history_.back();
        history_.pop_back();
        side_ = ~side_;
        cells_[std::size_t(u.move.from())] = piece_on(u.move.to());
        cells_[std::size_t(u.move.to())] = u.captured;
        quiet_plies_ = u.quiet_plies;
        key_ = u.key;
    }
    // Passing the turn starts the repetition count afresh: no position before it repeats after it.
    void make_null_move() {
        history_.push_back({key_, Move::null(), NO_PIECE, std::uint8_t(quiet_plies_)});
        key_ ^= zobrist().black_to_move;
        quiet_plies_ = 0;
        side_ = ~side_;
    }
    void unmake_null_move() {
        const Undo u = history_.back();
        history_.pop_back();
        side_ = ~side_;
        quiet_plies_ = u.quiet_plies;
        key_ = u.key;
    }

    // Whether this position was seen before, since the last capture or man's move.
    bool is_repetition() const {
        const int n = int(history_.size());
        for (int back = 2; back <= quiet_plies_ && back <= n; back += 2)
            if (history_[std::size_t(n - back)].key == key_) return true;
        return false;
    }
    bool kings_alone() const {
        for (const Piece pc : cells_)
            if (pc != NO_PIECE && type_of(pc) != KING) return false;
        return true;
    }

    std::string pretty() const {
        std::string text;
        for (const Piece pc : cells_) text += ".KRMkrm"[pc];
        return text + "\nabcdefghijklmnop\nFen: " + fen() + "\n";
    }

private:
    struct Blank {};
    explicit Position(Blank) {}

    struct Undo {
        Key key;
        Move move;
        Piece captured;
        std::uint8_t quiet_plies;
    };

    Key compute_key() const {
        Key k = side_ == Color::Black ? zobrist().black_to_move : 0;
        for (int cell = 0; cell < CELL_NB; ++cell)
            if (!empty(cell)) k ^= zobrist().piece[piece_on(cell)][cell];
        return k;
    }

    Cells cells_{};
    Color side_ = Color::White;
    int quiet_plies_ = 0;
    Key key_ = 0;
    std::vector<Undo> history_;
};

enum class GenKind { All, Noisy, Quiet };

// Every legal move of the kind, in cell order of the mover and then of the target.
template <GenKind Kind>
void generate(const Cells& cells, Color us, MoveList& list) {
    for (int from = 0; from < CELL_NB; ++from) {
        const Piece pc = cells[std::size_t(from)];
        if (pc == NO_PIECE || color_of(pc) != us) continue;
        const auto consider = [&](int to) {
            const Piece target = cells[std::size_t(to)];
            if (target != NO_PIECE && color_of(target) == us) return;
            if (Kind == GenKind::Noisy && target == NO_PIECE) return;
            if (Kind == GenKind::Quiet && target != NO_PIECE) return;
            Cells after = cells;
            after[std::size_t(to)] = pc;
            after[std::size_t(from)] = NO_PIECE;
            if (!attacked(after, king_cell(after, us), ~us)) list.push(Move(from, to));
        };
        switch (type_of(pc)) {
        case KING:
            for (const int to : {from - 1, from + 1})
                if (on_board(to)) consider(to);
            break;
        case MAN:
            if (on_board(from + forward(us))) consider(from + forward(us));
            break;
        case ROOK:
            for (const int step : {-1, 1})
                for (int to = from + step; on_board(to); to += step) {
                    consider(to);
                    if (cells[std::size_t(to)] != NO_PIECE) break;
                }
            break;
        default: break;
        }
    }
}
template <GenKind Kind>
void generate(const Position& pos, MoveList& list) {
    generate<Kind>(pos.cells(), pos.side_to_move(), list);
}

inline MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate<GenKind::All>(pos, list);
    return list;
}
inline std::uint64_t count_legal_moves(const Position& pos) { return legal_moves(pos).size(); }
inline bool is_legal(const Position& pos, Move m) { return legal_moves(pos).contains(m); }

// What the side to move wins at most by taking on `cell` again and again (it may stop at any
// point): the exchange on one cell, played out move by move.
inline int exchange_gain(const Cells& cells, Color us, int cell) {
    int best = 0;
    MoveList captures;
    generate<GenKind::Noisy>(cells, us, captures);
    for (const Move m : captures) {
        if (m.to() != cell) continue;
        Cells after = cells;
        after[std::size_t(cell)] = cells[std::size_t(m.from())];
        after[std::size_t(m.from())] = NO_PIECE;
        best = std::max(best, VALUE[type_of(cells[std::size_t(cell)])] - exchange_gain(after, ~us, cell));
    }
    return best;
}

// What move m wins in the exchange it starts, from the mover's point of view.
inline int exchange_value(const Position& pos, Move m) {
    const int taken = pos.empty(m.to()) ? 0 : VALUE[type_of(pos.piece_on(m.to()))];
    Cells after = pos.cells();
    after[std::size_t(m.to())] = pos.piece_on(m.from());
    after[std::size_t(m.from())] = NO_PIECE;
    return taken - exchange_gain(after, ~pos.side_to_move(), m.to());
}

// Material from the side to move's point of view; a man is worth more the farther it has come.
inline int evaluate(const Position& pos) {
    int score = 0;
    for (int cell = 0; cell < CELL_NB; ++cell) {
        const Piece pc = pos.piece_on(cell);
        if (pc == NO_PIECE || type_of(pc) == KING) continue;
        int value = VALUE[type_of(pc)];
        if (type_of(pc) == MAN) value += 5 * (color_of(pc) == Color::White ? cell : CELL_NB - 1 - cell);
        score += color_of(pc) == pos.side_to_move() ? value : -value;
    }
    return score;
}

inline std::string cell_text(int cell, bool numbers) { return numbers ? std::to_string(cell + 1) : std::string(1, char('a' + cell)); }

inline std::string move_text(Move m, bool numbers) {
    if (!m || m == Move::null()) return "0000";
    return cell_text(m.from(), numbers) + (numbers ? "-" : "") + cell_text(m.to(), numbers);
}

// The legal move written `text` in either notation, or no move.
inline Move parse_move(const Position& pos, std::string_view text) {
    for (const Move m : legal_moves(pos))
        if (move_text(m, false) == text || move_text(m, true) == text) return m;
    return Move::none();
}

struct ToyGame {
    using Position = toy::Position;
    using Move = toy::Move;
    using MoveList = toy::MoveList;
    using Piece = toy::Piece;
    using Threats = toy::Threats;

    static constexpr std::string_view NAME = "toy";
    // No event changes the toy's rules.
    using Rules = NoRules;
    static void set_rules(Position&, const Rules&) {}
    // The search parameters' table's values: none of the toy's own.
    static constexpr std::array<params::TunableValue, 0> SEARCH_PARAMETERS{};
    static constexpr std::string_view START_FEN = Position::START_FEN;
    static constexpr int PIECE_NB = toy::PIECE_NB;
    static constexpr int SQUARE_NB = CELL_NB;
    static constexpr int VICTIM_NB = PIECE_TYPE_NB;
    static constexpr Piece NO_PIECE = toy::NO_PIECE;
    static constexpr int BENCH_DEPTH = 6;
    static constexpr std::array<std::string_view, 3> BENCH_FENS = {START_FEN, "K1R3M4m2rk w 0", "2KR1M2M1m1mr1k b 0"};

    static void generate_all(const Position& pos, MoveList& list) { generate<GenKind::All>(pos, list); }
    static void generate_noisy(const Position& pos, MoveList& list) { generate<GenKind::Noisy>(pos, list); }
    static void generate_quiet(const Position& pos, MoveList& list) { generate<GenKind::Quiet>(pos, list); }
    static std::uint64_t count_legal_moves(const Position& pos) { return toy::count_legal_moves(pos); }
    static bool is_legal(const Position& pos, Move m) { return toy::is_legal(pos, m); }
    // Material needs no state carried from move to move and no choice of network: the
    // searcher's evaluation state and the engine's evaluator are empty.
    struct Evaluator {
        bool operator==(const Evaluator&) const = default;
    };
    static Evaluator default_evaluator() { return {}; }
    struct EvalState {
        void reset(const Evaluator&) {}
        void push() {}
        void pop() {}
    };
    static int evaluate(const Position& pos, EvalState&) { return toy::evaluate(pos); }
    static std::uint64_t pawn_structure_key(const Position& pos) {
        std::uint64_t white = 0, black = 0;
        for (int cell = 0; cell < CELL_NB; ++cell) {
            if (pos.piece_on(cell) == W_MAN) white |= 1u << cell;
            if (pos.piece_on(cell) == B_MAN) black |= 1u << cell;
        }
        return mix_pair(white, black);
    }

    static bool is_noisy(const Position& pos, Move m) { return !pos.empty(m.to()); }
    static PieceType victim(const Position& pos, Move m) { return type_of(pos.piece_on(m.to())); }
    static int noisy_value(const Position& pos, Move m) { return VALUE[victim(pos, m)]; }
    static int max_gain(const Position& pos, Move m) { return VALUE[victim(pos, m)]; }
    static bool demote_quiet(Move) { return false; }
    static bool see_ge(const Position& pos, Move m, int threshold) { return exchange_value(pos, m) >= threshold; }
    static bool gives_check(const Position& pos, Move m) {
        Cells after = pos.cells();
        after[std::size_t(m.to())] = after[std::size_t(m.from())];
        after[std::size_t(m.from())] = NO_PIECE;
        return attacked(after, king_cell(after, ~pos.side_to_move()), pos.side_to_move());
    }
    static Threats threats(const Position& pos) {
        Threats t;
        const Color them = ~pos.side_to_move();
        for (int cell = 0; cell < CELL_NB; ++cell)
            if (pos.piece_on(cell) == make_piece(them, MAN) && on_board(cell + forward(them))) t.by_men |= 1u << (cell + forward(them));
        return t;
    }
    // A rook that steps out of a man's reach saves itself; one that steps into it risks itself.
    static int threat_escape(const Position& pos, const Threats& t, Move m) {
        if (type_of(pos.piece_on(m.from())) != ROOK) return 0;
        return (int(t.by_men >> m.from() & 1) - int(t.by_men >> m.to() & 1)) * VALUE[ROOK];
    }
    static bool has_non_pawn_material(const Position& pos, Color c) {
        for (int cell = 0; cell < CELL_NB; ++cell)
            if (pos.piece_on(cell) == make_piece(c, ROOK)) return true;
        return false;
    }

    static Outcome rule_outcome(const Position& pos, int /*ply*/) {
        if (pos.kings_alone() || pos.is_repetition() || pos.quiet_plies() >= QUIET_LIMIT) return Outcome::Draw;
        return Outcome::None;
    }
    static Outcome no_move_outcome(const Position& pos) { return pos.in_check() ? Outcome::Loss : Outcome::Draw; }
    // A side with kings and men alone may be blocked in.
    static bool may_lack_moves(const Position& pos) {
        for (int cell = 0; cell < CELL_NB; ++cell)
            if (!pos.empty(cell) && color_of(pos.piece_on(cell)) == pos.side_to_move() && type_of(pos.piece_on(cell)) == ROOK) return false;
        return true;
    }
    using Tables = NoTables;
    static TableSettings table_settings(const Tables&) { return {}; }
    static int table_men(const Position&) { return 0; }
    static std::optional<int> table_wdl(const Tables&, Position&) { return std::nullopt; }
    static std::optional<TableRootRanking> table_rank_root(const Tables&, Position&, const std::vector<Move>&, const TableSettings&) {
        return std::nullopt;
    }

    static FenError set_fen(Position& pos, std::string_view fen, bool /*notation: moves only*/) { return pos.set_fen(fen); }
    static Move parse_move(const Position& pos, std::string_view text, bool) { return toy::parse_move(pos, text); }
    static std::string move_text(Move m, bool numbers) { return toy::move_text(m, numbers); }
    static Move parse_xboard_move(const Position& pos, std::string_view text, bool) { return toy::parse_move(pos, text); }
    static std::string xboard_move_text(Move m, bool numbers) { return toy::move_text(m, numbers); }
    static GameEnd game_end(const Position& pos) {
        if (count_legal_moves(pos) == 0) {
            if (!pos.in_check()) return {Outcome::Draw, true, "Stalemate"};
            return {Outcome::Loss, true, pos.side_to_move() == Color::White ? "Black wins" : "White wins"};
        }
        if (pos.kings_alone()) return {Outcome::Draw, false, "Kings alone"};
        if (pos.is_repetition()) return {Outcome::Draw, false, "Draw by repetition"};
        if (pos.quiet_plies() >= QUIET_LIMIT) return {Outcome::Draw, false, "Draw by the quiet-move limit"};
        return {};
    }
    static std::string pretty(const Position& pos, const Tables&) { return pos.pretty(); }
    static std::string eval_report(const Position& pos, const Evaluator&) {
        return "material: " + std::to_string(toy::evaluate(pos)) + " cp (side to move)\n";
    }
    // Even odds at a score of 0, a win as likely as not at 150 cp whatever the material.
    static constexpr WdlModel WDL_MODEL{{0, 0, 0, 150}, {0, 0, 0, 60}, 0, 4000, 100};
    static int wdl_material(const Position& pos) {
        int material = 0;
        for (int cell = 0; cell < CELL_NB; ++cell)
            if (!pos.empty(cell) && type_of(pos.piece_on(cell)) != KING) material += VALUE[type_of(pos.piece_on(cell))];
        return material;
    }
    // The toy's book format: 12-byte little-endian records, the position's own key, the move's
    // raw bits and a weight, sorted by key.
    static BookEntry decode_book_record(const unsigned char* record) {
        return {read_little_endian(record, 8), std::uint16_t(read_little_endian(record + 8, 2)),
                std::uint16_t(read_little_endian(record + 10, 2))};
    }
    static constexpr BookFormat BOOK_FORMAT{"toy", 12, decode_book_record};
    static std::vector<BookMove<Move>> book_moves(const OpeningBook& book, const Position& pos) {
        return legal_book_moves<Move>(book.find(pos.key()), legal_moves(pos), [](Move m) { return m.raw(); });
    }
};

static_assert(Game<ToyGame>);

}  // namespace sen::toy
