#!/usr/bin/env python3
"""UCI protocol tests, Pikafish's dialect (docs/xiangqi.md "Xiangqi GUIs"): xiangqi with ranks 0-9
after a plain `uci` and a xiangqi FEN, after `ucicyclone`, or on a bare `fen`/`startpos` line; the
rule that an explicit UCI_Variant keeps Fairy-Stockfish's notation; every `go` limit Pikafish
takes; bad input; chess unaffected; uci2wb -c's bare lines after UCI_Variant xiangqi (pf1-pf10).

Usage: test_uci_pikafish.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import re
import sys

import uci_harness
from uci_harness import check, Engine, info_field, pv_of, search_infos, START_FEN, test, XQ_START_FEN

# The xiangqi start after h2e2 h9g7 (central cannon, horse defence), as Pikafish's `d` writes it.
AFTER_2 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
XQ0 = re.compile(r"[a-i][0-9][a-i][0-9]")
XQ_LOSING = "4k4/9/9/9/9/9/9/9/4A4/3RK4 b - - 0 1"  # Black's bare general against a chariot


def perft1(e):
    """The session's legal moves in its current notation (`go perft 1`)."""
    e.send("go perft 1")
    lines, _, _ = e.read_until(lambda l: l.startswith("Nodes searched"), 10.0, "perft total")
    return {l.split(":")[0] for l in lines if ":" in l}


def pikafish_engine():
    """`uci`, then a xiangqi FEN in `position`: the dialect is found on its own."""
    e = Engine()
    e.send(f"position fen {XQ_START_FEN}")
    check(e.sync() == [], "a xiangqi FEN after plain uci printed something")
    e.xiangqi = "ranks0"
    return e


@test
def pf1_xiangqi_fen_after_plain_uci():
    """After a plain `uci`, `position fen <xiangqi FEN> moves ...` is xiangqi with ranks 0-9: the
    moves are read so, `d` shows Pikafish's FEN, and every move printed has ranks 0-9."""
    with pikafish_engine() as e:
        start = perft1(e)
        check(len(start) == 44 and all(XQ0.fullmatch(m) for m in start) and "h2e2" in start, f"perft 1: {sorted(start)}")
        e.send(f"position fen {XQ_START_FEN} moves h2e2 h9g7")
        check(e.sync() == [], "moves with ranks 0-9 were refused")
        check(e.fen() == AFTER_2, f"got {e.fen()}")
        legal = perft1(e)
        before, best, _ = e.go("go depth 4")
        check(best.split()[1] in legal, f"bestmove {best} is not among {sorted(legal)}")
        for line in search_infos(before):
            check(all(XQ0.fullmatch(m) for m in pv_of(line)), f"pv not in ranks 0-9: {line}")
        e.send("position startpos moves h2e2")
        check(e.sync() == [], "position startpos in the dialect printed something")
        check(e.fen().split()[:2] == ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR", "b"], e.fen())


@test
def pf2_ucicyclone():
    """`ucicyclone` is answered as `uci` (id, options, uciok) and plays xiangqi with ranks 0-9,
    also after a later `uci` and after `setoption name UCI_Variant value xiangqi`."""
    with Engine(handshake=False) as e:
        e.send("ucicyclone")
        before, _, _ = e.read_until(lambda l: l == "uciok", 5.0, "uciok")
        check(before[0].startswith("id name ") and any(l.startswith("option name Hash ") for l in before), f"{before[:3]}")
        e.xiangqi = "ranks0"
        check(e.fen() == XQ_START_FEN, f"ucicyclone starts at {e.fen()}")
        e.handshake()
        e.send("setoption name UCI_Variant value xiangqi")
        e.send("position startpos moves h2e2 h9g7")
        check(e.sync() == [], "ranks 0-9 refused after UCI_Variant xiangqi in ucicyclone")
        check(e.fen() == AFTER_2, e.fen())


@test
def pf3_bare_fen_and_startpos_lines():
    """A `fen ...` or `startpos ...` line without `position` is a position command; before any
    UCI_Variant it is xiangqi's, with ranks 0-9."""
    for line, fen in ((f"fen {XQ_START_FEN} moves h2e2 h9g7", AFTER_2), ("startpos moves h2e2 h9g7", AFTER_2)):
        with Engine() as e:
            e.send(line)
            check(e.sync() == [], f"'{line}' printed something")
            e.xiangqi = "ranks0"
            check(e.fen() == fen, f"'{line}': {e.fen()}")
            _, best, _ = e.go("go depth 2")
            check(XQ0.fullmatch(best.split()[1]) is not None, best)


@test
def pf10_bare_line_after_variant_xiangqi():
    """uci2wb -c (xboard's UCI adapter) sets UCI_Variant xiangqi, then speaks the Cyclone dialect:
    a bare `fen`/`startpos` line. The bare line means ranks 0-9 there too; a later UCI_Variant
    chess leaves the dialect, and `position` lines then read chess."""
    for line in ("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves h2e2 h9g7", "startpos moves h2e2 h9g7"):
        with Engine() as e:
            e.send("setoption name UCI_Variant value xiangqi")
            e.send(line)
            check(e.sync() == [], f"'{line}' after UCI_Variant xiangqi printed something")
            e.xiangqi = "ranks0"
            check(e.fen().split()[:2] == AFTER_2.split()[:2], f"'{line}': {e.fen()}")
            _, best, _ = e.go("go depth 2")
            check(XQ0.fullmatch(best.split()[1]) is not None, best)
            e.send("setoption name UCI_Variant value chess")
            e.send("position startpos moves e2e4")
            check(e.sync() == [], "chess refused after leaving the dialect")
            check(e.fen().startswith("rnbqkbnr/pppppppp/8/8/4P3/"), e.fen())


@test
def pf4_explicit_variant_keeps_fairy_notation():
    """`setoption name UCI_Variant value xiangqi` before any position: Fairy-Stockfish's ranks 1-10
    (h3e3), and a move in ranks 0-9 that names no legal move there is refused."""
    with Engine() as e:
        e.send("setoption name UCI_Variant value xiangqi")
        e.send("position startpos moves h3e3")
        check(e.sync() == [], "h3e3 refused")
        before = e.fen()
        e.send("position startpos moves h2e2")  # h2 is empty in ranks 1-10
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string error:"), f"{out}")
        check(e.fen() == before, "a refused position changed the board")


@test
def pf5_variant_set_after_found_dialect_leaves_it():
    """A dialect found on its own is left when UCI_Variant is set: xiangqi then reads ranks 1-10."""
    with pikafish_engine() as e:
        e.send("setoption name UCI_Variant value xiangqi")
        e.xiangqi = True
        legal = perft1(e)
        check("h3e3" in legal and "h2e2" not in legal, f"{sorted(legal)}")
        e.send("position startpos moves h3e3")
        check(e.sync() == [], "ranks 1-10 refused after UCI_Variant")


@test
def pf6_go_limits_of_pikafish():
    """Every `go` limit Pikafish takes: clocks, movestogo, depth, nodes, movetime, mate, infinite
    and stop, ponder and ponderhit, searchmoves (ranks 0-9), perft."""
    with pikafish_engine() as e:
        for command in ("go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20", "go depth 3", "go nodes 2000",
                        "go movetime 50", "go mate 2 depth 3", "go depth 3 searchmoves h2e2 b2e2"):
            before, best, _ = e.go(command)
            check(not any("error" in l for l in before), f"{command}: {before[:2]}")
            if "searchmoves" in command:
                check(best.split()[1] in ("h2e2", "b2e2"), f"{command}: {best}")
        e.send("go infinite")
        e.read_until(lambda l: l.startswith("info depth"), 5.0, "info")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), 5.0, "bestmove after stop")
        e.send("go ponder depth 2")
        e.read_until(lambda l: l.startswith("info depth 2"), 5.0, "depth 2 while pondering")
        e.send("ponderhit")
        e.read_until(lambda l: l.startswith("bestmove"), 5.0, "bestmove after ponderhit")
        e.send("go perft 2")
        _, total, _ = e.read_until(lambda l: l.startswith("Nodes searched"), 10.0, "perft")
        check(total == "Nodes searched: 1920", total)


