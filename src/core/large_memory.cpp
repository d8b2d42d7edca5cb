#include "core/large_memory.h"

#include <cstdint>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

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

#ifdef _WIN32

namespace {

// Large pages need the "Lock pages in memory" right (SeLockMemoryPrivilege) held and enabled in
// the process token. Enabling it is tried once; without the right the call fails and every
// mapping uses ordinary pages.
bool enable_lock_memory_privilege() {
    HANDLE token = nullptr;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_ADJUST_PRIVILEGES | TOKEN_QUERY, &token)) return false;
    TOKEN_PRIVILEGES privileges{};
    privileges.PrivilegeCount = 1;
    privileges.Privileges[0].Attributes = SE_PRIVILEGE_ENABLED;
    bool enabled = false;
    if (LookupPrivilegeValueA(nullptr, "SeLockMemoryPrivilege", &privileges.Privileges[0].Luid) &&
        AdjustTokenPrivileges(token, FALSE, &privileges, 0, nullptr, nullptr))
        enabled = GetLastError() == ERROR_SUCCESS;  // ERROR_NOT_ALL_ASSIGNED: the right is not held
    CloseHandle(token);
    return enabled;
}

bool large_pages_available() {
    static const bool available = GetLargePageMinimum() > 0 && enable_lock_memory_privilege();
    return available;
}

}  // namespace

// Committed memory from VirtualAlloc comes zeroed, like a fresh anonymous mapping. Large pages
// are committed at once and cannot be paged out, so they are asked for only for the big tables.
LargeMapping::LargeMapping(std::size_t bytes, Contents contents) {
    (void)contents;  // no leak checker on Windows
    if (bytes == 0) return;
    if (bytes >= HUGE_PAGE && large_pages_available()) {
        const std::size_t large_page = GetLargePageMinimum();
        const std::size_t size = round_up(bytes, large_page);
        if (void* p = VirtualAlloc(nullptr, size, MEM_RESERVE | MEM_COMMIT | MEM_LARGE_PAGES, PAGE_READWRITE)) {
            base_ = p;
            bytes_ = size;
            huge_ = true;
            return;
        }
    }
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    const std::size_t size = round_up(bytes, std::size_t(info.dwPageSize));
    if (void* p = VirtualAlloc(nullptr, size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE)) {
        base_ = p;
        bytes_ = size;
    }
}

LargeMapping::~LargeMapping() {
    if (base_) VirtualFree(base_, 0, MEM_RELEASE);
}

std::size_t physical_memory_mb() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof(status);
    if (!GlobalMemoryStatusEx(&status)) return 0;
    return std::size_t(status.ullTotalPhys / (1024 * 1024));
}

#else

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

std::size_t physical_memory_mb() {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return std::size_t(pages) / 1024 * std::size_t(page_size) / 1024;
}

#endif  // _WIN32

}  // namespace sen
