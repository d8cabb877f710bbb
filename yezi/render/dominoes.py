"""Chinese domino tiles and the 接龍 / 斜釘 / 頂牛 table as SVG (pure functions).

Chinese dominoes are ivory-white with incised pips: the ones and fours red, every other number
black except [6:6], whose pips are half red (rules-notes §1). A tile is drawn upright in a hand
(high end on top) and lying in the line, where each half shows the number that touches its
neighbour. `yezi.render.jielong`, `tseding` and `dingniu` bind the games' name styles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import DOWN, LEAD, PLAY
from yezi.render import board as B
from yezi.render import die_face, esc, svg

U = 28  # one half is U × U
RED, BLACK, IVORY, EDGE, BACK = "#c0271f", "#1d1d1d", "#fbf7ec", "#8a7a5a", "#2f5d50"

def tile_svg(a: int, b: int, lying: bool = False, size: float = U) -> str:
    """A tile showing `a` then `b`: top then bottom when upright, left then right when lying."""
    w, h = (2 * size, size) if lying else (size, 2 * size)
    heaven = a == b == 6
    parts = [f'<rect x="0.75" y="0.75" width="{w - 1.5:g}" height="{h - 1.5:g}" rx="{size * 0.16:.1f}" '
             f'fill="{IVORY}" stroke="{EDGE}" stroke-width="1.5"/>']
    if lying:
        parts.append(f'<line x1="{size:g}" y1="{size * 0.15:.1f}" x2="{size:g}" y2="{size * 0.85:.1f}" '
                     f'stroke="{EDGE}" stroke-width="1"/>')
        parts.append(die_face(a, 0, 0, size, heaven, 0.085, lying=True) + die_face(b, size, 0, size, heaven, 0.085, lying=True))
    else:
        parts.append(f'<line x1="{size * 0.15:.1f}" y1="{size:g}" x2="{size * 0.85:.1f}" y2="{size:g}" '
                     f'stroke="{EDGE}" stroke-width="1"/>')
        parts.append(die_face(a, 0, 0, size, heaven, 0.085) + die_face(b, 0, size, size, heaven, 0.085))
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
    y: float = 22
    for s in range(n):
        mark = " ▶" if view.get("to_act") == s else ""
        text = B.line(lang, names[s], B.tiles(lang, view["hand_counts"][s]), B.face_down(lang, view["down_counts"][s])) + mark
        parts.append(f'<text x="12" y="{y}" font-size="14" fill="#f4ecd8" font-family="sans-serif">{esc(text)}</text>')
        y += 20
    for line in view["lines"]:
        x: float = 12
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


def bind_style(style: str) -> tuple[Callable[..., dict[str, Any]], Callable[..., str]]:
    """`assets` and `table_svg` with one game's tile-name style bound, for the per-game modules
    (`yezi.render.jielong`, `tseding`, `dingniu`) the web app looks up by game name."""

    def styled_assets(lang: str = "zh-hant") -> dict[str, Any]:
        return assets(lang, style)

    def styled_table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
        return table_svg(view, lang, seat_names, style)

    return styled_assets, styled_table_svg


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """頂牛: for each legal move of the seat to act, whether it would be 算帳 or 死砸, judged from
    that seat's own view (so the browser can warn before a block that may cost 包庄). Once the
    deal is over, every game: each payment with its reason in each language (``why``), as Ma Diao
    and Fishing send theirs; the result is public then, so nothing hidden is used."""
    if state.current_player is None and state.result is not None:
        return {"why": {lg: state.game.settlement_lines(state.result, lg) for lg in ("zh-hant", "zh-hans", "en")}}
    if seat is None or state.current_player != seat or state.game.name != "dingniu":
        return {}
    from yezi.games.dominoes.dingniu import judge_from_view, suanzhang_warning

    view = state.view(seat)
    out = {}
    for a in state.legal_actions():
        kind, _ = judge_from_view(state.game, view, a)
        if kind:
            out[str(a)] = kind
    warn = {lang: suanzhang_warning(state.game, lang) for lang in ("zh-hant", "zh-hans", "en")}
    return {"judge": out, "warn": warn}
