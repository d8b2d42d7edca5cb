#!/usr/bin/env python3
"""The command line of the real binary (src/main.cpp): its subcommand table and what it refuses.

Usage: test_command_line.py PATH/TO/sen [unittest options]

`sen --help` (also -h and help) prints the usage with every subcommand and exits 0; an unknown
subcommand or option is refused on stderr with exit code 2, at once, without reading standard
input (which the tests keep open, so that a binary waiting there for UCI fails by timing out);
no argument still starts the protocol loop. SEN_TEST_TIME_SCALE (default 1) multiplies the
timeouts, for sanitizer builds. Standard library only.
"""

import os
import subprocess
import sys
import unittest

SEN = None
SCALE = float(os.environ.get("SEN_TEST_TIME_SCALE", "1") or 1)

# The first words of the usage's subcommand lines, in order: main.cpp's table.
SUBCOMMANDS = ["perft", "bench", "datagen", "datagen-convert", "tune", "nnue-train", "tbprobe", "magics", "--help", "--version"]


def run(args, stdin_text=None, timeout=10):
    """Runs sen with args; without stdin_text its standard input stays open (never at its end)."""
    if stdin_text is not None:
        done = subprocess.run([SEN] + args, input=stdin_text, capture_output=True, text=True, timeout=timeout * SCALE)
        return done.returncode, done.stdout, done.stderr
    read_end, write_end = os.pipe()
    try:
        done = subprocess.run([SEN] + args, stdin=read_end, capture_output=True, text=True, timeout=timeout * SCALE)
    finally:
        os.close(read_end)
        os.close(write_end)
    return done.returncode, done.stdout, done.stderr


class Help(unittest.TestCase):
    def test_help_lists_every_subcommand_and_exits_0(self):
        code, out, err = run(["--help"])
        self.assertEqual(code, 0)
        self.assertEqual(err, "")
        lines = out.splitlines()
        self.assertEqual(lines[0], "usage: sen [SUBCOMMAND [ARGUMENTS...]]")
        self.assertIn("Subcommands:", lines)
        listed = lines[lines.index("Subcommands:") + 1:]
        self.assertEqual([line.split()[0] for line in listed], SUBCOMMANDS)
        # Each line says what the subcommand does.
        for line in listed:
            self.assertTrue(line.startswith("  "), line)
            self.assertGreater(len(line.split()), 2, line)

    def test_other_spellings_print_the_same(self):
        _, expected, _ = run(["--help"])
        for spelling in (["-h"], ["help"], ["--help", "perft"]):
            with self.subTest(spelling=spelling):
                self.assertEqual(run(spelling), (0, expected, ""))


class Version(unittest.TestCase):
    def test_version_prints_one_line_and_exits_0(self):
        code, out, err = run(["--version"])
        self.assertEqual((code, err), (0, ""))
        self.assertRegex(out, r"^Sen \d+\.\d+\.\d+(-dev(-[0-9a-f]+)?)?\n$")


class Refused(unittest.TestCase):
    def test_unknown_words_are_refused_at_once(self):
        for args in (["foo"], ["--bogus"], ["-x"], ["uci"], ["Perft", "1"], [""]):
            with self.subTest(args=args):
                code, out, err = run(args)
                self.assertEqual(code, 2)
                self.assertEqual(out, "")
                self.assertEqual(err, f"sen: unknown subcommand or option '{args[0]}' (sen --help lists them)\n")


class Dispatch(unittest.TestCase):
    def test_a_subcommand_gets_the_arguments_after_its_name(self):
        code, out, err = run(["perft", "2", "--no-progress"])
        self.assertEqual(code, 0, err)
        self.assertEqual(out.splitlines()[-1], "Nodes searched: 400")
        code, out, _ = run(["perft", "2", "--variant", "xiangqi", "--no-progress"])
        self.assertEqual(code, 0)
        self.assertEqual(out.splitlines()[-1], "Nodes searched: 1920")

    def test_magics_takes_no_arguments(self):
        code, out, err = run(["magics", "extra"])
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertIn("'extra'", err)

    def test_no_argument_speaks_uci_on_standard_input(self):
        code, out, err = run([], stdin_text="uci\nquit\n")
        self.assertEqual(code, 0, err)
        self.assertIn("uciok", out.splitlines())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SEN = os.path.abspath(sys.argv.pop(1))
    unittest.main()
