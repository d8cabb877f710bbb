"""Fishing 釣魚 as SVG (pure functions): 十五湖 cards, domino tiles for Tiu U, and the table.

A 十五湖 card (seed 003) is long and narrow and "在紙牌的上下兩半各印上天牌的十二點，中間由圖畫隔開":
each half repeats the whole tile's dots (the 天 card shows 24), the lower half turned round so the
card reads from either end, and a band between them carries the name. 長三 [3:3] is two slanted
rows of three, as the seed says today's cards print it. Ones and fours are red, and half the dots
of [6:6] (rules-notes §1). `card_svg` draws that traditional face; `plain_svg` keeps the earlier
small drawing for players who prefer it. For Tiu U the same kinds are drawn as ivory domino tiles
(`tile_svg`, unchanged).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from yezi.components import tiengow as tg
from yezi.render import PIP_BLACK, PIP_RED, PIPS, die_face, esc, label, svg
from yezi.render import board as B
from yezi.render import cards as C

W, H = FW, FH = 36, 110  # a card: long and narrow
RED, BLACK, PAPER, EDGE, BACK, IVORY = "#c0271f", "#1d1d1d", "#f6efd9", "#8a7a5a", "#2f5d50", "#fbf7ec"

def _pattern(k: tg.Kind, x: float, y: float, s: float) -> str:
    heaven = k.high == k.low == 6
    return die_face(k.high, x, y, s, heaven) + die_face(k.low, x, y + s, s, heaven)


def plain_svg(kind: int, lang: str = "zh-hant", width: float = FW) -> str:
    """The plain style, for players who prefer text: the name in big characters down the upper half
    with the dice ("6·6") under it, red for the kinds with red dots, repeated turned round below —
    the same long card as the traditional face, so the table lays both out alike."""
    k = tg.KINDS[kind]
    zh = "zh-hans" if lang == "zh-hans" else "zh-hant"
    nm = tg.name(kind, zh)
    size = 14 if len(nm) <= 2 else 11  # the upper half holds the name and the dice
    colour = RED if k.red else BLACK
    half = "".join(f'<text x="18" y="{3 + size + i * (size + 1):g}" font-size="{size}" text-anchor="middle" '
                   f'font-weight="700" fill="{colour}">{esc(ch)}</text>' for i, ch in enumerate(nm))
    half += (f'<text x="18" y="{15 + size + (len(nm) - 1) * (size + 1):g}" font-size="9" text-anchor="middle" '
             f'fill="#6b5a3a" font-family="sans-serif">{k.high}·{k.low}</text>')
    body = (f'<rect x=".75" y=".75" width="34.5" height="108.5" rx="4" fill="{PAPER}" stroke="{EDGE}" stroke-width="1.5"/>'
            f'<g font-family="{C.SERIF}">{half}<g transform="rotate(180 18 55)">{half}</g></g>')
    t = esc(tg.name(kind, "en" if lang == "ascii" else lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 110" width="{width:g}" '
            f'height="{width * 110 / 36:.4g}" class="card plain" role="img" aria-label="{t}"><title>{t}</title>'
            f'{body}</svg>')


#: the face styles `assets` offers: the traditional drawing (default) and the earlier small one
CARD_STYLES = ("traditional", "plain")


def _half(k: tg.Kind) -> str:
    """One half's dots: the high number above the low one, in a 24 × 40 box at (6, 5)."""
    heaven = k.high == k.low == 6
    out = []
    for n, y0 in ((k.high, 5.0), (k.low, 25.5)):
        for i, (px, py) in enumerate(PIPS[n]):
            colour = PIP_RED if n in (1, 4) or (heaven and i % 2 == 0) else PIP_BLACK
            r = 3.9 if n == 1 else 2.35
            out.append(C.pip(6 + px * 24, y0 + py * 19.5, r, colour))
    return "".join(out)


