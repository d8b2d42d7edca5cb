// Memory for the engine's big tables: the hash table and each search thread's history tables.
//
// Each lives in an anonymous mapping of its own: its pages come zeroed from the kernel, become
// resident only when touched, and go back to the system when it is freed (from malloc, a freed
// table could stay resident in the heap). A mapping of 2 MB or more is aligned to 2 MB and asks
// for transparent huge pages: one page fault per 2 MB instead of 512 when a table is first
// touched (a new search thread's 2-4 MB of histories took 10-20 ms of faults on a virtual
// machine), and fewer TLB misses in the random accesses of a search. Where the kernel does not
// give huge pages the mapping works as before.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace sen {

class LargeMapping {
public:
    // Objects: the memory will hold pointers to the heap (vectors and the like). A leak checker
    // (LeakSanitizer) scans only the heap, stacks and globals for such pointers, so it is told to
    // scan this mapping too; otherwise everything reachable only from here would look leaked.
    enum class Contents { Data, Objects };

    LargeMapping() = default;
    // empty() if the memory cannot be had.
    explicit LargeMapping(std::size_t bytes, Contents contents = Contents::Data);
    ~LargeMapping();
    LargeMapping(LargeMapping&& other) noexcept { swap(other); }
    LargeMapping& operator=(LargeMapping&& other) noexcept {
        LargeMapping(std::move(other)).swap(*this);
        return *this;
    }
    LargeMapping(const LargeMapping&) = delete;
    LargeMapping& operator=(const LargeMapping&) = delete;

    void* data() const { return base_; }
    std::size_t size() const { return bytes_; }
    bool empty() const { return base_ == nullptr; }
    // Linux: true when the kernel was asked for transparent huge pages (it may still decline).
    // Windows: true when the mapping is made of large pages (granted only to a user who holds the
    // "Lock pages in memory" right; everyone else gets ordinary pages).
    bool huge_pages_requested() const { return huge_; }

    static constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;

private:
    void swap(LargeMapping& other) noexcept {
        std::swap(base_, other.base_);
        std::swap(bytes_, other.bytes_);
        std::swap(huge_, other.huge_);
        std::swap(scanned_, other.scanned_);
    }
    void* base_ = nullptr;
    std::size_t bytes_ = 0;
    bool huge_ = false;
    bool scanned_ = false;  // registered with the leak checker
};

// The machine's physical memory in MB, or 0 when the system does not say.
std::size_t physical_memory_mb();

// A T built in a LargeMapping of its own; like std::unique_ptr<T>. T's own constructor decides
// what is initialised: members it leaves alone read as zero (fresh pages).
template <class T>
class LargeBox {
public:
    LargeBox() = default;
    template <class... Args>
    static LargeBox make(Args&&... args) {
        LargeBox box;
        box.memory_ = LargeMapping(sizeof(T), LargeMapping::Contents::Objects);
        if (box.memory_.empty()) throw std::bad_alloc();
        box.object_ = ::new (box.memory_.data()) T(std::forward<Args>(args)...);
        return box;
    }
    ~LargeBox() { reset(); }
    LargeBox(LargeBox&& other) noexcept : memory_(std::move(other.memory_)), object_(std::exchange(other.object_, nullptr)) {}
    LargeBox& operator=(LargeBox&& other) noexcept {
        if (this != &other) {
            reset();
            memory_ = std::move(other.memory_);
            object_ = std::exchange(other.object_, nullptr);
        }
        return *this;
    }

    void reset() {
        if (object_) object_->~T();
        object_ = nullptr;
        memory_ = LargeMapping();
    }
    T* get() const { return object_; }
    T& operator*() const { return *object_; }
    T* operator->() const { return object_; }
    explicit operator bool() const { return object_ != nullptr; }

private:
    LargeMapping memory_;
    T* object_ = nullptr;
};

}  // namespace sen
