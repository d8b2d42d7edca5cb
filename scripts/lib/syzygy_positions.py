"""Random positions of a Syzygy table's material, and Sen's own reading of the tables: what
scripts/syzygy-compare and scripts/syzygy-conversion share.

Standard library only. Scripts import it as they import uci_pipe:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "lib"))
    import syzygy_positions
"""
import os
import subprocess

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def tables(path, max_pieces):
    """Table names (like KRPvKR) with both files in the folders of `path`, up to max_pieces."""
    found = {}
    for folder in path.split(os.pathsep):
        if not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            stem, ext = os.path.splitext(name)
            if ext in (".rtbw", ".rtbz"):
                found.setdefault(stem, set()).add(ext)
    return sorted(n for n, e in found.items() if len(e) == 2 and len(n) - 1 <= max_pieces)


def attacked(board, square, by_white):
    """Whether a piece of that colour attacks `square` (board: dict square -> letter, a1 = 0)."""
    f, r = square % 8, square // 8
    def piece_at(ff, rr):
        return board.get(rr * 8 + ff) if 0 <= ff < 8 and 0 <= rr < 8 else None
    mine = (lambda c: c.isupper()) if by_white else (lambda c: c.islower())
    for df, dr in KNIGHT:
        p = piece_at(f + df, r + dr)
        if p and mine(p) and p.lower() == "n":
            return True
    for df, dr in KING:
        p = piece_at(f + df, r + dr)
        if p and mine(p) and p.lower() == "k":
            return True
    pawn_dr = -1 if by_white else 1  # a white pawn attacks from the rank below
    for df in (-1, 1):
        p = piece_at(f + df, r + pawn_dr)
        if p and mine(p) and p.lower() == "p":
            return True
    for dirs, kinds in ((ROOK, "rq"), (BISHOP, "bq")):
        for df, dr in dirs:
            ff, rr = f + df, r + dr
            while 0 <= ff < 8 and 0 <= rr < 8:
                p = board.get(rr * 8 + ff)
                if p:
                    if mine(p) and p.lower() in kinds:
                        return True
                    break
                ff, rr = ff + df, rr + dr
    return False


def fen_of(board, white_to_move, ep="-", halfmove=0):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get(r * 8 + f)
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {'w' if white_to_move else 'b'} - {ep} {halfmove} 1"


def random_position(rng, name, halfmoves=(0, 0, 0, 20, 60, 90)):
    """A random legal-looking position of the table's material (either colour may hold the table's
    first side), or None. With pawns on both sides, about a third of the positions are set up just
    after a double pawn step beside an enemy pawn, with the en-passant square in the FEN. The
    halfmove clock is one of `halfmoves` (0 after the double step)."""
    white, black = name.split("v")
    pieces = [c for c in white] + [c.lower() for c in black]
    if rng.random() < 0.5:
        pieces = [c.swapcase() for c in pieces]
    want_ep = "P" in pieces and "p" in pieces and rng.random() < 0.35
    for _ in range(1000):
        board = {}
        white_to_move = rng.random() < 0.5
        ep = "-"
        rest = list(pieces)
        if want_ep:
            # Their pawn has just stepped two squares to stand beside ours.
            mine, theirs = ("P", "p") if white_to_move else ("p", "P")
            rank = 4 if white_to_move else 3
            f = rng.randrange(8)
            g = f + rng.choice([-1, 1])
            if not 0 <= g < 8:
                continue
            step = 8 if white_to_move else -8
            board[rank * 8 + f] = theirs
            board[rank * 8 + g] = mine
            rest.remove(theirs)
            rest.remove(mine)
            ep = "abcdefgh"[f] + str(rank + (1 if white_to_move else -1) + 1)
            blocked = {rank * 8 + f + step, rank * 8 + f + 2 * step}  # the squares it crossed and left
        else:
            blocked = set()
        for p in rest:
            squares = [s for s in range(64) if s not in board and s not in blocked and (p.lower() != "p" or 8 <= s < 56)]
            board[rng.choice(squares)] = p
        kings = {p: s for s, p in board.items() if p in "Kk"}
        # The side not to move must not be in check.
        if attacked(board, kings["k" if white_to_move else "K"], white_to_move):
            continue
        halfmove = 0 if ep != "-" else rng.choice(halfmoves)
        return fen_of(board, white_to_move, ep, halfmove)
    return None


def sen_probe(sen, path, fens):
    out = subprocess.run([sen, "tbprobe", "--path", path], input="\n".join(fens) + "\n", capture_output=True,
                         text=True, check=True).stdout.splitlines()
    results = {}
    for line in out:
        fen, _, rest = line.partition(" ; ")
        words = rest.split()
        if len(words) == 4 and words[0] == "wdl":
            results[fen] = (None if words[1] == "none" else int(words[1]), None if words[3] == "none" else int(words[3]))
        else:
            results[fen] = ("error", rest)
    return results
