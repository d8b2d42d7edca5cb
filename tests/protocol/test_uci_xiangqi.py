#!/usr/bin/env python3
"""UCI protocol tests, xiangqi (UCI_Variant xiangqi): the variant option, moves and FEN, limits, mate
and no legal move, bad input, perft/d/eval, variant switches, bench, one hash table, EvalFile per
variant (xq1-xq10).

Usage: test_uci_xiangqi.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import os
import re
import subprocess
import sys

import uci_harness
from uci_harness import (
    assert_bestmove_legal, BESTMOVE_RE, check, Engine, info_field, info_strings, is_move,
    position_command, pv_of, sanitized, scaled, search_infos, START_FEN, test, xiangqi_engine, XiangqiReferee,
    xq_assert_line_legal, XQ_CHECKMATED, xq_legal_moves, XQ_MATE_IN_1, XQ_MIDDLEGAME, XQ_MOVE_RE, xq_perft_lines,
    XQ_STALEMATED, XQ_START_FEN,
)


@test
def xq1_variant_option_listed():
    """Xiangqi: `uci` lists UCI_Variant as a combo (Fairy-Stockfish's name), default chess."""
    with Engine(handshake=False) as e:
        options = [l for l in e.handshake() if l.startswith("option name UCI_Variant ")]
        check(options == ["option name UCI_Variant type combo default chess var chess var xiangqi"], f"got {options}")


@test
def xq2_startpos_moves_and_fen():
    """Xiangqi: position startpos/fen with moves (h3e3, h10g8: ranks up to 10), as `d` shows it;
    the placement and side agree with Fairy-Stockfish's."""
    with xiangqi_engine() as e:
        check(e.fen() == XQ_START_FEN, f"start position after switching: {e.fen()}")
        e.send("position startpos moves h3e3 h10g8 h1g3")
        check(e.sync() == [], "position startpos moves ... printed something")
        fen = e.fen()
        check(fen.split()[:2] == ["rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R", "b"], f"got {fen}")
        e.send(f"position fen {XQ_MIDDLEGAME} moves c3c1")
        check(e.sync() == [], "position fen ... moves printed something")
        check(e.fen().split()[:2] == ["2b1ka1r1/4aC3/4b2C1/p3p4/8p/P2RP1B2/1c5RP/4B1n2/9/2rAKA3", "w"], e.fen())
        XiangqiReferee.skip_if_missing("the FEN after h3e3 h10g8 h1g3")
        ref = XiangqiReferee.get()
        ref.send("position startpos moves h3e3 h10g8 h1g3")
        ref_fen = next(l[5:] for l in ref.board().split("\n") if l.startswith("Fen: "))
        e.send("position startpos moves h3e3 h10g8 h1g3")
        check(e.fen().split()[:2] == ref_fen.split()[:2], f"Sen {e.fen()} vs Fairy-Stockfish {ref_fen}")


@test
def xq3_go_limits_give_legal_moves():
    """Xiangqi: go depth/nodes/movetime/clocks/searchmoves answer with legal bestmove, ponder and
    PV moves in xiangqi notation (refereed by Fairy-Stockfish when installed)."""
    cases = [("startpos", [], "go depth 6"),
             ("startpos", ["h3e3", "h10g8"], "go nodes 20000"),
             (f"fen {XQ_MIDDLEGAME}", [], "go movetime 200"),
             (f"fen {XQ_MIDDLEGAME}", ["c3c1"], "go wtime 3000 btime 3000 winc 50 binc 50"),
             ("startpos", ["b3e3"], "go depth 5 searchmoves b10c8 h10g8")]
    if XiangqiReferee.available():
        check(len(xq_legal_moves("startpos")) == 44, "the referee does not list the 44 moves of the start position")
    with xiangqi_engine() as e:
        for base, moves, go in cases:
            e.send(position_command(base, moves))
            before, line, _ = e.go(go)
            m = BESTMOVE_RE.fullmatch(line)
            check(m is not None and XQ_MOVE_RE.fullmatch(m.group(1)), f"{go}: {line}")
            infos = search_infos(before)
            check(infos, f"{go}: no info lines")
            if "searchmoves" in go:
                check(m.group(1) in ("b10c8", "h10g8"), f"searchmoves ignored: {line}")
            if XiangqiReferee.available():
                xq_assert_line_legal(base, moves, [m.group(1)] + ([m.group(2)] if m.group(2) else []), f"{go} bestmove")
                xq_assert_line_legal(base, moves, pv_of(infos[-1]), f"{go} last pv")
    XiangqiReferee.skip_if_missing("the legality of bestmove, ponder and PV moves")


@test
def xq4_mate_and_no_legal_move():
    """Xiangqi: a mate in one is announced; with no legal move the side to move has lost, in
    check or not (no stalemate draw): `info depth 0 score mate 0` and `bestmove (none)`."""
    with xiangqi_engine() as e:
        e.send(f"position fen {XQ_MATE_IN_1}")
        before, line, _ = e.go("go depth 5")
        check(line.startswith("bestmove b1b10"), line)
        check(info_field(search_infos(before)[-1], "mate") == "1", search_infos(before)[-1])
        for fen in (XQ_CHECKMATED, XQ_STALEMATED):
            e.send(f"position fen {fen}")
            before, line, _ = e.go("go depth 5")
            check(line == "bestmove (none)", f"{fen}: {line}")
            check("info depth 0 score mate 0" in before, f"{fen}: {before}")
        e.send(f"position fen {XQ_MATE_IN_1}")
        before, line, _ = e.go("go depth 3 searchmoves a9a10")  # checks, but the general escapes
        check(line.startswith("bestmove a9a10"), line)


@test
def xq5_bad_input_leaves_state_unchanged():
    """Xiangqi: a bad FEN, a chess FEN, an illegal or unreadable move: one info string error each,
    position unchanged."""
    with xiangqi_engine() as e:
        e.send("position startpos moves h3e3")
        e.sync()
        before = e.fen()
        for bad in [f"position fen {START_FEN}",
                    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
                    "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",  # generals facing each other
                    "position startpos moves h3e3 e2e4",
                    "position startpos moves h3e3 h10h8",              # a horse cannot move like that
                    "position startpos moves h3e3 i10i11",
                    "position startpos moves h3e3 d10c9"]:             # an advisor leaves the palace
            e.send(bad)
            out = e.sync()
            check(len(out) == 1 and out[0].startswith("info string error"), f"'{bad}' gave {out}")
            check(e.fen() == before, f"'{bad}' changed the position to {e.fen()}")


@test
def xq6_perft_d_eval():
    """Xiangqi: go perft N and perft N count like Fairy-Stockfish (44, 1920, 79666 from the start);
    d and eval describe the xiangqi position."""
    with xiangqi_engine() as e:
        for depth, total in [(1, 44), (2, 1920), (3, 79666)]:
            e.send(f"go perft {depth}")
            before, line, _ = e.read_until(lambda l: l.startswith("Nodes searched"), 20.0, "Nodes searched")
            check(line == f"Nodes searched: {total}", f"perft {depth}: {line}")
            if depth == 1:
                check(len(xq_perft_lines(before)) == 44, f"divide lines: {before}")
        e.send(f"position fen {XQ_MIDDLEGAME} moves c3c1")
        e.send("perft 2")
        before, line, _ = e.read_until(lambda l: l.startswith("Nodes searched"), 20.0, "Nodes searched")
        ours = xq_perft_lines(before)
        check(len(ours) > 20, f"divide: {before[:5]}")
        e.send("d")
        board = e.sync()
        check(any(l.rstrip().endswith("| 10") for l in board), f"d shows no tenth rank: {board[:4]}")
        e.send("eval")
        out = e.sync()
        check(any(l.startswith("Final evaluation:") for l in out), f"eval: {out}")
        XiangqiReferee.skip_if_missing("perft 2's divide")
        ref = XiangqiReferee.get()
        ref.send(f"position fen {XQ_MIDDLEGAME} moves c3c1")
        ref.send("go perft 2")
        lines, _, _ = ref.read_until(lambda l: l.startswith("Nodes searched"), 10.0, "referee perft total")
        theirs = xq_perft_lines(lines)
        check(len(theirs) > 20, f"referee divide: {lines[:5]}")
        check(ours == theirs, f"divide differs from Fairy-Stockfish: {sorted(set(ours.items()) ^ set(theirs.items()))[:6]}")


@test
def xq7_variant_switch_rules():
    """Xiangqi: UCI_Variant cannot change during a search (one info string error, the search and
    its notation go on); when idle it sets the other game's start position. Options set before
    carry over (MultiPV); UCI_Chess960 leaves a xiangqi position alone; an unknown variant is
    refused."""
    with Engine() as e:
        e.send("setoption name MultiPV value 2")
        e.send("position startpos moves e2e4")
        e.send("setoption name UCI_Variant value xiangqi")
        check(e.sync() == [], "switch printed something")
        check(e.fen() == XQ_START_FEN, f"after switching to xiangqi: {e.fen()}")
        before, line, _ = e.go("go depth 4")
        depth4 = [l for l in search_infos(before) if info_field(l, "depth") == "4"]
        check(sorted(info_field(l, "multipv") for l in depth4) == ["1", "2"], f"MultiPV 2 not applied: {depth4}")
        e.send("position startpos moves h3e3")
        e.send("go infinite")
        e.collect(0.2)
        e.send("setoption name UCI_Variant value chess")
        out = e.collect(0.2)
        check(len(info_strings(out)) == 1 and "error" in info_strings(out)[0], f"switch during search: {info_strings(out)}")
        e.send("stop")
        before, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 2.0, "bestmove after stop")
        check(XQ_MOVE_RE.fullmatch(line.split()[1]) is not None, f"not a xiangqi move: {line}")
        check(e.fen().split()[0] == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR", e.fen())
        e.send("setoption name UCI_Chess960 value true")
        check(e.sync() == [] and e.fen().split()[0] == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR",
              f"UCI_Chess960 changed the xiangqi position: {e.fen()}")
        e.send("setoption name UCI_Chess960 value false")
        e.send("setoption name UCI_Variant value shogi")
        out = e.sync()
        check(len(out) == 1 and out[0].startswith("info string error"), f"unknown variant: {out}")
        e.send("setoption name UCI_Variant value chess")
        check(e.sync() == [], "switch back printed something")
        check(e.fen() == START_FEN, f"after switching back to chess: {e.fen()}")
        e.send("position startpos moves e2e4")
        before, line, _ = e.go("go depth 4")
        assert_bestmove_legal("startpos", ["e2e4"], line)


@test
def xq8_bench_matches_command_line():
    """Xiangqi: `bench N` under UCI_Variant xiangqi gives the node count of `sen bench N --variant
    xiangqi`, which differs from the chess bench."""
    with xiangqi_engine() as e:
        e.send("bench 5")
        _, line, _ = e.read_until(lambda l: l.endswith(" nps"), 60.0, "bench result")
    m = re.fullmatch(r"(\d+) nodes (\d+) nps", line)
    check(m is not None, f"bench line: {line}")
    cli = subprocess.run([uci_harness.BINARY, "bench", "5", "--variant", "xiangqi"], capture_output=True, text=True, timeout=scaled(60))
    last = cli.stdout.strip().split("\n")[-1]
    check(last.split()[0] == m.group(1), f"UCI bench {line} vs command line {last}")
    chess = subprocess.run([uci_harness.BINARY, "bench", "5"], capture_output=True, text=True, timeout=scaled(60))
    check(chess.stdout.strip().split("\n")[-1].split()[0] != m.group(1), "xiangqi bench counted the chess positions")


@test
def xq9_one_hash_table_at_a_time():
    """Xiangqi: switching UCI_Variant frees the old game's hash table before making the new one:
    with Hash 64 filled (ucinewgame clears, touching every page) in both games in turn, resident
    memory stays within Hash + 32 MB (not checked in sanitizer builds)."""
    if sanitized(uci_harness.BINARY):
        return "sanitizer build: resident memory bound not checked"
    with Engine() as e:
        e.send("setoption name Hash value 64")
        e.send("ucinewgame")
        e.sync()
        peak = e.status_mb("VmRSS")
        for variant in ["xiangqi", "chess", "xiangqi"]:
            e.send(f"setoption name UCI_Variant value {variant}")
            e.send("ucinewgame")
            e.go("go depth 6")
            e.sync()
            peak = max(peak, e.status_mb("VmRSS"))
        check(peak <= 64 + 32, f"resident memory reached {peak:.1f} MB with Hash 64")
        return f"peak resident {peak:.1f} MB"


@test
def xq10_eval_file_per_variant():
    """Xiangqi: EvalFile loads a xiangqi network of the build's layout (that of the built-in
    nets/xiangqi.nnue: its magic, width and output buckets) and evaluates with it; a chess network
    is refused with an info string and the evaluation stays; <empty> goes back to the tables; chess
    keeps its own network meanwhile."""
    import struct
    import tempfile
    nets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "nets")
    with open(os.path.join(nets, "xiangqi.nnue"), "rb") as built_in:
        header = built_in.read(20)
    magic = header[:8]
    hidden, scale = struct.unpack("<II", header[8:16])
    # SENXNUE2 has output buckets, their count the last header word (src/nnue/network_file.h).
    buckets = struct.unpack("<I", header[16:20])[0] if magic == b"SENXNUE2" else 1
    head = magic + struct.pack("<II", hidden, scale) + (struct.pack("<I", buckets) if magic == b"SENXNUE2" else b"")
    # Every weight zero but the output biases: every position is worth 2 units, 2 * 170 cp.
    body = bytes(2 * (1260 * hidden + hidden + buckets * 2 * hidden)) + struct.pack("<i", 2 * 255 * 64) * buckets
    chess_net = os.path.join(nets, "default.nnue")
    with tempfile.NamedTemporaryFile(suffix=".nnue", delete=False) as f:
        f.write(head + body)
        xq_net = f.name
    try:
        with xiangqi_engine() as e:
            e.send(f"setoption name EvalFile value {chess_net}")
            out = e.sync()
            check(len(out) == 1 and out[0].startswith("info string error: option EvalFile") and "not a Sen xiangqi network" in out[0],
                  f"a chess network given in xiangqi: {out}")
            e.send(f"setoption name EvalFile value {xq_net}")
            out = e.sync()
            check(out == [f"info string EvalFile: evaluating xiangqi with the network in {xq_net}"], f"loading {xq_net}: {out}")
            e.send("eval")
            out = e.sync()
            # 340 in the network's units, 110 normalised: 340 * 100 / 310.08, the xiangqi model's pawn.
            check(out[:1] == ["network: 110 cp (side to move; 340 in the network's units)"], f"eval with the network: {out[:2]}")
            _, best, _ = e.go("go depth 4")
            check(is_move(best.split()[1], True), f"go with the network: {best}")
            e.send("setoption name EvalFile value <empty>")
            out = e.sync()
            check(out == ["info string EvalFile: evaluating xiangqi with the table evaluation"], f"<empty>: {out}")
            e.send("setoption name UCI_Variant value chess")
            e.send("eval")
            out = e.sync()
            check(any(l.startswith("network: ") for l in out), f"chess lost its network: {out[:2]}")
    finally:
        os.unlink(xq_net)


if __name__ == "__main__":
    sys.exit(uci_harness.main())
