#include "tools/tune.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numbers>
#include <optional>

#include <fmt/chrono.h>
#include <fmt/core.h>
#include <fmt/format.h>

#include "games.h"
#include "tools/adam.h"
#include "tools/subcommands.h"
#include "tools/training_data.h"

namespace sen {

namespace {

constexpr double WEIGHT_LIMIT = 4000;
// Gradient descent's factor at learning rate 1: the mean gradient of a common term is about 1e-5 per
// centipawn of misfit, and steps up to about 1e6 times it stay stable.
constexpr double GD_SCALE = 1e5;  // keeps every weight and sum well inside Score's 16-bit halves
// The games held out by default to measure how well the fit generalises (ValidationSplit, with
// VALIDATION_SEED: nnue-train's default seed, so at its smaller default fraction it holds out a
// subset of these games).
constexpr double DEFAULT_VALIDATION_FRACTION = 0.1;
constexpr std::uint64_t VALIDATION_SEED = 1;

// Occurrences per weight, summed over each group of tied weights (see TuneOptions::tie).
std::vector<std::uint32_t> group_occurrences(const std::vector<std::uint32_t>& occurrences, const std::vector<std::uint32_t>& tie) {
    if (tie.empty()) return occurrences;
    std::vector<std::uint32_t> group(occurrences.size());
    for (std::size_t i = 0; i < occurrences.size(); ++i) group[tie[i]] += occurrences[i];
    for (std::size_t i = 0; i < occurrences.size(); ++i) group[i] = group[tie[i]];
    return group;
}

// The mg and eg weights the fit must leave alone.
struct Frozen {
    std::vector<bool> mg, eg;
};

Frozen frozen_terms(const std::vector<std::uint32_t>& occurrences, const TuneOptions& options) {
    const std::size_t n = occurrences.size();
    Frozen f{std::vector<bool>(n), std::vector<bool>(n)};
    const std::uint32_t min_occurrences = std::max<std::uint32_t>(1, options.min_occurrences);
    for (std::size_t i = 0; i < n; ++i) {
        const bool listed = options.only.empty() || std::any_of(options.only.begin(), options.only.end(), [i](const auto& range) {
                                return int(i) >= range.first && int(i) < range.second;
                            });
        f.mg[i] = f.eg[i] = occurrences[i] < min_occurrences || !listed;
    }
    f.mg[0] = true;  // the pawn's or soldier's middlegame value sets the scale: centipawns
    return f;
}

// fmt::gmtime: the thread-safe gmtime on every platform (gmtime_r is POSIX only).
std::string date_today() { return fmt::format("{:%Y-%m-%d}", fmt::gmtime(std::time(nullptr))); }

struct LoadResult {
    TuneSet train, validation;
    DataFileStats file;
    std::size_t rejected_fens = 0, trace_mismatches = 0;
    std::size_t scored_lines = 0;  // targets blended with the line's search score
    std::uint64_t validation_games = 0;
    std::size_t positions() const { return train.entries.size() + validation.entries.size(); }
    std::size_t bad_lines() const { return std::size_t(file.bad_lines) + rejected_fens; }
};

// Reads the files one after the other (training_data.h) and holds out whole games for validation;
// what could not be read is returned in `error`. Each position's target is blended_target(): one
// game's result is a noisy label for a position far from the end; its search score is a
// better-informed one, and the blend keeps the result's knowledge of how games really end.
template <class G>
std::optional<LoadResult> load_data(const std::vector<std::string>& paths, std::string& error, double validation_fraction, double lambda,
                                    double k) {
    LoadResult r;
    r.train.occurrences.assign(G::layout().term_count, 0);
    r.validation.occurrences.assign(G::layout().term_count, 0);
    const ValidationSplit split(validation_fraction, VALIDATION_SEED);
    typename G::Position pos;
    typename G::Trace trace;
    std::optional<std::uint64_t> last_held_out;
    const auto unreadable = read_records(
        paths,
        [&](const DataRecord& record, std::uint64_t game) {
            if (G::set_fen(pos, record.fen)) {
                ++r.rejected_fens;
                return;
            }
            if (record.score && lambda < 1) ++r.scored_lines;
            const int white = evaluate_traced(pos, trace);
            if (trace_eval(trace, G::weights()) != white) ++r.trace_mismatches;
            const bool held_out = split.holds_out(game);
            if (held_out && last_held_out != game) ++r.validation_games, last_held_out = game;
            (held_out ? r.validation : r.train).add(trace, blended_target(record.result, record.score, lambda, k));
        },
        r.file);
    if (unreadable) {
        error = *unreadable;
        return std::nullopt;
    }
    return r;
}

}  // namespace

double model_eval(const TuneSet& set, const TuneEntry& e, const TuneWeights& w) {
    double mg = 0, eg = 0;
    for (std::uint32_t j = e.first; j < e.last; ++j) {
        const TuneFeature f = set.features[j];
        mg += f.count * w.mg[f.index];
        eg += f.count * w.eg[f.index];
    }
    return mg * e.mg_factor + eg * e.eg_factor;
}

double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::exp(-k * eval)); }

