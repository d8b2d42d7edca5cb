// The learned evaluation (NNUE) whatever the game: the network, its integer inference and the
// incremental update of its hidden layer. A game brings a feature set (the FeatureSet concept
// below: its input count, the index of a piece on a square from one side's view, its largest
// piece count, its output scale and its file's magic); chess/nnue.h and xiangqi/nnue.h
// instantiate this module with theirs.
//
// Shape: F::INPUTS inputs -> 2 x F::HIDDEN -> 1 (optionally, OutputBucketed below, one output layer
// per bucket of the material on the board, of which a position uses one). Each input is one (piece colour relative to the
// view, piece type, square) seen from one side (a "perspective"): the side's own view flips the
// board so that it plays up the board and calls its own pieces "own", so a position and its
// colour-flipped mirror have the same features for the side to move and the same evaluation.
// Both views share one weight matrix (optionally, KingBucketed below, one per bucket of the view's
// own king square). The hidden layer of each view (its "accumulator") is a sum of the matrix rows
// of the pieces on the board plus a bias: a move changes a few pieces, so the search updates it
// by adding and subtracting a few rows instead of summing all of them again.
//
//   out = b2 + sum_i w2[i] * screlu(acc_stm[i]) + sum_i w2[HIDDEN + i] * screlu(acc_other[i])
//   screlu(x) = clamp(x, 0, 1)^2,   evaluation in centipawns = out * F::SCALE
//
// The trainer (tools/nnue_trainer.h) fits the weights in floating point, predicting sigmoid(out)
// against a blend of game result and search score (sigmoid(cp / SCALE)), so one unit of `out` is
// SCALE centipawns, the scale the game's hand-written evaluation is in. The engine uses integers:
// the first layer times QA in int16, the output weights times QB in int16 and the output bias
// times QA * QB in int32.
//
// Owns: the network's layout and arithmetic. Never touches a position: the games' nnue.cpp turn
// their pieces and moves into feature indices and call in here.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "core/types.h"

