#include "core/opening_book.h"

#include <algorithm>
#include <array>
#include <numeric>

#include <fmt/core.h>

namespace sen {

namespace {

// A book may pass 2 GB: seek and tell with 64-bit offsets.
bool seek(std::FILE* f, std::uint64_t offset) {
#ifdef _WIN32
    return _fseeki64(f, static_cast<__int64>(offset), SEEK_SET) == 0;
#else
    return fseeko(f, static_cast<off_t>(offset), SEEK_SET) == 0;
#endif
}

std::optional<std::uint64_t> file_size(std::FILE* f) {
#ifdef _WIN32
    if (_fseeki64(f, 0, SEEK_END) != 0) return std::nullopt;
    const __int64 size = _ftelli64(f);
#else
    if (fseeko(f, 0, SEEK_END) != 0) return std::nullopt;
    const off_t size = ftello(f);
#endif
    if (size < 0) return std::nullopt;
    return std::uint64_t(size);
}

std::string_view trim(std::string_view text) {
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (!text.empty() && blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && blank(text.back())) text.remove_suffix(1);
    return text;
}

constexpr std::size_t MAX_RECORD_SIZE = 64;

}  // namespace

void OpeningBook::Closer::operator()(File* f) const {
    if (f->handle) std::fclose(f->handle);
    delete f;
}

OpeningBook::~OpeningBook() = default;

std::optional<std::string> OpeningBook::open(std::string_view paths, const BookFormat& format) {
    std::vector<std::unique_ptr<File, Closer>> files;
    std::string_view rest = paths;
    while (!rest.empty()) {
        const std::size_t end = rest.find(';');
        const std::string_view path = trim(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        if (path.empty()) continue;
        std::unique_ptr<File, Closer> file(new File{std::string(path)});
        file->handle = std::fopen(file->path.c_str(), "rb");
        if (!file->handle) return fmt::format("cannot open the book file {}", file->path);
        const std::optional<std::uint64_t> size = file_size(file->handle);
        if (!size) return fmt::format("cannot read the book file {}", file->path);
        if (*size == 0 || *size % format.record_size != 0)
            return fmt::format("{} is not a {} book ({} bytes: not a whole number of {}-byte records)", file->path, format.name, *size,
                               format.record_size);
        file->records = *size / format.record_size;
        files.push_back(std::move(file));
    }
    files_ = std::move(files);
    paths_ = files_.empty() ? std::string() : std::string(paths);
    format_ = format;
    return std::nullopt;
}

void OpeningBook::close() {
    files_.clear();
    paths_.clear();
}

std::vector<BookEntry> OpeningBook::find(std::uint64_t key) const {
    for (const auto& file : files_) {
        std::vector<BookEntry> entries = find_in(*file, key);
        if (!entries.empty()) return entries;
    }
    return {};
}

bool OpeningBook::read_record(const File& file, std::uint64_t index, BookEntry& entry) const {
    std::array<unsigned char, MAX_RECORD_SIZE> bytes{};
    const std::size_t size = std::min(format_.record_size, MAX_RECORD_SIZE);
    if (!seek(file.handle, index * format_.record_size) || std::fread(bytes.data(), 1, size, file.handle) != size) return false;
    entry = format_.decode(bytes.data());
    return true;
}

std::vector<BookEntry> OpeningBook::find_in(const File& file, std::uint64_t key) const {
    // The first record whose key is not below `key` (the file is sorted by key).
    std::uint64_t low = 0, high = file.records;
    BookEntry entry;
    while (low < high) {
        const std::uint64_t middle = low + (high - low) / 2;
        if (!read_record(file, middle, entry)) return {};
        if (entry.key < key) low = middle + 1;
        else high = middle;
    }
    std::vector<BookEntry> entries;
    for (std::uint64_t i = low; i < file.records && read_record(file, i, entry) && entry.key == key; ++i) entries.push_back(entry);
    return entries;
}

std::optional<std::size_t> choose_by_weight(std::span<const std::uint32_t> weights, std::uint64_t random) {
    const std::uint64_t total = std::accumulate(weights.begin(), weights.end(), std::uint64_t(0));
    if (total == 0) return std::nullopt;
    // A point in [0, total), spread evenly enough: total is below 2^48 for any book's moves.
    std::uint64_t point = random % total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (point < weights[i]) return i;
        point -= weights[i];
    }
    return std::nullopt;  // not reached
}

}  // namespace sen