double mean_squared_error(const TuneSet& set, const TuneWeights& w, double k) {
    if (set.entries.empty()) return 0;
    double sum = 0;
    for (const TuneEntry& e : set.entries) {
        const double d = sigmoid(k, model_eval(set, e, w)) - e.result;
        sum += d * d;
    }
    return sum / double(set.entries.size());
}

double find_k(const TuneSet& set, const TuneWeights& w) {
    // Golden-section search: the error is unimodal in K. Typical values are near 0.005 (a pawn up
    // is about a 62% score).
    double lo = 0.0, hi = 0.05;
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = mean_squared_error(set, w, a), fb = mean_squared_error(set, w, b);
    for (int i = 0; i < 60; ++i) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - ratio * (hi - lo);
            fa = mean_squared_error(set, w, a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + ratio * (hi - lo);
            fb = mean_squared_error(set, w, b);
        }
    }
    return (lo + hi) / 2;
}

TuneWeights fit_weights(const TuneSet& set, const TuneWeights& start, double k, const TuneOptions& options, const TuneSet* validation,
                        const std::function<void(const TuneProgress&)>& progress) {
    TuneWeights w = start;
    if (set.entries.empty()) return w;
    const std::size_t count = start.mg.size();
    const std::vector<std::uint32_t>& tie = options.tie;
    const bool tied = !tie.empty();
    const bool early_stopping = validation && !validation->entries.empty();
    TuneWeights best = w;
    double best_error = early_stopping ? mean_squared_error(*validation, w, k) : 0;
    const Frozen frozen = frozen_terms(group_occurrences(set.occurrences, tie), options);
    std::vector<double> grad_mg(count), grad_eg(count);
    std::vector<double> m_mg(count), m_eg(count), v_mg(count), v_eg(count);
    const double n = double(set.entries.size());
    const double l2 = 2 * options.regularisation / (100.0 * 100.0);
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        // Error E = mean (s - r)^2 with s = sigmoid(K * eval), so
        // dE/dw = mean 2 (s - r) s (1 - s) K * d eval/dw, and eval is linear in w.
        for (std::size_t i = 0; i < count; ++i) {
            grad_mg[i] = l2 * (w.mg[i] - start.mg[i]);
            grad_eg[i] = l2 * (w.eg[i] - start.eg[i]);
        }
        double error = 0;
        for (const TuneEntry& e : set.entries) {
            const double s = sigmoid(k, model_eval(set, e, w));
            error += (s - e.result) * (s - e.result);
            const double d = 2 * (s - e.result) * s * (1 - s) * k / n;
            const double dmg = d * e.mg_factor, deg = d * e.eg_factor;
            for (std::uint32_t j = e.first; j < e.last; ++j) {
                const TuneFeature f = set.features[j];
                grad_mg[f.index] += dmg * f.count;
                grad_eg[f.index] += deg * f.count;
            }
        }
        // A tied weight is the same parameter as the one it is tied to: that one takes the sum.
        if (tied) {
            for (std::size_t i = 0; i < count; ++i) {
                if (tie[i] == i) continue;
                grad_mg[tie[i]] += grad_mg[i];
                grad_eg[tie[i]] += grad_eg[i];
            }
        }
        // The step size decays along a cosine to a tenth of its start.
        const double lr =
            options.learning_rate * (0.1 + 0.9 * 0.5 * (1 + std::cos(std::numbers::pi * (epoch - 1) / std::max(1, options.epochs))));
        const AdamStep<double> adam = AdamStep<double>::at(std::uint64_t(epoch), lr);
        const auto step = [&](double& weight, double g, double& m, double& v) {
            weight = std::clamp(adam_update(weight, g, m, v, adam), -WEIGHT_LIMIT, WEIGHT_LIMIT);
        };
        const auto descend = [&](double& weight, double g) {
            weight = std::clamp(weight - lr * GD_SCALE * g, -WEIGHT_LIMIT, WEIGHT_LIMIT);
        };
        for (std::size_t i = 0; i < count; ++i) {
            if (tied && tie[i] != i) continue;
            if (options.optimizer == Optimizer::GradientDescent) {
                if (!frozen.mg[i]) descend(w.mg[i], grad_mg[i]);
                if (!frozen.eg[i]) descend(w.eg[i], grad_eg[i]);
                continue;
            }
            if (!frozen.mg[i]) step(w.mg[i], grad_mg[i], m_mg[i], v_mg[i]);
            if (!frozen.eg[i]) step(w.eg[i], grad_eg[i], m_eg[i], v_eg[i]);
        }
        if (tied) {
            for (std::size_t i = 0; i < count; ++i) {
                w.mg[i] = w.mg[tie[i]];
                w.eg[i] = w.eg[tie[i]];
            }
        }
        TuneProgress p{epoch, error / n, -1};
        if (early_stopping && (epoch % VALIDATION_INTERVAL == 0 || epoch == options.epochs)) {
            p.validation_error = mean_squared_error(*validation, w, k);
            if (p.validation_error < best_error) best_error = p.validation_error, best = w;
        }
        if (progress) progress(p);
    }
    return early_stopping ? best : w;
}

