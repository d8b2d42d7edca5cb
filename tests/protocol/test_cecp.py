#!/usr/bin/env python3
"""CECP (xboard protocol 2) checks over pipes: handshake, playing, force/undo/remove, setboard,
analysis, ping, bad input, quit and pondering. Standard library only; the engine driver is
scripts/lib/uci_pipe.py (through harness.py).

    test_cecp.py SEN [--variant xiangqi]        Sen's own CECP front-end
    test_cecp.py SEN --polyglot POLYGLOT        Sen (UCI) behind polyglot, the UCI->CECP adapter

Every move the engine makes is checked by Sen itself as referee, over UCI (`go perft 1` lists the
legal moves), as the UCI protocol tests do. Xiangqi moves are converted between xboard's ranks
0-9 and UCI's 1-10.
"""

import argparse
import re
import sys

import harness
from harness import Failure, check

THINKING = re.compile(r"^\s*(\d+)\s+([+-]?\d+)\s+(\d+)\s+(\d+)\s+(.*)$")
XQ_MOVE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")
CHESS_MATE_FEN = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"  # Qf7-g7 mates
XQ_FEN = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"  # xboard's letters


class Setup:
    def __init__(self, args):
        self.sen = args.sen
        self.xiangqi = args.variant == "xiangqi"
        self.polyglot = args.polyglot

    def argv(self):
        if self.polyglot:
            return self.polyglot, ["-noini", "-ec", self.sen, "-log", "false"]
        return self.sen, []

    def to_uci(self, move):
        if not self.xiangqi:
            return move
        m = XQ_MOVE.match(move)
        return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"

    def to_xboard(self, move):
        if not self.xiangqi:
            return move
        m = XQ_MOVE.match(move)
        return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


class Referee:
    """Sen over UCI, listing legal moves."""

    def __init__(self, setup):
        self.setup = setup
        self.engine = harness.Engine(setup.sen)
        harness.uci_pipe.handshake(self.engine, harness.scaled(10))
        if setup.xiangqi:
            self.engine.send("setoption name UCI_Variant value xiangqi")
        harness.uci_pipe.sync(self.engine, harness.scaled(10))

    def legal(self, moves, fen=None):
        base = f"fen {fen}" if fen else "startpos"
        position = harness.uci_pipe.position_command(base, [self.setup.to_uci(m) for m in moves])
        legal, _ = harness.uci_pipe.legal_moves(self.engine, position, harness.scaled(10))
        return {self.setup.to_xboard(m) for m in legal}


class Cecp:
    """The engine under test, started and given `xboard` / `protover 2`."""

    def __init__(self, setup):
        self.setup = setup
        binary, args = setup.argv()
        self.engine = harness.Engine(binary, args)
        self.engine.send("xboard")
        self.engine.send("protover 2")
        before, _, _ = self.engine.read_until(lambda l: "done=1" in l, 10, "feature done=1")
        self.features = before
        self.ping_id = 0
        self.new_game()

    def send(self, line):
        self.engine.send(line)

    def new_game(self):
        self.send("new")
        if self.setup.xiangqi:
            self.send("variant xiangqi")
        self.sync()

    def sync(self, timeout=10):
        """ping/pong: the lines before the pong."""
        self.ping_id += 1
        self.send(f"ping {self.ping_id}")
        return self.engine.read_until(lambda l: l.strip() == f"pong {self.ping_id}", timeout, f"pong {self.ping_id}")[0]

    def await_move(self, timeout=20):
        before, line, _ = self.engine.read_until(lambda l: l.startswith("move "), timeout, "move")
        return before, line.split()[1]


def test_handshake(setup):
    e = Cecp(setup)
    text = " ".join(e.features)
    for feature in ["setboard=1", "usermove=1", "ping=1"]:
        check(feature in text, f"feature {feature} missing: {e.features}")
    if not setup.polyglot:
        for feature in ['variants="normal,fischerandom,xiangqi"', "analyze=1", "colors=0", "sigint=0", "sigterm=0", "san=0",
                        "memory=1", "smp=1", "reuse=1", "myname="]:
            check(feature in text, f"feature {feature} missing")
        options = [l for l in e.features if l.startswith("feature option=")]
        check(any('"Hash -spin 16 1 65536"' in o for o in options), f"no Hash spin option: {options}")
        check(any('"Clear Hash -button"' in o for o in options), f"no Clear Hash button: {options}")
        check(any('"UCI_LimitStrength -check 0"' in o for o in options), f"no UCI_LimitStrength check: {options}")
        check(any('"UCI_Elo -spin 1350 1350 2850"' in o for o in options), f"no UCI_Elo spin: {options}")
        check(any('"EvalFile -string ' in o for o in options), f"no EvalFile string: {options}")
        # Options CECP has commands for (variant, hard/easy) are not offered twice.
        for owned in ("UCI_Variant", "UCI_Chess960", "Ponder"):
            check(not any(f'"{owned} ' in o for o in options), f"{owned} offered as an option: {options}")
    check(e.engine.quit() == 0, "exit code")
    return f"{len(e.features)} feature lines"


