#!/usr/bin/env python3
"""UCCI protocol tests (src/core/ucci.h, docs/xiangqi.md "Xiangqi GUIs") through the real binary over
pipes: the handshake, setoption without keywords, position, banmoves, go with every UCCI field and
its time units, ponder and ponderhit draw, draw and resign, nobestmove, probe, quit/bye, bad input
(u1-u12).

Usage: test_ucci.py PATH/TO/sen [NAME-SUBSTRING ...]

Every session is checked on exit as the UCI sections check theirs: lines printable ASCII and ended
by "\\n", stderr empty, exit code 0; here also every `info` line has UCCI's form, every move has
ranks 0-9, and `quit` was answered with `bye`. Legal moves come from Sen itself in Pikafish's UCI
dialect (`ucicyclone`, `go perft 1`), whose notation is UCCI's.
"""

import os
import re
import sys

import harness
from harness import check, Failure

BINARY = None
TESTS = []
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
AFTER_2 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
LOSING = "4k4/9/9/9/9/9/9/9/4A4/3RK4 b - - 0 1"        # Black's bare general against a chariot
MATED_IN_1 = "4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 1"   # every Black move allows b0b9 mate
CHECKMATED = "3k5/9/9/9/9/9/9/9/9/3RKR3 b - - 0 1"
MOVE = re.compile(r"[a-i][0-9][a-i][0-9]")
INFO_FORMS = [re.compile(r"info depth \d+ score -?\d+ pv( [a-i][0-9][a-i][0-9])+"),
              re.compile(r"info depth 0 score -?\d+"),
              re.compile(r"info time \d+ nodes \d+"),
              re.compile(r"info currmove [a-i][0-9][a-i][0-9] currmovenumber \d+"),
              re.compile(r"info message .+")]
BESTMOVE = re.compile(r"bestmove ([a-i][0-9][a-i][0-9])(?: ponder ([a-i][0-9][a-i][0-9]))?(?: (draw|resign))?")


def test(fn):
    TESTS.append(fn)
    return fn


class Ucci(harness.Engine):
    """A UCCI session: `ucci` sent and `ucciok` awaited unless handshake=False."""

    def __init__(self, handshake=True):
        super().__init__(BINARY, transcript=True)
        self.options = []
        # The start-up line comes before any command, whatever the protocol (GUIs skip it).
        _, self.banner, _ = self.read_until(lambda l: True, 10.0, "the start-up line")
        check(re.fullmatch(r"Sen \S+ by the Sen developers", self.banner), f"start-up line {self.banner!r}")
        if handshake:
            self.options = self.handshake()

    def handshake(self):
        self.send("ucci")
        before, _, _ = self.read_until(lambda l: l == "ucciok", 5.0, "ucciok")
        return before

    def sync(self, timeout=5.0):
        self.send("isready")
        before, _, _ = self.read_until(lambda l: l == "readyok", timeout, "readyok")
        return before

    def go(self, command, timeout=10.0):
        """(lines before, the bestmove or nobestmove line)."""
        self.send(command)
        before, line, _ = self.read_until(lambda l: l.startswith("bestmove") or l == "nobestmove", timeout, f"answer to '{command}'")
        return before, line

    def fen(self):
        self.send("d")
        return next(l[5:] for l in self.sync() if l.startswith("Fen: "))

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is not None:
            self.kill()
            return False
        try:
            code = self.quit()
        finally:
            self.kill()
        self.join_readers(2.0)
        check(code == 0, f"exit code {code}; {self.stderr_excerpt()}")
        check(not self.stderr and not self.unterminated, f"stderr or an unterminated line: {self.stderr_excerpt()}")
        check(self.transcript and self.transcript[-1] == "bye", f"quit was not answered with bye: {self.transcript[-2:]}")
        for line in self.transcript:
            check(all(32 <= ord(c) < 127 for c in line), f"not printable ASCII: {line[:80]!r}")
            if line.startswith("info"):
                check(any(f.fullmatch(line) for f in INFO_FORMS), f"not a UCCI info line: {line!r}")
            if line.startswith("bestmove"):
                check(BESTMOVE.fullmatch(line) is not None, f"malformed bestmove: {line!r}")
        return False


