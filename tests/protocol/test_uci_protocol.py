#!/usr/bin/env python3
"""All the UCI protocol tests in one process, section after section.

Usage: test_uci_protocol.py PATH/TO/sen [NAME-SUBSTRING ...]

The tests live in one file per section (test_uci_transport.py, ... test_uci_xiangqi.py, each a
ctest entry of its own) over the shared part uci_harness.py, which says what every test checks.
This runs them all, in section order, with one referee for the whole run.
"""

import sys

import uci_harness
import test_uci_transport  # noqa: F401  (importing a section registers its tests)
import test_uci_handshake  # noqa: F401
import test_uci_positions  # noqa: F401
import test_uci_search  # noqa: F401
import test_uci_go  # noqa: F401
import test_uci_setoption  # noqa: F401
import test_uci_bad_input  # noqa: F401
import test_uci_perft  # noqa: F401
import test_uci_xiangqi  # noqa: F401
import test_uci_pikafish  # noqa: F401

if __name__ == "__main__":
    sys.exit(uci_harness.main())
