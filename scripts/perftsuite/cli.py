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
                      the curated lists in scripts/perftsuite/data/ plus
                      'generate' (seeded, hence reproducible for a given
                      Stockfish).

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
loop), so every FEN is checked (chess.validate_fen() and its Chess960 and
xiangqi counterparts) before it is sent.

Standard library only.
"""

import argparse
import os
import time

from .build import cmd_build
from .oracle import Oracle
from .suite import check_and_count, format_line, log, read_fens, read_suite, trim_counts, write_lines
from .variants import variant_of


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
                                                     "..", "..", "perft-suites"))
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
