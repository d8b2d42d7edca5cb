#!/usr/bin/env python3
"""Tests of scripts/calibrate-elo: its Elo interval, and a level measured on several opening books.

scripts/match is replaced by a stand-in that prints a result line chosen by the book it is given,
so the test checks what calibrate-elo makes of the lines (sums per level, the Elo and its interval,
the table and the exit status) without playing a game. Standard library only; under a second.
"""

import contextlib
import io
import math
import os
import stat
import sys
import tempfile
import unittest

from script_module import load_script

SCRIPT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "scripts", "calibrate-elo")

# The stand-in for scripts/match: the result depends on the book (--openings) and the level.
FAKE_MATCH = r'''#!/usr/bin/env python3
import sys
args = sys.argv[1:]
book = args[args.index("--openings") + 1] if "--openings" in args else "default"
level = args[args.index("--name-a") + 1][3:]
results = {"a.epd": (60, 30, 10), "b.epd": (40, 40, 20), "default": (50, 50, 0)}
w, l, d = results[book.rsplit("/", 1)[-1]]
print(f"Sen{level} vs SF{level}: {w}-{l}-{d}, {100 * (w + d / 2) / (w + l + d):.1f}%, Elo +0.0 ± 10.0")
'''


def load():
    return load_script(SCRIPT, "calibrate_elo")


class EloInterval(unittest.TestCase):
    def setUp(self):
        self.calibrate = load()

    def test_an_even_score_is_zero(self):
        diff, error = self.calibrate.elo_interval(40, 40, 20)
        self.assertAlmostEqual(diff, 0.0, places=9)
        self.assertGreater(error, 0)

    def test_three_quarters_is_191_elo(self):
        diff, _ = self.calibrate.elo_interval(75, 25, 0)
        self.assertAlmostEqual(diff, -400 * math.log10(1 / 0.75 - 1), places=6)

    def test_the_interval_shrinks_with_games_and_draws(self):
        _, hundred = self.calibrate.elo_interval(50, 50, 0)
        _, four_hundred = self.calibrate.elo_interval(200, 200, 0)
        _, drawish = self.calibrate.elo_interval(25, 25, 50)
        self.assertAlmostEqual(hundred / four_hundred, 2.0, delta=0.05)
        self.assertLess(drawish, hundred)
        # 100 decisive games at 50%: a score interval of 1.96 * 0.05, about 0.402 to 0.598, +-69 Elo.
        self.assertAlmostEqual(hundred, 69.0, delta=0.5)

    def test_a_whitewash_stays_finite(self):
        diff, error = self.calibrate.elo_interval(10, 0, 0)
        self.assertTrue(math.isfinite(diff) and diff > 1000)
        self.assertTrue(math.isfinite(error))


class SeveralBooks(unittest.TestCase):
    def run_script(self, argv):
        calibrate = load()
        with tempfile.TemporaryDirectory() as tmp:
            fake = os.path.join(tmp, "match")
            with open(fake, "w") as f:
                f.write(FAKE_MATCH)
            os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
            calibrate.MATCH = fake
            out = io.StringIO()
            saved = sys.argv
            sys.argv = ["calibrate-elo"] + argv
            try:
                with contextlib.redirect_stdout(out):
                    status = calibrate.main()
            finally:
                sys.argv = saved
        return status, out.getvalue()

    def test_results_of_the_books_are_summed_per_level(self):
        status, out = self.run_script(["--levels", "1350,1800", "--openings", "x/a.epd,x/b.epd"])
        rows = [line for line in out.splitlines() if line.startswith("| 1")]
        self.assertEqual(len(rows), 4, out)  # two levels, each in the live lines and in the table
        self.assertIn("| 1350 | 200 | 100-70-30 | 57.5% | +53 ± ", rows[0])
        self.assertIn("| 1403 | yes |", rows[0])
        self.assertIn("level 1800, a.epd: 60-30-10, Elo +108 ± ", out)
        self.assertIn("level 1800, b.epd: 40-40-20, Elo +0 ± ", out)
        self.assertIn("--openings x/a.epd,x/b.epd`", out)
        self.assertEqual(status, 0)

    def test_one_book_and_the_tolerance(self):
        status, out = self.run_script(["--levels", "1500", "--openings", "a.epd", "--tolerance", "100"])
        self.assertIn("| 1500 | 100 | 60-30-10 | 65.0% | +108 ± ", out)
        self.assertIn("| 1608 | no |", out)
        self.assertNotIn("level 1500, a.epd", out)  # per-book lines only with several books
        self.assertEqual(status, 1)

    def test_without_books_scripts_match_chooses(self):
        status, out = self.run_script(["--levels", "2000"])
        self.assertIn("| 2000 | 100 | 50-50-0 | 50.0% | +0 ± 69 | 2000 | yes |", out)
        self.assertEqual(status, 0)


if __name__ == "__main__":
    unittest.main()
