"""The 'build' command: the committed suites regenerated from the curated lists in data/ and the
generated positions, every count from the oracle and cross-checked where a published count or a
colour mirror allows."""

import os

from .chess import mirror_fen, normalize_fen
from .chess960 import dfrc_pairs, mirror_fen960, start960_fen
from .data import HANDCRAFTED, HANDCRAFTED960, PERFTSUITE, PUBLIC_TRICKY, PUBLISHED960, STANDARD, XQ_HANDCRAFTED
from .generate import generate_positions, generate_positions960, generate_xq_positions
from .oracle import Oracle
from .suite import check_and_count, choose_counts, fixed_counts, format_line, log, parse_line, trim_counts, write_lines
from .variants import CHESS, CHESS960, XIANGQI
from .xiangqi import XQ_START, XQ_START_COUNTS, normalize_xq_fen, validate_xq_fen, xq_mirror_fen, xq_setup


def dedupe(fens):
    seen, out = set(), []
    for fen in fens:
        fen = normalize_fen(fen)
        key = " ".join(fen.split()[:4])
        if key not in seen:
            seen.add(key)
            out.append(fen)
    return out


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
