"""The 'generate' command: biased random playouts from varied start positions, in which the
oracle lists the legal moves and confirms every move made, and a greedy cover that keeps the
positions whose tags (castling, en passant, promotion, checks, pins, ...) the suites lack."""

import random

from .chess import make_move, move_weight, normalize_fen, parse_fen, position_features
from .chess960 import make_move960, move_weight960, parse_fen960, position_features960, start960_fen
from .data import PLAYOUT_STARTS, XQ_PLAYOUT_STARTS
from .xiangqi import normalize_xq_fen, parse_xq_fen, xq_make_move, xq_move_weight, xq_position_features


# How many generated positions to keep per tag (greedy cover).
GENERATE_QUOTAS = {
    "castle-legal": 10, "castle-prevented-by-attack": 10, "castle-b-file-attacked": 4,
    "home-without-rights": 5, "ep-legal": 10, "ep-illegal": 5, "ep-no-capturer": 6,
    "promotion": 10, "promotion-capture": 6, "check": 10, "double-check": 5,
    "pin": 12, "pinned-pawn": 5, "endgame": 12,
}


def generate_positions(sf, count, seed, playouts=600, log=None):
    """Return up to `count` FENs picked from biased random playouts."""
    rng = random.Random(seed)

    def advance(pos, fen, move):
        mine = make_move(pos, move)
        sf_fen = sf.fen(fen, [move])
        theirs = parse_fen(sf_fen)
        if (mine.board, mine.stm, mine.castling) != (theirs.board, theirs.stm, theirs.castling):
            raise RuntimeError("make_move disagrees with Stockfish after %s %s" % (fen, move))
        # Stockfish only keeps the ep square when a capture is pseudo-legal;
        # sometimes keep it anyway (legal FEN, but no ep capture possible).
        if mine.ep is not None and theirs.ep is None and rng.random() < 0.35:
            sf_fen = mine.fen()
        return sf_fen

    candidates = playout_candidates(
        sf, rng, playouts, listed_start(PLAYOUT_STARTS, normalize_fen), (2, 80), parse_fen, position_features, move_weight, advance,
        keep=lambda tags, moves: moves and tags - {"castling-rights"},
        seen=[normalize_fen(f) for f in PLAYOUT_STARTS])
    if log:
        log("generate: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    return pick_covering(candidates, GENERATE_QUOTAS, count, rng, log, len(PLAYOUT_STARTS))


def playout_candidates(sf, rng, playouts, start, lengths, parse, features, weight, advance, keep, seen=()):
    """Candidates (fen, tags, playout index, start index) met in `playouts` biased random
    playouts, each from start(rng) -> (FEN, start index) and rng.randint(*lengths) plies long
    at most: a position not seen before (the FENs in `seen` count as seen) whose
    features(pos, moves) tags pass keep(tags, moves). advance(pos, fen, move) -> the FEN after
    the move, checked against the oracle."""
    candidates = []
    seen = set(sf.variant.key(fen) for fen in seen)
    for game in range(playouts):
        fen, start_index = start(rng)
        seen.add(sf.variant.key(fen))
        for _ in range(rng.randint(*lengths)):
            pos = parse(fen)
            moves = sf.legal_moves(fen)
            key = sf.variant.key(fen)
            if key not in seen:
                seen.add(key)
                tags = features(pos, moves)
                if keep(tags, moves):
                    candidates.append((fen, tags, game, start_index))
            if not moves:
                break
            fen = advance(pos, fen, playout_move(rng, pos, moves, weight))
    return candidates


def listed_start(fens, normalize):
    """A playout start for playout_candidates: one of fens at random, its index in fens."""
    def start(rng):
        index = rng.randrange(len(fens))
        return normalize(fens[index]), index
    return start


def playout_move(rng, pos, moves, weight):
    """The next move of a biased random playout: mostly drawn by weight(pos, move)."""
    if rng.random() < 0.15:
        return rng.choice(moves)
    return rng.choices(moves, [weight(pos, m) for m in moves])[0]


def pick_covering(candidates, quotas, count, rng, log, starts=0, rank=lambda tags: ()):
    """Up to `count` FENs from candidates (fen, tags, playout index, start index), chosen by a
    greedy cover of quotas (tag -> how many positions to keep with it): each pick is the one
    that meets the most open quotas, then by rank(tags), then the one with the most tags. At
    most 2 positions per playout and, with `starts` start positions, a fair share per start,
    so the picks stay diverse."""
    need = dict(quotas)
    picked, per_game, per_start = [], {}, {}
    start_cap = max(2, (3 * count) // (2 * starts) + 1) if starts else None
    pool = candidates[:]
    rng.shuffle(pool)
    while pool and len(picked) < count:
        def score(c):
            gain = sum(1 for t in c[1] if need.get(t, 0) > 0)
            return (gain,) + rank(c[1]) + (len(c[1]),)
        best = max(pool, key=score)
        pool.remove(best)
        if per_game.get(best[2], 0) >= 2 or (start_cap and per_start.get(best[3], 0) >= start_cap):
            continue
        if score(best)[0] == 0 and any(v > 0 for v in need.values()) and pool:
            # nothing left covers an open quota -- fill with the richest positions
            need = {}
        per_game[best[2]] = per_game.get(best[2], 0) + 1
        per_start[best[3]] = per_start.get(best[3], 0) + 1
        for t in best[1]:
            if t in need:
                need[t] -= 1
        picked.append(best)
        if log:
            log("  pick %-72s %s" % (best[0], ",".join(sorted(best[1]))))
    return [c[0] for c in picked]


# How many Chess960 playout positions to keep per tag (greedy cover).
GENERATE960_QUOTAS = {
    "castle-legal": 30, "castle-prevented-by-attack": 20, "castle-blocked": 10,
    "castle-in-check": 10, "castle-gives-check": 6, "king-on-destination": 12,
    "rook-on-destination": 12, "king-rook-adjacent": 15, "king-rook-swap": 6,
    "other-castling-rook-in-path": 8, "rook-shield": 3, "enemy-slider-on-back-rank": 10,
    "sides-differ": 30, "check": 10, "pin": 10, "ep-legal": 5, "promotion": 2,
}


def generate_positions960(sf, count, seed, playouts=600, log=None):
    """Up to `count` X-FEN positions from biased random playouts that start
    from Chess960 (60%) or DFRC (40%) start positions; every position keeps a
    castling right with the king off the e-file or the rook off the a/h-file."""
    rng = random.Random(seed)

    def start(rng):
        white_n = rng.randrange(960)
        black_n = white_n if rng.random() < 0.6 else rng.randrange(960)
        return start960_fen(white_n, black_n, "xfen"), None

    def advance(pos, fen, move):
        mine = make_move960(pos, move)
        theirs = parse_fen960(sf.fen(fen, [move]))
        if (mine.board, mine.stm, mine.castling) != (theirs.board, theirs.stm, theirs.castling):
            raise RuntimeError("make_move960 disagrees with Stockfish after %s %s" % (fen, move))
        theirs.style = "xfen"
        return theirs.fen()

    def keep(tags, moves):
        return moves and "unusual-rights" in tags and tags - {"castling-rights", "unusual-rights", "sides-differ"}

    candidates = playout_candidates(sf, rng, playouts, start, (4, 50), parse_fen960, position_features960,
                                    move_weight960, advance, keep)
    if log:
        log("generate --chess960: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    return pick_covering(candidates, GENERATE960_QUOTAS, count, rng, log)


XQ_GENERATE_QUOTAS = {
    "check": 15, "double-check": 5, "cannon-check": 8, "horse-check": 8, "chariot-check": 6,
    "soldier-check": 6, "cannon-screen-pin": 10, "cannon-empty-line": 10, "chariot-pin": 8,
    "general-file-pin": 6, "general-facing-refused": 8, "horse-leg-pin": 6,
    "crossed-soldier": 15, "near-mate": 10, "no-moves": 3, "endgame": 15, "cannon-capture": 10,
    "elephant-eye-blocked": 6, "quiet-middlegame": 35,
}


def generate_xq_positions(sf, count, seed, playouts=600, log=None):
    """Return up to `count` xiangqi FENs picked from biased random playouts."""
    rng = random.Random(seed)

    def advance(pos, fen, move):
        mine = xq_make_move(pos, move)
        sf_fen = sf.fen(fen, [move])
        if mine.fen() != normalize_xq_fen(sf_fen):
            raise RuntimeError("xq_make_move disagrees with Fairy-Stockfish after %s %s: %s vs %s"
                               % (fen, move, mine.fen(), sf_fen))
        return mine.fen()

    # Positions without a legal move are kept too (tag "no-moves").
    candidates = playout_candidates(
        sf, rng, playouts, listed_start(XQ_PLAYOUT_STARTS, normalize_xq_fen), (2, 120), parse_xq_fen, xq_position_features, xq_move_weight, advance,
        keep=lambda tags, moves: tags - {"horse-leg-blocked"},
        seen=[normalize_xq_fen(f) for f in XQ_PLAYOUT_STARTS])
    if log:
        log("generate: %d playouts, %d candidate positions" % (playouts, len(candidates)))
    # Once the quotas are met, positions not in check come first, so that most of the suite
    # exercises the generator's bulk (not in check) path.
    return pick_covering(candidates, XQ_GENERATE_QUOTAS, count, rng, log, len(XQ_PLAYOUT_STARTS),
                         rank=lambda tags: ("check" not in tags,))
