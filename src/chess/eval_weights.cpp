// The evaluation weights, fitted by `sen tune` (Texel's method: see src/tools/tune.h) on 2026-11-30.
// Data: 463045 positions of Sen's self-play (`sen datagen`), every 10th block of 1000 held out
// for validation, from selfplay_s1_n8000.txt
//   and selfplay_s2_n4000.txt.
// K = 0.005910; mean squared error 0.095802 -> 0.091636 (validation 0.095686 -> 0.093147).
// Generated file: rerun `sen datagen` and `sen tune` rather than editing by hand.
#include "chess/eval.h"

namespace sen::chess {

namespace {

using S = Score;

// Copies a block of weights into the table from `base` on.
template <std::size_t N>
constexpr void set(EvalWeights& w, int base, const Score (&values)[N]) {
    for (std::size_t i = 0; i < N; ++i) w[std::size_t(base) + i] = values[i];
}

constexpr EvalWeights make_weights() {
    EvalWeights w{};

    // Material; pawn, knight, bishop, rook, queen, (king: unused).
    set(w, term::MATERIAL, {
        S( 90,  111), S(333,  309), S(343,  332), S(470,  530), S(962, 1003), S(  0,    0),
    });

    // Piece-square tables, from the owner's side (Black's squares mirrored):
    // a1..h1 in the first row, a8..h8 in the last.
    // pawn
    set(w, term::PSQT + PAWN * 64, {
        S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0),
        S( 7, -21), S( 4, -11), S(-6, -13), S( 2, -20), S(-2, -22), S(10, -14), S(12, -11), S(-6, -25),
        S(13, -10), S( 0, -13), S( 4, -16), S(11, -21), S(16, -16), S( 7, -11), S(13, -19), S( 1, -10),
        S( 5,  -3), S( 8,  -5), S(10, -10), S(35,   1), S(29,  -6), S(-1,  -9), S( 4,  -3), S(-1,  -3),
        S(15,   9), S(19,   5), S( 7,   0), S(29,   4), S(26,   0), S(12,   2), S(15,  -4), S(14,   5),
        S(21,  15), S(20,  10), S(21,  15), S(23,  15), S(20,  12), S(21,  12), S(21,  12), S(22,  12),
        S(25,  21), S(23,  19), S(25,  22), S(24,  21), S(24,  21), S(24,  21), S(23,  21), S(24,  21),
        S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0), S( 0,   0),
    });
    // knight
    set(w, term::PSQT + KNIGHT * 64, {
        S( -7, -6), S(-13, -8), S( -8, -6), S( -8, -6), S(-10, -5), S( -8, -5), S( -5, -5), S( -9, -7),
        S( -6, -4), S( -1,  1), S( -9, -1), S(  4,  1), S(  4,  5), S(  3,  0), S(  0,  1), S( -5, -5),
        S( -5, -4), S(  3,  1), S(  2,  8), S( 10,  9), S( 18, 10), S(  6,  6), S(  4,  2), S( -8, -4),
        S( -3, -5), S(  0, -1), S( 13,  8), S(  9,  9), S( 17, 15), S(  9,  7), S(  2,  1), S( -4, -6),
        S( -5, -5), S(  6,  0), S( 11,  6), S( 16, 12), S( 15, 13), S( 13,  7), S(  5,  3), S( -5, -5),
        S( -7, -5), S(  1,  1), S(  8,  5), S(  9,  7), S(  9,  6), S(  9,  8), S(  1,  0), S( -7, -7),
        S( -7, -6), S(  0,  1), S(  0,  0), S(  1,  0), S(  0,  0), S(  1,  0), S(  1,  0), S( -7, -5),
        S( -8, -6), S( -7, -5), S( -8, -6), S( -7, -6), S( -7, -5), S( -7, -5), S( -7, -6), S( -7, -5),
    });
    // bishop
    set(w, term::PSQT + BISHOP * 64, {
        S( -4, -3), S( -5, -4), S( -1, -1), S( -6, -6), S( -5, -3), S( -6, -5), S( -3, -4), S( -6, -5),
        S( -4, -4), S(  8,  2), S(  3,  0), S(  9,  4), S(  3, -1), S( -1,  1), S(  8,  1), S( -4, -3),
        S( -2, -2), S(  0, -1), S(  9,  3), S(  3,  8), S( -5,  3), S(  5,  6), S(  3,  1), S(-11, -5),
        S( -5, -5), S(  3,  1), S(  8,  8), S(  3,  5), S( 10,  9), S(  1,  4), S(  3,  1), S( -4, -5),
        S( -3, -6), S(  2,  2), S(  5,  6), S(  8, 11), S(  8,  8), S(  5,  4), S( -3,  2), S( -1, -4),
        S( -2, -3), S(  1,  1), S(  5,  5), S(  4,  4), S(  4,  4), S(  4,  4), S(  0,  1), S( -5, -4),
        S( -4, -3), S( -1,  0), S( -1,  0), S(  0,  0), S(  0,  0), S(  0,  1), S(  1,  1), S( -4, -4),
        S( -4, -3), S( -4, -4), S( -4, -4), S( -4, -3), S( -4, -3), S( -4, -4), S( -4, -4), S( -4, -4),
    });
    // rook
    set(w, term::PSQT + ROOK * 64, {
        S( -9, -1), S( -6, -5), S( -5, -3), S(  9, -3), S(  0, -1), S(  1, -3), S(  2, -2), S(-13,  1),
        S( -4, -1), S( -5, -5), S( -2, -4), S( -6, -4), S( -1, -3), S( -1, -1), S( -3, -3), S( -4, -4),
        S( -6,  0), S(  0, -2), S( -3, -2), S( -1, -1), S( -3, -2), S( -1, -2), S( -3, -2), S(  8,  1),
        S( -5, -2), S( -1,  0), S( -4, -2), S( -1, -1), S( -2, -2), S( -1, -2), S( -3, -1), S( -4, -2),
        S( -3,  0), S( -2, -1), S( -2, -1), S( -2, -1), S( -3, -2), S( -1, -1), S(  0,  0), S( -2, -2),
        S(  1,  3), S( -2, -2), S( -1,  0), S( -1,  0), S( -1,  0), S(  0,  1), S(  0,  0), S(  1,  1),
        S( 13, 11), S( 13,  7), S( 13,  9), S( 14, 10), S( 13,  8), S( 13,  9), S( 14, 10), S( 14, 10),
        S( -1,  0), S( -2, -2), S( -1,  1), S( -2, -1), S( -1,  0), S( -2, -1), S( -1,  0), S( -1,  0),
    });
    // queen
    set(w, term::PSQT + QUEEN * 64, {
        S(-1, -3), S(-5, -3), S(-7, -4), S(-5, -7), S(-4, -4), S(-1, -4), S(-1, -4), S( 0, -3),
        S(-3, -3), S( 2,  0), S( 4,  1), S(-2,  0), S( 5,  0), S( 0,  0), S( 1,  0), S(-2, -4),
        S(-4, -4), S(-2,  0), S( 5,  4), S( 1,  5), S(-1,  4), S( 4,  5), S( 1,  1), S(-1, -3),
        S( 1, -3), S( 1,  1), S( 2,  5), S( 2,  8), S( 6,  9), S( 4,  5), S( 0,  1), S(-2, -3),
        S(-2, -3), S( 0,  1), S( 1,  4), S( 5,  9), S( 2,  9), S( 3,  6), S(-2,  0), S( 0, -4),
        S(-2, -4), S( 1,  1), S( 3,  5), S( 2,  5), S( 3,  5), S( 3,  5), S( 2,  1), S(-1, -3),
        S(-2, -4), S(-1,  0), S( 1,  1), S( 0,  1), S( 1,  1), S( 0,  1), S( 1,  1), S(-3, -4),
        S(-2, -4), S(-2, -3), S(-1, -3), S(-2, -3), S(-2, -4), S(-2, -3), S(-2, -4), S(-2, -4),
    });
    // king
    set(w, term::PSQT + KING * 64, {
        S( 72, -11), S( 77, -11), S( 75, -10), S( 39, -12), S( 59,  -9), S( 43, -11), S( 69,  -7), S( 57, -16),
        S( 36, -11), S( 36,   2), S( 38,   3), S( 40,   6), S( 37,   3), S( 34,   4), S( 37,   1), S( 33, -10),
        S( 20, -11), S( 21,  -2), S( 21,  12), S( 22,  13), S( 21,  12), S( 22,  12), S( 21,   0), S( 22, -10),
        S(  6, -11), S(  6,   1), S(  6,  15), S(  6,  24), S(  6,  26), S(  6,  13), S(  6,   1), S(  6, -13),
        S( -9, -11), S( -9,   2), S( -9,  13), S( -9,  24), S( -9,  26), S( -9,  14), S( -9,   3), S( -9, -10),
        S(-24, -10), S(-24,   2), S(-24,  14), S(-24,  14), S(-24,  14), S(-24,  13), S(-24,   3), S(-24, -10),
        S(-39, -11), S(-39,   2), S(-39,   2), S(-39,   2), S(-39,   2), S(-39,   2), S(-39,   2), S(-39, -11),
        S(-54, -10), S(-54, -11), S(-54, -11), S(-54, -11), S(-54, -11), S(-54, -10), S(-54, -10), S(-54, -11),
    });