def test_play(setup):
    """usermove, go (thinking output, a legal reply), the engine replies to each move."""
    e, ref = Cecp(setup), Referee(setup)
    moves = []
    e.send("post")
    e.send("level 0 0:20 0")
    e.send("go")  # the engine plays the side to move (White/Red)
    before, move = e.await_move()
    check(move in ref.legal(moves), f"illegal engine move {move}")
    thinking = [l for l in before if THINKING.match(l)]
    check(thinking, f"no thinking output before the move: {before[-5:]}")
    d, score, cs, nodes, pv = THINKING.match(thinking[-1]).groups()
    check(pv.split()[0] == move or len(thinking) >= 1, "pv")
    moves.append(move)
    for _ in range(3):
        reply = sorted(ref.legal(moves))[0]
        e.send(f"time 2000")
        e.send(f"otim 2000")
        e.send(f"usermove {reply}")
        moves.append(reply)
        _, move = e.await_move()
        check(move in ref.legal(moves), f"illegal engine move {move} after {moves}")
        moves.append(move)
    e.sync()
    check(e.engine.quit() == 0, "exit code")
    return " ".join(moves)


def test_force_undo_remove(setup):
    e, ref = Cecp(setup), Referee(setup)
    e.send("force")
    moves = []
    for _ in range(4):
        m = sorted(ref.legal(moves))[-1]
        e.send(f"usermove {m}")
        moves.append(m)
    lines = e.sync()
    check(not any(l.startswith("move ") for l in lines), f"moved in force mode: {lines}")
    e.send("undo")
    e.send("remove")
    moves = moves[:1]
    lines = e.sync()
    check(not any(l.startswith("Error") for l in lines), f"undo/remove refused: {lines}")
    # The engine's game is now one move long: a move legal only there must be accepted.
    m = sorted(ref.legal(moves))[0]
    e.send(f"usermove {m}")
    moves.append(m)
    lines = e.sync()
    check(not any("Illegal" in l or "Error" in l for l in lines), f"move after undo refused: {lines}")
    # A second a move: the default level (40 moves in 5 minutes) may think longer than the wait.
    e.send("st 1")
    e.send("go")
    _, move = e.await_move()
    check(move in ref.legal(moves), f"illegal engine move {move} after undo/remove")
    check(e.engine.quit() == 0, "exit code")
    return f"then {move}"


def test_setboard(setup):
    e, ref = Cecp(setup), Referee(setup)
    e.send("force")
    e.send("st 1")
    if setup.xiangqi:
        fen = XQ_FEN
        e.send(f"setboard {fen}")
        e.send("go")
        _, move = e.await_move()
        check(move in ref.legal([], fen.replace("h", "n").replace("H", "N").replace("e", "b").replace("E", "B")),
              f"illegal move {move} from xboard's FEN")
        result = None
    else:
        e.send(f"setboard {CHESS_MATE_FEN}")
        e.send("go")
        _, move = e.await_move()
        check(move == "f7g7", f"missed the mate in one: {move}")
        result = e.engine.read_until(lambda l: l.startswith("1-0") or l.startswith("pong"), 5, "result")[1]
        check(result.startswith("1-0 {"), f"no result line after mate: {result}")
    e.sync()
    check(e.engine.quit() == 0, "exit code")
    return f"{move} {result or ''}"


def test_analyze(setup):
    e = Cecp(setup)
    e.send("post")
    e.send("analyze")
    lines = e.engine.collect(harness.scaled(1.0))
    check(any(THINKING.match(l) for l in lines), f"no thinking in analysis: {lines[-3:]}")
    check(not any(l.startswith("move ") for l in lines), "moved while analysing")
    e.send(".")
    pong_lines = e.sync(2)  # answered at once while analysing
    stat = [l for l in pong_lines if l.startswith("stat01:")]
    if not setup.polyglot:
        check(stat, f"no stat01 reply to '.': {pong_lines[-3:]}")
    e.send("exit")
    lines = e.sync()
    e.send("force")
    after = e.engine.collect(harness.scaled(0.5))
    check(not any(THINKING.match(l) for l in after[1:]), f"still thinking after exit: {after[-3:]}")
    check(e.engine.quit() == 0, "exit code")
    return stat[0] if stat else "ok"


