// Positions for the xiangqi `bench`: the start position and positions from Fairy-Stockfish
// self-play games at 3000 nodes per move (the first six plies random), sampled every 14 plies:
// openings, middlegames and endgames, Red and Black to move. Keep this list fixed: the node
// count of `sen bench --variant xiangqi` is the xiangqi search's signature. Every FEN is
// checked with the xiangqi Position in tests/xiangqi/test_search.cpp.
#pragma once

#include <array>
#include <string_view>

namespace sen::xiangqi {

// Searched to this depth by default, as chess: about 1.3 M nodes.
constexpr int BENCH_DEPTH = 13;

inline constexpr std::array<std::string_view, 30> BENCH_FENS = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2bakabnr/9/2n5c/p1p2Cp2/8P/2P1P4/Pr4P2/8C/Rc2A4/1NB1KABNR b - - 10 10",
    "2bak1b1r/4a4/4c4/p1p1p3p/1r3npC1/P1P6/4P1P1P/4B1N2/Rc2A4/1NB1KA2R b - - 13 10",
    "C3kab1r/3ra4/3cb1n2/p1p1p1p1p/4c4/C8/P1P1P1P1P/B3B3N/3N4R/1R1AKA3 b - - 12 10",
    "1rbakabnr/7C1/n8/2p1C1p1p/4c4/8P/P2cP1P2/N3B4/4N4/R1BAKA2R b - - 2 10",
    "r1bak1bnr/4a4/nC7/p1p1p1p1p/8c/9/P1P3P1P/1R3C3/9/1NBAKABNR w - - 4 7",
    "r1bakabnr/9/4c4/pCp3p1p/9/4c4/P1P1p1P1P/2N2C3/4A4/R1B1KABNR w - - 2 7",
    "1Rbaka2r/9/r3b1n2/p1p1p2Cp/6p2/9/P1P1P1P1P/C1N6/9/R1BAKABc1 w - - 3 7",
    "1Cbakab2/r7r/1c4nc1/p3p1p1p/9/3p5/P1P1P1PCP/N5N2/4A4/1RBAK1B1R w - - 5 7",
    "rnbakabn1/9/4c2r1/p3p1p1p/2p4C1/9/P1PcP1P1P/2C1B1NR1/9/RN1AKAB2 w - - 12 7",
    "rnbaka1nr/9/3c5/p1p1C3p/1cb4C1/6p2/P1P1P1P1P/6N2/9/RNBAKAB1R w - - 7 7",
    "3akab2/4n4/1Rn1b2r1/p1p3p2/5P2P/P8/9/2r1C3R/5N3/3AKA3 b - - 3 24",
    "2b1ka1r1/4aC3/4b2C1/p3p4/8p/P2RP1B2/1c5RP/2r1B1n2/9/3AKA3 b - - 3 24",
    "3aka3/9/4b1C1b/8p/4P1p2/r1p4NP/6P2/4B4/4AKn2/2BA5 b - - 1 24",
    "2bakab2/5R3/6n1r/2pnp1p2/p8/P1P1P1P1p/N8/3NBC3/9/3AKAB1c b - - 0 24",
    "2bak1r2/4a4/4b1n1c/3R4p/1C2p1p2/2r1N4/p3P1P1P/3A2N1B/9/3AKR3 b - - 1 24",
    "r1bak1b2/4a4/n5r2/p3p1p1p/2p1c4/1R6P/P1P3P2/5C2B/9/1NBAKA1NR w - - 0 14",
    "2baka1nr/9/4b4/p1p1r1p1p/3Nc4/2P2C3/P5P1P/9/8R/R2AKA1N1 w - - 6 21",
    "1Rbak4/4a4/4b4/p1p1pr2p/5np2/P1P6/2r1P1P1P/C1N6/4A4/2B1KABR1 w - - 3 14",
    "r2akab2/9/2ncc1nr1/p3p3p/2b3pC1/6P1P/P3P4/4B1N2/2C1A4/RN1AK1BR1 w - - 10 14",
    "1rb1ka1r1/1C2a4/2n1c4/p7p/2b2n3/4C3P/P8/2N1p4/4N4/1RBAKAR2 w - - 0 21",
    "3a5/4kR3/2n6/p3C1p2/2p6/P5n2/9/9/4AK3/3A4r b - - 11 45",
    "2bk5/4a1C2/3ab4/pC7/9/P3p2p1/2r2n3/5R3/4A4/2R1KA3 b - - 0 45",
    "2ba1R3/4k4/1c6b/9/8P/2B1C4/9/3r5/9/5K3 b - - 1 52",
    "4ka3/4a4/8b/4r3p/9/5p3/9/2p1B3n/C3A4/2BAK4 b - - 11 45",
    "5ab2/5k3/b7n/6p2/1P7/5c1N1/5C3/4B1p2/4A4/4KAB2 b - - 10 52",
    "2b1k1b2/4a3c/9/3Np1n2/P8/C3P2p1/6p2/B3BRc2/4A1N2/4KA3 b - - 26 52",
    "r1bakab2/9/9/9/pnp6/4prp1P/P1P2N3/3N4B/9/2BAKAR2 w - - 2 28",
    "2bak4/4a4/4b1C2/2p5p/p2c2p2/9/P2r4P/9/3KA4/5A3 w - - 3 42",
    "3ak4/4a4/4b4/8p/2P3P2/1N7/4r4/4K4/9/7c1 w - - 0 42",
};

}  // namespace sen::xiangqi
