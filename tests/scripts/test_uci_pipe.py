#!/usr/bin/env python3
"""Tests of scripts/lib/uci_pipe.py, the engine driver every Python script and protocol test uses.

Usage: test_uci_pipe.py PATH/TO/sen [unittest options]

Against the Sen binary: the uci/isready helpers, go perft with its divide (waiting for the total
or for readyok), legal moves, a refused position, timeouts, the end of output, quit, and writes
to a process that is gone. Against /bin/sh: stderr kept or discarded, stripped lines, the
transcript, an unterminated last line, and a process that ignores quit. SEN_TEST_TIME_SCALE
(default 1) multiplies the timeouts, for sanitizer builds. Standard library only.
"""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "scripts", "lib"))
import uci_pipe  # noqa: E402

SEN = None
SCALE = float(os.environ.get("SEN_TEST_TIME_SCALE", "1") or 1)
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


class WithSen(unittest.TestCase):
    def setUp(self):
        self.engine = uci_pipe.Engine(SEN)
        self.addCleanup(self.engine.kill)

    def test_handshake_and_sync(self):
        lines = uci_pipe.handshake(self.engine, 10 * SCALE)
        self.assertRegex(lines[0], r"^Sen \S+ by the Sen developers$")  # written at start, before `uci`
        self.assertTrue(lines[1].startswith("id name "), lines[:3])
        names = uci_pipe.option_names(lines)
        for name in ("Hash", "Threads", "MultiPV", "Move Overhead", "UCI_Variant"):
            self.assertIn(name, names)
        self.assertEqual(uci_pipe.sync(self.engine, 10 * SCALE), [])

    def test_perft_divide_both_ways(self):
        uci_pipe.handshake(self.engine, 10 * SCALE)
        total, divide, lines = uci_pipe.perft(self.engine, "position startpos", 3, 30 * SCALE)
        self.assertEqual(total, 8902)
        self.assertEqual(len(divide), 20)
        self.assertEqual(sum(divide.values()), 8902)
        self.assertEqual(divide["e2e4"], 600)
        self.assertTrue(lines[-1].startswith("Nodes searched"))
        total, divide, _ = uci_pipe.perft(self.engine, uci_pipe.position_command("fen " + KIWIPETE), 2,
                                          30 * SCALE, wait="readyok")
        self.assertEqual((total, len(divide)), (2039, 48))
        self.assertEqual(divide["e1g1"], 43)
        self.assertEqual(uci_pipe.sync(self.engine, 10 * SCALE), [])   # nothing left over

    def test_legal_moves_and_refused_position(self):
        legal, lines = uci_pipe.legal_moves(self.engine, "position fen k7/8/8/8/8/8/1q6/K7 w - - 0 1", 10 * SCALE)
        self.assertEqual(legal, {"a1b2"})
        self.assertEqual(uci_pipe.info_strings(lines), [])
        legal, lines = uci_pipe.legal_moves(self.engine, "position startpos moves e2e5", 10 * SCALE)
        self.assertEqual(len(uci_pipe.info_strings(lines)), 1, lines)
        legal, _ = uci_pipe.legal_moves(self.engine, uci_pipe.position_command("startpos", ["e2e4", "e7e5"]),
                                        10 * SCALE)
        self.assertEqual(len(legal), 29)
        self.engine.send("setoption name UCI_Variant value xiangqi")
        legal, _ = uci_pipe.legal_moves(self.engine, "position startpos", 10 * SCALE)
        self.assertEqual(len(legal), 44)
        self.assertIn("h3h10", legal)

    def test_timeout_collect_and_timing(self):
        _, startup = self.engine.get(10 * SCALE)  # the start-up line, then nothing until a command
        self.assertRegex(startup, r"^Sen \S+ by the Sen developers$")
        self.assertIsNone(self.engine.get(0.05))
        with self.assertRaises(uci_pipe.ReplyTimeout) as caught:
            self.engine.send("position startpos")
            self.engine.send("go infinite")
            self.engine.read_until(lambda l: l.startswith("bestmove"), 1.0 * SCALE)
        self.assertTrue(any(l.startswith("info") for l in caught.exception.lines))
        sent = self.engine.send("stop")
        _, line, arrived = self.engine.read_until(lambda l: l.startswith("bestmove"), 10 * SCALE)
        self.assertRegex(line, r"^bestmove [a-h][1-8][a-h][1-8]")
        self.assertGreaterEqual(arrived, sent)
        self.assertEqual(self.engine.collect(0.1), [])
        self.engine.send("isready")
        self.assertEqual(self.engine.collect(1.0 * SCALE), ["readyok"])
        self.assertEqual(self.engine.last_sent(2), ["stop", "isready"])

    def test_quit_end_of_output_and_writes_after(self):
        uci_pipe.sync(self.engine, 10 * SCALE)
        self.assertEqual(self.engine.quit(10 * SCALE), 0)
        for _ in range(2):                              # the end of output is sticky
            self.assertIsNone(self.engine.get(0)[1])
        with self.assertRaises(uci_pipe.OutputClosed):
            self.engine.read_until(lambda l: l == "readyok", 1.0)
        with self.assertRaises(uci_pipe.WriteFailed):
            self.engine.send("isready")
        self.assertEqual(self.engine.stderr, b"")

    def test_close_stdin_is_quit(self):
        self.engine.close_stdin()
        self.assertEqual(self.engine.wait(10 * SCALE), 0)
        self.assertEqual(self.engine.quit(1.0), 0)     # nothing more to send, already gone


