// A read-only view of a whole file through the operating system's memory mapping (mmap on POSIX,
// CreateFileMapping/MapViewOfFile on Windows): the endgame tables are read in place, and only
// the pages a probe touches are ever loaded.
//
// Owns: the mapping, released by the destructor. Never touches: the file's contents.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sen::chess::syzygy {

class MappedFile {
public:
    MappedFile() = default;
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    // Maps the file at `path`; false (and nothing mapped) when it cannot be opened or mapped, or
    // is empty.
    bool open(const std::string& path);
    void close();

    const std::uint8_t* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
#ifdef _WIN32
    void* mapping_ = nullptr;  // the HANDLE of the file mapping object
#endif
};

}  // namespace sen::chess::syzygy
