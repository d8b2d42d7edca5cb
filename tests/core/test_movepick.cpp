// Tests of the move picker (movepick.h) through the toy game (tests/toy/): the main-search picker
// yields every legal move exactly once, the hash move first when it is legal and never a move that
// is not legal (garbage from the table, killers of another position); the rest come in the order
// the header documents (noisy moves that do not lose material, killers, counter-move, quiet moves
// by history, losing noisy moves last), and last_was_bad_noisy() tells the last group apart. The
// quiescence picker yields the noisy moves only, or every evasion in check; skip_quiets leaves
// only the noisy moves not yet returned. Also the history update's bounds. The same picker on
// a real game's positions is tested in that game's folder (test_movepick.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/movepick.h"
#include "toy/toy_test_util.h"

using namespace sen;
using namespace sen::toy;
using namespace sen::toy::test;

namespace {

using Picker = MovePicker<ToyGame>;
using History = Histories<ToyGame>;

// About 2 MB (the continuation tables): on the heap.
std::unique_ptr<History> fresh_histories() {
    auto h = std::make_unique<History>();
    h->clear();
    return h;
}

std::vector<Move> drain(Picker& picker, std::vector<bool>* bad_noisy = nullptr) {
    std::vector<Move> moves;
    while (const Move m = picker.next()) {
        moves.push_back(m);
        if (bad_noisy) bad_noisy->push_back(picker.last_was_bad_noisy());
        REQUIRE(moves.size() <= 256);
    }
    // Exhausted for good.
    CHECK_FALSE(picker.next());
    return moves;
}

std::vector<std::uint16_t> sorted_raw(const std::vector<Move>& moves) {
    std::vector<std::uint16_t> raw;
    for (const Move m : moves) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

std::vector<Move> generated(const Position& pos, bool noisy_only) {
    MoveList list;
    if (noisy_only) ToyGame::generate_noisy(pos, list);
    else ToyGame::generate_all(pos, list);
    return std::vector<Move>(list.begin(), list.end());
}

std::vector<Move> pick_all(const Position& pos, Move tt_move, const History& h, const Move killers[2], Move counter,
                           const ContinuationRows<ToyGame>& continuations, std::vector<bool>* bad_noisy = nullptr) {
    Picker picker(pos, tt_move, h, killers, counter, continuations);
    std::vector<Move> moves = drain(picker, bad_noisy);
    CHECK(moves.size() == count_legal_moves(pos));
    return moves;
}

// The group each move belongs to in the documented order.
enum Group { HASH, GOOD_NOISY, KILLER_1, KILLER_2, COUNTER, QUIET, BAD_NOISY };

Group group_of(const Position& pos, Move m, Move tt_move, const Move killers[2], Move counter) {
    if (m == tt_move) return HASH;
    if (ToyGame::is_noisy(pos, m)) return ToyGame::see_ge(pos, m, 0) ? GOOD_NOISY : BAD_NOISY;
    if (m == killers[0]) return KILLER_1;
    if (m == killers[1]) return KILLER_2;
    if (m == counter) return COUNTER;
    return QUIET;
}

// Histories filled with random values anywhere in their range.
std::unique_ptr<History> random_histories(std::mt19937& rng) {
    auto h = fresh_histories();
    const auto random_history = [&] { return std::int16_t(int(rng() % (2 * HISTORY_MAX + 1)) - HISTORY_MAX); };
    for (auto& a : h->butterfly)
        for (auto& b : a)
            for (auto& v : b) v = random_history();
    for (auto& a : h->capture)
        for (auto& b : a)
            for (auto& v : b) v = random_history();
    for (auto& a : h->continuation)
        for (auto& b : a)
            for (auto& c : b)
                for (auto& v : c) v = random_history();
    return h;
}

std::vector<Move> quiet_ones(const Position& pos, const std::vector<Move>& moves) {
    std::vector<Move> quiet;
    for (const Move m : moves)
        if (!ToyGame::is_noisy(pos, m)) quiet.push_back(m);
    return quiet;
}

// Positions of random games from the bench positions and from random placements of the same
// pieces; and some in check.
std::vector<Position> sample_positions() {
    std::vector<Position> positions;
    std::mt19937 rng(99);
    std::vector<std::string> starts(ToyGame::BENCH_FENS.begin(), ToyGame::BENCH_FENS.end());
    while (starts.size() < 40) {
        std::string cells = "KRRMMMkrrmmm....";
        std::shuffle(cells.begin(), cells.end(), rng);
        std::string fen;
        int empty = 0;
        for (const char c : cells + "X") {
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) fen += std::to_string(empty);
            empty = 0;
            if (c != 'X') fen += c;
        }
        Position pos;
        if (!pos.set_fen(fen + " w 0")) starts.push_back(fen + " w 0");
    }
    for (const std::string& start : starts) {
        for (int g = 0; g < 3; ++g) {
            Position pos = position_from(start);
            for (int ply = 0; ply < 30; ++ply) {
                const MoveList moves = legal_moves(pos);
                if (moves.empty()) break;
                if (ply % 3 == 0) positions.push_back(pos);
                pos.make_move(moves[rng() % moves.size()]);
            }
        }
    }
    // In check: a rook, a king and a man giving it.
    for (const char* fen : {"K3r4R4mk w 0", "KRM2Mk2m4r1 b 0", "3m2K1Mk6 b 0"}) positions.push_back(position_from(fen));
    return positions;
}

}  // namespace