namespace sen::nn {

// What a game tells this module about its inputs. `feature(view, piece, square)` (a static
// function of the game's own piece and square types F::Piece and F::Square, so not part of the
// concept) gives the input index, 0 .. INPUTS - 1.
template <class F>
concept FeatureSet = requires {
    { F::NAME } -> std::convertible_to<std::string_view>;
    { F::INPUTS } -> std::convertible_to<int>;
    { F::HIDDEN } -> std::convertible_to<int>;
    { F::MAX_PIECES } -> std::convertible_to<int>;
    { F::SCALE } -> std::convertible_to<int>;
    { F::MAGIC } -> std::convertible_to<std::string_view>;  // the file's first 8 bytes
};

// Input buckets by the view's own king square (optional: a feature set without KING_BUCKETS, or
// with 0, has none). A bucketed set's inputs depend on where the view's king stands, so it
// provides instead `feature(view, piece, square, king)` (`king`: the view's own king's square),
// `perspective(view, king)` in 0 .. PERSPECTIVES - 1 (two king squares of the same perspective
// give every piece the same input: the incremental update holds only while a view's perspective
// stays), `king(colour)` (the piece), and its Position `king_square(colour)` and `board()` (the
// piece on each square, F::SQUARES of them, one byte each). A move that changes a view's
// perspective (only a move of that view's own king) makes that view's accumulator be rebuilt,
// from the RefreshCache below.
template <class F>
constexpr int king_buckets() {
    if constexpr (requires { F::KING_BUCKETS; }) return int(F::KING_BUCKETS);
    else return 0;
}
template <class F>
concept KingBucketed = FeatureSet<F> &&(king_buckets<F>() > 0);

// Output buckets by the number of pieces on the board (optional: a feature set without
// OUTPUT_BUCKETS, or with 1, has one output layer): each bucket has its own output weights and
// bias, and a position is evaluated by the bucket of its piece count, so that the same hidden
// layer can be read one way in the middlegame and another in the endgame, as most current engines
// do (8 buckets of 4 piece counts each for 32 pieces). A bucketed set provides `popcount` of its
// Position's `pieces()`.
template <class F>
constexpr int output_buckets() {
    if constexpr (requires { F::OUTPUT_BUCKETS; }) return int(F::OUTPUT_BUCKETS) > 1 ? int(F::OUTPUT_BUCKETS) : 1;
    else return 1;
}
template <class F>
concept OutputBucketed = FeatureSet<F> &&(output_buckets<F>() > 1);

// The bucket of a position with `pieces` pieces (both kings included): the piece counts from 2 up
// to MAX_PIECES in equal runs, fewest pieces first.
template <FeatureSet F>
constexpr int output_bucket(int pieces) {
    constexpr int BUCKETS = output_buckets<F>();
    if constexpr (BUCKETS == 1) {
        return 0;
    } else {
        constexpr int PER_BUCKET = (F::MAX_PIECES - 2 + BUCKETS - 1) / BUCKETS;
        return std::clamp((pieces - 2) / PER_BUCKET, 0, BUCKETS - 1);
    }
}

template <FeatureSet F, class Position>
int output_bucket_of(const Position& pos) {
    if constexpr (OutputBucketed<F>) return output_bucket<F>(F::popcount(pos.pieces()));
    else return 0;
}

// The input index of `piece` on `square` from `view`'s side, `king` being the view's own king's
// square (ignored without king buckets).
template <FeatureSet F>
constexpr int feature_of(Color view, typename F::Piece piece, typename F::Square square, typename F::Square king) {
    if constexpr (KingBucketed<F>) return F::feature(view, piece, square, king);
    else return F::feature(view, piece, square);
}

// Both kings' squares, by index_of(colour); unused without king buckets.
template <FeatureSet F>
using KingSquares = std::array<typename F::Square, COLOR_NB>;

template <FeatureSet F, class Position>
KingSquares<F> king_squares(const Position& pos) {
    if constexpr (KingBucketed<F>) return {pos.king_square(Color::White), pos.king_square(Color::Black)};
    else return {};
}

constexpr int QA = 255;  // first-layer quantisation: screlu's 1.0 is QA
constexpr int QB = 64;   // output-weight quantisation
// Evaluations are clamped to this, far below the search's mate scores.
constexpr int OUTPUT_LIMIT = 20000;
// Float weights are clipped to these in training so that the quantised sums cannot overflow:
// |w1| * QA * MAX_PIECES stays in int16 (the bias, added on top, is only clamped to int16), and
// |w2| * QB in 127, so that clamp * w2 is an int16 (screlu_dot). A view's sum is gathered in int32
// lanes, at least HIDDEN / 4 terms of QA^2 * |w2| * QB each (SSE2 has the fewest lanes), and the
// lanes are added in int64: the bound is the same for every width up to 1040 neurons. (Until
// 2026-12-06 the lanes were added in int32, and a layer wider than 256 had to halve the bound,
// which cut the largest output weights of a network widened from 256.)
constexpr float W1_LIMIT = 1.98f;
constexpr float W2_LIMIT = 1.98f;
constexpr std::size_t MAGIC_BYTES = 8;

template <FeatureSet F>
struct Network {
    using Features = F;
    static_assert(F::HIDDEN >= 16 && F::HIDDEN % 16 == 0, "the SIMD loops take 16 neurons at a time");
    static_assert(double(W1_LIMIT) * QA * F::MAX_PIECES < 32767.0, "the first-layer rows of all pieces must fit in int16");
    static_assert(double(W2_LIMIT) * QB < 127.5, "clamp * w2 must fit in int16");
    static_assert(double(F::HIDDEN / 4) * QA * QA * double(W2_LIMIT) * QB < 2147483647.0,
                  "an int32 lane of a view's sum must not overflow");
    static_assert(F::MAGIC.size() == MAGIC_BYTES);

    static constexpr int OUTPUT_BUCKETS = output_buckets<F>();

    // The file (network_file.h): magic, uint32 HIDDEN, uint32 SCALE, with king buckets uint32
    // KING_BUCKETS, with output buckets uint32 OUTPUT_BUCKETS, then the weights as below.
    static constexpr std::size_t HEADER_BYTES = MAGIC_BYTES + 4 + 4 + (KingBucketed<F> ? 4 : 0) + (OutputBucketed<F> ? 4 : 0);
    static constexpr std::size_t FILE_BYTES =
        HEADER_BYTES + 2 * (F::INPUTS * F::HIDDEN + F::HIDDEN + OUTPUT_BUCKETS * 2 * F::HIDDEN) + 4 * OUTPUT_BUCKETS;