std::vector<std::uint32_t> weight_ties(const WeightLayout& layout) {
    if (!layout.mirror_files) return {};
    std::vector<std::uint32_t> tie(std::size_t(layout.term_count));
    for (std::size_t i = 0; i < tie.size(); ++i) tie[i] = std::uint32_t(i);
    for (std::size_t t = 0; t < layout.piece_tables.size(); ++t) {
        const int base = layout.psqt_base + int(t) * layout.points;
        for (int p = 0; p < layout.points; ++p) {
            const int file = p % layout.files;
            const int mirror = p - file + (layout.files - 1 - file);
            tie[std::size_t(base + p)] = std::uint32_t(base + std::min(p, mirror));
        }
    }
    return tie;
}

void normalise(TuneWeights& w, const TuneSet& set, const WeightLayout& layout) {
    // Every piece but the king (general) has exactly one material and one square term, so a
    // constant can move between them; each side has exactly one king, so the king table's
    // constant cancels. Only squares seen in the data (or whose tied mirror is) move: the
    // others keep their old values.
    const std::vector<std::uint32_t> seen = group_occurrences(set.occurrences, weight_ties(layout));
    for (std::size_t t = 0; t < layout.piece_tables.size(); ++t) {
        const PieceTable& table = layout.piece_tables[t];
        const int base = layout.psqt_base + int(t) * layout.points;
        for (const bool mg : {true, false}) {
            if (table.material == 0 && mg) continue;  // the pawn's (soldier's) middlegame material is pinned
            std::vector<double>& v = mg ? w.mg : w.eg;
            double sum = 0;
            int seen_points = 0;
            for (int sq = 0; sq < layout.points; ++sq)
                if (seen[base + sq]) sum += v[base + sq], ++seen_points;
            if (!seen_points) continue;
            const double mean = sum / seen_points;
            for (int sq = 0; sq < layout.points; ++sq)
                if (seen[base + sq]) v[base + sq] -= mean;
            if (table.material >= 0) v[table.material] += mean;
        }
    }
}

