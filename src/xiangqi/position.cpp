#include "xiangqi/position.h"

#include <algorithm>
#include <cassert>
#include <charconv>

#include "core/repetition.h"
#include "core/text.h"
#include "xiangqi/movegen.h"
#include "xiangqi/zobrist.h"

namespace sen::xiangqi {

namespace {

constexpr std::string_view PIECE_CHARS = " PABNCRK pabncrk";

// The piece a FEN letter names: the letters Fairy-Stockfish writes, plus its alternatives
// e (elephant) and h (horse).
Piece piece_from_char(char c) {
    const char lower = char(c | 0x20);
    const Color color = c == lower ? Color::Black : Color::White;
    switch (lower) {
    case 'k': return make_piece(color, GENERAL);
    case 'a': return make_piece(color, ADVISOR);
    case 'b':
    case 'e': return make_piece(color, ELEPHANT);
    case 'n':
    case 'h': return make_piece(color, HORSE);
    case 'r': return make_piece(color, CHARIOT);
    case 'c': return make_piece(color, CANNON);
    case 'p': return make_piece(color, SOLDIER);
    default: return NO_PIECE;
    }
}

const char* color_name(Color c) { return c == Color::White ? "Red" : "Black"; }

}  // namespace

char piece_to_char(Piece p) { return PIECE_CHARS[p]; }

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return char('a' + file_of(s)) + std::to_string(rank_of(s) + 1);
}

Square parse_square(std::string_view text) {
    if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'i') return SQ_NONE;
    const std::string_view digits = text.substr(1);
    if (digits[0] == '0') return SQ_NONE;
    int rank = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
    if (ec != std::errc() || end != digits.data() + digits.size() || rank < 1 || rank > RANK_NB) return SQ_NONE;
    return make_square(text[0] - 'a', rank - 1);
}

std::string_view to_string(GameState s) {
    switch (s) {
    case GameState::Ongoing: return "ongoing";
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate (the side to move loses)";
    case GameState::PerpetualCheckWin: return "repetition with perpetual check by the opponent (the side to move wins)";
    case GameState::PerpetualCheckLoss: return "repetition with perpetual check by the side to move (it loses)";
    case GameState::PerpetualChaseWin: return "repetition with perpetual chase by the opponent (the side to move wins)";
    case GameState::PerpetualChaseLoss: return "repetition with perpetual chase by the side to move (it loses)";
    case GameState::Repetition: return "draw by repetition";
    case GameState::DeadMaterial: return "draw: no attacking piece left";
    case GameState::MoveLimit: return "draw by the no-capture move limit";
    }
    return "?";
}

Position::Position() {
    const FenError error = set_fen(START_FEN);
    (void)error;  // the start position is valid by construction
}

Position::Position(Blank) {}

// ---------------------------------------------------------------------------------------------
// FEN

FenError Position::set_fen(std::string_view fen) {
    Position scratch{Blank{}};
    scratch.states_.reserve(256);
    scratch.no_capture_limit_ = no_capture_limit_;
    scratch.repetition_rules_ = repetition_rules_;
    if (FenError error = scratch.parse_fen(fen)) return error;
    if (FenError error = scratch.validate()) return error;
    StateInfo& st = scratch.states_.back();
    st.key = scratch.compute_key();
    st.checkers = scratch.compute_checkers();
    *this = std::move(scratch);
    return std::nullopt;
}

