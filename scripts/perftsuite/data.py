"""The curated positions, kept as text in data/*.txt: one entry a line, fields separated by
" | ", lines starting with "#" are comments (each file's header names its fields). The lists
keep the file order, which the suites' line order follows."""

import os

DATA_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "data")


def read_table(name, fields):
    """The entries of data/<name>, each a list of `fields` strings."""
    rows = []
    with open(os.path.join(DATA_DIR, name)) as fh:
        for no, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            row = [f.strip() for f in line.split(" | ")]
            if len(row) != fields:
                raise ValueError("%s:%d: expected %d fields separated by ' | '" % (name, no, fields))
            rows.append(row)
    return rows


def quick(flag):
    """The 'in the quick suite' field: quick or -."""
    if flag not in ("quick", "-"):
        raise ValueError("quick field must be 'quick' or '-', not %r" % flag)
    return flag == "quick"


# (FEN, depth, published count at that depth): standard.epd.
STANDARD = [(fen, int(depth), int(count)) for fen, depth, count in read_table("standard.txt", 3)]
# (FEN, what it tests, in quick suite?): tricky.epd, and quick.epd where flagged.
PUBLIC_TRICKY = [(fen, what, quick(q)) for fen, q, what in read_table("public-tricky.txt", 3)]
PERFTSUITE = [fen for fen, in read_table("perftsuite.txt", 1)]
HANDCRAFTED = [(fen, what, quick(q)) for fen, q, what in read_table("handcrafted.txt", 3)]
PLAYOUT_STARTS = [fen for fen, in read_table("playout-starts.txt", 1)]
# (FEN, [D1..D5]): chess960.epd, cross-checked.
PUBLISHED960 = [(fen, [int(n) for n in counts.split()]) for fen, counts in read_table("chess960-published.txt", 2)]
HANDCRAFTED960 = [(fen, what, quick(q)) for fen, q, what in read_table("chess960-handcrafted.txt", 3)]
XQ_PLAYOUT_STARTS = [fen for fen, in read_table("xiangqi-playout-starts.txt", 1)]
# (set-up, side to move, what it tests, in quick suite?); xiangqi.xq_setup turns a set-up into a FEN.
XQ_HANDCRAFTED = [(pieces, stm, what, quick(q)) for pieces, stm, q, what in read_table("xiangqi-handcrafted.txt", 4)]
