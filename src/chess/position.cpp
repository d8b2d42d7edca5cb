#include "chess/position.h"

#include <cassert>

#include "chess/movegen.h"
#include "chess/zobrist.h"
#include "core/repetition.h"
#include "core/text.h"

namespace sen::chess {

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

}  // namespace

char piece_to_char(Piece p) { return PIECE_CHARS[p]; }

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return SQ_NONE;
    return make_square(text[0] - 'a', text[1] - '1');
}

std::string_view to_string(GameState s) {
    switch (s) {
    case GameState::Ongoing: return "ongoing";
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate";
    case GameState::DeadPosition: return "dead position";
    case GameState::SeventyFiveMoves: return "draw by the 75-move rule";
    case GameState::FivefoldRepetition: return "draw by fivefold repetition";
    case GameState::FiftyMovesClaimable: return "draw claimable (50-move rule)";
    case GameState::ThreefoldClaimable: return "draw claimable (threefold repetition)";
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

FenError Position::set_fen(std::string_view fen, bool chess960) {
    Position scratch{Blank{}};
    scratch.states_.reserve(256);
    scratch.chess960_ = chess960;
    if (FenError error = scratch.parse_fen(fen)) return error;
    if (FenError error = scratch.validate()) return error;
    scratch.states_.back().key = scratch.compute_key();
    scratch.finish_state();
    *this = std::move(scratch);
    return std::nullopt;
}

FenError Position::parse_fen(std::string_view fen) {
    std::fill(std::begin(board_), std::end(board_), NO_PIECE);
    std::fill(std::begin(by_type_), std::end(by_type_), 0);
    std::fill(std::begin(by_color_), std::end(by_color_), 0);
    std::fill(std::begin(castling_mask_), std::end(castling_mask_), 0);
    for (int i = 0; i < 4; ++i) {
        castling_rook_square_[i] = SQ_NONE;
        castling_path_[i] = castling_king_path_[i] = 0;
    }
    states_.assign(1, StateInfo{});
    StateInfo& st = states_.back();

    const std::vector<std::string_view> fields = text::split_fields(fen);
    if (fields.empty()) return "empty FEN";
    if (fields.size() != 4 && fields.size() != 6)
        return "a FEN has 6 fields (or 4 without the move counters), this one has " + std::to_string(fields.size());

    // 1. Piece placement, rank 8 first.
    int rank = 7, file = 0;
    for (const char c : fields[0]) {
        if (c == '/') {
            if (file != 8) return "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8";
            if (--rank < 0) return "more than 8 ranks in the piece placement";
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
        } else {
            const std::size_t idx = PIECE_CHARS.find(c);
            if (c == ' ' || idx == std::string_view::npos) return std::string("bad piece letter '") + c + "'";
            if (file >= 8) return "rank " + std::to_string(rank + 1) + " has more than 8 squares";
            put_piece(Piece(idx), make_square(file, rank));
            ++file;
        }
    }
    if (rank != 0) return "the piece placement has " + std::to_string(8 - rank) + " ranks, not 8";
    if (file != 8) return "rank 1 has " + std::to_string(file) + " squares, not 8";

    // 2. Side to move.
    if (fields[1] == "w") side_ = Color::White;
    else if (fields[1] == "b") side_ = Color::Black;
    else return "side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'";

    // 3. Castling: KQkq, X-FEN (KQkq for the outermost rook, a file letter otherwise) or
    // Shredder-FEN (file letters). Each right needs the king on its back rank and a rook of the
    // same colour on the named square.
    if (fields[2] != "-") {
        for (const char c : fields[2]) {
            const Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::White;
            const char upper = char(c & ~0x20);
            const Bitboard back_rank = rank_bb(relative_rank(color, 0));
            const Bitboard kings = pieces(color, KING) & back_rank;
            if (!kings) return std::string("castling right '") + c + "' but the king is not on its first rank";
            const Square ksq = lsb(kings);
            const Piece rook = make_piece(color, ROOK);
            Square rsq = SQ_NONE;
            if (upper == 'K') {
                for (int f = 7; f > file_of(ksq); --f)
                    if (board_[make_square(f, relative_rank(color, 0))] == rook) {
                        rsq = make_square(f, relative_rank(color, 0));
                        break;
                    }
            } else if (upper == 'Q') {
                for (int f = 0; f < file_of(ksq); ++f)
                    if (board_[make_square(f, relative_rank(color, 0))] == rook) {
                        rsq = make_square(f, relative_rank(color, 0));
                        break;
                    }
            } else if (upper >= 'A' && upper <= 'H') {
                rsq = make_square(upper - 'A', relative_rank(color, 0));
                if (board_[rsq] != rook) return std::string("castling right '") + c + "' but no rook on " + square_name(rsq);
            } else {
                return std::string("bad castling letter '") + c + "'";
            }
            if (rsq == SQ_NONE) return std::string("castling right '") + c + "' but no rook on that side of the king";
            if (!chess960_ && (file_of(ksq) != 4 || (file_of(rsq) != 0 && file_of(rsq) != 7)))
                return std::string("castling right '") + c + "' needs the king on the e-file and the rook in the corner (or UCI_Chess960)";
            const CastlingRights right = castling_right(color, rsq > ksq);
            if (st.castling & right) return std::string("castling right '") + c + "' given twice";
            add_castling_right(color, rsq);
        }
    }

    // 4. En passant: must be a square a double push of the side that just moved can have made.
    if (fields[3] != "-") {
        const Square ep = parse_square(fields[3]);
        if (ep == SQ_NONE) return "bad en-passant square '" + std::string(fields[3]) + "'";
        const Color them = ~side_;
        const Square pushed = ep + pawn_push(them);  // where their pawn stands now
        const Square origin = ep - pawn_push(them);  // where it came from
        if (rank_of(ep) != relative_rank(them, 2) || board_[pushed] != make_piece(them, PAWN) || !empty(ep) || !empty(origin))
            return "en-passant square " + square_name(ep) + " cannot follow a double pawn push";
        st.fen_ep_square = ep;
    }

    // 5-6. Counters.
    text::MoveCounters counters;
    if (FenError error = text::parse_move_counters(fields, side_ == Color::Black, counters)) return error;
    st.rule50 = counters.halfmove;
    game_ply_ = counters.game_ply;
    return std::nullopt;
}

FenError Position::validate() const {
    for (const Color c : {Color::White, Color::Black}) {
        const char* name = c == Color::White ? "White" : "Black";
        const int kings = popcount(pieces(c, KING));
        if (kings != 1) return std::string(name) + " has " + std::to_string(kings) + " kings, not 1";
        const int pawns = popcount(pieces(c, PAWN));
        if (pawns > 8) return std::string(name) + " has more than 8 pawns";
        // Every extra piece beyond the initial set is a promoted pawn; besides making the
        // position unreachable, more would overflow fixed-size move lists (218 moves at most).
        const int promoted = std::max(0, popcount(pieces(c, QUEEN)) - 1) + std::max(0, popcount(pieces(c, ROOK)) - 2) +
                             std::max(0, popcount(pieces(c, BISHOP)) - 2) + std::max(0, popcount(pieces(c, KNIGHT)) - 2);
        if (promoted > 8 - pawns) return std::string(name) + " has more pieces than promotions can explain";
    }
    if (pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return "pawn on the first or last rank";
    const Color them = ~side_;
    if (attackers_to(king_square(them)) & pieces(side_))
        return std::string("the side not to move (") + (them == Color::White ? "White" : "Black") + ") is in check";
    // One move can give check with at most two pieces. Rarer impossible checks (two pawns, say)
    // are accepted, as set-up positions for study: the move generator handles them all the same.
    const Bitboard checkers = attackers_to(king_square(side_)) & pieces(them);
    if (popcount(checkers) > 2) return "the side to move is in check from more than two pieces";
    return std::nullopt;
}

void Position::add_castling_right(Color c, Square rook_from) {
    const Square king_from = king_square(c);
    const CastlingRights right = castling_right(c, rook_from > king_from);
    const int idx = castling_index(right);
    StateInfo& st = states_.back();
    st.castling |= right;
    castling_mask_[king_from] |= right;
    castling_mask_[rook_from] |= right;
    castling_rook_square_[idx] = rook_from;

    const Square king_to = castling_king_to(right), rook_to = castling_rook_to(right);
    castling_path_[idx] = (between(rook_from, rook_to) | between(king_from, king_to) | square_bb(rook_to) | square_bb(king_to)) &
                          ~(square_bb(king_from) | square_bb(rook_from));
    castling_king_path_[idx] = between(king_from, king_to) | square_bb(king_to);
}

std::string Position::fen() const {
    std::string out = text::placement(8, 8, [this](int file, int rank) { return piece_to_char(board_[make_square(file, rank)]); });
    out += side_ == Color::White ? " w " : " b ";

    std::string castling;
    for (const CastlingRights r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (!can_castle(r)) continue;
        const Color c = (r & WHITE_CASTLING) ? Color::White : Color::Black;
        const Square rsq = castling_rook_square(r);
        char letter = (r & (WHITE_OO | BLACK_OO)) ? 'K' : 'Q';
        if (chess960_) {
            // X-FEN: K/Q for the outermost rook on that side, the rook's file letter otherwise.
            const Bitboard rank = rank_bb(relative_rank(c, 0));
            const Bitboard rooks = pieces(c, ROOK) & rank;
            const Bitboard beyond = letter == 'K' ? (rooks & ~((square_bb(rsq) << 1) - 1)) : (rooks & (square_bb(rsq) - 1));
            if (beyond) letter = char('A' + file_of(rsq));
        }
        castling += c == Color::White ? letter : char(letter | 0x20);
    }
    out += castling.empty() ? "-" : castling;
    out += ' ';
    out += square_name(state().fen_ep_square);
    out += ' ' + std::to_string(state().rule50) + ' ' + std::to_string(fullmove_number());
    return out;
}

// ---------------------------------------------------------------------------------------------
// Board edits

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    const Bitboard b = square_bb(s);
    by_type_[0] |= b;
    by_type_[piece_type(p)] |= b;
    by_color_[index_of(piece_color(p))] |= b;
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    const Bitboard b = square_bb(s);
    by_type_[0] ^= b;
    by_type_[piece_type(p)] ^= b;
    by_color_[index_of(piece_color(p))] ^= b;
    board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard b = square_bb(from) | square_bb(to);
    by_type_[0] ^= b;
    by_type_[piece_type(p)] ^= b;
    by_color_[index_of(piece_color(p))] ^= b;
    board_[from] = NO_PIECE;
    board_[to] = p;
}

// ---------------------------------------------------------------------------------------------
// Attacks

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(Color::Black, s) & pieces(Color::White, PAWN)) | (pawn_attacks(Color::White, s) & pieces(Color::Black, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) |
           (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) | (king_attacks(s) & pieces(KING));
}

bool Position::attacked_by(Color attacker, Square s, Bitboard occupied) const {
    const Bitboard theirs = pieces(attacker);
    return (pawn_attacks(~attacker, s) & theirs & pieces(PAWN)) || (knight_attacks(s) & theirs & pieces(KNIGHT)) ||
           (king_attacks(s) & theirs & pieces(KING)) || (bishop_attacks(s, occupied) & theirs & pieces(BISHOP, QUEEN)) ||
           (rook_attacks(s, occupied) & theirs & pieces(ROOK, QUEEN));
}

Bitboard Position::blockers(Color king_color, Color slider_color) const {
    const Square ksq = king_square(king_color);
    const Bitboard sliders = pieces(slider_color);
    Bitboard snipers =
        ((rook_attacks(ksq, sliders) & pieces(ROOK, QUEEN)) | (bishop_attacks(ksq, sliders) & pieces(BISHOP, QUEEN))) & sliders;
    Bitboard result = 0;
    const Bitboard occupied = pieces() ^ snipers;
    while (snipers) {
        const Bitboard between_pieces = between(ksq, pop_lsb(snipers)) & occupied;
        if (between_pieces && !more_than_one(between_pieces)) result |= between_pieces;
    }
    return result;
}

bool Position::en_passant_is_legal(Square from) const {
    const Color us = side_, them = ~us;
    const Square to = state().fen_ep_square;
    const Square captured = to - pawn_push(us);
    const Square ksq = king_square(us);
    const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
    // Checkers other than the captured pawn that the capture does not block stay checkers.
    const Bitboard theirs = pieces(them) & ~square_bb(captured);
    if (knight_attacks(ksq) & theirs & pieces(KNIGHT)) return false;
    if (pawn_attacks(us, ksq) & theirs & pieces(PAWN)) return false;
    return !(bishop_attacks(ksq, occupied) & theirs & pieces(BISHOP, QUEEN)) &&
           !(rook_attacks(ksq, occupied) & theirs & pieces(ROOK, QUEEN));
}

// Computes the checkers and, from the FEN-style en-passant square, whether an en-passant
// capture is possible: only then does the square count for the key and for move generation.
void Position::finish_state() {
    StateInfo& st = states_.back();
    const Color us = side_, them = ~us;
    st.checkers = attackers_to(king_square(us)) & pieces(them);
    st.ep_square = SQ_NONE;
    if (st.fen_ep_square != SQ_NONE) {
        Bitboard capturers = pawn_attacks(them, st.fen_ep_square) & pieces(us, PAWN);
        while (capturers) {
            if (en_passant_is_legal(pop_lsb(capturers))) {
                st.ep_square = st.fen_ep_square;
                st.key ^= zobrist::en_passant(st.ep_square);
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Making moves

void Position::make_move(Move m) {
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    Key key = st.key ^ zobrist::side();

    if (st.ep_square != SQ_NONE) key ^= zobrist::en_passant(st.ep_square);
    st.fen_ep_square = SQ_NONE;
    st.rule50++;
    st.plies_from_null++;
    st.move = m;
    st.moved = pc;
    st.captured = NO_PIECE;

    if (m.kind() == MoveKind::Castling) {
        const bool king_side = to > from;
        const CastlingRights right = castling_right(us, king_side);
        const Square king_to = castling_king_to(right), rook_to = castling_rook_to(right);
        const Piece rook = make_piece(us, ROOK);
        do_castling(us, from, to, false);
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, king_to) ^ zobrist::piece_square(rook, to) ^
               zobrist::piece_square(rook, rook_to);
    } else {
        Square capture_square = to;
        Piece captured = board_[to];
        if (m.kind() == MoveKind::EnPassant) {
            capture_square = to - pawn_push(us);
            captured = board_[capture_square];
        }
        if (captured != NO_PIECE) {
            remove_piece(capture_square);
            key ^= zobrist::piece_square(captured, capture_square);
            st.captured = captured;
            st.rule50 = 0;
        }
        move_piece(from, to);
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);

        if (piece_type(pc) == PAWN) {
            st.rule50 = 0;
            if ((int(to) ^ int(from)) == 16) {
                // Only a double push next to an enemy pawn can give an en-passant capture.
                if (pawn_attacks(us, to - pawn_push(us)) & pieces(them, PAWN)) st.fen_ep_square = to - pawn_push(us);
            } else if (m.kind() == MoveKind::Promotion) {
                const Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
            }
        }
    }

    if (st.castling && (castling_mask_[from] | castling_mask_[to])) {
        key ^= zobrist::castling(st.castling);
        st.castling &= std::uint8_t(~(castling_mask_[from] | castling_mask_[to]));
        key ^= zobrist::castling(st.castling);
    }

    st.key = key;
    side_ = them;
    ++game_ply_;
    finish_state();
    // The move was legal (the mover's king is not attacked) and the key is exact; checked where
    // assertions are compiled in (the sanitizer and fuzzing builds).
    assert(!(attackers_to(king_square(us)) & pieces(them)));
    assert(st.key == compute_key());
}

void Position::unmake_move() {
    const StateInfo& st = states_.back();
    const Move m = st.move;
    side_ = ~side_;
    --game_ply_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();

    if (m.kind() == MoveKind::Castling) {
        do_castling(us, from, to, true);
    } else {
        if (m.kind() == MoveKind::Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (st.captured != NO_PIECE) {
            const Square capture_square = m.kind() == MoveKind::EnPassant ? to - pawn_push(us) : to;
            put_piece(st.captured, capture_square);
        }
    }
    states_.pop_back();
    assert(key() == compute_key());  // the board is back as it was
}

// Castling moves king and rook together; in Chess960 either may land on the other's square,
// so both are lifted before either is put down.
void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
    const CastlingRights right = castling_right(us, rook_from > king_from);
    const Square king_to = castling_king_to(right), rook_to = castling_rook_to(right);
    const Piece king = make_piece(us, KING), rook = make_piece(us, ROOK);
    remove_piece(undo ? king_to : king_from);
    remove_piece(undo ? rook_to : rook_from);
    put_piece(king, undo ? king_from : king_to);
    put_piece(rook, undo ? rook_from : rook_to);
}

void Position::make_null_move() {
    states_.push_back(states_.back());
    StateInfo& st = states_.back();
    if (st.ep_square != SQ_NONE) st.key ^= zobrist::en_passant(st.ep_square);
    st.key ^= zobrist::side();
    st.ep_square = st.fen_ep_square = SQ_NONE;
    st.rule50++;
    st.plies_from_null = 0;
    st.move = Move::null();
    st.moved = NO_PIECE;
    st.captured = NO_PIECE;
    side_ = ~side_;
    ++game_ply_;
    st.checkers = 0;  // null moves are never made in check
}

void Position::unmake_null_move() {
    states_.pop_back();
    side_ = ~side_;
    --game_ply_;
}

bool Position::gives_check(Move m) const {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to(), ksq = king_square(them);
    Bitboard occupied = pieces() ^ square_bb(from);
    Square piece_to = to;
    PieceType pt = piece_type(board_[from]);
    switch (m.kind()) {
    case MoveKind::Castling: {
        const CastlingRights right = castling_right(us, to > from);
        occupied ^= square_bb(to);
        piece_to = castling_rook_to(right);
        occupied |= square_bb(piece_to) | square_bb(castling_king_to(right));
        pt = ROOK;
        break;
    }
    case MoveKind::EnPassant:
        occupied ^= square_bb(to - pawn_push(us));
        occupied |= square_bb(to);
        break;
    case MoveKind::Promotion:
        pt = m.promotion();
        occupied |= square_bb(to);
        break;
    default: occupied |= square_bb(to); break;
    }
    // Direct check by the moved (or promoted, or castled rook) piece.
    const Bitboard direct = pt == PAWN ? pawn_attacks(us, piece_to) : attacks_of(pt, piece_to, occupied);
    if (direct & square_bb(ksq)) return true;
    // Discovered check by one of our sliders (the moved piece's old square is now empty; a
    // piece captured on `to` no longer blocks, the mover now does).
    const Bitboard ours = pieces(us) & ~square_bb(from);
    return ((bishop_attacks(ksq, occupied) & ours & pieces(BISHOP, QUEEN)) | (rook_attacks(ksq, occupied) & ours & pieces(ROOK, QUEEN))) &
           ~square_bb(to);
}

Key Position::key_after(Move m) const {
    const Piece pc = board_[m.from()];
    Key k = key() ^ zobrist::side() ^ zobrist::piece_square(pc, m.from()) ^ zobrist::piece_square(pc, m.to());
    if (board_[m.to()] != NO_PIECE && m.kind() != MoveKind::Castling) k ^= zobrist::piece_square(board_[m.to()], m.to());
    return k;
}

// ---------------------------------------------------------------------------------------------
// Draw rules and game state

// Art. 5.2.2 / 9.6.2: positions where no sequence of legal moves can lead to mate. Detected by
// material: bare kings, a single minor piece, or only bishops all on squares of one colour.
// K+N+N v K is not dead (a helpmate exists), nor is K+B v K+N.
bool Position::has_insufficient_material() const {
    if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
    const Bitboard minors = pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true;
    if (pieces(KNIGHT)) return false;
    const Bitboard bishops = pieces(BISHOP);
    return !(bishops & DARK_SQUARES_BB) || !(bishops & ~DARK_SQUARES_BB);
}

int Position::repetition_count() const { return earlier_occurrences(states_, std::min(state().rule50, state().plies_from_null)); }

bool Position::is_repetition(int ply_from_root) const {
    const int n = int(states_.size()) - 1;
    const int end = std::min(state().rule50, state().plies_from_null);
    int count = 0;
    for (int i = 4; i <= end && i <= n; i += 2) {
        if (states_[n - i].key == state().key) {
            if (i < ply_from_root) return true;  // a repetition within the search tree
            if (++count == 2) return true;       // third occurrence counting game history
        }
    }
    return false;
}

bool Position::has_repeated() const {
    const int n = int(states_.size()) - 1;
    const int end = std::min(state().rule50, state().plies_from_null);
    for (int back = 0; back + 4 <= end && back <= n; ++back) {
        const StateInfo& later = states_[std::size_t(n - back)];
        const int reach = std::min(later.rule50, later.plies_from_null);
        for (int i = 4; i <= reach && i <= n - back; i += 2)
            if (states_[std::size_t(n - back - i)].key == later.key) return true;
    }
    return false;
}

GameState Position::game_state() const {
    const bool has_moves = count_legal_moves(*this) > 0;
    if (!has_moves) return in_check() ? GameState::Checkmate : GameState::Stalemate;
    if (has_insufficient_material()) return GameState::DeadPosition;
    if (state().rule50 >= 150) return GameState::SeventyFiveMoves;
    const int repetitions = repetition_count();
    if (repetitions >= 4) return GameState::FivefoldRepetition;
    if (state().rule50 >= 100) return GameState::FiftyMovesClaimable;
    if (repetitions >= 2) return GameState::ThreefoldClaimable;
    return GameState::Ongoing;
}

// ---------------------------------------------------------------------------------------------
// Consistency

Key Position::compute_key() const {
    Key k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
    if (side_ == Color::Black) k ^= zobrist::side();
    k ^= zobrist::castling(state().castling);
    if (state().ep_square != SQ_NONE) k ^= zobrist::en_passant(state().ep_square);
    return k;
}

std::optional<std::string> Position::consistency_error() const {
    Bitboard by_type[PIECE_TYPE_NB] = {}, by_color[COLOR_NB] = {};
    for (int s = 0; s < 64; ++s) {
        const Piece p = board_[s];
        if (p == NO_PIECE) continue;
        if (piece_type(p) == NO_PIECE_TYPE || piece_type(p) > KING) return "bad piece code on " + square_name(Square(s));
        by_type[0] |= square_bb(Square(s));
        by_type[piece_type(p)] |= square_bb(Square(s));
        by_color[index_of(piece_color(p))] |= square_bb(Square(s));
    }
    for (int i = 0; i < PIECE_TYPE_NB; ++i)
        if (by_type[i] != by_type_[i]) return "piece-type bitboard " + std::to_string(i) + " differs from the board";
    for (int i = 0; i < COLOR_NB; ++i)
        if (by_color[i] != by_color_[i]) return "colour bitboard " + std::to_string(i) + " differs from the board";
    if (popcount(pieces(Color::White, KING)) != 1 || popcount(pieces(Color::Black, KING)) != 1) return "not one king per side";
    if (compute_key() != key()) return "incremental key differs from a full recomputation";
    if (attackers_to(king_square(~side_)) & pieces(side_)) return "the side not to move is in check";
    if (checkers() != (attackers_to(king_square(side_)) & pieces(~side_))) return "stored checkers are wrong";
    for (const CastlingRights r : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
        if (!can_castle(r)) continue;
        const Color c = (r & WHITE_CASTLING) ? Color::White : Color::Black;
        if (board_[castling_rook_square(r)] != make_piece(c, ROOK)) return "castling right without its rook";
        if (!(castling_mask_[king_square(c)] & r)) return "castling right without its king";
    }
    return std::nullopt;
}

std::string Position::pretty() const {
    std::string out = text::diagram(8, 8, [this](int file, int rank) { return piece_to_char(board_[make_square(file, rank)]); });
    out += "\nFen: " + fen() + "\nKey: " + text::hex_key(key()) + "\nCheckers:";
    for (Bitboard b = checkers(); b;) out += ' ' + square_name(pop_lsb(b));
    out += "\nState: " + std::string(to_string(game_state())) + '\n';
    return out;
}

}  // namespace sen::chess
