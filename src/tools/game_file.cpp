#include "tools/game_file.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <system_error>

#include <fmt/core.h>

namespace sen {

namespace {

// A record longer than this is damage, not a game (a 300-ply game is about 1.3 KB).
constexpr std::uint32_t MAX_RECORD_BYTES = 1u << 24;
constexpr std::uint8_t FLAG_CHESS960 = 1;

void put16(std::string& out, std::uint16_t v) {
    out += char(v & 0xFF);
    out += char(v >> 8);
}
void put32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 0xFF);
}
void put64(std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out += char((v >> (8 * i)) & 0xFF);
}

// FNV-1a: enough to tell a damaged record from a whole one; not a defence against tampering.
std::uint32_t checksum(std::string_view bytes) {
    std::uint32_t h = 2166136261u;
    for (const char c : bytes) h = (h ^ std::uint8_t(c)) * 16777619u;
    return h;
}

std::uint16_t score_word(const GamePly& ply) {
    const int score = ply.score ? std::clamp(*ply.score, -GAME_FILE_SCORE_LIMIT, GAME_FILE_SCORE_LIMIT) : GAME_FILE_NO_SCORE;
    return std::uint16_t((unsigned(score) & 0x7FFF) | (ply.recorded ? 0x8000u : 0u));
}

// Reads little-endian fields from a record's bytes; any read past the end sets `failed`.
class ByteReader {
public:
    explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}
    std::uint64_t get(int width) {
        if (pos_ + std::size_t(width) > bytes_.size()) {
            failed = true;
            return 0;
        }
        std::uint64_t v = 0;
        for (int i = 0; i < width; ++i) v |= std::uint64_t(std::uint8_t(bytes_[pos_ + std::size_t(i)])) << (8 * i);
        pos_ += std::size_t(width);
        return v;
    }
    std::string text(std::size_t n) {
        if (pos_ + n > bytes_.size()) {
            failed = true;
            return {};
        }
        std::string s(bytes_.substr(pos_, n));
        pos_ += n;
        return s;
    }
    bool at_end() const { return pos_ == bytes_.size(); }
    bool failed = false;

private:
    std::string_view bytes_;
    std::size_t pos_ = 0;
};

// The body (between length and checksum) as a game; false when it does not parse to its end.
bool decode_body(std::string_view body, GameRecord& game) {
    ByteReader in(body);
    game.index = in.get(8);
    const auto result = in.get(1);
    const auto flags = in.get(1);
    game.result = result == 2 ? 1.0 : result == 1 ? 0.5 : 0.0;
    game.chess960 = (flags & FLAG_CHESS960) != 0;
    game.start_fen = in.text(std::size_t(in.get(2)));
    const std::uint64_t count = in.get(4);
    if (in.failed || result > 2 || count > body.size() / 4) return false;
    game.plies.assign(std::size_t(count), GamePly{});
    for (GamePly& ply : game.plies) {
        ply.move = std::uint16_t(in.get(2));
        const auto word = std::uint16_t(in.get(2));
        ply.recorded = (word & 0x8000) != 0;
        int score = word & 0x7FFF;
        if (score & 0x4000) score -= 0x8000;
        if (score == GAME_FILE_NO_SCORE) ply.score.reset();
        else ply.score = score;
        if (ply.move == 0) ply.next_fen = in.text(std::size_t(in.get(2)));
        if (in.failed) return false;
    }
    return in.at_end();
}

template <class Game>
bool replay(const GameRecord& game, const std::function<void(const DataRecord&)>& visit) {
    typename Game::Position pos;
    if (Game::set_fen(pos, game.start_fen, game.chess960)) return false;
    DataRecord record;
    record.result = game.result;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        if (ply.recorded) {
            record.fen = pos.fen();
            record.score = ply.score;
            visit(record);
        }
        if (ply.move == 0) {
            if (ply.next_fen.empty()) return i + 1 == game.plies.size();  // the end marker
            if (Game::set_fen(pos, ply.next_fen, game.chess960)) return false;
            continue;
        }
        // Only a move the generator produces here is played: a damaged word could otherwise
        // be any pseudo-move the position's make_move does not expect.
        typename Game::MoveList moves;
        Game::generate_all(pos, moves);
        const typename Game::Move move(ply.move);
        if (std::find(moves.begin(), moves.end(), move) == moves.end() || !Game::is_legal(pos, move)) return false;
        pos.make_move(move);
    }
    return true;
}

}  // namespace

std::string game_file_header(GameId game) {
    std::string out(GAME_FILE_MAGIC);
    put16(out, GAME_FILE_VERSION);
    out += char(game);
    out.append(GAME_FILE_HEADER_BYTES - out.size(), '\0');
    return out;
}

