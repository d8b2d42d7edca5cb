#include "core/large_memory.h"

#include <cstdint>

#include <sys/mman.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define SEN_LEAK_CHECKER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SEN_LEAK_CHECKER)
#define SEN_LEAK_CHECKER 1
#endif
#ifdef SEN_LEAK_CHECKER
#include <sanitizer/lsan_interface.h>
#endif

namespace sen {

namespace {

std::size_t round_up(std::size_t n, std::size_t unit) { return (n + unit - 1) / unit * unit; }

}  // namespace

LargeMapping::LargeMapping(std::size_t bytes, Contents contents) {
    if (bytes == 0) return;
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    const std::size_t size = round_up(bytes, page);
    const bool huge = size >= HUGE_PAGE;
    // Map a huge page more than needed, then give back the ends so that the start is aligned.
    const std::size_t reserve = huge ? size + HUGE_PAGE : size;
    void* raw = mmap(nullptr, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return;
    char* start = static_cast<char*>(raw);
    if (huge) {
        const auto address = reinterpret_cast<std::uintptr_t>(raw);
        char* aligned = start + (round_up(address, HUGE_PAGE) - address);
        if (aligned > start) munmap(start, std::size_t(aligned - start));
        char* end = aligned + size;
        char* reserve_end = start + reserve;
        if (reserve_end > end) munmap(end, std::size_t(reserve_end - end));
        start = aligned;
#ifdef MADV_HUGEPAGE
        huge_ = madvise(start, size, MADV_HUGEPAGE) == 0;  // a hint: failure costs nothing
#endif
    }
    base_ = start;
    bytes_ = size;
#ifdef SEN_LEAK_CHECKER
    if (contents == Contents::Objects) {
        __lsan_register_root_region(base_, bytes_);
        scanned_ = true;
    }
#else
    (void)contents;
#endif
}

LargeMapping::~LargeMapping() {
    if (!base_) return;
#ifdef SEN_LEAK_CHECKER
    if (scanned_) __lsan_unregister_root_region(base_, bytes_);
#endif
    munmap(base_, bytes_);
}

}  // namespace sen
