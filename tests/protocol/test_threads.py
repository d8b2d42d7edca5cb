#!/usr/bin/env python3
"""Thread-safety test for Sen: multi-threaded searches under a storm of protocol commands.

Usage: test_threads.py PATH/TO/sen [--seed N] [--gos N]

Meant to run under ThreadSanitizer (`make tsan`, ctest label "threads"), but it checks the
protocol on any build. Each session starts the engine with Threads 2 or 4 and sends about 50
`go` commands of mixed kinds (depth, nodes, movetime, clocks, infinite, ponder). Between them,
at random moments (seeded, so a failure can be replayed with --seed), come `stop`, `isready`,
`setoption name Hash value 32|16`, `setoption name Threads value 1|3` and back, `ucinewgame`,
`position ...`, `ponderhit`, and further `go` commands while a search is still running. The
Syzygy tables of tests/data/syzygy are set, and some positions are in them or capture into them.

Checks: exactly one bestmove per go and none extra; every bestmove (and ponder move) legal in the
position its go searched (verified afterwards by a separate referee process through
`go perft 1`); one readyok per isready; no search stalls; nothing on stderr (a
`WARNING: ThreadSanitizer` report fails the test, and is quoted); exit code 0 after `quit`.

SEN_TEST_TIME_SCALE (default 1) multiplies every timeout, for slow sanitizer builds.
Prints one line per test and a final "N passed, M failed"; exits non-zero on any failure.
Standard library only.
"""

import os
import random
import re
import sys
import time

from harness import Engine, Failure, check, run_tests, scaled, uci_pipe

POSITIONS = [
    "startpos",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "fen n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",           # mate in one
    "fen k7/8/8/8/8/8/1q6/K7 w - - 0 1",               # one legal move
    "fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",              # stalemate: bestmove (none)
    "fen rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    # Endgames of the test's Syzygy tables: roots ranked by them, and five-piece roots whose
    # captures reach them (threads probing and loading the tables together).
    "fen 8/8/8/8/8/2k5/8/KR6 w - - 0 1",
    "fen 8/8/8/3k4/8/2n5/8/KBN5 w - - 0 1",
    "fen 8/8/3k4/3p4/3P4/3K4/1R6/8 w - - 0 1",
    "fen 8/8/8/8/1pP5/1K6/8/1k6 b - c3 0 1",
]
TABLES = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "data", "syzygy")
BESTMOVE_RE = re.compile(r"bestmove (\S+)(?: ponder (\S+))?")


class Referee:
    """A separate engine process used as a legality oracle (`go perft 1` lists the legal moves)."""

    def __init__(self, binary):
        self.engine = Engine(binary)
        self.cache = {}

    def legal(self, position):
        if position not in self.cache:
            legal, lines = uci_pipe.legal_moves(self.engine, f"position {position}", 30.0)
            check(not uci_pipe.info_strings(lines), f"referee rejected '{position}': {lines}")
            self.cache[position] = legal
        return self.cache[position]

    def close(self):
        self.engine.quit()
        self.engine.kill()


def random_go(rng):
    """A go command and whether it stays open until stop/ponderhit ('infinite', 'ponder' or None)."""
    kind = rng.choice(["depth", "depth", "nodes", "movetime", "clock", "clock", "infinite", "ponder"])
    if kind == "depth":
        return f"go depth {rng.randint(1, 6)}", None
    if kind == "nodes":
        return f"go nodes {rng.choice([1, 100, 5000, 30000])}", None
    if kind == "movetime":
        return f"go movetime {rng.choice([1, 10, 50, 150])}", None
    if kind == "clock":
        t = rng.choice([50, 300, 1000, 3000])
        inc = rng.choice([0, 0, 10, 50])
        return f"go wtime {t} btime {t} winc {inc} binc {inc}", None
    if kind == "infinite":
        return "go infinite", "infinite"
    t = rng.choice([300, 1000])
    return f"go ponder wtime {t} btime {t}", "ponder"