FenError Position::parse_fen(std::string_view fen) {
    states_.assign(1, StateInfo{});
    StateInfo& st = states_.back();

    std::vector<std::string_view> fields = text::split_fields(fen);
    if (fields.empty()) return "empty FEN";
    // uci2wb (xboard's adapter) writes "<placement> w 0 1" in Pikafish's dialect, without the
    // castling and en-passant fields; Pikafish reads it.
    if (fields.size() == 4 && text::parse_counter(fields[2]) && text::parse_counter(fields[3])) fields.insert(fields.begin() + 2, 2, "-");
    if (fields.size() != 2 && fields.size() != 4 && fields.size() != 6)
        return "a xiangqi FEN has 6 fields (or 2 or 4 without the last ones), this one has " + std::to_string(fields.size());

    // 1. Piece placement, rank 10 first, 9 points a rank.
    int rank = RANK_NB - 1, file = 0;
    bool after_digit = false;
    for (const char c : fields[0]) {
        if (c == '/') {
            if (file != FILE_NB) return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " points, not 9";
            if (--rank < 0) return "more than 10 ranks in the piece placement";
            file = 0;
            after_digit = false;
        } else if (c >= '1' && c <= '9') {
            if (after_digit) return "two digits in a row in rank " + std::to_string(rank + 1);
            file += c - '0';
            if (file > FILE_NB) return "rank " + std::to_string(rank + 1) + " has more than 9 points";
            after_digit = true;
        } else {
            const Piece p = piece_from_char(c);
            if (p == NO_PIECE) return std::string("bad piece letter '") + c + "'";
            if (file >= FILE_NB) return "rank " + std::to_string(rank + 1) + " has more than 9 points";
            put_piece(p, make_square(file, rank));
            ++file;
            after_digit = false;
        }
    }
    if (rank != 0) return "the piece placement has " + std::to_string(RANK_NB - rank) + " ranks, not 10";
    if (file != FILE_NB) return "rank 1 has " + std::to_string(file) + " points, not 9";

    // 2. Side to move.
    // 'r' for Red is what xboard's adapter uci2wb writes, and ElephantEye and Fairy-Stockfish read.
    if (fields[1] == "w" || fields[1] == "r") side_ = Color::White;
    else if (fields[1] == "b") side_ = Color::Black;
    else return "side to move must be 'w' or 'r' (Red) or 'b' (Black), not '" + std::string(fields[1]) + "'";

    // 3-4. Castling and en passant do not exist in xiangqi.
    if (fields.size() >= 4 && (fields[2] != "-" || fields[3] != "-"))
        return "the castling and en-passant fields must be '-', not '" + std::string(fields[2]) + " " + std::string(fields[3]) + "'";

    // 5-6. Counters.
    text::MoveCounters counters;
    if (FenError error = text::parse_move_counters(fields, side_ == Color::Black, counters)) return error;
    st.no_capture_plies = counters.halfmove;
    game_ply_ = counters.game_ply;
    return std::nullopt;
}

// Placement rules: every piece stands where the rules let it go (no promotions exist, so the
// start set bounds the counts), and the side to move cannot capture the enemy general.
FenError Position::validate() const {
    for (const Color c : {Color::White, Color::Black}) {
        const char* name = color_name(c);
        const int generals = popcount(pieces(c, GENERAL));
        if (generals != 1) return std::string(name) + " has " + std::to_string(generals) + " generals, not 1";
        if (!(pieces(c, GENERAL) & palace_bb(c)))
            return std::string(name) + "'s general is outside its palace, on " + square_name(general_square(c));
        constexpr int most[PIECE_TYPE_NB] = {0, 5, 2, 2, 2, 2, 2, 1};
        for (int pt = SOLDIER; pt < GENERAL; ++pt)
            if (popcount(pieces(c, PieceType(pt))) > most[pt])
                return std::string(name) + " has " + std::to_string(popcount(pieces(c, PieceType(pt)))) + " " + type_name(PieceType(pt)) +
                       "s, more than " + std::to_string(most[pt]);
        if (const Bitboard bad = pieces(c, ADVISOR) & ~advisor_points_bb(c))
            return std::string(name) + " advisor on " + square_name(lsb(bad)) + ", off its palace's diagonals";
        if (const Bitboard bad = pieces(c, ELEPHANT) & ~elephant_points_bb(c))
            return std::string(name) + " elephant on " + square_name(lsb(bad)) + ", a point elephants never reach";
        // Soldiers start on their side's 4th rank on files a, c, e, g, i, and move sideways only
        // after crossing the river, so before it each of those files holds at most one soldier.
        for (Bitboard b = pieces(c, SOLDIER); b;) {
            const Square s = pop_lsb(b);
            const int rr = own_rank(c, rank_of(s));
            if (rr < 3) return std::string(name) + " soldier on " + square_name(s) + ", behind its starting rank";
            if (rr < 5 && file_of(s) % 2 == 1)
                return std::string(name) + " soldier on " + square_name(s) + ", a file it cannot reach before crossing the river";
            if (rr < 5 && more_than_one(pieces(c, SOLDIER) & half_bb(c) & file_bb(file_of(s))))
                return std::string(name) + " has two soldiers on the " + char('a' + file_of(s)) + "-file before the river";
        }
    }
    const Color them = ~side_;
    if (const Bitboard attackers = general_attackers(side_, general_square(them), pieces(), pieces(side_)))
        return std::string("the side to move (") + color_name(side_) + ") can capture the enemy general from " +
               square_name(lsb(attackers)) + (piece_type(board_[lsb(attackers)]) == GENERAL ? " (the generals face each other)" : "");
    return std::nullopt;
}

