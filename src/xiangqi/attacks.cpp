#include "xiangqi/attacks.h"

namespace sen::xiangqi::detail {

namespace {

constexpr bool on_board(int file, int rank) { return file >= 0 && file < FILE_NB && rank >= 0 && rank < RANK_NB; }

// The palace a point lies in (the same colour's), or nothing.
constexpr Bitboard palace_of(Square s) {
    if (palace_bb(Color::White) & square_bb(s)) return palace_bb(Color::White);
    if (palace_bb(Color::Black) & square_bb(s)) return palace_bb(Color::Black);
    return 0;
}

constexpr Bitboard half_of(Square s) { return own_half(Color::White, s) ? half_bb(Color::White) : half_bb(Color::Black); }

constexpr Bitboard step_set(Square s, const int (*steps)[2], int count, Bitboard allowed) {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i) {
        const int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
        if (on_board(f, r)) b |= square_bb(make_square(f, r));
    }
    return b & allowed;
}

constexpr int ORTHOGONAL[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int DIAGONAL[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// One line's table entry: `point` is the piece's index on the line (0..size-1), `inner` the
// occupancy of indices 1..size-2; both end points count as occupied.
constexpr std::uint32_t line_entry(int point, unsigned inner, int size) {
    const unsigned occupied = (inner << 1) | 1u | (1u << (size - 1));
    std::uint32_t slides = 0, jumps = 0;
    for (const int dir : {1, -1}) {
        int i = point + dir;
        while (i >= 0 && i < size) {
            slides |= 1u << i;
            if (occupied & (1u << i)) break;
            i += dir;
        }
        // i is the screen (or off the line); the first piece beyond it is the jump target.
        for (i += dir; i >= 0 && i < size; i += dir)
            if (occupied & (1u << i)) {
                jumps |= 1u << i;
                break;
            }
    }
    return slides | (jumps << 16);
}

constexpr Tables make_tables() {
    Tables t{};
    for (int si = 0; si < SQUARE_NB; ++si) {
        const Square s = Square(si);
        const int f = file_of(s), r = rank_of(s);
        t.general_steps[s] = step_set(s, ORTHOGONAL, 4, palace_of(s));
        t.advisor_steps[s] = step_set(s, DIAGONAL, 4, palace_of(s));

        ElephantSteps& e = t.elephant[s];
        for (const auto& d : DIAGONAL) {
            const int ef = f + d[0], er = r + d[1], tf = f + 2 * d[0], tr = r + 2 * d[1];
            if (!on_board(tf, tr) || !(half_of(make_square(tf, tr)) & square_bb(s))) continue;
            e.eyes[e.count] = square_bb(make_square(ef, er));
            e.targets[e.count] = square_bb(make_square(tf, tr));
            ++e.count;
        }

        // A horse steps one point orthogonally (the leg) and then one diagonally outward.
        HorseSteps& h = t.horse[s];
        for (const auto& d : ORTHOGONAL) {
            const int lf = f + d[0], lr = r + d[1];
            if (!on_board(lf, lr)) continue;
            Bitboard targets = 0;
            for (const int side : {1, -1}) {
                const int tf = lf + d[0] + (d[0] == 0 ? side : 0), tr = lr + d[1] + (d[1] == 0 ? side : 0);
                if (on_board(tf, tr)) targets |= square_bb(make_square(tf, tr));
            }
            if (!targets) continue;
            h.legs[h.count] = square_bb(make_square(lf, lr));
            h.targets[h.count] = targets;
            ++h.count;
        }

        for (const Color c : {Color::White, Color::Black}) {
            const int forward = c == Color::White ? 1 : -1;
            Bitboard b = 0;
            if (on_board(f, r + forward)) b |= square_bb(make_square(f, r + forward));
            if (!own_half(c, s)) {
                if (f > 0) b |= square_bb(make_square(f - 1, r));
                if (f < FILE_NB - 1) b |= square_bb(make_square(f + 1, r));
            }
            // Soldiers never stand behind their starting rank.
            if (own_rank(c, r) < 3) b = 0;
            t.soldier_steps[index_of(c)][s] = b;
        }

        for (int fi = 0; fi < FILE_NB; ++fi)
            if (fi != f) t.cross[s] |= square_bb(make_square(fi, r));
        for (int ri = 0; ri < RANK_NB; ++ri)
            if (ri != r) t.cross[s] |= square_bb(make_square(f, ri));
    }

    // Reverse tables: which horses and soldiers reach each point.
    for (int si = 0; si < SQUARE_NB; ++si) {
        const Square target = Square(si);
        for (const auto& d : DIAGONAL) {
            const int lf = file_of(target) + d[0], lr = rank_of(target) + d[1];
            if (!on_board(lf, lr)) continue;
            const Bitboard leg = square_bb(make_square(lf, lr));
            Bitboard horses = 0;
            for (int hi = 0; hi < SQUARE_NB; ++hi) {
                const HorseSteps& h = t.horse[hi];
                for (int i = 0; i < h.count; ++i)
                    if (h.legs[i] == leg && (h.targets[i] & square_bb(target))) horses |= square_bb(Square(hi));
            }
            if (!horses) continue;
            HorseSteps& a = t.horse_attackers[target];
            a.legs[a.count] = leg;
            a.targets[a.count] = horses;
            ++a.count;
            t.attack_sources[target] |= leg;
        }
        t.attack_sources[target] |= t.cross[target];
        for (const int c : {0, 1})
            for (int from = 0; from < SQUARE_NB; ++from)
                if (t.soldier_steps[c][from] & square_bb(target)) t.soldier_attackers[c][target] |= square_bb(Square(from));
    }

    for (int f = 0; f < FILE_NB; ++f)
        for (unsigned inner = 0; inner < 128; ++inner) t.rank_lines[f][inner] = line_entry(f, inner, FILE_NB);
    for (int r = 0; r < RANK_NB; ++r)
        for (unsigned inner = 0; inner < 256; ++inner) t.file_lines[r][inner] = line_entry(r, inner, RANK_NB);
    for (unsigned mask = 0; mask < 1024; ++mask)
        for (int r = 0; r < RANK_NB; ++r)
            if (mask & (1u << r)) t.file_spread[mask] |= square_bb(make_square(0, r));

    for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = 0; b < SQUARE_NB; ++b) {
            const Square sa = Square(a), sb = Square(b);
            if (a == b || (file_of(sa) != file_of(sb) && rank_of(sa) != rank_of(sb))) continue;
            const int df = (file_of(sb) > file_of(sa)) - (file_of(sb) < file_of(sa));
            const int dr = (rank_of(sb) > rank_of(sa)) - (rank_of(sb) < rank_of(sa));
            for (int fi = file_of(sa) + df, ri = rank_of(sa) + dr; make_square(fi, ri) != sb; fi += df, ri += dr)
                t.between[a][b] |= square_bb(make_square(fi, ri));
        }
    return t;
}

}  // namespace

constinit const Tables TABLES = make_tables();

}  // namespace sen::xiangqi::detail