def session(binary, threads_base, gos, seed):
    """One engine process, `gos` go commands with random interleaved commands. Returns a summary."""
    rng = random.Random(seed)
    e = Engine(binary)
    searched = []          # the position of each go, in order
    bestmove_lines = []
    readyoks_expected = 0
    readyoks = 0
    other_lines = []
    latest_open = None     # the newest go waits for stop ('infinite') or stop/ponderhit ('ponder')
    position = "startpos"

    def drain(timeout=0.0):
        """Consumes the lines that have arrived (waiting up to `timeout` for the first one)."""
        nonlocal readyoks
        deadline = time.monotonic() + timeout
        while True:
            item = e.get(deadline - time.monotonic())
            if item is None:
                return
            line = item[1]
            if line is None:
                raise Failure(f"engine exited (code {e.proc.poll()}) after {e.last_sent(4)}; {e.stderr_excerpt()}")
            if line.startswith("bestmove"):
                bestmove_lines.append(line)
                check(len(bestmove_lines) <= len(searched),
                      f"bestmove without a go: {line} (gos {len(searched)}, last sent {e.last_sent(4)})")
            elif line == "readyok":
                readyoks += 1
                check(readyoks <= readyoks_expected, "readyok without isready")
            elif line.startswith("info string"):
                other_lines.append(line)
            deadline = time.monotonic()   # after the first line, only take what is already there

    def wait_all(timeout):
        """Waits until every go has its bestmove and every isready its readyok."""
        deadline = time.monotonic() + scaled(timeout)
        while len(bestmove_lines) < len(searched) or readyoks < readyoks_expected:
            left = deadline - time.monotonic()
            check(left > 0, f"stall: {len(bestmove_lines)} bestmoves for {len(searched)} gos, {readyoks} readyok "
                            f"for {readyoks_expected} isready after {scaled(timeout):.0f} s; last sent {e.last_sent(6)}")
            drain(min(left, 0.2))

    try:
        e.send("uci")
        e.read_until(lambda l: l == "uciok", 10.0, "uciok")
        e.send(f"setoption name Threads value {threads_base}")
        e.send("setoption name Hash value 32")
        e.send(f"setoption name SyzygyPath value {TABLES}")
        e.send("isready")
        e.read_until(lambda l: l == "readyok", 10.0, "readyok")

        for _ in range(gos):
            e.send(f"position {position}")
            command, latest_open = random_go(rng)
            e.send(command)
            searched.append(position)
            # Up to four interleaved commands at random moments, some while the search runs.
            for _ in range(rng.randint(0, 4)):
                time.sleep(rng.choice([0, 0, 0.001, 0.005, 0.02, 0.05]))
                action = rng.choice(["stop", "isready", "isready", "hash", "threads", "newgame", "position",
                                     "go", "ponderhit", "nothing"])
                if action == "stop":
                    e.send("stop")
                    latest_open = None
                elif action == "isready":
                    e.send("isready")
                    readyoks_expected += 1
                elif action == "hash":
                    e.send(f"setoption name Hash value {rng.choice([32, 16])}")
                elif action == "threads":
                    e.send(f"setoption name Threads value {rng.choice([1, 3, threads_base])}")
                elif action == "newgame":
                    e.send("ucinewgame")
                elif action == "position":
                    position = rng.choice(POSITIONS)
                    e.send(f"position {position}")
                elif action == "go" and len(searched) < gos * 2:
                    command, latest_open = random_go(rng)
                    e.send(command)
                    searched.append(position)
                elif action == "ponderhit":
                    e.send("ponderhit")
                    if latest_open == "ponder":
                        latest_open = None
                drain()
            if latest_open:
                time.sleep(rng.choice([0, 0.01, 0.05]))
                e.send("ponderhit" if latest_open == "ponder" and rng.random() < 0.5 else "stop")
                latest_open = None
            # Often leave the search running into the next go (which must stop it first).
            if rng.random() < 0.5:
                wait_all(60.0)
            else:
                drain()
            if rng.random() < 0.2:
                e.send(f"setoption name Threads value {threads_base}")
            position = rng.choice(POSITIONS)
        wait_all(60.0)
        # Nothing more may come: no extra bestmove, no extra readyok.
        e.send("isready")
        readyoks_expected += 1
        wait_all(30.0)
        check(len(bestmove_lines) == len(searched), f"{len(bestmove_lines)} bestmoves for {len(searched)} gos")
        code = e.quit()
        late = e.pending()
        check(not [l for l in late if l.startswith(("bestmove", "readyok"))], f"output after quit: {late[:3]}")
        check(code == 0, f"exit code {code} after quit; {e.stderr_excerpt()}")
    finally:
        e.kill()
    check(not e.stderr, e.stderr_excerpt())
    check(not other_lines, f"unexpected info string lines: {other_lines[:3]}")

    referee = Referee(binary)
    try:
        for position, line in zip(searched, bestmove_lines):
            m = BESTMOVE_RE.fullmatch(line)
            check(m is not None, f"malformed bestmove line {line!r}")
            best, ponder = m.groups()
            legal = referee.legal(position)
            if best == "(none)":
                check(not legal, f"bestmove (none) in '{position}', which has legal moves")
                continue
            check(best in legal, f"illegal bestmove {best} in '{position}' (legal: {sorted(legal)})")
            if ponder:
                after = position + (" " if " moves " in position else " moves ") + best
                check(ponder in referee.legal(after), f"illegal ponder move {ponder} after {best} in '{position}'")
    finally:
        referee.close()
    return f"{len(searched)} gos, {readyoks} readyok, seed {seed}"


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = args[0]
    seed, gos = 20240601, 50
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    if "--gos" in args:
        gos = int(args[args.index("--gos") + 1])
    return run_tests([("threads_2_session", lambda: session(binary, 2, gos, seed)),
                      ("threads_4_session", lambda: session(binary, 4, gos, seed + 1))])


if __name__ == "__main__":
    sys.exit(main())
