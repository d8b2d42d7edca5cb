#!/usr/bin/env python3
"""UCI protocol tests, handshake and options: the uci answer, isready, debug and register, setoption
names, the time budget, ucinewgame (T4, T6-T13).

Usage: test_uci_handshake.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import math
import os
import re
import statistics
import sys
import time

import uci_harness
from uci_harness import (
    assert_bestmove_legal, assert_pvs_legal, bestmoves, check, Engine, Failure, info_field, info_strings, is_int,
    KIWIPETE, POS4, position_command, scaled, search_infos, STRIP_TIME_RE, test,
)


def parse_option_like_python_chess(line):
    """Option parsing of python-chess (engine.py UciProtocol._option + Option.parse); raises on error."""
    arg = line[len("option"):].strip()
    parameters = ["name", "type", "default", "min", "max", "var"]
    inner = "|".join(fr"\b{p}\b" for p in parameters)
    parts = {}
    var = []
    current = None
    for token in re.split(fr"\s*({inner})\s*", arg):
        if token == "var" or (token in parameters and token not in parts):
            current = token
        elif current == "var":
            var.append(token)
        elif current:
            parts[current] = token
    name = parts.get("name", "")
    kind = parts.get("type", "")

    def number(which):
        text = parts.get(which, "")
        return int(text) if text else None

    lo, hi = number("min"), number("max")
    default = parts.get("default", "")
    if kind == "check":
        check(default in ("true", "false"), f"check option {name!r} default {default!r}")
        value = default == "true"
    elif kind == "spin":
        check(is_int(default), f"spin option {name!r}: default {default!r} is not an integer")
        value = int(default)
        check(lo is not None and hi is not None, f"spin option {name!r} without min/max")
        check(lo <= value <= hi, f"spin option {name!r}: default {value} outside [{lo}, {hi}]")
    elif kind == "combo":
        check(default in var, f"combo option {name!r}: default {default!r} not among {var}")
        value = default
    elif kind == "button":
        value = None
    elif kind == "string":
        check(default != "", f"string option {name!r}: an empty default must be written <empty>")
        value = default
    else:
        raise Failure(f"option {name!r}: unknown type {kind!r}")
    check(name and not set(name.lower().split()) & set(parameters), f"option name {name!r} uses a keyword")
    return {"name": name, "type": kind, "default": value, "min": lo, "max": hi, "var": var}


@test
def t6_t9_t10_handshake():
    """T6/T9/T10: id name, id author, parseable options with the minimum set, uciok, nothing else."""
    with Engine(handshake=False) as e:
        e.send("uci")
        lines, _, _ = e.read_until(lambda l: l == "uciok", 5.0, "uciok")
        check(lines and lines[0].startswith("id name ") and len(lines[0]) > 8, f"first line {lines[:1]}")
        check(len(lines) > 1 and lines[1].startswith("id author ") and len(lines[1]) > 10, f"second line {lines[1:2]}")
        options = {}
        for line in lines[2:]:
            check(line.startswith("option name "), f"unexpected line in the uci answer: {line!r}")
            opt = parse_option_like_python_chess(line)
            check(opt["name"].lower() not in options, f"option {opt['name']} listed twice")
            options[opt["name"].lower()] = opt
        after = e.collect(0.3)
        check(after == [], f"output after uciok: {after}")

        def want(name, kind, default=None, lo=None, hi=None):
            check(name.lower() in options, f"option {name} missing")
            o = options[name.lower()]
            check(o["name"] == name and o["type"] == kind, f"option {name}: {o}")
            if default is not None:
                check(o["default"] == default, f"option {name} default {o['default']}, want {default}")
            if lo is not None:
                check(o["min"] == lo and o["max"] == hi, f"option {name} range {o['min']}..{o['max']}, want {lo}..{hi}")

        want("Hash", "spin")
        want("Threads", "spin", 1)
        want("Move Overhead", "spin", 10, 0, 5000)
        want("MultiPV", "spin", 1)
        want("Ponder", "check", False)
        want("Clear Hash", "button")
        want("UCI_Chess960", "check", False)
        want("UCI_ShowWDL", "check", False)
        want("UCI_LimitStrength", "check", False)
        want("UCI_Elo", "spin", 1350, 1350, 2850)
        want("OwnBook", "check", True)
        want("BookFile", "string", "<empty>")
        want("SyzygyPath", "string", "<empty>")
        want("SyzygyProbeDepth", "spin", 1, 1, 100)
        want("Syzygy50MoveRule", "check", True)
        want("SyzygyProbeLimit", "spin", 7, 0, 7)
        check(options["hash"]["min"] >= 1 and options["threads"]["min"] == 1, "Hash/Threads minimum")
        return f"{len(options)} options"


@test
def t6_second_uci():
    """T6: a second uci gets the same full answer."""
    with Engine(handshake=False) as e:
        first = e.handshake()
        e.sync()
        second = e.handshake()
        check(first == second, f"second uci answer differs:\n{first}\n{second}")
        check(e.collect(0.2) == [], "output after the second uciok")


@test
def t7_isready_idle():
    """T7: idle isready gets readyok and nothing else, after earlier commands are done."""
    with Engine(handshake=False) as e:
        e.send("uci")
        e.send("setoption name Hash value 64")
        e.send("ucinewgame")
        e.send("position startpos moves e2e4")
        before = e.sync()
        check(before[-1] == "uciok" and not [l for l in before if l.startswith("info")], f"before readyok: {before[-3:]}")
        t = e.send("isready")
        _, _, tr = e.read_until(lambda l: l == "readyok", 1.0, "readyok")
        check(e.collect(0.1) == [], "output after readyok")
        return f"idle isready {(tr - t) * 1000:.1f} ms"


@test
def t4_t7_isready_during_search():
    """T4/T7: isready during go infinite is answered within 50 ms and the search goes on."""
    with Engine() as e:
        e.send("position startpos")
        e.send("go infinite")
        e.collect(0.15)
        rounds = []
        for _ in range(3):  # a round of 6 must all be < 50 ms; 3 rounds, as the machine may be loaded
            latencies = []
            for _ in range(6):
                t = e.send("isready")
                before, _, tr = e.read_until(lambda l: l == "readyok", 2.0, "readyok during search")
                check(not bestmoves(before), f"bestmove before stop: {bestmoves(before)}")
                latencies.append((tr - t) * 1000)
                time.sleep(0.03)
            rounds.append(latencies)
            if max(latencies) < scaled(50):
                break
        # The search goes on: more info lines keep coming (currmove after 1 s at the latest).
        more = e.collect(1.6)
        check(not bestmoves(more), f"bestmove before stop: {bestmoves(more)}")
        check(any(l.startswith("info depth") for l in more), "no info after isready: the search stopped")
        e.send("stop")
        e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove after stop")
        worst = max(latencies)
        check(worst < scaled(50), f"isready during search took up to {worst:.1f} ms in every round: "
                          f"{[[round(x, 1) for x in r] for r in rounds]}")
        every = [x for r in rounds for x in r]
        return f"isready in search: max {max(every):.1f} ms, median {statistics.median(every):.1f} ms over {len(every)}"


@test
def t8_debug_and_register():
    """T8: debug on|off and register are accepted silently, at any time."""
    with Engine() as e:
        for cmd in ["debug on", "debug off", "register later", "register name Someone code 1234", "debug"]:
            e.send(cmd)
        check(e.sync() == [], "debug/register produced output")
        e.send("position startpos")
        e.send("go infinite")
        e.collect(0.1)
        e.send("debug on")
        e.send("register later")
        e.send("stop")
        before, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove")
        check(not info_strings(before), f"debug during search gave {info_strings(before)}")


BUDGET_RE = re.compile(r"info string time budget soft (\d+) ms hard (\d+) ms overhead (\d+) ms "
                       r"\(learned latency (\d+) ms\)")


@test
def tm_latency_learned_from_the_clocks():
    """Time manager: a clock that falls short of what our own timing predicts raises the overhead
    the next budget is planned with (shown under debug on); ucinewgame forgets it."""
    def budget(lines):
        found = [BUDGET_RE.match(l) for l in info_strings(lines)]
        found = [m for m in found if m]
        check(len(found) == 1, f"expected one budget line under debug on, got {info_strings(lines)}")
        return [int(x) for x in found[0].groups()]

    with Engine() as e:
        e.send("debug on")
        e.send("setoption name Move Overhead value 10")
        e.send("position startpos")
        before, _, first_move_s = e.go("go wtime 10000 btime 10000 winc 100 binc 100 depth 1")
        soft, hard, overhead, learned = budget(before)
        check(overhead == 10 and learned == 0, f"first move: overhead {overhead}, learned {learned}")
        # The GUI says 9500 where 10000 + 100 - (our own time) was due: 600 ms less our own time
        # went missing. Our own time lies within what the harness measured from sending go to the
        # bestmove, a few ms here, more on a loaded machine or under wine: the bounds follow it.
        own_at_most = math.ceil(first_move_s * 1000)
        check(own_at_most < 400, f"the first move took {own_at_most} ms: too slow to measure a 600 ms shortfall")
        e.send("position startpos moves e2e4 e7e5")
        before, _, _ = e.go("go wtime 9500 btime 10000 winc 100 binc 100 depth 1")
        soft2, hard2, overhead2, learned2 = budget(before)
        check(600 - own_at_most <= learned2 <= 600 and overhead2 == learned2,
              f"after a 600 ms shortfall (the first move within {own_at_most} ms): overhead {overhead2}, learned {learned2}")
        check(hard2 < hard, f"hard budget did not shrink: {hard} -> {hard2}")
        e.send("ucinewgame")
        e.send("position startpos")
        before, _, _ = e.go("go wtime 10000 btime 10000 winc 100 binc 100 depth 1")
        _, _, overhead3, learned3 = budget(before)
        check(overhead3 == 10 and learned3 == 0, f"after ucinewgame: overhead {overhead3}, learned {learned3}")
        e.send("debug off")
        before, _, _ = e.go("go wtime 10000 btime 10000 winc 100 binc 100 depth 1")
        check(not info_strings(before), f"debug off still printed {info_strings(before)}")


@test
def t11_setoption_names_with_spaces_and_case():
    """T11: names with spaces, case-insensitive names, value to the end of the line."""
    with Engine() as e:
        for cmd in ["setoption name Move Overhead value 100", "setoption name move overhead value 50",
                    "setoption name MOVE OVERHEAD value 0", "setoption name Clear Hash", "setoption name clear hash",
                    "setoption name Ponder value true", "setoption name ponder value FALSE",
                    "setoption name uci_chess960 value false", "setoption name hash value 8",
                    "setoption name THREADS value 1"]:
            e.send(cmd)
            out = e.sync()
            check(out == [], f"'{cmd}' gave {out}")
        e.send("setoption name multipv value 3")
        e.send("position startpos")
        before, line, _ = e.go("go depth 4")
        last_depth = [l for l in search_infos(before) if info_field(l, "depth") == "4"]
        check(sorted(info_field(l, "multipv") for l in last_depth) == ["1", "2", "3"],
              f"multipv 3 (set in lower case) gave: {last_depth}")


@test
def t11_syzygy_path_and_clocked_games():
    """T11: SyzygyPath: a bad folder gets an info string and play goes on; the test tables are
    found, and searches on the clock in table endings answer legal moves with tbhits."""
    tables = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "data", "syzygy")
    with Engine() as e:
        e.send("setoption name SyzygyPath value /no/such/folder")
        out = e.sync()
        check(any("SyzygyPath: no tablebase files" in l for l in info_strings(out)), f"bad path: {out}")
        e.send(position_command("startpos"))
        _, line, _ = e.go("go depth 3")
        assert_bestmove_legal("startpos", (), line)
        e.send(f"setoption name SyzygyPath value {tables}")
        out = e.sync()
        check(any("found 7 WDL and 7 DTZ" in l for l in info_strings(out)), f"test tables: {out}")
        for fen in ["8/8/8/8/8/2k5/8/KR6 w - - 0 1", "8/8/3k4/8/3P4/3K4/8/8 b - - 0 1", "8/8/8/3k4/8/8/8/KBN5 w - - 20 40",
                    "8/8/8/8/1pP5/1K6/8/1k6 b - c3 0 1"]:
            e.send(position_command("fen " + fen))
            before, line, _ = e.go("go wtime 1000 btime 1000 winc 100 binc 100")
            assert_bestmove_legal("fen " + fen, (), line)
            check(any(info_field(l, "tbhits") is not None for l in search_infos(before)), f"no tbhits: {before[-3:]}")
        e.send("setoption name SyzygyPath value <empty>")
        e.sync()
    return "bad path refused, table endings played"


@test
def t12_setoption_during_search():
    """T12: Hash/Threads/Clear Hash/MultiPV during a search: deferred, no crash, isready still fast."""
    with Engine() as e:
        e.send("position fen " + KIWIPETE)
        e.send("go infinite")
        e.collect(0.2)
        t = time.monotonic()
        e.send("setoption name Hash value 64")
        e.send("setoption name Threads value 2")
        e.send("setoption name Clear Hash")
        e.send("setoption name MultiPV value 2")
        before = e.sync(timeout=2.0)
        check((time.monotonic() - t) < scaled(0.2), "isready after setoption during a search was slow")
        check(not bestmoves(before), f"setoption ended the search: {bestmoves(before)}")
        check(not info_strings(before), f"errors: {info_strings(before)}")
        more = e.collect(0.3)
        check(not bestmoves(more), "setoption ended the search")
        e.send("stop")
        _, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove after stop")
        assert_bestmove_legal("fen " + KIWIPETE, (), line)
        check(e.sync() == [], "output before readyok after the search")
        before, line, _ = e.go("go depth 5")
        assert_bestmove_legal("fen " + KIWIPETE, (), line)
        assert_pvs_legal("fen " + KIWIPETE, (), before)
        # Hash resized again right after a search, then searching again.
        e.send("setoption name Hash value 1")
        e.send("setoption name Threads value 1")
        check(e.sync() == [], "errors after resizing")
        _, line, _ = e.go("go depth 5")
        assert_bestmove_legal("fen " + KIWIPETE, (), line)


@test
def t13_ucinewgame_determinism():
    """T13: ucinewgame / position X / go depth 8 gives the same output (apart from time, nps) twice."""
    with Engine() as e:
        runs = []
        for warmup in ["position startpos moves d2d4", "position fen " + POS4]:
            e.send(warmup)
            e.go("go depth 7")
            e.send("ucinewgame")
            e.send("position fen " + KIWIPETE)
            before, line, _ = e.go("go depth 8")
            runs.append([STRIP_TIME_RE.sub("", l) for l in before + [line]])
        check(runs[0] == runs[1], "outputs differ:\n" + "\n".join(
            f"  {a}\n  {b}" for a, b in zip(runs[0], runs[1]) if a != b)[:1500])
    # The same in a fresh process, with and without ucinewgame (the engine needs none).
    for first in ["ucinewgame", "isready"]:
        with Engine() as e:
            e.send(first)
            e.send("position fen " + KIWIPETE)
            before, line, _ = e.go("go depth 8")
            fresh = [STRIP_TIME_RE.sub("", l) for l in before + [line] if l != "readyok"]
        check(fresh == runs[0], f"a fresh process ({first}) differs from ucinewgame:\n" + "\n".join(
            f"  {a}\n  {b}" for a, b in zip(runs[0], fresh) if a != b)[:1500])


if __name__ == "__main__":
    sys.exit(uci_harness.main())
