#!/usr/bin/env python3
"""Tests of scripts/fit-wdl: it recovers a known win/draw/loss model from data drawn from it.

Positions are drawn at several material counts and scores, their results sampled from a model
with known a(m) and b(m) (src/core/wdl.h's shape), and written as datagen lines; the fitted
model printed by the script must give nearly the same win and loss chances. Also: the side to
move's view (a Black-to-move line is turned round), and a clear error on empty input.
Standard library only; about ten seconds.
"""

import math
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "scripts", "fit-wdl")
MODEL_RE = re.compile(r"WDL_MODEL\{\{([^}]*)\}, \{([^}]*)\}, (\d+), (\d+), ([\d.]+)\}")


def true_a(x):
    return 300 - 150 * x


def true_b(x):
    return 40 + 30 * x


def win_chance(v, a, b):
    return 1 / (1 + math.exp((a - v) / b))


def placement(material):
    """A FEN placement field with that much chess material (queens 9 and pawns 1)."""
    return "Q" * (material // 9) + "P" * (material % 9)


def run_fit(lines, *extra):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        return subprocess.run([sys.executable, SCRIPT, "--refine", "400", *extra, path], capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)


def cubic(c, x):
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


class FitWdl(unittest.TestCase):
    def test_recovers_a_known_model(self):
        rng = random.Random(7)
        lines = []
        for material in (20, 30, 40, 50, 60, 70, 78):
            x = material / 58.0
            for _ in range(4000):
                v = rng.randrange(-600, 601, 10)
                black = rng.random() < 0.5  # half the lines from Black's side: the script turns them round
                win, loss = win_chance(v, true_a(x), true_b(x)), win_chance(-v, true_a(x), true_b(x))
                r = rng.random()
                outcome = 1 if r < win else -1 if r < win + loss else 0
                white_result = {1: "1.0", 0: "0.5", -1: "0.0"}[-outcome if black else outcome]
                white_score = -v if black else v
                lines.append(f"{placement(material)} {'b' if black else 'w'} - - 0 1 | {white_result} | {white_score}")
        out = run_fit(lines)
        self.assertEqual(out.returncode, 0, out.stderr)
        m = MODEL_RE.search(out.stdout)
        self.assertIsNotNone(m, out.stdout)
        ca = [float(t) for t in m.group(1).split(",")]
        cb = [float(t) for t in m.group(2).split(",")]
        scale = float(m.group(5))
        for material in (20, 40, 60, 78):
            x = material / scale
            for v in (-300, -100, 0, 100, 300):
                fitted = win_chance(v, cubic(ca, x), max(1.0, cubic(cb, x)))
                wanted = win_chance(v, true_a(x), true_b(x))
                self.assertLess(abs(fitted - wanted), 0.04, f"material {material}, score {v}: {fitted:.3f} vs {wanted:.3f}")

    def test_no_scored_records_is_an_error(self):
        out = run_fit(["8/8/8/8/8/8/8/8 w - - 0 1 | 0.5", "garbage"])
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("no records", out.stderr)


if __name__ == "__main__":
    unittest.main()