std::string weights_source(std::span<const Score> weights, const WeightLayout& layout, const std::string& header) {
    std::string out;
    std::size_t pos = 0;
    while (pos < header.size()) {
        const std::size_t end = std::min(header.find('\n', pos), header.size());
        out += "// " + header.substr(pos, end - pos) + "\n";
        pos = end + 1;
    }
    out += fmt::format("#include \"{}/eval.h\"\n\nnamespace {} {{\n\nnamespace {{\n\n", layout.game, layout.name_space);
    out += "using S = Score;\n\n"
           "// Copies a block of weights into the table from `base` on.\n"
           "template <std::size_t N>\n"
           "constexpr void set(EvalWeights& w, int base, const Score (&values)[N]) {\n"
           "    for (std::size_t i = 0; i < N; ++i) w[std::size_t(base) + i] = values[i];\n"
           "}\n\n"
           "constexpr EvalWeights make_weights() {\n"
           "    EvalWeights w{};\n";
    // A block of values, `row` to a line, with the columns aligned.
    const auto block = [&](int base, int size, const std::string& target, int row) {
        int width_mg = 1, width_eg = 1;
        for (int i = base; i < base + size; ++i) {
            width_mg = std::max(width_mg, int(fmt::format("{}", weights[i].mg()).size()));
            width_eg = std::max(width_eg, int(fmt::format("{}", weights[i].eg()).size()));
        }
        std::string text = "    set(w, " + target + ", {\n";
        for (int i = 0; i < size; ++i) {
            if (i % row == 0) text += "        ";
            text += fmt::format("S({:>{}}, {:>{}}),", weights[base + i].mg(), width_mg, weights[base + i].eg(), width_eg);
            text += i % row == row - 1 || i == size - 1 ? "\n" : " ";
        }
        return text + "    });\n";
    };
    for (const WeightFamily& f : layout.families) {
        out += fmt::format("\n    // {}", f.comment);
        if (f.size == 1) {
            out += fmt::format(".\n    w[term::{}] = S({}, {});\n", f.name, weights[f.base].mg(), weights[f.base].eg());
            continue;
        }
        if (f.base == layout.psqt_base) {
            out += layout.psqt_comment;
            for (std::size_t t = 0; t < layout.piece_tables.size(); ++t) {
                const PieceTable& table = layout.piece_tables[t];
                const int base = layout.psqt_base + int(t) * layout.points;
                const auto values = weights.subspan(std::size_t(base), std::size_t(layout.points));
                if (table.omit_if_zero && std::all_of(values.begin(), values.end(), [](Score s) { return s == Score(); })) continue;
                out += fmt::format("    // {}\n", table.name);
                out += block(base, layout.points, table.target, layout.files);
            }
            continue;
        }
        out += fmt::format("; {}.\n", f.labels);
        out += block(f.base, f.size, fmt::format("term::{}", f.name), 8);
    }
    out += fmt::format(
        "    return w;\n}}\n\n}}  // namespace\n\nconstinit const EvalWeights DEFAULT_WEIGHTS = make_weights();\n\n}}  // namespace {}\n",
        layout.name_space);
    return out;
}

