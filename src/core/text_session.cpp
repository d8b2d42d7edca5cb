#include "core/text_session.h"

#include <fmt/core.h>

namespace sen {

namespace {

constexpr std::size_t MAX_LINE = 1 << 20;  // longer lines are rejected whole, unread

}  // namespace

TextSession::TextSession(Output& out, std::vector<GameEntry> games) : out_(out), slot_(std::move(games)) {
    slot_.on_start = [this] { position_line_ = "position startpos"; };
}

TextSession::~TextSession() = default;

void TextSession::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle_line(line)) return;
    engine().stop();
    engine().wait();
}

std::optional<std::vector<std::string_view>> TextSession::read_tokens(std::string_view line) {
    if (line.size() > MAX_LINE) {
        error(fmt::format("line of {} bytes ignored (limit {})", line.size(), MAX_LINE));
        return std::nullopt;
    }
    std::vector<std::string_view> tokens = split_tokens(line);
    if (tokens.empty()) return std::nullopt;
    return tokens;
}

bool TextSession::searching() const { return engine().searching(); }
void TextSession::wait() { engine().wait(); }
std::string_view TextSession::variant() const { return game().name(); }

void TextSession::reread_position() {
    if (game().set_position(split_tokens(position_line_))) game().reread_position();
}

}  // namespace sen
