"""The reference engine (Stockfish, or Fairy-Stockfish for xiangqi) driven over UCI through the
shared pipe driver scripts/lib/uci_pipe.py: perft with its divide, the legal moves, and the FEN
it prints after a move."""

import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "lib"))
import uci_pipe  # noqa: E402


def find_oracle(variant):
    path = os.environ.get(variant.env)
    if path:
        return path
    return shutil.which(variant.program) or "/usr/games/" + variant.program


class Oracle:
    """Minimal UCI driver of a variant's reference engine, for perft and FEN normalisation."""

    def __init__(self, variant, path=None):
        self.variant = variant
        self.path = path or find_oracle(variant)
        try:
            self.engine = uci_pipe.Engine(self.path, stderr="inherit", strip=True)
        except OSError as e:
            sys.exit("cannot start %s %r: %s (set $%s)" % (variant.oracle, self.path, e, variant.env))
        self.name = "unknown"
        self._send("uci")
        for line in self._read_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        for option in variant.options:
            self._send("setoption name " + option)
        self._send("isready")
        self._read_until(lambda l: l == "readyok")

    def _send(self, cmd):
        self.engine.send(cmd)

    def _read_until(self, done):
        """The lines up to and including the first that satisfies done."""
        try:
            before, line, _ = self.engine.read_until(done)
        except uci_pipe.OutputClosed:
            raise RuntimeError("Stockfish exited unexpectedly")
        return before + [line]

    def _position(self, fen, moves=()):
        errs = self.variant.validate(fen)
        if errs:
            raise ValueError("refusing illegal FEN %r: %s" % (fen, "; ".join(errs)))
        self._send(uci_pipe.position_command("fen " + fen, moves))

    def perft(self, fen, depth):
        """Return (total nodes, {uci move: nodes}) for `go perft depth`."""
        self._position(fen)
        self._send("go perft %d" % depth)
        return uci_pipe.parse_divide(self._read_until(lambda l: l.startswith("Nodes searched:")))

    def legal_moves(self, fen):
        return list(self.perft(fen, 1)[1])

    def fen(self, fen, moves=()):
        """The 'Fen:' line printed by 'd' after setting up fen (+ moves)."""
        self._position(fen, moves)
        self._send("d")
        result = None
        for line in self._read_until(lambda l: l.startswith("Checkers:")):
            if line.startswith("Fen: "):
                result = line[len("Fen: "):]
        return result

    def close(self):
        self.engine.quit(timeout=10)