namespace {

// What `sen tune` was asked for, besides the fit's own options.
struct TuneRequest {
    std::vector<std::string> data_paths;
    std::string out_path;
    std::vector<std::string> only;  // --only blocks
    // K of sigmoid(K * eval), 0: fitted to the starting weights. K and the weights' overall scale
    // trade off freely (only the soldier's or pawn's middlegame value is pinned, and the
    // piece-square tables can absorb it), so fixing K fixes the centipawn scale of the result.
    double fixed_k = 0;
    double lambda = 1.0;
    double validation_fraction = DEFAULT_VALIDATION_FRACTION;
};

template <class G>
int run_tune(const TuneRequest& request, TuneOptions options) {
    const WeightLayout& layout = G::layout();
    for (const std::string& name : request.only) {
        const auto family =
            std::find_if(layout.families.begin(), layout.families.end(), [&](const WeightFamily& f) { return name == f.name; });
        if (family == layout.families.end()) {
            fmt::print(stderr, "error: --only {}: no such block of {} weights\n", name, layout.game);
            return 2;
        }
        options.only.emplace_back(family->base, family->base + family->size);
    }
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    std::string unreadable;
    const double lambda = request.lambda, fixed_k = request.fixed_k;
    std::optional<LoadResult> data = load_data<G>(request.data_paths, unreadable, request.validation_fraction, lambda, fixed_k);
    if (!data) {
        fmt::print(stderr, "error: {}\n", unreadable);
        return 1;
    }
    const TuneSet& train = data->train;
    const TuneSet& validation = data->validation;
    const bool validating = !validation.entries.empty();
    fmt::print("loaded {} positions of {} games ({} training; {} validation, from {} held-out games; {} bad lines) in {:.1f} s\n",
               data->positions(), data->file.games, train.entries.size(), validation.entries.size(), data->validation_games,
               data->bad_lines(), elapsed());
    if (lambda < 1) fmt::print("{} targets blended with their search score (lambda {})\n", data->scored_lines, lambda);
    if (data->trace_mismatches) {
        fmt::print(stderr, "error: {} traces do not reproduce evaluate(): the linear model does not hold\n", data->trace_mismatches);
        return 1;
    }
    if (train.entries.empty()) {
        fmt::print(stderr, "error: no training positions in {}\n", fmt::join(request.data_paths, ", "));
        return 1;
    }
    // --validation 0 fits without held-out games (and without early stopping); a fraction that
    // happens to hold out none is refused rather than silently ignored.
    if (!validating && request.validation_fraction > 0) {
        fmt::print(stderr,
                   "error: none of the {} games was held out for validation (--validation {}): more games, a larger "
                   "fraction, or --validation 0\n",
                   data->file.games, request.validation_fraction);
        return 1;
    }
    options.tie = weight_ties(layout);
    const std::vector<std::uint32_t> occurrences = group_occurrences(train.occurrences, options.tie);
    int unseen = 0;
    for (int i = 0; i < layout.term_count; ++i) unseen += occurrences[i] < std::max<std::uint32_t>(1, options.min_occurrences);
    fmt::print("{} of {} terms occur too rarely and keep their values\n", unseen, layout.term_count);

    const auto validation_text = [&](double error) { return validating ? fmt::format("{:.6f}", error) : std::string("n/a"); };
    const TuneWeights before = TuneWeights::from(G::weights());
    const double k = fixed_k > 0 ? fixed_k : find_k(train, before);
    const double train_before = mean_squared_error(train, before, k), valid_before = mean_squared_error(validation, before, k);
    fmt::print("K = {:.6f}; error before: {:.6f} (validation {})\n", k, train_before, validation_text(valid_before));
    std::fflush(stdout);

    TuneWeights fitted = fit_weights(train, before, k, options, &validation, [&](const TuneProgress& p) {
        if (p.epoch % 100 == 0 || p.epoch == options.epochs) {
            fmt::print("epoch {:>5}  error {:.6f}  validation {}  {:.0f} s\n", p.epoch, p.error, validation_text(p.validation_error),
                       elapsed());
            std::fflush(stdout);
        }
    });
    // Moving offsets between blocks would change weights --only promised to keep.
    if (request.only.empty()) normalise(fitted, train, layout);
    const typename G::Weights result = fitted.template rounded<typename G::Weights>();
    const TuneWeights rounded = TuneWeights::from(result);
    const double train_after = mean_squared_error(train, rounded, k), valid_after = mean_squared_error(validation, rounded, k);
    fmt::print("error after: {:.6f} (validation {}), rounded weights\n", train_after, validation_text(valid_after));

    // File names only: the header is committed, and a folder on one machine means nothing on another.
    std::vector<std::string> data_names;
    for (const std::string& path : request.data_paths) data_names.push_back(std::filesystem::path(path).filename().string());
    const std::string header = fmt::format(
        "{}, fitted by `sen tune{}` (Texel's method: see src/tools/tune.h) on {}.\n"
        "Data: {} positions of Sen's {} (`sen datagen{}`) in {} games, {} of them held out\n"
        "for validation (--validation {}), from {}.\n"
        "K = {:.6f}{}; mean squared error {:.6f} -> {:.6f}{}.{}{}\n"
        "Generated file: rerun `sen datagen{}` and `sen tune{}` rather than editing by hand.",
        layout.title, layout.variant_option, date_today(), data->positions(), layout.data_name, layout.variant_option, data->file.games,
        data->validation_games, request.validation_fraction, fmt::join(data_names, "\n  and "), k, fixed_k > 0 ? " (fixed by --k)" : "",
        train_before, train_after, validating ? fmt::format(" (validation {:.6f} -> {:.6f})", valid_before, valid_after) : "",
        request.only.empty()
            ? ""
            : fmt::format("\nOnly {} fitted (--only); the other weights kept their values.", fmt::join(request.only, ", ")),
        lambda < 1 ? fmt::format("\nTargets: {} * result + {} * sigmoid(K * search score) (--lambda).", lambda, 1 - lambda) : "",
        layout.variant_option, layout.variant_option);
    std::ofstream out(request.out_path);
    out << weights_source(result, layout, header);
    if (!out) {
        fmt::print(stderr, "error: cannot write {}\n", request.out_path);
        return 1;
    }
    fmt::print("wrote {}\n", request.out_path);
    return 0;
}

}  // namespace