@test
def pf7_bad_input_in_the_dialect():
    """An illegal move, a move in ranks 1-10 (h10g8 does not read in ranks 0-9) and a broken FEN:
    one error line each, the position unchanged, still in the dialect."""
    with pikafish_engine() as e:
        e.send("position startpos moves h2e2")
        e.sync()
        before = e.fen()
        for bad in ("position startpos moves h2e2 h9h7", "position startpos moves h2e2 h10g8",
                    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1"):
            e.send(bad)
            out = e.sync()
            check(len(out) == 1 and out[0].startswith("info string error:"), f"'{bad}': {out}")
            check(e.fen() == before, f"'{bad}' changed the position to {e.fen()}")
        check(perft1(e) and all(XQ0.fullmatch(m) for m in perft1(e)), "left the dialect")


@test
def pf8_chess_unaffected():
    """Plain UCI chess: a chess FEN stays chess; a FEN neither game reads, in `position` or on a
    bare `fen` line, is refused and changes nothing; with UCI_Variant chess set, a xiangqi FEN is
    refused."""
    with Engine() as e:
        e.send(f"position fen {START_FEN} moves e2e4")
        check(e.sync() == [], "chess position refused")
        before = e.fen()
        check(before.startswith("rnbqkbnr/pppppppp/8/8/4P3/"), before)
        e.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1")
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string error:"), f"{out}")
        check(e.fen() == before, e.fen())
        e.send("fen rnbakabnr/9/1c5c1 w")  # a bare fen line xiangqi cannot read: no switch
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string error:"), f"{out}")
        check(e.fen() == before, e.fen())
    with Engine() as e:
        e.send("setoption name UCI_Variant value chess")
        e.send(f"position fen {XQ_START_FEN}")
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string error:"), f"xiangqi FEN after UCI_Variant chess: {out}")
        check(e.fen() == START_FEN, e.fen())


@test
def pf9_info_lines():
    """Search reports in the dialect: depth, score, nodes, pv with ranks 0-9; multipv numbered."""
    with pikafish_engine() as e:
        e.send(f"position fen {XQ_LOSING}")
        e.send("setoption name MultiPV value 2")
        before, best, _ = e.go("go depth 3")
        infos = search_infos(before)
        check({info_field(l, "multipv") for l in infos} == {"1", "2"}, f"{infos[-2:]}")
        check(all(info_field(l, "score") == "cp" for l in infos), f"{infos[-1]}")


if __name__ == "__main__":
    sys.exit(uci_harness.main())
