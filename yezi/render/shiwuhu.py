"""十五胡 as SVG (pure functions): the 十五湖 cards as Fishing draws them, and the table.

The cards are the same 84-card 十五湖 deck as Fishing's (`yezi.render.fishing.card_svg`); this module
adds the play table the browser needs (which cards each action code holds), the reconstruction
notice with its open questions, and a whole-table drawing from one seat's view.
"""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.render import board as B
from yezi.render import label, svg
from yezi.render.fishing import CARD_STYLES, FH, FW, card_svg, faces

__all__ = ["CARD_STYLES", "assets", "frame_extras", "table_svg"]


def assets(lang: str = "zh-hant", cards_style: str = "traditional") -> dict[str, Any]:
    """What the browser loads once per language: card faces and names by kind, and each play's cards."""
    from yezi.games.shiwuhu.game import NOTICE, OPEN_QUESTIONS
    from yezi.games.shiwuhu.plays import DECLARE, NUM_PLAYS, PASS, PLAY_ON, PLAYS

    lg = "en" if lang == "ascii" else lang
    return {
        **faces(lg, cards_style),
        "names": {str(k): tg.name(k, lg) for k in range(tg.NUM_KINDS)},
        "dice": {str(k): tg.KINDS[k].dice for k in range(tg.NUM_KINDS)},
        "civil": [k.civil for k in tg.KINDS],
        "plays": [p.kinds() for p in PLAYS],
        "num_plays": NUM_PLAYS, "pass": PASS, "declare": DECLARE, "play_on": PLAY_ON,
        "notice": NOTICE.get(lg, NOTICE["en"]),
        "questions": list(OPEN_QUESTIONS.get(lg, OPEN_QUESTIONS["en"])),
    }


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """Public facts for the browser: each seat's 胡 and threshold and, at the end, the settlement in
    words in each language. Nothing hidden is used."""
    from yezi.games.shiwuhu.text import settlement_lines

    out: dict[str, Any] = {"hu": list(state.hu), "need": list(state.need)}
    if state.current_player is None:
        view = state.view(None)
        out["settlement"] = {lg: settlement_lines(state.game, view, lg) for lg in ("zh-hant", "zh-hans", "en")}
    return out


def _row(kinds: list[int], x: float, y: float, width: float, gap: float, lang: str) -> str:
    parts = []
    for k in kinds:
        parts.append(f'<g transform="translate({x:g},{y:g})">{card_svg(k, lang, width)}</g>')
        x += width + gap
    return "".join(parts)


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: each seat's cards left and 胡, the trick, and the hand."""
    from yezi.games.shiwuhu.plays import PASS, PLAYS

    n = view["players"]
    names = seat_names or [f"P{s}" for s in range(n)]
    width, cw = 900, 18.0
    ch = cw * FH / FW
    parts: list[str] = []
    y = 22.0
    for s in range(n):
        mark = " ▶" if view.get("to_act") == s else ""
        parts.append(label(B.line(lang, names[s], B.hk_cards(lang, view["hand_sizes"][s]),
                                  B.hu_of(lang, view["hu"][s], view["need"][s])) + mark, 12, y))
        y += 22
    y += 6
    x = 12.0
    for s, a in view["trick"]:
        parts.append(label(names[s], x, y + 12, "#ffd166", 12))
        if a == PASS:
            parts.append(label("—", x, y + 34, "#f4ecd8", 14))
            x += 60
            continue
        kinds = PLAYS[a].kinds()
        parts.append(_row(kinds, x, y + 18, cw, 2, lang))
        x += max(60, len(kinds) * (cw + 2) + 12)
        if x > width - 80:
            x = 12.0
            y += ch + 30
    y += ch + 34
    hand = view.get("hand")
    if hand:
        kinds = tg.expand(hand)
        per_row = int((width - 24) // (cw * 1.4 + 3))
        for i in range(0, len(kinds), per_row):
            parts.append(_row(kinds[i:i + per_row], 12, y, cw * 1.4, 3, lang))
            y += ch * 1.4 + 8
    res = view.get("result")
    if res is not None:
        parts.append(label(" · ".join(f"{names[s]} {p:+d}" for s, p in enumerate(res["payments"])), 12, y + 16,
                           "#ffd166"))
        y += 24
    h = max(y + 10, 140)
    return svg(width, h, f'<rect width="{width}" height="{h:g}" fill="#24543f"/>' + "".join(parts), "table")
