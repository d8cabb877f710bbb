"""Ma Diao 馬弔 as SVG (pure functions): the 40 葉子 and the table from one seat's view.

Two styles of face, both named in the title and aria-label:

* the traditional face (`card_svg`), after the late-Ming 葉子 (seed 002, madiao spec §1): a tall
  paper slip with its name at the top, a picture, and the suit's mark at the foot. The money suits
  show their money: 文錢 as one to nine cash coins, 空沒文 as an empty coin ("no cash at all"),
  半文錢 as the flowering sprig it is named after (枝花) beside half a coin, 索 as one to nine
  strings of cash. The 十 and 萬 suits show framed figures — stylised emblems, not portraits —
  with the top cards distinguished by their headgear and colour (萬萬 the official's winged cap,
  千萬 a monk's band, 百萬 the old man's beard, 九萬 a scholar's cap), and the 雌突 五萬 六萬 八萬
  with the two figures their name refers to ("以其皆有雙人突出也"). The red cards of the ruleset's
  red set (option V1; Wikipedia's ten by default) carry a red seal.
* the plain text slip (`plain_svg`): the name in two characters, the suit's mark, a red frame on
  the red cards.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from yezi.components import madiao_deck as d
from yezi.render import board as B
from yezi.render import cards as C
from yezi.render import esc, label, svg

W, H = 30.0, 72.0
RED, BLACK, PAPER, EDGE, BACK = "#b8281e", "#1d1d1d", "#f4ead2", "#8a7a5a", "#6b3b2a"
MARK = ("十", "萬", "索", "文")
MARK_HANS = ("十", "万", "索", "文")


def plain_svg(c: int, lang: str = "zh-hant", width: float = W, red_set: str = "wp10") -> str:
    """The plain text slip, `width` wide."""
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
                f'text-anchor="middle" fill="{EDGE}" font-family="serif">{(MARK_HANS if lg == "zh-hans" else MARK)[d.suit_of(c)]}</text>')
    t = esc(d.card_name(c, "en" if lang == "ascii" else lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {h:g}" width="{width:g}" height="{h:g}" '
            f'class="card plain" role="img" aria-label="{t}"><title>{t}</title>' + "".join(body) + "</svg>")


#: the face styles `assets` offers: the traditional drawing (default) and the plain text slip
CARD_STYLES = ("traditional", "plain")
MW, MH = 36, 88  # the traditional face
ROBES = ("#8c2f23", "#2f6b2f", "#1f4e79", "#5a2d6b", "#6b4e16", "#2f5d50", "#7a3b5c", "#3d5a80", "#8a5a1a")


def _figure(x: float, y: float, s: float, robe: str, hat: str = "scarf", beard: bool = False) -> str:
    """A stylised standing figure (head, headgear, robe), s tall, its head's centre at (x, y + s * .18)."""
    hy, r = y + s * .18, s * .11
    out = [f'<path d="M{x - s * .27:.1f} {y + s:.1f}C{x - s * .25:.1f} {y + s * .45:.1f} {x - s * .12:.1f} {y + s * .33:.1f} '
           f'{x:.1f} {y + s * .33:.1f}S{x + s * .25:.1f} {y + s * .45:.1f} {x + s * .27:.1f} {y + s:.1f}Z" fill="{robe}"/>',
           f'<path d="M{x - s * .07:.1f} {y + s * .34:.1f}L{x:.1f} {y + s * .5:.1f}L{x + s * .07:.1f} {y + s * .34:.1f}" '
           f'fill="none" stroke="{C.PAPER}" stroke-width=".7"/>',
           f'<circle cx="{x:.1f}" cy="{hy:.1f}" r="{r:.2g}" fill="#f3dcb8" stroke="{C.INK}" stroke-width=".6"/>']
    if hat == "official":  # 烏紗帽 with wings
        out.append(f'<path d="M{x - r:.1f} {hy - r * .3:.1f}h{2 * r:.2g}v{-r * .9:.2g}h{-2 * r:.2g}z'
                   f'M{x - r * 2.3:.1f} {hy - r * .9:.1f}h{4.6 * r:.2g}" stroke="{C.INK}" stroke-width="{r * .45:.2g}" fill="{C.INK}"/>')
    elif hat == "band":  # a monk's band
        out.append(f'<path d="M{x - r:.1f} {hy - r * .35:.1f}h{2 * r:.2g}" stroke="#c9a227" stroke-width="{r * .5:.2g}"/>')
    elif hat == "scholar":
        out.append(f'<path d="M{x - r * 1.1:.1f} {hy - r * .4:.1f}h{2.2 * r:.2g}l-{r * .4:.2g} -{r * .9:.2g}h-{1.4 * r:.2g}z" '
                   f'fill="{C.INK}"/>')
    elif hat == "straw":  # a fisherman's straw hat
        out.append(f'<path d="M{x - r * 1.9:.1f} {hy - r * .3:.1f}L{x:.1f} {hy - r * 1.7:.1f}L{x + r * 1.9:.1f} {hy - r * .3:.1f}z" '
                   f'fill="#c9a227" stroke="{C.INK}" stroke-width=".5"/>')
    else:  # a headscarf knot
        out.append(f'<path d="M{x - r:.1f} {hy - r * .2:.1f}a{r:.2g} {r:.2g} 0 0 1 {2 * r:.2g} 0z" fill="{C.INK}"/>')
    if beard:
        out.append(f'<path d="M{x - r * .6:.1f} {hy + r * .5:.1f}L{x:.1f} {hy + r * 2.4:.1f}L{x + r * .6:.1f} {hy + r * .5:.1f}z" '
                   f'fill="#e8e4da" stroke="{C.INK}" stroke-width=".4"/>')
    return "".join(out)


