#!/usr/bin/env python3
"""UCI protocol tests, bad input: bad FENs, FEN edge cases, bad moves, bad position commands, garbage
bytes, also during a search (section 2).

Usage: test_uci_bad_input.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import random
import sys

import uci_harness
from uci_harness import (
    assert_bestmove_legal, assert_one_legal_bestmove_at_depth1, BESTMOVE_RE, bestmoves, CASTLING, check, Engine,
    info_strings, KIWIPETE, MANY_MOVES, position_command, test,
)


def bad_input_case(e, command, expect, fragment=None):
    """Sends `command` (str or bytes) after a known position; checks the reaction and that the
    position is unchanged (expect 'error' or 'ignored') and a following go still gives one legal
    bestmove. expect 'either' allows acceptance; then the new position is returned."""
    base_moves = ["e2e4", "c7c5"]
    e.send(position_command("startpos", base_moves))
    board_before = e.board()
    if isinstance(command, bytes):
        e.send_bytes(command + b"\n")
    else:
        e.send(command)
    out = e.sync()
    label = (command[:60] if isinstance(command, str) else repr(command[:40])) + f" ({len(command)} bytes)"
    errors = [l for l in out if l.startswith("info string error")]
    board_after = e.board()
    if expect == "error":
        check(len(out) == 1 and len(errors) == 1, f"{label}: want one 'info string error', got {out[:3]}")
        if fragment:
            for f in fragment:
                check(f in errors[0], f"{label}: error does not name '{f}': {errors[0]!r}")
        check(board_after == board_before, f"{label}: position changed:\n{board_after}")
    elif expect == "ignored":
        check(len(out) <= 1 and all(l.startswith("info string") for l in out), f"{label}: {out[:3]}")
        check(board_after == board_before, f"{label}: position changed")
    elif expect == "either":
        check(len(out) <= 1, f"{label}: {out[:3]}")
        if errors or board_after == board_before:
            check(board_after == board_before, f"{label}: error but position changed")
        else:
            return board_after
    assert_one_legal_bestmove_at_depth1(e, "startpos", base_moves)
    return None


@test
def s2_bad_fens():
    """Section 2: broken FENs -> one error, position unchanged, go still legal."""
    cases = ["position fen", "position fen blah", "position fen 8/8/8/8/8/8/8 w - - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - abc 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
             "position fen 8/8/8/8/8/8/8/8 w - - 0 1",                       # no kings
             "position fen 4k3/8/8/8/8/8/8/8 w - - 0 1",                     # no white king
             "position fen 4k3/8/8/8/8/8/8/3KK3 w - - 0 1",                  # two white kings
             "position fen 4k3/8/8/8/8/8/8/P3K3 w - - 0 1",                  # pawn on rank 1
             "position fen 3Pk3/8/8/8/8/8/8/4K3 w - - 0 1",                  # pawn on rank 8
             "position fen 4k3/8/8/8/8/8/8/4K2p b - - 0 1",                  # black pawn on rank 1
             "position fen 4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",                 # side not to move in check
             "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 garbage moves",
             "position fen \x01\x02 w - - 0 1"]
    with Engine() as e:
        for c in cases:
            bad_input_case(e, c, "error")
        return f"{len(cases)} FENs"


@test
def s2_fen_edge_cases_accept_or_error():
    """Section 2: side-to-move-only FEN, rights without rook/king, impossible ep, > 256 moves: no crash."""
    with Engine() as e:
        # Board plus side to move only: accept with "- - 0 1" or error.
        board = bad_input_case(e, "position fen r3k2r/8/8/8/8/8/8/RN2K1NR w", "either")
        if board is not None:
            check("Fen: r3k2r/8/8/8/8/8/8/RN2K1NR w - - 0 1" in board, f"side-only FEN accepted as {board}")
        # Castling rights without their rook or king: dropped or error.
        for fen, kept in [("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", " w - -"),
                          ("r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1", " w kq -"),
                          ("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", " w kq -")]:
            board = bad_input_case(e, "position fen " + fen, "either")
            if board is not None:
                check(kept in board, f"{fen}: bad castling rights kept: {board.splitlines()[-4:]}")
                e.send("position fen " + fen)
                _, line, _ = e.go("go depth 4")
                assert_bestmove_legal("fen " + fen, (), line)
        # Impossible ep squares: dropped or error.
        for fen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
                    "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"]:
            board = bad_input_case(e, "position fen " + fen, "either")
            if board is not None:
                e.send("position fen " + fen)
                _, line, _ = e.go("go depth 4")
                assert_bestmove_legal("fen " + fen, (), line)
        # More than 256 legal moves: rejected, or handled without overflow.
        board = bad_input_case(e, "position fen " + MANY_MOVES, "either")
        if board is not None:
            e.send("position fen " + MANY_MOVES)
            _, line, _ = e.go("go depth 2")
            check(BESTMOVE_RE.fullmatch(line), line)


@test
def s2_bad_moves():
    """Section 2: illegal/unparsable moves: one error naming the move and its index; whole command rejected."""
    with Engine() as e:
        for moves, bad, index in [("e2e4 e7e5 e2e5", "e2e5", "3"), ("e7e8x", "e7e8x", "1"), ("a1a1", "a1a1", "1"),
                                  ("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1", "e1h1", "7"), ("e2e4 xyz", "xyz", "2"),
                                  ("e2e4 e7e5 e2e4", "e2e4", "3"), ("e2e4 e7e5 0000", "0000", "3"),
                                  ("e2e4 e2e4e2e4e2e4", "e2e4e2e4", "2"), ("e2e4 E7E5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 d2d3 e8g8 c1g5 h7h6 g5h4 g7g5 h4g3 d7d6 a2a3 a7a6 e1g1", "e1g1", "19"),
                                  ("e2e4 d7d5 e4e5 f7f5 e5f6 e8f7 f6g7 f7f6 g7h8q", "g7h8q", None)]:
            if index is None:  # a legal list: accepted
                e.send(f"position startpos moves {moves}")
                check(e.sync() == [], f"legal list '{moves}' rejected")
                continue
            bad_input_case(e, f"position startpos moves {moves}", "error", [bad, f"move {index} "])
        bad_input_case(e, "position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8", "error", ["e7e8"])
        bad_input_case(e, "position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8k", "error", ["e7e8k"])
        bad_input_case(e, f"position fen {CASTLING} moves e1h1", "error", ["e1h1"])


@test
def s2_bad_position_commands():
    """Section 2: position moves e2e4, position foo, bare position, position startpos junk -> error, unchanged."""
    with Engine() as e:
        for c in ["position moves e2e4", "position foo", "position", "position startpos junk",
                  "position startpos e2e4", "position fen moves e2e4", "position startpos moves e2e4 moves e7e5",
                  "position  fen  " + KIWIPETE + "  mooves  e1g1"]:
            bad_input_case(e, c, "error")
        # Upper-case keywords are accepted.
        e.send("POSITION STARTPOS MOVES e2e4")
        check(e.sync() == [], "upper-case position keywords")


@test
def s2_garbage_bytes():
    """Section 2: NUL bytes, lone \\r, 20 KB and 64 KB garbage lines: ignored, engine keeps working."""
    rng = random.Random(20240901)
    garbage64 = bytes(rng.choice([b for b in range(256) if b != 10]) for _ in range(64 * 1024))
    garbage20 = bytes(rng.choice(b"abcdefgh12345678 ") for _ in range(20 * 1024))
    with Engine() as e:
        bad_input_case(e, b"\x00\x00\x00", "ignored")
        bad_input_case(e, b"\r", "ignored")
        bad_input_case(e, b"\x00position startpos moves e2e4 e7e5\x00\x00", "either")
        bad_input_case(e, garbage64, "ignored")
        bad_input_case(e, garbage20, "ignored")
        bad_input_case(e, b"position fen " + garbage64, "error")
        bad_input_case(e, b"position startpos moves " + garbage20, "error")
        bad_input_case(e, b"go perft " + garbage20, "error")
        bad_input_case(e, b"\xff\xfe\xfd uci", "ignored")
        bad_input_case(e, "x" * (20 * 1024), "ignored")
        # A lone \r inside a line separates nothing, and a \r-terminated line is read with the next.
        e.send_bytes(b"\risready\n")
        e.read_until(lambda l: l == "readyok", 2.0, "readyok after '\\risready'")
        e.send_bytes(b"isready\x00\n")
        e.read_until(lambda l: l == "readyok", 2.0, "readyok after 'isready\\0'")
        check(e.sync() == [], "leftover output")


@test
def s2_garbage_during_search():
    """Section 2 during a search: bad commands do not disturb it; still one bestmove on stop."""
    with Engine() as e:
        e.send("position startpos")
        e.send("go infinite")
        e.collect(0.1)
        for c in [b"position fen blah", b"\x00\x01\x02", b"setoption name Hash value abc",
                  b"position startpos moves e2e5", b"perft 3", b"bench", b"x" * 65536]:
            e.send_bytes(c + b"\n")
        lines = e.collect(0.3)
        check(not bestmoves(lines), f"bad input ended the search... {lines[-3:]}")
        e.send("stop")
        before, line, _ = e.read_until(lambda l: l.startswith("bestmove"), 1.0, "bestmove after stop")
        check(len(info_strings(lines + before)) == 7, f"want one error per bad command: {info_strings(lines + before)}")
        assert_bestmove_legal("startpos", (), line)
        check(not bestmoves(e.collect(0.1)), "two bestmoves")


if __name__ == "__main__":
    sys.exit(uci_harness.main())
