#include "tools/nnue_train.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <numeric>
#include <thread>
#include <type_traits>

#include <fmt/core.h>
#include <fmt/format.h>

#include "chess/position.h"
#include "core/prng.h"
#include "tools/adam.h"
#include "tools/training_data.h"

namespace sen::chess::nnue {

namespace {

// Streams of the seed's generators, so that changing how one is used never moves another (the
// validation split's stream is training_data.cpp's).
constexpr std::uint64_t INIT_STREAM = 0x494E4954;     // "INIT"
constexpr std::uint64_t SHUFFLE_STREAM = 0x53485546;  // "SHUF"

constexpr double DECAY_FACTOR = 0.1;
// Positions whose quantised output is compared with the float one at the end.
constexpr std::size_t QUANTISATION_SAMPLE = 10000;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float screlu(float x) {
    const float c = std::clamp(x, 0.0f, 1.0f);
    return c * c;
}

// A uniform double in [0, 1) from the top 53 bits.
double unit_interval(std::uint64_t bits) { return double(bits >> 11) * 0x1.0p-53; }

struct Accumulators {
    alignas(64) std::array<float, HIDDEN> side_to_move;
    alignas(64) std::array<float, HIDDEN> other_side;
};

void add_rows(const FloatNetwork& net, const std::array<int, MAX_PIECES>& features, int count, std::array<float, HIDDEN>& acc) {
    std::copy(net.b1.begin(), net.b1.end(), acc.begin());
    for (int i = 0; i < count; ++i) {
        const float* row = net.w1.data() + std::size_t(features[i]) * HIDDEN;
        for (int h = 0; h < HIDDEN; ++h) acc[h] += row[h];
    }
}

void accumulate(const FloatNetwork& net, const PositionFeatures& features, Accumulators& acc) {
    add_rows(net, features.side_to_move, features.count, acc.side_to_move);
    add_rows(net, features.other_side, features.count, acc.other_side);
}

// The output from the accumulators, with its sum split over independent lanes: the compiler
// vectorises it without reassociating floats on its own, and the order is fixed.
float output_of(const FloatNetwork& net, const Accumulators& acc) {
    constexpr int LANES = 8;
    std::array<float, LANES> lanes{};
    for (int h = 0; h < HIDDEN; h += LANES)
        for (int l = 0; l < LANES; ++l)
            lanes[l] += net.w2[h + l] * screlu(acc.side_to_move[h + l]) + net.w2[HIDDEN + h + l] * screlu(acc.other_side[h + l]);
    float sum = net.b2;
    for (const float lane : lanes) sum += lane;
    return sum;
}

// A thread's share of a batch's gradient. Only the w1 rows of features that occurred are
// written, and only those are summed and cleared again.
struct GradientBuffer {
    FloatNetwork gradient;
    std::vector<std::uint8_t> touched = std::vector<std::uint8_t>(INPUTS, 0);
    double loss_sum = 0;

    void clear() {
        for (int f = 0; f < INPUTS; ++f)
            if (touched[f]) {
                std::fill_n(gradient.w1.begin() + std::ptrdiff_t(f) * HIDDEN, HIDDEN, 0.0f);
                touched[f] = 0;
            }
        std::fill(gradient.b1.begin(), gradient.b1.end(), 0.0f);
        std::fill(gradient.w2.begin(), gradient.w2.end(), 0.0f);
        gradient.b2 = 0;
        loss_sum = 0;
    }

