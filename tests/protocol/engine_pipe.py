"""An engine process driven over pipes, shared by the protocol tests (test_memory.py,
test_threads.py).

Engine starts the binary with its stdin, stdout and stderr on pipes; two threads read stdout
(a queue of lines, None at end of file) and stderr (kept whole for the checks). Every timeout
is multiplied by SEN_TEST_TIME_SCALE (default 1), for slow sanitizer builds. A failed check
raises Failure; run_tests() prints one line per test and "N passed, M failed".
Standard library only.
"""

import os
import queue
import subprocess
import threading
import time

SCALE = float(os.environ.get("SEN_TEST_TIME_SCALE", "1") or 1)


class Failure(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        self.stderr = bytearray()
        self.sent = []           # the last commands sent, for failure messages
        threading.Thread(target=self._pump_out, daemon=True).start()
        self._err = threading.Thread(target=self._pump_err, daemon=True)
        self._err.start()

    def _pump_out(self):
        pending = b""
        while chunk := os.read(self.proc.stdout.fileno(), 1 << 16):
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for raw in complete:
                self.lines.put(raw.decode("latin-1"))
        self.lines.put(None)

    def _pump_err(self):
        while chunk := os.read(self.proc.stderr.fileno(), 1 << 16):
            self.stderr += chunk

    def send(self, text):
        self.sent.append(text)
        del self.sent[:-10]
        try:
            os.write(self.proc.stdin.fileno(), text.encode() + b"\n")
        except OSError as e:
            raise Failure(f"engine is gone (write failed: {e}); exit code {self.proc.poll()}; {self.stderr_excerpt()}")

    def get(self, timeout):
        """The next line, None at EOF; raises queue.Empty on timeout."""
        return self.lines.get(timeout=max(0.0, timeout))

    def read_until(self, predicate, timeout, what):
        """Lines up to the first one that satisfies predicate: (the lines before it, that line)."""
        deadline = time.monotonic() + timeout * SCALE
        before = []
        while True:
            try:
                line = self.get(deadline - time.monotonic())
            except queue.Empty:
                raise Failure(f"no {what} within {timeout * SCALE:.1f} s; last sent {self.sent[-4:]}; "
                              f"last lines {before[-3:]}")
            if line is None:
                raise Failure(f"engine closed its output (exit code {self.proc.poll()}) waiting for {what}; "
                              f"{self.stderr_excerpt()}")
            if predicate(line):
                return before, line
            before.append(line)

    def stderr_excerpt(self):
        """The start of stderr, from the first sanitizer report if there is one."""
        text = bytes(self.stderr).decode("latin-1")
        at = text.find("WARNING: ThreadSanitizer")
        if at < 0:
            at = text.find("ERROR:")
        return "stderr: " + repr(text[max(0, at):max(0, at) + 1500]) if text else "stderr empty"

    def quit(self, timeout=5.0):
        """Sends quit and returns the exit code; fails if the engine has not exited by timeout."""
        try:
            self.send("quit")
        except Failure:
            pass
        try:
            self.proc.wait(timeout=timeout * SCALE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise Failure(f"engine still running {timeout * SCALE:.0f} s after quit")
        self._err.join(timeout=5.0)
        return self.proc.returncode

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def run_tests(tests):
    """Runs (name, function) pairs; each function returns a summary or raises Failure.
    Prints one line per test and a final count; returns the exit code (1 on any failure)."""
    passed = failed = 0
    for name, fn in tests:
        start = time.monotonic()
        try:
            message, status = fn(), "PASS"
            passed += 1
        except Failure as exc:
            message, status = str(exc), "FAIL"
            failed += 1
        print(f"{status} {name} ({(time.monotonic() - start) * 1000:.0f} ms): {message}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
