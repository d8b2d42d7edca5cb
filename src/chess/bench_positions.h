// Positions for `bench`: the standard start and well-known test positions, a few endgames, and
// positions from Stockfish self-play games at 20000 nodes per move (random first four plies),
// sampled every 24 plies. Keep this list fixed: the bench node count is the engine's signature.
#pragma once

#include <array>
#include <string_view>

namespace sen::chess {

// The default depth of the chess bench (`sen bench`, the `Bench:` signature).
inline constexpr int BENCH_DEPTH = 13;

inline constexpr std::array<std::string_view, 50> BENCH_FENS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/4k3/8/8/3KP3/8 w - - 0 1",
    "8/5pk1/6p1/8/3R4/6P1/5PK1/r7 w - - 0 40",
    "6k1/5ppp/8/8/8/8/1B3PPP/6K1 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    "rn2k1nr/pbp1qppp/1p2p3/1N1p4/2PP1P2/4PN2/PP4PP/R1BQKB1R b KQkq - 0 7",
    "1k1rr3/1bp1q1pp/pp3p2/3p4/P1nP1P2/2PBPN2/R5PP/2BQR1K1 b - - 2 19",
    "2r5/1kp3p1/1p1n1p2/p2p3p/P1NP1P2/6P1/2Q4P/2B2BK1 b - - 0 31",
    "1k6/2r5/1pp3Q1/p2p1P2/P2Pn3/5KP1/6BP/2B5 b - - 2 43",
    "rnbqkbnr/pp3ppp/2p5/3p4/7N/1P1PP1P1/PBP1P2P/RN1QKB1R b KQkq - 0 7",
    "2b1r1k1/r4ppp/n1p2n2/p2p4/Pq5N/2NPP1P1/2PQP1BP/1R3RK1 b - - 4 19",
    "5nk1/r3qp1p/2p2np1/p1Pp4/P2P4/4P1P1/3QP1BP/3N1RK1 b - - 2 31",
    "8/2r1qpk1/2p3p1/p1Pp2np/P2P1Nn1/1R2PBP1/3QP1KP/8 b - - 7 43",
    "1R6/2r2pkq/2p5/p1Pp4/P2PnNp1/4P1P1/4P1K1/1Q6 b - - 5 55",
    "8/1R4k1/2p1rp2/p1Pp4/P2P4/4P1P1/3nP1KN/8 b - - 16 67",
    "rn1qk2r/pppn1pp1/3p3b/3Pp2p/2P1P2P/1PN2QPB/PB3P2/R3K2R b KQkq - 2 13",
    "rr4k1/4qp2/n1pp1npb/1P1Pp2p/1P2P2P/1QN3PB/1B3PK1/4RR2 b - - 0 25",
    "rr4k1/2n3n1/3p1Rp1/1p1P3p/1P2P3/7B/4N3/4R2K b - - 0 37",
    "3rn3/8/3Pn1k1/1B2P2p/1P4p1/1r6/5R2/4R1NK b - - 0 49",
    "8/8/3rr3/7R/5kp1/8/8/5R1K b - - 9 61",
    "r1bqkbnr/p1pp1p2/1pn1p2p/8/2PP3R/6P1/PP2PPB1/RNBQK1N1 b Qkq - 0 7",
    "1r1q1rk1/3p2b1/pppnp1np/5p1R/P1PPP3/1PN3PN/3BQP2/1R3K2 b - - 0 19",
    "6k1/3p1rb1/pp1qp3/6R1/P1PpP3/1P1Q4/5P2/3R1K2 b - - 0 31",
    "4k3/3p4/1P2pb2/8/Pp1pP3/2q2Q2/4KR2/8 b - - 4 43",
    "5R2/2Qp4/4p3/2k5/1p2P3/3p4/8/5K2 b - - 2 55",
    "rnb1kbnr/p4ppp/1pp2q2/3p1P2/3P4/2N2Q2/PPP3PP/R1B1KBNR b KQkq - 0 7",
    "r3r1k1/p2nbppp/1pp1bn2/q2p2B1/3P3Q/1RNB2NP/P5P1/5RK1 b - - 2 19",
    "r3r1k1/p4pp1/2p5/1p1p4/3PbN1q/6RP/P4QP1/5RK1 b - - 2 31",
    "5r1k/p1r5/8/3R3N/8/3p3P/P5PK/8 b - - 1 43",
    "4R3/p5k1/8/8/3KN3/4r3/r7/8 b - - 3 55",
    "5R2/8/8/8/3r4/4r1k1/2K5/8 b - - 13 67",
    "r1bq1bkr/pp4pp/4pn2/2p5/3pPP2/1P3Q2/PBP1N1PP/2KR2NR b - - 4 13",
    "4r1k1/pp4p1/2b4r/2bNq3/2R1P3/1P3Q2/PB4PP/2K4R b - - 2 25",
    "6k1/pp6/2b2p2/8/8/1P4P1/PB6/2KR3r b - - 7 37",
    "8/pp6/2b2B2/8/4k3/1P4r1/P4R2/4K3 b - - 1 49",
    "8/1p6/8/B7/4k3/1P6/b4K2/8 b - - 3 61",
    "r1bqkb2/pp1p1ppr/2n2n1p/2p1p3/3PP3/2P1BN2/PP3PPP/RN1QKB1R b KQq - 0 7",
    "2r1k2r/1p1bbpp1/p6p/n3P3/3N4/4BB2/PP4PP/R4RK1 b - - 0 19",
    "6k1/4bpp1/6r1/pr2P2p/6b1/1P3N1P/P1R2BP1/2R2K2 b - - 0 31",
    "8/r5p1/5pk1/7p/1R5P/1P3PK1/8/8 b - - 0 43",
    "8/8/5p2/3r1kpp/1PR4P/5PK1/8/8 b - - 2 55",
    "8/8/6K1/8/2k5/8/8/8 b - - 2 67",
    "r3k1r1/ppp2p1p/1b2bq2/nP1pp3/Q5n1/2PP1NP1/P2NPPBP/R1B2RK1 b q - 4 13",
    "r3k1r1/pBp5/1b2P3/1P2p3/Q4npq/1P1PP3/7N/R4R1K b q - 0 25",
    "1r6/p1p5/2B2k2/1P6/3P1p2/1P2b3/6KN/8 b - - 0 37",
    "6r1/p1p5/8/1P3k2/1bN2p2/1P3B2/4K3/8 b - - 23 49",
    "8/p1p5/3b4/1P6/2B2k2/1Pr5/6K1/5N2 b - - 8 61",
};

}  // namespace sen::chess