def legal_moves(position):
    """The legal moves after a `position ...` command, from Sen in Pikafish's dialect."""
    e = harness.Engine(BINARY)
    try:
        e.send("ucicyclone")
        e.read_until(lambda l: l == "uciok", 5.0, "uciok")
        e.send(position)
        e.send("go perft 1")
        lines, _, _ = e.read_until(lambda l: l.startswith("Nodes searched"), 10.0, "perft")
        check(not any("error" in l for l in lines), f"referee refused '{position}': {lines[:2]}")
        return {l.split(":")[0] for l in lines if ":" in l}
    finally:
        e.quit()
        e.kill()


def one_error(out, what):
    check(len(out) == 1 and out[0].startswith("info message error: "), f"{what}: {out}")


@test
def u1_handshake():
    """`ucci` → `id name`, `id author`, `option <name> type ...` lines (no `name` keyword) with
    UCCI's usemillisec, batch, debug, hashsize, threads, ponder and newgame, then `ucciok`; no
    UCI_ option and no option of chess."""
    with Ucci() as e:
        o = e.options
        check(o[0] == "id name " + e.banner.removesuffix(" by the Sen developers") and o[1].startswith("id author "), f"{o[:2]}")
        options = o[2:]
        check(all(re.fullmatch(r"option [a-z_]+ type (check|spin|combo|button|string)( .*)?", l) for l in options), f"{options}")
        for wanted in ("option usemillisec type check default false", "option batch type check default false",
                       "option debug type check default false", "option hashsize type spin min 1 max 65536 default 16",
                       "option ponder type check default false", "option newgame type button",
                       "option repetitionrule type combo var asian var computer default asian"):
            check(wanted in options, f"missing '{wanted}' in {options}")
        check(any(l.startswith("option threads type spin min 1 ") for l in options), f"{options}")
        check(not any("uci_" in l or "syzygy" in l or "chess960" in l for l in options), f"{options}")


@test
def u2_setoption():
    """`setoption <name> <value>` without keywords; on/off and true/false for checks; 0 for
    hashsize is the default; `promotion false` (sent by ElephantEye's league program) is taken, `true`
    is not; an unknown option or a bad value: one error line."""
    with Ucci() as e:
        for good in ("setoption usemillisec true", "setoption usemillisec off", "setoption hashsize 32", "setoption hashsize 0",
                     "setoption threads 1", "setoption ponder on", "setoption newgame", "setoption repetitionrule computer",
                     "setoption movelimit 50", "setoption batch false", "setoption debug off", "setoption promotion false"):
            e.send(good)
            check(e.sync() == [], f"'{good}' printed something")
        for bad in ("setoption bogus 1", "setoption ponder maybe", "setoption hashsize lots", "setoption repetitionrule none",
                    "setoption", "setoption uci_variant chess", "setoption promotion true"):
            e.send(bad)
            one_error(e.sync(), bad)
        check(e.fen() == START, "an option changed the game")