    alignas(64) std::array<std::int16_t, F::INPUTS * F::HIDDEN> w1;  // row = feature
    alignas(64) std::array<std::int16_t, F::HIDDEN> b1;
    // Bucket by bucket, each the side to move's half first.
    alignas(64) std::array<std::int16_t, OUTPUT_BUCKETS * 2 * F::HIDDEN> w2;
    std::array<std::int32_t, OUTPUT_BUCKETS> b2;
};

// The hidden layer of both views for one position: [index_of(view)][neuron].
template <FeatureSet F>
struct Accumulator {
    alignas(64) std::int16_t values[COLOR_NB][F::HIDDEN];
};

// Rows of w1 to add and subtract to turn one state's accumulator into the next one's, for one
// view. No move of either game changes more than two pieces each way (chess castling: king and
// rook; a capture: the mover leaves, the victim goes).
struct Delta {
    static constexpr int MAX_CHANGES = 2;
    int add[MAX_CHANGES], sub[MAX_CHANGES];
    int adds = 0, subs = 0;
};

// The pieces a move adds and removes, filled piece by piece; view_delta() turns them into one
// view's rows. Kept as pieces rather than rows because with king buckets the rows depend on the
// kings, which the move may have moved.
template <FeatureSet F>
struct MoveDelta {
    using Piece = typename F::Piece;
    using Square = typename F::Square;
    struct Change {
        Piece piece;
        Square square;
    };
    Change added[Delta::MAX_CHANGES], removed[Delta::MAX_CHANGES];
    int adds = 0, subs = 0;

    void add(Piece p, Square s) { added[adds++] = {p, s}; }
    void sub(Piece p, Square s) { removed[subs++] = {p, s}; }

    // The rows for `view`, whose own king stands on `king` after the move.
    Delta view_delta(Color view, Square king) const {
        Delta d;
        for (int a = 0; a < adds; ++a) d.add[d.adds++] = feature_of<F>(view, added[a].piece, added[a].square, king);
        for (int r = 0; r < subs; ++r) d.sub[d.subs++] = feature_of<F>(view, removed[r].piece, removed[r].square, king);
        return d;
    }
};

// out = in + the added rows - the subtracted rows, one view at a time. A fixed-length loop
// over int16 that the compiler turns into vector instructions.
template <FeatureSet F>
void apply(const Network<F>& net, const std::int16_t* in, std::int16_t* out, const Delta& d) {
    std::copy(in, in + F::HIDDEN, out);
    for (int a = 0; a < d.adds; ++a) {
        const std::int16_t* row = &net.w1[std::size_t(d.add[a]) * F::HIDDEN];
        for (int i = 0; i < F::HIDDEN; ++i) out[i] = std::int16_t(out[i] + row[i]);
    }
    for (int s = 0; s < d.subs; ++s) {
        const std::int16_t* row = &net.w1[std::size_t(d.sub[s]) * F::HIDDEN];
        for (int i = 0; i < F::HIDDEN; ++i) out[i] = std::int16_t(out[i] - row[i]);
    }
}

// Both views' hidden layers of `pos` (a Position of F's game) summed from scratch.
template <FeatureSet F, class Position>
void refresh(const Network<F>& net, Accumulator<F>& acc, const Position& pos) {
    const KingSquares<F> kings = king_squares<F>(pos);
    for (const Color view : {Color::White, Color::Black}) {
        std::int16_t* values = acc.values[index_of(view)];
        std::copy(net.b1.begin(), net.b1.end(), values);
        for (auto occupied = pos.pieces(); occupied;) {
            const auto square = F::pop_lsb(occupied);
            const int feature = feature_of<F>(view, pos.piece_on(square), square, kings[index_of(view)]);
            const std::int16_t* row = &net.w1[std::size_t(feature) * F::HIDDEN];
            for (int i = 0; i < F::HIDDEN; ++i) values[i] = std::int16_t(values[i] + row[i]);
        }
    }
}

// sum_i clamp(acc_i, 0, QA)^2 * w_i. (clamp * w) fits int16 (255 * 127), so the product is
// formed in 16 bits and widened once, the way vector multiply-add instructions want it: compilers
// vectorise the plain loop with 32-bit multiplies instead, so the x86 builds spell out the
// multiply-add (pmaddwd, or AVX-512 VNNI's vpdpwssd, which is the same multiply-add fused with the
// accumulation). Every version sums the same integers (a product outside int16 wraps alike in
// each, and vpdpwssd adds without saturating, like paddd) into int32 lanes of at most HIDDEN / 4
// terms, which cannot overflow up to 1024 neurons whatever the weights, and adds the lanes in
// int64: the result is exact and equal. The versions a build's CPU level allows are all
// compiled, so that the tests can check each one against this one; screlu_dot below picks the
// widest.
template <int Hidden>
std::int64_t screlu_dot_scalar(const std::int16_t* acc, const std::int16_t* weights) {
    std::int64_t sum = 0;
    for (int i = 0; i < Hidden; ++i) {
        const std::int16_t c = std::clamp<std::int16_t>(acc[i], 0, QA);
        sum += std::int32_t(std::int16_t(c * weights[i])) * c;
    }
    return sum;
}

#if defined(__AVX512BW__)
// GCC 12's AVX-512 headers start the half-width extracts from an "undefined" register and then
// warn that it is used uninitialised once they are inlined here: a false report.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
// 32 neurons a step.
template <int Hidden>
std::int64_t screlu_dot_avx512(const std::int16_t* acc, const std::int16_t* weights) {
    static_assert(Hidden % 32 == 0);
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi16(QA);
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < Hidden; i += 32) {
        const __m512i a = _mm512_loadu_si512(acc + i);
        const __m512i w = _mm512_loadu_si512(weights + i);
        const __m512i c = _mm512_min_epi16(_mm512_max_epi16(a, zero), one);
#if defined(__AVX512VNNI__)
        sum = _mm512_dpwssd_epi32(sum, _mm512_mullo_epi16(c, w), c);
#else
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(_mm512_mullo_epi16(c, w), c));
#endif
    }
    const __m512i wide =
        _mm512_add_epi64(_mm512_cvtepi32_epi64(_mm512_castsi512_si256(sum)), _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(sum, 1)));
    return _mm512_reduce_add_epi64(wide);
}
#pragma GCC diagnostic pop
#endif