    void add(const GradientBuffer& other) {
        for (int f = 0; f < INPUTS; ++f)
            if (other.touched[f]) {
                float* row = gradient.w1.data() + std::size_t(f) * HIDDEN;
                const float* from = other.gradient.w1.data() + std::size_t(f) * HIDDEN;
                for (int h = 0; h < HIDDEN; ++h) row[h] += from[h];
                touched[f] = 1;
            }
        for (int h = 0; h < HIDDEN; ++h) gradient.b1[h] += other.gradient.b1[h];
        for (int i = 0; i < 2 * HIDDEN; ++i) gradient.w2[i] += other.gradient.w2[i];
        gradient.b2 += other.gradient.b2;
        loss_sum += other.loss_sum;
    }
};

// Adds `scale` times the gradient of the positions' summed loss to the buffer.
void accumulate_gradient(const FloatNetwork& net, std::span<const TrainPosition> positions, std::span<const std::uint32_t> indices,
                         double lambda, float scale, GradientBuffer& buffer) {
    FloatNetwork& grad = buffer.gradient;
    Accumulators acc;
    alignas(64) std::array<float, HIDDEN> delta_stm, delta_other;
    for (const std::uint32_t index : indices) {
        const TrainPosition& position = positions[index];
        const PositionFeatures features = features_of(position);
        accumulate(net, features, acc);
        const float prediction = sigmoid(output_of(net, acc));
        const float error = prediction - float(training_target(position, lambda));
        buffer.loss_sum += double(error) * error;
        // d(error^2)/d(out) through the sigmoid.
        const float g = 2.0f * error * prediction * (1.0f - prediction) * scale;
        grad.b2 += g;
        for (int h = 0; h < HIDDEN; ++h) {
            const float a = acc.side_to_move[h], b = acc.other_side[h];
            grad.w2[h] += g * screlu(a);
            grad.w2[HIDDEN + h] += g * screlu(b);
            delta_stm[h] = a > 0.0f && a < 1.0f ? g * net.w2[h] * 2.0f * a : 0.0f;
            delta_other[h] = b > 0.0f && b < 1.0f ? g * net.w2[HIDDEN + h] * 2.0f * b : 0.0f;
            grad.b1[h] += delta_stm[h] + delta_other[h];
        }
        for (int i = 0; i < features.count; ++i) {
            const int stm = features.side_to_move[i], other = features.other_side[i];
            float* row = grad.w1.data() + std::size_t(stm) * HIDDEN;
            for (int h = 0; h < HIDDEN; ++h) row[h] += delta_stm[h];
            row = grad.w1.data() + std::size_t(other) * HIDDEN;
            for (int h = 0; h < HIDDEN; ++h) row[h] += delta_other[h];
            buffer.touched[stm] = 1;
            buffer.touched[other] = 1;
        }
    }
}

// Runs work(slice, begin, end) on `threads` contiguous slices of [0, count), slice 0 on the
// calling thread. The slices depend only on count and threads.
template <class Work>
void run_slices(int threads, std::size_t count, const Work& work) {
    const auto bound = [&](int t) { return count * std::size_t(t) / std::size_t(threads); };
    if (threads == 1) {
        work(0, std::size_t(0), count);
        return;
    }
    std::vector<std::thread> helpers;
    helpers.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { work(t, bound(t), bound(t + 1)); });
    work(0, std::size_t(0), bound(1));
    for (std::thread& helper : helpers) helper.join();
}

double loss_sum(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda, std::size_t begin, std::size_t end) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const double error = double(sigmoid(forward(net, positions[i]))) - training_target(positions[i], lambda);
        sum += error * error;
    }
    return sum;
}

double mean_loss_threaded(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda, int threads) {
    if (positions.empty()) return -1;
    std::vector<double> sums(std::size_t(threads), 0.0);
    run_slices(threads, positions.size(),
               [&](int t, std::size_t begin, std::size_t end) { sums[std::size_t(t)] = loss_sum(net, positions, lambda, begin, end); });
    return std::accumulate(sums.begin(), sums.end(), 0.0) / double(positions.size());
}

struct Optimiser {
    FloatNetwork first, second;  // Adam's moment estimates, zero at the start
    std::uint64_t steps = 0;

