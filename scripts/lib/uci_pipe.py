"""An engine process on pipes: the one driver that every Python script and protocol test uses.

Engine starts a program with its stdin and stdout on pipes (stderr piped and kept, discarded, or
left on the terminal). A reader thread splits stdout into lines and stamps each with its arrival
time (time.monotonic()), so a caller can wait for a reply with a timeout, or measure latency, and
a hung engine can never block the caller. Lines are queued as (time, text); text is None once the
engine has closed its output (it exited). Text is decoded as latin-1, so no byte sequence an
engine writes can stop the reader.

The UCI helpers at the end (handshake, sync, option_names, parse_divide, perft, legal_moves) are
the exchanges several callers make the same way. Nothing here knows about tests or timeouts
scaled for sanitizer builds: tests/protocol/harness.py adds that.

Standard library only. Scripts import it with a path relative to their own file:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "lib"))
    import uci_pipe
"""

import os
import queue
import re
import subprocess
import threading
import time


class PipeError(Exception):
    """Base of the errors below."""


class EngineGone(PipeError):
    """The engine's process is gone: a write failed, or its output closed while a reply was awaited."""


class WriteFailed(EngineGone):
    """A write to the engine's stdin failed (the process has exited)."""


class OutputClosed(EngineGone):
    """The engine closed its stdout while a reply was awaited; `lines` holds what came before."""

    def __init__(self, message, lines=()):
        super().__init__(message)
        self.lines = list(lines)


class ReplyTimeout(PipeError, TimeoutError):
    """No awaited line arrived in time; `lines` holds the lines read while waiting."""

    def __init__(self, message, lines=()):
        super().__init__(message)
        self.lines = list(lines)


STDERR_MODES = {"pipe": subprocess.PIPE, "discard": subprocess.DEVNULL, "inherit": None}


class Engine:
    """One engine process.

    argv: the command, a list or a single program path. stderr: "pipe" (kept in self.stderr, a
    bytearray), "discard" or "inherit". strip: queue each line with surrounding white space
    removed (otherwise exactly as written, without its "\\n"). transcript: also keep every line
    received in self.transcript. cwd: the working directory of the process. crlf: the engine ends
    its lines with "\r\n", as a Windows program does (a Windows build under wine); the "\r" is
    removed, so the lines read the same as a Linux engine's."""

    def __init__(self, argv, stderr="pipe", strip=False, transcript=False, cwd=None, crlf=False):
        argv = [argv] if isinstance(argv, (str, os.PathLike)) else list(argv)
        self.argv = argv
        self.spawned = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=STDERR_MODES[stderr], bufsize=0, cwd=cwd)
        self.lines = queue.Queue()      # (arrival time, text); text None at the end of the output
        self.transcript = [] if transcript else None
        self.stderr = bytearray()
        self.unterminated = b""         # bytes after the last "\n" when the output closed
        self.sent = []                  # the last commands sent, for error messages
        self.stdin_closed = False
        self.eof = False
        self._strip = strip
        self._crlf = crlf
        self._readers = [threading.Thread(target=self._pump_stdout, daemon=True)]
        if stderr == "pipe":
            self._readers.append(threading.Thread(target=self._pump_stderr, daemon=True))
        for reader in self._readers:
            reader.start()

    def _pump_stdout(self):
        fd = self.proc.stdout.fileno()
        pending = b""
        while True:
            chunk = os.read(fd, 1 << 16)
            now = time.monotonic()
            if not chunk:
                self.unterminated = pending
                self.proc.stdout.close()
                self.lines.put((now, None))
                return
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for raw in complete:
                text = raw.decode("latin-1")
                if self._crlf and text.endswith("\r"):
                    text = text[:-1]
                if self._strip:
                    text = text.strip()
                if self.transcript is not None:
                    self.transcript.append(text)
                self.lines.put((now, text))

    def _pump_stderr(self):
        fd = self.proc.stderr.fileno()
        while chunk := os.read(fd, 1 << 16):
            self.stderr += chunk
        self.proc.stderr.close()

    # --- sending
    def send_bytes(self, data):
        """Writes the bytes; returns the time just before writing (a reply can beat the return).
        Raises WriteFailed when the engine is gone."""
        self.sent.append(data[:120])
        del self.sent[:-12]
        started = time.monotonic()
        view = memoryview(data)
        try:
            while view:
                n = os.write(self.proc.stdin.fileno(), view)
                view = view[n:]
        except (OSError, ValueError) as e:
            raise WriteFailed(f"write failed ({e}), exit code {self.proc.poll()}") from e
        return started

    def send(self, text):
        """Sends one line (the "\\n" is added); returns the time just before writing."""
        return self.send_bytes(text.encode() + b"\n")

    def close_stdin(self):
        """Closes the engine's stdin (end of file: a UCI engine quits); returns the time."""
        if not self.stdin_closed:
            self.stdin_closed = True
            self.proc.stdin.close()
        return time.monotonic()

    def last_sent(self, count=4):
        """The last commands sent, as short strings, for messages."""
        return [s.decode("latin-1").rstrip("\n")[:60] for s in self.sent[-count:]]

    # --- receiving
    def get(self, timeout=None):
        """The next line as (time, text), text None at the end of the output (and for every call
        after it); None when nothing arrives within timeout seconds (None: wait for ever)."""
        if self.eof:
            return (time.monotonic(), None)
        try:
            item = self.lines.get(timeout=None if timeout is None else max(0.0, timeout))
        except queue.Empty:
            return None
        if item[1] is None:
            self.eof = True
        return item

    def read_until(self, predicate, timeout=None):
        """Lines up to the first one that satisfies predicate: (the lines before it, that line,
        its arrival time). Raises ReplyTimeout after timeout seconds (None: no limit) and
        OutputClosed at the end of the output; both carry the lines read."""
        deadline = None if timeout is None else time.monotonic() + timeout
        before = []
        while True:
            item = self.get(None if deadline is None else deadline - time.monotonic())
            if item is None:
                raise ReplyTimeout(f"no reply within {timeout:.2f} s", before)
            t, line = item
            if line is None:
                raise OutputClosed(f"engine closed its output (exit code {self.proc.poll()})", before)
            if predicate(line):
                return before, line, t
            before.append(line)

    def collect(self, duration):
        """Every line that arrives within `duration` seconds (less if the output closes)."""
        deadline = time.monotonic() + duration
        out = []
        while True:
            item = self.get(deadline - time.monotonic())
            if item is None or item[1] is None:
                return out
            out.append(item[1])

    def pending(self):
        """The lines that have already arrived, without waiting (the end of output excluded)."""
        out = []
        while not self.eof:
            item = self.get(0)
            if item is None or item[1] is None:
                break
            out.append(item[1])
        return out

    # --- ending
    def wait(self, timeout):
        """The exit code, or None if the process is still running after timeout seconds."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def quit(self, timeout=5.0, command="quit"):
        """Sends `command` (unless stdin is closed) and waits for the exit. Returns the exit code,
        or None when the process had to be killed after timeout seconds. Once it has exited, the
        reader threads are given a moment to take the last output."""
        if self.proc.poll() is None and not self.stdin_closed:
            try:
                self.send(command)
            except WriteFailed:
                pass
        code = self.wait(timeout)
        if code is None:
            self.kill()
            return None
        self.join_readers(5.0)
        self.close_stdin()
        return code

    def kill(self):
        """Kills the process if it still runs; a write after this raises WriteFailed."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.close_stdin()

    def join_readers(self, timeout):
        for reader in self._readers:
            reader.join(timeout=timeout)