    // Knight mobility; index: safe destination squares.
    set(w, term::MOBILITY_KNIGHT, {
        S(-21, -17), S(-17, -14), S( -7, -11), S(  4,   2), S(  8,   4), S( 11,  14), S( 17,  15), S( 15,  14),
        S( 11,   9),
    });

    // Bishop mobility; index: safe destination squares.
    set(w, term::MOBILITY_BISHOP, {
        S(-31, -31), S(-21, -26), S(-17, -24), S(-13, -17), S( -1,  -6), S(  0,  -5), S(  8,  10), S(  8,   9),
        S(  9,  16), S( 15,  18), S( 17,  20), S( 20,  24), S( 24,  30), S( 28,  34),
    });

    // Rook mobility; index: safe destination squares.
    set(w, term::MOBILITY_ROOK, {
        S(-23, -29), S(-22, -24), S(-17, -25), S(-11, -23), S(-13, -15), S( -2,  -7), S( -6,  -4), S(  5,   0),
        S( 12,   8), S(  9,  10), S(  8,  14), S( 12,  18), S( 10,  18), S( 13,  21), S( 13,  28),
    });

    // Queen mobility; index: safe destination squares.
    set(w, term::MOBILITY_QUEEN, {
        S(-13, -26), S(-12, -24), S(-16, -22), S( -7, -20), S(-10, -18), S(-12, -17), S(-13, -14), S( -7, -12),
        S( -2, -10), S( -4,  -8), S(  3,  -4), S( -1,  -5), S( -1,  -3), S(  4,   2), S(  2,   3), S(  3,   5),
        S(  4,   8), S(  5,  10), S(  6,  11), S(  6,  13), S(  7,  14), S(  8,  16), S(  9,  18), S( 10,  20),
        S( 11,  22), S( 12,  24), S( 13,  26), S( 14,  28),
    });