@test
def u3_position():
    """`position startpos|fen ... [moves ...]` with ranks 0-9; bad positions: one error line each
    and the position unchanged."""
    with Ucci() as e:
        check(e.fen() == START, "UCCI does not start at the xiangqi start")
        e.send("position startpos moves h2e2 h9g7")
        check(e.sync() == [] and e.fen() == AFTER_2, e.fen())
        e.send(f"position fen {START} moves h2e2 h9g7")
        check(e.sync() == [] and e.fen() == AFTER_2, e.fen())
        for bad in ("position startpos moves h2e2 h9h7", "position startpos moves h3e3", "position fen 9/9 w",
                    "position", "position startpos moves h2e2 h10g8", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"):
            e.send(bad)
            one_error(e.sync(), bad)
            check(e.fen() == AFTER_2, f"'{bad}' changed the position")


@test
def u4_go_depth_and_info():
    """`go depth N`: ElephantEye's info lines (depth/score/pv, then time/nodes) and a legal bestmove."""
    with Ucci() as e:
        e.send("position startpos moves h2e2 h9g7")
        before, best = e.go("go depth 4")
        m = BESTMOVE.fullmatch(best)
        check(m is not None and m.group(1) in legal_moves("position startpos moves h2e2 h9g7"), best)
        depths = [int(l.split()[2]) for l in before if l.startswith("info depth")]
        check(depths == list(range(1, 5)), f"depths {depths}")
        for i, l in enumerate(before):
            if l.startswith("info depth"):
                check(i + 1 < len(before) and before[i + 1].startswith("info time "), f"no time/nodes after {l}")


@test
def u5_banmoves():
    """`banmoves`: the search never plays a banned move; the ban holds until the next `position`;
    a ban of every legal move answers nobestmove; a bad list is refused and the old ban stays."""
    with Ucci() as e:
        e.send("position startpos")
        _, first = e.go("go depth 3")
        chosen = first.split()[1]
        e.send(f"banmoves {chosen}")
        check(e.sync() == [], "banmoves printed something")
        _, second = e.go("go depth 3")
        check(second.split()[1] != chosen, f"banned {chosen} but got {second}")
        legal = sorted(legal_moves("position startpos"))
        keep = [m for m in legal if m != "a3a4"]
        e.send("banmoves " + " ".join(keep))
        _, only = e.go("go depth 3")
        check(only.split()[1] == "a3a4", f"everything but a3a4 banned, got {only}")
        e.send("banmoves a3a4 h9g7")  # h9g7 is Black's: not legal here
        one_error(e.sync(), "banmoves with an illegal move")
        _, still = e.go("go depth 3")
        check(still.split()[1] == "a3a4", f"the refused banmoves changed the ban: {still}")
        e.send("banmoves " + " ".join(legal))
        _, none = e.go("go depth 3")
        check(none == "nobestmove", f"every move banned: {none}")
        e.send("position startpos")
        _, again = e.go("go depth 1")
        check(again.startswith("bestmove "), f"the ban outlived position: {again}")


@test
def u6_time_units():
    """`go time` is the side to move's remaining time, in seconds unless usemillisec is on (debug
    shows the budget); movestogo, increment, opptime, oppmovestogo and oppincrement are read."""
    with Ucci() as e:
        e.send("setoption debug on")
        budgets = []
        for units, command in (("off", "go time 20 increment 0 opptime 20 oppincrement 0"),
                               ("on", "go time 600 movestogo 10 opptime 600 oppmovestogo 10")):
            e.send(f"setoption usemillisec {units}")
            before, best = e.go(command, 70.0)
            check(not any("error" in l for l in before), f"{command}: {before[:2]}")
            line = next((l for l in before if l.startswith("info message time budget")), None)
            check(line is not None and best.startswith("bestmove"), f"{command}: {before[:3]} {best}")
            budgets.append(int(line.split()[8]))  # info message time budget soft S ms hard H ms ...
        check(budgets[0] > 1000, f"20 s gave a hard limit of {budgets[0]} ms")
        check(budgets[1] <= 600, f"600 ms gave a hard limit of {budgets[1]} ms")


@test
def u7_ponder_and_draw():
    """`go ponder` waits for `ponderhit`; `ponderhit draw` offers a draw, which the side that is
    worse accepts (`bestmove ... draw`); `go draw` in a better position declines it."""
    with Ucci() as e:
        e.send(f"position fen {LOSING}")
        e.send("go ponder depth 3")
        e.read_until(lambda l: l.startswith("info depth 3"), 5.0, "depth 3 while pondering")
        early = [l for l in e.sync() if not l.startswith("info ")]
        check(early == [], f"a pondering search answered before ponderhit: {early}")
        e.send("ponderhit draw")
        _, best, _ = e.read_until(lambda l: l.startswith("bestmove"), 5.0, "bestmove after ponderhit")
        check(best.endswith(" draw"), f"the losing side did not take the draw: {best}")
        e.send("position startpos")
        _, best = e.go("go draw depth 3")
        check(not best.endswith(" draw") and not best.endswith(" resign"), f"the better side took a draw: {best}")


@test
def u8_resign_and_nobestmove():
    """A forced mate against the side to move: `bestmove ... resign`; no legal move: `info depth
    0 score -10000` and `nobestmove`; `go depth 0` and `stop` when idle: `nobestmove`."""
    with Ucci() as e:
        e.send(f"position fen {MATED_IN_1}")
        _, best = e.go("go depth 6")
        check(best.endswith(" resign"), best)
        e.send(f"position fen {CHECKMATED}")
        before, answer = e.go("go depth 4")
        check(answer == "nobestmove" and before[-1:] == ["info depth 0 score -10000"], f"{before[-1:]} {answer}")
        e.send("position startpos")
        _, answer = e.go("go depth 0")
        check(answer == "nobestmove", answer)
        e.send("stop")
        e.read_until(lambda l: l == "nobestmove", 5.0, "nobestmove after an idle stop")


@test
def u9_infinite_and_stop():
    """`go infinite` and `go depth infinite` run until `stop`, which gets a bestmove."""
    with Ucci() as e:
        for command in ("go infinite", "go depth infinite"):
            e.send(command)
            e.read_until(lambda l: l.startswith("info depth 2 "), 5.0, "info depth 2")
            e.send("stop")
            e.read_until(lambda l: l.startswith("bestmove"), 5.0, f"bestmove after stop ({command})")


@test
def u10_go_nodes_and_bad_fields():
    """`go nodes N` stops; an unknown or valueless go field gets one error line and the search
    runs on the rest."""
    with Ucci() as e:
        _, best = e.go("go nodes 3000")
        check(best.startswith("bestmove"), best)
        e.send("go depth 2 sideways 3")
        lines, best, _ = e.read_until(lambda l: l.startswith("bestmove"), 5.0, "bestmove")
        check(lines[0].startswith("info message error: unknown go parameter 'sideways'"), f"{lines[:1]}")
        e.send("go depth")  # no limit left: it searches until stop
        lines, _, _ = e.read_until(lambda l: l.startswith("info depth 1 "), 5.0, "info depth 1")
        check(lines[0] == "info message error: go depth needs a value", f"{lines[:1]}")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), 5.0, "bestmove after stop")


