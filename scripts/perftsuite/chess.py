"""Chess rules, as far as the suite tools need them: FEN parsing and legality checks, making a
move the oracle listed, and the tags and playout weights that make a position interesting for
perft. Moves are never generated here: the oracle lists them.

A board is a list of 64 entries, index = rank * 8 + file (a1 = 0, h1 = 7, a8 = 56, h8 = 63);
entries are 'PNBRQK' (white), 'pnbrqk' (black) or None.
"""

from .board import FenError, colour_flipped, parse_counters, parse_placement, placement_text


FILES = "abcdefgh"
PIECE_CHARS = "PNBRQKpnbrqk"
KNIGHT_STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ROOK_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# castling right -> (king square, rook square, squares that must be empty,
#                    squares the king crosses/lands on, UCI king move)
CASTLING = {
    "K": (4, 7, (5, 6), (5, 6), "e1g1"),
    "Q": (4, 0, (1, 2, 3), (3, 2), "e1c1"),
    "k": (60, 63, (61, 62), (61, 62), "e8g8"),
    "q": (60, 56, (57, 58, 59), (59, 58), "e8c8"),
}


def sq_name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def parse_sq(name):
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise FenError("bad square %r" % name)
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def is_white(piece):
    return piece.isupper()


class Position:
    """A parsed FEN. Fields mirror the six FEN fields."""

    __slots__ = ("board", "stm", "castling", "ep", "halfmove", "fullmove")

    def __init__(self, board, stm, castling, ep, halfmove, fullmove):
        self.board = board        # list of 64
        self.stm = stm            # 'w' or 'b'
        self.castling = castling  # subset of 'KQkq' in canonical order, or ''
        self.ep = ep              # square index or None
        self.halfmove = halfmove
        self.fullmove = fullmove

    def fen(self):
        return "%s %s %s %s %d %d" % (
            placement_text(self.board, 8, 8), self.stm, self.castling or "-",
            sq_name(self.ep) if self.ep is not None else "-",
            self.halfmove, self.fullmove)


def parse_fen(fen):
    """Parse a FEN (4 or 6 fields) into a Position; raise FenError on syntax errors."""
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise FenError("expected 6 fields, got %d" % len(fields))
    placement, stm, castling, ep, half, full = fields
    board = parse_placement(placement, 8, 8, PIECE_CHARS, "squares")
    if stm not in ("w", "b"):
        raise FenError("bad side to move %r" % stm)
    if castling != "-":
        if any(c not in "KQkq" for c in castling) or len(set(castling)) != len(castling):
            raise FenError("bad castling field %r" % castling)
        castling = "".join(c for c in "KQkq" if c in castling)
    else:
        castling = ""
    ep_sq = None if ep == "-" else parse_sq(ep)
    half, full = parse_counters(half, full)
    return Position(board, stm, castling, ep_sq, half, full)


def normalize_fen(fen):
    return parse_fen(fen).fen()


def _on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def attackers(board, sq, by_white):
    """Squares of the pieces of colour by_white that attack sq."""
    f0, r0 = sq % 8, sq // 8
    P, N, B, R, Q, K = "PNBRQK" if by_white else "pnbrqk"
    found = []
    pr = r0 - 1 if by_white else r0 + 1       # rank a capturing pawn stands on
    for df in (-1, 1):
        if _on_board(f0 + df, pr) and board[pr * 8 + f0 + df] == P:
            found.append(pr * 8 + f0 + df)
    for steps, piece in ((KNIGHT_STEPS, N), (KING_STEPS, K)):
        for df, dr in steps:
            f, r = f0 + df, r0 + dr
            if _on_board(f, r) and board[r * 8 + f] == piece:
                found.append(r * 8 + f)
    for dirs, sliders in ((ROOK_DIRS, (R, Q)), (BISHOP_DIRS, (B, Q))):
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while _on_board(f, r):
                p = board[r * 8 + f]
                if p is not None:
                    if p in sliders:
                        found.append(r * 8 + f)
                    break
                f, r = f + df, r + dr
    return found


def king_square(board, white):
    return board.index("K" if white else "k")


def checkers(pos):
    """Squares of the pieces giving check to the side to move."""
    white = pos.stm == "w"
    return attackers(pos.board, king_square(pos.board, white), not white)


def pinned_pieces(board, white):
    """Squares of pieces of colour `white` absolutely pinned to their king."""
    ksq = king_square(board, white)
    f0, r0 = ksq % 8, ksq // 8
    pins = []
    for dirs, sliders in ((ROOK_DIRS, "RQ"), (BISHOP_DIRS, "BQ")):
        enemy = sliders.lower() if white else sliders
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            own = None
            while _on_board(f, r):
                p = board[r * 8 + f]
                if p is not None:
                    if own is None and is_white(p) == white:
                        own = r * 8 + f
                    else:
                        if own is not None and p in enemy:
                            pins.append(own)
                        break
                f, r = f + df, r + dr
    return pins