TEST_CASE("Move picker: every legal move exactly once, the hash move first", "[movepick]") {
    const auto h = fresh_histories();
    const Move no_killers[2] = {Move::none(), Move::none()};
    const ContinuationRows<ToyGame> no_continuations{};
    int with_hash_move = 0;
    for (const Position& pos : sample_positions()) {
        INFO(pos.fen());
        const std::vector<std::uint16_t> legal = sorted_raw(generated(pos, false));
        // No hash move.
        CHECK(sorted_raw(pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations)) == legal);
        // Each legal move as the hash move (a sample of them in large lists).
        const std::vector<Move> moves = generated(pos, false);
        for (std::size_t i = 0; i < moves.size(); i += 1 + moves.size() / 6) {
            const std::vector<Move> picked = pick_all(pos, moves[i], *h, no_killers, Move::none(), no_continuations);
            REQUIRE(!picked.empty());
            CHECK(picked[0] == moves[i]);
            CHECK(sorted_raw(picked) == legal);
            ++with_hash_move;
        }
    }
    CHECK(with_hash_move > 500);
}

TEST_CASE("Move picker: a move that is not legal here is never yielded", "[movepick]") {
    const auto h = fresh_histories();
    const ContinuationRows<ToyGame> no_continuations{};
    std::mt19937 rng(17);
    const std::vector<Position> positions = sample_positions();
    int garbage = 0;
    for (std::size_t p = 0; p < positions.size(); ++p) {
        const Position& pos = positions[p];
        INFO(pos.fen());
        const std::vector<std::uint16_t> legal = sorted_raw(generated(pos, false));
        // Random 16-bit moves, the null move, and moves of another position as the hash move,
        // the killers and the counter-move.
        const Position& other = positions[(p + 7) % positions.size()];
        const std::vector<Move> other_moves = generated(other, false);
        std::vector<Move> candidates = {Move::null(), Move(std::uint16_t(rng())), Move(std::uint16_t(rng())),
                                        Move(std::uint16_t(rng() | 0x3000))};
        for (std::size_t i = 0; i < other_moves.size(); i += 3) candidates.push_back(other_moves[i]);
        for (const Move bogus : candidates) {
            if (is_legal(pos, bogus)) continue;
            ++garbage;
            const Move killers[2] = {bogus, candidates[(garbage + 1) % candidates.size()]};
            const std::vector<Move> picked = pick_all(pos, bogus, *h, killers, candidates[garbage % candidates.size()], no_continuations);
            CHECK(sorted_raw(picked) == legal);
            CHECK(std::find(picked.begin(), picked.end(), bogus) == picked.end());
        }
    }
    CHECK(garbage > 1000);
}

