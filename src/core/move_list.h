// A fixed-capacity list of moves, the move generators' output.
//
// Owns nothing but its array: no allocation and no bounds check. Each game
// aliases it with its own Move type and a capacity above the most legal moves any of its
// positions can have (each game's movegen.h says why).
#pragma once

#include <cstddef>

namespace sen {

template <typename MoveT, std::size_t Capacity>
class FixedMoveList {
public:
    using value_type = MoveT;
    static constexpr std::size_t CAPACITY = Capacity;

    void push(MoveT m) { moves_[size_++] = m; }
    // Keeps the first `size` moves (size <= size()).
    void truncate(std::size_t size) { size_ = size; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    MoveT operator[](std::size_t i) const { return moves_[i]; }
    MoveT* begin() { return moves_; }
    MoveT* end() { return moves_ + size_; }
    const MoveT* begin() const { return moves_; }
    const MoveT* end() const { return moves_ + size_; }
    bool contains(MoveT m) const {
        for (std::size_t i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

private:
    MoveT moves_[Capacity];
    std::size_t size_ = 0;
};

}  // namespace sen
