// Tests of the move picker (core/movepick.h) instantiated for chess (the picker alone, on a toy
// game, in tests/core/test_movepick.cpp): the main-search picker yields
// every legal move exactly once, the hash move first when it is legal and never a move that is
// not legal (garbage from the table, killers of another position); the rest come in the order
// the header documents (noisy moves that do not lose material, killers, counter-move, quiet moves
// by history, losing noisy moves last), and last_was_bad_noisy() tells the last group apart. The
// quiescence picker yields the noisy moves only, or every evasion in check; skip_quiets leaves
// only the noisy moves not yet returned.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chess/bench_positions.h"
#include "chess/game.h"
#include "chess/test_util.h"
#include "core/movepick.h"

using namespace sen;
using namespace sen::chess;
using namespace sen::chess::test;

namespace {

using Picker = MovePicker<ChessGame>;
using History = Histories<ChessGame>;

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
    if (noisy_only) ChessGame::generate_noisy(pos, list);
    else ChessGame::generate_all(pos, list);
    return std::vector<Move>(list.begin(), list.end());
}

std::vector<Move> pick_all(const Position& pos, Move tt_move, const History& h, const Move killers[2], Move counter,
                           const ContinuationRows<ChessGame>& continuations, std::vector<bool>* bad_noisy = nullptr) {
    Picker picker(pos, tt_move, h, killers, counter, continuations);
    std::vector<Move> moves = drain(picker, bad_noisy);
    CHECK(moves.size() == count_legal_moves(pos));
    return moves;
}

// The group each move belongs to in the documented order.
enum Group { HASH, GOOD_NOISY, KILLER_1, KILLER_2, COUNTER, QUIET, BAD_NOISY };

Group group_of(const Position& pos, Move m, Move tt_move, const Move killers[2], Move counter) {
    if (m == tt_move) return HASH;
    if (ChessGame::is_noisy(pos, m)) return ChessGame::see_ge(pos, m, 0) ? GOOD_NOISY : BAD_NOISY;
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
        if (!ChessGame::is_noisy(pos, m)) quiet.push_back(m);
    return quiet;
}

std::vector<Position> sample_positions() {
    std::vector<Position> positions;
    std::mt19937 rng(99);
    for (const GameStart& start : random_game_starts()) {
        for (int g = 0; g < 3; ++g) {
            Position pos = position_from(start.fen, start.chess960);
            for (int ply = 0; ply < 60; ++ply) {
                if (ply % 5 == 0 && count_legal_moves(pos) > 0) positions.push_back(pos);
                const Move m = random_legal_move(pos, rng);
                if (!m) break;
                pos.make_move(m);
            }
        }
    }
    for (const std::string_view fen : BENCH_FENS) positions.push_back(position_from(fen));
    // In check, promotions (with and without capture), en passant, castling.
    for (const char* fen :
         {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
          "rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 3", "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
          "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"})
        positions.push_back(position_from(fen));
    return positions;
}

}  // namespace