std::string Position::fen() const {
    std::string out =
        text::placement(FILE_NB, RANK_NB, [this](int file, int rank) { return piece_to_char(board_[make_square(file, rank)]); });
    out += side_ == Color::White ? " w - - " : " b - - ";
    out += std::to_string(state().no_capture_plies) + ' ' + std::to_string(fullmove_number());
    return out;
}

// ---------------------------------------------------------------------------------------------
// Board edits (FEN set-up only; make_move edits the fields directly)

void Position::put_piece(Piece p, Square s) {
    if (board_[s] != NO_PIECE) remove_piece(s);
    board_[s] = p;
    const Bitboard b = square_bb(s);
    by_type_[0] |= b;
    by_type_[piece_type(p)] |= b;
    by_color_[index_of(piece_color(p))] |= b;
    occupied_fm_ |= fm_square_bb(s);
    ++count_[p];
    if (piece_type(p) == GENERAL) general_[index_of(piece_color(p))] = s;
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    const Bitboard b = square_bb(s);
    by_type_[0] &= ~b;
    by_type_[piece_type(p)] &= ~b;
    by_color_[index_of(piece_color(p))] &= ~b;
    occupied_fm_ &= ~fm_square_bb(s);
    --count_[p];
    board_[s] = NO_PIECE;
}

// ---------------------------------------------------------------------------------------------
// Attacks

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    Bitboard result = 0;
    for (Bitboard sliders = pieces(CHARIOT) & cross(s) & occupied; sliders;) {
        const Square a = pop_lsb(sliders);
        if (!(between(s, a) & occupied)) result |= square_bb(a);
    }
    for (Bitboard cannons = pieces(CANNON) & cross(s) & occupied; cannons;) {
        const Square a = pop_lsb(cannons);
        const Bitboard screens = between(s, a) & occupied;
        if (screens && !more_than_one(screens)) result |= square_bb(a);
    }
    result |= horse_attackers(s, occupied) & pieces(HORSE);
    result |= soldier_attackers(Color::White, s) & pieces(Color::White, SOLDIER);
    result |= soldier_attackers(Color::Black, s) & pieces(Color::Black, SOLDIER);
    result |= elephant_steps(s, occupied) & pieces(ELEPHANT);
    result |= advisor_steps(s) & pieces(ADVISOR);
    result |= general_steps(s) & pieces(GENERAL);
    return result & occupied;
}

Bitboard Position::general_attackers(Color attacker, Square s, Bitboard occupied, Bitboard candidates) const {
    candidates &= pieces(attacker);
    Bitboard result = 0;
    // Chariots, cannons and the other general (which can only share the file) on s's lines.
    for (Bitboard sliders = candidates & (by_type_[CHARIOT] | by_type_[CANNON] | by_type_[GENERAL]) & cross(s); sliders;) {
        const Square a = pop_lsb(sliders);
        const Bitboard screens = between(s, a) & occupied;
        if (piece_type(board_[a]) == CANNON ? screens && !more_than_one(screens) : !screens) result |= square_bb(a);
    }
    result |= horse_attackers(s, occupied) & candidates & by_type_[HORSE];
    result |= soldier_attackers(attacker, s) & candidates & by_type_[SOLDIER];
    return result;
}