    // Passed pawns; index: relative rank.
    set(w, term::PASSED_PAWN, {
        S(  0,   0), S(-10,   3), S( -1,  10), S( 10,  27), S( 20,  46), S( 50,  74), S( 81, 121), S(  0,   0),
    });

    // Passed pawns with nothing in front; index: relative rank.
    set(w, term::PASSED_FREE, {
        S( 0,  0), S(-2, -1), S(-5,  1), S(-2, 15), S(-2, 25), S( 3, 41), S( 1, 63), S( 0,  0),
    });

    // Passed pawns: king distances to the stop square; index: their king's distance - ours + 4.
    set(w, term::PASSED_KING_DISTANCE, {
        S(-3, -32), S(-5, -29), S(-3, -20), S(-3,  -9), S(-7,  -1), S(-9,   8), S(-6,  20), S(-5,  23),
        S(-1,  31),
    });

    // Doubled pawns.
    w[term::PAWN_DOUBLED] = S(-14, -20);

    // Isolated pawns.
    w[term::PAWN_ISOLATED] = S(-13, -9);

    // Backward pawns.
    w[term::PAWN_BACKWARD] = S(-9, -19);

    // Connected pawns (defended or side by side); index: relative rank.
    set(w, term::PAWN_CONNECTED, {
        S( 0,  0), S( 2, -2), S( 4,  7), S( 1,  3), S(10, 11), S(26, 27), S(40, 41), S( 0,  0),
    });

    // Bishop pair.
    w[term::BISHOP_PAIR] = S(42, 51);

    // Rook on an open file.
    w[term::ROOK_OPEN_FILE] = S(30, 3);

    // Rook on a semi-open file.
    w[term::ROOK_SEMI_OPEN_FILE] = S(15, 4);

    // King zone squares attacked; index: piece type (none, pawn, knight, bishop, rook, queen).
    set(w, term::KING_ZONE_ATTACKS, {
        S( 0,  0), S( 0,  0), S(12, -3), S( 7,  3), S(13,  3), S(17, 14),
    });

    // Pieces attacking the king zone; index: number of attackers.
    set(w, term::KING_ATTACKERS, {
        S(  0,  1), S( -5, -3), S( 13,  1), S( 32,  1), S( 60,  0), S( 90,  0), S(120,  0), S(150,  0),
    });

    // King shelter, per king file; index: distance to the nearest own pawn ahead (7: none).
    set(w, term::KING_SHELTER, {
        S(  3,  10), S(  9,   2), S(  6,  -2), S(  3, -13), S( -6,  -7), S(  3,   0), S( -1,   0), S(-16,  10),
    });

    // Safe checks available; index: piece type (none, pawn, knight, bishop, rook, queen).
    set(w, term::KING_SAFE_CHECKS, {
        S( 0,  0), S( 0,  0), S(40,  8), S(24, 11), S(47, 12), S(36, 17),
    });

    // Pieces attacked by a pawn; index: attacked piece type.
    set(w, term::THREAT_BY_PAWN, {
        S( 0,  0), S( 0,  0), S(49, 39), S(50, 41), S(50, 40), S(49, 40),
    });

    // Pieces attacked by a knight or bishop; index: attacked piece type.
    set(w, term::THREAT_BY_MINOR, {
        S( 0,  0), S( 2, 14), S(16, 15), S(25, 15), S(41, 29), S(49, 40),
    });

    // Pieces attacked by a rook; index: attacked piece type.
    set(w, term::THREAT_BY_ROOK, {
        S( 0,  0), S( 2, 13), S(14, 18), S(12, 15), S( 0,  0), S(41, 30),
    });

    // Attacked and undefended pieces.
    w[term::HANGING] = S(22, 24);

    // Side to move.
    w[term::TEMPO] = S(14, 7);
    return w;
}

}  // namespace

constinit const EvalWeights DEFAULT_WEIGHTS = make_weights();

}  // namespace sen::chess