#if defined(__AVX2__)
template <int Hidden>
std::int64_t screlu_dot_avx2(const std::int16_t* acc, const std::int16_t* weights) {
    static_assert(Hidden % 16 == 0);
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < Hidden; i += 16) {
        const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
        const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + i));
        const __m256i c = _mm256_min_epi16(_mm256_max_epi16(a, zero), one);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(c, w), c));
    }
    const __m256i wide =
        _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(sum)), _mm256_cvtepi32_epi64(_mm256_extracti128_si256(sum, 1)));
    const __m128i half = _mm_add_epi64(_mm256_castsi256_si128(wide), _mm256_extracti128_si256(wide, 1));
    return _mm_cvtsi128_si64(_mm_add_epi64(half, _mm_unpackhi_epi64(half, half)));
}
#endif

#if defined(__SSE2__)
template <int Hidden>
std::int64_t screlu_dot_sse2(const std::int16_t* acc, const std::int16_t* weights) {
    static_assert(Hidden % 8 == 0);
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(QA);
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < Hidden; i += 8) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(acc + i));
        const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(weights + i));
        const __m128i c = _mm_min_epi16(_mm_max_epi16(a, zero), one);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_mullo_epi16(c, w), c));
    }
    // SSE2 has no sign extension to 64 bits: pair each lane with its sign word.
    const __m128i sign = _mm_srai_epi32(sum, 31);
    const __m128i wide = _mm_add_epi64(_mm_unpacklo_epi32(sum, sign), _mm_unpackhi_epi32(sum, sign));
    return _mm_cvtsi128_si64(_mm_add_epi64(wide, _mm_unpackhi_epi64(wide, wide)));
}
#endif

// The widest version the build's CPU level has; a layer whose width is not a multiple of 32
// (the Network's static_assert allows multiples of 16) takes the AVX2 one on AVX-512 builds.
template <int Hidden>
std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* weights) {
#if defined(__AVX512BW__)
    if constexpr (Hidden % 32 == 0) return screlu_dot_avx512<Hidden>(acc, weights);
    else return screlu_dot_avx2<Hidden>(acc, weights);
#elif defined(__AVX2__)
    return screlu_dot_avx2<Hidden>(acc, weights);
#elif defined(__SSE2__)
    return screlu_dot_sse2<Hidden>(acc, weights);
#else
    return screlu_dot_scalar<Hidden>(acc, weights);
#endif
}

