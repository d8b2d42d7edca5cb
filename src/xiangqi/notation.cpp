#include "xiangqi/notation.h"

#include "xiangqi/movegen.h"

namespace sen::xiangqi {

namespace {

// Splits "h10g8" into "h10" and "g8": the second point starts at the first letter after the
// first character.
bool split_points(std::string_view text, std::string_view& from, std::string_view& to) {
    std::size_t i = 1;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i >= text.size()) return false;
    from = text.substr(0, i);
    to = text.substr(i);
    return true;
}

}  // namespace

std::string move_to_uci(Move m) {
    if (!m) return "(none)";
    if (m == Move::null()) return "0000";
    return square_name(m.from()) + square_name(m.to());
}

ParsedMove parse_move(const Position& pos, std::string_view text) {
    std::string lowered(text);
    for (char& c : lowered)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    const std::string quoted = "'" + std::string(text) + "'";
    std::string_view from_text, to_text;
    if (lowered.size() < 4 || lowered.size() > 6 || !split_points(lowered, from_text, to_text))
        return {Move::none(), "malformed move " + quoted + " (expected two points such as h3e3 or h10g8)"};
    const Square from = parse_square(from_text), to = parse_square(to_text);
    if (from == SQ_NONE || to == SQ_NONE) return {Move::none(), "malformed move " + quoted + " (points run from a1 to i10)"};
    if (from == to) return {Move::none(), "malformed move " + quoted + " (origin and destination are the same point)"};

    const Move m(from, to);
    const Piece pc = pos.piece_on(from);
    const Color us = pos.side_to_move();
    if (pc == NO_PIECE) return {Move::none(), "illegal move " + quoted + ": no piece on " + square_name(from)};
    if (piece_color(pc) != us)
        return {Move::none(), "illegal move " + quoted + ": the piece on " + square_name(from) + " is not the side to move's"};
    if (!is_pseudo_legal(pos, m))
        return {Move::none(), "illegal move " + quoted + ": the " + type_name(piece_type(pc)) + " on " + square_name(from) +
                                  " cannot go to " + square_name(to)};
    if (!pos.general_safe_after(from, to))
        return {Move::none(), "illegal move " + quoted + ": it leaves the general attacked (or facing the other general)"};
    return {m, {}};
}

std::string move_to_xboard(Move m) {
    if (!m || m == Move::null()) return move_to_uci(m);
    const auto point = [](Square s) { return std::string{char('a' + file_of(s)), char('0' + rank_of(s))}; };
    return point(m.from()) + point(m.to());
}

ParsedMove parse_xboard_move(const Position& pos, std::string_view text) {
    // Two points of one file letter and one rank digit each: shift the digits to UCI's 1-10.
    const auto is_point = [&](std::size_t i) {
        const char f = char(text[i] | 0x20);
        return f >= 'a' && f <= 'i' && text[i + 1] >= '0' && text[i + 1] <= '9';
    };
    if (text.size() != 4 || !is_point(0) || !is_point(2))
        return {Move::none(), "malformed move '" + std::string(text) + "' (expected two points such as h2e2, ranks 0-9)"};
    const std::string uci = std::string{text[0]} + std::to_string(text[1] - '0' + 1) + text[2] + std::to_string(text[3] - '0' + 1);
    return parse_move(pos, uci);
}

}  // namespace sen::xiangqi
