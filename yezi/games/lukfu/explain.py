"""Explanations of 老歲 status that a player or a referee can check card by card."""

from __future__ import annotations

from yezi.components.lukfu_deck import WAN_TSIN, cards_of, name
from yezi.games.lukfu.knowledge import Knowledge


def explain(game, k: Knowledge, seat: int, c: int, faceup: int, is_old: bool) -> str:
    table = game.table
    mode = game.rules["laosui"]
    names = [game.seat_name(s, "en") for s in range(game.num_seats)]
    cn = f"{name(c)} ({name(c, 'en')})"
    verdict = "is 老歲" if is_old else "is not 老歲"
    if c in (0, 27, WAN_TSIN):
        return f"{cn} is 老歲: 百子, 毛公 and 雲綫 always are (000 老歲牌; 001)."
    if c % 9 == 8:
        return (f"{cn} is 老歲: it is the highest card of its suit, and 九拾, 九貫, 九索 and 九綫 are 老歲 "
                "from the start (001: 開始時視為老歲牌).")
    if mode == "cascade":
        higher = [x for x in range(c + 1, (c // 9 + 1) * 9)]
        missing = [x for x in higher if not faceup >> x & 1]
        if not missing:
            return f"{cn} is 老歲 (public rule, 001): every higher card of its suit has been played face up."
        return f"{cn} is not 老歲 (public rule, 001): not yet played face up: " + " ".join(name(x) for x in missing)
    if table.unbeatable >> c & 1:
        return f"{cn} is 老歲: no card can beat it."
    higher = cards_of(table.higher[c])
    parts = []
    for x in higher:
        where = k.located.get(x)
        if where is not None and (mode == "deduce" or "discarded" not in where):
            parts.append(f"{name(x)}: {where}")
        elif mode == "visible":
            parts.append(f"{name(x)}: not seen (laosui=visible counts only your hand and face-up plays)")
        else:
            places = k.where(x, names)
            hands = [p for p in places if p.endswith("'s hand") and "dummy" not in p]
            if hands:
                parts.append(f"{name(x)}: may be in " + " or ".join(hands))
            else:
                parts.append(f"{name(x)}: cannot be in an opponent's hand; it can only be " + ", or ".join(places)
                             + (" (" + "; ".join(sorted({c.why for c in k.constraints})) + ")" if k.constraints else ""))
    return f"{cn} {verdict} for {names[seat]}:\n  " + "\n  ".join(parts)
