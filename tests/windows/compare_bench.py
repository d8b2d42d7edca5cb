#!/usr/bin/env python3
"""The bench node counts of two builds must be equal: the Linux build against a Windows build
under wine (or any two builds). Runs `bench` (chess) and `bench --variant xiangqi` with each and
compares the node counts of the last lines; speed is printed, not checked.

  tests/windows/compare_bench.py REFERENCE OTHER [--depth D]
"""

import argparse
import re
import subprocess
import sys

SIGNATURE = re.compile(r"^(\d+) nodes (\d+) nps\s*$")


def bench(binary, args):
    out = subprocess.run([binary, "bench", *args], capture_output=True, text=True, timeout=900)
    lines = [l for l in out.stdout.splitlines() if l.strip()]
    m = SIGNATURE.match(lines[-1]) if lines else None
    if out.returncode != 0 or not m:
        sys.exit(f"{binary} bench {' '.join(args)}: exit {out.returncode}, last line {lines[-1:] or 'none'}")
    return int(m.group(1)), int(m.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference")
    parser.add_argument("other")
    parser.add_argument("--depth", type=int, help="bench depth (default: each game's own)")
    options = parser.parse_args()
    depth = [str(options.depth)] if options.depth else []
    failed = 0
    for game, args in (("chess", depth), ("xiangqi", depth + ["--variant", "xiangqi"])):
        (ref_nodes, ref_nps), (other_nodes, other_nps) = bench(options.reference, args), bench(options.other, args)
        same = ref_nodes == other_nodes
        failed += not same
        print(f"{game}: {ref_nodes} nodes ({ref_nps} nps) vs {other_nodes} nodes ({other_nps} nps): "
              f"{'same' if same else 'DIFFERENT'}")
    print(f"{2 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