TEST_CASE("Move picker: the documented order of the groups", "[movepick]") {
    // With random histories anywhere in their range, the groups still come in order: hash move,
    // noisy moves that do not lose material, the two killers, the counter-move, quiet moves,
    // losing noisy moves. last_was_bad_noisy() is true for the last group only.
    std::mt19937 rng(23);
    auto h = random_histories(rng);

    int positions = 0, bad_noisy_seen = 0, killers_seen = 0, counters_seen = 0;
    for (const Position& pos : sample_positions()) {
        INFO(pos.fen());
        const std::vector<Move> moves = generated(pos, false);
        const std::vector<Move> quiet = quiet_ones(pos, moves);
        const Move tt_move = rng() % 3 ? moves[rng() % moves.size()] : Move::none();
        Move killers[2] = {Move::none(), Move::none()};
        Move counter = Move::none();
        if (quiet.size() >= 3) {
            killers[0] = quiet[rng() % quiet.size()];
            killers[1] = quiet[rng() % quiet.size()];
            counter = quiet[rng() % quiet.size()];
        }
        const auto random_row = [&] {
            const std::size_t piece = rng() % PIECE_NB;
            return &h->continuation[piece][rng() % CELL_NB];
        };
        const PieceToHistory<ToyGame>* const first = random_row();
        const PieceToHistory<ToyGame>* const second = rng() % 2 ? random_row() : nullptr;
        const ContinuationRows<ToyGame> continuations{first, second, nullptr};
        std::vector<bool> bad;
        const std::vector<Move> picked = pick_all(pos, tt_move, *h, killers, counter, continuations, &bad);
        REQUIRE(picked.size() == moves.size());
        Group previous = HASH;
        for (std::size_t i = 0; i < picked.size(); ++i) {
            const Group g = group_of(pos, picked[i], tt_move, killers, counter);
            INFO("move " << i << ": " << coord(pos, picked[i]) << " in group " << int(g) << " after group " << int(previous));
            CHECK(g >= previous);
            CHECK(bad[i] == (g == BAD_NOISY));
            if (g == HASH) CHECK(i == 0);
            previous = g;
            bad_noisy_seen += g == BAD_NOISY;
            killers_seen += g == KILLER_1 || g == KILLER_2;
            counters_seen += g == COUNTER;
        }
        ++positions;
    }
    CHECK(positions > 100);
    CHECK(bad_noisy_seen > 50);
    CHECK(killers_seen > 100);
    CHECK(counters_seen > 50);
}

