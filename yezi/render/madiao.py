"""Ma Diao 馬弔 as SVG (pure functions): the 40 葉子 and the table from one seat's view.

A card is a tall paper slip with its name in two characters, the suit's mark (十 / 萬 / 索 / 文),
and a red seal on the red cards of the ruleset's red set (option V1; Wikipedia's ten by default).
"""

from __future__ import annotations

from typing import Any

from yezi.components import madiao_deck as d
from yezi.render import esc, label, svg

W, H = 30.0, 72.0
RED, BLACK, PAPER, EDGE, BACK = "#b8281e", "#1d1d1d", "#f4ead2", "#8a7a5a", "#6b3b2a"
MARK = ("十", "萬", "索", "文")


def card_svg(c: int, lang: str = "zh-hant", width: float = W, red_set: str = "wp10") -> str:
    h = width * H / W
    lg = "zh-hans" if lang == "zh-hans" else "zh-hant"
    name = d.card_name(c, lg)
    red = d.is_red(c, red_set)
    colour = RED if red else BLACK
    fs = width * 0.5
    body = [f'<rect x="0.75" y="0.75" width="{width - 1.5:g}" height="{h - 1.5:g}" rx="{width * 0.1:.1f}" '
            f'fill="{PAPER}" stroke="{EDGE}" stroke-width="1.5"/>']
    for i, ch in enumerate(name[:2]):
        body.append(f'<text x="{width / 2:.1f}" y="{width * 0.62 + i * fs * 1.08:.1f}" font-size="{fs:.1f}" '
                    f'text-anchor="middle" fill="{colour}" font-family="serif">{esc(ch)}</text>')
    if red:
        body.append(f'<rect x="{width * 0.22:.1f}" y="{h * 0.56:.1f}" width="{width * 0.56:.1f}" '
                    f'height="{width * 0.56:.1f}" fill="none" stroke="{RED}" stroke-width="1.6" rx="1.5"/>')
    body.append(f'<text x="{width / 2:.1f}" y="{h - width * 0.18:.1f}" font-size="{width * 0.3:.1f}" '
                f'text-anchor="middle" fill="{EDGE}" font-family="serif">{MARK[d.suit_of(c)]}</text>')
    return svg(width, h, "".join(body), "card")


def back_svg(width: float = W) -> str:
    h = width * H / W
    return svg(width, h, f'<rect x="0.75" y="0.75" width="{width - 1.5:g}" height="{h - 1.5:g}" '
                         f'rx="{width * 0.1:.1f}" fill="{BACK}" stroke="#3b1f15" stroke-width="1.5"/>', "card back")


def assets(lang: str = "zh-hant", red_set: str = "wp10") -> dict[str, Any]:
    """Faces, names and the action layout (0–39 face up, 40–79 face down, 80–99 stakes, 100/101)."""
    lg = "en" if lang == "ascii" else lang
    return {
        "faces": {str(c): card_svg(c, lg, red_set=red_set) for c in range(d.NUM_CARDS)},
        "back": back_svg(),
        "names": {str(c): d.card_name(c, lg) for c in range(d.NUM_CARDS)},
        "suits": {str(c): d.suit_of(c) for c in range(d.NUM_CARDS)},
        "up": 0, "down": 40, "stake": 80, "mian": 100, "play_on": 101,
    }


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """What the browser shows besides the view: the liability warnings for the seat to act (from
    its own hand and public play only), and at the end the settlement explained in each language."""
    from yezi.games.madiao.text import explain

    out: dict[str, Any] = {}
    if seat is not None and state.current_player == seat:
        warn = {str(a): state.warnings(a) for a in state.legal_actions()}
        out["warnings"] = {a: w for a, w in warn.items() if w}
    if state.current_player is None:
        v = state.view(seat)
        out["why"] = {lg: explain(state.game, v, lg).split("\n") for lg in ("zh-hant", "zh-hans", "en")}
        out["status"] = v["settlement"]["status"].get("trick_status")
    return out


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: each seat's 上卓 cards, the tricks, the face card, the hand."""
    names = seat_names or ["樁家", "下首", "對面", "上首"]
    cw = 18.0
    ch = cw * H / W
    width = 760
    parts: list[str] = []
    y = 22.0

    def text(s: str, x: float, yy: float, colour: str = "#f4ecd8", size: int = 14) -> None:
        parts.append(label(s, x, yy, colour, size))

    def card(c: int | None, x: float, yy: float, w: float = cw) -> None:
        face = back_svg(w) if c is None else card_svg(c, lang, w)
        parts.append(f'<g transform="translate({x:g},{yy:g})">{face}</g>')

    text(f"衝 {view.get('stake') or '?'} · 官堆 {view.get('pool', 0)}", 12, y)
    if view.get("tou") is not None:
        text("面葉", 220, y)
        card(view.get("face"), 260, y - 14)
    y += ch + 6
    if view.get("won"):
        for s in range(4):
            mark = " ▶" if view.get("to_act") == s else ""
            text(f"{names[s]} {view['trick_counts'][s]}{mark}", 12, y + 14)
            for i, c in enumerate(view["won"][s]):
                card(c, 150 + i * (cw + 3), y)
            y += ch + 6
        for t in view.get("tricks", [])[-1:]:
            for i, (_s, c, up) in enumerate(t["plays"]):
                card(c if up or c is not None else None, 12 + i * (cw * 1.3 + 6), y, cw * 1.3)
            y += ch * 1.3 + 8
    for i, c in enumerate(view.get("hand", [])):
        card(c, 12 + i * (cw * 1.5 + 4), y, cw * 1.5)
    if view.get("hand"):
        y += ch * 1.5 + 8
    h = max(y + 10, 120)
    return svg(width, h, f'<rect width="{width}" height="{h:g}" fill="#5a2e22"/>' + "".join(parts), "table")
