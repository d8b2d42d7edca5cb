// libFuzzer target: the whole UCI line handler, and the UCCI one, fed any sequence of lines. Every
// search is stopped right after the line that started it, so searches stay tiny; bench and perft
// lines are skipped (they are long by design). Invariants: no crash, no hang, and in UCI exactly
// one bestmove per go that started a search; in UCCI every go answered (bestmove or nobestmove)
// and never more bestmoves than go commands (an idle stop is answered with nobestmove too). Lines
// that mention the hash are skipped too: a legal `Hash 65536` would make every iteration allocate
// and clear gigabytes; and UCCI's batch mode, where a deep `go` would hold the line handler.
//
// An input whose first line is `ucci` goes to a UCCI session; one whose first line is `uci` to a
// fresh UCI session, so that Pikafish's dialect is found as a GUI's first lines find it (a xiangqi
// FEN, a bare `fen` line); any other input to a shared UCI session reset to its defaults.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/ucci.h"
#include "core/uci.h"
#include "games.h"

namespace {

int bestmoves = 0;
int nobestmoves = 0;
sen::Output out([](std::string_view line) {
    if (line.rfind("bestmove", 0) == 0) ++bestmoves;
    if (line == "nobestmove") ++nobestmoves;
});

// Feeds the lines of `text` to `session` (UciSession or UcciSession), each followed by `stop`;
// returns the number of go lines.
template <class Session>
int feed(Session& session, std::string_view text) {
    int searches = 0;
    std::size_t i = 0;
    while (i <= text.size()) {
        std::size_t end = text.find('\n', i);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(i, end - i);
        i = end + 1;
        std::string lowered(line);
        for (char& c : lowered) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (lowered.find("bench") != std::string::npos || lowered.find("perft") != std::string::npos ||
            lowered.find("hash") != std::string::npos || lowered.find("batch") != std::string::npos)
            continue;
        const std::vector<std::string_view> tokens = sen::split_tokens(lowered);
        if (!tokens.empty() && tokens[0] == "go") ++searches;
        if (!session.handle_line(line)) break;
        session.handle_line("stop");
    }
    return searches;
}

std::string_view first_line(std::string_view text) {
    const std::vector<std::string_view> tokens = sen::split_tokens(text.substr(0, text.find('\n')));
    return tokens.size() == 1 ? tokens[0] : std::string_view();
}

}  // namespace

// One session serves every input (building an engine per input would cost more than the input
// itself); each input starts by resetting what earlier inputs may have changed.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 8192) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    bestmoves = nobestmoves = 0;
    if (first_line(text) == "ucci") {
        static sen::UcciSession ucci(out, sen::uci_setup());
        static const bool ucci_small_hash = ucci.handle_line("setoption hashsize 1");
        (void)ucci_small_hash;
        for (const char* reset :
             {"position startpos", "setoption usemillisec off", "setoption debug off", "setoption multipv 1", "setoption threads 1",
              "setoption ponder off", "setoption repetitionrule asian", "setoption movelimit 60", "isready"})
            ucci.handle_line(reset);
        bestmoves = nobestmoves = 0;
        const int searches = feed(ucci, text);
        ucci.handle_line("quit");  // stops and joins any search still running (the session stays usable)
        if (bestmoves > searches || bestmoves + nobestmoves < searches) {
            std::fprintf(stderr, "UCCI: %d go commands, %d bestmoves, %d nobestmoves\n", searches, bestmoves, nobestmoves);
            std::abort();
        }
        return 0;
    }
    if (first_line(text) == "uci") {
        sen::UciSession fresh(out, sen::uci_setup());
        fresh.handle_line("setoption name Hash value 1");
        const int searches = feed(fresh, text);
        fresh.handle_line("quit");
        if (bestmoves != searches) {
            std::fprintf(stderr, "%d go commands, %d bestmoves\n", searches, bestmoves);
            std::abort();
        }
        return 0;
    }
    static sen::UciSession session(out, sen::uci_setup());
    static const bool small_hash = session.handle_line("setoption name Hash value 1");  // cheap ucinewgame
    (void)small_hash;
    // Every option an input can change goes back to its default, so that an input found here
    // replays the same way on its own (cheap when nothing changed: each is a no-op then).
    for (const char* reset :
         {"quit", "debug off", "setoption name UCI_Variant value chess", "setoption name UCI_Chess960 value false",
          "setoption name MultiPV value 1", "setoption name Threads value 1", "setoption name Move Overhead value 10",
          "setoption name Ponder value false", "setoption name EvalFile value <built-in>", "position startpos", "isready"})
        session.handle_line(reset);
    bestmoves = 0;
    const int searches = feed(session, text);
    // `quit` stops and joins any search still running (the session stays usable).
    session.handle_line("quit");
    if (bestmoves != searches) {
        std::fprintf(stderr, "%d go commands, %d bestmoves\n", searches, bestmoves);
        std::abort();
    }
    return 0;
}
