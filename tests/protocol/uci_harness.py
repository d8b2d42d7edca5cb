"""The UCI protocol tests' shared part: the engine session over pipes, the output grammar, the
legality referees, the test registry and main(). Each test_uci_*.py file holds one section of the
tests and runs on its own (a ctest entry each, so that ctest -j runs them side by side):

    test_uci_SECTION.py PATH/TO/sen [NAME-SUBSTRING ...]

and test_uci_protocol.py runs every section in one process.

Every test starts a fresh engine process, talks to it over stdin/stdout with timeouts, and checks
one statement of the project's UCI acceptance list (section 1 items T1..T28 and the bad-input rows
of section 2). Legality of moves printed by the engine is checked with a
separate "referee" engine process: its `go perft 1` lists the legal moves of a position, and a
`position ... moves <line>` that names an illegal move makes it print an error.

Besides each test's own assertions, every session is checked on exit: output lines end in "\\n"
(no "\\r", no unterminated last line), are printable ASCII, every `info` line parses the way
fastchess' compliance check and python-chess read it, every `bestmove` line is well formed,
stderr is empty, and the process exits with code 0 after `quit` (a crash fails the test).

Prints one line per test and a final "N passed, M failed"; exits non-zero on any failure.
Standard library only (no pytest), so it runs wherever python3 does.

SEN_TEST_TIME_SCALE (default 1) multiplies every time limit: the timeouts for replies and the
upper bounds of the latency checks (`make asan` sets 5, as ASan and UBSan slow the engine down).
SEN_TEST_LAUNCHED=1 says the binary runs through a launcher such as wine (`make windows-test`).
Lower bounds (no bestmove before stop, movetime not cut short) and the lengths of the quiet
periods watched for stray output stay as they are.
"""

import os
import random
import re
import statistics
import subprocess
import sys
import time

import harness
from harness import Failure, check, sanitized, scaled
from uci_pipe import info_strings, legal_moves as referee_moves, position_command

BINARY = None
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POS4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POS5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
PROMOTIONS = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
MATE_IN_1 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"          # Ra8#
MATE_IN_2 = "k7/8/8/8/8/8/8/K5RR w - - 0 1"              # Rg7, Rh8#
CHECKMATED = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
ONE_LEGAL_MOVE = "k7/8/8/8/8/8/1q6/K7 w - - 0 1"         # Kxb2 only
CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
MANY_MOVES = "QQQQQQBk/Q6B/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"

