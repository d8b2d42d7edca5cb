#include "tools/datagen_convert.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <utility>

#include <fmt/core.h>

namespace sen {

namespace {

template <class Game>
class Converter {
public:
    using Position = typename Game::Position;
    using Move = typename Game::Move;
    using Square = decltype(Move().from());

    Converter(const std::function<bool(const GameRecord&)>& sink, ConvertStats& stats) : sink_(sink), stats_(stats) {}

    // Adds a record of game `number` (read_records' numbering); false once the sink refused.
    bool add(const DataRecord& record, std::uint64_t number) {
        // Chess FENs are read as Chess960: X-FEN castling (DFRC games) and standard FENs alike.
        if (Game::set_fen(target_, record.fen, true)) {
            ++stats_.bad_lines;
            return ok_;
        }
        if (open_ && (number != number_ || record.result != game_.result)) finish();
        if (!open_) {
            game_ = GameRecord{};
            game_.index = stats_.games;
            game_.result = record.result;
            game_.chess960 = std::is_same_v<Game, chess::ChessGame>;
            game_.start_fen = record.fen;
            const auto error = Game::set_fen(pos_, record.fen, true);
            (void)error;  // read above
            open_ = true;
            number_ = number;
        } else {
            bridge_to(record.fen);
        }
        GamePly ply;
        ply.score = record.score;
        ply.recorded = true;
        game_.plies.push_back(ply);  // its move is found when the next record comes
        ++stats_.records;
        return ok_;
    }

    // Hands over the game in progress, its last ply an end marker.
    void finish() {
        if (!open_) return;
        open_ = false;
        if (ok_ && !sink_(game_)) ok_ = false;
        ++stats_.games;
    }

private:
    // Sets the last ply's move (and any unrecorded plies after it) so that the game reaches
    // `fen`, or makes the last ply a jump to it.
    void bridge_to(const std::string& fen) {
        const int gap = target_.game_ply() - pos_.game_ply();
        std::vector<Move> path;
        int budget = CONVERT_BRIDGE_NODES;
        target_fen_ = fen;
        if (gap >= 1 && gap <= CONVERT_BRIDGE_PLIES && search(gap, path, budget)) {
            game_.plies.back().move = path[0].raw();
            for (std::size_t i = 1; i < path.size(); ++i) {
                GamePly ply;
                ply.move = path[i].raw();
                game_.plies.push_back(ply);
            }
            stats_.bridged_plies += path.size() - 1;
            return;
        }
        game_.plies.back().move = 0;
        game_.plies.back().next_fen = fen;
        const auto error = Game::set_fen(pos_, fen, true);
        (void)error;  // the same FEN read into target_
        ++stats_.jumps;
    }

    // Depth-first search for `depth` legal moves from pos_ to target_. Each move must touch a
    // square where the two boards differ (a piece that leaves and comes back is not found:
    // the caller then jumps). On success pos_ stands on the target and `path` holds the moves.
    bool search(int depth, std::vector<Move>& path, int& budget) {
        std::array<bool, Game::SQUARE_NB> differs{};
        int differing = 0;
        for (int s = 0; s < Game::SQUARE_NB; ++s)
            differing += differs[std::size_t(s)] = pos_.piece_on(Square(s)) != target_.piece_on(Square(s));
        if (depth == 0) return differing == 0 && pos_.fen() == target_fen_;
        if (differing > 4 * depth) return false;  // a move changes at most four squares (castling)
        typename Game::MoveList moves;
        Game::generate_all(pos_, moves);
        for (const Move m : moves) {
            if (!differs[std::size_t(m.from())] && !differs[std::size_t(m.to())]) continue;
            if (!Game::is_legal(pos_, m)) continue;
            if (--budget < 0) return false;
            pos_.make_move(m);
            path.push_back(m);
            if (search(depth - 1, path, budget)) return true;
            path.pop_back();
            pos_.unmake_move();
        }
        return false;
    }

