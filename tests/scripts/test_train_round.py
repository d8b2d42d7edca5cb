#!/usr/bin/env python3
"""Tests of scripts/train-round on a tiny data file: one round from nets/default.nnue writes a
network of the same size and prints one rounds-table row whose losses are the trainer's own
epoch-0 and last-epoch validation losses, whose cumulative count adds to the table's last row,
and which names no folder; --append adds that row to the table; bad arguments write nothing.
Also `sen nnue-train --evaluate`, which measures a network on such data: its loss is the trainer's
own epoch-0 loss on the same positions.

    test_train_round.py SEN      (SEN: the sen binary; standard library only; a few seconds)
"""

import csv
import os
import re
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..")
SCRIPT = os.path.join(REPO, "scripts", "train-round")
DEFAULT_NET = os.path.join(REPO, "nets", "default.nnue")
COLUMNS = ["date", "game", "network", "data", "positions_added", "positions_total", "validation_before", "validation_after",
           "opponent", "limit", "games", "wins", "losses", "draws", "elo", "error", "verdict", "training", "note"]
SEN = None


class TrainRoundTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.data = os.path.join(cls.tmp.name, "tiny.bin")
        subprocess.run([SEN, "datagen", "--games", "4", "--nodes", "200", "--seed", "3", "--out", cls.data], check=True,
                       capture_output=True)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_xiangqi_round(self):
        # --variant xiangqi trains the xiangqi network by xiangqi's recipe and counts on from the
        # table's last built-in xiangqi row.
        data = os.path.join(self.tmp.name, "tiny-xiangqi.bin")
        subprocess.run([SEN, "datagen", "--variant", "xiangqi", "--games", "4", "--nodes", "200", "--seed", "3", "--out", data],
                       check=True, capture_output=True)
        out = os.path.join(self.tmp.name, "xiangqi-candidate.nnue")
        rounds = os.path.join(self.tmp.name, "rounds-xiangqi.csv")
        with open(rounds, "w") as f:
            f.write(",".join(COLUMNS) + "\n2026-01-01,chess,start,d0,1000,1000,,0.01,,,,,,,,,built in,,\n"
                    "2026-01-03,xiangqi,other game,x1,7,7,,0.01,,,,,,,,,built in,,\n")
        xiangqi_net = os.path.join(REPO, "nets", "xiangqi.nnue")
        r = subprocess.run([sys.executable, SCRIPT, "--sen", SEN, "--variant", "xiangqi", "--start", xiangqi_net, "--out", out,
                            "--rounds", rounds, data, "--", "--validation", "0.5", "--threads", "1"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(os.path.getsize(out), os.path.getsize(xiangqi_net))
        values = dict(zip(COLUMNS, next(csv.reader(r.stdout.splitlines()))))
        self.assertEqual(values["game"], "xiangqi")
        self.assertEqual(int(values["positions_total"]), 7 + int(values["positions_added"]))
        self.assertIn("--variant xiangqi", values["training"])
        self.assertTrue(values["network"].endswith(", fine-tuned from xiangqi.nnue"))

    def run_round(self, *args):
        return subprocess.run([sys.executable, SCRIPT, "--sen", SEN, "--start", DEFAULT_NET, *args], capture_output=True, text=True)

    def test_one_round(self):
        out = os.path.join(self.tmp.name, "candidate.nnue")
        rounds = os.path.join(self.tmp.name, "rounds.csv")
        with open(rounds, "w") as f:
            # The start network's total is that of the last built-in row of its game.
            f.write(",".join(COLUMNS) + "\n2026-01-01,chess,start,d0,1000,1000,,0.01,,,,,,,,,built in,,\n"
                    "2026-01-02,chess,rejected,d1,5,1005,0.01,0.02,,,,,,,,,rejected,,\n"
                    "2026-01-03,xiangqi,other game,x1,7,7,,0.01,,,,,,,,,built in,,\n")
        r = self.run_round("--out", out, "--rounds", rounds, "--append", self.data, "--", "--validation", "0.5", "--threads", "1")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(os.path.getsize(out), os.path.getsize(DEFAULT_NET))
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 1)
        row = next(csv.reader(lines))
        self.assertEqual(len(row), len(COLUMNS))
        values = dict(zip(COLUMNS, row))
        self.assertRegex(values["date"], r"^\d{4}-\d{2}-\d{2}$")
        self.assertEqual(values["game"], "chess")
        self.assertTrue(values["network"].startswith("candidate.nnue sha256:"))
        self.assertTrue(values["network"].endswith(", fine-tuned from default.nnue"))
        self.assertEqual(values["data"], "tiny.bin")
        # The trainer's own numbers: positions loaded less the mirrored copies, and its validation losses.
        loaded = re.search(r"^loaded (\d+) positions .* (\d+) of the training positions are mirrored copies$", r.stderr, re.M)
        self.assertIsNotNone(loaded)
        positions = int(loaded.group(1)) - int(loaded.group(2))
        self.assertGreater(positions, 0)
        self.assertEqual(values["positions_added"], str(positions))
        self.assertEqual(values["positions_total"], str(1000 + positions))
        epochs = re.findall(r"^epoch\s+\d+\s+(?:lr \S+\s+)?train \S+\s+validation (\S+)", r.stderr, re.M)
        self.assertEqual(len(epochs), 4)  # epoch 0 (the start network) and the recipe's three
        self.assertEqual(values["validation_before"], epochs[0])
        self.assertEqual(values["validation_after"], epochs[-1])
        self.assertEqual(values["verdict"], "candidate" if float(epochs[-1]) < float(epochs[0]) else "not kept")
        self.assertEqual([values[c] for c in ("opponent", "limit", "games", "wins", "losses", "draws", "elo", "error")], [""] * 8)
        self.assertIn("--data tiny.bin --out candidate.nnue --init default.nnue --mirror", values["training"])
        self.assertTrue(values["training"].endswith("--validation 0.5 --threads 1"))
        self.assertNotIn(self.tmp.name, r.stdout)
        with open(rounds) as f:
            table = f.read().splitlines()
        self.assertEqual(len(table), 5)
        self.assertEqual(table[-1], lines[0])

        # --added counts only the new positions.
        r = self.run_round("--out", out, "--rounds", rounds, "--added", "50", self.data, "--", "--validation", "0.5", "--epochs", "1")
        self.assertEqual(r.returncode, 0, r.stderr)
        row = next(csv.reader(r.stdout.splitlines()))
        self.assertEqual(row[4:6], ["50", "1050"])
        # --start-total names the start network's total itself.
        r = self.run_round("--out", out, "--rounds", rounds, "--added", "50", "--start-total", "7", self.data, "--", "--validation",
                           "0.5", "--epochs", "1")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(next(csv.reader(r.stdout.splitlines()))[4:6], ["50", "57"])

    def test_evaluate_is_the_epoch_zero_loss(self):
        # sen nnue-train --evaluate, the check of a candidate on games played after it was trained:
        # the start network's loss on every kept position, the trainer's own epoch-0 training loss
        # when nothing is held out.
        common = ["--init", DEFAULT_NET, "--data", self.data, "--lambda", "0", "--threads", "1"]
        r = subprocess.run([SEN, "nnue-train", "--evaluate", *common], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        measured = re.fullmatch(r".* on (\d+) positions of .*: loss (\d\.\d{6}) at lambda 0\n", r.stdout)
        self.assertIsNotNone(measured, r.stdout)
        out = os.path.join(self.tmp.name, "unchanged.nnue")
        t = subprocess.run([SEN, "nnue-train", *common, "--validation", "0", "--epochs", "1", "--lr", "1e-9", "--out", out],
                           capture_output=True, text=True)
        self.assertEqual(t.returncode, 0, t.stderr)
        self.assertIn(f"loaded {measured.group(1)} positions ({measured.group(1)} training, 0 validation)", t.stdout)
        self.assertRegex(t.stdout, rf"epoch +0  train {measured.group(2)}  validation n/a")

    def test_bad_arguments_write_nothing(self):
        out = os.path.join(self.tmp.name, "never.nnue")
        for args in (["--out", out, self.data + ".missing"], ["--out", DEFAULT_NET, self.data], ["--out", out, "--added", "-1", self.data],
                     [self.data], ["--out", out, "--start-total", "-1", self.data]):
            r = self.run_round(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(r.stdout, "")
        self.assertFalse(os.path.exists(out))
        # Too few games for any to be held out: no loss to compare, a failure.
        r = self.run_round("--out", out, self.data, "--", "--validation", "0", "--epochs", "1")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout, "")


if __name__ == "__main__":
    SEN = os.path.abspath(sys.argv.pop(1))
    unittest.main()