class WithShell(unittest.TestCase):
    def shell(self, script, **kwargs):
        engine = uci_pipe.Engine(["/bin/sh", "-c", script], **kwargs)
        self.addCleanup(engine.kill)
        return engine

    def test_stderr_kept_or_discarded(self):
        e = self.shell("echo out; echo err >&2")
        self.assertEqual(e.read_until(lambda l: l == "out", 5)[1], "out")
        self.assertEqual(e.wait(5), 0)
        e.join_readers(5)
        self.assertEqual(bytes(e.stderr), b"err\n")
        e = self.shell("echo err >&2; echo out", stderr="discard")
        self.assertEqual(e.collect(1.0), ["out"])
        self.assertEqual(e.stderr, b"")

    def test_strip_transcript_and_unterminated_line(self):
        e = self.shell(r"printf '  a b \r\nc\n\ttail'", strip=True, transcript=True)
        self.assertEqual(e.collect(2.0), ["a b", "c"])
        self.assertEqual(e.transcript, ["a b", "c"])
        self.assertEqual(e.unterminated, b"\ttail")
        e = self.shell(r"printf 'x\r\n'")
        self.assertEqual(e.collect(2.0), ["x\r"])
        self.assertIsNone(e.transcript)

    def test_latin1_never_stops_the_reader(self):
        e = self.shell(r"printf '\377\376\n\303(\nok\n'")
        self.assertEqual(e.collect(2.0), ["\xff\xfe", "\xc3(", "ok"])

    def test_quit_kills_a_process_that_ignores_it(self):
        e = self.shell("exec sleep 30")   # never reads its stdin
        started = time.monotonic()
        self.assertIsNone(e.quit(0.3))
        self.assertLess(time.monotonic() - started, 10)
        self.assertIsNotNone(e.proc.poll())

    def test_missing_program(self):
        with self.assertRaises(OSError):
            uci_pipe.Engine("/nonexistent/engine")


class Helpers(unittest.TestCase):
    def test_position_command(self):
        self.assertEqual(uci_pipe.position_command("startpos"), "position startpos")
        self.assertEqual(uci_pipe.position_command("fen 8/8 w - - 0 1", ["a1a2", "h10h9"]),
                         "position fen 8/8 w - - 0 1 moves a1a2 h10h9")

    def test_parse_divide(self):
        lines = ["info string x: 5", "e7e8q: 3", "h10g8: 2", "Key: 1234", "a1a2: x", "", "Nodes searched: 5"]
        self.assertEqual(uci_pipe.parse_divide(lines), (5, {"e7e8q": 3, "h10g8": 2}))
        self.assertEqual(uci_pipe.parse_divide(["e2e4: 1"]), (None, {"e2e4": 1}))

    def test_option_names(self):
        lines = ["id name X", "option name Move Overhead type spin default 10 min 0 max 5000",
                 "option name Clear Hash type button", "uciok"]
        self.assertEqual(uci_pipe.option_names(lines), ["Move Overhead", "Clear Hash"])


if __name__ == "__main__":
    if len(sys.argv) < 2 or not os.access(sys.argv[1], os.X_OK):
        sys.exit(__doc__)
    SEN = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