// The output from finished accumulators by output bucket `bucket` (output_bucket_of the position;
// 0 without buckets), in centipawns for the side to move.
template <FeatureSet F>
int output(const Network<F>& net, const Accumulator<F>& acc, Color side_to_move, int bucket = 0) {
    const std::int16_t* weights = &net.w2[std::size_t(bucket) * 2 * F::HIDDEN];
    const std::int64_t sum = screlu_dot<F::HIDDEN>(acc.values[index_of(side_to_move)], weights) +
                             screlu_dot<F::HIDDEN>(acc.values[index_of(~side_to_move)], weights + F::HIDDEN);
    const std::int64_t out = (sum / QA + net.b2[std::size_t(bucket)]) * F::SCALE / (QA * QB);
    return int(std::clamp<std::int64_t>(out, -OUTPUT_LIMIT, OUTPUT_LIMIT));
}

// The evaluation of `pos` with its accumulator summed from scratch: the reference the incremental
// path is tested against, and what tools use for one-off evaluations.
template <FeatureSet F, class Position>
int evaluate_fresh(const Position& pos, const Network<F>& net) {
    Accumulator<F> acc;
    refresh(net, acc, pos);
    return output(net, acc, pos.side_to_move(), output_bucket_of<F>(pos));
}

// A network as an engine holds it: loaded once and never changed, shared by whoever evaluates
// with it (an engine, its search threads' states, a tool); empty where the game's hand-written
// evaluation is used instead.
template <FeatureSet F>
using SharedNetwork = std::shared_ptr<const Network<F>>;

// The rebuild of a view's accumulator after its king changed bucket or board half (the "finny
// table"): per view and perspective, the accumulator last computed there and the board it was
// computed for. A rebuild adds and subtracts only the pieces that differ between that board and
// the current one (a king move changes few), instead of summing all of them, and stores the
// result back. It depends on the network alone, never on which position it last served: an
// entry is right for the board it records whatever happened in between, so make, unmake, null
// moves and set-ups need nothing. Starts (and restarts, on a new network) as the empty board,
// whose accumulator is the bias.
template <FeatureSet F>
class RefreshCache {
public:
    using Piece = typename F::Piece;

    void reset(const Network<F>& net) {
        entries_.resize(std::size_t(COLOR_NB) * F::PERSPECTIVES);
        for (Entry& entry : entries_) {
            std::copy(net.b1.begin(), net.b1.end(), entry.values);
            entry.board.fill(Piece{});
        }
    }

    bool ready() const { return !entries_.empty(); }

    // `view`'s hidden layer of `pos` into `out`.
    template <class Position>
    void rebuild(const Network<F>& net, const Position& pos, Color view, std::int16_t* out) {
        const auto king = pos.king_square(view);
        Entry& entry = entries_[std::size_t(index_of(view)) * F::PERSPECTIVES + std::size_t(F::perspective(view, king))];
        const Piece* board = pos.board();
        // Eight squares at a time, a byte each: only the squares that differ are visited (the
        // square-by-square scan cost as much as the updates themselves in a bucketed xiangqi build).
        for (int first = 0; first < F::SQUARES; first += 8) {
            for (std::uint64_t diff = differing_bytes(board + first, entry.board.data() + first, std::min(8, F::SQUARES - first)); diff;) {
                const int byte = std::countr_zero(diff) / 8;
                diff &= ~(std::uint64_t(0xFF) << (8 * byte));
                const int s = first + byte;
                const auto square = typename F::Square(s);
                const Piece now = board[s], before = entry.board[std::size_t(s)];
                if (before != Piece{}) {
                    const std::int16_t* row = &net.w1[std::size_t(feature_of<F>(view, before, square, king)) * F::HIDDEN];
                    for (int i = 0; i < F::HIDDEN; ++i) entry.values[i] = std::int16_t(entry.values[i] - row[i]);
                }
                if (now != Piece{}) {
                    const std::int16_t* row = &net.w1[std::size_t(feature_of<F>(view, now, square, king)) * F::HIDDEN];
                    for (int i = 0; i < F::HIDDEN; ++i) entry.values[i] = std::int16_t(entry.values[i] + row[i]);
                }
                entry.board[std::size_t(s)] = now;
            }
        }
        std::copy(entry.values, entry.values + F::HIDDEN, out);
    }

private:
    // Nonzero bytes where the `count` (up to 8) pieces at `a` and `b` differ.
    static std::uint64_t differing_bytes(const Piece* a, const Piece* b, int count) {
        static_assert(sizeof(Piece) == 1 && std::endian::native == std::endian::little);  // byte i is bits 8i..8i+7
        std::uint64_t x = 0, y = 0;
        if (count == 8) {
            std::memcpy(&x, a, 8);
            std::memcpy(&y, b, 8);
        } else {
            for (int i = 0; i < count; ++i) {
                x |= std::uint64_t(a[i]) << (8 * i);
                y |= std::uint64_t(b[i]) << (8 * i);
            }
        }
        return x ^ y;
    }

