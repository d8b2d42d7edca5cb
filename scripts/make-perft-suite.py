#!/usr/bin/env python3
"""Build and verify Sen's perft suites, using Stockfish (or Fairy-Stockfish) as the oracle.

The suites live in perft-suites/*.epd, one position per line:

    <FEN> ;D1 <nodes> ;D2 <nodes> ... ;Dk <nodes>

Subcommands (run with --help for options):

  verify FILE...      Re-run every count of every line through Stockfish and
                      exit 1 on any mismatch (or on an illegal FEN).
  validate FILE...    Check FEN syntax and legality only (no Stockfish).
  count IN -o OUT     Read FENs (one per line; anything after ';' is ignored)
                      and write EPD lines with D1..Dk, k chosen per position so
                      that Dk <= --max-nodes (or a fixed --depth).
  generate -o OUT     Biased random playouts from varied start positions;
                      writes FENs rich in castling / en passant / promotion /
                      check / pin situations (no counts; feed them to 'count').
  trim FILE...        Print lines with their deepest counts dropped so that
                      every line's deepest count is <= --max-nodes.
  build               Regenerate standard.epd, tricky.epd and quick.epd from
                      the curated lists in this file plus 'generate' (seeded,
                      hence reproducible for a given Stockfish).

verify, validate, count, generate and build also take --variant xiangqi: FENs
are xiangqi FENs as Fairy-Stockfish writes them, the oracle is Fairy-Stockfish
($FAIRY_STOCKFISH, else 'fairy-stockfish' on PATH, else
/usr/games/fairy-stockfish) with UCI_Variant xiangqi, 'generate' plays biased
random playouts from xiangqi starts, and 'build' writes xiangqi.epd and
xiangqi-quick.epd (see docs/xiangqi.md).

verify, validate, count, generate and build take --chess960: FENs then use
X-FEN or Shredder-FEN castling, Stockfish runs with UCI_Chess960 (castling
moves are king-takes-rook), 'generate' plays from Chess960 and Double Fischer
Random starts, and 'build' writes chess960.epd and chess960-quick.epd.

Stockfish is found through $STOCKFISH, else 'stockfish' on PATH, else
/usr/games/stockfish.  It is driven over UCI: 'position fen <FEN>' followed by
'go perft <d>' (prints "<move>: <n>" lines and "Nodes searched: <N>") and 'd'
(prints a "Fen:" line).  Perft in Stockfish is single-threaded; one engine
process is used at a time.

Stockfish's behaviour on illegal positions is undefined (it may crash or
loop), so every FEN is checked by validate_fen() before it is sent.

Standard library only.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import time

# --------------------------------------------------------------------------
# Board representation: a list of 64 entries, index = rank * 8 + file
# (a1 = 0, h1 = 7, a8 = 56, h8 = 63); entries are 'PNBRQK' (white),
# 'pnbrqk' (black) or None.
# --------------------------------------------------------------------------

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


class FenError(ValueError):
    """Raised for a syntactically malformed FEN."""


def sq_name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def parse_sq(name):
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise FenError("bad square %r" % name)
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def is_white(piece):
    return piece.isupper()


def placement_text(board, width, height):
    """The FEN piece placement of a board list (index = rank * width + file), top rank first."""
    rows = []
    for rank in range(height - 1, -1, -1):
        row, empty = "", 0
        for f in range(width):
            p = board[rank * width + f]
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def parse_placement(placement, width, height, pieces, unit, single_digits=False):
    """Board list (index = rank * width + file) of a FEN piece placement; raise FenError on
    syntax errors. unit names a board cell in messages; single_digits rejects two digits in a
    row (as the xiangqi FEN reader does)."""
    ranks = placement.split("/")
    if len(ranks) != height:
        raise FenError("expected %d ranks" % height)
    board = [None] * (width * height)
    for i, row in enumerate(ranks):
        rank, f, after_digit = height - 1 - i, 0, False
        for ch in row:
            if ch in "123456789"[:width]:
                if single_digits and after_digit:
                    raise FenError("two digits in a row")
                f += int(ch)
                after_digit = True
            elif ch in pieces:
                if f > width - 1:
                    raise FenError("rank %d too long" % (rank + 1))
                board[rank * width + f] = ch
                f += 1
                after_digit = False
            else:
                raise FenError("bad piece character %r" % ch)
        if f != width:
            raise FenError("rank %d does not have %d %s" % (rank + 1, width, unit))
    return board


def parse_counters(half, full):
    """The halfmove clock and fullmove number fields of a FEN, as integers."""
    try:
        half, full = int(half), int(full)
    except ValueError:
        raise FenError("bad move counters")
    if half < 0 or full < 1:
        raise FenError("bad move counters")
    return half, full


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


def validate_fen(fen, chess960=False):
    """Return a list of reasons why fen is not a legal chess position ([] = legal).

    Checks: syntax; exactly one king per side; no pawns on ranks 1/8;
    plausible material (<= 16 men, <= 8 pawns, promoted pieces accounted for
    by missing pawns); side not to move not in check; at most two checkers,
    not two non-sliders; castling rights only with king and rook on their
    home squares; en-passant square only right after a possible double push
    (the pushed pawn in front of it, it and the square behind it empty, the
    position before the push legal too); halfmove clock 0 if ep is set.
    With chess960, the castling field may name any rook (X-FEN or
    Shredder-FEN); parse_fen960 rejects a right without its king on the
    first rank or its rook on the named square, and two rights on one side.
    """
    try:
        pos = parse_fen960(fen) if chess960 else parse_fen(fen)
    except FenError as e:
        return ["syntax: %s" % e]
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
    for right in ("" if chess960 else pos.castling):
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
    board = [None] * 64
    for sq, p in enumerate(pos.board):
        if p is not None:
            board[(7 - sq // 8) * 8 + sq % 8] = p.swapcase()
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


# --------------------------------------------------------------------------
# Variants and the reference engine's driver
# --------------------------------------------------------------------------

class Variant:
    """What the commands need to know about a game: how to check and normalise its FENs,
    how many FEN fields identify a position, how to generate positions for it, and which
    engine (with which UCI options) is its oracle."""

    def __init__(self, validate, normalize, key_fields, generate, oracle, env, program, options):
        self.validate = validate        # fen -> list of reasons it is illegal ([] = legal)
        self.normalize = normalize      # fen -> the FEN as the suite files write it
        self.key_fields = key_fields    # leading FEN fields that identify a position
        self.generate = generate        # (oracle, count, seed, playouts, log) -> FENs
        self.oracle = oracle            # the oracle's name in messages
        self.env = env                  # environment variable naming its binary
        self.program = program          # its name on PATH, else /usr/games/<program>
        self.options = options          # UCI "setoption name ..." texts, in order

    def key(self, fen):
        return " ".join(fen.split()[:self.key_fields])


def find_oracle(variant):
    path = os.environ.get(variant.env)
    if path:
        return path
    return shutil.which(variant.program) or "/usr/games/" + variant.program


class Oracle:
    """Minimal UCI driver of a variant's reference engine, for perft and FEN normalisation."""

    def __init__(self, variant, path=None):
        self.variant = variant
        self.path = path or find_oracle(variant)
        try:
            self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            sys.exit("cannot start %s %r: %s (set $%s)" % (variant.oracle, self.path, e, variant.env))
        self.name = "unknown"
        self._send("uci")
        for line in self._read_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        for option in variant.options:
            self._send("setoption name " + option)
        self._send("isready")
        list(self._read_until(lambda l: l == "readyok"))

    def _send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def _read_until(self, done):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish exited unexpectedly")
            line = line.strip()
            yield line
            if done(line):
                return

    def _position(self, fen, moves=()):
        errs = self.variant.validate(fen)
        if errs:
            raise ValueError("refusing illegal FEN %r: %s" % (fen, "; ".join(errs)))
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self._send(cmd)

    def perft(self, fen, depth):
        """Return (total nodes, {uci move: nodes}) for `go perft depth`."""
        self._position(fen)
        self._send("go perft %d" % depth)
        divide, total = {}, None
        for line in self._read_until(lambda l: l.startswith("Nodes searched:")):
            if line.startswith("Nodes searched:"):
                total = int(line.split(":")[1])
            elif ": " in line:
                move, n = line.split(": ", 1)
                if n.isdigit():
                    divide[move] = int(n)
        return total, divide

    def legal_moves(self, fen):
        return list(self.perft(fen, 1)[1])

    def fen(self, fen, moves=()):
        """The 'Fen:' line printed by 'd' after setting up fen (+ moves)."""
        self._position(fen, moves)
        self._send("d")
        result = None
        for line in self._read_until(lambda l: l.startswith("Checkers:")):
            if line.startswith("Fen: "):
                result = line[len("Fen: "):]
        return result

    def close(self):
        try:
            self._send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


