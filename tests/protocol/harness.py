"""What the protocol tests (the UCI sections over uci_harness.py, test_threads.py, test_memory.py)
add to the shared engine driver scripts/lib/uci_pipe.py: a failed check raises Failure with a message that
says what was sent and what came back, every timeout is multiplied by SEN_TEST_TIME_SCALE
(default 1) for slow sanitizer builds (and wine), SEN_TEST_CRLF=1 accepts a Windows build's "\r\n",
and run_tests() prints one line per test and
"N passed, M failed" (and skipped: Skipped, SKIP_CODE). Standard library only.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "scripts", "lib"))
import uci_pipe  # noqa: E402

SCALE = float(os.environ.get("SEN_TEST_TIME_SCALE", "1") or 1)
# SEN_TEST_CRLF=1: the engine is a Windows build (run under wine) and ends its lines with "\r\n".
CRLF = os.environ.get("SEN_TEST_CRLF", "0") == "1"


def scaled(limit):
    """A time limit (seconds or ms) for this run: SEN_TEST_TIME_SCALE times the nominal one."""
    return limit * SCALE


class Failure(AssertionError):
    pass


# A test that cannot run here in full (a referee engine it checks against is not installed) raises
# Skipped after the checks it could make: the run then exits with SKIP_CODE, which ctest reports
# as skipped (SKIP_RETURN_CODE), not passed. SEN_REQUIRE_CROSS_CHECKS=1 (CI sets it) makes such a
# test fail instead, so that a missing referee cannot hide a cross-check.
SKIP_CODE = 77
REQUIRE_CROSS_CHECKS = os.environ.get("SEN_REQUIRE_CROSS_CHECKS", "0") == "1"


class Skipped(Exception):
    pass


def skip(reason):
    raise Skipped(reason)


def check(condition, message):
    if not condition:
        raise Failure(message)


class Engine(uci_pipe.Engine):
    """The engine binary on pipes (stderr kept for the checks); errors become Failure."""

    def __init__(self, binary, args=(), transcript=False):
        super().__init__([binary, *args], stderr="pipe", transcript=transcript, crlf=CRLF)

    def send_bytes(self, data):
        try:
            return super().send_bytes(data)
        except uci_pipe.WriteFailed as e:
            raise Failure(f"engine is gone ({e}); {self.stderr_excerpt()}")

    def read_until(self, predicate, timeout=None, what="reply"):
        """Lines up to the first one that satisfies predicate: (the lines before it, that line,
        its arrival time). The timeout is scaled; `what` names the awaited line in messages."""
        timeout = None if timeout is None else scaled(timeout)
        try:
            return super().read_until(predicate, timeout)
        except uci_pipe.ReplyTimeout as e:
            raise Failure(f"no {what} within {timeout:.2f} s; after sending {self.last_sent()} "
                          f"got {len(e.lines)} lines, last: {e.lines[-3:]}")
        except uci_pipe.OutputClosed as e:
            raise Failure(f"engine closed its output (exit code {self.proc.poll()}) while waiting for {what}; "
                          f"{self.stderr_excerpt()}; last lines: {e.lines[-3:]}")

    def stderr_excerpt(self):
        """The start of stderr, from the first sanitizer report if there is one."""
        text = bytes(self.stderr).decode("latin-1")
        at = text.find("WARNING: ThreadSanitizer")
        if at < 0:
            at = text.find("ERROR:")
        return "stderr: " + repr(text[max(0, at):max(0, at) + 1500]) if text else "stderr empty"

    def quit(self, timeout=5.0):
        """Sends quit and returns the exit code; fails if the engine has not exited by timeout
        (scaled), after killing it."""
        code = super().quit(scaled(timeout))
        if code is None:
            raise Failure(f"engine still running {scaled(timeout):.1f} s after quit")
        return code

    def status_mb(self, field):
        """A memory figure of /proc/<pid>/status (VmRSS, VmHWM) in MB."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
        raise Failure(f"no {field} in /proc/{self.proc.pid}/status")


def sanitized(binary):
    """ASan/TSan builds (their runtime's init symbol is in the binary): shadow memory and the
    allocator's quarantine make resident memory meaningless there."""
    with open(binary, "rb") as f:
        data = f.read()
    return b"__asan_init" in data or b"__tsan_init" in data


def run_tests(tests, cleanup=None):
    """Runs (name, function) pairs; each function returns a summary (or None) or raises.
    Failure, or any other exception (a bug in the test or an unexpected engine reaction), fails
    the test. Prints one line per test, the total time and a final count; then calls cleanup.
    Returns the exit code (1 on any failure)."""
    passed = failed = skipped = 0
    started = time.monotonic()
    for name, fn in tests:
        t0 = time.monotonic()
        try:
            message, status = fn() or "", "PASS"
            passed += 1
        except Skipped as exc:
            if REQUIRE_CROSS_CHECKS:
                message, status = f"{exc} (SEN_REQUIRE_CROSS_CHECKS=1: a skipped cross-check fails)", "FAIL"
                failed += 1
            else:
                message, status = str(exc), "SKIP"
                skipped += 1
        except Failure as exc:
            message, status = str(exc), "FAIL"
            failed += 1
        except Exception as exc:
            message, status = f"{type(exc).__name__}: {exc}", "FAIL"
            failed += 1
        ms = (time.monotonic() - t0) * 1000
        print(f"{status} {name} ({ms:.0f} ms){': ' + message if message else ''}", flush=True)
    if cleanup:
        cleanup()
    print(f"# total {time.monotonic() - started:.1f} s", flush=True)
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""), flush=True)
    return 1 if failed else SKIP_CODE if skipped else 0