    struct Entry {
        alignas(64) std::int16_t values[F::HIDDEN];
        std::array<Piece, F::SQUARES> board;
    };
    std::vector<Entry> entries_;
};

// The learned evaluation's state for one searcher (one thread), beside the position it searches:
// one accumulator per position on the line from the root to the current node, computed only when
// that node is evaluated (so a node that is never evaluated costs nothing), from the nearest
// computed ancestor by the pieces each move changed, or summed afresh. The position knows nothing
// of it: whoever makes moves on the position and evaluates it calls push() after each move made
// (a null move too) and pop() after each taken back, and reset() when the position is set anew,
// naming the network to evaluate with from then on. With king buckets it also keeps the
// RefreshCache, so it is never shared between threads.
template <FeatureSet F>
class AccumulatorStack {
public:
    AccumulatorStack() { grow(); }

    // The position as it stands now is the new root, not yet computed, to be evaluated with
    // `net` (none: the stack is not used until a reset names one). The stack keeps its share of
    // the network, so a network it summed for is never freed and another one put at its address
    // while it still holds sums of the first.
    void reset(SharedNetwork<F> net) {
        top_ = 0;
        ready_[0] = 0;
        if (net == net_) return;
        net_ = std::move(net);
        std::fill(ready_.begin(), ready_.end(), std::uint8_t{0});
        if constexpr (KingBucketed<F>)
            if (net_) refresh_cache_.reset(*net_);
    }
    // The network it evaluates with, or nullptr.
    const Network<F>* network() const { return net_.get(); }
    // A move was made: the new node is not computed yet.
    void push() {
        ++top_;
        if (std::size_t(top_) == ready_.size()) grow();
        ready_[std::size_t(top_)] = 0;
    }
    // The last move was taken back.
    void pop() { --top_; }

