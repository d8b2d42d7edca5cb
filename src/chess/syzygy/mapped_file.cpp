#include "chess/syzygy/mapped_file.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace sen::chess::syzygy {

MappedFile::~MappedFile() { close(); }

#ifdef _WIN32

bool MappedFile::open(const std::string& path) {
    close();
    HANDLE file = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING, FILE_FLAG_RANDOM_ACCESS, nullptr);
    if (file == INVALID_HANDLE_VALUE) return false;
    LARGE_INTEGER length;
    if (!GetFileSizeEx(file, &length) || length.QuadPart <= 0) {
        CloseHandle(file);
        return false;
    }
    // The mapping object keeps the file open; the file handle itself is no longer needed.
    HANDLE mapping = CreateFileMappingA(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    CloseHandle(file);
    if (!mapping) return false;
    void* view = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
    if (!view) {
        CloseHandle(mapping);
        return false;
    }
    mapping_ = mapping;
    data_ = static_cast<const std::uint8_t*>(view);
    size_ = std::size_t(length.QuadPart);
    return true;
}

void MappedFile::close() {
    if (data_) UnmapViewOfFile(data_);
    if (mapping_) CloseHandle(static_cast<HANDLE>(mapping_));
    data_ = nullptr;
    mapping_ = nullptr;
    size_ = 0;
}

#else

bool MappedFile::open(const std::string& path) {
    close();
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return false;
    struct stat info {};
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0) {
        ::close(fd);
        return false;
    }
    void* view = mmap(nullptr, std::size_t(info.st_size), PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);  // the mapping holds its own reference to the file
    if (view == MAP_FAILED) return false;
#ifdef MADV_RANDOM
    // Probes jump all over a table: reading ahead would only load pages nobody asked for.
    madvise(view, std::size_t(info.st_size), MADV_RANDOM);
#endif
    data_ = static_cast<const std::uint8_t*>(view);
    size_ = std::size_t(info.st_size);
    return true;
}

void MappedFile::close() {
    if (data_) munmap(const_cast<std::uint8_t*>(data_), size_);
    data_ = nullptr;
    size_ = 0;
}

#endif

}  // namespace sen::chess::syzygy
