"""Chess960 and Double Fischer Random Chess.

A Chess960 position keeps its castling rights as the squares of the rooks that may still castle;
the king may stand on any file between them. The FEN castling field is read as X-FEN (K/Q = the
outermost rook on that side of the king, a file letter for any other rook) or Shredder-FEN
(always the rook's file letter), and written back in the style it was read in. Castling moves
are written king-takes-rook (e1h1), as Stockfish does with UCI_Chess960.
"""

import random

from .board import FenError, colour_flipped
from .chess import (FILES, Position, attackers, checkers, is_white, king_square, parse_fen, parse_sq,
                    pawn_move_weight, pinned_pieces, play_pawn, position_errors, sq_name)


# Scharnagl's knight table: the places of the two knights among the five
# squares left after the bishops and the queen.
SCHARNAGL_KNIGHTS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


def scharnagl_rank(n):
    """White's back rank of Chess960 start position n (0..959), e.g. 518 -> 'RNBQKBNR'.

    n = 4 * (4 * (6 * k + q) + d) + l: l places the light-squared bishop on
    b/d/f/h, d the dark-squared one on a/c/e/g, q the queen on the q-th free
    square, k the knights by SCHARNAGL_KNIGHTS; R, K, R fill the rest."""
    if not 0 <= n < 960:
        raise ValueError("Chess960 start positions are numbered 0..959")
    rank = [None] * 8
    n, light = divmod(n, 4)
    rank[2 * light + 1] = "B"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "B"
    n, queen = divmod(n, 6)
    free = [f for f in range(8) if rank[f] is None]
    rank[free[queen]] = "Q"
    free = [f for f in range(8) if rank[f] is None]
    for i in SCHARNAGL_KNIGHTS[n]:
        rank[free[i]] = "N"
    free = [f for f in range(8) if rank[f] is None]
    for f, piece in zip(free, "RKR"):
        rank[f] = piece
    return "".join(rank)


def start960_fen(white_n, black_n=None, style="shredder"):
    """Start position with White's back rank from white_n and Black's from
    black_n (default: the same, i.e. Chess960; different: DFRC)."""
    black_n = white_n if black_n is None else black_n
    fen = "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1" % (
        scharnagl_rank(black_n).lower(), scharnagl_rank(white_n))
    return parse_fen960(fen).fen(style)


class Position960(Position):
    """A Position whose castling field is a tuple of castling-rook squares,
    in the order white king side, white queen side, black king side, black
    queen side, plus the castling style ('xfen' or 'shredder') to write."""

    __slots__ = ("style",)

    def castling_text(self, style=None):
        style = style or self.style
        out = ""
        for rsq in self.castling:
            white = rsq < 8
            ksq = king_square(self.board, white)
            rook = "R" if white else "r"
            if style == "xfen":
                king_side = rsq > ksq
                beyond = range(rsq + 1, (rsq | 7) + 1) if king_side else range(rsq & 56, rsq)
                inner = any(self.board[s] == rook for s in beyond)
                letter = FILES[rsq % 8].upper() if inner else "KQ"[not king_side]
            else:
                letter = FILES[rsq % 8].upper()
            out += letter if white else letter.lower()
        return out or "-"

    def fen(self, style=None):
        plain = Position(self.board, self.stm, "", self.ep, self.halfmove, self.fullmove)
        fields = plain.fen().split(" ")
        fields[2] = self.castling_text(style)
        return " ".join(fields)


def castling960_order(board, rsq):
    """Sort key giving the canonical order of castling rights."""
    white = rsq < 8
    return (0 if white else 2) + (0 if rsq > king_square(board, white) else 1)