def validate_fen(fen):
    """Return a list of reasons why fen is not a legal chess position ([] = legal).

    Checks: syntax; exactly one king per side; no pawns on ranks 1/8;
    plausible material (<= 16 men, <= 8 pawns, promoted pieces accounted for
    by missing pawns); side not to move not in check; at most two checkers,
    not two non-sliders; castling rights only with king and rook on their
    home squares; en-passant square only right after a possible double push
    (the pushed pawn in front of it, it and the square behind it empty, the
    position before the push legal too); halfmove clock 0 if ep is set.
    """
    try:
        pos = parse_fen(fen)
    except FenError as e:
        return ["syntax: %s" % e]
    return position_errors(pos, pos.castling)


def position_errors(pos, castling):
    """validate_fen's checks of a parsed position; the castling rights in `castling` (a subset
    of 'KQkq') need their king and rook on the standard home squares."""
    b = pos.board
    errs = []
    for piece, name in (("K", "white king"), ("k", "black king")):
        if b.count(piece) != 1:
            errs.append("need exactly one %s, found %d" % (name, b.count(piece)))
    if errs:
        return errs
    for sq in list(range(8)) + list(range(56, 64)):
        if b[sq] in ("P", "p"):
            errs.append("pawn on back rank %s" % sq_name(sq))
    for white in (True, False):
        pcs = "PNBRQK" if white else "pnbrqk"
        cnt = {p.upper(): b.count(p) for p in pcs}
        men = sum(cnt.values())
        extra = (max(0, cnt["Q"] - 1) + max(0, cnt["R"] - 2) +
                 max(0, cnt["B"] - 2) + max(0, cnt["N"] - 2))
        side = "white" if white else "black"
        if men > 16 or cnt["P"] > 8 or cnt["P"] + extra > 8:
            errs.append("%s material impossible" % side)
    white_to_move = pos.stm == "w"
    if attackers(b, king_square(b, not white_to_move), white_to_move):
        errs.append("side not to move is in check")
    chk = checkers(pos)
    if len(chk) > 2:
        errs.append("more than two checkers")
    elif len(chk) == 2 and all(b[s] in "PNpn" for s in chk):
        errs.append("impossible double check by two non-sliders")
    for right in castling:
        ksq, rsq = CASTLING[right][:2]
        king, rook = ("K", "R") if right.isupper() else ("k", "r")
        if b[ksq] != king or b[rsq] != rook:
            errs.append("castling right %s without king/rook on home squares" % right)
    if pos.ep is not None:
        ep = pos.ep
        # White to move: black just played x7-x5, ep square on rank 6.
        if white_to_move:
            ok_rank, pawn_sq, behind, origin, pawn = 5, ep - 8, ep + 8, ep + 8, "p"
        else:
            ok_rank, pawn_sq, behind, origin, pawn = 2, ep + 8, ep - 8, ep - 8, "P"
        if ep // 8 != ok_rank:
            errs.append("ep square %s on wrong rank" % sq_name(ep))
        elif b[pawn_sq] != pawn:
            errs.append("ep square %s without the pushed pawn in front" % sq_name(ep))
        elif b[ep] is not None or b[behind] is not None:
            errs.append("ep square %s or the square behind it is occupied" % sq_name(ep))
        else:
            before = b[:]
            before[origin], before[pawn_sq] = pawn, None
            if attackers(before, king_square(before, white_to_move), not white_to_move):
                errs.append("position before the double push would be illegal")
        if pos.halfmove != 0:
            errs.append("ep square set but halfmove clock is not 0")
    return errs