    // AdamW on the weights, clipped to the limits that keep the quantised sums in range (nnue.h);
    // plain Adam on the biases.
    void step(FloatNetwork& net, const FloatNetwork& grad, double learning_rate, double weight_decay) {
        ++steps;
        const AdamStep<float> s = AdamStep<float>::at(steps, learning_rate, weight_decay);
        adam_update<float>(net.w1, grad.w1, first.w1, second.w1, s, WeightDecay::On, W1_LIMIT);
        adam_update<float>(net.b1, grad.b1, first.b1, second.b1, s, WeightDecay::Off, 0.0f);
        adam_update<float>(net.w2, grad.w2, first.w2, second.w2, s, WeightDecay::On, W2_LIMIT);
        net.b2 = adam_update(net.b2, grad.b2, first.b2, second.b2, s);
    }
};

// make_train_position() with a Position reused across lines: building one allocates.
std::optional<TrainPosition> train_position_from(Position& pos, std::string_view fen, double white_result, std::optional<int> white_score) {
    // Read as Chess960: DFRC games' castling rights are X-FEN, and standard FENs read the same.
    if (pos.set_fen(fen, true)) return std::nullopt;
    TrainPosition p;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece piece = pos.piece_on(Square(s));
        if (piece == NO_PIECE) continue;
        if (p.count == MAX_PIECES) return std::nullopt;
        p.pieces[p.count] = piece;
        p.squares[p.count] = std::uint8_t(s);
        ++p.count;
    }
    const bool white = pos.side_to_move() == Color::White;
    p.side_to_move = pos.side_to_move();
    p.result = float(white ? white_result : 1.0 - white_result);
    if (white_score) {
        constexpr int LIMIT = std::numeric_limits<std::int16_t>::max();
        p.has_score = true;
        p.score = std::int16_t(std::clamp(white ? *white_score : -*white_score, -LIMIT, LIMIT));
    }
    return p;
}

}  // namespace

std::optional<TrainPosition> make_train_position(std::string_view fen, double white_result, std::optional<int> white_score) {
    Position pos;
    return train_position_from(pos, fen, white_result, white_score);
}

double training_target(const TrainPosition& position, double lambda) {
    return blended_target(position.result, position.has_score ? std::optional<int>(position.score) : std::nullopt, lambda, 1.0 / SCALE);
}

TrainPosition mirrored_files(const TrainPosition& position) {
    TrainPosition mirrored = position;
    for (int i = 0; i < position.count; ++i) mirrored.squares[i] = std::uint8_t(position.squares[i] ^ 7);
    return mirrored;
}

PositionFeatures features_of(const TrainPosition& position) {
    PositionFeatures f;
    f.count = position.count;
    const Color us = position.side_to_move;
    for (int i = 0; i < position.count; ++i) {
        const auto piece = Piece(position.pieces[i]);
        const auto square = Square(position.squares[i]);
        f.side_to_move[i] = feature(us, piece, square);
        f.other_side[i] = feature(~us, piece, square);
    }
    return f;
}

FloatNetwork initial_network(std::uint64_t seed) {
    SplitMix64 rng(mix_pair(seed, INIT_STREAM));
    const auto uniform = [&](double limit) { return float((2.0 * unit_interval(rng.next()) - 1.0) * limit); };
    FloatNetwork net;
    const double w1_limit = 1.0 / std::sqrt(double(MAX_PIECES));
    const double w2_limit = 1.0 / std::sqrt(2.0 * HIDDEN);
    for (float& w : net.w1) w = uniform(w1_limit);
    for (float& w : net.w2) w = uniform(w2_limit);
    return net;
}

float forward(const FloatNetwork& net, const TrainPosition& position) {
    Accumulators acc;
    accumulate(net, features_of(position), acc);
    return output_of(net, acc);
}

double mean_loss(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda) {
    return positions.empty() ? 0.0 : loss_sum(net, positions, lambda, 0, positions.size()) / double(positions.size());
}

double loss_and_gradient(const FloatNetwork& net, std::span<const TrainPosition> positions, double lambda, FloatNetwork& gradient) {
    GradientBuffer buffer;
    std::vector<std::uint32_t> all(positions.size());
    std::iota(all.begin(), all.end(), 0u);
    if (!positions.empty()) accumulate_gradient(net, positions, all, lambda, 1.0f / float(positions.size()), buffer);
    gradient = std::move(buffer.gradient);
    return positions.empty() ? 0.0 : buffer.loss_sum / double(positions.size());
}

