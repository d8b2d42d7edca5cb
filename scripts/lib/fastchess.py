"""What the scripts that drive fastchess share: finding tools, an engine's command-line arguments,
and reading the game results fastchess prints.

Standard library only. Scripts import it as they import uci_pipe:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "lib"))
    import fastchess
"""

import os
import re
import shlex
import shutil
from pathlib import Path

# fastchess's line for each finished game: "Finished game 3 (A vs B): 1-0 {White mates}".
FINISHED_RE = re.compile(r"Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}")


def find_tool(env, names, extra_paths=()):
    """The program named by the environment variable, else the first of names on PATH, else the
    first of extra_paths that exists; None when there is none."""
    if os.environ.get(env):
        return os.environ[env]
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    for path in extra_paths:
        if Path(path).is_file():
            return str(path)
    return None


def engine_args(name, command, options):
    """fastchess's -engine arguments for a command line (program and arguments) and UCI options."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError(f"empty command for {name}")
    exe = shutil.which(argv[0]) or argv[0]
    out = ["-engine", f"cmd={Path(exe).resolve() if Path(exe).exists() else exe}", f"name={name}"]
    if len(argv) > 1:
        out.append(f"args={shlex.join(argv[1:])}")
    out += [f"option.{k}={v}" for k, v in options.items()]
    return out


def finished_games(lines):
    """(white, black, result, reason) for each "Finished game" line among lines."""
    out = []
    for line in lines:
        m = FINISHED_RE.match(line)
        if m:
            out.append(m.groups())
    return out


def score_of(name, games):
    """(wins, losses, draws) of the engine called name over finished_games() tuples."""
    wins = losses = draws = 0
    for white, black, result, _ in games:
        if name not in (white, black):
            continue
        if result == "1/2-1/2":
            draws += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == (white == name):
                wins += 1
            else:
                losses += 1
    return wins, losses, draws
