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

}  // namespace sen::chess