MOVE_RE = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
# Xiangqi moves: files a-i, ranks 1-10 (Fairy-Stockfish's UCI notation).
XQ_MOVE_RE = re.compile(r"[a-i](?:10|[1-9])[a-i](?:10|[1-9])")
# Xiangqi moves with ranks 0-9 (Pikafish's UCI dialect and UCCI).
XQ0_MOVE_RE = re.compile(r"[a-i][0-9][a-i][0-9]")
XQ_START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
XQ_MIDDLEGAME = "2b1ka1r1/4aC3/4b2C1/p3p4/8p/P2RP1B2/1c5RP/2r1B1n2/9/3AKA3 b - - 3 24"
XQ_MATE_IN_1 = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"          # b1b10
XQ_STALEMATED = "4k4/R8/6N2/9/9/9/9/9/9/3K5 b - - 0 1"         # no move, not in check: Black has lost
XQ_CHECKMATED = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
# Set when the binary is started through a launcher (wine): T1 then leaves the launcher's start-up out.
LAUNCHED = os.environ.get("SEN_TEST_LAUNCHED") == "1"
LAUNCH_RETRIES = 0                   # engine starts the launcher failed (see Engine.__init__)
FAIRY_STOCKFISH = os.environ.get("SEN_FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
BESTMOVE_RE = re.compile(r"bestmove (\S+)(?: ponder (\S+))?")
STRIP_TIME_RE = re.compile(r" (time|nps) \d+")


# ---------------------------------------------------------------------------------------------
# An engine session over pipes.

class Engine(harness.Engine):
    """One engine process. By default it is started the way a GUI starts one: `uci`, wait for
    uciok (the engine may prepare its first search after that); handshake=False sends nothing.
    Either way the start-up line is read (and checked) first. Every line received is kept for the
    exit checks."""

    def __init__(self, args=(), handshake=True, binary=None, referee=False):
        super().__init__(binary or BINARY, args, transcript=True)
        self.xiangqi = False         # the session has switched to xiangqi: its moves are read as such
        self.banner = None           # the start-up line, read before anything is sent
        self.referee = referee       # another engine, checked against: its start-up line is its own
        try:
            self.read_banner()
            if handshake:
                self.handshake()
        except Failure:
            if not (LAUNCHED and self.launcher_failed()):
                raise
            # wine (rarely: once in some thousands of starts in CI) exits 1 at once with no
            # output at all, before the program runs: that start is wine's, not the engine's.
            # Start it again, and say so; a second such start in one run fails the test.
            global LAUNCH_RETRIES
            LAUNCH_RETRIES += 1
            check(LAUNCH_RETRIES <= 1, f"the launcher failed to start the engine again "
                  f"(exit code {self.proc.returncode}, no output)")
            print(f"NOTE the launcher exited {self.proc.returncode} before the engine wrote anything; "
                  f"started again", flush=True)
            self.kill()
            super().__init__(binary or BINARY, args, transcript=True)
            self.read_banner()
            if handshake:
                self.handshake()

    def read_banner(self):
        """The line the engine writes at start, before it reads a command (Stockfish's habit; GUIs
        skip it): `Sen <version> by the Sen developers`; a referee's line is only read."""
        _, self.banner, _ = self.read_until(lambda l: True, 10.0, "the start-up line")
        if not self.referee:
            check(re.fullmatch(r"Sen \S+ by the Sen developers", self.banner), f"start-up line {self.banner!r}")

    def launcher_failed(self):
        """The process failed within a second of its start with nothing on stdout or stderr."""
        elapsed = time.monotonic() - self.spawned
        code = self.wait(1.0)
        self.join_readers(1.0)
        return elapsed < 1.0 and code not in (None, 0) and not self.transcript and not self.stderr and not self.unterminated

    def send(self, text):
        if "uci_variant value xiangqi" in text.lower():
            self.xiangqi = True
        return super().send(text)

    def sync(self, timeout=5.0):
        """Sends isready; returns the lines that came before readyok."""
        self.send("isready")
        before, _, _ = self.read_until(lambda l: l == "readyok", timeout, "readyok")
        return before

    def board(self):
        """The `d` diagram of the current position (as one string)."""
        self.send("d")
        lines = self.sync()
        check(any(l.startswith("Fen: ") for l in lines), f"`d` printed no Fen line: {lines}")
        return "\n".join(lines)

    def fen(self):
        return next(l[5:] for l in self.board().split("\n") if l.startswith("Fen: "))

    def handshake(self):
        self.send("uci")
        before, _, _ = self.read_until(lambda l: l == "uciok", 5.0, "uciok")
        return before

    def go(self, command, timeout=10.0):
        """Sends a go command and waits for its bestmove: (lines before, bestmove line, seconds)."""
        sent = self.send(command)
        before, line, t = self.read_until(lambda l: l.startswith("bestmove"), timeout, f"bestmove after '{command}'")
        return before, line, t - sent

    def quit(self, timeout=2.0):
        return super().quit(timeout)

    def final_checks(self):
        self.join_readers(scaled(2.0))
        check(self.proc.returncode == 0, f"exit code {self.proc.returncode}; stderr: {bytes(self.stderr[-600:])!r}")
        check(not self.unterminated, f"last output line not ended by a newline: {self.unterminated[:80]!r}")
        check(not self.stderr, f"engine wrote to stderr: {bytes(self.stderr[:400])!r}")
        for line in self.transcript:
            check("\r" not in line, f"output line contains \\r: {line[:80]!r}")
            check(all(32 <= ord(c) < 127 for c in line), f"output line is not printable ASCII: {line[:80]!r}")
            if line.startswith("info"):
                check_info_line(line, self.xiangqi)
            elif line.startswith("bestmove"):
                check_bestmove_syntax(line, self.xiangqi)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is not None:
            self.kill()
            return False
        try:
            self.quit()
        finally:
            self.kill()
        self.final_checks()
        return False


# ---------------------------------------------------------------------------------------------
# Output grammar (fastchess compliance isValidInfoLine, python-chess _parse_uci_info).

INFO_INT_KEYS = {"depth", "seldepth", "time", "nodes", "multipv", "currmovenumber", "hashfull", "nps",
                 "tbhits", "sbhits", "cpuload"}
INFO_MOVE_LIST_KEYS = {"pv", "refutation", "currline"}
INFO_KEYS = INFO_INT_KEYS | INFO_MOVE_LIST_KEYS | {"score", "currmove", "string", "wdl"}


def is_int(text):
    return re.fullmatch(r"-?\d+", text) is not None


def is_move(text, xiangqi=False):
    """xiangqi: True for ranks 1-10, "ranks0" for ranks 0-9 (Pikafish's dialect)."""
    if xiangqi == "ranks0":
        return XQ0_MOVE_RE.fullmatch(text) is not None
    return MOVE_RE.fullmatch(text) is not None or (xiangqi and XQ_MOVE_RE.fullmatch(text) is not None)


def check_info_line(line, xiangqi=False):
    tokens = line.split(" ")
    check(tokens[0] == "info" and "" not in tokens, f"malformed info line: {line!r}")
    seen = set()
    i = 1
    while i < len(tokens):
        key = tokens[i]
        check(key in INFO_KEYS, f"unknown info field '{key}' in: {line!r}")
        check(key not in seen, f"info field '{key}' twice in: {line!r}")
        seen.add(key)
        if key == "string":
            check(i + 1 < len(tokens), f"empty info string: {line!r}")
            break  # the rest of the line is the string
        if key in INFO_INT_KEYS:
            check(i + 1 < len(tokens) and is_int(tokens[i + 1]), f"info {key} needs an integer: {line!r}")
            i += 2
        elif key == "score":
            check(i + 2 < len(tokens) and tokens[i + 1] in ("cp", "mate") and is_int(tokens[i + 2]),
                  f"bad score in: {line!r}")
            i += 3
            if i < len(tokens) and tokens[i] in ("lowerbound", "upperbound"):
                i += 1
        elif key == "wdl":
            check(i + 3 < len(tokens) and all(is_int(t) for t in tokens[i + 1:i + 4]), f"bad wdl: {line!r}")
            i += 4
        elif key == "currmove":
            check(i + 1 < len(tokens) and is_move(tokens[i + 1], xiangqi), f"bad currmove: {line!r}")
            i += 2
        else:
            j = i + 1
            while j < len(tokens) and tokens[j] not in INFO_KEYS:
                check(is_move(tokens[j], xiangqi), f"bad move '{tokens[j]}' in {key}: {line!r}")
                j += 1
            check(j > i + 1, f"empty {key}: {line!r}")
            i = j
    if "seldepth" in seen:
        check("depth" in seen, f"seldepth without depth: {line!r}")
    if "hashfull" in seen:
        check(0 <= int(info_field(line, "hashfull")) <= 1000, f"hashfull is per mille: {line!r}")
    if "multipv" in seen:
        check(int(info_field(line, "multipv")) >= 1, f"multipv counts from 1: {line!r}")
    if "pv" in seen:
        check("score" in seen and "depth" in seen, f"pv without score/depth: {line!r}")


def check_bestmove_syntax(line, xiangqi=False):
    m = BESTMOVE_RE.fullmatch(line)
    check(m is not None, f"malformed bestmove line: {line!r}")
    best, ponder = m.groups()
    check(best == "(none)" or is_move(best, xiangqi), f"bad bestmove move: {line!r}")
    check(ponder is None or is_move(ponder, xiangqi), f"bad ponder move: {line!r}")
    check(not (best == "(none)" and ponder), f"ponder move after bestmove (none): {line!r}")


def info_field(line, key):
    tokens = line.split()
    if key in tokens:
        return tokens[tokens.index(key) + 1]
    return None


def pv_of(line):
    tokens = line.split()
    if "pv" not in tokens:
        return []
    out = []
    for t in tokens[tokens.index("pv") + 1:]:
        if t in INFO_KEYS:
            break
        out.append(t)
    return out


def bestmoves(lines):
    return [l for l in lines if l.startswith("bestmove")]


def search_infos(lines):
    return [l for l in lines if l.startswith("info") and " pv " in l]


# ---------------------------------------------------------------------------------------------
# Referee: a separate engine process used only as a legality oracle.

class Referee:
    engine = None

    @classmethod
    def get(cls):
        if cls.engine is None or cls.engine.proc.poll() is not None:
            cls.engine = Engine()
        return cls.engine

    @classmethod
    def shutdown(cls):
        if cls.engine is not None:
            cls.engine.quit()
            cls.engine.kill()


def legal_moves(base, moves=()):
    legal, lines = referee_moves(Referee.get(), position_command(base, moves), 5.0)
    check(not info_strings(lines), f"referee rejected {position_command(base, moves)[:200]}: {info_strings(lines)}")
    return legal


def assert_sequence_legal(base, moves, sequence, what):
    """Every move of `sequence` is legal in turn after `base` + `moves`."""
    ref = Referee.get()
    ref.send(position_command(base, list(moves) + list(sequence)))
    errors = info_strings(ref.sync())
    check(not errors, f"{what}: '{' '.join(sequence)}' is not legal in sequence from "
                      f"{position_command(base, moves)[:120]}: {errors}")


def assert_bestmove_legal(base, moves, line):
    m = BESTMOVE_RE.fullmatch(line)
    check(m is not None, f"malformed bestmove line: {line!r}")
    best, ponder = m.groups()
    legal = legal_moves(base, moves)
    check(best in legal, f"bestmove {best} is not legal in {position_command(base, moves)[:120]} (legal: {sorted(legal)})")
    if ponder is not None:
        check(ponder in legal_moves(base, list(moves) + [best]), f"ponder {ponder} is not legal after {best}")
    return best, ponder


def assert_pvs_legal(base, moves, lines, what="pv"):
    count = 0
    for line in search_infos(lines):
        assert_sequence_legal(base, moves, pv_of(line), f"{what} in '{line[:100]}'")
        count += 1
    return count


def assert_one_legal_bestmove_at_depth1(engine, base, moves=()):
    before, line, _ = engine.go("go depth 1")
    check(not bestmoves(before), f"two bestmoves for one go: {bestmoves(before)}")
    assert_bestmove_legal(base, moves, line)
    check(not bestmoves(engine.collect(0.05)), "a second bestmove after go depth 1")


def go_within(e, command, low_ms, high_ms, attempts=3, timeout=3.0):
    """Runs a go command until its wall time (send -> bestmove) lies in [low_ms, high_ms], at most
    `attempts` times: one slow answer on a loaded machine is not the engine's fault, a repeated
    one is. Returns (lines before, bestmove line, every time measured in ms)."""
    times = []
    for _ in range(attempts):
        before, line, s = e.go(command, timeout=timeout)
        times.append(s * 1000)
        if low_ms <= times[-1] <= scaled(high_ms):
            break
    check(low_ms <= times[-1] <= scaled(high_ms), f"'{command}' answered in {[round(t) for t in times]} ms, "
                                          f"want {low_ms}..{high_ms}")
    return before, line, times


# ---------------------------------------------------------------------------------------------
# Test registry.

TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn

# ---------------------------------------------------------------------------------------------
# Xiangqi referee: Fairy-Stockfish, when installed: its `go perft 1` in xiangqi lists the legal
# moves of a position.

# `go perft 1` in xiangqi lists the legal moves of a position.

class XiangqiReferee:
    engine = None

    @classmethod
    def available(cls):
        return os.access(FAIRY_STOCKFISH, os.X_OK)

    @classmethod
    def skip_if_missing(cls, what):
        """Called after a test's own checks: without the referee, the test is skipped, not passed."""
        if not cls.available():
            harness.skip(f"{what} not refereed: {FAIRY_STOCKFISH} is not installed (apt-get install fairy-stockfish)")

    @classmethod
    def get(cls):
        if cls.engine is None or cls.engine.proc.poll() is not None:
            cls.engine = Engine(binary=FAIRY_STOCKFISH, referee=True)
            cls.engine.send("setoption name UCI_Variant value xiangqi")
            cls.engine.sync()
        return cls.engine

    @classmethod
    def shutdown(cls):
        if cls.engine is not None:
            cls.engine.quit()
            cls.engine.kill()


def xq_perft_lines(lines):
    out = {}
    for l in lines:
        m = re.fullmatch(r"([a-i](?:10|[1-9])[a-i](?:10|[1-9])): (\d+)", l)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def xq_legal_moves(base, moves=()):
    """The referee's legal moves after `position base moves ...`."""
    # Fairy-Stockfish counts on its search thread: wait for its total, not readyok.
    return referee_moves(XiangqiReferee.get(), position_command(base, moves), 10.0, wait="total")[0]


def xq_assert_line_legal(base, moves, line, what):
    """Each move of `line` is legal in turn (checked move by move: Fairy-Stockfish, like
    Stockfish, stops reading a position command at an illegal move without saying so)."""
    played = list(moves)
    for m in line:
        legal = xq_legal_moves(base, played)
        check(m in legal, f"{what}: {m} is not legal after {position_command(base, played)[:160]} (legal: {sorted(legal)})")
        played.append(m)


def xiangqi_engine():
    e = Engine()
    e.send("setoption name UCI_Variant value xiangqi")
    check(e.sync() == [], "setoption name UCI_Variant value xiangqi printed something")
    return e


def main():
    """Runs the tests registered so far (those of the section files imported) on the binary
    named on the command line."""
    global BINARY
    if len(sys.argv) < 2:
        print(f"usage: {sys.argv[0]} PATH/TO/ENGINE [TEST-NAME-SUBSTRING ...]", file=sys.stderr)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    if not os.access(BINARY, os.X_OK):
        print(f"not an executable: {BINARY}", file=sys.stderr)
        return 2
    selected = [t for t in TESTS if len(sys.argv) < 3 or any(s in t.__name__ for s in sys.argv[2:])]

    def shutdown_referees():
        for referee in (Referee, XiangqiReferee):
            try:
                referee.shutdown()
            except Failure:
                pass

    return harness.run_tests([(fn.__name__, fn) for fn in selected], cleanup=shutdown_referees)

