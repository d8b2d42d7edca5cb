"""The suite files: one position per line, `<FEN> ;D1 <nodes> ;D2 <nodes> ... ;Dk <nodes>`, and
how the counts of a line are chosen with the oracle."""

import sys


def log(msg):
    """Progress messages go to stderr."""
    print(msg, file=sys.stderr, flush=True)


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
