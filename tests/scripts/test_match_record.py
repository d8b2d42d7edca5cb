#!/usr/bin/env python3
"""Tests of scripts/match's record line: the `scripts/records --add matches ...` command it prints after
a match holds exactly the fields fastchess reported, and scripts/records accepts them as a record; at time
odds each engine gets its own clock.

fastchess is replaced by a small script that prints a fixed result block, so no engine plays and no
game is run. Standard library only; about a second.
"""

import datetime
import os
import shlex
import subprocess
import sys
import tempfile
import unittest

from script_module import load_script

ROOT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..")
MATCH = os.path.join(ROOT, "scripts", "match")
RECORDS = os.path.join(ROOT, "scripts", "records")


def load_records():
    return load_script(RECORDS, "records")


def fake_fastchess(folder, block):
    """A stand-in for fastchess that prints a few finished games and the given result block."""
    path = os.path.join(folder, "fastchess")
    with open(path, "w") as f:
        f.write("#!/bin/sh\ncat <<'EOF'\n"
                "Finished game 1 (Sen vs Base): 1-0 {White mates}\n"
                "Finished game 2 (Base vs Sen): 1/2-1/2 {Draw by 3-fold repetition}\n"
                "--------------------------------------------------\n"
                + block +
                "--------------------------------------------------\n"
                "EOF\n")
    os.chmod(path, 0o755)
    return path


class MatchRecordTest(unittest.TestCase):
    def run_match(self, block, *arguments):
        argv, fields, _ = self.run_match_with_command(block, *arguments)
        return argv, fields

    def run_match_with_command(self, block, *arguments):
        """The arguments given, the record's fields and the fastchess command line the script ran."""
        with tempfile.TemporaryDirectory() as folder:
            fastchess = fake_fastchess(folder, block)
            argv = ["--fastchess", fastchess, "--engine-a", "/bin/true", "--pgn", os.path.join(folder, "m.pgn"),
                    *arguments]
            out = subprocess.run([sys.executable, MATCH, *argv], capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        lines = [l for l in out.stdout.splitlines() if l.startswith("scripts/records --add matches ")]
        self.assertEqual(len(lines), 1, out.stdout)
        words = shlex.split(lines[0])
        fields = dict(word.partition("=")[::2] for word in words[3:])
        command = next(shlex.split(l[2:]) for l in out.stdout.splitlines() if l.startswith("# "))
        return argv, fields, command

    def assert_valid_record(self, fields):
        records = load_records()
        record = dict.fromkeys(records.MATCH_COLUMNS, "")
        record.update(fields, sen="abc1234", subject="a test", verdict="none")
        self.assertEqual(records.check_record(record, records.MATCH_COLUMNS), [])

    def test_a_self_play_match_at_equal_nodes(self):
        block = ("Results of Sen vs Base (60+1, 1t, 16MB, sen-balanced.epd):\n"
                 "Elo: 12.34 +/- 18.56, nElo: 20.00 +/- 30.00\n"
                 "LOS: 90.00 %, DrawRatio: 35.00 %, PairsRatio: 1.10\n"
                 "Games: 1000, Wins: 350, Losses: 315, Draws: 335, Points: 517.5 (51.75 %)\n"
                 "Ptnml(0-2): [40, 100, 160, 124, 76], WL/DD Ratio: 1.00\n")
        argv, fields = self.run_match(block, "--engine-b", "/bin/true", "--name-b", "Base", "--tc", "60+1",
                                      "--games", "1000", "--concurrency", "4", "--hash", "16", "--seed", "391",
                                      "--extra", "-each nodes=10000 -force-concurrency")
        self.assertEqual(fields, {
            "date": datetime.date.today().isoformat(), "game": "chess", "kind": "change", "opponent": "Base",
            "limit": "nodes 10000", "concurrency": "4", "games": "1000", "wins": "350", "losses": "315",
            "draws": "335", "elo": "+12.3", "error": "18.6", "pentanomial": "40 100 160 124 76",
            "command": "scripts/match " + shlex.join(argv)})
        self.assert_valid_record(fields)

    def test_time_odds_give_each_engine_its_own_clock(self):
        block = ("Results of Sen vs Base (10+0.1, 1t, 64MB, sen-balanced.epd):\n"
                 "Elo: 120.00 +/- 60.00, nElo: 150.00 +/- 70.00\n"
                 "Games: 20, Wins: 12, Losses: 2, Draws: 6, Points: 15.0 (75.00 %)\n")
        argv, fields, command = self.run_match_with_command(block, "--engine-b", "/bin/true", "--name-b", "Base",
                                                            "--tc", "10+0.1", "--tc-b", "2.5+0.025", "--games", "20")
        self.assertEqual(fields["limit"], "10+0.1 vs 2.5+0.025")
        engines = [i for i, word in enumerate(command) if word == "-engine"]
        each = command.index("-each")
        self.assertEqual(len(engines), 2)
        self.assertIn("tc=10+0.1", command[engines[0]:engines[1]])
        self.assertIn("tc=2.5+0.025", command[engines[1]:each])
        self.assertFalse(any(word.startswith("tc=") for word in command[each:]))
        self.assert_valid_record(fields)
        # One clock for both without odds.
        _, fields, command = self.run_match_with_command(block, "--engine-b", "/bin/true", "--name-b", "Base",
                                                         "--tc", "10+0.1", "--games", "20")
        self.assertEqual(fields["limit"], "10+0.1")
        self.assertEqual([w for w in command if w.startswith("tc=")], ["tc=10+0.1"])
        self.assertGreater(command.index("tc=10+0.1"), command.index("-each"))

    def test_a_reference_match_too_lopsided_for_an_interval(self):
        block = ("Results of Sen vs Glaurung (10+0.1, 1t, 64MB, sen-balanced.epd):\n"
                 "Elo: inf +/- nan, nElo: inf +/- nan\n"
                 "Games: 10, Wins: 10, Losses: 0, Draws: 0, Points: 10.0 (100.00 %)\n")
        argv, fields = self.run_match(block, "--against", "glaurung", "--games", "10", "--seed", "4")
        self.assertEqual(fields, {
            "date": datetime.date.today().isoformat(), "game": "chess", "kind": "reference",
            "opponent": "Glaurung", "limit": "10+0.1", "concurrency": "1", "games": "10", "wins": "10",
            "losses": "0", "draws": "0", "command": "scripts/match " + shlex.join(argv),
            "note": "Elo: no interval (the score is too lopsided)"})
        self.assert_valid_record(fields)


if __name__ == "__main__":
    unittest.main()