# ---------------------------------------------------------------------------------------------
# UCI exchanges.

# A move in UCI text: chess (e2e4, e7e8q, e1h1 in Chess960) or xiangqi (h3e3, h10g8).
MOVE = r"[a-i](?:10|[1-9])[a-i](?:10|[1-9])[qrbn]?"
DIVIDE_RE = re.compile(rf"({MOVE}): (\d+)")
OPTION_RE = re.compile(r"option name (.+?) type ")


def handshake(engine, timeout=None):
    """Sends `uci`; returns the lines before `uciok`."""
    engine.send("uci")
    return engine.read_until(lambda l: l.strip() == "uciok", timeout)[0]


def sync(engine, timeout=None):
    """Sends `isready`; returns the lines before `readyok`."""
    engine.send("isready")
    return engine.read_until(lambda l: l.strip() == "readyok", timeout)[0]


def option_names(lines):
    """The option names in an answer to `uci`."""
    return [m.group(1) for line in lines if (m := OPTION_RE.match(line.strip()))]


def position_command(base, moves=()):
    """`position <base>` (`startpos` or `fen ...`), with ` moves ...` when there are moves."""
    return f"position {base}" + (" moves " + " ".join(moves) if moves else "")


def parse_divide(lines):
    """(total, {move: count}) from `go perft` output: the `<move>: <count>` lines and the
    `Nodes searched: <total>` line (total None when it is missing)."""
    total, divide = None, {}
    for line in lines:
        line = line.strip()
        if line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
        elif m := DIVIDE_RE.fullmatch(line):
            divide[m.group(1)] = int(m.group(2))
    return total, divide


def perft(engine, position, depth, timeout=None, wait="total"):
    """Sends `position` (a full command; None sends none) and `go perft depth`, reads the
    output and returns (total, {move: count}, lines). wait="total" reads up to the `Nodes
    searched` line (an engine that counts on its search thread, as Fairy-Stockfish does);
    wait="readyok" sends `isready` and reads up to `readyok`, which also returns when the engine
    refused the position (the lines then hold its `info string` and no total)."""
    if position is not None:
        engine.send(position)
    engine.send(f"go perft {depth}")
    if wait == "readyok":
        lines = sync(engine, timeout)
    else:
        before, last, _ = engine.read_until(lambda l: l.strip().startswith("Nodes searched"), timeout)
        lines = before + [last]
    total, divide = parse_divide(lines)
    return total, divide, lines


def legal_moves(engine, position, timeout=None, wait="readyok"):
    """(the set of legal moves, the lines read): `go perft 1` after the `position` command."""
    _, divide, lines = perft(engine, position, 1, timeout, wait)
    return set(divide), lines


def info_strings(lines):
    return [l for l in lines if l.startswith("info string")]
