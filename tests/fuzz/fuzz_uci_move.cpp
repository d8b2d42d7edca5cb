// libFuzzer target: UCI move text applied to positions. The first bytes choose a start position
// (from a fixed list); the rest is a whitespace-separated move list. Each token either names a
// legal move, which is made, or is rejected; after every move the position must be consistent,
// and the move text printed for the move must parse back to the same move.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"

namespace {

constexpr const char* STARTS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 4096) return 0;
    const std::size_t start = data[0] % std::size(STARTS);
    const bool chess960 = start == 4;
    sen::chess::Position pos;
    if (pos.set_fen(STARTS[start], chess960)) fail("start position rejected");
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
        const std::size_t begin = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\n') ++i;
        if (i == begin) break;
        const sen::chess::Move m = sen::chess::parse_uci_move(pos, text.substr(begin, i - begin));
        if (!m) continue;
        if (!sen::chess::is_legal(pos, m)) fail("parsed move is not legal");
        if (sen::chess::parse_uci_move(pos, sen::chess::move_to_uci(m, chess960)) != m) fail("move text does not round-trip");
        pos.make_move(m);
        if (pos.consistency_error()) fail("inconsistent after make_move");
    }
    while (pos.history_length() > 0) pos.unmake_move();
    if (pos.fen() != sen::chess::Position().fen() && start == 0) fail("unmake did not restore the start");
    return 0;
}