bool Position::general_attacked(Color attacker, Square s, Bitboard occupied, Bitboard candidates) const {
    candidates &= pieces(attacker);
    if (soldier_attackers(attacker, s) & candidates & by_type_[SOLDIER]) return true;
    if (horse_attackers(s, occupied) & candidates & by_type_[HORSE]) return true;
    for (Bitboard sliders = candidates & (by_type_[CHARIOT] | by_type_[CANNON] | by_type_[GENERAL]) & cross(s); sliders;) {
        const Square a = pop_lsb(sliders);
        const Bitboard screens = between(s, a) & occupied;
        if (piece_type(board_[a]) == CANNON ? screens && !more_than_one(screens) : !screens) return true;
    }
    return false;
}

bool Position::general_safe_after(Square from, Square to) const {
    const Color us = side_, them = ~us;
    const Square k = from == general_square(us) ? to : general_square(us);
    const Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
    return !general_attacked(them, k, occupied, pieces(them) & ~square_bb(to));
}

Bitboard Position::compute_checkers() const { return general_attackers(~side_, general_square(side_), pieces(), pieces(~side_)); }

// ---------------------------------------------------------------------------------------------
// Making moves

void Position::make_move(Move m) {
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    const Piece captured = board_[to];
    assert(m.is_ok() && pc != NO_PIECE && piece_color(pc) == us);
    assert(captured == NO_PIECE || (piece_color(captured) == them && piece_type(captured) != GENERAL));
    const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
    Key key = st.key ^ zobrist::side() ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
    st.move = m;
    st.captured = captured;
    st.moved = pc;
    st.no_capture_plies++;
    st.plies_from_null++;

    if (captured != NO_PIECE) {
        key ^= zobrist::piece_square(captured, to);
        by_type_[piece_type(captured)] ^= to_bb;
        by_color_[index_of(them)] ^= to_bb;
        --count_[captured];
        st.no_capture_plies = 0;
        by_type_[0] ^= from_bb;
        occupied_fm_ ^= fm_square_bb(from);
    } else {
        by_type_[0] ^= from_bb | to_bb;
        occupied_fm_ ^= fm_square_bb(from) | fm_square_bb(to);
    }
    by_type_[piece_type(pc)] ^= from_bb | to_bb;
    by_color_[index_of(us)] ^= from_bb | to_bb;
    board_[to] = pc;
    board_[from] = NO_PIECE;
    if (piece_type(pc) == GENERAL) general_[index_of(us)] = to;

    st.key = key;
    side_ = them;
    ++game_ply_;
    st.checkers = compute_checkers();
    // The move was legal: the side that made it is not attacked, and the key is exact.
    assert(!general_attackers(them, general_square(us), pieces(), pieces(them)));
    assert(st.key == compute_key());
}

void Position::unmake_move() {
    const StateInfo& st = states_.back();
    const Move m = st.move;
    side_ = ~side_;
    --game_ply_;
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[to];
    const Piece captured = st.captured;
    assert(pc != NO_PIECE && piece_color(pc) == us && board_[from] == NO_PIECE);
    const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);

    by_type_[piece_type(pc)] ^= from_bb | to_bb;
    by_color_[index_of(us)] ^= from_bb | to_bb;
    board_[from] = pc;
    board_[to] = captured;
    if (captured != NO_PIECE) {
        by_type_[piece_type(captured)] ^= to_bb;
        by_color_[index_of(them)] ^= to_bb;
        ++count_[captured];
        by_type_[0] ^= from_bb;
        occupied_fm_ ^= fm_square_bb(from);
    } else {
        by_type_[0] ^= from_bb | to_bb;
        occupied_fm_ ^= fm_square_bb(from) | fm_square_bb(to);
    }
    if (piece_type(pc) == GENERAL) general_[index_of(us)] = from;
    states_.pop_back();
    assert(key() == compute_key());  // the board is back as it was
}

void Position::make_null_move() {
    assert(!in_check());
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    st.key ^= zobrist::side();
    st.no_capture_plies++;
    st.plies_from_null = 0;
    st.move = Move::null();
    st.captured = NO_PIECE;
    side_ = ~side_;
    ++game_ply_;
    st.checkers = 0;  // the side not to move is never attacked, and we were not in check
}

