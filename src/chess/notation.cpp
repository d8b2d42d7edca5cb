#include "chess/notation.h"

#include "chess/movegen.h"

namespace sen::chess {

std::string move_to_uci(Move m, bool chess960) {
    if (!m) return "(none)";
    if (m == Move::null()) return "0000";
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && !chess960) {
        const Color c = rank_of(m.from()) == 0 ? Color::White : Color::Black;
        to = castling_king_to(castling_right(c, m.to() > m.from()));
    }
    std::string text = square_name(m.from()) + square_name(to);
    if (m.kind() == MoveKind::Promotion) text += " pnbrqk"[m.promotion()];
    return text;
}

Move parse_uci_move(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    std::string lowered(text);
    for (char& c : lowered)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    for (const Move m : legal_moves(pos))
        if (move_to_uci(m, pos.is_chess960()) == lowered) return m;
    return Move::none();
}

std::string move_to_xboard(Move m, bool chess960) {
    if (chess960 && m && m != Move::null() && m.kind() == MoveKind::Castling) return m.to() > m.from() ? "O-O" : "O-O-O";
    return move_to_uci(m, chess960);
}

Move parse_xboard_move(const Position& pos, std::string_view text) {
    const bool king_side = text == "O-O" || text == "0-0";
    if (king_side || text == "O-O-O" || text == "0-0-0") {
        for (const Move m : legal_moves(pos))
            if (m.kind() == MoveKind::Castling && (m.to() > m.from()) == king_side) return m;
        return Move::none();
    }
    return parse_uci_move(pos, text);
}

}  // namespace sen::chess
