#!/usr/bin/env python3
"""UCI protocol tests, setoption values: bad values of every option (T11).

Usage: test_uci_setoption.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import sys

import uci_harness
from uci_harness import assert_bestmove_legal, check, Engine, info_field, search_infos, test


@test
def t11_bad_option_values():
    """Bad-input rows: unknown option -> one info string; non-numeric -> info string, unchanged; clamp."""
    with Engine() as e:
        e.send("position startpos")
        e.send("setoption name MultiPV value 3")
        check(e.sync() == [], "MultiPV 3")
        for cmd, words in [("setoption name NoSuchOption value 3", ["NoSuchOption"]),
                           ("setoption name Foo Bar", ["Foo Bar"]),
                           ("setoption name MultiPV value abc", ["MultiPV", "abc"]),
                           ("setoption name MultiPV value 2.5", ["MultiPV"]),
                           ("setoption name MultiPV value", ["MultiPV"]),
                           ("setoption name MultiPV", ["MultiPV"]),
                           ("setoption name Ponder value maybe", ["Ponder"]),
                           ("setoption name Hash value abc", ["Hash"]),
                           ("setoption name Threads value -", ["Threads"]),
                           ("setoption", []), ("setoption value 3", []), ("setoption name", [])]:
            e.send(cmd)
            out = e.sync()
            check(len(out) == 1 and out[0].startswith("info string"), f"'{cmd}' gave {out}")
            for w in words:
                check(w in out[0], f"'{cmd}': '{w}' not named in {out[0]!r}")
        before, _, _ = e.go("go depth 3")
        at3 = [l for l in search_infos(before) if info_field(l, "depth") == "3"]
        check(len(at3) == 3, f"MultiPV changed by bad values: {len(at3)} lines")
        # Out of range: clamped (at most one info string), the engine keeps working.
        e.send("setoption name MultiPV value 0")
        check(len(e.sync()) <= 1, "MultiPV 0")
        before, _, _ = e.go("go depth 3")
        check(len([l for l in search_infos(before) if info_field(l, "depth") == "3"]) == 1, "MultiPV 0 not clamped to 1")
        e.send("setoption name MultiPV value 99999999999999999999")
        check(len(e.sync()) <= 1, "huge MultiPV")
        before, _, _ = e.go("go depth 2")
        check(len([l for l in search_infos(before) if info_field(l, "depth") == "2"]) == 20, "MultiPV not clamped to max")
        e.send("setoption name MultiPV value 1")
        for cmd in ["setoption name Hash value 99999999", "setoption name Hash value 0", "setoption name Threads value 100000",
                    "setoption name Threads value 0", "setoption name Move Overhead value -5",
                    "setoption name Move Overhead value 999999"]:
            e.send(cmd)
            out = e.sync(timeout=10.0)
            check(len(out) <= 1 and all(l.startswith("info string") for l in out), f"'{cmd}' gave {out}")
        e.send("setoption name Threads value 1")
        e.send("setoption name Move Overhead value 10")
        _, line, s = e.go("go wtime 1000 btime 1000")
        assert_bestmove_legal("startpos", (), line)
        e.send("setoption name Hash value 2")
        check(e.sync() == [], "Hash 2")
        _, line, _ = e.go("go depth 5")
        assert_bestmove_legal("startpos", (), line)


if __name__ == "__main__":
    sys.exit(uci_harness.main())