# --------------------------------------------------------------------------
# EPD suite files
# --------------------------------------------------------------------------

def format_line(fen, counts):
    return fen + "".join(" ;D%d %d" % (i + 1, n) for i, n in enumerate(counts))


def parse_line(line):
    """Parse 'FEN ;D1 n ;D2 n ...' into (fen, [n1, n2, ...])."""
    parts = line.strip().split(";")
    fen = parts[0].strip()
    counts = []
    for part in parts[1:]:
        part = part.strip()
        if not part:
            continue
        key, _, value = part.partition(" ")
        if not (key.startswith("D") and key[1:].isdigit() and value.strip().isdigit()):
            raise ValueError("bad field %r" % part)
        if int(key[1:]) != len(counts) + 1:
            raise ValueError("depths must be D1, D2, ... in order")
        counts.append(int(value))
    return fen, counts


def read_suite(path):
    """Yield (line number, fen, counts) for every non-empty, non-comment line."""
    with open(path) as fh:
        for no, line in enumerate(fh, 1):
            if line.strip() and not line.lstrip().startswith("#"):
                fen, counts = parse_line(line)
                yield no, fen, counts


def choose_counts(sf, fen, max_nodes, max_depth, log=None):
    """Perft D1, D2, ... while the count stays <= max_nodes (always >= D1).

    Before computing depth d+1, its size is estimated from the branching
    factor of the same side two plies earlier; clearly-too-big depths are
    not computed at all."""
    counts = []
    for depth in range(1, max_depth + 1):
        if len(counts) >= 3 and counts[-3] > 0:
            estimate = counts[-1] * counts[-2] / counts[-3]
            if estimate > 4 * max_nodes:
                break
        n, _ = sf.perft(fen, depth)
        if depth > 1 and n > max_nodes:
            break
        counts.append(n)
        if n == 0:
            break
    if log:
        log("  %-72s D%d %d" % (fen, len(counts), counts[-1]))
    return counts


def fixed_counts(sf, fen, depth):
    return [sf.perft(fen, d)[0] for d in range(1, depth + 1)]


def trim_counts(counts, max_nodes):
    out = list(counts[:1])
    for n in counts[1:]:
        if n > max_nodes:
            break
        out.append(n)
    return out


# --------------------------------------------------------------------------
# Curated positions
# --------------------------------------------------------------------------

# (FEN, depth, published count at that depth) -- Chess Programming Wiki,
# "Perft Results", positions 1-6 (4 twice: original and colour-mirrored).
STANDARD = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706045033),
    ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 6, 706045033),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551),
]

# Tricky positions posted on talkchess (Martin Sedlak) and collected in
# Peter Ellis Jones' "perft test positions" gist / chessprogramming.net
# "Perfect perft".  (FEN, what it tests, in quick suite?)
PUBLIC_TRICKY = [
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", "illegal ep #1: ep would expose king on rank", True),
    ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", "illegal ep #2: bishop pin", True),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "ep capture gives check", True),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "short castling gives check", True),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "long castling gives check", True),
    ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", "castle rights lost by captures", True),
    ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", "castling prevented by attacks", True),
    ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", "promote out of check", True),
    ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", "discovered check", True),
    ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", "promote to give check", True),
    ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", "under-promote to give check", True),
    ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", "self stalemate", True),
    ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", "stalemate and checkmate", True),
    ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", "double check / stalemate and checkmate", True),
    ("1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", "castle rights: rook captured on h1", False),
    ("r6r/1b2k1bq/8/8/7B/8/8/R3K2R b KQ - 3 2", "in check from a bishop, castling rights present", False),
    ("8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", "ep capture resolves a pawn check", False),
    ("r1bqkbnr/pppppppp/n7/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - 2 2", "early opening", False),
    ("r3k2r/p1pp1pb1/bn2Qnp1/2qPN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQkq - 3 2", "Kiwipete line: in check", False),
    ("2kr3r/p1ppqpb1/bn2Qnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQ - 3 2", "Kiwipete line: after O-O-O", False),
    ("rnb2k1r/pp1Pbppp/2p5/q7/2B5/8/PPPQNnPP/RNB1K2R w KQ - 3 9", "position 5 line: pin on d2", False),
    ("2r5/3pk3/8/2P5/8/2K5/8/8 w - - 5 4", "pawn endgame with rook", False),
    ("3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2", "ep would expose king on rank (white)", False),
    ("rn1qkbnr/ppp1pppp/8/8/4p1b1/5Q2/PPPP1PPP/RNBK1BNR w kq - 2 4", "king moved, black rights kept", False),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "position 5 (CPW)", False),
]

# A selection from the classic perftsuite.epd (Ed Schroeder / ROCE suite):
# castling with every combination of rights and rook placements, minor-piece
# and pawn endings, promotions.  Counts are recomputed with Stockfish.
PERFTSUITE = [
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "4k2r/8/8/8/8/8/8/4K3 w k - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
    "8/8/8/8/8/8/1k6/R3K3 w Q - 0 1",
    "4k2r/6K1/8/8/8/8/8/8 w k - 0 1",
    "r3k3/1K6/8/8/8/8/8/8 w q - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1",
    "r3k2r/8/8/8/8/8/8/2R1K2R w Kkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "2r1k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
    "r3k1r1/8/8/8/8/8/8/R3K2R b KQq - 0 1",
    "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1",
    "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",
    "B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1",
    "8/8/1B6/7b/7k/8/2B1b3/7K b - - 0 1",
    "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1",
    "R6r/8/8/2K5/5k2/8/8/r6R b - - 0 1",
    "K7/8/8/3Q4/4q3/8/8/7k w - - 0 1",
    "6KQ/8/8/8/8/8/8/7k b - - 0 1",
    "8/2k1p3/3pP3/3P2K1/8/8/8/8 w - - 0 1",
    "3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1",
    "8/Pk6/8/8/8/8/6Kp/8 w - - 0 1",
    "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1",
    "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
]