def parse_fen960(fen):
    """Parse a Chess960 / DFRC FEN (castling as X-FEN or Shredder-FEN)."""
    fields = fen.split()
    if len(fields) not in (4, 6):
        raise FenError("expected 6 fields, got %d" % len(fields))
    field = fields[2]
    fields[2] = "-"
    pos = parse_fen(" ".join(fields))
    b = pos.board
    rooks, sides = [], set()
    if field != "-":
        for ch in field:
            white = ch.isupper()
            up = ch.upper()
            base = 0 if white else 56
            king, rook = ("K", "R") if white else ("k", "r")
            ksqs = [s for s in range(base, base + 8) if b[s] == king]
            if not ksqs:
                raise FenError("castling right %r without the king on its first rank" % ch)
            ksq = ksqs[0]
            if up == "K":
                found = [s for s in range(base + 7, ksq, -1) if b[s] == rook]
            elif up == "Q":
                found = [s for s in range(base, ksq) if b[s] == rook]
            elif up in "ABCDEFGH":
                found = [base + FILES.index(up.lower())]
                if b[found[0]] != rook:
                    raise FenError("castling right %r without a rook on %s" % (ch, sq_name(found[0])))
            else:
                raise FenError("bad castling letter %r" % ch)
            if not found:
                raise FenError("castling right %r without a rook on that side of the king" % ch)
            side = (white, found[0] > ksq)
            if side in sides:
                raise FenError("two castling rights on one side of the king (%r)" % field)
            sides.add(side)
            rooks.append(found[0])
    rooks.sort(key=lambda s: castling960_order(b, s))
    out = Position960(b, pos.stm, tuple(rooks), pos.ep, pos.halfmove, pos.fullmove)
    out.style = "xfen" if any(c in "KQkq" for c in field) else "shredder"
    return out


def normalize_fen960(fen):
    return parse_fen960(fen).fen()


def validate_fen960(fen):
    """validate_fen for Chess960 / DFRC: the castling field may name any rook (X-FEN or
    Shredder-FEN); parse_fen960 rejects a right without its king on the first rank or its rook
    on the named square, and two rights on one side."""
    try:
        pos = parse_fen960(fen)
    except FenError as e:
        return ["syntax: %s" % e]
    return position_errors(pos, "")


def mirror_fen960(fen):
    """Colour-flipped Chess960 position (castling rook squares flipped too)."""
    pos = parse_fen960(fen)
    board = colour_flipped(pos.board, 8, 8)
    rooks = sorted((r ^ 56 for r in pos.castling), key=lambda s: castling960_order(board, s))
    out = Position960(board, "b" if pos.stm == "w" else "w", tuple(rooks),
                      None if pos.ep is None else pos.ep ^ 56, pos.halfmove, pos.fullmove)
    out.style = pos.style
    return out.fen()


def castling960_squares(ksq, rsq):
    """(king to, rook to, squares that must be empty, squares the king
    crosses including both ends) for the king on ksq castling with rsq."""
    base = ksq - ksq % 8
    king_side = rsq > ksq
    kto, rto = base + (6 if king_side else 2), base + (5 if king_side else 3)

    def span(a, c):
        return set(range(min(a, c), max(a, c) + 1))
    empty = (span(ksq, kto) | span(rsq, rto)) - {ksq, rsq}
    return kto, rto, empty, span(ksq, kto)


def is_castling960(pos, uci):
    frm, to = parse_sq(uci[0:2]), parse_sq(uci[2:4])
    piece = pos.board[frm]
    return piece in ("K", "k") and pos.board[to] == ("R" if piece == "K" else "r")


def make_move960(pos, uci):
    """Play a legal Chess960 UCI move (castling as king-takes-rook)."""
    b = pos.board[:]
    frm, to = parse_sq(uci[0:2]), parse_sq(uci[2:4])
    promo = uci[4:5]
    piece = b[frm]
    white = is_white(piece)
    capture, new_ep = False, None
    if is_castling960(pos, uci):
        kto, rto = castling960_squares(frm, to)[:2]
        rook = b[to]
        b[frm] = b[to] = None
        b[kto], b[rto] = piece, rook
    else:
        capture = b[to] is not None
        if piece in "Pp":
            en_passant, new_ep = play_pawn(b, frm, to, white)
            capture = capture or en_passant
        b[to] = (promo.upper() if white else promo) if promo else piece
        b[frm] = None
    home = range(0, 8) if white else range(56, 64)
    rooks = tuple(r for r in pos.castling
                  if r not in (frm, to) and not (piece in "Kk" and r in home))
    half = 0 if piece in "Pp" or capture else pos.halfmove + 1
    full = pos.fullmove + (0 if white else 1)
    out = Position960(b, "b" if white else "w", rooks, new_ep, half, full)
    out.style = pos.style
    return out