def test_move_now(setup):
    e, ref = Cecp(setup), Referee(setup)
    e.send("st 60")
    e.send("go")
    e.engine.collect(harness.scaled(0.5))
    e.send("?")
    e.send("ping 99")
    before, move = e.await_move(15 if setup.polyglot else 5)
    check(move in ref.legal([]), f"illegal move {move}")
    if setup.polyglot:
        # polyglot answers the ping itself; whether before or after the move depends on how fast
        # the engine's bestmove reaches it after "?", so either order is right.
        if "pong 99" not in [l.strip() for l in before]:
            _, line, _ = e.engine.read_until(lambda l: l.startswith("pong"), 5, "pong after the move")
            check(line.strip() == "pong 99", line)
        check(e.engine.quit() == 0, "exit code")
        return move
    _, line, _ = e.engine.read_until(lambda l: l.startswith("pong"), 5, "pong after the move")
    check(line.strip() == "pong 99", line)
    check(e.engine.quit() == 0, "exit code")
    return move


def test_bad_input(setup):
    e, ref = Cecp(setup), Referee(setup)
    e.send("force")
    illegal = "a1a1" if not setup.xiangqi else "a0a1x"
    for bad in ["usermove e2e5" if not setup.xiangqi else "usermove e0e5", "usermove zz99", "usermove " + illegal]:
        e.send(bad)
        lines = e.sync()
        check(any(l.startswith("Illegal move") or l.startswith("Error") for l in lines), f"{bad}: {lines}")
    e.send("frobnicate 1 2 3")
    lines = e.sync()
    check(any(l.startswith("Error") for l in lines), f"unknown command: {lines}")
    # (polyglot exits on a FEN it cannot read: not sent to it)
    for bad in ["level x y z", "time abc", "sd -3", "variant nosuchvariant", "undo"] + ([] if setup.polyglot else ["setboard 8/8/8 w - - 0 1"]):
        e.send(bad)
        e.sync()
    e.send("usermove")
    e.send("\t  \r")
    # Nothing of that changed the game: the start position still takes a legal first move.
    m = sorted(ref.legal([]))[0]
    e.send(f"usermove {m}")
    lines = e.sync()
    check(not any("Illegal" in l for l in lines), f"start position was changed by bad input: {lines}")
    # The default level (40 moves in 5 minutes) lets one move think for up to half a minute when
    # its best move keeps changing, longer than await_move waits: a second a move instead.
    e.send("st 1")
    e.send("go")
    _, move = e.await_move()
    check(move in ref.legal([m]), f"illegal move {move}")
    check(e.engine.quit() == 0, "exit code")
    return "ok"


def test_options(setup):
    if setup.polyglot:
        return "skipped (polyglot's own option handling)"
    e = Cecp(setup)
    for cmd in ["memory 32", "cores 2", "option Hash=8", "option Clear Hash", "option MultiPV=1", "option Ponder=0"]:
        e.send(cmd)
        lines = e.sync()
        check(not any(l.startswith("Error") for l in lines), f"{cmd}: {lines}")
    for cmd in ["option NoSuchOption=3", "option Hash=lots", "memory -5"]:
        e.send(cmd)
        lines = e.sync()
        check(any(l.startswith("Error") for l in lines), f"{cmd} accepted: {lines}")
    check(e.engine.quit() == 0, "exit code")
    return "ok"


def test_quit_while_thinking(setup):
    e = Cecp(setup)
    e.send("st 100")
    e.send("go")
    e.engine.collect(harness.scaled(0.3))
    code = e.engine.quit(3)
    check(code == 0, f"exit code {code}")
    return "ok"


def expected_reply(lines):
    """The second move of the last thinking line's pv: the reply the engine ponders on."""
    pvs = [THINKING.match(l)[5].split() for l in lines if THINKING.match(l)]
    pvs = [pv for pv in pvs if len(pv) >= 2]
    check(pvs, f"no thinking line with a reply: {lines[-3:]}")
    return pvs[-1][1]


def await_ponder(e, depth):
    """Lines up to the ponder search's last iteration (at `sd` depth it holds its move)."""
    def last(l):  # the last iteration, no bound: nothing is printed after it
        m = THINKING.match(l)
        return m and int(m[1]) == depth and not m[5].endswith(("?", "!"))
    before, line, _ = e.engine.read_until(last, 20, "ponder thinking")
    check(not any(l.startswith("move ") for l in before), f"moved while pondering: {before}")
    return line


