#!/usr/bin/env python3
"""Sen reads the Polyglot books that Polyglot itself writes: `polyglot make-book` turns two drawn
games (one with en passant and castling on both sides, so that the key's en-passant and castling
terms both count) into a book, and Sen, given it as BookFile, answers every position of those
games at once with a book move, one of the moves the games played there. A cross-check against
an independent writer of the format (Debian's polyglot); skipped where it is not installed.

    test_book_polyglot.py SEN POLYGLOT
"""

import os
import sys
import subprocess
import tempfile

import harness
import uci_harness
from harness import check
from uci_harness import Engine

# The same games as SAN for the PGN and as UCI moves for the positions.
GAMES = [
    ("1. e4 Nf6 2. e5 d5 3. exd6 exd6 4. Nf3 Be7 5. Bc4 O-O 6. O-O Nc6 7. d4 Bg4",
     "e2e4 g8f6 e4e5 d7d5 e5d6 e7d6 g1f3 f8e7 f1c4 e8g8 e1g1 b8c6 d2d4 c8g4"),
    ("1. d4 d5 2. c4 e6 3. Nc3 Nf6", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
]


def make_book(polyglot, folder):
    pgn = os.path.join(folder, "games.pgn")
    with open(pgn, "w") as f:
        for i, (san, _) in enumerate(GAMES):
            f.write(f'[Event "book {i}"]\n[Result "1/2-1/2"]\n\n{san} 1/2-1/2\n\n')
    book = os.path.join(folder, "games.bin")
    # A draw counts 1 for both sides; -min-game 1 keeps a move played once.
    done = subprocess.run([polyglot, "make-book", "-pgn", pgn, "-bin", book, "-min-game", "1"],
                          capture_output=True, text=True, timeout=harness.scaled(60))
    check(done.returncode == 0 and os.path.getsize(book) > 0, f"polyglot make-book failed: {done.stdout}{done.stderr}")
    return book


def book_moves_played(polyglot):
    with tempfile.TemporaryDirectory() as folder:
        book = make_book(polyglot, folder)
        played = {}  # the moves before a position -> the moves the games played there
        for _, moves in GAMES:
            moves = moves.split()
            for i, m in enumerate(moves):
                played.setdefault(" ".join(moves[:i]), set()).add(m)
        with Engine() as e:
            e.send(f"setoption name BookFile value {book}")
            check(e.sync() == [f"info string BookFile: chess plays from the book {book}"], "BookFile not taken")
            for before, wanted in played.items():
                e.send("position startpos" + (f" moves {before}" if before else ""))
                lines, line, _ = e.go("go wtime 60000 btime 60000", harness.scaled(10))
                move = line.split()[1]
                check(move in wanted, f"after '{before}': {move}, the games played {sorted(wanted)}")
                check(lines and lines[-1].startswith(f"info string book move {move} "), f"after '{before}': no book line: {lines}")
            # Past the book: a search.
            e.send(f"position startpos moves {GAMES[1][1]} a2a3")
            lines, line, _ = e.go("go depth 3")
            check(not any(l.startswith("info string book") for l in lines), f"a book move out of the book: {lines}")
        return f"{len(played)} positions answered from the book"


def main():
    if len(sys.argv) != 3:
        print(f"usage: {sys.argv[0]} SEN POLYGLOT", file=sys.stderr)
        return 2
    uci_harness.BINARY = os.path.abspath(sys.argv[1])
    polyglot = sys.argv[2]
    return harness.run_tests([("book_moves_played", lambda: book_moves_played(polyglot))])


if __name__ == "__main__":
    sys.exit(main())
