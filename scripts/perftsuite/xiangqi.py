"""Xiangqi rules, as far as the suite tools need them (--variant xiangqi).

A board is a list of 90 entries, index = rank * 9 + file (a1 = 0, i1 = 8, a10 = 81, i10 = 89);
'KABNRCP' are Red's pieces (upper case, "w" to move), 'kabnrcp' Black's, None an empty point.
FENs are written as Fairy-Stockfish writes them (ranks 10 to 1, "- -" for castling and en
passant). The oracle is Fairy-Stockfish with UCI_Variant xiangqi: its moves are origin and
destination points (h3e3, h10g8).
"""

from .board import FenError, colour_flipped, parse_counters, parse_placement, placement_text


XQ_FILES = "abcdefghi"
XQ_PIECES = "KABNRCPkabnrcp"
XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
XQ_START_COUNTS = [44, 1920, 79666, 3290240, 133312995]
XQ_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
XQ_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
XQ_HORSE = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def xq_sq_name(sq):
    return XQ_FILES[sq % 9] + str(sq // 9 + 1)


def xq_parse_sq(name):
    if len(name) < 2 or name[0] not in XQ_FILES or not name[1:].isdigit() or name[1] == "0":
        raise FenError("bad point %r" % name)
    rank = int(name[1:])
    if not 1 <= rank <= 10:
        raise FenError("bad point %r" % name)
    return XQ_FILES.index(name[0]) + 9 * (rank - 1)


def xq_red(piece):
    return piece.isupper()


class XqPosition:
    """A parsed xiangqi FEN."""

    __slots__ = ("board", "stm", "halfmove", "fullmove")

    def __init__(self, board, stm, halfmove=0, fullmove=1):
        self.board = board        # list of 90
        self.stm = stm            # 'w' (Red) or 'b'
        self.halfmove = halfmove  # plies since the last capture
        self.fullmove = fullmove

    def fen(self):
        return "%s %s - - %d %d" % (placement_text(self.board, 9, 10), self.stm, self.halfmove, self.fullmove)


def parse_xq_fen(fen):
    """Parse a xiangqi FEN (2, 4 or 6 fields); raise FenError on syntax errors."""
    fields = fen.split()
    if len(fields) == 2:
        fields += ["-", "-"]
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise FenError("expected 6 fields, got %d" % len(fields))
    placement, stm, castling, ep, half, full = fields
    if castling != "-" or ep != "-":
        raise FenError("castling and en-passant fields must be '-'")
    board = parse_placement(placement, 9, 10, XQ_PIECES, "points", single_digits=True)
    if stm not in ("w", "b"):
        raise FenError("bad side to move %r" % stm)
    half, full = parse_counters(half, full)
    return XqPosition(board, stm, half, full)


def normalize_xq_fen(fen):
    return parse_xq_fen(fen).fen()


def xq_setup(pieces, stm="w", halfmove=0, fullmove=1):
    """FEN from a piece list such as 'Ke1 ke10 Rh5': letter then point."""
    board = [None] * 90
    for token in pieces.split():
        sq = xq_parse_sq(token[1:])
        if token[0] not in XQ_PIECES or board[sq] is not None:
            raise FenError("bad set-up token %r" % token)
        board[sq] = token[0]
    return XqPosition(board, stm, halfmove, fullmove).fen()


def _xq_on(f, r):
    return 0 <= f < 9 and 0 <= r < 10


def xq_palace(red):
    ranks = (0, 1, 2) if red else (7, 8, 9)
    return {r * 9 + f for r in ranks for f in (3, 4, 5)}


def xq_advisor_points(red):
    base = {3, 5, 13, 21, 23}                      # d1 f1 e2 d3 f3
    return base if red else {(9 - s // 9) * 9 + s % 9 for s in base}


def xq_elephant_points(red):
    base = {2, 6, 18, 22, 26, 38, 42}              # c1 g1 a3 e3 i3 c5 g5
    return base if red else {(9 - s // 9) * 9 + s % 9 for s in base}


def xq_crossed(sq, red):
    return sq // 9 >= 5 if red else sq // 9 <= 4


def xq_general(board, red):
    g = "K" if red else "k"
    return board.index(g) if g in board else None


def xq_line_pieces(board, sq, df, dr):
    """Occupied points seen from sq in direction (df, dr), nearest first."""
    f, r, out = sq % 9 + df, sq // 9 + dr, []
    while _xq_on(f, r):
        if board[r * 9 + f] is not None:
            out.append(r * 9 + f)
        f, r = f + df, r + dr
    return out


def xq_general_attackers(board, ksq, by_red):
    """Pieces of the by_red side attacking a general on ksq, facing general included."""
    R, C, N, P, K = "RCNPK" if by_red else "rcnpk"
    found = []
    for df, dr in XQ_ORTHOGONAL:
        line = xq_line_pieces(board, ksq, df, dr)
        if line and board[line[0]] in (R, K):
            found.append(line[0])
        if len(line) >= 2 and board[line[1]] == C:
            found.append(line[1])
    f0, r0 = ksq % 9, ksq // 9
    for dx, dy in XQ_HORSE:
        f, r = f0 + dx, r0 + dy
        leg_f, leg_r = f0 + (1 if dx > 0 else -1), r0 + (1 if dy > 0 else -1)
        if _xq_on(f, r) and board[r * 9 + f] == N and board[leg_r * 9 + leg_f] is None:
            found.append(r * 9 + f)
    back = -1 if by_red else 1                     # where an attacking soldier stands
    if _xq_on(f0, r0 + back) and board[(r0 + back) * 9 + f0] == P:
        found.append((r0 + back) * 9 + f0)
    for df in (-1, 1):
        s = r0 * 9 + f0 + df
        if _xq_on(f0 + df, r0) and board[s] == P and xq_crossed(s, by_red):
            found.append(s)
    return found


def validate_xq_fen(fen):
    """Return a list of reasons why fen is not a legal xiangqi position ([] = legal).

    The same rules as Sen's FEN reader: one general per side in its palace;
    at most the start set of each piece; advisors on their palace's five
    diagonal points, elephants on their seven points; soldiers never behind
    their starting rank, before the river only on files a/c/e/g/i and at
    most one per file there; the side to move cannot capture the enemy
    general (facing generals included)."""
    try:
        pos = parse_xq_fen(fen)
    except FenError as e:
        return ["syntax: %s" % e]
    b, errs = pos.board, []
    for red in (True, False):
        side = "red" if red else "black"
        K, A, B, N, R, C, P = "KABNRCP" if red else "kabnrcp"
        if b.count(K) != 1:
            errs.append("need exactly one %s general, found %d" % (side, b.count(K)))
            continue
        if b.index(K) not in xq_palace(red):
            errs.append("%s general outside its palace" % side)
        for piece, most in ((A, 2), (B, 2), (N, 2), (R, 2), (C, 2), (P, 5)):
            if b.count(piece) > most:
                errs.append("%s has %d %s, more than %d" % (side, b.count(piece), piece, most))
        for sq, p in enumerate(b):
            if p == A and sq not in xq_advisor_points(red):
                errs.append("%s advisor on %s" % (side, xq_sq_name(sq)))
            if p == B and sq not in xq_elephant_points(red):
                errs.append("%s elephant on %s" % (side, xq_sq_name(sq)))
            if p == P:
                rel = sq // 9 if red else 9 - sq // 9
                if rel < 3:
                    errs.append("%s soldier behind its start rank on %s" % (side, xq_sq_name(sq)))
                elif rel < 5 and (sq % 9) % 2 == 1:
                    errs.append("%s soldier on %s before the river" % (side, xq_sq_name(sq)))
        for f in range(0, 9, 2):
            own_half = range(3, 5) if red else range(5, 7)
            if sum(1 for r in own_half if b[r * 9 + f] == P) > 1:
                errs.append("%s has two soldiers on the %s-file before the river" % (side, XQ_FILES[f]))
    if errs:
        return errs
    red_to_move = pos.stm == "w"
    if xq_general_attackers(b, xq_general(b, not red_to_move), red_to_move):
        errs.append("the side to move can capture the enemy general")
    return errs


def xq_make_move(pos, move):
    """Play a legal move such as 'h3e3' or 'h10g8'."""
    i = 1
    while move[i].isdigit():
        i += 1
    frm, to = xq_parse_sq(move[:i]), xq_parse_sq(move[i:])
    b = pos.board[:]
    capture = b[to] is not None
    b[to], b[frm] = b[frm], None
    return XqPosition(b, "b" if pos.stm == "w" else "w", 0 if capture else pos.halfmove + 1,
                      pos.fullmove + (1 if pos.stm == "b" else 0))


def xq_move_points(move):
    i = 1
    while move[i].isdigit():
        i += 1
    return xq_parse_sq(move[:i]), xq_parse_sq(move[i:])


def xq_gives_check(pos, move):
    after = xq_make_move(pos, move)
    red_moved = pos.stm == "w"
    return bool(xq_general_attackers(after.board, xq_general(after.board, not red_moved), red_moved))


def xq_position_features(pos, moves):
    """Tags naming the rule corner cases present in a position (side to move's view)."""
    b, tags = pos.board, set()
    red = pos.stm == "w"
    ksq, esq = xq_general(b, red), xq_general(b, not red)
    checkers = xq_general_attackers(b, ksq, not red)
    if checkers:
        tags.add("check")
        if len(checkers) > 1:
            tags.add("double-check")
        for s in checkers:
            tags.add({"r": "chariot-check", "c": "cannon-check", "n": "horse-check",
                      "p": "soldier-check"}.get(b[s].lower(), "check"))
    own = (lambda p: p is not None and xq_red(p) == red)
    for df, dr in XQ_ORTHOGONAL:
        line = xq_line_pieces(b, ksq, df, dr)
        # an enemy cannon with nothing, or exactly two pieces, in between
        for i, s in enumerate(line[:3]):
            if b[s] == ("c" if red else "C"):
                if i == 0:
                    tags.add("cannon-empty-line")
                elif i == 2 and (own(b[line[0]]) or own(b[line[1]])):
                    tags.add("cannon-screen-pin")
        if len(line) >= 2 and own(b[line[0]]) and b[line[1]] in (("r", "k") if red else ("R", "K")):
            tags.add("general-file-pin" if b[line[1]] in "Kk" else "chariot-pin")
    f0, r0 = ksq % 9, ksq // 9
    for dx, dy in XQ_HORSE:
        f, r = f0 + dx, r0 + dy
        leg = (r0 + (1 if dy > 0 else -1)) * 9 + f0 + (1 if dx > 0 else -1)
        if _xq_on(f, r) and b[r * 9 + f] == ("n" if red else "N") and own(b[leg]):
            tags.add("horse-leg-pin")
    # a general step refused only because the generals would face each other
    for df, dr in XQ_ORTHOGONAL:
        to = ksq + df + 9 * dr
        if _xq_on(f0 + df, r0 + dr) and to in xq_palace(red) and not own(b[to]) and to % 9 == esq % 9:
            after = b[:]
            after[to], after[ksq] = after[ksq], None
            line = xq_line_pieces(after, to, 0, 1 if red else -1)
            if line and line[0] == esq:
                tags.add("general-facing-refused")
    for sq, p in enumerate(b):
        if p is None:
            continue
        f, r = sq % 9, sq // 9
        if p in "Nn" and any(_xq_on(f + df, r + dr) and b[(r + dr) * 9 + f + df] is not None for df, dr in XQ_ORTHOGONAL):
            tags.add("horse-leg-blocked")
        if p in "Bb" and any(_xq_on(f + 2 * df, r + 2 * dr) and b[(r + dr) * 9 + f + df] is not None
                             and (r + 2 * dr >= 5) != xq_red(p) for df, dr in XQ_DIAGONAL):
            tags.add("elephant-eye-blocked")
        if p in "Pp" and xq_red(p) == red and xq_crossed(sq, red):
            tags.add("crossed-soldier")
    if any(b[xq_move_points(m)[0]] in "Cc" and b[xq_move_points(m)[1]] is not None for m in moves):
        tags.add("cannon-capture")
    if len(moves) == 0:
        tags.add("no-moves")
    elif len(moves) <= 4:
        tags.add("near-mate")
    men = sum(1 for p in b if p is not None)
    if men <= 12:
        tags.add("endgame")
    if men >= 18 and not checkers:
        tags.add("quiet-middlegame")
    return tags


def xq_mirror_fen(fen):
    """Colour-flipped position (ranks mirrored, colours swapped). Same perft counts."""
    pos = parse_xq_fen(fen)
    return XqPosition(colour_flipped(pos.board, 9, 10), "b" if pos.stm == "w" else "w", pos.halfmove, pos.fullmove).fen()


def xq_move_weight(pos, move):
    """Bias for the random playouts: captures, checks, soldiers, cannons and generals."""
    b = pos.board
    frm, to = xq_move_points(move)
    w = 1.0
    if b[to] is not None:
        w += 2
    if b[frm] in "Pp":
        w += 1
    if b[frm] in "CcKk":
        w += 0.5
    if xq_gives_check(pos, move):
        w += 4
    return w