Network quantise(const FloatNetwork& net, int* clamped) {
    int saturated = 0;
    const auto to_int = [&](double value, double low, double high) {
        const double rounded = std::round(value);
        if (rounded < low || rounded > high) ++saturated;
        return std::clamp(rounded, low, high);
    };
    constexpr double I16_MIN = std::numeric_limits<std::int16_t>::min(), I16_MAX = std::numeric_limits<std::int16_t>::max();
    constexpr double I32_MIN = std::numeric_limits<std::int32_t>::min(), I32_MAX = std::numeric_limits<std::int32_t>::max();
    Network q{};
    for (std::size_t i = 0; i < q.w1.size(); ++i) q.w1[i] = std::int16_t(to_int(double(net.w1[i]) * QA, I16_MIN, I16_MAX));
    for (std::size_t i = 0; i < q.b1.size(); ++i) q.b1[i] = std::int16_t(to_int(double(net.b1[i]) * QA, I16_MIN, I16_MAX));
    for (std::size_t i = 0; i < q.w2.size(); ++i) q.w2[i] = std::int16_t(to_int(double(net.w2[i]) * QB, I16_MIN, I16_MAX));
    q.b2 = std::int32_t(to_int(double(net.b2) * QA * QB, I32_MIN, I32_MAX));
    if (clamped) *clamped = saturated;
    return q;
}

FloatNetwork dequantise(const Network& net) {
    FloatNetwork f;
    for (std::size_t i = 0; i < net.w1.size(); ++i) f.w1[i] = float(double(net.w1[i]) / QA);
    for (std::size_t i = 0; i < net.b1.size(); ++i) f.b1[i] = float(double(net.b1[i]) / QA);
    for (std::size_t i = 0; i < net.w2.size(); ++i) f.w2[i] = float(double(net.w2[i]) / QB);
    f.b2 = float(double(net.b2) / (double(QA) * QB));
    return f;
}

double quantised_output(const Network& net, const TrainPosition& position) {
    const PositionFeatures features = features_of(position);
    std::int64_t sum = 0;
    for (int view = 0; view < 2; ++view) {
        const std::array<int, MAX_PIECES>& active = view == 0 ? features.side_to_move : features.other_side;
        for (int h = 0; h < HIDDEN; ++h) {
            std::int32_t acc = net.b1[h];
            for (int i = 0; i < features.count; ++i) acc += net.w1[std::size_t(active[i]) * HIDDEN + h];
            const std::int64_t c = std::clamp(acc, 0, QA);
            sum += std::int64_t(net.w2[view * HIDDEN + h]) * c * c;
        }
    }
    // b2 is at QA * QB, the products at QA * QA * QB.
    return double(sum + std::int64_t(net.b2) * QA) / (double(QA) * QA * QB);
}

int effective_decay_epoch(const TrainOptions& options) {
    return options.decay_epoch > 0 ? options.decay_epoch : options.epochs - options.epochs / 4 + 1;
}

