"""scripts/make-perft-suite.py as a package: builds and verifies the perft suites in perft-suites/
with Stockfish (or Fairy-Stockfish) as the oracle.

  cli        the command line and the validate, verify, count, generate and trim commands
  build      the build command (standard, tricky, quick; chess960; xiangqi suites)
  suite      the suite file format (FEN ;D1 n ;D2 n ...) and choosing a line's depths
  oracle     the reference engine over UCI, through scripts/lib/uci_pipe.py
  variants   the games the commands serve (chess, Chess960, xiangqi)
  generate   biased random playouts and the greedy cover that picks positions from them
  board      FEN placement and counters shared by the games
  chess, chess960, xiangqi   each game's rules: FEN legality, making a move, position tags
  data       the curated position lists, read from data/*.txt

The rules never generate moves: the oracle lists them, and the rules check FENs and follow moves.
"""