void Position::unmake_null_move() {
    states_.pop_back();
    side_ = ~side_;
    --game_ply_;
}

bool Position::gives_check(Move m) const {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to(), k = general_square(them);
    const Bitboard to_bb = square_bb(to);
    const Bitboard occupied = (pieces() ^ square_bb(from)) | to_bb;
    // Direct check by the moved piece from its new point.
    switch (piece_type(board_[from])) {
    case CHARIOT:
        if ((cross(k) & to_bb) && !(between(k, to) & occupied)) return true;
        break;
    case CANNON:
        if (cross(k) & to_bb) {
            const Bitboard screens = between(k, to) & occupied;
            if (screens && !more_than_one(screens)) return true;
        }
        break;
    case HORSE:
        if (horse_attackers(k, occupied) & to_bb) return true;
        break;
    case SOLDIER:
        if (soldier_attackers(us, k) & to_bb) return true;
        break;
    default: break;
    }
    // Discovered checks (a line or a horse leg opened), and cannon checks through the moved
    // piece as a new screen. Only a move that changed a point of the general's lines or a horse
    // leg next to it can give one: before it nothing attacked the general (the side not to move
    // never is attacked), and no other point changes who does.
    if (!(attack_sources(k) & (square_bb(from) | to_bb))) return false;
    return general_attacked(us, k, occupied, pieces(us) & ~square_bb(from));
}

Key Position::key_after(Move m) const {
    const Piece pc = board_[m.from()];
    Key k = key() ^ zobrist::side() ^ zobrist::piece_square(pc, m.from()) ^ zobrist::piece_square(pc, m.to());
    if (board_[m.to()] != NO_PIECE) k ^= zobrist::piece_square(board_[m.to()], m.to());
    return k;
}

// ---------------------------------------------------------------------------------------------
// Game-end rules

bool Position::has_insufficient_material() const { return !(by_type_[CHARIOT] | by_type_[HORSE] | by_type_[CANNON] | by_type_[SOLDIER]); }

bool Position::is_no_capture_draw() const { return no_capture_limit_reached() && count_legal_moves(*this) > 0; }

int Position::repetition_count() const { return earlier_occurrences(states_, std::min(state().no_capture_plies, state().plies_from_null)); }

// The last `plies` moves lead from an earlier occurrence of the position to this one. The
// opponent made the moves that led to states n, n-2, ...; each gave check if the state after
// it has checkers. The side to move made the others. Perpetual check weighs more than
// perpetual chase (AXF): a side that checked with every move loses to one that did not, even
// if that one chased; chases are looked for only when neither side checked with every move.
GameState Position::judge_cycle(int plies) const {
    const int n = int(states_.size()) - 1;
    bool them_always = true, us_always = true;
    for (int j = 0; j < plies; ++j) {
        const bool check = states_[n - j].checkers != 0;
        (j % 2 == 0 ? them_always : us_always) &= check;
    }
    if (them_always != us_always) return them_always ? GameState::PerpetualCheckWin : GameState::PerpetualCheckLoss;
    if (them_always) return GameState::Repetition;
    // Computer rules: a check anywhere in the span makes a chase no perpetual chase.
    if (repetition_rules_ == RepetitionRules::Computer)
        for (int j = 0; j < plies; ++j)
            if (states_[n - j].checkers) return GameState::Repetition;
    const std::array<bool, 2> chasers = cycle_chasers(plies);
    const bool them_chase = chasers[index_of(~side_)], us_chase = chasers[index_of(side_)];
    if (them_chase != us_chase) return them_chase ? GameState::PerpetualChaseWin : GameState::PerpetualChaseLoss;
    return GameState::Repetition;
}

GameState Position::repetition_state(int ply_from_root) const {
    const int n = int(states_.size()) - 1;
    const int end = std::min(state().no_capture_plies, state().plies_from_null);
    int count = 0;
    for (int i = 4; i <= end && i <= n; i += 2) {
        if (states_[n - i].key != state().key) continue;
        if (i < ply_from_root) return judge_cycle(i);  // a repetition within the search tree
        if (++count == 2) return judge_cycle(i);       // third occurrence counting game history
    }
    return GameState::Ongoing;
}