void train_network(FloatNetwork& net, std::span<const TrainPosition> train, std::span<const TrainPosition> validation,
                   const TrainOptions& options, const std::function<void(const EpochReport&)>& progress) {
    const int threads = std::max(1, options.threads);
    const std::size_t batch_size = std::size_t(std::max(1, options.batch_size));
    std::vector<std::uint32_t> order(train.size());
    std::iota(order.begin(), order.end(), 0u);
    SplitMix64 shuffle_rng(mix_pair(options.seed, SHUFFLE_STREAM));
    std::vector<GradientBuffer> buffers(static_cast<std::size_t>(threads));
    Optimiser optimiser;
    const int decay_epoch = effective_decay_epoch(options);

    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        const auto start = std::chrono::steady_clock::now();
        const double learning_rate = options.learning_rate * (epoch >= decay_epoch ? DECAY_FACTOR : 1.0);
        for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[shuffle_rng.next() % i]);

        double epoch_loss = 0;
        for (std::size_t first = 0; first < order.size(); first += batch_size) {
            const std::span<const std::uint32_t> batch(order.data() + first, std::min(batch_size, order.size() - first));
            const float scale = 1.0f / float(batch.size());
            run_slices(threads, batch.size(), [&](int t, std::size_t begin, std::size_t end) {
                accumulate_gradient(net, train, batch.subspan(begin, end - begin), options.lambda, scale, buffers[std::size_t(t)]);
            });
            for (std::size_t t = 1; t < buffers.size(); ++t) buffers[0].add(buffers[t]);
            epoch_loss += buffers[0].loss_sum;
            optimiser.step(net, buffers[0].gradient, learning_rate, options.weight_decay);
            for (GradientBuffer& buffer : buffers) buffer.clear();
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

        EpochReport report;
        report.epoch = epoch;
        report.learning_rate = learning_rate;
        report.train_loss = train.empty() ? 0.0 : epoch_loss / double(train.size());
        report.validation_loss = mean_loss_threaded(net, validation, options.lambda, threads);
        report.positions_per_second = seconds > 0 ? double(train.size()) / seconds : 0.0;
        if (progress) progress(report);
    }
}

std::optional<std::string> load_training_data(const std::vector<std::string>& paths, double lambda, double validation_fraction,
                                              std::uint64_t seed, TrainingData& data, bool mirror_files) {
    const ValidationSplit split(validation_fraction, seed);
    Position pos;
    std::uint64_t rejected = 0;
    DataFileStats stats;
    const auto error = read_records(
        paths,
        [&](const DataRecord& record, std::uint64_t game) {
            if (!record.score && lambda < 1) {
                ++data.unscored_lines;
                return;
            }
            const std::optional<TrainPosition> position = train_position_from(pos, record.fen, record.result, record.score);
            if (!position) {
                ++rejected;
                return;
            }
            const bool held_out = split.holds_out(game);
            (held_out ? data.validation : data.train).push_back(*position);
            if (mirror_files && !held_out && pos.castling_rights() == NO_CASTLING) {
                data.train.push_back(mirrored_files(*position));
                ++data.mirrored;
            }
        },
        stats);
    data.lines += stats.lines;
    data.bad_lines += stats.bad_lines + rejected;
    return error;
}

namespace {

constexpr const char* USAGE =
    "usage: sen nnue-train --data FILE[,FILE...] --out NET [--epochs 20] [--batch 16384] [--lr 0.001]\n"
    "                      [--lambda 0.5] [--threads 1] [--seed 1] [--validation 0.05] [--decay-epoch N] [--mirror]\n"
    "                      [--init NET]\n"
    "       --lambda L      target = L * result + (1 - L) * sigmoid(score / 170); lines without a score\n"
    "                       are used only with --lambda 1\n"
    "       --decay-epoch N the rate is a tenth from epoch N on (default: the last quarter of the epochs)\n"
    "       --validation F  fraction of the games held out to measure the loss on (0 <= F < 1)\n"
    "       --mirror        also train on each training position without castling rights reflected\n"
    "                       left to right (the same value by the symmetry of the rules)\n"
    "       --init NET      start from this network file (or <built-in>, the one in this binary) instead\n"
    "                       of random weights: more training for an existing network\n";

template <class T>
std::optional<T> parse_number(const std::string& text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || stop != end) return std::nullopt;
    if constexpr (std::is_floating_point_v<T>)
        if (!std::isfinite(value)) return std::nullopt;
    return value;
}

int usage_error(const std::string& message) {
    fmt::print(stderr, "error: {}\n{}", message, USAGE);
    return 2;
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        parts.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return parts;
}

}  // namespace