std::string encode_game(const GameRecord& game) {
    std::string body;
    body.reserve(32 + game.start_fen.size() + 4 * game.plies.size());
    put64(body, game.index);
    body += char(game.result == 1.0 ? 2 : game.result == 0.5 ? 1 : 0);
    body += char(game.chess960 ? FLAG_CHESS960 : 0);
    put16(body, std::uint16_t(game.start_fen.size()));
    body += game.start_fen;
    put32(body, std::uint32_t(game.plies.size()));
    for (const GamePly& ply : game.plies) {
        put16(body, ply.move);
        put16(body, score_word(ply));
        if (ply.move == 0) {
            put16(body, std::uint16_t(ply.next_fen.size()));
            body += ply.next_fen;
        }
    }
    std::string out;
    put32(out, std::uint32_t(body.size() + 4));
    out += body;
    put32(out, checksum(body));
    return out;
}

bool is_game_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string magic(GAME_FILE_MAGIC.size(), '\0');
    return in.read(magic.data(), std::streamsize(magic.size())) && magic == GAME_FILE_MAGIC;
}

std::optional<std::string> read_game_file(const std::string& path, const std::function<void(const GameRecord&)>& visit,
                                          GameFileScan& scan) {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) return fmt::format("cannot read {}: a directory", path);
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("cannot read {}", path);
    scan = GameFileScan{};
    const std::uintmax_t size = std::filesystem::file_size(path, ignored);
    scan.file_bytes = ignored ? 0 : std::uint64_t(size);
    std::string header(GAME_FILE_HEADER_BYTES, '\0');
    if (!in.read(header.data(), std::streamsize(header.size())) || header.substr(0, GAME_FILE_MAGIC.size()) != GAME_FILE_MAGIC)
        return fmt::format("{} is not a Sen game file (no \"{}\" header)", path, GAME_FILE_MAGIC);
    const unsigned version = std::uint8_t(header[8]) | unsigned(std::uint8_t(header[9])) << 8;
    if (version != GAME_FILE_VERSION)
        return fmt::format("{} is a version {} game file; this build reads version {}", path, version, GAME_FILE_VERSION);
    if (std::uint8_t(header[10]) >= GAME_COUNT) return fmt::format("{}: unknown game {} in the header", path, int(header[10]));
    scan.game = GameId(header[10]);
    scan.valid_bytes = GAME_FILE_HEADER_BYTES;

    std::string record;
    GameRecord game;
    for (;;) {
        char length_bytes[4];
        if (!in.read(length_bytes, 4)) break;  // the end, or a cut inside the length
        const std::uint32_t length = std::uint32_t(ByteReader(std::string_view(length_bytes, 4)).get(4));
        if (length < 4 || length > MAX_RECORD_BYTES) break;
        record.resize(length);
        if (!in.read(record.data(), std::streamsize(length))) break;
        const std::string_view body(record.data(), length - 4);
        if (ByteReader(std::string_view(record).substr(length - 4)).get(4) != checksum(body) || !decode_body(body, game)) break;
        scan.valid_bytes += 4 + length;
        ++scan.games;
        scan.max_index = std::max(scan.max_index.value_or(0), game.index);
        if (visit) visit(game);
    }
    if (in.bad()) return fmt::format("error while reading {}", path);
    return std::nullopt;
}

bool game_records(GameId game_id, const GameRecord& game, const std::function<void(const DataRecord&)>& visit) {
    return visit_game(game_id, [&](auto tag) { return replay<typename decltype(tag)::Game>(game, visit); });
}

std::optional<std::string> GameFileWriter::open(const std::string& path, GameId game) {
    std::error_code error;
    // New, empty, or cut inside the header a new file's first write was putting there.
    bool fresh = !std::filesystem::exists(path, error) || std::filesystem::file_size(path, error) == 0;
    if (!fresh && std::filesystem::file_size(path, error) < GAME_FILE_HEADER_BYTES) {
        std::ifstream in(path, std::ios::binary);
        const std::string start((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        fresh = game_file_header(game).compare(0, start.size(), start) == 0;
    }
    if (fresh) {
        existing_ = GameFileScan{};
        existing_.game = game;
        out_.open(path, std::ios::binary | std::ios::trunc);
        if (!out_ || !out_.write(game_file_header(game).data(), std::streamsize(GAME_FILE_HEADER_BYTES)) || !out_.flush())
            return fmt::format("cannot write {}", path);
        existing_.valid_bytes = existing_.file_bytes = GAME_FILE_HEADER_BYTES;
        return std::nullopt;
    }
    if (auto unreadable = read_game_file(path, {}, existing_)) return unreadable;
    if (existing_.game != game) return fmt::format("{} holds {} games, not {}", path, GAME_NAMES[existing_.game], GAME_NAMES[game]);
    // Cut off what a stopped run left of the game it was writing.
    if (existing_.valid_bytes < existing_.file_bytes) {
        std::filesystem::resize_file(path, existing_.valid_bytes, error);
        if (error) return fmt::format("cannot cut the partial tail of {}: {}", path, error.message());
    }
    out_.open(path, std::ios::binary | std::ios::app);
    if (!out_) return fmt::format("cannot write {}", path);
    return std::nullopt;
}

bool GameFileWriter::write(const GameRecord& game) {
    const std::string bytes = encode_game(game);
    return bool(out_.write(bytes.data(), std::streamsize(bytes.size())).flush());
}

}  // namespace sen