TEST_CASE("Move picker: the order within the groups", "[movepick]") {
    auto h = fresh_histories();
    const Move no_killers[2] = {Move::none(), Move::none()};
    const ContinuationRows<ToyGame> no_continuations{};
    const auto texts = [](const Position& pos, const std::vector<Move>& moves) {
        std::vector<std::string> t;
        for (const Move m : moves) t.push_back(coord(pos, m));
        return t;
    };

    SECTION("captures: most valuable victim first, losing captures last") {
        // The white rook on f can take the rook on h (undefended) or the man on e (then the rook
        // on h takes it back); the man on j can take the man on k (the rook on h could take it
        // back, but White's rook would then take the rook). fh wins a rook, jk a man, fe loses
        // the rook for a man.
        const Position pos = position_from("K3mR1r1Mm4k w 0");
        const std::vector<std::string> t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        REQUIRE(t.size() >= 4);
        CHECK(t[0] == "fh");
        CHECK(t[1] == "jk");
        CHECK(t.back() == "fe");
    }

    SECTION("quiet moves by history") {
        // No captures: the king's step, four rook moves and a man's step.
        const Position pos = position_from("K1R3M4m2rk w 0");
        h->butterfly[index_of(Color::White)][2][5] = 900;
        h->butterfly[index_of(Color::White)][0][1] = 300;
        h->butterfly[index_of(Color::White)][6][7] = -200;
        std::vector<std::string> t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        REQUIRE(t.size() == 6);
        CHECK(t[0] == "cf");
        CHECK(t[1] == "ab");
        // The other rook moves (no history) in any order, then the man's step.
        CHECK(sorted({t[2], t[3], t[4]}) == std::vector<std::string>{"cb", "cd", "ce"});
        CHECK(t[5] == "gh");

        // A continuation history row counts as well, in any of the three places (one, two or four
        // plies back): it lifts the man's step to the front.
        h->continuation[B_ROOK][14][W_MAN][7] = 2000;
        for (std::size_t k = 0; k < ContinuationRows<ToyGame>{}.size(); ++k) {
            ContinuationRows<ToyGame> continuations{};
            continuations[k] = &h->continuation[B_ROOK][14];
            t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), continuations));
            CHECK(t[0] == "gh");
            CHECK(t[1] == "cf");
        }
    }

    SECTION("a quiet move that saves a piece from a cheaper attacker comes before history") {
        // The white rook on e is attacked by the man on f, and the king's step has the best
        // history there is: the rook's three moves out of reach still come first.
        const Position pos = position_from("K3Rm9k w 0");
        h->butterfly[index_of(Color::White)][0][1] = HISTORY_MAX;
        const std::vector<Move> picked = pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations);
        const Threats threats = ToyGame::threats(pos);
        std::size_t escapes = 0;
        for (const Move m : picked) escapes += !ToyGame::is_noisy(pos, m) && ToyGame::threat_escape(pos, threats, m) > 0;
        REQUIRE(escapes == 3);
        const std::vector<Move> quiet = quiet_ones(pos, picked);
        REQUIRE(quiet.size() == 4);
        for (std::size_t i = 0; i < quiet.size(); ++i) {
            INFO(coord(pos, quiet[i]));
            CHECK((i < escapes) == (ToyGame::threat_escape(pos, threats, quiet[i]) > 0));
        }
        CHECK(coord(pos, quiet[escapes]) == "ab");
    }

    SECTION("capture history orders captures of equal victims") {
        // The rook and the man can each take an undefended man.
        const Position pos = position_from("K1R1m3Mm5k w 0");
        std::vector<std::string> t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        REQUIRE(t.size() >= 2);
        CHECK(sorted({t[0], t[1]}) == std::vector<std::string>{"ce", "ij"});
        h->capture[W_ROOK][4][MAN] = 4000;
        t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        CHECK(t[0] == "ce");
        h->capture[W_ROOK][4][MAN] = 0;
        h->capture[W_MAN][9][MAN] = 4000;
        t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        CHECK(t[0] == "ij");
    }

    SECTION("killers and the counter-move right after the good captures") {
        const Position pos = position_from("1K1R1m3M5k w 0");
        const Move killers[2] = {find_move(pos, "de"), find_move(pos, "bc")};
        const Move counter = find_move(pos, "jk");
        h->butterfly[index_of(Color::White)][3][2] = HISTORY_MAX;  // history never beats a killer
        const std::vector<std::string> t = texts(pos, pick_all(pos, find_move(pos, "ba"), *h, killers, counter, no_continuations));
        REQUIRE(t.size() >= 6);
        CHECK(t[0] == "ba");  // the hash move
        CHECK(t[1] == "df");  // the one capture
        CHECK(t[2] == "de");
        CHECK(t[3] == "bc");
        CHECK(t[4] == "jk");
        CHECK(t[5] == "dc");
    }
}

