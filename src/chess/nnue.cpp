// The learned evaluation's inference: the active network, accumulators and their incremental
// update, the output layer. The trainer and the file format live in nnue_train.cpp and
// nnue_file.cpp.
#include "chess/nnue.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "chess/position.h"

namespace sen::chess {
// Defined in the source the build generates from nets/default.nnue (cmake/embed_file.cmake).
std::span<const unsigned char> embedded_network_bytes();
}  // namespace sen::chess

namespace sen::chess::nnue {

namespace {

std::unique_ptr<Network> parse_embedded_network() {
    auto net = std::make_unique<Network>();
    if (const auto problem = parse_network(embedded_network_bytes(), *net))
        throw std::logic_error("the built-in network is not a network of this build: " + *problem);
    return net;
}

// The active network, the built-in one from the start. Written only while no search runs (the
// protocol refuses EvalFile during one); search threads read it after waking, which orders
// them after the write.
std::unique_ptr<Network> owned_network = parse_embedded_network();
std::atomic<const Network*> active{owned_network.get()};
std::atomic<unsigned> generation{0};

void activate(std::unique_ptr<Network> net) {
    owned_network = std::move(net);
    active.store(owned_network.get(), std::memory_order_release);
    generation.fetch_add(1, std::memory_order_acq_rel);
}

// Rows of w1 to add and subtract to turn one state's accumulator into the next one's.
struct Delta {
    int add[2], sub[2];
    int adds = 0, subs = 0;
};

void add_piece(Delta (&delta)[COLOR_NB], Piece p, Square s) {
    for (const Color view : {Color::White, Color::Black}) {
        Delta& d = delta[index_of(view)];
        d.add[d.adds++] = feature(view, p, s);
    }
}

void sub_piece(Delta (&delta)[COLOR_NB], Piece p, Square s) {
    for (const Color view : {Color::White, Color::Black}) {
        Delta& d = delta[index_of(view)];
        d.sub[d.subs++] = feature(view, p, s);
    }
}

// The pieces the move of `st` changed, `mover` having made it: at most two come and two go
// (castling: king and rook; a capture with promotion: the pawn and the victim go, the new
// piece comes).
void move_delta(const StateInfo& st, Color mover, Delta (&delta)[COLOR_NB]) {
    const Move m = st.move;
    const Square from = m.from(), to = m.to();
    if (m.kind() == MoveKind::Castling) {
        const CastlingRights right = castling_right(mover, to > from);
        const Piece king = make_piece(mover, KING), rook = make_piece(mover, ROOK);
        sub_piece(delta, king, from);
        sub_piece(delta, rook, to);
        add_piece(delta, king, castling_king_to(right));
        add_piece(delta, rook, castling_rook_to(right));
        return;
    }
    sub_piece(delta, st.moved, from);
    add_piece(delta, m.kind() == MoveKind::Promotion ? make_piece(mover, m.promotion()) : st.moved, to);
    if (st.captured != NO_PIECE) sub_piece(delta, st.captured, m.kind() == MoveKind::EnPassant ? to - pawn_push(mover) : to);
}

// out = in + the added rows - the subtracted rows, one view at a time. A fixed-length loop
// over int16 that the compiler turns into vector instructions.
void apply(const Network& net, const std::int16_t* in, std::int16_t* out, const Delta& d) {
    std::copy(in, in + HIDDEN, out);
    for (int a = 0; a < d.adds; ++a) {
        const std::int16_t* row = &net.w1[std::size_t(d.add[a]) * HIDDEN];
        for (int i = 0; i < HIDDEN; ++i) out[i] = std::int16_t(out[i] + row[i]);
    }
    for (int s = 0; s < d.subs; ++s) {
        const std::int16_t* row = &net.w1[std::size_t(d.sub[s]) * HIDDEN];
        for (int i = 0; i < HIDDEN; ++i) out[i] = std::int16_t(out[i] - row[i]);
    }
}

// sum_i clamp(acc_i, 0, QA)^2 * w_i. (clamp * w) fits int16 (255 * 127), so the product is
// formed in 16 bits and widened once, the way vector multiply-add instructions want it: compilers
// vectorise the plain loop with 32-bit multiplies instead, so the x86 builds spell out the
// multiply-add (pmaddwd). Every version sums the same integers: the result is exact and equal.
[[maybe_unused]] std::int32_t screlu_dot_scalar(const std::int16_t* acc, const std::int16_t* weights) {
    std::int32_t sum = 0;
    for (int i = 0; i < HIDDEN; ++i) {
        const std::int16_t c = std::clamp<std::int16_t>(acc[i], 0, QA);
        sum += std::int32_t(std::int16_t(c * weights[i])) * c;
    }
    return sum;
}

#if defined(__AVX2__)
std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* weights) {
    static_assert(HIDDEN % 16 == 0);
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < HIDDEN; i += 16) {
        const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
        const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + i));
        const __m256i c = _mm256_min_epi16(_mm256_max_epi16(a, zero), one);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(c, w), c));
    }
    const __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    const __m128i quarter = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(quarter, _mm_shuffle_epi32(quarter, 0xB1)));
}
#elif defined(__SSE2__)
std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* weights) {
    static_assert(HIDDEN % 8 == 0);
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(QA);
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < HIDDEN; i += 8) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(acc + i));
        const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(weights + i));
        const __m128i c = _mm_min_epi16(_mm_max_epi16(a, zero), one);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_mullo_epi16(c, w), c));
    }
    const __m128i half = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
    return _mm_cvtsi128_si32(_mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1)));
}
#else
std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* weights) { return screlu_dot_scalar(acc, weights); }
#endif

}  // namespace