def test_ponder(setup):
    """hard: thinking on the expected reply, no move; ping at once; a hit moves with no new
    search; a miss searches the real position; easy ends pondering."""
    if setup.polyglot:
        return "skipped (polyglot ponders through UCI's go ponder)"
    e, ref = Cecp(setup), Referee(setup)
    for line in ["hard", "post", "sd 4", "go"]:
        e.send(line)
    before, move = e.await_move()
    moves = [move]
    check(move in ref.legal([]), f"illegal engine move {move}")
    guess = expected_reply(before)
    check(guess in ref.legal(moves), f"illegal guess {guess}")
    pondered = await_ponder(e, 4)
    e.send("ping 100")
    e.send("?")
    e.send("ping 101")
    lines = e.engine.read_until(lambda l: l.strip() == "pong 101", 5, "pong 101")[0]
    check("pong 100" in [l.strip() for l in lines], f"no pong at once while pondering: {lines}")
    check(not any(l.startswith("move ") for l in lines), f"moved while pondering: {lines}")

    # The hit: the ponder search's move, without a new search.
    e.send(f"usermove {guess}")
    moves.append(guess)
    before, move = e.await_move(5)
    check(not any(THINKING.match(l) for l in before), f"searched again after a ponder hit: {before}")
    check(move == THINKING.match(pondered)[5].split()[0], f"not the ponder search's move: {move} vs {pondered}")
    check(move in ref.legal(moves), f"illegal engine move {move} after {moves}")
    moves.append(move)

    # The miss: a legal move other than the guess; the engine answers the real position.
    pondered = await_ponder(e, 4)
    guess = THINKING.match(pondered)[5].split()[1]
    other = sorted(ref.legal(moves) - {guess})[0]
    e.send(f"usermove {other}")
    moves.append(other)
    before, move = e.await_move()
    check(not any(l.startswith("Illegal") for l in before), f"the real move refused: {before}")
    check(any(THINKING.match(l) and THINKING.match(l)[1] == "1" for l in before), f"no new search after a miss: {before}")
    check(move in ref.legal(moves), f"illegal engine move {move} after {moves}")
    moves.append(move)

    # easy: the ponder search ends; the expected reply then gets a search of its own.
    await_ponder(e, 4)
    guess = expected_reply(before)
    e.send("easy")
    e.send(f"usermove {guess}")
    moves.append(guess)
    before, move = e.await_move()
    check(any(THINKING.match(l) and THINKING.match(l)[1] == "1" for l in before), f"a ponder hit after easy: {before}")
    check(move in ref.legal(moves), f"illegal engine move {move} after {moves}")
    check(e.engine.quit() == 0, "exit code")
    return " ".join(moves)


def test_ponder_interrupted(setup):
    """force, new and quit while pondering: no stray move, no hang, the guess taken back."""
    if setup.polyglot:
        return "skipped (polyglot ponders through UCI's go ponder)"
    e, ref = Cecp(setup), Referee(setup)
    for line in ["hard", "post", "sd 3", "go"]:
        e.send(line)
    before, first_move = e.await_move()
    guess = expected_reply(before)
    await_ponder(e, 3)
    e.send("force")
    e.send(f"usermove {guess}")  # legal only if the guess was taken back
    lines = e.sync()
    check(not any(l.startswith("move ") or l.startswith("Illegal") for l in lines), f"after force: {lines}")
    e.send("go")
    before, move = e.await_move()
    check(move in ref.legal([first_move, guess]), f"illegal engine move {move} after {first_move} {guess}")
    await_ponder(e, 3)
    e.send("new")  # while pondering: no move
    if setup.xiangqi:
        e.send("variant xiangqi")
    lines = e.sync()
    check(not any(l.startswith("move ") for l in lines), f"moved after new: {lines}")
    e.send("sd 3")  # new cleared it
    first = sorted(ref.legal([]))[0]
    e.send(f"usermove {first}")  # the engine plays Black after new
    before, move = e.await_move()
    check(not any(l.startswith("Illegal") for l in before), f"new left the old game: {before}")
    check(move in ref.legal([first]), f"illegal engine move {move}")
    await_ponder(e, 3)
    code = e.engine.quit(3)
    check(code == 0, f"exit code {code} after quit while pondering")
    return "ok"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sen")
    parser.add_argument("--variant", default="chess", choices=["chess", "xiangqi"])
    parser.add_argument("--polyglot", help="run Sen behind this polyglot binary")
    setup = Setup(parser.parse_args())
    tests = [("handshake", test_handshake), ("play", test_play), ("force-undo-remove", test_force_undo_remove),
             ("setboard", test_setboard), ("analyze", test_analyze), ("move-now", test_move_now), ("bad-input", test_bad_input),
             ("options", test_options), ("quit-while-thinking", test_quit_while_thinking), ("ponder", test_ponder),
             ("ponder-interrupted", test_ponder_interrupted)]
    return harness.run_tests([(name, lambda fn=fn: fn(setup)) for name, fn in tests])


if __name__ == "__main__":
    sys.exit(main())