@cache
def card_svg(kind: int, lang: str = "zh-hant", width: float = FW) -> str:
    """One traditional 十五湖 card (see the module's docstring), `width` wide."""
    k = tg.KINDS[kind]
    nm = tg.name(kind, "zh-hant")  # the printed name, in traditional characters for every reader
    half = _half(k)
    size = {1: 13, 2: 11, 3: 9.5}.get(len(nm), 8)
    parts = [C.paper(FW, FH, frame=None),
             half, f'<g transform="rotate(180 {FW / 2:g} {FH / 2:g})">{half}</g>',
             f'<path d="M4 46.5H32M4 63.5H32" stroke="{C.RED}" stroke-width=".8"/>',
             C.text(nm, FW / 2, FH / 2 + size * .36, size, RED if k.red else C.INK, 900)]
    return C.face(FW, FH, "".join(parts), tg.name(kind, "en" if lang == "ascii" else lang), shown=width)


def tile_svg(kind: int, size: float = 26.0) -> str:
    """A domino tile upright (Tiu U)."""
    k = tg.KINDS[kind]
    w, h = size, 2 * size
    body = (f'<rect x="0.75" y="0.75" width="{w - 1.5:g}" height="{h - 1.5:g}" rx="{size * 0.16:.1f}" '
            f'fill="{IVORY}" stroke="{EDGE}" stroke-width="1.5"/>'
            f'<line x1="{size * 0.15:.1f}" y1="{size:g}" x2="{size * 0.85:.1f}" y2="{size:g}" stroke="{EDGE}"/>'
            + _pattern(k, 0, 0, size))
    return svg(w, h, body, "tile")


@cache
def back_svg(width: float = FW, lang: str = "zh-hant") -> str:
    """A face-down 十五湖 card."""
    return C.back(FW, FH, BACK, "#c9b26b", "湖", C.back_name(lang), shown=width)


def faces(lang: str, cards_style: str = "traditional") -> dict[str, Any]:
    """The card faces and back in one of `CARD_STYLES` (Fishing's and 十五胡's assets share them)."""
    plain = cards_style == "plain"
    return {
        "faces": {str(k): (plain_svg if plain else card_svg)(k, lang) for k in range(tg.NUM_KINDS)},
        "back": plain_back_svg(lang=lang) if plain else back_svg(lang=lang),
        "card_styles": list(CARD_STYLES), "card_style": "plain" if plain else "traditional",
    }


