#!/usr/bin/env python3
"""UCI protocol tests, search control: one bestmove per go, go/position/ucinewgame during a search,
infinite and ponder, stop latency, WDL, strength, ponderhit, limits, no or one legal move,
bestmove/ponder/pv legality, info lines (T18-T28, H1, H2).

Usage: test_uci_search.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import statistics
import sys

import uci_harness
from uci_harness import (
    assert_bestmove_legal, assert_pvs_legal, bestmoves, CASTLING, check, check_info_line, CHECKMATED, EN_PASSANT,
    Engine, go_within, info_field, info_strings, KIWIPETE, legal_moves, MATE_IN_1, MATE_IN_2, ONE_LEGAL_MOVE, POS4,
    POS5, position_command, PROMOTIONS, scaled, search_infos, STALEMATE, START_FEN, test, xiangqi_engine,
)


@test
def t18_one_bestmove_per_go_and_none_without_go():
    """T18/T21: exactly one bestmove per go; stop/ponderhit when idle print nothing."""
    with Engine() as e:
        e.send("stop")
        e.send("ponderhit")
        check(e.sync() == [], "stop/ponderhit before any go printed something")
        e.send("position startpos")
        for cmd in ["go depth 4", "go nodes 2000", "go movetime 30", "go wtime 500 btime 500"]:
            before, line, _ = e.go(cmd)
            check(not bestmoves(before), f"'{cmd}': extra bestmove {bestmoves(before)}")
            assert_bestmove_legal("startpos", (), line)
            e.send("stop")
            e.send("ponderhit")
            after = e.collect(0.15)
            check(after == [], f"after '{cmd}' finished, stop/ponderhit printed {after}")


@test
def t18_go_during_search():
    """T18 / bad-input row: go during a search ends the first (its bestmove), then the second answers."""
    with Engine() as e:
        e.send("position startpos")
        e.send("go infinite")
        e.collect(0.2)
        before, first, _ = e.go("go depth 3", timeout=2.0)
        check(not bestmoves(before), "unexpected bestmove")
        assert_bestmove_legal("startpos", (), first)
        before, second, _ = e.read_until(lambda l: l.startswith("bestmove"), 2.0, "second bestmove")
        check(any(info_field(l, "depth") == "1" for l in search_infos(before)), "the second search did not start afresh")
        assert_bestmove_legal("startpos", (), second)
        check(not bestmoves(e.collect(0.3)), "a third bestmove")
        # Two go commands in one write, both finite.
        e.send("go depth 2\ngo depth 2")
        lines = e.collect(1.0)
        check(len(bestmoves(lines)) == 2, f"two go commands gave {bestmoves(lines)}")


@test
def t18_position_and_ucinewgame_during_search():
    """Bad-input row: position/ucinewgame during a search do not disturb it; they apply to the next go."""
    with Engine() as e:
        e.send("position startpos moves e2e4")
        e.send("go infinite")
        e.collect(0.2)
        e.send("position fen " + KIWIPETE)
        e.send("ucinewgame")
        e.send("position fen " + POS4)
        more = e.collect(0.3)
        check(not bestmoves(more), f"position during search ended it: {more[-2:]}")
        check(not info_strings(more), f"errors: {info_strings(more)}")
        e.send("stop")
        _, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        assert_bestmove_legal("startpos", ["e2e4"], line)
        _, line, _ = e.go("go depth 3")
        assert_bestmove_legal("fen " + POS4, (), line)


def assert_no_bestmove_until_stop(e, base, go_command, release="stop", wait=0.5, expect=None):
    e.send(position_command(base))
    t = e.send(go_command)
    lines = e.collect(wait)
    check(not bestmoves(lines), f"'{go_command}' on {base}: bestmove before {release}: {bestmoves(lines)}")
    t = e.send(release)
    before, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 1.0, f"bestmove after {release}")
    check(not bestmoves(e.collect(0.1)), "two bestmoves")
    if expect is not None:
        check(line.split()[1] == expect, f"'{go_command}' on {base}: {line}, want {expect}")
    return lines + before, line, (tb - t) * 1000


@test
def t20_infinite_never_ends_by_itself():
    """T20: go infinite waits for stop: normal, mate in 1, one legal move, mated and stalemated roots."""
    with Engine() as e:
        assert_no_bestmove_until_stop(e, "startpos", "go infinite")
        assert_no_bestmove_until_stop(e, "fen " + MATE_IN_1, "go infinite", expect="a1a8")
        assert_no_bestmove_until_stop(e, "fen " + ONE_LEGAL_MOVE, "go infinite", expect="a1b2")
        assert_no_bestmove_until_stop(e, "fen " + MATE_IN_1, "go infinite depth 2", expect="a1a8")
        lines, _, _ = assert_no_bestmove_until_stop(e, "fen " + CHECKMATED, "go infinite", expect="(none)")
        check("info depth 0 score mate 0" in lines, f"mated root under go infinite: {lines}")
        lines, _, _ = assert_no_bestmove_until_stop(e, "fen " + STALEMATE, "go infinite", expect="(none)")
        check("info depth 0 score cp 0" in lines, f"stalemated root under go infinite: {lines}")


@test
def t20_ponder_never_ends_by_itself():
    """T20: go ponder waits for ponderhit/stop, also on mate in 1 and with one legal move."""
    with Engine() as e:
        e.send("setoption name Ponder value true")
        assert_no_bestmove_until_stop(e, "fen " + MATE_IN_1, "go ponder wtime 300 btime 300", "ponderhit", 0.6, "a1a8")
        assert_no_bestmove_until_stop(e, "fen " + ONE_LEGAL_MOVE, "go ponder wtime 300 btime 300", "ponderhit", 0.6, "a1b2")
        assert_no_bestmove_until_stop(e, "fen " + MATE_IN_1, "go ponder movetime 100", "stop", 0.4, "a1a8")
        assert_no_bestmove_until_stop(e, "fen " + MATE_IN_1, "go ponder depth 2", "ponderhit", 0.3, "a1a8")
        assert_no_bestmove_until_stop(e, "startpos", "go ponder wtime 300 btime 300", "stop", 0.6)


@test
def t21_stop_latency():
    """T21: stop gives exactly one bestmove in < 200 ms (measured; < 20 ms typical)."""
    latencies = []
    with Engine() as e:
        for base, cmd in [("startpos", "go infinite"), ("fen " + KIWIPETE, "go infinite"),
                          ("fen " + POS4, "go ponder wtime 100000 btime 100000"), ("fen " + MATE_IN_1, "go infinite"),
                          ("startpos", "go"), ("fen " + POS5, "go infinite")]:
            e.send(position_command(base))
            e.send(cmd)
            e.collect(0.25)
            t = e.send("stop")
            _, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 1.0, f"bestmove after stop ('{cmd}')")
            latencies.append((tb - t) * 1000)
            assert_bestmove_legal(base, (), line)
            check(not bestmoves(e.collect(0.1)), "two bestmoves for one go")
        # Threads=2 too.
        e.send("setoption name Threads value 2")
        e.send("position fen " + KIWIPETE)
        e.send("go infinite")
        e.collect(0.3)
        t = e.send("stop")
        _, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove after stop (2 threads)")
        latencies.append((tb - t) * 1000)
        assert_bestmove_legal("fen " + KIWIPETE, (), line)
    worst = max(latencies)
    check(worst < scaled(200), f"stop -> bestmove took {worst:.1f} ms ({[round(x, 1) for x in latencies]})")
    return f"stop->bestmove max {worst:.1f} ms, median {statistics.median(latencies):.1f} ms"


def wdl_of(line):
    tokens = line.split()
    if "wdl" not in tokens:
        return None
    i = tokens.index("wdl")
    return tuple(int(x) for x in tokens[i + 1:i + 4])


@test
def h1_show_wdl():
    """UCI_ShowWDL: off by default; on, every scored info line carries `wdl W D L` per mille that
    sums to 1000, the win share rises with the score, and a mate is 1000 0 0."""
    with Engine() as e:
        e.send("position startpos")
        before, _, _ = e.go("go depth 5")
        check(all(wdl_of(l) is None for l in before), f"wdl shown while UCI_ShowWDL is off: {before}")
        e.send("setoption name UCI_ShowWDL value true")
        check(e.sync() == [], "setoption UCI_ShowWDL printed something")
        seen = []
        for fen in (START_FEN, KIWIPETE, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"):
            e.send(f"position fen {fen}")
            before, _, _ = e.go("go depth 6")
            scored = [l for l in before if " score " in l]
            check(scored, f"no scored info lines for {fen}")
            for l in scored:
                w = wdl_of(l)
                check(w is not None and sum(w) == 1000 and min(w) >= 0, f"bad wdl in {l!r}")
            last = scored[-1]
            seen.append((int(info_field(last, "cp")) if info_field(last, "cp") else None, wdl_of(last)))
        # A queen up wins nearly always, a queen down loses, the start position is in between.
        (_, start), _, (_, up), (_, down) = seen
        check(up[0] > 900 and down[2] > 900, f"queen up {up}, queen down {down}")
        check(down[0] < start[0] < up[0], f"win shares not ordered: {seen}")
        e.send(f"position fen {MATE_IN_1}")
        before, _, _ = e.go("go depth 3")
        mates = [l for l in before if " score mate " in l]
        check(mates and all(wdl_of(l) == (1000, 0, 0) for l in mates), f"mate lines: {mates}")
        e.send(f"position fen {CHECKMATED}")
        before, line, _ = e.go("go depth 3")
        check(any(wdl_of(l) == (0, 0, 1000) for l in before), f"checkmated: {before}")


@test
def h2_limit_strength():
    """UCI_LimitStrength + UCI_Elo: a weak level searches a small tree and still plays legal
    moves and takes a free queen; switched off, the full search is back; xiangqi, which has no
    calibrated levels, says so once and plays at full strength."""
    with Engine() as e:
        e.send("setoption name UCI_LimitStrength value true")
        e.send("setoption name UCI_Elo value 1350")
        check(e.sync() == [], "setoption UCI_LimitStrength/UCI_Elo printed something")
        e.send("position startpos moves e2e4")
        before, line, _ = e.go("go wtime 60000 btime 60000 winc 1000 binc 1000")
        assert_bestmove_legal("startpos", ("e2e4",), line)
        nodes = [int(info_field(l, "nodes")) for l in before if info_field(l, "nodes")]
        check(nodes and max(nodes) < 5000, f"UCI_Elo 1350 searched {max(nodes or [0])} nodes")
        hanging = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"  # Rxd5 wins the queen
        for _ in range(5):
            e.send(f"position fen {hanging}")
            _, line, _ = e.go("go wtime 60000 btime 60000")
            check(line.split()[1] == "d1d5", f"a 1350 player left the queen: {line}")
        e.send("setoption name UCI_LimitStrength value false")
        e.send("position startpos moves e2e4")
        before, line, _ = e.go("go depth 12")
        check(max(int(info_field(l, "nodes")) for l in before if info_field(l, "nodes")) > 5000,
              "full strength still limited after UCI_LimitStrength false")
    with xiangqi_engine() as e:
        e.send("setoption name UCI_LimitStrength value true")
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string ") and "xiangqi" in out[0] and "full strength" in out[0],
              f"xiangqi with UCI_LimitStrength: {out}")
        e.send("position startpos")
        before, line, _ = e.go("go depth 8")
        check(line.startswith("bestmove ") and "error" not in " ".join(before), f"{before[-2:]} {line}")


@test
def t22_ponderhit_continues():
    """T22: after ponderhit the search goes on under the clock (counted from go ponder), then moves."""
    with Engine() as e:
        e.send("setoption name Ponder value true")
        moves = ["e2e4", "e7e5"]
        e.send(position_command("startpos", moves))
        t0 = e.send("go ponder wtime 10000 btime 10000")
        early = e.collect(0.05)
        check(not bestmoves(early), "bestmove while pondering")
        e.send("ponderhit")
        before, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 3.0, "bestmove after ponderhit")
        assert_bestmove_legal("startpos", moves, line)
        total = (tb - t0) * 1000
        check(total < scaled(2000), f"ponderhit at 50 ms, bestmove {total:.0f} ms after go ponder with 10 s on the clock")
        check(not bestmoves(e.collect(0.1)), "two bestmoves")
        return f"bestmove {total:.0f} ms after go ponder (ponderhit at 50 ms)"


@test
def t22_ponderhit_after_soft_limit_moves_at_once():
    """T22: ponderhit after the soft limit has already passed: bestmove at once (< 100 ms)."""
    with Engine() as e:
        e.send("setoption name Ponder value true")
        moves = ["e2e4", "e7e5"]
        e.send(position_command("startpos", moves))
        e.send("go ponder wtime 10000 btime 10000")
        lines = e.collect(0.7)  # the soft budget is ~0.2 s of a 10 s clock
        check(not bestmoves(lines), "bestmove while pondering")
        t = e.send("ponderhit")
        _, line, tb = e.read_until(lambda l: l.startswith("bestmove"), 3.0, "bestmove after ponderhit")
        ms = (tb - t) * 1000
        assert_bestmove_legal("startpos", moves, line)
        check(ms < scaled(100), f"ponderhit after the soft limit: bestmove {ms:.0f} ms later")
        return f"ponderhit->bestmove {ms:.1f} ms"


@test
def t23_depth_nodes_mate_limits():
    """T23: go depth returns also near a mate; go nodes stops close to N; go mate stops on the mate."""
    with Engine() as e:
        e.send(position_command("fen " + MATE_IN_1))
        before, line, s = e.go("go depth 3", timeout=2.0)
        check(line.split()[1] == "a1a8", f"mate in 1: {line}")
        check(any(info_field(l, "score") == "mate" and l.split()[l.split().index("score") + 2] == "1"
                  for l in search_infos(before)), f"no 'score mate 1': {before[-1:]}")
        depths = [int(info_field(l, "depth")) for l in search_infos(before)]
        check(max(depths) <= 3, f"go depth 3 reported depth {max(depths)}")
        before, line, s = e.go("go mate 1", timeout=2.0)
        check(line.split()[1] == "a1a8" and s < scaled(0.5), f"go mate 1: {line} after {s:.2f} s")
        e.send(position_command("fen " + MATE_IN_2))
        before, line, s = e.go("go mate 2", timeout=5.0)
        last = search_infos(before)[-1]
        check(" score mate 2 " in last, f"go mate 2: last info {last}")
        check(line.split()[1] in ("g1g7", "h1h7"), f"go mate 2: {line}")
        for n in (1000, 20000, 100000):
            e.send(position_command("fen " + KIWIPETE))
            before, line, s = e.go(f"go nodes {n}", timeout=10.0)
            reported = [int(info_field(l, "nodes")) for l in search_infos(before)]
            check(reported and max(reported) <= n + 512, f"go nodes {n}: reported {reported[-3:]}")
            assert_bestmove_legal("fen " + KIWIPETE, (), line)
        e.send("position startpos")
        before, line, s = e.go("go depth 9")
        check(search_infos(before) and info_field(search_infos(before)[-1], "depth") == "9",
              f"go depth 9 ended at {search_infos(before)[-1:]}")
        check(before[-1].startswith("info") and " pv " in before[-1], f"T28: no full info just before bestmove: {before[-1:]}")


@test
def t23_movetime_accuracy():
    """T23/TM3: go movetime 100 answers between 50 and 150 ms wall time (measured at the pipe)."""
    times = []
    with Engine() as e:
        e.sync()
        for base in ["startpos", "fen " + KIWIPETE, "fen " + POS4]:
            e.send(position_command(base))
            _, line, t = go_within(e, "go movetime 100", 50, 150)
            times += t
            assert_bestmove_legal(base, (), line)
        e.send("setoption name Threads value 2")
        e.send(position_command("fen " + POS5))
        _, line, t = go_within(e, "go movetime 100", 50, 150)
        times += t
    return f"movetime 100 -> {', '.join(f'{t:.0f}' for t in times)} ms"


@test
def t24_no_legal_moves():
    """T24: mated -> info depth 0 score mate 0, stalemate -> score cp 0, then bestmove (none)."""
    with Engine() as e:
        for fen, info in [(CHECKMATED, "info depth 0 score mate 0"), (STALEMATE, "info depth 0 score cp 0")]:
            e.send("position fen " + fen)
            for cmd in ["go depth 5", "go movetime 100", "go wtime 1000 btime 1000", "go nodes 100"]:
                before, line, s = e.go(cmd, timeout=2.0)
                check(before == [info] and line == "bestmove (none)", f"'{cmd}' on {fen}: {before + [line]}")
                check(s < scaled(0.2), f"'{cmd}' with no legal move took {s * 1000:.0f} ms")
        e.send("position fen " + MATE_IN_1 + " moves a1a8")
        before, line, _ = e.go("go depth 3")
        check(before == ["info depth 0 score mate 0"] and line == "bestmove (none)", f"after Ra8#: {before + [line]}")


@test
def t25_single_legal_move_is_fast():
    """T25: one legal move under a clock: reply in < 600 ms."""
    with Engine() as e:
        e.send("position fen " + ONE_LEGAL_MOVE)
        e.sync()
        _, line, s = e.go("go wtime 60000 btime 60000 winc 1000 binc 1000")
        check(line.split()[1] == "a1b2", line)
        check(s < scaled(0.6), f"single legal move took {s * 1000:.0f} ms")
        return f"{s * 1000:.0f} ms"


@test
def t26_t27_bestmove_ponder_and_pv_legal():
    """T26/T27: bestmove legal, ponder legal after it, every PV legal in sequence (also MultiPV, 2 threads)."""
    positions = [("startpos", []), ("fen " + KIWIPETE, []), ("fen " + POS4, []), ("fen " + POS5, []),
                 ("fen " + PROMOTIONS, []), ("fen " + EN_PASSANT, []), ("startpos", ["e2e4", "e7e5", "g1f3"]),
                 ("fen " + CASTLING, []), ("fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [])]
    pv_count = 0
    with Engine() as e:
        for base, moves in positions:
            e.send(position_command(base, moves))
            before, line, _ = e.go("go depth 7")
            assert_bestmove_legal(base, moves, line)
            pv_count += assert_pvs_legal(base, moves, before)
        e.send("setoption name MultiPV value 3")
        e.send("setoption name Threads value 2")
        for base, moves in positions[:4]:
            e.send(position_command(base, moves))
            before, line, _ = e.go("go movetime 150")
            assert_bestmove_legal(base, moves, line)
            pv_count += assert_pvs_legal(base, moves, before)
            # T28: the k lines of one iteration come together, numbered 1..k.
            numbers = [int(info_field(l, "multipv")) for l in search_infos(before)
                       if "lowerbound" not in l and "upperbound" not in l]
            groups = [numbers[i:i + 3] for i in range(0, len(numbers), 3)]
            check(all(g == [1, 2, 3] for g in groups), f"MultiPV 3 lines not grouped 1,2,3: {numbers}")
        # Pondering lines, and the ponder move played as the next position.
        e.send("setoption name MultiPV value 1")
        e.send(position_command("fen " + KIWIPETE))
        e.send("go ponder movetime 100")
        lines = e.collect(0.3)
        e.send("ponderhit")
        before, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 2.0, "bestmove")
        best, ponder = assert_bestmove_legal("fen " + KIWIPETE, (), line)
        pv_count += assert_pvs_legal("fen " + KIWIPETE, (), lines + before)
    return f"{pv_count} PVs checked"


@test
def t28_info_line_format():
    """T28: info lines parse (integers, seldepth with depth, score forms); final info before bestmove."""
    with Engine() as e:
        e.send("position fen " + KIWIPETE)
        before, line, _ = e.go("go depth 8")
        for l in before:
            check_info_line(l)
        check(before[-1].startswith("info depth 8 ") and " score " in before[-1], f"last info: {before[-1]}")
        # currmove/currmovenumber only after about a second, numbered from 1.
        e.send("position startpos")
        e.send("go infinite")
        early = e.collect(0.9)
        check(not [l for l in early if "currmove" in l], f"currmove within 0.9 s: {early[-1:]}")
        lines = e.collect(1.5)
        e.send("stop")
        before, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        for l in lines + before:
            if "currmove" in l:
                check(int(info_field(l, "currmovenumber")) >= 1, l)
                check(info_field(l, "currmove") in legal_moves("startpos"), l)


if __name__ == "__main__":
    sys.exit(uci_harness.main())
