#!/usr/bin/env python3
"""Tests of scripts/xiangqi-match speaking UCCI and Pikafish's UCI dialect, with fake engines.

Usage: test_xiangqi_runner.py [unittest options]

The fake engine (this file, run with --fake ucci|pikafish TRANSCRIPT) answers the handshake of
its protocol and, asked for a move, plays the next move of a perpetual-check cycle for the side
to move (ranks 0-9, as both protocols write them), writing every line it receives to
TRANSCRIPT. Two games from one opening then end by the referee's verdict (the side that checks
every move loses), which needs every move read in the protocol's notation; the transcripts show
what the runner sent. Needs node and the referee (ffish) already installed in the runner's cache
(scripts/xiangqi-match --unit-only installs it); skipped otherwise. Standard library only.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.realpath(__file__))
RUNNER = os.path.join(HERE, "..", "..", "scripts", "xiangqi-match")
OPENING = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
# Red's chariot checks along the tenth rank, then along the ninth; the black general steps away.
CYCLE_ZERO_RANKS = ["a8a9", "e9e8", "a9a8", "e8e9"]


def fake_engine(protocol, transcript):
    """The fake engine's main loop."""
    with open(transcript, "a", encoding="utf-8") as log:

        def say(text):
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

        for line in sys.stdin:
            line = line.strip()
            log.write(line + "\n")
            log.flush()
            if line == "ucci" and protocol == "ucci":
                say("id name FakeUCCI")
                for option in ("option usemillisec type check default true", "option hashsize type spin min 16 max 1024 default 16",
                               "option newgame type button"):
                    say(option)
                say("ucciok")
            elif line == "uci" and protocol == "pikafish":
                say("id name FakePikafish")
                say("option name Hash type spin default 16 min 1 max 1024")
                say("option name Threads type spin default 1 min 1 max 8")
                say("uciok")
            elif line == "isready":
                say("readyok")
            elif line.startswith("position fen "):
                words = line.split()
                played = len(words) - words.index("moves") - 1 if "moves" in words else 0
            elif line.startswith("go"):
                move = CYCLE_ZERO_RANKS[played % len(CYCLE_ZERO_RANKS)]
                say("info depth 1 score 5 pv " + move if protocol == "ucci" else "info depth 1 score cp 5 pv " + move)
                say("bestmove " + move)
            elif line == "quit":
                if protocol == "ucci":
                    say("bye")
                return


def ffish_installed():
    base = os.environ.get("SEN_XIANGQI_RUNNER_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "sen", "xiangqi-runner")
    return os.path.isfile(os.path.join(base, "node_modules", "ffish", "package.json"))


@unittest.skipUnless(shutil.which("node") and ffish_installed(), "needs node and ffish (scripts/xiangqi-match --unit-only)")
class RunnerProtocols(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sen-xiangqi-runner-test-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.openings = os.path.join(self.dir, "openings.epd")
        with open(self.openings, "w", encoding="utf-8") as f:
            f.write(OPENING + "\n")

    def fake(self, protocol):
        transcript = os.path.join(self.dir, protocol + ".txt")
        return f"{sys.executable} {os.path.realpath(__file__)} --fake {protocol} {transcript}", transcript

    def match(self, *extra):
        ucci, ucci_log = self.fake("ucci")
        pika, pika_log = self.fake("pikafish")
        args = ["node", RUNNER, "--engine-a", ucci, "--proto-a", "ucci", "--name-a", "U", "--engine-b", pika, "--proto-b", "pikafish",
                "--name-b", "P", "--games", "2", "--tc", "5+0.1", "--openings", self.openings, "--pgn", os.path.join(self.dir, "games.pgn"),
                *extra]
        for log in (ucci_log, pika_log):
            if os.path.exists(log):
                os.remove(log)
        run = subprocess.run(args, capture_output=True, text=True, timeout=120)
        return run, self.lines(ucci_log), self.lines(pika_log)

    @staticmethod
    def lines(transcript):
        """What a fake engine received; nothing when it never started."""
        if not os.path.exists(transcript):
            return []
        with open(transcript, encoding="utf-8") as f:
            return f.read().splitlines()

    def test_ucci_and_pikafish_dialect(self):
        run, ucci, pika = self.match("--option-a", "hashsize=32")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        # The side that checks on every move loses: White (Red) in both games.
        self.assertIn("Finished game 1 (U vs P): 0-1 {White loses by perpetual check (repetition)}", run.stdout)
        self.assertIn("Finished game 2 (P vs U): 0-1 {White loses by perpetual check (repetition)}", run.stdout)
        self.assertIn("illegal moves 0", run.stdout)
        # UCCI: its handshake, options without name/value keywords, milliseconds, a new game.
        self.assertEqual(ucci[:4], ["ucci", "setoption usemillisec true", "setoption hashsize 32", "isready"])
        self.assertIn("setoption newgame", ucci)
        self.assertIn(f"position fen {OPENING} moves a8a9 e9e8", ucci)
        goes = [line for line in ucci if line.startswith("go")]
        self.assertTrue(goes)
        for line in goes:
            self.assertRegex(line, r"^go time \d+ increment 100 opptime \d+ oppincrement 100$")
        # Pikafish's dialect: UCI without UCI_Variant, ranks 0-9.
        self.assertEqual(pika[0], "uci")
        self.assertFalse([line for line in pika if "UCI_Variant" in line])
        self.assertIn("setoption name Hash value 64", pika)
        self.assertIn("ucinewgame", pika)
        self.assertIn(f"position fen {OPENING} moves a8a9", pika)
        self.assertTrue([line for line in pika if line.startswith("go wtime ")])

    def test_fixed_nodes_and_time(self):
        run, ucci, _ = self.match("--nodes", "1000")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertTrue(all(line == "go nodes 1000" for line in ucci if line.startswith("go")))
        run, ucci, _ = self.match("--st", "0.2")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertTrue(all(line == "go time 200 movestogo 1" for line in ucci if line.startswith("go")))

    def test_bad_rule_options(self):
        run, ucci, _ = self.match("--rules", "chinese")
        self.assertEqual(run.returncode, 2)
        self.assertEqual(ucci, [])
        self.assertIn("--rules must be asian or computer, got chinese", run.stderr)
        run, _, _ = self.match("--move-limit", "-3")
        self.assertEqual(run.returncode, 2)
        self.assertIn("--move-limit needs 0", run.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--fake":
        fake_engine(sys.argv[2], sys.argv[3])
        sys.exit(0)
    # Without node or the referee the whole class is skipped: exit 77 so that ctest reports the
    # test as skipped (SKIP_RETURN_CODE) instead of passed.
    # CI sets SEN_REQUIRE_CROSS_CHECKS=1: there a skip is a failure.
    runnable = shutil.which("node") and ffish_installed()
    result = unittest.main(exit=False).result
    if not runnable and os.environ.get("SEN_REQUIRE_CROSS_CHECKS") == "1":
        print("SEN_REQUIRE_CROSS_CHECKS=1: node or the npm referee is missing, and a skipped cross-check fails")
        sys.exit(1)
    sys.exit(1 if not result.wasSuccessful() else 0 if runnable else 77)