def _picture(c: int) -> str:
    """The picture between the name and the suit mark (x 5..31, y 17..73)."""
    suit = d.suit_of(c)
    if suit in (0, 1):
        frame = ('<path d="M6 73V27a12 10 0 0 1 24 0V73z" fill="#efe3c4" stroke="#1d1d1d" stroke-width=".7"/>' if suit == 0
                 else '<rect x="6" y="18" width="24" height="55" fill="#efe3c4" stroke="#1d1d1d" stroke-width=".7"/>')
        hat, beard, robe = "scarf", False, ROBES[(c * 4) % len(ROBES)]
        if c == d.WANWAN:
            hat, robe = "official", "#a3271d"
        elif c == d.QIANWAN:
            hat, robe = "band", "#5b4a2a"
        elif c == d.BAILAO:
            hat, beard, robe = "scholar", True, "#1f4e79"
        elif c == d.JIUSHI:
            hat = "straw"
        elif c == d.JIUWAN:
            hat, robe = "scholar", "#a3271d"
        if c in d.CI_TU:  # two figures
            return frame + _figure(12.5, 36, 34, robe, hat) + _figure(23.5, 38, 33, ROBES[(c * 4 + 3) % len(ROBES)])
        return frame + _figure(18, 30 if suit == 0 else 26, 42, robe, hat, beard)
    if suit == 2:  # strings of cash
        n = 10 - d.trick_rank(c)
        rows = (n + 2) // 3
        per_row = [n // rows + (1 if r < n % rows else 0) for r in range(rows)]
        return C.strings_of_cash([(18 + (k - (in_row - 1) / 2) * 8, 21 + r * 52 / rows, 52 / rows - 6,
                                   C.INK if k % 2 == 0 else "#5b3a1a")
                                  for r, in_row in enumerate(per_row) for k in range(in_row)])
    if c == d.KONGWEN:  # 空沒文: an empty coin
        return C.coin(18, 44, 11, C.INK, hole=False) + '<circle cx="18" cy="44" r="7" fill="none" stroke="#1d1d1d" stroke-width=".5" stroke-dasharray="1.5 1.5"/>'
    if c == d.BANWEN:  # 半文錢, 枝花: a flowering sprig and half a coin
        blossoms = "".join(
            f'<circle cx="{x}" cy="{y}" r="3.2" fill="#d9667a"/><circle cx="{x}" cy="{y}" r="1.1" fill="#f3d36b"/>'
            for x, y in ((13, 25), (22, 33), (12, 41)))
        return ('<path d="M18 72C18 58 16 48 13 25M17 52C20 44 22 38 22 33M16 46C14 44 12 43 12 41" fill="none" '
                'stroke="#5b3a1a" stroke-width="1.2"/>' + blossoms
                + '<path d="M30 70a8 8 0 0 1-8-8h8z" fill="none" stroke="#1d1d1d" stroke-width="1.4"/>')
    n = c - d.JIUQIAN + 9  # 一錢 … 九錢
    return C.coins(list(COINS[n]), COIN_R[n], C.INK)


#: where the coins of 一錢 … 九錢 lie (die-like patterns in the picture area) and their radius
COINS = {
    1: ((18, 45),), 2: ((18, 33), (18, 57)), 3: ((11, 30), (18, 45), (25, 60)),
    4: ((11.5, 35), (24.5, 35), (11.5, 55), (24.5, 55)),
    5: ((11, 29), (25, 29), (18, 45), (11, 61), (25, 61)),
    6: ((11.5, 29), (24.5, 29), (11.5, 45), (24.5, 45), (11.5, 61), (24.5, 61)),
    7: ((11.5, 26), (24.5, 26), (18, 38), (11.5, 50), (24.5, 50), (11.5, 63), (24.5, 63)),
    8: ((11.5, 25), (24.5, 25), (11.5, 38), (24.5, 38), (11.5, 51), (24.5, 51), (11.5, 64), (24.5, 64)),
    9: tuple((x, y) for y in (29, 45, 61) for x in (9.5, 18, 26.5)),
}
COIN_R = {1: 8.5, 2: 7, 3: 5.5, 4: 6, 5: 5.5, 6: 5.5, 7: 5, 8: 5, 9: 4}


@cache
def card_svg(c: int, lang: str = "zh-hant", width: float = MW, red_set: str = "wp10") -> str:
    """One traditional face (see the module's docstring), `width` wide."""
    red = d.is_red(c, red_set)
    nm = d.card_name(c, "zh-hant")  # printed cards are lettered in traditional characters for every reader
    parts = [C.paper(MW, MH), C.text(nm[:2], MW / 2, 14.5, 11.5, C.RED if red else C.INK, 900),
             _picture(c),
             C.text(MARK[d.suit_of(c)], MW / 2, MH - 5.5, 8, "#6b5a3a", 700)]
    if red:
        parts.append(C.seal(MW - 13.5, MH - 24, 9.5))
    return C.face(MW, MH, "".join(parts), d.card_name(c, "en" if lang == "ascii" else lang), shown=width)


@cache
def back_svg(width: float = MW, lang: str = "zh-hant") -> str:
    return C.back(MW, MH, BACK, "#d8b56a", "弔", C.back_name(lang), shown=width)


def plain_back_svg(width: float = W, lang: str = "zh-hant") -> str:
    h = width * H / W
    t = esc(C.back_name(lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {h:g}" width="{width:g}" height="{h:g}" '
            f'class="card back plain" role="img" aria-label="{t}"><title>{t}</title><rect x="0.75" y="0.75" '
            f'width="{width - 1.5:g}" height="{h - 1.5:g}" rx="{width * 0.1:.1f}" fill="{BACK}" stroke="#3b1f15" '
            f'stroke-width="1.5"/></svg>')


def assets(lang: str = "zh-hant", red_set: str = "wp10", cards_style: str = "traditional") -> dict[str, Any]:
    """Faces (in one of `CARD_STYLES`), names and the action layout (0–39 face up, 40–79 face down,
    80–99 stakes, 100/101)."""
    lg = "en" if lang == "ascii" else lang
    plain = cards_style == "plain"
    draw = plain_svg if plain else card_svg
    return {
        "faces": {str(c): draw(c, lg, red_set=red_set) for c in range(d.NUM_CARDS)},
        "back": plain_back_svg(lang=lg) if plain else back_svg(lang=lg),
        "card_styles": list(CARD_STYLES), "card_style": "plain" if plain else "traditional",
        "names": {str(c): d.card_name(c, lg) for c in range(d.NUM_CARDS)},
        "suits": {str(c): d.suit_of(c) for c in range(d.NUM_CARDS)},
        "up": 0, "down": 40, "stake": 80, "mian": 100, "play_on": 101,
    }


def frame_extras(state: Any, seat: int | None) -> dict[str, Any]:
    """What the browser shows besides the view: the liability warnings for the seat to act (from
    its own hand and public play only) in each language, and at the end the settlement explained in each language."""
    from yezi.games.madiao.text import explain

    out: dict[str, Any] = {}
    if seat is not None and state.current_player == seat:
        warn = {str(a): w for a in state.legal_actions() if (w := state.warning_messages(a))}
        if warn:  # {lang: {action: [texts]}}, as `why`: the client shows its reader's language
            out["warnings"] = {lg: {a: [m.render(lg) for m in w] for a, w in warn.items()}
                               for lg in ("zh-hant", "zh-hans", "en")}
    if state.current_player is None:
        v = state.view(seat)
        out["why"] = {lg: explain(state.game, v, lg).split("\n") for lg in ("zh-hant", "zh-hans", "en")}
        out["status"] = v["settlement"]["status"].get("trick_status")
    return out


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: each seat's 上卓 cards, the tricks, the face card, the hand."""
    names = seat_names or ["樁家", "下首", "對面", "上首"]
    cw = 18.0
    ch = cw * MH / MW
    width = 760
    parts: list[str] = []
    y = 22.0

    def text(s: str, x: float, yy: float, colour: str = "#f4ecd8", size: int = 14) -> None:
        parts.append(label(s, x, yy, colour, size))

    def card(c: int | None, x: float, yy: float, w: float = cw) -> None:
        face = back_svg(w, lang) if c is None else card_svg(c, lang, w)
        parts.append(f'<g transform="translate({x:g},{yy:g})">{face}</g>')

    text(B.labelled(lang, "stake", view.get("stake") or "?") + " · " + B.labelled(lang, "pool", view.get("pool", 0)), 12, y)
    if view.get("tou") is not None:
        text(B.word(lang, "face"), 220, y)
        card(view.get("face"), 260, y - 14)
    y += ch + 6
    if view.get("won"):
        for s in range(4):
            mark = " ▶" if view.get("to_act") == s else ""
            text(B.line(lang, names[s], B.tricks(lang, view["trick_counts"][s])) + mark, 12, y + 14)
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
