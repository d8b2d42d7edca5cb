// libFuzzer target: xiangqi UCI move text (`h2e2`, `h10g8`) applied to positions. The first byte
// chooses a start position (from a fixed list); the rest is a whitespace-separated move list. Each
// token either names a legal move, which is made, or is rejected; after every move the position
// must be consistent, and the move text printed for the move must parse back to the same move.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "xiangqi/movegen.h"
#include "xiangqi/notation.h"
#include "xiangqi/position.h"

namespace {

namespace xq = sen::xiangqi;

constexpr const char* STARTS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKABR1 w - - 0 1",
    "3k5/4a4/9/9/2b6/9/9/4C4/4A4/3AK4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1",
    "2bak4/4a4/4b4/p3p3p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 b - - 0 1",
};

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 4096) return 0;
    const std::size_t start = data[0] % std::size(STARTS);
    xq::Position pos;
    if (pos.set_fen(STARTS[start])) fail("start position rejected");
    const std::string start_fen = pos.fen();
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
        const std::size_t begin = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\n') ++i;
        if (i == begin) break;
        const xq::Move m = xq::parse_uci_move(pos, text.substr(begin, i - begin));
        if (!m) continue;
        if (!xq::is_legal(pos, m)) fail("parsed move is not legal");
        if (xq::parse_uci_move(pos, xq::move_to_uci(m)) != m) fail("move text does not round-trip");
        pos.make_move(m);
        if (pos.consistency_error()) fail("inconsistent after make_move");
    }
    while (pos.history_length() > 0) pos.unmake_move();
    if (pos.fen() != start_fen) fail("unmake did not restore the start");
    return 0;
}
