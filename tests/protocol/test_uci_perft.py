#!/usr/bin/env python3
"""UCI protocol tests, perft: the perft command and go perft.

Usage: test_uci_perft.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import re
import sys

import uci_harness
from uci_harness import check, Engine, KIWIPETE, test


@test
def perft_command():
    """go perft 3 prints per-move counts and Nodes searched: 8902 (and perft 3 the same); Threads 2
    with Hash 16 gives the same totals."""
    with Engine() as e:
        e.send("position startpos")
        for cmd in ["go perft 3", "perft 3"]:
            e.send(cmd)
            lines = [l for l in e.sync() if l]
            moves = [l for l in lines if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?: \d+", l)]
            check(len(moves) == 20, f"'{cmd}': {len(moves)} per-move lines")
            check(sum(int(l.split(": ")[1]) for l in moves) == 8902, f"'{cmd}': per-move counts do not add up")
            check("Nodes searched: 8902" in lines, f"'{cmd}': {lines[-2:]}")
        e.send("position fen " + KIWIPETE)
        e.send("go perft 2")
        check("Nodes searched: 2039" in e.sync(), "kiwipete perft 2")
        # Threads 2 counts on two threads sharing a perft hash of Hash MB: the same counts, the
        # same per-move lines.
        e.send("setoption name Threads value 2")
        e.send("setoption name Hash value 16")
        e.send("go perft 4")
        lines = [l for l in e.sync() if l]
        moves = [l for l in lines if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?: \d+", l)]
        check(len(moves) == 48 and "Nodes searched: 4085603" in lines, f"kiwipete go perft 4 at Threads 2: {lines[-2:]}")
        e.send("position startpos")
        e.send("perft 5")
        check("Nodes searched: 4865609" in e.sync(), "perft 5 at Threads 2")


if __name__ == "__main__":
    sys.exit(uci_harness.main())