def gives_check960(pos, uci):
    return bool(checkers(make_move960(pos, uci)))


def position_features960(pos, moves):
    """Tags for a Chess960 position; the castling ones are about the side to move."""
    b = pos.board
    white = pos.stm == "w"
    tags = set()
    n_chk = len(checkers(pos))
    if n_chk:
        tags.add("check" if n_chk == 1 else "double-check")
    if pos.castling:
        tags.add("castling-rights")
    kings = {True: king_square(b, True), False: king_square(b, False)}
    for rsq in pos.castling:
        if kings[rsq < 8] % 8 != 4 or rsq % 8 not in (0, 7):
            tags.add("unusual-rights")
    files = {w: (kings[w] % 8, sorted(r % 8 for r in pos.castling if (r < 8) == w)) for w in (True, False)}
    if files[True][1] and files[False][1] and files[True] != files[False]:
        tags.add("sides-differ")
    ours = [r for r in pos.castling if (r < 8) == white]
    ksq = kings[white]
    no_king = b[:]
    no_king[ksq] = None
    for rsq in ours:
        kto, rto, empty, kpath = castling960_squares(ksq, rsq)
        uci = sq_name(ksq) + sq_name(rsq)
        if kto == ksq:
            tags.add("king-on-destination")
        if rto == rsq:
            tags.add("rook-on-destination")
        if abs(rsq - ksq) == 1:
            tags.add("king-rook-adjacent")
        if kto == rsq and rto == ksq:
            tags.add("king-rook-swap")
        blockers = [s for s in empty if b[s] is not None]
        if any(s in ours for s in blockers):
            tags.add("other-castling-rook-in-path")
        if uci in moves:
            tags.add("castle-legal")
            if gives_check960(pos, uci):
                tags.add("castle-gives-check")
        elif blockers:
            tags.add("castle-blocked")
        elif n_chk:
            tags.add("castle-in-check")
        else:
            tags.add("castle-prevented-by-attack")
            if not any(attackers(no_king, s, not white) for s in kpath):
                tags.add("rook-shield")
    home = range(0, 8) if white else range(56, 64)
    if ours and any(b[s] is not None and b[s] in ("rq" if white else "RQ") for s in home):
        tags.add("enemy-slider-on-back-rank")
    if pos.ep is not None and any(parse_sq(m[2:4]) == pos.ep and b[parse_sq(m[0:2])] in "Pp" for m in moves):
        tags.add("ep-legal")
    if any(len(m) == 5 for m in moves):
        tags.add("promotion")
    if pinned_pieces(b, white):
        tags.add("pin")
    return tags


def move_weight960(pos, uci):
    """Bias for Chess960 playouts: castle often, keep the rights alive, clear
    the back rank, and bring enemy sliders to it."""
    b = pos.board
    frm, to = parse_sq(uci[0:2]), parse_sq(uci[2:4])
    piece = b[frm]
    white = is_white(piece)
    if is_castling960(pos, uci):
        return 14.0
    w = 1.0
    if b[to] is not None:
        w += 2
    if piece in "Pp":
        w += pawn_move_weight(b, frm, to, uci, white)
    home = 0 if white else 7
    if frm // 8 == home and piece in "NBQnbq":
        w += 1.5                                      # clears a castling path
    if piece in "RQrq" and to // 8 == 7 - home:
        w += 4                                        # slider onto the enemy back rank
    if gives_check960(pos, uci):
        w += 3
    own_rights = any((r < 8) == white for r in pos.castling)
    if piece in "Kk" and own_rights:
        w *= 0.2                                      # a king move loses both rights
    if frm in pos.castling:
        w *= 0.4                                      # so does moving a castling rook
    return w


def dfrc_pairs(count, seed):
    """`count` distinct (white, black) start numbers with white != black."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        pair = (rng.randrange(960), rng.randrange(960))
        if pair[0] != pair[1] and pair not in pairs:
            pairs.append(pair)
    return pairs
