// libFuzzer target: the CECP (xboard protocol 2) line handler, fed any sequence of lines after
// `xboard` and `protover 2`. Each line is followed by `?` (move now), so that a search the line
// started ends at once with its move; analysis and pondering run on until the end of the input.
// There `force` ends whatever search is left, and the session must then answer `ping` with its
// `pong` at once: a lost search, a deadlock between the protocol and search threads, or a pong
// held back for a move that never comes shows up as a hang or as a missing pong. Lines that would
// make an input slow by design are skipped: `memory` and `cores` (a gigabyte hash, hundreds of
// threads), and the UCI extras `bench` and `perft`.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <string_view>

#include "core/xboard.h"
#include "games.h"

namespace {

std::mutex lines_mutex;
std::string last_pong;
sen::Output out([](std::string_view line) {
    if (line.rfind("pong ", 0) == 0) {
        std::lock_guard lock(lines_mutex);
        last_pong = std::string(line);
    }
});

bool slow_by_design(std::string_view line) {
    std::string lowered(line);
    for (char& c : lowered) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char* word : {"memory", "cores", "bench", "perft"})
        if (lowered.find(word) != std::string::npos) return true;
    return false;
}

}  // namespace

// A session per input: CECP's game state (force mode, clocks, the variant) is the session's, and a
// fresh one makes every input replay the same way on its own.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    sen::CecpSession session(out, sen::uci_setup());
    for (const char* start : {"xboard", "protover 2", "memory 1"}) session.handle_line(start);
    bool open = true;
    std::size_t i = 0;
    while (open && i <= text.size()) {
        std::size_t end = text.find('\n', i);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(i, end - i);
        i = end + 1;
        if (slow_by_design(line)) continue;
        open = session.handle_line(line) && session.handle_line("?");
    }
    if (!open) return 0;  // `quit` ended the session, as it should
    session.handle_line("force");
    {
        std::lock_guard lock(lines_mutex);
        last_pong.clear();
    }
    session.handle_line("ping 424242");
    std::lock_guard lock(lines_mutex);
    if (last_pong != "pong 424242") {
        std::fprintf(stderr, "invariant broken: `ping 424242` after `force` answered '%s'\n", last_pong.c_str());
        std::abort();
    }
    return 0;
}
