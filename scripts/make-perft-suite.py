#!/usr/bin/env python3
"""Build and verify Sen's perft suites, using Stockfish (or Fairy-Stockfish) as the oracle.

Commands: verify, validate, count, generate, trim, build (each with --help); for example
`scripts/make-perft-suite.py verify perft-suites/quick.epd`. The code is the package
scripts/perftsuite/ (its __init__ lists the modules; perftsuite/cli.py documents every
command), the curated positions are scripts/perftsuite/data/*.txt. Standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from perftsuite.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