@test
def u11_probe_and_unknown():
    """`probe <position>` answers `pophash`; a bad position or an unknown command: one error line,
    nothing changed."""
    with Ucci() as e:
        e.send("probe startpos moves h2e2")
        check(e.sync() == ["pophash"], "probe")
        e.send("probe fen nonsense")
        one_error(e.sync(), "probe fen nonsense")
        for bad in ("xyzzy", "ponderhit now", "uci"):
            e.send(bad)
            one_error(e.sync(), bad)
        check(e.fen() == START, "a bad command changed the position")


@test
def u12_quit_during_search_and_batch():
    """`quit` during a search ends it and answers `bye`; in batch mode `go` finishes before the
    next command is read."""
    with Ucci() as e:
        e.send("setoption batch on")
        e.send("go depth 3")
        e.send("isready")
        lines, _, _ = e.read_until(lambda l: l == "readyok", 10.0, "readyok")
        check(any(l.startswith("bestmove") for l in lines), f"batch: readyok before bestmove: {lines[-2:]}")
        e.send("setoption batch off")
        e.send("go infinite")
        e.read_until(lambda l: l.startswith("info depth 1 "), 5.0, "info depth 1")


def main():
    global BINARY
    if len(sys.argv) < 2:
        print(f"usage: {sys.argv[0]} PATH/TO/sen [TEST-NAME-SUBSTRING ...]", file=sys.stderr)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    selected = [t for t in TESTS if len(sys.argv) < 3 or any(s in t.__name__ for s in sys.argv[2:])]
    return harness.run_tests([(fn.__name__, fn) for fn in selected])


if __name__ == "__main__":
    sys.exit(main())
