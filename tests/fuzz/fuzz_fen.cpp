// libFuzzer target: the FEN parser. Any input either is rejected with a message and leaves the
// position untouched, or is accepted; an accepted FEN must give a consistent position whose
// own FEN parses back to the same position, and every legal move must make and unmake cleanly.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess/movegen.h"
#include "chess/position.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bool chess960 = size && (data[0] & 1);
    sen::chess::Position pos;
    const std::string before = pos.fen();
    if (pos.set_fen(text, chess960)) {
        if (pos.fen() != before) fail("a rejected FEN changed the position");
        return 0;
    }
    if (pos.consistency_error()) fail("accepted FEN gives an inconsistent position");
    sen::chess::Position again;
    if (again.set_fen(pos.fen(), chess960)) fail("fen() output is rejected");
    if (again.fen() != pos.fen() || again.key() != pos.key()) fail("FEN round trip differs");
    for (const sen::chess::Move m : sen::chess::legal_moves(pos)) {
        pos.make_move(m);
        if (pos.consistency_error()) fail("inconsistent after make_move");
        pos.unmake_move();
    }
    if (pos.fen() != again.fen()) fail("make/unmake did not restore the position");
    return 0;
}