def plain_back_svg(width: float = FW, lang: str = "zh-hant") -> str:
    h = width * FH / FW
    t = esc(C.back_name(lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {h:g}" width="{width:g}" height="{h:g}" '
            f'class="card back plain" role="img" aria-label="{t}"><title>{t}</title><rect x="0.75" y="0.75" '
            f'width="{width - 1.5:g}" height="{h - 1.5:g}" rx="{width * 0.12:.1f}" fill="{BACK}" stroke="#1c3a30" '
            f'stroke-width="1.5"/></svg>')


def assets(lang: str = "zh-hant", cards_style: str = "traditional") -> dict[str, Any]:
    """What the browser renderer loads once per language: card and tile faces by kind, names,
    pips, and the layout of the action codes (see `yezi.games.fishing.game`)."""
    from yezi.games.fishing.game import CAP, DCAP, DREL, KEEP, REL, STACK

    lg = "en" if lang == "ascii" else lang
    return {
        **faces(lg, cards_style),
        "tiles": {str(k): tile_svg(k) for k in range(tg.NUM_KINDS)},
        "names": {str(k): tg.name(k, lg) for k in range(tg.NUM_KINDS)},
        "dice": {str(k): tg.KINDS[k].dice for k in range(tg.NUM_KINDS)},
        "pips": {str(k): tg.PIPS[k] for k in range(tg.NUM_KINDS)},
        "K": tg.NUM_KINDS, "cap": CAP, "rel": REL, "dcap": DCAP, "drel": DREL, "stack": STACK, "keep": KEEP,
    }


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """Public explanations for the browser: each seat's 決勝分 now, each catch card by card (the
    catches are face up), the newest move and its seat (every card played is face up), and at the
    end the pairwise arithmetic. Nothing hidden is used."""
    from yezi.games.fishing.scoring import explain

    g = state.game
    out: dict[str, Any] = {
        "dominoes": g.dominoes,
        "scores": [g.catch_score(c) for c in state.catches],
        "why": {lg: [explain(g.classify(c), lg) for c in state.catches] for lg in ("zh-hant", "zh-hans", "en")},
    }
    if state.history:  # the newest move and who made it (every card played is face up), for the motion
        i = len(state.history) - 1
        out["last"] = {"index": i, "seat": state.actor_of(i), "action": state.history[i]}
    if state.current_player is None:
        _catches, settle = state.result()
        out["pairs"] = {}
        for lg in ("zh-hant", "zh-hans", "en"):  # each pair's arithmetic, worded in each language
            names = [g.seat_name(s, lg) for s in range(g.players)]
            pairs = g.method.settle(settle.standings, names, lang=lg).pairs
            out["pairs"][lg] = [f"{names[p.payer]} → {names[p.payee]} {p.amount}: {p.arithmetic}" for p in pairs]
    return out


def _row(kinds: list[int], x: float, y: float, width: float, gap: float, lang: str, dominoes: bool) -> str:
    parts = []
    for k in kinds:
        face = tile_svg(k, width) if dominoes else card_svg(k, lang, width)
        parts.append(f'<g transform="translate({x:g},{y:g})">{face}</g>')
        x += width + gap
    return "".join(parts)


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None,
              dominoes: bool = False) -> str:
    """The table from one seat's view: the lake by pip total, the stock, catches, the hand."""
    n = view["players"]
    names = seat_names or [f"P{s}" for s in range(n)]
    cw = 18.0
    ch = cw * (2 if dominoes else FH / FW)
    width = 900
    parts: list[str] = []
    y = 20.0

    def text(s: str, x: float, yy: float, colour: str = "#f4ecd8", size: int = 14) -> None:
        parts.append(label(s, x, yy, colour, size))

    stock = B.labelled(lang, "stock", view["stock_left"])
    if view.get("drawn") is not None:
        stock += " · " + B.labelled(lang, "drawn", tg.name(view["drawn"], lang if lang != "ascii" else "en"))
    text(stock, 12, y)
    y += 10
    x = 12.0
    lake = view["lake"]
    for pips in sorted({tg.PIPS[k] for k in range(tg.NUM_KINDS) if lake[k]}, reverse=True):
        kinds = [k for k in range(tg.NUM_KINDS) if lake[k] and tg.PIPS[k] == pips for _ in range(lake[k])]
        need = len(kinds) * (cw + 2) + 10
        if x + need > width - 12:
            x = 12.0
            y += ch + 8
        parts.append(_row(kinds, x, y, cw, 2, lang, dominoes))
        x += need
    y += ch + 24
    for s in range(n):
        mark = " ▶" if view.get("to_act") == s else ""
        catch = view["catches"][s]
        text(B.line(lang, names[s], B.hk_cards(lang, view["hand_sizes"][s]), B.caught(lang, sum(catch))) + mark, 12, y)
        kinds = tg.expand(catch)
        parts.append(_row(kinds, 160, y - 14, 10, 1, lang, dominoes))
        y += 36
    hand = view.get("hand")
    if hand:
        parts.append(_row(tg.expand(hand), 12, y, cw * 1.4, 4, lang, dominoes))
        y += ch * 1.4 + 10
    res = view.get("result")
    if res is not None:
        text(" · ".join(f"{names[s]} {p:+d}" for s, p in enumerate(res["payments"])), 12, y + 16, "#ffd166")
        y += 24
    h = max(y + 10, 140)
    return svg(width, h, f'<rect width="{width}" height="{h:g}" fill="#24543f"/>' + "".join(parts), "table")
