#!/usr/bin/env python3
"""Tests of scripts/perftsuite (scripts/make-perft-suite.py), with Sen as the oracle.

Usage: test_perftsuite.py PATH/TO/sen [unittest options]

No Stockfish is needed: Sen answers the same UCI commands the oracle driver sends (`go perft`,
`d` with its `Fen:` and `Checkers:` lines, UCI_Chess960, UCI_Variant xiangqi). Checked: the
suite line format; the curated lists in data/ (their sizes, and every position legal); each
committed suite in perft-suites/ passes `validate`; the rules' FEN round trips, moves, mirrors and
illegal-position reasons; the oracle driver's perft against the suites' own counts at small
depths (chess, Chess960, xiangqi); the playout generator, which checks every move the rules make
against the oracle's FEN; and the entry point's verify and validate commands end to end.
Standard library only.
"""

import io
import os
import subprocess
import sys
import unittest
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
SUITES = os.path.join(REPO, "perft-suites")
ENTRY = os.path.join(REPO, "scripts", "make-perft-suite.py")
sys.path.insert(0, os.path.join(REPO, "scripts"))

from perftsuite import chess, chess960, cli, data, generate, suite, xiangqi  # noqa: E402
from perftsuite.oracle import Oracle  # noqa: E402
from perftsuite.variants import CHESS, CHESS960, XIANGQI  # noqa: E402

SEN = None
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class SuiteFormat(unittest.TestCase):
    def test_line_round_trip(self):
        line = START + " ;D1 20 ;D2 400 ;D3 8902"
        self.assertEqual(suite.parse_line(line), (START, [20, 400, 8902]))
        self.assertEqual(suite.format_line(*suite.parse_line(line)), line)
        self.assertEqual(suite.parse_line(START + " ;D1 20 ;"), (START, [20]))
        self.assertEqual(suite.parse_line(START), (START, []))

    def test_bad_lines(self):
        for bad in (START + " ;D2 400", START + " ;D1 x", START + " ;E1 20", START + " ;D1 20 ;D3 1"):
            with self.assertRaises(ValueError, msg=bad):
                suite.parse_line(bad)

    def test_trim(self):
        self.assertEqual(suite.trim_counts([20, 400, 8902, 197281], 10000), [20, 400, 8902])
        self.assertEqual(suite.trim_counts([5000, 90000], 10), [5000])    # D1 always stays

    def test_read_suite_and_fens(self):
        path = os.path.join(self._tmp(), "s.epd")
        with open(path, "w") as fh:
            fh.write("# comment\n\n" + START + " ;D1 20\n  # indented comment\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3\n")
        self.assertEqual([(no, counts) for no, _, counts in suite.read_suite(path)], [(3, [20]), (5, [3])])
        self.assertEqual(suite.read_fens(path), [START, "8/8/8/8/8/8/8/K1k5 w - - 0 1"])

    def _tmp(self):
        import tempfile
        d = tempfile.TemporaryDirectory()
        self.addCleanup(d.cleanup)
        return d.name


class CuratedData(unittest.TestCase):
    def test_sizes(self):
        self.assertEqual([len(x) for x in (data.STANDARD, data.PUBLIC_TRICKY, data.PERFTSUITE, data.HANDCRAFTED,
                                           data.PLAYOUT_STARTS, data.PUBLISHED960, data.HANDCRAFTED960,
                                           data.XQ_PLAYOUT_STARTS, data.XQ_HANDCRAFTED)],
                         [7, 25, 39, 52, 18, 10, 26, 8, 26])
        self.assertEqual(data.STANDARD[0], (START, 6, 119060324))
        self.assertTrue(all(len(counts) == 5 for _, counts in data.PUBLISHED960))
        # quick.epd: the 7 standard positions, the 28 flagged ones and 6 generated ones.
        self.assertEqual(sum(q for _, _, q in data.PUBLIC_TRICKY + data.HANDCRAFTED), 28)

    def test_every_curated_position_is_legal(self):
        chess_fens = ([f for f, _, _ in data.STANDARD] + [f for f, _, _ in data.PUBLIC_TRICKY] + data.PERFTSUITE
                      + [f for f, _, _ in data.HANDCRAFTED] + data.PLAYOUT_STARTS)
        for fen in chess_fens:
            self.assertEqual(chess.validate_fen(fen), [], fen)
            self.assertEqual(chess.validate_fen(chess.mirror_fen(fen)), [], fen)
        for fen in [f for f, _ in data.PUBLISHED960] + [f for f, _, _ in data.HANDCRAFTED960]:
            self.assertEqual(chess960.validate_fen960(fen), [], fen)
        for fen in data.XQ_PLAYOUT_STARTS:
            self.assertEqual(xiangqi.validate_xq_fen(fen), [], fen)
        for pieces, stm, _, _ in data.XQ_HANDCRAFTED:
            self.assertEqual(xiangqi.validate_xq_fen(xiangqi.xq_setup(pieces, stm)), [], pieces)

    def test_read_table_rejects_a_bad_row(self):
        with self.assertRaises(ValueError):
            data.quick("yes")