TEST_CASE("Move picker: after skip_quiets only the noisy moves not yet returned come, each once", "[movepick]") {
    // The search calls skip_quiets when it prunes the rest of the quiet moves; the picker then
    // yields exactly the noisy moves it has not returned yet (good ones, then losing ones), and
    // none of the quiet ones, whatever point it is called at and whether scoring has happened.
    std::mt19937 rng(31);
    const auto h = random_histories(rng);
    const ContinuationRows<ToyGame> no_continuations{};
    int skipped_with_noisy_left = 0, positions = 0;
    for (const Position& pos : sample_positions()) {
        INFO(pos.fen());
        const std::vector<Move> moves = generated(pos, false);
        const std::vector<Move> quiet = quiet_ones(pos, moves);
        const Move tt_move = rng() % 2 ? moves[rng() % moves.size()] : Move::none();
        Move killers[2] = {Move::none(), Move::none()};
        if (!quiet.empty()) killers[0] = quiet[rng() % quiet.size()];
        for (std::size_t cut = 1; cut <= moves.size(); cut += 1 + moves.size() / 5) {
            Picker picker(pos, tt_move, *h, killers, Move::none(), no_continuations);
            std::vector<Move> before;
            for (std::size_t i = 0; i < cut; ++i) before.push_back(picker.next());
            picker.skip_quiets();
            picker.skip_quiets();  // a second call changes nothing
            std::vector<bool> bad;
            const std::vector<Move> after = drain(picker, &bad);
            std::vector<Move> expected;
            for (const Move m : moves)
                if (ToyGame::is_noisy(pos, m) && std::find(before.begin(), before.end(), m) == before.end()) expected.push_back(m);
            CHECK(sorted_raw(after) == sorted_raw(expected));
            // Good noisy moves still come before the losing ones, and are marked as such.
            Group previous = GOOD_NOISY;
            for (std::size_t i = 0; i < after.size(); ++i) {
                const Group g = group_of(pos, after[i], Move::none(), killers, Move::none());
                CHECK(g >= previous);
                CHECK(bad[i] == (g == BAD_NOISY));
                previous = g;
            }
            skipped_with_noisy_left += !expected.empty();
        }
        ++positions;
    }
    CHECK(positions > 100);
    CHECK(skipped_with_noisy_left > 100);
}

TEST_CASE("Move picker: quiescence yields noisy moves, or every evasion in check", "[movepick]") {
    const auto h = fresh_histories();
    int checked = 0, in_check = 0;
    for (const Position& pos : sample_positions()) {
        INFO(pos.fen());
        const bool check = pos.in_check();
        const std::vector<Move> expected = generated(pos, !check);
        Picker picker(pos, Move::none(), *h);
        const std::vector<Move> picked = drain(picker);
        CHECK(picked.size() == expected.size());
        CHECK(sorted_raw(picked) == sorted_raw(expected));
        if (!check)
            for (const Move m : picked) CHECK(ToyGame::is_noisy(pos, m));
        // The hash move comes first if it is among them; a quiet one outside check is not tried.
        for (const Move tt_move : generated(pos, false)) {
            Picker with_tt(pos, tt_move, *h);
            const std::vector<Move> got = drain(with_tt);
            const bool listed = std::find(expected.begin(), expected.end(), tt_move) != expected.end();
            if (listed) {
                REQUIRE(!got.empty());
                CHECK(got[0] == tt_move);
            } else {
                CHECK(std::find(got.begin(), got.end(), tt_move) == got.end());
            }
            CHECK(got.size() == expected.size());
            if (++checked % 8 == 0) break;
        }
        in_check += check;
    }
    CHECK(in_check >= 5);
    CHECK(checked > 500);
}

TEST_CASE("History updates stay within their bounds and move towards the bonus", "[movepick]") {
    std::int16_t entry = 0;
    update_history(entry, 1000);
    CHECK(entry == 1000);
    update_history(entry, -1000);
    CHECK(entry < 1000);
    // Repeated bonuses approach the bound without passing it; oversized bonuses are clamped.
    entry = 0;
    for (int i = 0; i < 1000; ++i) {
        update_history(entry, 2500);
        REQUIRE(entry <= HISTORY_MAX);
        REQUIRE(entry >= 0);
    }
    CHECK(entry > HISTORY_MAX - 100);
    for (int i = 0; i < 1000; ++i) {
        update_history(entry, -100000);
        REQUIRE(entry >= -HISTORY_MAX);
        REQUIRE(entry <= HISTORY_MAX);
    }
    CHECK(entry == -HISTORY_MAX);
    update_history(entry, 100000);
    CHECK(entry == HISTORY_MAX);
}
