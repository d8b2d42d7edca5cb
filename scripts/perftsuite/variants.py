"""The games the commands serve, and how each is checked, generated and verified."""

from .chess import normalize_fen, validate_fen
from .chess960 import normalize_fen960, validate_fen960
from .generate import generate_positions, generate_positions960, generate_xq_positions
from .xiangqi import normalize_xq_fen, validate_xq_fen


class Variant:
    """What the commands need to know about a game: how to check and normalise its FENs,
    how many FEN fields identify a position, how to generate positions for it, and which
    engine (with which UCI options) is its oracle."""

    def __init__(self, validate, normalize, key_fields, generate, oracle, env, program, options):
        self.validate = validate        # fen -> list of reasons it is illegal ([] = legal)
        self.normalize = normalize      # fen -> the FEN as the suite files write it
        self.key_fields = key_fields    # leading FEN fields that identify a position
        self.generate = generate        # (oracle, count, seed, playouts, log) -> FENs
        self.oracle = oracle            # the oracle's name in messages
        self.env = env                  # environment variable naming its binary
        self.program = program          # its name on PATH, else /usr/games/<program>
        self.options = options          # UCI "setoption name ..." texts, in order

    def key(self, fen):
        return " ".join(fen.split()[:self.key_fields])


# The games the commands serve; variant_of() picks one from the command line.
CHESS = Variant(validate_fen, normalize_fen, 4, generate_positions, "Stockfish", "STOCKFISH", "stockfish",
                ("Threads value 1", "Hash value 16"))
# Castling FENs with rook files, and castling moves as king-takes-rook.
CHESS960 = Variant(validate_fen960, normalize_fen960, 4, generate_positions960,
                   "Stockfish", "STOCKFISH", "stockfish",
                   ("Threads value 1", "Hash value 16", "UCI_Chess960 value true"))
XIANGQI = Variant(validate_xq_fen, normalize_xq_fen, 2, generate_xq_positions,
                  "Fairy-Stockfish", "FAIRY_STOCKFISH", "fairy-stockfish",
                  ("UCI_Variant value xiangqi", "Threads value 1", "Hash value 16"))


def variant_of(args):
    if getattr(args, "variant", "chess") == "xiangqi":
        return XIANGQI
    return CHESS960 if getattr(args, "chess960", False) else CHESS