# Positions written for this suite, each aimed at one rule.  Every one is
# also added colour-mirrored.  (FEN, what it tests, in quick suite?)
HANDCRAFTED = [
    # --- castling ---
    ("4k3/8/8/8/8/n7/8/R3K2R w KQ - 0 1", "b1 attacked by a knight: O-O-O still legal", True),
    ("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "b1 attacked down the b-file: O-O-O still legal", False),
    ("r3k2r/8/8/8/8/1Q6/8/4K3 b kq - 0 1", "g8 attacked (O-O illegal), b8 attacked (O-O-O legal)", True),
    ("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "f1 attacked: O-O illegal, O-O-O legal", True),
    ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "g1 attacked: O-O illegal", False),
    ("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "c1 attacked: O-O-O illegal", False),
    ("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "d1 attacked: O-O-O illegal", False),
    ("4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1", "king in check: no castling", True),
    ("4k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", "rook on h1 attacked: O-O still legal", False),
    ("r3k2r/8/8/8/3b4/8/8/R3K2R w KQkq - 0 1", "a1 rook and g1 attacked by one bishop", False),
    ("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", "castling paths blocked by own knights", False),
    ("4k3/8/8/8/8/8/8/R2nK2R w KQ - 0 1", "enemy knight on d1 blocks O-O-O", False),
    ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "kings and rooks at home, no rights", True),
    ("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "kings and rooks at home, partial rights", False),
    ("r3k2r/8/1N6/8/8/8/8/R3K2R w KQkq - 0 1", "knight can capture the a8 rook", False),
    ("r3k2r/6P1/8/8/8/8/8/R3K2R w KQkq - 0 1", "promotion capturing the h8 rook", True),
    ("r3k2r/1P6/8/8/8/8/8/4K3 w kq - 0 1", "promotion capturing the a8 rook", False),
    ("4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1", "black promotion capturing the a1 rook", False),
    ("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", "promotion with check / capturing the h1 rook", False),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "no minor pieces: castling both ways", False),
    ("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "Italian: O-O available", False),
    # --- en passant ---
    ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "ep exposes king along the rank (rook)", True),
    ("8/8/8/KPp4q/8/8/8/7k w - c6 0 1", "ep exposes king along the rank (queen)", False),
    ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "ep exposes king along the rank (black)", True),
    ("8/8/8/K1Pp1n1r/8/8/8/7k w - d6 0 1", "ep along rank, another piece still shields: legal", False),
    ("1b6/8/8/3pP3/8/8/7K/k7 w - d6 0 1", "diagonally pinned pawn: ep along the pin line is legal", True),
    ("7b/8/8/3pP3/8/8/1K6/7k w - d6 0 1", "diagonally pinned pawn: ep off the pin line is illegal", False),
    ("8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1", "ep removes a blocker: discovered check", False),
    ("4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1", "ep capture discovers a rook check", False),
    ("8/8/8/4k3/3Pp3/8/8/4R2K b - d3 0 1", "pawn check; the ep capturer is pinned", True),
    ("8/8/8/6k1/3Pp3/8/8/2B1K3 b - d3 0 1", "double push discovers check; ep does not help", True),
    ("8/8/3p4/1Pp4r/1K3p2/6k1/4P1P1/1R6 w - c6 0 3", "ep resolves a pawn check (position 3 line)", False),
    ("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", "two pawns can capture ep", False),
    ("rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq d6 0 2", "ep square set, no capture possible", True),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "ep square after 1.e4", False),
    ("4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", "ep onto the a-file", False),
    ("4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1", "ep from the h-file", False),
    ("8/8/3k4/8/2pPp3/8/5K2/8 b - d3 0 1", "two black pawns can capture ep", False),
    # --- promotions, pins, checks ---
    ("b3k3/1P6/8/8/4K3/8/8/8 w - - 0 1", "pinned pawn may only promote by capturing the pinner", True),
    ("2n1k3/rP5K/8/8/8/8/8/8 w - - 0 1", "pawn pinned along the 7th cannot promote", False),
    ("1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1", "promotion pushes and capture-promotions", False),
    ("3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "blocked pawn: promotion only by capture", False),
    ("4k3/8/8/8/8/8/4p3/3RK3 b - - 0 1", "capture-promotion next to the king", False),
    ("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", "double check: knight + rook", True),
    ("4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1", "double check: bishop + rook", False),
    ("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "knight pinned by a bishop", False),
    ("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "mutually pinned rooks move along the file", False),
    ("4k3/8/8/8/8/2q5/3Q4/4K3 w - - 0 1", "pinned queen may move along the pin", False),
    ("7k/8/8/8/q7/8/2B5/3K4 w - - 0 1", "pinned bishop may move along the pin", False),
    ("k7/8/8/8/8/8/r1P1K3/8 w - - 0 1", "pawn pinned on its rank cannot push", False),
    ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "mate in one available", False),
    ("8/2k5/8/8/8/8/2K5/R7 w - - 0 1", "KR vs K", False),
]

# Start positions for the random playouts of 'generate'.
PLAYOUT_STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pp3ppp/2n2n2/8/8/2N2N2/PP3PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5",
    "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "r3k3/pppp4/8/8/8/8/4PPPP/4K2R w Kq - 0 1",
    "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "4k3/1pp2pp1/8/8/8/8/1PP2PP1/4K3 w - - 0 1",
    "2r1k2r/1p3ppp/p7/3pP3/8/P7/1P3PPP/R3K2R w KQk - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
]

# How many generated positions to keep per tag (greedy cover).
GENERATE_QUOTAS = {
    "castle-legal": 10, "castle-prevented-by-attack": 10, "castle-b-file-attacked": 4,
    "home-without-rights": 5, "ep-legal": 10, "ep-illegal": 5, "ep-no-capturer": 6,
    "promotion": 10, "promotion-capture": 6, "check": 10, "double-check": 5,
    "pin": 12, "pinned-pawn": 5, "endgame": 12,
}


# --------------------------------------------------------------------------
# Random playout generator
# --------------------------------------------------------------------------

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


def generate_positions(sf, count, seed, playouts=600, log=None):
    """Return up to `count` FENs picked from biased random playouts."""
    rng = random.Random(seed)

    def advance(pos, fen, move):
        mine = make_move(pos, move)
        sf_fen = sf.fen(fen, [move])
        theirs = parse_fen(sf_fen)
        if (mine.board, mine.stm, mine.castling) != (theirs.board, theirs.stm, theirs.castling):
            raise RuntimeError("make_move disagrees with Stockfish after %s %s" % (fen, move))
        # Stockfish only keeps the ep square when a capture is pseudo-legal;
        # sometimes keep it anyway (legal FEN, but no ep capture possible).
        if mine.ep is not None and theirs.ep is None and rng.random() < 0.35:
            sf_fen = mine.fen()
        return sf_fen

    candidates = playout_candidates(
        sf, rng, playouts, listed_start(PLAYOUT_STARTS, normalize_fen), (2, 80), parse_fen, position_features, move_weight, advance,
        keep=lambda tags, moves: moves and tags - {"castling-rights"},
        seen=[normalize_fen(f) for f in PLAYOUT_STARTS])
    if log:
        log("generate: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    return pick_covering(candidates, GENERATE_QUOTAS, count, rng, log, len(PLAYOUT_STARTS))


def playout_candidates(sf, rng, playouts, start, lengths, parse, features, weight, advance, keep, seen=()):
    """Candidates (fen, tags, playout index, start index) met in `playouts` biased random
    playouts, each from start(rng) -> (FEN, start index) and rng.randint(*lengths) plies long
    at most: a position not seen before (the FENs in `seen` count as seen) whose
    features(pos, moves) tags pass keep(tags, moves). advance(pos, fen, move) -> the FEN after
    the move, checked against the oracle."""
    candidates = []
    seen = set(sf.variant.key(fen) for fen in seen)
    for game in range(playouts):
        fen, start_index = start(rng)
        seen.add(sf.variant.key(fen))
        for _ in range(rng.randint(*lengths)):
            pos = parse(fen)
            moves = sf.legal_moves(fen)
            key = sf.variant.key(fen)
            if key not in seen:
                seen.add(key)
                tags = features(pos, moves)
                if keep(tags, moves):
                    candidates.append((fen, tags, game, start_index))
            if not moves:
                break
            fen = advance(pos, fen, playout_move(rng, pos, moves, weight))
    return candidates


def listed_start(fens, normalize):
    """A playout start for playout_candidates: one of fens at random, its index in fens."""
    def start(rng):
        index = rng.randrange(len(fens))
        return normalize(fens[index]), index
    return start


def playout_move(rng, pos, moves, weight):
    """The next move of a biased random playout: mostly drawn by weight(pos, move)."""
    if rng.random() < 0.15:
        return rng.choice(moves)
    return rng.choices(moves, [weight(pos, m) for m in moves])[0]


def pick_covering(candidates, quotas, count, rng, log, starts=0, rank=lambda tags: ()):
    """Up to `count` FENs from candidates (fen, tags, playout index, start index), chosen by a
    greedy cover of quotas (tag -> how many positions to keep with it): each pick is the one
    that meets the most open quotas, then by rank(tags), then the one with the most tags. At
    most 2 positions per playout and, with `starts` start positions, a fair share per start,
    so the picks stay diverse."""
    need = dict(quotas)
    picked, per_game, per_start = [], {}, {}
    start_cap = max(2, (3 * count) // (2 * starts) + 1) if starts else None
    pool = candidates[:]
    rng.shuffle(pool)
    while pool and len(picked) < count:
        def score(c):
            gain = sum(1 for t in c[1] if need.get(t, 0) > 0)
            return (gain,) + rank(c[1]) + (len(c[1]),)
        best = max(pool, key=score)
        pool.remove(best)
        if per_game.get(best[2], 0) >= 2 or (start_cap and per_start.get(best[3], 0) >= start_cap):
            continue
        if score(best)[0] == 0 and any(v > 0 for v in need.values()) and pool:
            # nothing left covers an open quota -- fill with the richest positions
            need = {}
        per_game[best[2]] = per_game.get(best[2], 0) + 1
        per_start[best[3]] = per_start.get(best[3], 0) + 1
        for t in best[1]:
            if t in need:
                need[t] -= 1
        picked.append(best)
        if log:
            log("  pick %-72s %s" % (best[0], ",".join(sorted(best[1]))))
    return [c[0] for c in picked]


# --------------------------------------------------------------------------
# Chess960 and Double Fischer Random Chess
#
# A Chess960 position keeps its castling rights as the squares of the rooks
# that may still castle; the king may stand on any file between them.  The
# FEN castling field is read as X-FEN (K/Q = the outermost rook on that side
# of the king, a file letter for any other rook) or Shredder-FEN (always the
# rook's file letter), and written back in the style it was read in.
# Castling moves are written king-takes-rook (e1h1), as Stockfish does with
# UCI_Chess960.
# --------------------------------------------------------------------------

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


def mirror_fen960(fen):
    """Colour-flipped Chess960 position (castling rook squares flipped too)."""
    pos = parse_fen960(fen)
    board = [None] * 64
    for sq, p in enumerate(pos.board):
        if p is not None:
            board[sq ^ 56] = p.swapcase()
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


# How many Chess960 playout positions to keep per tag (greedy cover).
GENERATE960_QUOTAS = {
    "castle-legal": 30, "castle-prevented-by-attack": 20, "castle-blocked": 10,
    "castle-in-check": 10, "castle-gives-check": 6, "king-on-destination": 12,
    "rook-on-destination": 12, "king-rook-adjacent": 15, "king-rook-swap": 6,
    "other-castling-rook-in-path": 8, "rook-shield": 3, "enemy-slider-on-back-rank": 10,
    "sides-differ": 30, "check": 10, "pin": 10, "ep-legal": 5, "promotion": 2,
}


def generate_positions960(sf, count, seed, playouts=600, log=None):
    """Up to `count` X-FEN positions from biased random playouts that start
    from Chess960 (60%) or DFRC (40%) start positions; every position keeps a
    castling right with the king off the e-file or the rook off the a/h-file."""
    rng = random.Random(seed)

    def start(rng):
        white_n = rng.randrange(960)
        black_n = white_n if rng.random() < 0.6 else rng.randrange(960)
        return start960_fen(white_n, black_n, "xfen"), None

    def advance(pos, fen, move):
        mine = make_move960(pos, move)
        theirs = parse_fen960(sf.fen(fen, [move]))
        if (mine.board, mine.stm, mine.castling) != (theirs.board, theirs.stm, theirs.castling):
            raise RuntimeError("make_move960 disagrees with Stockfish after %s %s" % (fen, move))
        theirs.style = "xfen"
        return theirs.fen()

    def keep(tags, moves):
        return moves and "unusual-rights" in tags and tags - {"castling-rights", "unusual-rights", "sides-differ"}

    candidates = playout_candidates(sf, rng, playouts, start, (4, 50), parse_fen960, position_features960,
                                    move_weight960, advance, keep)
    if log:
        log("generate --chess960: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    return pick_covering(candidates, GENERATE960_QUOTAS, count, rng, log)


def dfrc_pairs(count, seed):
    """`count` distinct (white, black) start numbers with white != black."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        pair = (rng.randrange(960), rng.randrange(960))
        if pair[0] != pair[1] and pair not in pairs:
            pairs.append(pair)
    return pairs


# Published Chess960 counts: the first lines of the fischer.epd list that
# many engines ship (e.g. Ethereal's src/perft/fischer.epd), D1..D5.
PUBLISHED960 = [
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", [21, 528, 12189, 326672, 8146062]),
    ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", [21, 807, 18002, 667366, 16253601]),
    ("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", [20, 479, 10471, 273318, 6417013]),
    ("qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", [22, 593, 13440, 382958, 9183776]),
    ("1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", [28, 1120, 31058, 1171749, 34030312]),
    ("qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9", [33, 823, 26895, 713420, 23114629]),
    ("bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", [31, 984, 28677, 962591, 29032175]),
    ("nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", [21, 461, 10608, 248069, 6194124]),
    ("nnrqbkrb/pppp1pp1/7p/4p3/6P1/2N2B2/PPPPPP1P/NR1QBKR1 w Ggc - 2 9", [29, 658, 19364, 476620, 14233587]),
    ("nbnrbk2/p1pppp1p/1p3qr1/6p1/1B1P4/1N6/PPP1PPPP/1BNR1RKQ w d - 2 9", [30, 796, 22780, 687302, 20120565]),
]

# Hand-written Chess960 cases, one rule each; every one is also added
# colour-mirrored.  X-FEN castling.  (FEN, what it tests, in quick suite?)
HANDCRAFTED960 = [
    ("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "king f1 and rook g1 swap squares (O-O)", True),
    ("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", "king d1 and rook c1 swap squares (O-O-O)", True),
    ("k7/8/8/8/8/8/8/2RKR3 w KQ - 0 1", "rooks on both sides next to the king", False),
    ("4k3/8/8/8/8/8/8/6KR w K - 0 1", "king already on g1: O-O only moves the rook", True),
    ("4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "king already on c1, rook crosses b1", True),
    ("4k3/8/8/8/8/8/8/RNK5 w Q - 0 1", "king on c1, a knight on b1 blocks the rook", False),
    ("4k3/8/8/8/8/8/8/R1KB4 w Q - 0 1", "king on c1, a bishop on d1 (rook's square) blocks", False),
    ("4k3/8/8/8/8/8/8/1K3R2 w K - 0 1", "rook already on f1: O-O only moves the king", True),
    ("4k3/8/8/8/8/8/8/3R2K1 w Q - 0 1", "rook already on d1: O-O-O only moves the king", False),
    ("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1", "castling rook b1 shields c1 from the a1 rook: illegal", True),
    ("4k3/8/8/8/8/8/8/5KRr w K - 0 1", "castling rook g1 shields g1 from the h1 rook: illegal", True),
    ("4k3/8/8/8/8/8/8/qR1K4 w Q - 0 1", "castling rook b1 shields c1 from the a1 queen: illegal", False),
    ("k7/8/8/8/8/8/8/3KR2r w K - 0 1", "castling rook e1 pinned by the h1 rook: illegal", False),
    ("4k3/8/8/8/8/8/8/rNRK4 w Q - 0 1", "a1 rook screened by a knight: O-O-O legal", False),
    ("4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1", "the other castling rook (c1) blocks O-O-O", True),
    ("4k3/8/8/8/8/8/8/R1KR4 w KQ - 0 1", "the other castling rook stands on d1", False),
    ("1r2k3/8/8/8/8/8/8/1K4R1 w K - 0 1", "king in check: no castling", True),
    ("4k1r1/8/8/8/8/8/8/6KR w K - 0 1", "king on g1 in check: no castling (rook-only move)", True),
    ("4k3/8/8/8/b7/8/8/1K5R w K - 0 1", "d1 on the king's path attacked: O-O illegal", False),
    ("4k3/8/8/8/8/n7/8/R4K2 w Q - 0 1", "b1 (rook's path only) attacked: O-O-O legal", False),
    ("4k3/8/8/8/8/8/3r4/RK6 w Q - 0 1", "d1 (rook's destination) attacked: O-O-O legal", False),
    ("3k4/8/8/8/8/8/8/RK6 w Q - 0 1", "O-O-O gives check from d1", True),
    ("k7/8/8/8/8/8/8/1K2R2R w E - 0 1", "X-FEN: castling with the inner e1 rook", True),
    ("4k3/8/8/8/8/8/8/RR4K1 w B - 0 1", "X-FEN: castling with the inner b1 rook", False),
    ("1r1k2r1/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1", "kings and rooks on different files per side", True),
    ("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w KQkq - 0 1", "DFRC with pawn walls", False),
]


# --------------------------------------------------------------------------
# Xiangqi (--variant xiangqi)
#
# A board is a list of 90 entries, index = rank * 9 + file (a1 = 0, i1 = 8,
# a10 = 81, i10 = 89); 'KABNRCP' are Red's pieces (upper case, "w" to move),
# 'kabnrcp' Black's, None an empty point.  FENs are written as
# Fairy-Stockfish writes them (ranks 10 to 1, "- -" for castling and en
# passant).  The oracle is Fairy-Stockfish with UCI_Variant xiangqi: its
# moves are origin and destination points (h3e3, h10g8).
# --------------------------------------------------------------------------

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


# Playout starts: the start position and a few openings, middlegames and
# endings (from Red's and Black's side) where checks, pins and crossed
# soldiers come up early.
XQ_PLAYOUT_STARTS = [
    XQ_START,
    # central cannon against screen horses, both chariots out
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 3 2",
    # both sides' soldiers across the river, cannons on open files
    "2bak4/4a4/4b1n2/p1P1p3p/2r3P2/4C4/P3c1p1P/4B4/4A4/2BAK1R2 w - - 0 20",
    # chariots, horses and cannons against a bare palace
    "3ak4/4a4/4b4/9/2n6/9/4c4/2R6/4C4/3AK4 w - - 0 30",
    # soldier endings
    "4k4/9/4b4/2P1P4/9/6p2/9/4B4/3K5/9 w - - 0 40",
    "4k4/9/3a5/9/2p1p1p2/9/6P2/9/4A4/3K5 b - - 0 40",
    # horse and cannon against advisors and elephants
    "3akab2/9/4b4/9/9/2N6/9/3C5/9/4K4 w - - 0 35",
    # chariot against chariot with soldiers
    "4k4/4a4/4ba3/4p4/9/2r6/4P4/4B4/9/3AK1R2 w - - 0 30",
]

# Rule cases written for this suite: (set-up, side to move, description, in the quick suite?).
XQ_HANDCRAFTED = [
    ("Kd1 kf10 Ne5 Pe6 pd5", "w", "horse with two legs blocked (own soldier, enemy soldier)", True),
    ("Ke2 kd10 Nb1 Bc1 nh10 bg10", "w", "horses on the back ranks: legs off the board or blocked by an elephant", True),
    ("Kf2 kd10 Be3 Bc5 nd4 bc10 be8", "w", "elephant eyes blocked by the own general and an enemy horse; the river stops the c5 elephant", True),
    ("Kd1 kf9 Bc5 Bg5 be8 bg6 nf7 Pc6 pe5", "b", "elephants on the river bank, an eye blocked by the own horse", False),
    ("Ke1 kd10 Ad1 Ae2 ae9 af10 Ph6", "w", "advisors and generals confined to their palaces", True),
    ("Kd2 kf9 Ch5 Ce5 Pe6 pe7 nh7 rh9", "w", "cannons capture over exactly one screen (e5 takes e7 over e6, h5 takes h9 over h7)", True),
    ("Ke1 kf10 Ce4 Pe5 pe6 ce10 re8", "b", "a file crowded with cannons, soldiers and a chariot", False),
    ("Ke2 kf10 Rd5 rc4 Pa6", "w", "the general may not step onto the enemy general's open file", True),
    ("Kf1 kf10 Cf5 rd6 ce9", "w", "a cannon alone between the generals may only move along the file", True),
    ("Kf1 kf10 Nf5 ca9 Ce5", "w", "a horse alone between the generals cannot move", True),
    ("Ke1 ke10 Pe6 Rb1 rc8", "w", "a soldier alone between the generals may advance but not step aside", True),
    ("Ke1 kd10 Ae2 Ce3 ce9 rg7", "w", "advisor and cannon are the two screens of an enemy cannon: neither may leave the file", True),
    ("Kd1 ke9 Rd5 Pd6 cd10", "w", "chariot and soldier are the two screens of an enemy cannon", True),
    ("Ke1 kd10 Nc3 Ra4 ce6", "w", "nothing between the general and an enemy cannon: no piece may step onto e2-e5", True),
    ("Ke1 kf10 Rd2 nd3 rc9", "w", "the chariot on the leg of an enemy horse aimed at the general may only capture the horse", True),
    ("Ke1 kd10 ce6 Ae2 Rf5", "w", "cannon check through the own advisor: move the screen away or add a second one", True),
    ("Kd1 kf10 ne3 Rh2 Rh3", "w", "horse check: capture the horse (h3) or block its leg (h2-e2)", True),
    ("Ke2 kd10 pe3 Rc3", "w", "soldier check from the front", False),
    ("Kf2 kd9 pe2 pf3 Ra1", "w", "two soldiers checking, from the side and from the front", True),
    ("Kd1 kd10 rd8 nf2 Ph6", "w", "double check by chariot and horse: only the general can move", True),
    ("Ke2 kd10 re3 pe6 ce9 Ra3", "w", "the general may not take a chariot guarded by a cannon through a screen", True),
    ("Kf1 kd10 Rb9 Rc8 ae9 af10 Pg6", "b", "near mate: the black general boxed in by two chariots", True),
    ("Ke1 kd10 Rd9 Pd8 Re7", "b", "checkmate: perft 0", True),
    ("Ke1 kd10 Pc9", "b", "no legal move without check (a loss in xiangqi): perft 0", True),
    ("Kd2 kf9 Cf4 Nd5 Pf7 af10 ae9 bc10 bg10", "b", "cannon check over a red soldier, horse and cannon at the palace", False),
    ("Ke1 kd10 Pa4 Pc5 Pe6 Pg8 Pi10 pa5 pg3", "w", "soldiers before the river step forward only, across it also sideways, on the last rank only sideways", True),
]


def xq_mirror_fen(fen):
    """Colour-flipped position (ranks mirrored, colours swapped). Same perft counts."""
    pos = parse_xq_fen(fen)
    board = [None] * 90
    for sq, p in enumerate(pos.board):
        if p is not None:
            board[(9 - sq // 9) * 9 + sq % 9] = p.swapcase()
    return XqPosition(board, "b" if pos.stm == "w" else "w", pos.halfmove, pos.fullmove).fen()


def xq_handcrafted():
    """(FEN, description, quick) for the hand-written cases, each checked legal."""
    out = []
    for pieces, stm, what, quick in XQ_HANDCRAFTED:
        fen = xq_setup(pieces, stm)
        errs = validate_xq_fen(fen)
        if errs:
            raise SystemExit("hand-written case %r is illegal: %s" % (pieces, "; ".join(errs)))
        out.append((fen, what, quick))
    return out


XQ_GENERATE_QUOTAS = {
    "check": 15, "double-check": 5, "cannon-check": 8, "horse-check": 8, "chariot-check": 6,
    "soldier-check": 6, "cannon-screen-pin": 10, "cannon-empty-line": 10, "chariot-pin": 8,
    "general-file-pin": 6, "general-facing-refused": 8, "horse-leg-pin": 6,
    "crossed-soldier": 15, "near-mate": 10, "no-moves": 3, "endgame": 15, "cannon-capture": 10,
    "elephant-eye-blocked": 6, "quiet-middlegame": 35,
}


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


def generate_xq_positions(sf, count, seed, playouts=600, log=None):
    """Return up to `count` xiangqi FENs picked from biased random playouts."""
    rng = random.Random(seed)

    def advance(pos, fen, move):
        mine = xq_make_move(pos, move)
        sf_fen = sf.fen(fen, [move])
        if mine.fen() != normalize_xq_fen(sf_fen):
            raise RuntimeError("xq_make_move disagrees with Fairy-Stockfish after %s %s: %s vs %s"
                               % (fen, move, mine.fen(), sf_fen))
        return mine.fen()

    # Positions without a legal move are kept too (tag "no-moves").
    candidates = playout_candidates(
        sf, rng, playouts, listed_start(XQ_PLAYOUT_STARTS, normalize_xq_fen), (2, 120), parse_xq_fen, xq_position_features, xq_move_weight, advance,
        keep=lambda tags, moves: tags - {"horse-leg-blocked"},
        seen=[normalize_xq_fen(f) for f in XQ_PLAYOUT_STARTS])
    if log:
        log("generate: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    # Once the quotas are met, positions not in check come first, so that most of the suite
    # exercises the generator's bulk (not in check) path.
    return pick_covering(candidates, XQ_GENERATE_QUOTAS, count, rng, log, len(XQ_PLAYOUT_STARTS),
                         rank=lambda tags: ("check" not in tags,))


# The games the commands serve; variant_of() picks one from the command line.
CHESS = Variant(validate_fen, normalize_fen, 4, generate_positions, "Stockfish", "STOCKFISH", "stockfish",
                ("Threads value 1", "Hash value 16"))
# Castling FENs with rook files, and castling moves as king-takes-rook.
CHESS960 = Variant(lambda fen: validate_fen(fen, True), normalize_fen960, 4, generate_positions960,
                   "Stockfish", "STOCKFISH", "stockfish",
                   ("Threads value 1", "Hash value 16", "UCI_Chess960 value true"))
XIANGQI = Variant(validate_xq_fen, normalize_xq_fen, 2, generate_xq_positions,
                  "Fairy-Stockfish", "FAIRY_STOCKFISH", "fairy-stockfish",
                  ("UCI_Variant value xiangqi", "Threads value 1", "Hash value 16"))


def variant_of(args):
    if getattr(args, "variant", "chess") == "xiangqi":
        return XIANGQI
    return CHESS960 if getattr(args, "chess960", False) else CHESS


def cmd_build_xq(args):
    """xiangqi.epd and xiangqi-quick.epd."""
    sf = Oracle(XIANGQI)
    log("build --variant xiangqi: using %s (%s)" % (sf.name, sf.path))
    os.makedirs(args.out_dir, exist_ok=True)
    start = fixed_counts(sf, XQ_START, len(XQ_START_COUNTS))
    if start != XQ_START_COUNTS:
        raise SystemExit("Fairy-Stockfish disagrees with the start position counts: %s" % start)
    handmade = xq_handcrafted()
    generated = generate_xq_positions(sf, args.generated or 110, args.seed, args.playouts, log)
    paired = []
    for fen, _, _ in handmade:
        paired += [fen, xq_mirror_fen(fen)]
    sections = [
        ("start position", [XQ_START]),
        ("hand-written rule cases, each followed by its colour mirror", paired),
        ("generated from biased random playouts", generated),
    ]
    lines, seen, first, counted = [], set(), 1, {}
    for name, fens in sections:
        kept = []
        for fen in fens:
            fen = normalize_xq_fen(fen)
            key = " ".join(fen.split()[:2])
            if key in seen:
                continue
            seen.add(key)
            counts = start if fen == XQ_START else choose_counts(sf, fen, args.max_nodes, args.max_depth, log)
            counted[fen] = counts
            kept.append(format_line(fen, counts))
        lines += kept
        log("xiangqi.epd lines %d-%d: %s" % (first, len(lines), name))
        first = len(lines) + 1
    for fen, counts in counted.items():
        mirrored = xq_mirror_fen(fen)
        if mirrored in counted and counted[mirrored] != counts:
            raise SystemExit("mirror mismatch: %s vs %s" % (fen, mirrored))
    write_lines(os.path.join(args.out_dir, "xiangqi.epd"), lines)

    # xiangqi-quick.epd: every line, with only the depths of at most quick_max_nodes.
    quick = [format_line(fen, trim_counts(counts, args.quick_max_nodes)) for fen, counts in counted.items()]
    write_lines(os.path.join(args.out_dir, "xiangqi-quick.epd"), quick)
    sf.close()
    log("build --variant xiangqi: xiangqi %d, xiangqi-quick %d lines" % (len(lines), len(quick)))
    return 0


# --------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------

def log(msg):
    print(msg, file=sys.stderr, flush=True)


def cmd_validate(args):
    bad = 0
    check = variant_of(args).validate
    for path in args.files:
        for no, fen, counts in read_suite(path):
            errs = check(fen)
            if not counts:
                errs.append("no counts")
            if errs:
                bad += 1
                print("%s:%d: %s: %s" % (path, no, fen, "; ".join(errs)))
    print("validate: %s" % ("OK" if not bad else "%d bad line(s)" % bad))
    return 1 if bad else 0


def cmd_verify(args):
    sf = Oracle(variant_of(args))
    check = sf.variant.validate
    log("verify: using %s (%s)" % (sf.name, sf.path))
    failures = 0
    grand_nodes = 0
    start = time.time()
    for path in args.files:
        lines = list(read_suite(path))
        file_nodes = 0
        for i, (no, fen, counts) in enumerate(lines, 1):
            errs = check(fen)
            if errs:
                failures += 1
                print("%s:%d: ILLEGAL FEN %s: %s" % (path, no, fen, "; ".join(errs)))
                continue
            if args.max_nodes:
                counts = trim_counts(counts, args.max_nodes)
            for depth, expected in enumerate(counts, 1):
                got, divide = sf.perft(fen, depth)
                if got != expected:
                    failures += 1
                    print("%s:%d: MISMATCH %s D%d expected %d, %s %d"
                          % (path, no, fen, depth, expected, sf.name, got))
                    if depth == 1:
                        print("    oracle moves: %s" % " ".join(sorted(divide)))
                    break
            file_nodes += counts[-1]
            if args.verbose:
                log("[%s %d/%d] D%d %d  %s" % (path, i, len(lines), len(counts), counts[-1], fen))
        grand_nodes += file_nodes
        print("%s: %d positions, %d nodes at deepest depths" % (path, len(lines), file_nodes))
    sf.close()
    print("verify: %s (%.1fs, %d nodes)" % ("OK" if not failures else "%d FAILURE(S)" % failures,
                                            time.time() - start, grand_nodes))
    return 1 if failures else 0


def read_fens(path):
    fens = []
    with open(path) as fh:
        for line in fh:
            line = line.split("#", 1)[0].split(";", 1)[0].strip()
            if line:
                fens.append(line)
    return fens


def write_lines(path, lines):
    if path == "-":
        sys.stdout.write("".join(l + "\n" for l in lines))
    else:
        with open(path, "w") as fh:
            fh.write("".join(l + "\n" for l in lines))


def check_and_count(sf, fens, max_nodes, max_depth, depth=None):
    out = []
    for fen in fens:
        fen = sf.variant.normalize(fen)
        errs = sf.variant.validate(fen)
        if errs:
            raise SystemExit("illegal FEN %s: %s" % (fen, "; ".join(errs)))
        counts = (fixed_counts(sf, fen, depth) if depth
                  else choose_counts(sf, fen, max_nodes, max_depth, log))
        out.append(format_line(fen, counts))
    return out


def cmd_count(args):
    sf = Oracle(variant_of(args))
    fens = read_fens(args.input)
    write_lines(args.output, check_and_count(sf, fens, args.max_nodes, args.max_depth, args.depth))
    sf.close()
    return 0


def cmd_generate(args):
    sf = Oracle(variant_of(args))
    fens = sf.variant.generate(sf, args.count, args.seed, args.playouts, log)
    write_lines(args.output, fens)
    sf.close()
    return 0


def cmd_trim(args):
    out = []
    for path in args.files:
        for _, fen, counts in read_suite(path):
            out.append(format_line(fen, trim_counts(counts, args.max_nodes)))
    write_lines(args.output, out)
    return 0


def dedupe(fens):
    seen, out = set(), []
    for fen in fens:
        fen = normalize_fen(fen)
        key = " ".join(fen.split()[:4])
        if key not in seen:
            seen.add(key)
            out.append(fen)
    return out


def cmd_build960(args):
    """chess960.epd and chess960-quick.epd."""
    sf = Oracle(CHESS960)
    log("build --chess960: using %s (%s)" % (sf.name, sf.path))
    os.makedirs(args.out_dir, exist_ok=True)
    max_nodes = args.max_nodes
    sections = []          # (name, [(fen, counts)])

    # 1. The 960 start positions in Scharnagl order (line n + 1 = position n),
    #    D1-D4, and D5 for every position with n % deep_every == 518 % deep_every.
    starts = []
    for n in range(960):
        fen = start960_fen(n)
        depth = args.starts_depth + (1 if n % args.deep_every == 518 % args.deep_every else 0)
        counts = fixed_counts(sf, fen, depth)
        if n == 518 and counts != [20, 400, 8902, 197281, 4865609][:depth]:
            raise SystemExit("Stockfish disagrees with the standard start position counts: %s" % counts)
        starts.append((fen, counts))
        if n % 96 == 95:
            log("  starts: %d/960" % (n + 1))
    sections.append(("Chess960 start positions 0-959", starts))

    # 2. Double Fischer Random: White's and Black's arrangements differ.
    dfrc = []
    for white_n, black_n in dfrc_pairs(args.dfrc, args.seed):
        fen = start960_fen(white_n, black_n)
        dfrc.append((fen, choose_counts(sf, fen, max_nodes, args.max_depth, log)))
    sections.append(("DFRC start positions", dfrc))

    # 3. Positions from play with castling rights on unusual files.
    generated = generate_positions960(sf, args.generated or 120, args.seed, args.playouts, log)
    sections.append(("generated from Chess960 / DFRC playouts",
                     [(fen, choose_counts(sf, fen, max_nodes, args.max_depth, log)) for fen in generated]))

    # 4. Published counts (D1-D5), cross-checked.
    published = []
    for fen, expected in PUBLISHED960:
        counts = fixed_counts(sf, fen, len(expected))
        if counts != expected:
            raise SystemExit("Stockfish disagrees with the published counts of %s: %s" % (fen, counts))
        published.append((fen, counts))
    sections.append(("published (fischer.epd)", published))

    # 5. Hand-written rule cases and their colour mirrors (identical counts).
    handmade = []
    for fen, _, _ in HANDCRAFTED960:
        counts = choose_counts(sf, fen, max_nodes, args.max_depth, log)
        mirrored = mirror_fen960(fen)
        if fixed_counts(sf, mirrored, len(counts)) != counts:
            raise SystemExit("mirror mismatch: %s vs %s" % (fen, mirrored))
        handmade += [(fen, counts), (mirrored, counts)]
    sections.append(("hand-written cases, each followed by its colour mirror", handmade))

    lines, seen, first = [], set(), 1
    for name, entries in sections:
        for fen, _ in entries:
            key = " ".join(fen.split()[:4])
            if key in seen:
                raise SystemExit("duplicate position %s" % fen)
            seen.add(key)
        lines += [format_line(fen, counts) for fen, counts in entries]
        log("chess960.epd lines %d-%d: %s (%d nodes at deepest depths)"
            % (first, len(lines), name, sum(c[-1] for _, c in entries)))
        first = len(lines) + 1
    write_lines(os.path.join(args.out_dir, "chess960.epd"), lines)

    # chess960-quick.epd: a spread of every section, trimmed.
    by_name = dict(sections)
    quick = [starts[518]] + [starts[n] for n in range(0, 960, 48)] + [starts[959]]
    quick += dfrc[::max(1, len(dfrc) // args.quick_generated)][:args.quick_generated]
    gen = by_name["generated from Chess960 / DFRC playouts"]
    quick += gen[::max(1, len(gen) // args.quick_generated)][:args.quick_generated]
    quick += published[:2]
    quick += [(f, c) for (f, c), (_, _, q) in zip(handmade[::2], HANDCRAFTED960) if q]
    write_lines(os.path.join(args.out_dir, "chess960-quick.epd"),
                [format_line(f, trim_counts(c, args.quick_max_nodes)) for f, c in quick])
    sf.close()
    log("build --chess960: chess960 %d, chess960-quick %d lines" % (len(lines), len(quick)))
    return 0


def cmd_build(args):
    if args.variant == "xiangqi":
        return cmd_build_xq(args)
    if args.chess960:
        return cmd_build960(args)
    args.generated = args.generated or 80
    sf = Oracle(CHESS)
    log("build: using %s (%s)" % (sf.name, sf.path))
    out = args.out_dir
    os.makedirs(out, exist_ok=True)

    # standard.epd: fixed depths, cross-checked against the published counts.
    standard = []
    for fen, depth, published in STANDARD:
        counts = fixed_counts(sf, fen, depth)
        if counts[-1] != published:
            raise SystemExit("Stockfish disagrees with CPW on %s: %d != %d" % (fen, counts[-1], published))
        log("  %-72s D%d %d" % (fen, depth, counts[-1]))
        standard.append(format_line(fen, counts))
    write_lines(os.path.join(out, "standard.epd"), standard)

    # tricky.epd: public, public mirrored, perftsuite, handcrafted (+ mirrors), generated.
    public = [f for f, _, _ in PUBLIC_TRICKY]
    handmade = [f for f, _, _ in HANDCRAFTED]
    sections = [
        ("public tricky positions", public),
        ("public tricky positions, colour-mirrored", [mirror_fen(f) for f in public]),
        ("perftsuite.epd selection", PERFTSUITE),
        ("hand-crafted", handmade),
        ("hand-crafted, colour-mirrored", [mirror_fen(f) for f in handmade]),
    ]
    generated = generate_positions(sf, args.generated, args.seed, args.playouts, log)
    sections.append(("generated", generated))
    seen, tricky_fens, summary = set(), [], []
    for name, fens in sections:
        kept = [f for f in dedupe(fens) if " ".join(f.split()[:4]) not in seen]
        seen.update(" ".join(f.split()[:4]) for f in kept)
        summary.append((name, len(tricky_fens) + 1, len(tricky_fens) + len(kept)))
        tricky_fens.extend(kept)
    tricky = check_and_count(sf, tricky_fens, args.max_nodes, args.max_depth)
    # sanity: a position and its mirror must have identical counts
    by_fen = {parse_line(l)[0]: parse_line(l)[1] for l in tricky}
    for fen, counts in by_fen.items():
        m = mirror_fen(fen)
        if m in by_fen and by_fen[m] != counts:
            raise SystemExit("mirror mismatch: %s vs %s" % (fen, m))
    write_lines(os.path.join(out, "tricky.epd"), tricky)
    for name, first, last in summary:
        log("tricky.epd lines %d-%d: %s" % (first, last, name))

    # quick.epd: standard + flagged curated + every n-th generated, trimmed.
    quick_fens = [normalize_fen(f) for f, _, q in PUBLIC_TRICKY + HANDCRAFTED if q]
    gen_norm = [normalize_fen(f) for f in generated]
    quick_fens += gen_norm[::max(1, len(gen_norm) // args.quick_generated)][:args.quick_generated]
    tricky_counts = {parse_line(l)[0]: parse_line(l)[1] for l in tricky}
    quick = []
    for line in standard:
        fen, counts = parse_line(line)
        quick.append(format_line(fen, trim_counts(counts, args.quick_max_nodes)))
    quick += [format_line(f, trim_counts(tricky_counts[f], args.quick_max_nodes)) for f in quick_fens]
    write_lines(os.path.join(out, "quick.epd"), quick)
    sf.close()
    log("build: standard %d, tricky %d, quick %d lines" % (len(standard), len(tricky), len(quick)))
    return 0


CHESS960_HELP = "Chess960 / DFRC FENs (X-FEN or Shredder-FEN castling); Stockfish gets UCI_Chess960"
VARIANT_HELP = "xiangqi: xiangqi FENs, with Fairy-Stockfish (UCI_Variant xiangqi) as the oracle"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Stockfish: $STOCKFISH, else 'stockfish' on PATH, "
                                        "else /usr/games/stockfish.")
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("verify", help="re-check every count against Stockfish")
    p.add_argument("files", nargs="+")
    p.add_argument("--max-nodes", type=int, default=0,
                   help="skip depths whose expected count exceeds this (0 = check all)")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--chess960", action="store_true", help=CHESS960_HELP)
    p.add_argument("--variant", choices=("chess", "xiangqi"), default="chess", help=VARIANT_HELP)
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("validate", help="check FEN legality only (no Stockfish)")
    p.add_argument("files", nargs="+")
    p.add_argument("--chess960", action="store_true", help=CHESS960_HELP)
    p.add_argument("--variant", choices=("chess", "xiangqi"), default="chess", help=VARIANT_HELP)
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("count", help="compute D1..Dk for a list of FENs")
    p.add_argument("input")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--max-nodes", type=int, default=20000000)
    p.add_argument("--max-depth", type=int, default=10)
    p.add_argument("--depth", type=int, help="fixed depth instead of --max-nodes")
    p.add_argument("--chess960", action="store_true", help=CHESS960_HELP)
    p.add_argument("--variant", choices=("chess", "xiangqi"), default="chess", help=VARIANT_HELP)
    p.set_defaults(func=cmd_count)

    p = sub.add_parser("generate", help="random biased playouts -> FEN list")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--count", type=int, default=80)
    p.add_argument("--playouts", type=int, default=600)
    p.add_argument("--seed", type=int, default=20261130)
    p.add_argument("--chess960", action="store_true",
                   help="playouts from Chess960 / DFRC starts, X-FEN output")
    p.add_argument("--variant", choices=("chess", "xiangqi"), default="chess", help=VARIANT_HELP)
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser("trim", help="drop deep counts above --max-nodes")
    p.add_argument("files", nargs="+")
    p.add_argument("-o", "--output", default="-")
    p.add_argument("--max-nodes", type=int, default=200000)
    p.set_defaults(func=cmd_trim)

    p = sub.add_parser("build", help="regenerate standard/tricky/quick suites "
                                     "(with --chess960: chess960/chess960-quick)")
    p.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "..", "perft-suites"))
    p.add_argument("--seed", type=int, default=20261130)
    p.add_argument("--generated", type=int, default=0, help="generated positions (default 80, 960 mode 120)")
    p.add_argument("--playouts", type=int, default=600)
    p.add_argument("--max-nodes", type=int, default=0, help="default 20000000, 960 mode 10000000")
    p.add_argument("--max-depth", type=int, default=10)
    p.add_argument("--quick-generated", type=int, default=0, help="default 6, 960 mode 10")
    p.add_argument("--quick-max-nodes", type=int, default=200000)
    p.add_argument("--chess960", action="store_true",
                   help="build chess960.epd and chess960-quick.epd instead")
    p.add_argument("--starts-depth", type=int, default=4, help="960 mode: depth of the start positions")
    p.add_argument("--deep-every", type=int, default=5,
                   help="960 mode: one more depth for start positions n with n %% K == 518 %% K")
    p.add_argument("--dfrc", type=int, default=120, help="960 mode: DFRC start positions")
    p.add_argument("--variant", choices=("chess", "xiangqi"), default="chess",
                   help=VARIANT_HELP + "; builds xiangqi.epd and xiangqi-quick.epd")
    p.set_defaults(func=cmd_build)

    args = ap.parse_args(argv)
    if getattr(args, "variant", "chess") == "xiangqi" and getattr(args, "chess960", False):
        ap.error("--chess960 and --variant xiangqi exclude each other")
    if args.command == "build" and args.variant == "xiangqi":
        args.max_nodes = args.max_nodes or 10000000
        args.max_depth = min(args.max_depth, 5)
    elif args.command == "build":
        args.max_nodes = args.max_nodes or (10000000 if args.chess960 else 20000000)
        args.quick_generated = args.quick_generated or (10 if args.chess960 else 6)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
