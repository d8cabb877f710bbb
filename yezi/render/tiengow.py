"""The 打天九 table: tile faces for the browser (the domino drawing of `yezi.render.dominoes`), a
Python SVG of one seat's view, and per-frame extras (the tiles of each legal play, the reasons of
each payment) — pure functions of what the seat may know."""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.games.tiengow.names import JYUTPING
from yezi.render import board as B
from yezi.render import esc, svg
from yezi.render.dominoes import U, back_svg, tile_svg

LANGS = ("zh-hant", "zh-hans", "en")


def assets(lang: str = "zh-hant") -> dict[str, Any]:
    """Upright faces by kind, the back, names and dice codes, loaded once per language."""
    lg = "en" if lang == "ascii" else lang
    return {
        "faces": {str(k.index): tile_svg(k.high, k.low) for k in tg.KINDS},
        "back": back_svg(),
        "names": {str(k.index): tg.name(k.index, lg) for k in tg.KINDS},
        "dice": {str(k.index): k.dice for k in tg.KINDS},
        "civil": {str(k.index): k.civil for k in tg.KINDS},
        "jyutping": {str(k): j for k, j in JYUTPING.items()},
    }


def _tiles(kinds: list[int] | None, count: int, x: float, y: float, s: float) -> tuple[str, float]:
    parts = []
    for k in kinds if kinds is not None else [None] * count:
        if k is None:
            parts.append(f'<g transform="translate({x:g},{y:g})">{back_svg(False, s)}</g>')
        else:
            kind = tg.KINDS[k]
            parts.append(f'<g transform="translate({x:g},{y:g})">{tile_svg(kind.high, kind.low, False, s)}</g>')
        x += s + 3
    return "".join(parts), x


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: each seat's counts, the trick on the table, the hand."""
    names = seat_names or [f"P{s}" for s in range(4)]
    s2 = U * 0.8
    width = 760
    y: float = 22
    parts: list[str] = []
    for s in range(4):
        mark = " ▶" if view.get("to_act") == s else ""
        text = B.line(lang, names[s], B.hk_tiles(lang, view["hand_sizes"][s]), B.tiles_won(lang, view["won"][s]),
                      B.tricks(lang, view["tricks_won"][s])) + mark
        parts.append(f'<text x="12" y="{y}" font-size="14" fill="#f4ecd8" font-family="sans-serif">{esc(text)}</text>')
        y += 20
    for p in view["trick"]["plays"]:
        parts.append(f'<text x="12" y="{y + s2}" font-size="13" fill="#f4ecd8" font-family="sans-serif">'
                     f'{esc(names[p["seat"]])}</text>')
        body, _ = _tiles(p["tiles"], p["count"], 90, y, s2)
        parts.append(body)
        y += 2 * s2 + 6
    if view.get("hand"):
        body, _ = _tiles(view["hand"], 0, 12, y + 4, s2)
        parts.append(body)
        y += 2 * s2 + 12
    res = view.get("result")
    if res is not None:
        parts.append(f'<text x="12" y="{y + 16}" font-size="14" fill="#ffd166" font-family="sans-serif">'
                     + esc(" · ".join(f"{names[s]} {p:+d}" for s, p in enumerate(res["payments"]))) + "</text>")
        y += 24
    h = max(y + 10, 120)
    return svg(width, h, f'<rect width="{width}" height="{h}" fill="#24543f"/>' + "".join(parts), "table")


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """For the seat to act, the tiles of each legal play (so clicking tiles can find the move);
    once the deal is over, every payment with its reason in each language (the result is public)."""
    from yezi.games.tiengow import combos as cb
    from yezi.games.tiengow.text import settlement_lines

    if state.current_player is None:
        view = state.view(None)
        return {"why": {lg: settlement_lines(state.game, view, lg) for lg in LANGS}}
    if seat is None or state.current_player != seat:
        return {}
    return {"tiles": {str(a): list(cb.MULTISETS[a >> 1]) for a in state.legal_actions()}}