int run_nnue_train_command(const std::vector<std::string>& args) {
    std::vector<std::string> data_paths;
    std::string out_path;
    TrainOptions options;
    double validation_fraction = 0.05;
    bool mirror_files = false;
    std::string init_path;  // empty: random weights from the seed
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& name = args[i];
        if (name == "--mirror") {
            mirror_files = true;
            continue;
        }
        const bool known = name == "--data" || name == "--out" || name == "--epochs" || name == "--batch" || name == "--lr" ||
                           name == "--lambda" || name == "--threads" || name == "--seed" || name == "--validation" ||
                           name == "--decay-epoch" || name == "--init";
        if (!known) return usage_error(fmt::format("unknown argument '{}'", name));
        if (i + 1 >= args.size()) return usage_error(fmt::format("{} needs a value", name));
        const std::string& value = args[++i];
        const auto bad_value = [&](const char* expected) { return usage_error(fmt::format("{} {}: expected {}", name, value, expected)); };
        if (name == "--data") {
            for (const std::string& path : split_commas(value)) {
                if (path.empty()) return bad_value("file names separated by commas");
                data_paths.push_back(path);
            }
        } else if (name == "--out") {
            if (value.empty()) return bad_value("a file name");
            out_path = value;
        } else if (name == "--epochs") {
            const auto n = parse_number<int>(value);
            if (!n || *n < 1 || *n > 100000) return bad_value("a whole number of epochs, 1 to 100000");
            options.epochs = *n;
        } else if (name == "--batch") {
            const auto n = parse_number<int>(value);
            if (!n || *n < 1 || *n > (1 << 24)) return bad_value("a batch size, 1 to 16777216");
            options.batch_size = *n;
        } else if (name == "--lr") {
            const auto x = parse_number<double>(value);
            if (!x || !(*x > 0) || *x > 1) return bad_value("a learning rate above 0, at most 1");
            options.learning_rate = *x;
        } else if (name == "--lambda") {
            const auto x = parse_number<double>(value);
            if (!x || !(*x >= 0 && *x <= 1)) return bad_value("a number from 0 to 1");
            options.lambda = *x;
        } else if (name == "--threads") {
            const auto n = parse_number<int>(value);
            if (!n || *n < 1 || *n > 256) return bad_value("a thread count, 1 to 256");
            options.threads = *n;
        } else if (name == "--seed") {
            const auto n = parse_number<std::uint64_t>(value);
            if (!n) return bad_value("a whole number, 0 to 2^64 - 1");
            options.seed = *n;
        } else if (name == "--validation") {
            const auto x = parse_number<double>(value);
            if (!x || !(*x >= 0 && *x < 1)) return bad_value("a fraction, at least 0 and below 1");
            validation_fraction = *x;
        } else if (name == "--decay-epoch") {
            const auto n = parse_number<int>(value);
            if (!n || *n < 1) return bad_value("an epoch number, 1 or more");
            options.decay_epoch = *n;
        } else if (name == "--init") {
            if (value.empty()) return bad_value("a network file or <built-in>");
            init_path = value;
        }
    }
    if (data_paths.empty()) return usage_error("--data is required");
    if (out_path.empty()) return usage_error("--out is required");
    const std::filesystem::path out_dir = std::filesystem::path(out_path).parent_path();
    std::error_code ignored;
    if (!out_dir.empty() && !std::filesystem::is_directory(out_dir, ignored))
        return usage_error(fmt::format("--out {}: no directory {}", out_path, out_dir.string()));

    // The starting network is read before the data, so that a bad file fails fast.
    FloatNetwork net = initial_network(options.seed);
    if (!init_path.empty()) {
        auto start_from = std::make_unique<Network>();
        const auto problem =
            init_path == BUILT_IN_NETWORK ? parse_network(embedded_network_file(), *start_from) : read_network_file(init_path, *start_from);
        if (problem) {
            fmt::print(stderr, "error: --init {}: {}\n", init_path, *problem);
            return 1;
        }
        net = dequantise(*start_from);
    }

    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    TrainingData data;
    if (const auto error = load_training_data(data_paths, options.lambda, validation_fraction, options.seed, data, mirror_files)) {
        fmt::print(stderr, "error: {}\n", *error);
        return 1;
    }
    fmt::print("loaded {} positions ({} training, {} validation) from {} lines in {:.1f} s; {} bad lines",
               data.train.size() + data.validation.size(), data.train.size(), data.validation.size(), data.lines, elapsed(),
               data.bad_lines);
    if (options.lambda < 1) fmt::print(", {} lines without a score skipped (--lambda below 1)", data.unscored_lines);
    if (mirror_files) fmt::print(", {} of the training positions are mirrored copies", data.mirrored);
    fmt::print("\n");
    if (data.train.empty()) {
        fmt::print(stderr, "error: no training positions in {}\n", fmt::join(data_paths, ", "));
        return 1;
    }
    const int decay_epoch = effective_decay_epoch(options);
    fmt::print("network 768 -> 2x{} -> 1 from {}; {} epochs, batch {}, lr {}{}, lambda {}, {} thread{}, seed {}\n", HIDDEN,
               init_path.empty() ? std::string("random weights") : init_path, options.epochs, options.batch_size, options.learning_rate,
               decay_epoch <= options.epochs ? fmt::format(" (x{} from epoch {})", DECAY_FACTOR, decay_epoch) : std::string(),
               options.lambda, options.threads, options.threads == 1 ? "" : "s", options.seed);

    const auto loss_text = [](double loss) { return loss < 0 ? std::string("n/a") : fmt::format("{:.6f}", loss); };
    fmt::print("epoch {:>3}  train {:.6f}  validation {}\n", 0, mean_loss_threaded(net, data.train, options.lambda, options.threads),
               loss_text(mean_loss_threaded(net, data.validation, options.lambda, options.threads)));
    std::fflush(stdout);
    train_network(net, data.train, data.validation, options, [&](const EpochReport& r) {
        fmt::print("epoch {:>3}  lr {:.6f}  train {:.6f}  validation {}  {:.0f} positions/s  {:.1f} s\n", r.epoch, r.learning_rate,
                   r.train_loss, loss_text(r.validation_loss), r.positions_per_second, elapsed());
        std::fflush(stdout);
    });

    int clamped = 0;
    const Network quantised = quantise(net, &clamped);
    const bool on_validation = !data.validation.empty();
    const std::vector<TrainPosition>& sample_from = on_validation ? data.validation : data.train;
    const std::size_t sample = std::min(QUANTISATION_SAMPLE, sample_from.size());
    double total_difference = 0, max_difference = 0, float_loss = 0, quantised_loss = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        const TrainPosition& p = sample_from[i];
        const double float_out = forward(net, p), quantised_out = quantised_output(quantised, p);
        const double difference = std::abs(quantised_out - float_out) * SCALE;
        total_difference += difference;
        max_difference = std::max(max_difference, difference);
        const double target = training_target(p, options.lambda);
        float_loss += std::pow(1.0 / (1.0 + std::exp(-float_out)) - target, 2);
        quantised_loss += std::pow(1.0 / (1.0 + std::exp(-quantised_out)) - target, 2);
    }
    if (sample > 0) {
        fmt::print(
            "quantised vs float on {} {} positions: mean |difference| {:.3f} cp, max {:.3f} cp; loss {:.6f} quantised, {:.6f} float\n",
            sample, on_validation ? "validation" : "training", total_difference / double(sample), max_difference,
            quantised_loss / double(sample), float_loss / double(sample));
    }
    if (clamped > 0) fmt::print("warning: {} quantised values were clamped to their integer range\n", clamped);

    const std::string bytes = serialise_network(quantised);
    std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    if (!out) {
        fmt::print(stderr, "error: cannot write {}\n", out_path);
        return 1;
    }
    fmt::print("wrote {} ({} bytes) in {:.1f} s\n", out_path, bytes.size(), elapsed());
    return 0;
}

}  // namespace sen::chess::nnue