class CommittedSuites(unittest.TestCase):
    def validate(self, *argv):
        out = io.StringIO()
        with redirect_stdout(out):
            code = cli.main(["validate", *argv])
        return code, out.getvalue()

    def test_validate_every_suite(self):
        cases = [([], ["standard.epd", "tricky.epd", "quick.epd"]),
                 (["--chess960"], ["chess960.epd", "chess960-quick.epd"]),
                 (["--variant", "xiangqi"], ["xiangqi.epd", "xiangqi-quick.epd"])]
        for flags, files in cases:
            code, out = self.validate(*flags, *[os.path.join(SUITES, f) for f in files])
            self.assertEqual((code, out), (0, "validate: OK\n"), files)

    def test_validate_reports_a_bad_line(self):
        path = os.path.join(SuiteFormat._tmp(self), "bad.epd")
        with open(path, "w") as fh:
            fh.write(START + " ;D1 20\n8/8/8/8/8/8/8/8 w - - 0 1 ;D1 1\n" + START + "\n")
        code, out = self.validate(path)
        self.assertEqual(code, 1)
        self.assertIn(":2: 8/8/8/8/8/8/8/8 w - - 0 1: need exactly one white king", out)
        self.assertIn(":3: " + START + ": no counts", out)
        self.assertTrue(out.endswith("validate: 2 bad line(s)\n"))