GameState Position::game_state() const {
    if (count_legal_moves(*this) == 0) return in_check() ? GameState::Checkmate : GameState::Stalemate;
    if (has_insufficient_material()) return GameState::DeadMaterial;
    if (const GameState repetition = repetition_state(0); repetition != GameState::Ongoing) return repetition;
    if (no_capture_limit_reached()) return GameState::MoveLimit;
    return GameState::Ongoing;
}

// ---------------------------------------------------------------------------------------------
// Consistency

Key Position::compute_key() const {
    Key k = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
        if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
    if (side_ == Color::Black) k ^= zobrist::side();
    return k;
}

std::optional<std::string> Position::consistency_error() const {
    Bitboard by_type[PIECE_TYPE_NB] = {}, by_color[2] = {}, occupied_fm = 0;
    int count[PIECE_NB] = {};
    Square general[2] = {SQ_NONE, SQ_NONE};
    for (int i = 0; i < SQUARE_NB; ++i) {
        const Square s = Square(i);
        const Piece p = board_[s];
        if (p == NO_PIECE) continue;
        if (piece_type(p) == NO_PIECE_TYPE || (p & 8 ? p - 8 : p) > GENERAL) return "bad piece code on " + square_name(s);
        by_type[0] |= square_bb(s);
        by_type[piece_type(p)] |= square_bb(s);
        by_color[index_of(piece_color(p))] |= square_bb(s);
        occupied_fm |= fm_square_bb(s);
        ++count[p];
        if (piece_type(p) == GENERAL) general[index_of(piece_color(p))] = s;
    }
    for (int i = 0; i < PIECE_TYPE_NB; ++i)
        if (by_type[i] != by_type_[i]) return "piece-type bitboard " + std::to_string(i) + " differs from the board";
    for (int i = 0; i < 2; ++i)
        if (by_color[i] != by_color_[i]) return "colour bitboard " + std::to_string(i) + " differs from the board";
    if (occupied_fm != occupied_fm_) return "file-major occupancy differs from the board";
    for (int p = 0; p < PIECE_NB; ++p)
        if (count[p] != count_[p]) return std::string("piece count of '") + piece_to_char(Piece(p)) + "' differs from the board";
    for (const Color c : {Color::White, Color::Black}) {
        if (count[make_piece(c, GENERAL)] != 1) return std::string("not one general for ") + color_name(c);
        if (general[index_of(c)] != general_[index_of(c)]) return std::string("stored general square of ") + color_name(c) + " is wrong";
        if (!(palace_bb(c) & square_bb(general_[index_of(c)]))) return std::string(color_name(c)) + "'s general left its palace";
    }
    if (compute_key() != key()) return "incremental key differs from a full recomputation";
    if (general_attackers(side_, general_square(~side_), pieces(), pieces(side_))) return "the side not to move is attacked";
    if (checkers() != compute_checkers()) return "stored checkers are wrong";
    if (int(states_.size()) - 1 > 0 && last_move() != Move::null() && piece_on(last_move().to()) == NO_PIECE)
        return "the last move's destination is empty";
    return std::nullopt;
}

std::string Position::pretty() const {
    std::string out =
        text::diagram(FILE_NB, RANK_NB, [this](int file, int rank) { return piece_to_char(board_[make_square(file, rank)]); });
    out += "\nFen: " + fen() + "\nKey: " + text::hex_key(key()) + "\nCheckers:";
    for (Bitboard b = checkers(); b;) out += ' ' + square_name(pop_lsb(b));
    out += "\nState: " + std::string(to_string(game_state())) + '\n';
    out += "Rules: " + std::string(to_string(repetition_rules_)) + " repetition rules, no-capture limit " +
           (no_capture_limit_ > 0 ? std::to_string(no_capture_limit_) + " plies" : std::string("none")) + '\n';
    return out;
}

}  // namespace sen::xiangqi
