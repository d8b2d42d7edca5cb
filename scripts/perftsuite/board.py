"""FEN board text shared by both games' rules: the piece placement field read into and written
from a flat list (index = rank * width + file, rank 0 at the bottom), and the move counters."""


class FenError(ValueError):
    """Raised for a syntactically malformed FEN."""


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


def colour_flipped(board, width, height):
    """The board with its ranks mirrored and every piece's colour swapped (a position with the
    same perft counts once the side to move is swapped too)."""
    flipped = [None] * (width * height)
    for sq, p in enumerate(board):
        if p is not None:
            flipped[(height - 1 - sq // width) * width + sq % width] = p.swapcase()
    return flipped


def parse_counters(half, full):
    """The halfmove clock and fullmove number fields of a FEN, as integers."""
    try:
        half, full = int(half), int(full)
    except ValueError:
        raise FenError("bad move counters")
    if half < 0 or full < 1:
        raise FenError("bad move counters")
    return half, full