    // The accumulator of `pos` by the network of the last reset (there must be one); `pos` must
    // be the position this stack followed. move_delta(state, mover, delta) fills the pieces the
    // move into `state` changed, `mover` having made it, and pos.earlier_state(k) is the state k
    // moves before the current one. A state whose move is null() changed nothing.
    template <class Position, class MoveDeltaOf>
    const Accumulator<F>& get(const Position& pos, const MoveDeltaOf& move_delta) {
        const int current = top_;
        assert(net_ != nullptr);                  // evaluated without a network named at reset
        assert(current <= pos.history_length());  // a push without a move made on the position
        const Network<F>& net = *net_;
        if (ready_[std::size_t(current)]) return accumulators_[std::size_t(current)];
        const auto state_of = [&](int j) -> decltype(auto) { return pos.earlier_state(current - j); };

        // The nearest ancestor with an accumulator, unless it lies so far back that summing the
        // pieces afresh is cheaper than replaying the moves (a move changes up to four rows, a
        // fresh sum adds one per piece).
        constexpr int MAX_REPLAY = 8;
        int ready = current - 1;
        while (ready >= 0 && !ready_[std::size_t(ready)] && current - ready < MAX_REPLAY) --ready;
        if (ready < 0 || !ready_[std::size_t(ready)]) {
            if constexpr (KingBucketed<F>) {
                for (const Color view : {Color::White, Color::Black})
                    refresh_cache_.rebuild(net, pos, view, accumulators_[std::size_t(current)].values[index_of(view)]);
            } else {
                refresh(net, accumulators_[std::size_t(current)], pos);
            }
            ready_[std::size_t(current)] = 1;
            return accumulators_[std::size_t(current)];
        }
        const Color side_to_move = pos.side_to_move();
        // The side that made the move leading to node j: the side to move now made the move into
        // `current` - 1, and sides alternate (a null move counts as one).
        const auto mover_into = [&](int j) { return (current - j) % 2 == 0 ? ~side_to_move : side_to_move; };
        using Move = std::remove_cvref_t<decltype(state_of(current).move)>;

        // With king buckets, the moves' pieces first, and from them the kings after each replayed
        // node, walked back from the current position: kings[j - ready] for node j.
        [[maybe_unused]] std::conditional_t<KingBucketed<F>, std::array<MoveDelta<F>, MAX_REPLAY>, std::monostate> deltas;
        [[maybe_unused]] std::conditional_t<KingBucketed<F>, std::array<KingSquares<F>, MAX_REPLAY + 1>, std::monostate> kings;
        if constexpr (KingBucketed<F>) {
            kings[std::size_t(current - ready)] = king_squares<F>(pos);
            for (int j = current; j > ready; --j) {
                const std::size_t k = std::size_t(j - ready);
                kings[k - 1] = kings[k];
                const auto& st = state_of(j);
                if (st.move == Move::null()) continue;
                const Color mover = mover_into(j);
                move_delta(st, mover, deltas[k - 1]);
                for (int r = 0; r < deltas[k - 1].subs; ++r)
                    if (deltas[k - 1].removed[r].piece == F::king(mover)) kings[k - 1][index_of(mover)] = deltas[k - 1].removed[r].square;
            }
        }
        // A view whose perspective a move changed is left for the refresh cache to rebuild at the
        // current node, so the nodes from that move up to the current one stay not ready.
        std::array<bool, COLOR_NB> rebuild{};
        for (int j = ready + 1; j <= current; ++j) {
            const auto& st = state_of(j);
            Accumulator<F>& out = accumulators_[std::size_t(j)];
            const Accumulator<F>& in = accumulators_[std::size_t(j - 1)];
            if (st.move == Move::null()) {
                out = in;
            } else if constexpr (KingBucketed<F>) {
                const std::size_t k = std::size_t(j - ready);
                for (const Color view : {Color::White, Color::Black}) {
                    const int v = index_of(view);
                    if (rebuild[v]) continue;
                    if (F::perspective(view, kings[k - 1][v]) != F::perspective(view, kings[k][v])) {
                        rebuild[v] = true;
                        continue;
                    }
                    apply(net, in.values[v], out.values[v], deltas[k - 1].view_delta(view, kings[k][v]));
                }
            } else {
                MoveDelta<F> delta;
                move_delta(st, mover_into(j), delta);
                for (const Color view : {Color::White, Color::Black})
                    apply(net, in.values[index_of(view)], out.values[index_of(view)], delta.view_delta(view, {}));
            }
            ready_[std::size_t(j)] = !rebuild[0] && !rebuild[1];
        }
        if constexpr (KingBucketed<F>) {
            for (const Color view : {Color::White, Color::Black})
                if (rebuild[index_of(view)])
                    refresh_cache_.rebuild(net, pos, view, accumulators_[std::size_t(current)].values[index_of(view)]);
            ready_[std::size_t(current)] = 1;
        }
        return accumulators_[std::size_t(current)];
    }

private:
    // Room for more nodes: a search's line is at most its ply limit, a game's longer.
    void grow() {
        const std::size_t size = std::max<std::size_t>(128, 2 * ready_.size());
        accumulators_.resize(size);
        ready_.resize(size, 0);
    }

    std::vector<Accumulator<F>> accumulators_;  // [node]: the root is 0, the current node top_
    std::vector<std::uint8_t> ready_;           // [node]: its accumulator is computed (0 or 1)
    int top_ = 0;
    SharedNetwork<F> net_;  // what they were summed by
    [[no_unique_address]] std::conditional_t<KingBucketed<F>, RefreshCache<F>, std::monostate> refresh_cache_;
};

}  // namespace sen::nn