    const std::function<bool(const GameRecord&)>& sink_;
    ConvertStats& stats_;
    GameRecord game_;
    Position pos_, target_;
    std::string target_fen_;
    std::uint64_t number_ = 0;
    bool open_ = false, ok_ = true;
};

template <class Game>
std::optional<std::string> convert(const std::vector<std::string>& inputs, const std::function<bool(const GameRecord&)>& sink,
                                   ConvertStats& stats) {
    Converter<Game> converter(sink, stats);
    DataFileStats file_stats;
    bool ok = true;
    const auto unreadable = read_records(
        inputs, [&](const DataRecord& record, std::uint64_t game) { ok = ok && converter.add(record, game); }, file_stats);
    converter.finish();
    stats.bad_lines += file_stats.bad_lines;
    if (unreadable) return unreadable;
    if (!ok) return std::string("writing the games failed");
    return std::nullopt;
}

constexpr const char* CONVERT_USAGE = "usage: sen datagen-convert [--variant chess|xiangqi] IN.txt [IN2.txt ...] OUT.bin\n"
                                      "       sen datagen-convert --to-text IN [IN2 ...] OUT.txt\n";

// Back to text: every record the shared reader gives, for what reads lines (scripts/fit-wdl).
int convert_to_text(const std::vector<std::string>& inputs, const std::string& out_path) {
    std::ofstream out(out_path);
    if (!out) {
        fmt::print(stderr, "error: cannot write {}\n", out_path);
        return 1;
    }
    DataFileStats stats;
    const auto unreadable = read_records(
        inputs, [&out](const DataRecord& record, std::uint64_t) { write_record(out, record); }, stats);
    fmt::print(stderr, "datagen-convert: {} records in {} games -> {} ({} bad)\n", stats.lines - stats.bad_lines, stats.games, out_path,
               stats.bad_lines);
    if (unreadable || !out.flush()) {
        fmt::print(stderr, "error: {}\n", unreadable.value_or("writing " + out_path + " failed"));
        return 1;
    }
    return 0;
}

}  // namespace

std::optional<std::string> convert_text_games(const std::vector<std::string>& inputs, GameId game,
                                              const std::function<bool(const GameRecord&)>& sink, ConvertStats& stats) {
    for (const std::string& path : inputs)
        if (is_game_file(path)) return fmt::format("{} is already a binary game file", path);
    return visit_game(game, [&](auto tag) { return convert<typename decltype(tag)::Game>(inputs, sink, stats); });
}

int run_datagen_convert_command(const std::vector<std::string>& args) {
    std::string variant(GAME_NAMES[0]);
    std::vector<std::string> paths;
    bool to_text = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--variant" && i + 1 < args.size()) variant = args[++i];
        else if (args[i] == "--to-text") to_text = true;
        else if (args[i].rfind("--", 0) == 0) {
            fmt::print(stderr, "error: unknown argument '{}'\n{}", args[i], CONVERT_USAGE);
            return 2;
        } else paths.push_back(args[i]);
    }
    const std::optional<GameId> game = find_game(variant);
    if (!game) {
        fmt::print(stderr, "error: unknown variant '{}' ({})\n{}", variant, game_names(" or "), CONVERT_USAGE);
        return 2;
    }
    if (paths.size() < 2) {
        fmt::print(stderr, "{}", CONVERT_USAGE);
        return 2;
    }
    const std::string out_path = paths.back();
    paths.pop_back();
    std::error_code error;
    if (std::filesystem::exists(out_path, error) && std::filesystem::file_size(out_path, error) > 0) {
        fmt::print(stderr, "error: {} exists; the converter writes a new file\n", out_path);
        return 1;
    }
    if (to_text) return convert_to_text(paths, out_path);
    GameFileWriter writer;
    if (auto open_error = writer.open(out_path, *game)) {
        fmt::print(stderr, "error: {}\n", *open_error);
        return 1;
    }
    ConvertStats stats;
    const auto failed = convert_text_games(
        paths, *game, [&writer](const GameRecord& record) { return writer.write(record); }, stats);
    fmt::print(stderr, "datagen-convert: {} records in {} games -> {} ({} plies found again, {} jumps, {} bad lines)\n", stats.records,
               stats.games, out_path, stats.bridged_plies, stats.jumps, stats.bad_lines);
    if (failed) {
        fmt::print(stderr, "error: {}\n", *failed);
        return 1;
    }
    return 0;
}

}  // namespace sen