const Network* active_network() { return active.load(std::memory_order_acquire); }

void set_network(const Network& net) { activate(std::make_unique<Network>(net)); }

void clear_network() { activate(nullptr); }

unsigned network_generation() { return generation.load(std::memory_order_acquire); }

std::span<const unsigned char> embedded_network_file() { return embedded_network_bytes(); }

void use_embedded_network() { activate(parse_embedded_network()); }

std::optional<std::string> read_network_file(const std::string& path, Network& out) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) return fmt::format("'{}' is not a readable file", path);
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("cannot open '{}'", path);
    std::vector<unsigned char> bytes(FILE_BYTES + 1);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    if (const auto problem = parse_network(bytes, out)) return fmt::format("'{}': {}", path, *problem);
    return std::nullopt;
}

std::optional<std::string> load_network_file(const std::string& path) {
    auto net = std::make_unique<Network>();
    if (auto problem = read_network_file(path, *net)) return problem;
    activate(std::move(net));
    return std::nullopt;
}

void refresh(const Position& pos, const Network& net, Accumulator& acc) {
    for (const Color view : {Color::White, Color::Black}) {
        std::int16_t* values = acc.values[index_of(view)];
        std::copy(net.b1.begin(), net.b1.end(), values);
        Bitboard occupied = pos.pieces();
        while (occupied) {
            const Square s = pop_lsb(occupied);
            const std::int16_t* row = &net.w1[std::size_t(feature(view, pos.piece_on(s), s)) * HIDDEN];
            for (int i = 0; i < HIDDEN; ++i) values[i] = std::int16_t(values[i] + row[i]);
        }
    }
}

int output(const Network& net, const Accumulator& acc, Color side_to_move) {
    const std::int32_t sum =
        screlu_dot(acc.values[index_of(side_to_move)], &net.w2[0]) + screlu_dot(acc.values[index_of(~side_to_move)], &net.w2[HIDDEN]);
    const std::int64_t out = (std::int64_t(sum) / QA + net.b2) * SCALE / (QA * QB);
    return int(std::clamp<std::int64_t>(out, -OUTPUT_LIMIT, OUTPUT_LIMIT));
}

int evaluate(const Position& pos) { return output(*active_network(), pos.accumulator(), pos.side_to_move()); }

int evaluate_fresh(const Position& pos, const Network& net) {
    Accumulator acc;
    refresh(pos, net, acc);
    return output(net, acc, pos.side_to_move());
}

}  // namespace sen::chess::nnue

namespace sen::chess {

const nnue::Accumulator& Position::accumulator() const {
    const int current = int(states_.size()) - 1;
    // Accumulators summed for another network are forgotten.
    if (const unsigned generation = nnue::network_generation(); accumulator_generation_ != generation) {
        for (const StateInfo& st : states_) st.accumulator_ready = false;
        accumulator_generation_ = generation;
    }
    if (states_[current].accumulator_ready) return accumulators_[current];
    if (accumulators_.size() < states_.size()) accumulators_.resize(states_.size() + 64);
    const nnue::Network& net = *nnue::active_network();

    // The nearest ancestor with an accumulator, unless it lies so far back that summing the
    // pieces afresh is cheaper than replaying the moves (a move changes up to four rows, a
    // fresh sum adds one per piece).
    constexpr int MAX_REPLAY = 8;
    int ready = current - 1;
    while (ready >= 0 && !states_[ready].accumulator_ready && current - ready < MAX_REPLAY) --ready;
    if (ready < 0 || !states_[ready].accumulator_ready) {
        nnue::refresh(*this, net, accumulators_[current]);
        states_[current].accumulator_ready = true;
        return accumulators_[current];
    }
    // The side that made the move leading to state j: the side to move now made the move into
    // `current` - 1, and sides alternate (a null move counts as one).
    for (int j = ready + 1; j <= current; ++j) {
        const StateInfo& st = states_[j];
        const Color mover = (current - j) % 2 == 0 ? ~side_ : side_;
        nnue::Accumulator& out = accumulators_[j];
        const nnue::Accumulator& in = accumulators_[j - 1];
        if (st.move == Move::null()) {
            out = in;
        } else {
            nnue::Delta delta[COLOR_NB];
            move_delta(st, mover, delta);
            for (const Color view : {Color::White, Color::Black})
                apply(net, in.values[index_of(view)], out.values[index_of(view)], delta[index_of(view)]);
        }
        st.accumulator_ready = true;
    }
    return accumulators_[current];
}

}  // namespace sen::chess
