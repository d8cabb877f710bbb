"""牌九 tiles and table as SVG (pure functions), and the seat-private extras of a web frame.

The tiles are drawn as in the other domino games (`yezi.render.dominoes.tile_svg`: ivory, ones
and fours red, [6:6] half red). The browser table (`yezi/web/games/paigow.js`) draws the seats,
the dice and the hands from the view; `frame_extras` gives the seat to act every way to set its
tiles, each hand named in the three languages, and, once the deal is over, the reason for every
payment.
"""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.games.paigow.actions import OPEN, SET, SET_CODE, STAKE
from yezi.games.paigow.hands import K
from yezi.render import board as B
from yezi.render import esc, svg
from yezi.render.dominoes import U, back_svg, tile_svg

LANGS = ("zh-hant", "zh-hans", "en")


def assets(lang: str = "zh-hant") -> dict[str, Any]:
    """What the browser loads once per language: tile faces by kind, names, and the action layout."""
    lg = "en" if lang == "ascii" else lang
    return {
        "faces": {str(k.index): tile_svg(k.high, k.low) for k in tg.KINDS},
        "back": back_svg(),
        "names": {str(k.index): tg.name(k.index, lg) for k in tg.KINDS},
        "dice": {str(k.index): k.dice for k in tg.KINDS},
        "stake_base": STAKE, "set_base": SET, "open": OPEN, "kinds": K,
    }


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: dice, each seat's stake and hands (its own, or all at the end)."""
    n = view["seats"]
    names = seat_names or [f"P{s}" for s in range(n)]
    s2 = U * 0.8
    width = 760
    parts: list[str] = []
    y: float = 22
    if view.get("dice"):
        parts.append(f'<text x="12" y="{y}" font-size="14" fill="#ffd166" font-family="sans-serif">'
                     f'{esc(B.labelled(lang, "dice", " ".join(str(d) for d in view["dice"])))}</text>')
        y += 12
    for s in range(n):
        tiles: list[int] = []
        res = view.get("result")
        if view["fronts"][s] is not None:
            tiles = list(view["fronts"][s]) + list(view["backs"][s] or [])
        elif s == view["seat"] and view.get("hand"):
            tiles = list(view["hand"])
        stake = view["stakes"][s]
        label = names[s] + (f" ×{stake}" if stake is not None else "") + (" ▶" if view.get("to_act") == s else "")
        if res is not None:
            label += f"  {res['payments'][s]:+d}"
        parts.append(f'<text x="12" y="{y + 20}" font-size="14" fill="#f4ecd8" font-family="sans-serif">'
                     f'{esc(label)}</text>')
        x: float = 160
        for i, k in enumerate(tiles or [None] * view["tiles"]):
            if i == 2:
                x += 10
            face = back_svg(False, s2) if k is None else tile_svg(tg.KINDS[k].high, tg.KINDS[k].low, False, s2)
            parts.append(f'<g transform="translate({x:g},{y:g})">{face}</g>')
            x += s2 + 4
        y += 2 * s2 + 10
    h = max(y + 10, 120)
    return svg(width, h, f'<rect width="{width}" height="{h}" fill="#24543f"/>' + "".join(parts), "table")


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """For the seat to act (大牌九): every setting it may choose, with both hands named; once the
    deal is over, each player's comparison with the banker in each language. Both come from what
    that seat may know (its own tiles; the public result)."""
    game = state.game
    if state.current_player is None:
        from yezi.games.paigow.text import settlement_lines

        view = state.view(None)
        return {"why": {lg: settlement_lines(game, view, lg) for lg in LANGS}}
    if seat is None or state.current_player != seat or state.phase != "set" or not game.big:
        return {}
    hand = state.view(seat)["hand"]
    out = []
    for front, back in game.splits(hand):
        out.append({
            "action": SET_CODE[front], "front": list(front), "back": list(back),
            "names": {lg: [game.hand_name(front, lg), game.hand_name(back, lg)] for lg in LANGS},
        })
    return {"splits": out}
