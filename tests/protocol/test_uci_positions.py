#!/usr/bin/env python3
"""UCI protocol tests, positions and moves: the position forms, en passant and castling notations,
move notation, long move lists (T14-T17).

Usage: test_uci_positions.py PATH/TO/sen [NAME-SUBSTRING ...]

One section of the protocol tests, run through the real binary over pipes; what every test checks
besides its own assertions, and the environment variables, are in uci_harness.py.
"""

import sys

import uci_harness
from uci_harness import assert_bestmove_legal, BESTMOVE_RE, CASTLING, check, Engine, KIWIPETE, position_command, START_FEN, test


@test
def t14_position_forms():
    """T14: startpos, startpos moves (empty list), fen with moves, 4-field EPD FEN."""
    with Engine() as e:
        e.send("position startpos moves e2e4")
        e.send("position startpos moves")
        check(e.sync() == [], "'position startpos moves' (empty list) gave an error")
        check(e.fen() == START_FEN, f"empty move list: {e.fen()}")
        e.send("position startpos")
        check(e.fen() == START_FEN, e.fen())
        e.send("position fen " + KIWIPETE + " moves e1g1 a6e2")
        check(e.sync() == [], "fen with moves gave an error")
        check(e.fen() == "r3k2r/p1ppqpb1/1n2pnp1/3PN3/1p2P3/2N2Q1p/PPPBbPPP/R4RK1 w kq - 0 2", e.fen())
        e.send("position fen " + " ".join(KIWIPETE.split()[:4]))
        check(e.sync() == [], "4-field FEN gave an error")
        check(e.fen() == KIWIPETE, f"4-field FEN: {e.fen()}")
        e.send("position fen " + " ".join(KIWIPETE.split()[:4]) + " moves e1c1")
        check(e.sync() == [], "4-field FEN with moves gave an error")
        _, line, _ = e.go("go depth 3")
        assert_bestmove_legal("fen " + KIWIPETE, ["e1c1"], line)


@test
def t15_ep_square_and_castling_notations():
    """T15: an ep square with no capture possible does not change the key; Shredder-FEN castling."""
    with Engine() as e:
        with_ep = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        without = with_ep.replace(" e3 ", " - ")
        e.send("position fen " + with_ep)
        key_ep = [l for l in e.board().split("\n") if l.startswith("Key")]
        e.send("position fen " + without)
        key_plain = [l for l in e.board().split("\n") if l.startswith("Key")]
        check(key_ep == key_plain, f"ep square without capture changes the key: {key_ep} vs {key_plain}")
        e.send("setoption name UCI_Chess960 value true")
        e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
        check(e.sync() == [], "Shredder-FEN castling HAha rejected in Chess960 mode")
        key_shredder = [l for l in e.board().split("\n") if l.startswith("Key")]
        e.send("position fen " + START_FEN)
        check(key_shredder == [l for l in e.board().split("\n") if l.startswith("Key")], "HAha and KQkq differ")
        _, line, _ = e.go("go depth 2")
        check(BESTMOVE_RE.fullmatch(line) is not None, line)


@test
def t16_move_notation():
    """T16: uppercase promotion input; e1g1 in standard chess, e1h1 only with UCI_Chess960."""
    with Engine() as e:
        e.send("position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8Q")
        check(e.sync() == [], "uppercase promotion e7e8Q rejected")
        check(e.fen().startswith("4Q3/8/8/8/8/8/k7/4K3 b"), e.fen())
        e.send(f"position fen {CASTLING} moves e1g1")
        check(e.sync() == [], "e1g1 rejected in standard chess")
        check(e.fen().startswith("r3k2r/8/8/8/8/8/8/R4RK1 b kq"), e.fen())
        e.send(f"position fen {CASTLING} moves e1h1")
        errors = e.sync()
        check(len(errors) == 1 and errors[0].startswith("info string error") and "e1h1" in errors[0],
              f"e1h1 in standard chess: {errors}")
        e.send(f"position fen {CASTLING}")
        _, line, _ = e.go("go depth 3 searchmoves e1g1")
        check(line.split()[1] == "e1g1", f"castling printed as {line}")
        _, line, _ = e.go("go depth 3 searchmoves e1c1")
        check(line.split()[1] == "e1c1", f"castling printed as {line}")
        e.send("setoption name UCI_Chess960 value true")
        e.send(f"position fen {CASTLING} moves e1h1")
        check(e.sync() == [], "e1h1 rejected in Chess960 mode")
        check(e.fen().startswith("r3k2r/8/8/8/8/8/8/R4RK1 b"), e.fen())
        e.send(f"position fen {CASTLING}")
        _, line, _ = e.go("go depth 3 searchmoves e1h1")
        check(line.split()[1] == "e1h1", f"Chess960 castling printed as {line}")
        e.send("setoption name UCI_Chess960 value false")
        e.send(f"position fen {CASTLING}")
        _, line, _ = e.go("go depth 3 searchmoves e1g1")
        check(line.split()[1] == "e1g1", f"castling back in standard mode printed as {line}")


@test
def t16_chess960_toggle_keeps_game_history():
    """T13/T16: switching UCI_Chess960 re-reads the position without losing the game history."""
    with Engine() as e:
        e.send(position_command("startpos", knight_shuffle(8)))
        check("threefold" in e.board(), "knight shuffle: no threefold repetition in `d`")
        e.send("setoption name UCI_Chess960 value true")
        check(e.sync() == [], "setoption UCI_Chess960")
        board = e.board()
        check("threefold" in board and START_FEN.split()[0] in board, f"history lost on UCI_Chess960 true: {board[-120:]}")
        e.send("setoption name UCI_Chess960 value false")
        e.send(position_command("startpos", ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]))
        e.send("setoption name UCI_Chess960 value true")   # e1g1 is no castling in Chess960: FEN kept
        check(e.sync() == [], "toggling UCI_Chess960 printed something")
        check(e.fen().startswith("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq"), e.fen())
        _, line, _ = e.go("go depth 3")
        check(BESTMOVE_RE.fullmatch(line) is not None, line)


def knight_shuffle(plies):
    cycle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    return [cycle[i % 4] for i in range(plies)]


@test
def t17_long_move_lists():
    """T17: 2000-ply (10 KB) and 4000-ply (20 KB) move lists are accepted."""
    with Engine() as e:
        for plies in (2000, 4000):
            moves = knight_shuffle(plies)
            line = position_command("startpos", moves)
            e.send(line)
            out = e.sync()
            check(out == [], f"{plies}-ply list ({len(line)} bytes) gave {out[:2]}")
            fen = e.fen()
            check(fen.startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), f"after {plies} plies: {fen}")
            _, best, _ = e.go("go depth 3")
            assert_bestmove_legal("startpos", moves, best)
        # One more ply after 2001 half-moves: the move list ends with Black to move.
        moves = knight_shuffle(2001)
        e.send(position_command("startpos", moves))
        check(e.fen().startswith("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -"), e.fen())
        _, best, _ = e.go("go movetime 50")
        assert_bestmove_legal("startpos", moves, best)


if __name__ == "__main__":
    sys.exit(uci_harness.main())
