#!/usr/bin/env python3
"""UCI protocol tests, go parameters: combinations, zero, negative and one-sided clocks, movestogo,
bad values, searchmoves (T19).

Usage: test_uci_go.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import sys

import uci_harness
from uci_harness import (
    assert_bestmove_legal, bestmoves, check, Engine, go_within, info_field, info_strings, KIWIPETE, position_command,
    pv_of, scaled, search_infos, test,
)


@test
def t19_go_parameter_combinations():
    """T19: any subset in any order; the first limit reached stops the search."""
    with Engine() as e:
        e.send("position startpos moves e2e4")
        cases = [("go wtime 60000 btime 60000 winc 0 binc 0 depth 5 movetime 2000", 1.0),  # lichess-bot
                 ("go movetime 2000 depth 4", 1.0), ("go depth 30 movetime 100", 0.3), ("go nodes 3000 movetime 5000", 1.0),
                 ("go movestogo 5 binc 100 winc 100 btime 1000 wtime 1000", 1.0), ("go btime 300 wtime 300", 0.3),
                 ("go depth 4", 1.0), ("go nodes 5000", 1.0), ("go WTIME 300 BTIME 300", 0.3)]
        for cmd, limit in cases:
            before, line, s = e.go(cmd, timeout=5.0)
            check(not info_strings(before), f"'{cmd}' gave {info_strings(before)}")
            check(s < scaled(limit), f"'{cmd}' took {s * 1000:.0f} ms (limit {limit * 1000:.0f})")
            assert_bestmove_legal("startpos", ["e2e4"], line)
            depths = [int(info_field(l, "depth")) for l in search_infos(before)]
            if "depth 5" in cmd:
                check(max(depths) <= 5, f"'{cmd}' went to depth {max(depths)}")


@test
def t19_wtime_zero_or_negative():
    """Bad-input row: go wtime 0 / negative clocks move now (< 100 ms); 64-bit values parse."""
    results = []
    with Engine() as e:
        e.send("position fen " + KIWIPETE)
        e.sync()  # as every GUI does before the first go (the engine warms up after uciok)
        for cmd in ["go wtime 0 btime 0", "go wtime -500 btime 1000", "go wtime 1", "go wtime -9223372036854775808",
                    "go wtime 0 winc 5000", "go wtime 9223372036854775807 movetime 20", "go wtime 50 btime 50"]:
            before, line, t = go_within(e, cmd, 0, 100)
            check(not info_strings(before), f"'{cmd}' gave {info_strings(before)}")
            assert_bestmove_legal("fen " + KIWIPETE, (), line)
            results.append(f"{cmd[3:]}: {'/'.join(str(round(x)) for x in t)}")
    return "; ".join(results[:3]) + " ms"


@test
def t19_other_sides_clock_only():
    """Bad-input row: go btime 100 with White to move (and wtime with Black) is no limit; stop answers."""
    with Engine() as e:
        for moves, cmd in [((), "go btime 100"), (("e2e4",), "go wtime 100"), ((), "go btime 100 binc 10 movestogo 1")]:
            e.send(position_command("startpos", moves))
            e.send(cmd)
            lines = e.collect(0.4)
            check(not bestmoves(lines), f"'{cmd}' with the other side to move used that clock: {bestmoves(lines)}")
            t = e.send("stop")
            _, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove after stop")
            check(tb - t < scaled(0.2), "stop was slow")
            assert_bestmove_legal("startpos", moves, line)
        # fastchess --compliance sends `go wtime 100` alone with White to move: a clock limit.
        e.send("position startpos")
        _, line, s = e.go("go wtime 100", timeout=2.0)
        check(s < scaled(0.1), f"go wtime 100 took {s * 1000:.0f} ms")


@test
def t19_movestogo_edge_values():
    """Bad-input row: movestogo 0 or negative is sudden death, huge is clamped; always in time."""
    with Engine() as e:
        e.send("position startpos moves d2d4 d7d5")
        # movestogo 1 may spend most of the clock (the control comes next move); the rest are
        # sudden death or clamped to 50 moves, so they spend a small share.
        for mtg, limit in [("0", 0.25), ("-3", 0.25), ("1", 0.95), ("1000000", 0.25), ("99999999999", 0.25)]:
            before, line, s = e.go(f"go wtime 1000 btime 1000 movestogo {mtg}", timeout=2.0)
            check(s < scaled(limit), f"movestogo {mtg}: {s * 1000:.0f} ms with 1 s on the clock")
            check(len(info_strings(before)) <= 1, f"movestogo {mtg}: {info_strings(before)}")
            assert_bestmove_legal("startpos", ["d2d4", "d7d5"], line)


@test
def t19_bad_go_values():
    """Bad-input row: go wtime abc / depth -3 / nodes (no value): one error each, field absent, one bestmove."""
    with Engine() as e:
        e.send("position startpos")
        for cmd, field, limit in [("go wtime abc depth 2", "wtime", 1.0), ("go depth -3 movetime 100", "depth", 0.3),
                                  ("go movetime 100 nodes", "nodes", 0.3), ("go depth 0 movetime 100", "depth", 0.3),
                                  ("go nodes -5 depth 3", "nodes", 1.0), ("go depth 3 movetime 1e3", "movetime", 1.0),
                                  ("go depth 3 winc 12ms", "winc", 1.0), ("go mate x depth 2", "mate", 1.0),
                                  ("go wtime depth 2", "wtime", 1.0),
                                  ("go foo depth 2", "foo", 1.0)]:
            before, line, s = e.go(cmd, timeout=3.0)
            errors = info_strings(before)
            check(len(errors) == 1 and errors[0].startswith("info string error") and field in errors[0],
                  f"'{cmd}': errors {errors}")
            check(s < scaled(limit), f"'{cmd}' took {s * 1000:.0f} ms")
            assert_bestmove_legal("startpos", (), line)
            check(not bestmoves(e.collect(0.05)), "two bestmoves")
        # All fields bad and no limit left: an unlimited search that still answers stop.
        e.send("go depth abc")
        lines = e.collect(0.3)
        check(len(info_strings(lines)) == 1 and not bestmoves(lines), f"go depth abc: {lines[:3]}")
        e.send("stop")
        _, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        assert_bestmove_legal("startpos", (), line)


@test
def t19_searchmoves():
    """Bad-input row: searchmoves restricts the root; illegal entries ignored; none left or 0000 -> all moves."""
    with Engine() as e:
        e.send("position startpos")
        _, line, _ = e.go("go depth 5 searchmoves a2a3")
        check(line.split()[1] == "a2a3", f"searchmoves a2a3: {line}")
        before, line, _ = e.go("go depth 5 searchmoves h2h3 a2a3")
        check(line.split()[1] in ("h2h3", "a2a3"), f"searchmoves h2h3 a2a3: {line}")
        check(all(pv_of(l)[0] in ("h2h3", "a2a3") for l in search_infos(before)), "PV outside searchmoves")
        _, line, _ = e.go("go depth 5 searchmoves e2e5 a2a3 zz99")
        check(line.split()[1] == "a2a3", f"searchmoves e2e5 a2a3 zz99: {line}")
        _, line, _ = e.go("go depth 4 searchmoves B1A3")
        check(line.split()[1] == "b1a3", f"searchmoves B1A3: {line}")
        for cmd in ["go depth 4 searchmoves 0000", "go depth 4 searchmoves e2e5", "go depth 4 searchmoves"]:
            before, line, _ = e.go(cmd)
            assert_bestmove_legal("startpos", (), line)
        # searchmoves takes the rest of the line, so 'depth 3' here is no limit (as in Stockfish).
        e.send("go searchmoves g1f3 depth 3")
        lines = e.collect(0.3)
        check(not bestmoves(lines), f"'go searchmoves g1f3 depth 3' read depth 3 as a limit: {lines[-2:]}")
        e.send("stop")
        _, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        check(line.split()[1] == "g1f3", f"searchmoves g1f3 depth 3: {line}")
        e.send("go infinite searchmoves b2b3")
        e.collect(0.2)
        e.send("stop")
        _, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        check(line.split()[1] == "b2b3", f"go infinite searchmoves b2b3: {line}")
        e.send("setoption name MultiPV value 4")
        before, line, _ = e.go("go depth 3 searchmoves a2a3 b2b3")
        last = [l for l in search_infos(before) if info_field(l, "depth") == "3"]
        check(len(last) == 2, f"MultiPV 4 with 2 searchmoves gave {len(last)} lines at depth 3")


if __name__ == "__main__":
    sys.exit(uci_harness.main())