int run_tune_command(const std::vector<std::string>& args) {
    constexpr const char* USAGE =
        "usage: sen tune [--variant chess|xiangqi] --data FILE [--data FILE ...] [--epochs E] [--out FILE]\n"
        "                [--lr STEP] [--gd] [--reg L2] [--min-count N] [--k K] [--only BLOCK ...] [--lambda L]\n"
        "                [--validation F]\n"
        "       --only fits just the named block (a term:: name such as KING_SHELTER; repeatable)\n"
        "       --lambda L (0..1, needs --k) fits to L * result + (1 - L) * sigmoid(K * score) on lines with a score\n"
        "       --validation F (0 <= F < 1, default 0.1) is the fraction of the games held out to measure the\n"
        "                fit on (early stopping); 0 fits on every game, without early stopping\n"
        "       --out defaults to eval_weights.cpp in the game's source folder (src/chess/, src/xiangqi/)\n";
    TuneRequest request;
    std::string variant = "chess";
    TuneOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        try {
            if (a == "--data" && has_value) request.data_paths.push_back(args[++i]);
            else if (a == "--out" && has_value) request.out_path = args[++i];
            else if (a == "--only" && has_value) request.only.push_back(args[++i]);
            else if (a == "--lambda" && has_value) request.lambda = std::stod(args[++i]);
            else if (a == "--validation" && has_value) request.validation_fraction = std::stod(args[++i]);
            else if (a == "--variant" && has_value) variant = args[++i];
            else if (a == "--epochs" && has_value) options.epochs = std::stoi(args[++i]);
            else if (a == "--lr" && has_value) options.learning_rate = std::stod(args[++i]);
            else if (a == "--gd") options.optimizer = Optimizer::GradientDescent;
            else if (a == "--reg" && has_value) options.regularisation = std::stod(args[++i]);
            else if (a == "--k" && has_value) request.fixed_k = std::stod(args[++i]);
            else if (a == "--min-count" && has_value) options.min_occurrences = std::uint32_t(std::stoul(args[++i]));
            else {
                fmt::print(stderr, "error: bad or unknown argument '{}'\n{}", a, USAGE);
                return 2;
            }
        } catch (...) {
            fmt::print(stderr, "error: '{}' needs a number\n{}", a, USAGE);
            return 2;
        }
    }
    const std::optional<GameId> game = find_game(variant);
    if (!game) {
        fmt::print(stderr, "error: unknown variant '{}' ({})\n{}", variant, game_names(" or "), USAGE);
        return 2;
    }
    const double fixed_k = request.fixed_k, lambda = request.lambda, validation = request.validation_fraction;
    if (request.data_paths.empty() || options.epochs < 0 || !(options.learning_rate > 0) || !(fixed_k >= 0 && fixed_k < 1) ||
        !(lambda >= 0 && lambda <= 1) || (lambda < 1 && fixed_k == 0) || !(validation >= 0 && validation < 1)) {
        fmt::print(stderr, "{}", USAGE);
        return 2;
    }
    return visit_game(*game, [&](auto tag) {
        using Tuning = typename decltype(tag)::Game::EvalTuning;
        if (request.out_path.empty()) request.out_path = Tuning::layout().source_path;
        return run_tune<Tuning>(request, options);
    });
}

}  // namespace sen