TEST_CASE("Chess move picker: every legal move exactly once, the hash move first", "[movepick]") {
    const auto h = fresh_histories();
    const Move no_killers[2] = {Move::none(), Move::none()};
    const ContinuationRows<ChessGame> no_continuations{};
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

TEST_CASE("Chess move picker: a move that is not legal here is never yielded", "[movepick]") {
    const auto h = fresh_histories();
    const ContinuationRows<ChessGame> no_continuations{};
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

TEST_CASE("Chess move picker: the documented order of the groups", "[movepick]") {
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
            const std::uint32_t piece = rng() % PIECE_NB;
            return &h->continuation[piece][rng() % SQUARE_NB];
        };
        const PieceToHistory<ChessGame>* const first = random_row();
        const PieceToHistory<ChessGame>* const second = rng() % 2 ? random_row() : nullptr;
        const ContinuationRows<ChessGame> continuations{first, second, nullptr};
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

TEST_CASE("Chess move picker: the order within the groups", "[movepick]") {
    auto h = fresh_histories();
    const Move no_killers[2] = {Move::none(), Move::none()};
    const ContinuationRows<ChessGame> no_continuations{};
    const auto texts = [](const Position& pos, const std::vector<Move>& moves) {
        std::vector<std::string> t;
        for (const Move m : moves) t.push_back(coord(pos, m));
        return t;
    };

    SECTION("captures: most valuable victim first, losing captures last") {
        // The white knight on d5 can take the queen (c7, defended by the rook), the rook (e7,
        // defended by the queen) or the pawn on f6 (defended by the g7 pawn); the e4 pawn can
        // take the pawn on f5 (defended by the g6 pawn). Nxc7 and Nxe7 gain more than the knight,
        // exf5 is even, Nxf6 loses the knight for a pawn.
        const Position pos = position_from("6k1/2q1r1p1/5pp1/3N1p2/4P3/8/8/6K1 w - - 0 1");
        const std::vector<Move> picked = pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations);
        std::vector<std::string> t = texts(pos, picked);
        REQUIRE(t.size() >= 4);
        CHECK(t[0] == "d5c7");
        CHECK(t[1] == "d5e7");
        // Even, so a good capture: before the quiet moves.
        CHECK(t[2] == "e4f5");
        // Losing: last.
        CHECK(t.back() == "d5f6");
    }

    SECTION("quiet moves by history, under-promotions after the other quiet moves") {
        const Position pos = position_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        // b7b8q is the only noisy move; the king's moves and the three under-promotions are quiet.
        h->butterfly[index_of(Color::White)][SQ_E1][SQ_F2] = 900;
        h->butterfly[index_of(Color::White)][SQ_E1][SQ_D1] = 300;
        h->butterfly[index_of(Color::White)][SQ_E1][SQ_E2] = -200;
        std::vector<std::string> t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        REQUIRE(t.size() == 9);
        CHECK(t[0] == "b7b8q");
        CHECK(t[1] == "e1f2");
        CHECK(t[2] == "e1d1");
        // e1d2 and e1f1 (no history) in either order, then e1e2.
        CHECK(sorted({t[3], t[4]}) == std::vector<std::string>{"e1d2", "e1f1"});
        CHECK(t[5] == "e1e2");
        CHECK(sorted({t[6], t[7], t[8]}) == std::vector<std::string>{"b7b8b", "b7b8n", "b7b8r"});

        // A continuation history row counts as well, in any of the three places (one, two or four
        // plies back): it lifts e1e2 to the front of the quiet moves.
        h->continuation[W_PAWN][SQ_B7][W_KING][SQ_E2] = 2000;
        for (std::size_t k = 0; k < ContinuationRows<ChessGame>{}.size(); ++k) {
            ContinuationRows<ChessGame> continuations{};
            continuations[k] = &h->continuation[W_PAWN][SQ_B7];
            t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), continuations));
            CHECK(t[1] == "e1e2");
            CHECK(t[2] == "e1f2");
        }
    }

    SECTION("a quiet move that saves a piece from a cheaper attacker comes before history") {
        // Black's queen on d5 is attacked by the rook on d1, and the king's step to e7 has the
        // best history there is: the queen's moves out of every cheaper piece's reach still come
        // first, then the rest by history.
        const Position pos = position_from("4k3/8/8/3q4/8/8/4K3/3R4 b - - 0 1");
        h->butterfly[index_of(Color::Black)][SQ_E8][SQ_E7] = HISTORY_MAX;
        const std::vector<Move> picked = pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations);
        const Threats threats = ChessGame::threats(pos);
        std::size_t escapes = 0;
        for (const Move m : picked) escapes += !ChessGame::is_noisy(pos, m) && ChessGame::threat_escape(pos, threats, m) > 0;
        REQUIRE(escapes > 10);
        const std::vector<Move> quiet = quiet_ones(pos, picked);
        for (std::size_t i = 0; i < quiet.size(); ++i) {
            INFO(coord(pos, quiet[i]));
            CHECK((i < escapes) == (ChessGame::threat_escape(pos, threats, quiet[i]) > 0));
        }
        CHECK(coord(pos, quiet[escapes]) == "e8e7");
    }

    SECTION("capture history orders captures of equal victims") {
        // The rook and the knight can each take an undefended pawn.
        const Position pos = position_from("4k3/8/8/1p4p1/8/2N5/8/4K1R1 w - - 0 1");
        std::vector<std::string> t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        REQUIRE(t.size() >= 2);
        CHECK(sorted({t[0], t[1]}) == std::vector<std::string>{"c3b5", "g1g5"});
        h->capture[W_ROOK][SQ_G5][PAWN] = 4000;
        t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        CHECK(t[0] == "g1g5");
        h->capture[W_ROOK][SQ_G5][PAWN] = 0;
        h->capture[W_KNIGHT][SQ_B5][PAWN] = 4000;
        t = texts(pos, pick_all(pos, Move::none(), *h, no_killers, Move::none(), no_continuations));
        CHECK(t[0] == "c3b5");
    }

    SECTION("killers and the counter-move right after the good captures") {
        const Position pos = position_from("4k3/8/8/1p6/8/2N5/8/4K1R1 w - - 0 1");
        const Move killers[2] = {find_move(pos, "g1g7"), find_move(pos, "e1f2")};
        const Move counter = find_move(pos, "c3e4");
        h->butterfly[index_of(Color::White)][SQ_G1][SQ_H1] = HISTORY_MAX;  // history never beats a killer
        const std::vector<std::string> t = texts(pos, pick_all(pos, find_move(pos, "e1d1"), *h, killers, counter, no_continuations));
        REQUIRE(t.size() >= 6);
        CHECK(t[0] == "e1d1");  // the hash move
        CHECK(t[1] == "c3b5");  // the one capture
        CHECK(t[2] == "g1g7");
        CHECK(t[3] == "e1f2");
        CHECK(t[4] == "c3e4");
        CHECK(t[5] == "g1h1");
    }
}

TEST_CASE("Chess move picker: after skip_quiets only the noisy moves not yet returned come, each once", "[movepick]") {
    // The search calls skip_quiets when it prunes the rest of the quiet moves; the picker then
    // yields exactly the noisy moves it has not returned yet (good ones, then losing ones), and
    // none of the quiet ones, whatever point it is called at and whether scoring has happened.
    std::mt19937 rng(31);
    const auto h = random_histories(rng);
    const ContinuationRows<ChessGame> no_continuations{};
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
                if (ChessGame::is_noisy(pos, m) && std::find(before.begin(), before.end(), m) == before.end()) expected.push_back(m);
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

TEST_CASE("Chess move picker: quiescence yields noisy moves, or every evasion in check", "[movepick]") {
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
            for (const Move m : picked) CHECK(ChessGame::is_noisy(pos, m));
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