class Rules(unittest.TestCase):
    def test_fen_round_trip_and_counters(self):
        kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        self.assertEqual(chess.normalize_fen(kiwipete), kiwipete)
        self.assertEqual(chess.normalize_fen("8/8/8/8/8/8/8/K1k5 w - -"), "8/8/8/8/8/8/8/K1k5 w - - 0 1")
        self.assertEqual(chess.normalize_fen("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 3 9"),
                         "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9")
        for bad in ("8/8/8 w - - 0 1", START.replace(" w ", " x "), START.replace("KQkq", "KK"),
                    START.replace(" 0 1", " -1 1"), START.replace("8/8/8/8", "8/8/9/8")):
            with self.assertRaises(chess.FenError, msg=bad):
                chess.parse_fen(bad)

    def test_make_move(self):
        def after(fen, *moves):
            pos = chess.parse_fen(fen)
            for m in moves:
                pos = chess.make_move(pos, m)
            return pos.fen()
        self.assertEqual(after(START, "e2e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        self.assertEqual(after(START, "e2e4", "d7d5", "e4d5", "g8f6"),
                         "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3")
        castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        self.assertEqual(after(castle, "e1g1", "e8c8"), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2")
        self.assertEqual(after(castle, "a1a8"), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1")
        self.assertEqual(after("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1")
        self.assertEqual(after("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1")
        self.assertTrue(chess.gives_check(chess.parse_fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1c1"))

    def test_illegal_positions(self):
        cases = {
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1": "side not to move is in check",
            "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1": "castling right K without king/rook",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1": "pawn on back rank",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 1": "halfmove clock",
            "4k3/8/8/3pP3/8/8/8/4K3 w - c6 0 1": "without the pushed pawn",
            "3qk3/8/8/8/8/8/8/2N1K1N1 w - - 0 1": None,
        }
        for fen, reason in cases.items():
            errs = chess.validate_fen(fen)
            if reason is None:
                self.assertEqual(errs, [], fen)
            else:
                self.assertTrue(any(reason in e for e in errs), (fen, errs))

    def test_mirror(self):
        fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
        mirrored = chess.mirror_fen(fen)
        self.assertEqual(mirrored, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1")
        self.assertEqual(chess.mirror_fen(mirrored), fen)
        self.assertEqual(chess.mirror_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
                         "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1")

    def test_chess960(self):
        self.assertEqual(chess960.scharnagl_rank(518), "RNBQKBNR")
        self.assertEqual(chess960.scharnagl_rank(0), "BBQNNRKR")
        self.assertEqual(chess960.start960_fen(518), START.replace("KQkq", "HAha"))
        self.assertEqual(chess960.start960_fen(518, style="xfen"), START)
        self.assertEqual(len({chess960.scharnagl_rank(n) for n in range(960)}), 960)
        xfen = "k7/8/8/8/8/8/8/1K2R2R w E - 0 1"
        self.assertEqual(chess960.normalize_fen960(xfen), xfen)
        pos = chess960.parse_fen960(xfen)
        self.assertEqual(pos.fen("shredder"), "k7/8/8/8/8/8/8/1K2R2R w E - 0 1")
        after = chess960.make_move960(chess960.parse_fen960("4k3/8/8/8/8/8/8/5KR1 w K - 0 1"), "f1g1")
        self.assertEqual(after.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1")
        self.assertTrue(chess960.validate_fen960("4k3/8/8/8/8/8/8/5K1R w G - 0 1")[0].startswith("syntax"))
        self.assertEqual(chess960.mirror_fen960("4k3/8/8/8/8/8/8/5KR1 w K - 0 1"), "5kr1/8/8/8/8/8/8/4K3 b k - 0 1")

    def test_xiangqi(self):
        self.assertEqual(xiangqi.normalize_xq_fen(xiangqi.XQ_START.rsplit(" ", 2)[0]), xiangqi.XQ_START)
        pos = xiangqi.parse_xq_fen(xiangqi.XQ_START)
        for m in ("h3e3", "h10g8", "e3e7"):
            pos = xiangqi.xq_make_move(pos, m)
        self.assertEqual(pos.fen(), "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2")
        self.assertEqual(xiangqi.xq_setup("Ke1 ke10 Rh5", "b"), "4k4/9/9/9/9/7R1/9/9/9/4K4 b - - 0 1")
        self.assertTrue(any("capture the enemy general" in e
                            for e in xiangqi.validate_xq_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")))
        self.assertTrue(any("advisor" in e for e in xiangqi.validate_xq_fen("4k4/9/9/9/9/9/9/9/9/A2K5 w - - 0 1")))
        self.assertEqual(xiangqi.xq_mirror_fen(xiangqi.XQ_START), xiangqi.XQ_START.replace(" w ", " b "))
        self.assertTrue(xiangqi.xq_gives_check(xiangqi.parse_xq_fen("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"), "i1d1"))


class WithSenAsOracle(unittest.TestCase):
    """The oracle driver, the playout generator and the entry point, against Sen."""

    def oracle(self, variant):
        sf = Oracle(variant, SEN)
        self.addCleanup(sf.close)
        return sf

    def check_suite(self, variant, name, max_nodes):
        sf = self.oracle(variant)
        checked = 0
        for no, fen, counts in suite.read_suite(os.path.join(SUITES, name)):
            for depth, expected in enumerate(suite.trim_counts(counts, max_nodes), 1):
                total, divide = sf.perft(fen, depth)
                self.assertEqual(total, expected, "%s:%d D%d" % (name, no, depth))
                self.assertEqual(sum(divide.values()), total)
                checked += 1
        self.assertGreater(checked, 40)

    def test_perft_against_the_suites(self):
        self.check_suite(CHESS, "quick.epd", 20000)
        self.check_suite(CHESS960, "chess960-quick.epd", 5000)
        self.check_suite(XIANGQI, "xiangqi-quick.epd", 5000)

    def test_oracle_facts(self):
        sf = self.oracle(CHESS)
        self.assertTrue(sf.name.startswith("Sen"), sf.name)
        self.assertEqual(sorted(sf.legal_moves("k7/8/8/8/8/8/1q6/K7 w - - 0 1")), ["a1b2"])
        self.assertEqual(sf.fen(START, ["e2e4", "c7c5"]), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        with self.assertRaises(ValueError):
            sf.perft("8/8/8/8/8/8/8/8 w - - 0 1", 1)      # never sent to the engine
        self.assertEqual(sf.perft(START, 2)[0], 400)     # and the session goes on

    def test_generators_follow_the_oracle(self):
        # Each move of a playout is made by the rules and compared with the oracle's FEN.
        for variant, gen in ((CHESS, generate.generate_positions), (CHESS960, generate.generate_positions960),
                             (XIANGQI, generate.generate_xq_positions)):
            fens = gen(self.oracle(variant), 4, 11, playouts=4)
            self.assertTrue(fens, variant.oracle)
            for fen in fens:
                self.assertEqual(variant.validate(fen), [], fen)

    def test_entry_point(self):
        env = dict(os.environ, STOCKFISH=SEN, FAIRY_STOCKFISH=SEN)
        run = subprocess.run([sys.executable, ENTRY, "verify", "--max-nodes", "3000", os.path.join(SUITES, "quick.epd")],
                             capture_output=True, text=True, env=env, timeout=300)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertRegex(run.stdout, r"quick.epd: 41 positions, \d+ nodes at deepest depths\nverify: OK ")
        self.assertIn("verify: using Sen", run.stderr)
        run = subprocess.run([sys.executable, ENTRY, "verify", "--variant", "xiangqi", "--max-nodes", "2000",
                              os.path.join(SUITES, "xiangqi-quick.epd")], capture_output=True, text=True, env=env,
                             timeout=300)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        run = subprocess.run([sys.executable, ENTRY, "--help"], capture_output=True, text=True)
        self.assertIn("{verify,validate,count,generate,trim,build}", run.stdout)


if __name__ == "__main__":
    if len(sys.argv) < 2 or not os.access(sys.argv[1], os.X_OK):
        sys.exit(__doc__)
    SEN = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
