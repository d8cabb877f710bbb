"""Chinese domino tiles and the 接龍 / 斜釘 / 頂牛 table as SVG (pure functions).

Chinese dominoes are ivory-white with incised pips: the ones and fours red, every other number
black except [6:6], whose pips are half red (rules-notes §1). A tile is drawn upright in a hand
(high end on top) and lying in the line, where each half shows the number that touches its
neighbour. `yezi.render.jielong`, `tseding` and `dingniu` bind the games' name styles.
"""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import DOWN, LEAD, PLAY
from yezi.render import esc, svg

U = 28  # one half is U × U
RED, BLACK, IVORY, EDGE, BACK = "#c0271f", "#1d1d1d", "#fbf7ec", "#8a7a5a", "#2f5d50"

# pip centres in a unit square, for an upright half (6 = two columns of three)
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.3, 0.25), (0.7, 0.75)],
    3: [(0.25, 0.22), (0.5, 0.5), (0.75, 0.78)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)],
}


def _half(n: int, x: float, y: float, s: float, lying: bool, heaven: bool = False) -> str:
    out = []
    for i, (px, py) in enumerate(_PIPS[n]):
        if lying:
            px, py = py, px  # rows become columns
        colour = RED if n in (1, 4) or (heaven and i % 2 == 0) else BLACK
        r = s * (0.14 if n == 1 else 0.085)
        out.append(f'<circle cx="{x + px * s:.1f}" cy="{y + py * s:.1f}" r="{r:.1f}" fill="{colour}"/>')
    return "".join(out)


def tile_svg(a: int, b: int, lying: bool = False, size: float = U) -> str:
    """A tile showing `a` then `b`: top then bottom when upright, left then right when lying."""
    w, h = (2 * size, size) if lying else (size, 2 * size)
    heaven = a == b == 6
    parts = [f'<rect x="0.75" y="0.75" width="{w - 1.5:g}" height="{h - 1.5:g}" rx="{size * 0.16:.1f}" '
             f'fill="{IVORY}" stroke="{EDGE}" stroke-width="1.5"/>']
    if lying:
        parts.append(f'<line x1="{size:g}" y1="{size * 0.15:.1f}" x2="{size:g}" y2="{size * 0.85:.1f}" '
                     f'stroke="{EDGE}" stroke-width="1"/>')
        parts.append(_half(a, 0, 0, size, True, heaven) + _half(b, size, 0, size, True, heaven))
    else:
        parts.append(f'<line x1="{size * 0.15:.1f}" y1="{size:g}" x2="{size * 0.85:.1f}" y2="{size:g}" '
                     f'stroke="{EDGE}" stroke-width="1"/>')
        parts.append(_half(a, 0, 0, size, False, heaven) + _half(b, 0, size, size, False, heaven))
    return svg(w, h, "".join(parts), "tile")


def back_svg(lying: bool = False, size: float = U) -> str:
    """A face-down tile (扣牌)."""
    w, h = (2 * size, size) if lying else (size, 2 * size)
    return svg(w, h, f'<rect x="0.75" y="0.75" width="{w - 1.5:g}" height="{h - 1.5:g}" rx="{size * 0.16:.1f}" '
                     f'fill="{BACK}" stroke="#1c3a30" stroke-width="1.5"/>', "tile back")


def assets(lang: str = "zh-hant", style: str = "hk") -> dict[str, Any]:
    """What the browser renderer loads once per language: upright faces by kind, lying faces by
    the pair of numbers shown (``"63"`` = 6 left, 3 right), names, and the action code layout."""
    lg = "en" if lang == "ascii" else lang
    return {
        "faces": {str(k.index): tile_svg(k.high, k.low) for k in tg.KINDS},
        "lying": {f"{a}{b}": tile_svg(a, b, True) for a in range(1, 7) for b in range(1, 7)},
        "back": back_svg(),
        "names": {str(k.index): tg.name(k.index, lg, style) for k in tg.KINDS},
        "dice": {str(k.index): k.dice for k in tg.KINDS},
        "pips": {str(k.index): k.pips for k in tg.KINDS},
        "lead_base": LEAD, "play_base": PLAY, "down_base": DOWN,
    }


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None,
              style: str = "hk") -> str:
    """The table from one seat's view: counts, the lines, the open ends, the seat's hand."""
    n = view["seats"]
    names = seat_names or [f"P{s}" for s in range(n)]
    s2 = U * 0.8
    width = 760
    parts: list[str] = []
    y = 22
    for s in range(n):
        mark = " ▶" if view.get("to_act") == s else ""
        text = f"{names[s]}: {view['hand_counts'][s]} · 扣 {view['down_counts'][s]}{mark}"
        parts.append(f'<text x="12" y="{y}" font-size="14" fill="#f4ecd8" font-family="sans-serif">{esc(text)}</text>')
        y += 20
    for line in view["lines"]:
        x = 12
        y += 6
        for a, b, _k, _p in line:
            if x + 2 * s2 > width - 12:
                x = 12
                y += s2 + 6
            parts.append(f'<g transform="translate({x:g},{y:g})">{tile_svg(a, b, True, s2)}</g>')
            x += 2 * s2 + 2
        y += s2 + 8
    if view.get("ends"):
        parts.append(f'<text x="12" y="{y + 14}" font-size="14" fill="#ffd166" font-family="sans-serif">'
                     f'{esc(" / ".join(str(e) for e in view["ends"]))}</text>')
        y += 22
    hand = view.get("hand")
    if hand:
        x = 12
        for k in hand:
            kind = tg.KINDS[k]
            parts.append(f'<g transform="translate({x:g},{y:g})">{tile_svg(kind.high, kind.low, False, s2)}</g>')
            x += s2 + 4
        y += 2 * s2 + 8
    res = view.get("result")
    if res is not None:
        parts.append(f'<text x="12" y="{y + 16}" font-size="14" fill="#ffd166" font-family="sans-serif">'
                     + esc(" · ".join(f"{names[s]} {p:+d}" for s, p in enumerate(res["payments"]))) + "</text>")
        y += 24
    h = max(y + 10, 120)
    return svg(width, h, f'<rect width="{width}" height="{h}" fill="#24543f"/>' + "".join(parts), "table")


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """頂牛: for each legal move of the seat to act, whether it would be 算帳 or 死砸, judged from
    that seat's own view (so the browser can warn before a block that may cost 包庄)."""
    if seat is None or state.current_player != seat or state.game.name != "dingniu":
        return {}
    from yezi.games.dominoes.dingniu import judge_from_view

    view = state.view(seat)
    out = {}
    for a in state.legal_actions():
        kind, _ = judge_from_view(state.game, view, a)
        if kind:
            out[str(a)] = kind
    return {"judge": out}