def mirror_fen(fen):
    """Colour-flipped position (ranks mirrored, colours swapped). Same perft counts."""
    pos = parse_fen(fen)
    board = colour_flipped(pos.board, 8, 8)
    castling = "".join(c for c in "KQkq" if c.swapcase() in pos.castling)
    ep = None if pos.ep is None else (7 - pos.ep // 8) * 8 + pos.ep % 8
    return Position(board, "b" if pos.stm == "w" else "w", castling, ep,
                    pos.halfmove, pos.fullmove).fen()


def make_move(pos, uci):
    """Play a legal UCI move; the new position always records the ep square
    after a double push (whether or not a capture is possible)."""
    b = pos.board[:]
    frm, to = parse_sq(uci[0:2]), parse_sq(uci[2:4])
    promo = uci[4:5]
    piece = b[frm]
    white = is_white(piece)
    capture = b[to] is not None
    new_ep = None
    if piece in "Pp":
        en_passant, new_ep = play_pawn(b, frm, to, white)
        capture = capture or en_passant
    if piece in "Kk" and abs(to % 8 - frm % 8) == 2:  # castling
        base = frm - frm % 8
        rf, rt = (base + 7, base + 5) if to % 8 == 6 else (base, base + 3)
        b[rt], b[rf] = b[rf], None
    b[to] = (promo.upper() if white else promo) if promo else piece
    b[frm] = None
    castling = pos.castling
    for right, (ksq, rsq, _, _, _) in CASTLING.items():
        if frm in (ksq, rsq) or to == rsq:
            castling = castling.replace(right, "")
    half = 0 if piece in "Pp" or capture else pos.halfmove + 1
    full = pos.fullmove + (0 if white else 1)
    return Position(b, "b" if white else "w", castling, new_ep, half, full)


def play_pawn(b, frm, to, white):
    """The pawn's part of a move on board b before the pawn moves: removes a pawn taken en
    passant. Returns (whether it was en passant, the ep square of a double push or None)."""
    en_passant, new_ep = False, None
    if frm % 8 != to % 8 and b[to] is None:
        b[to - 8 if white else to + 8] = None
        en_passant = True
    if abs(to - frm) == 16:
        new_ep = (to + frm) // 2
    return en_passant, new_ep


def pawn_move_weight(b, frm, to, uci, white):
    """Playout bias of a pawn move: en passant, a double push next to an enemy pawn, promotion."""
    w = 0
    if frm % 8 != to % 8 and b[to] is None:
        w += 15                                       # en passant
    if abs(to - frm) == 16:                           # double push next to an enemy pawn
        enemy = "p" if white else "P"
        if any(0 <= to % 8 + df < 8 and b[to + df] == enemy for df in (-1, 1)):
            w += 6
    if len(uci) == 5:
        w += 6
    return w


def gives_check(pos, uci):
    after = make_move(pos, uci)
    return bool(checkers(after))


def position_features(pos, moves):
    """Set of tags describing what makes a position interesting for perft."""
    b = pos.board
    white = pos.stm == "w"
    tags = set()
    n_chk = len(checkers(pos))
    if n_chk == 1:
        tags.add("check")
    elif n_chk == 2:
        tags.add("double-check")
    own_rights = [r for r in pos.castling if r.isupper() == white]
    if pos.castling:
        tags.add("castling-rights")
    for right in own_rights:
        ksq, rsq, empty, _, kmove = CASTLING[right]
        if kmove in moves:
            tags.add("castle-legal")
            if right in "Qq" and attackers(b, ksq - 3, not white):
                tags.add("castle-b-file-attacked")
        elif all(b[s] is None for s in empty):
            tags.add("castle-prevented-by-attack")
    for right in "KQkq":
        if right not in pos.castling:
            ksq, rsq = CASTLING[right][:2]
            king, rook = ("K", "R") if right.isupper() else ("k", "r")
            if b[ksq] == king and b[rsq] == rook:
                tags.add("home-without-rights")
    if pos.ep is not None:
        pawn = "P" if white else "p"
        cap_rank = pos.ep // 8 + (-1 if white else 1)
        capturers = [cap_rank * 8 + pos.ep % 8 + df for df in (-1, 1)
                     if 0 <= pos.ep % 8 + df < 8 and b[cap_rank * 8 + pos.ep % 8 + df] == pawn]
        ep_moves = [m for m in moves if parse_sq(m[2:4]) == pos.ep and parse_sq(m[0:2]) in capturers]
        if not capturers:
            tags.add("ep-no-capturer")
        elif not ep_moves:
            tags.add("ep-illegal")
        else:
            tags.add("ep-legal")
    for m in moves:
        if len(m) == 5:
            tags.add("promotion")
            if b[parse_sq(m[2:4])] is not None:
                tags.add("promotion-capture")
    pins = pinned_pieces(b, white)
    if pins:
        tags.add("pin")
        if any(b[s] in "Pp" for s in pins):
            tags.add("pinned-pawn")
    men = sum(1 for p in b if p is not None)
    if men <= 12:
        tags.add("endgame")
    return tags


def move_weight(pos, uci):
    """Bias for the random playouts: favour the move kinds perft bugs live in."""
    b = pos.board
    frm, to = parse_sq(uci[0:2]), parse_sq(uci[2:4])
    piece = b[frm]
    w = 1.0
    if b[to] is not None:
        w += 2
    if piece in "Pp":
        w += pawn_move_weight(b, frm, to, uci, is_white(piece))
    if piece in "Kk" and abs(to % 8 - frm % 8) == 2:
        w += 12                                       # castling
    if gives_check(pos, uci):
        w += 3
    return w
