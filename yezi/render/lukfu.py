"""Luk Fu 六虎 cards and table as SVG (pure functions).

Two styles of face, both with their name as title and aria-label:

* the traditional face (`card_svg`), after the modern Hakka 大字紙牌 of seed 000 (part 5): a long
  narrow card with the numeral above the suit character in big, tall black strokes; a red seal
  on the eight red cards (九拾 九貫 九索 九綫, 八拾, 百子, 毛公, 雲綫); the poker marks the seed
  finds in the numerals 二, 三, 四 and 六 (黑桃, 紅心, 方塊, no 梅花 — the seed does not say which
  mark goes with which numeral, so 二 ♠, 三 ♥, 四 ♦, 六 ♠ is our choice); on the 二 and 六 cards one
  small character each, as the factory decks spell 「大字紙牌」 and their maker across them (the
  seed's order 貫 綫 索 拾; our maker line reads 「葉子廠造」); 百子, 毛公 and 雲綫 with their own
  frames and emblems.
* the plain text tile (`plain_svg`), for players who prefer it: the numeral and suit in a cream
  strip, red for the red cards, a suit-coloured band and a Latin index (9M, W).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from yezi.components.lukfu_deck import (
    NUMERALS,
    RED_CARDS,
    SPECIAL_NAMES,
    SUIT_NAMES,
    WAN_TSIN,
    name,
    number,
    sort_key,
    suit,
)
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.plays import NUM_PLAYS, PLAYS
from yezi.render import board as B
from yezi.render import cards as C
from yezi.render import esc, svg

W, H = 44, 112
RED, BLACK, CREAM, BACK = "#b3261e", "#1d1d1d", "#fbf5e6", "#2f5d50"
SUIT_COLOURS = ("#6b4e16", "#1f4e79", "#2f6b2f", "#5a2d6b")  # a thin band per suit, helps scanning


def card_chars(c: int, lang: str = "zh-hant") -> list[str]:
    """The characters written down the card, top to bottom."""
    zh = "zh-hans" if lang == "zh-hans" else "zh-hant"
    if c in SPECIAL_NAMES:
        return list(SPECIAL_NAMES[c][zh])
    return [NUMERALS[number(c) - 1], SUIT_NAMES[zh][suit(c)]]


def index_text(c: int) -> str:
    return name(c, "ascii")


def plain_svg(c: int, lang: str = "zh-hant", width: float = W) -> str:
    """One plain text tile, `width` wide (height follows the 44:112 strip)."""
    colour = RED if c in RED_CARDS else BLACK
    chars = card_chars(c, lang)
    band = SUIT_COLOURS[suit(c)] if c != WAN_TSIN else RED
    parts = [
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="{CREAM}" stroke="#8a7a5a" stroke-width="1.5"/>',
        f'<rect x="4" y="4" width="{W - 8}" height="5" rx="2" fill="{band}"/>',
    ]
    size = 24 if len(chars) <= 2 else 21
    y0 = 38 if len(chars) <= 2 else 34
    step = 30 if len(chars) <= 2 else 26
    for i, ch in enumerate(chars):
        parts.append(
            f'<text x="{W / 2:g}" y="{y0 + i * step}" font-size="{size}" text-anchor="middle" '
            f'font-family="Noto Serif CJK TC, Noto Sans CJK TC, serif" font-weight="700" fill="{colour}">{esc(ch)}</text>'
        )
    parts.append(
        f'<text x="{W - 5}" y="{H - 6}" font-size="10" text-anchor="end" font-family="sans-serif" '
        f'fill="{colour}">{esc(index_text(c))}</text>'
    )
    scale = width / W
    title = esc(name(c, "en" if lang == "ascii" else lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W * scale:g}" '
            f'height="{H * scale:g}" class="card plain" role="img" aria-label="{title}"><title>{title}</title>'
            + "".join(parts) + "</svg>")


#: the face styles `assets` offers: the traditional drawing (default) and the plain text tile
CARD_STYLES = ("traditional", "plain")
AW, AH = 40, 118  # the traditional face: long and narrow, about 1 : 3
#: the poker mark printed with each of these numerals (seed 000: 二 三 四 六 carry 黑桃 紅心 方塊)
POKER = {2: "spade", 3: "heart", 4: "diamond", 6: "spade"}
#: one small character on each 二 and 六 card: 「大字紙牌」 and the maker's line, in the suit order
#: 貫 綫 索 拾 the seed gives for the factory decks
MAKER = {2: {1: "大", 3: "字", 2: "紙", 0: "牌"}, 6: {1: "葉", 3: "子", 2: "廠", 0: "造"}}
SPECIAL_FRAME = "#b3261e"


def _emblem(c: int) -> str:
    """The own emblem of 百子, 毛公 and 雲綫, drawn between their two characters' lower half and the seal."""
    if c == 0:  # 百子 "a hundred sons": a ring of small heads round a larger one
        dots = "".join(C.pip(20 + 6.2 * x, 84 + 6.2 * y, 1.5, C.INK)
                       for x, y in ((-1, 0), (1, 0), (-.7, -.7), (.7, -.7), (-.7, .7), (.7, .7), (0, -1), (0, 1)))
        return dots + C.pip(20, 84, 2.6, C.RED)
    if c == 27:  # 毛公, the gambler sage: a framed bust with a scholar's cap
        return ('<rect x="11" y="73" width="18" height="21" rx="9" fill="none" stroke="#1d1d1d" stroke-width=".8"/>'
                '<circle cx="20" cy="81" r="3.6" fill="#f8f1de" stroke="#1d1d1d" stroke-width=".8"/>'
                '<path d="M16 78h8l-1-2.6h-6z" fill="#1d1d1d"/>'
                '<path d="M13.5 93c1-5 3.5-7 6.5-7s5.5 2 6.5 7z" fill="#2f4f6b"/>'
                '<path d="M18.5 84.5q1.5 3 3 0" stroke="#1d1d1d" stroke-width=".6" fill="none"/>')
    # 雲綫: a cloud scroll
    return ('<path d="M10 88c0-4 4-6 6.5-3.5c.5-4 6.5-5 8 -1c2.5-2 6.5 0 5.5 3.5c2.5 1 1.5 4.5-1 4.5H12.5'
            'c-3 0-4-3.5-2.5-3.5z" fill="none" stroke="#1f4e79" stroke-width="1.1"/>'
            '<path d="M15 89.5c1.5-2 3.5-2 4.5 0M22 88c1-1.5 3-1.5 4 0" fill="none" stroke="#1f4e79" stroke-width=".8"/>')


@cache
def card_svg(c: int, lang: str = "zh-hant", width: float = AW) -> str:
    """One traditional face (see the module's docstring), `width` wide."""
    lg = "en" if lang == "ascii" else lang
    chars = card_chars(c)  # printed cards are lettered in traditional characters for every reader
    n = number(c)
    special = c in SPECIAL_NAMES
    parts = [C.paper(AW, AH, frame=C.INK)]
    if special:  # a second, red frame inside the printed one
        parts.append(f'<rect x="4.4" y="4.4" width="{AW - 8.8:g}" height="{AH - 8.8:g}" fill="none" '
                     f'stroke="{SPECIAL_FRAME}" stroke-width=".9"/>')
    if special:  # the two characters, the emblem and the seal
        parts.append(C.stretched(chars[0], AW / 2, 34, 27, C.RED))
        parts.append(C.stretched(chars[1], AW / 2, 70, 27, C.INK))
        parts.append(_emblem(c))
    else:  # the numeral and the suit, taller, filling the card; the seal or the poker mark below
        parts.append(C.stretched(chars[0], AW / 2, 38, 27, C.INK, 1.5))
        parts.append(C.stretched(chars[1], AW / 2, 80, 27, C.INK, 1.5))
        if n in POKER:
            parts.append(C.suit_mark(POKER[n], AW / 2, 97, 12))
    if special:  # in the lower right corner, clear of the index
        parts.append(C.seal(AW - 20, AH - 21, 15))
    elif c in RED_CARDS:
        parts.append(C.seal(AW / 2 - 9, 88, 18))
    maker = MAKER.get(n, {}).get(suit(c)) if not special else None
    if maker:
        parts.append(C.text(maker, AW - 7, AH - 6.5, 7, "#6b5a3a", 400))
    parts.append(C.text(index_text(c), 5.5, AH - 6.5, 6.5, "#6b5a3a", 400, "start", ' font-family="sans-serif"'))
    return C.face(AW, AH, "".join(parts), name(c, lg), shown=width)


@cache
def back_svg(width: float = AW, lang: str = "zh-hant") -> str:
    """A face-down card (discards and opponents' hands)."""
    return C.back(AW, AH, "#2f5d50", "#c9b26b", "虎", C.back_name(lang), shown=width)


def plain_back_svg(width: float = W, lang: str = "zh-hant") -> str:
    """The plain style's face-down card."""
    scale = width / W
    t = esc(C.back_name(lang))
    body = (f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="5" fill="{BACK}" stroke="#1c3a32" stroke-width="1.5"/>'
            f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="3" fill="none" stroke="#c9b26b" stroke-width="1"/>'
            f'<text x="{W / 2:g}" y="{H / 2 + 7:g}" font-size="18" text-anchor="middle" fill="#c9b26b" '
            f'font-family="Noto Serif CJK TC, serif">虎</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W * scale:g}" height="{H * scale:g}" '
            f'class="card back plain" role="img" aria-label="{t}"><title>{t}</title>{body}</svg>')


def _hu_line(view: dict[str, Any], lang: str) -> str:
    """The seat's 糊 and what makes them, as its play table says: "1 糊（贏牌 0 + 老歲 1）"."""
    won, boss = view["hu_won"][view["seat"]], len(view.get("laosui", []))
    return B.hu(lang, view.get("hu", 0)) + B.aside(lang, f"{B.word(lang, 'won')} {won} + {B.word(lang, 'laosui')} {boss}")


def action_cards(action: int) -> list[int]:
    """The cards an action code puts on the table (none for the word actions)."""
    if A.PLAY_BASE <= action < A.DISCARD_BASE:
        return PLAYS[action - A.PLAY_BASE].cards
    if action >= A.DISCARD_BASE:
        return [action - A.DISCARD_BASE]
    return []


def assets(lang: str = "zh-hant", cards_style: str = "traditional") -> dict[str, Any]:
    """What the browser renderer loads once per language and card style (`CARD_STYLES`)."""
    cards = [*range(36), WAN_TSIN]
    plain = cards_style == "plain"
    return {
        "faces": {str(c): (plain_svg if plain else card_svg)(c, lang) for c in cards},
        "back": plain_back_svg(lang=lang) if plain else back_svg(lang=lang),
        "card_styles": list(CARD_STYLES), "card_style": "plain" if plain else "traditional",
        "names": {str(c): name(c, lang) for c in cards},
        "order": sorted(cards, key=sort_key),
        "play_base": A.PLAY_BASE,
        "discard_base": A.DISCARD_BASE,
        "play_cards": [PLAYS[p].cards for p in range(NUM_PLAYS)],
        "words": {str(a): A.format_action(a, lang) for a in range(A.PLAY_BASE)},
    }


def _row(cards: list[int | None], x: float, y: float, lang: str, width: float = 30, gap: float = 2) -> str:
    out = []
    for i, c in enumerate(cards):
        face = back_svg(width, lang) if c is None else card_svg(c, lang, width)
        out.append(f'<g transform="translate({x + i * (width + gap):g},{y:g})">{face}</g>')
    return "".join(out)


def hand_svg(cards: list[int], lang: str = "zh-hant", width: float = AW) -> str:
    """A hand, sorted in the usual order, as one SVG."""
    cards = sorted(cards, key=sort_key)
    gap = 3
    h = AH * width / AW
    return svg(max(1, len(cards)) * (width + gap), h, _row(list(cards), 0, 0, lang, width, gap), "hand")


def table_svg(view: dict[str, Any], lang: str = "zh-hant", seat_names: list[str] | None = None) -> str:
    """The table from one seat's view: every seat's counts, the current trick, the seat's hand."""
    from yezi.games.lukfu.game import SEAT_NAMES

    n = view["num_seats"]
    names = seat_names or list(SEAT_NAMES[n]["en" if lang == "ascii" else lang])
    cw = 30
    ch = AH * cw / AW
    width = 640
    parts = [f'<rect width="{width}" height="420" fill="#24543f"/>']
    y: float = 24
    for s in range(n):
        mark = " ▶" if view.get("to_act") == s else ""
        who = B.tagged(lang, names[s], "bidder") if view.get("bidder") == s else names[s]
        text = B.line(lang, who, B.cards(lang, view["hand_sizes"][s]), B.tricks(lang, len(view["won"][s])),
                      B.hu(lang, view["hu_won"][s])) + mark
        parts.append(f'<text x="12" y="{y}" font-size="14" fill="#f4ecd8" font-family="sans-serif">{esc(text)}</text>')
        y += 20
    trick = view["tricks"][-1] if view.get("tricks") else None
    if trick:
        y += 8
        x: float = 12
        for e in trick["plays"]:
            label = names[e["seat"]]
            parts.append(f'<text x="{x}" y="{y + 12}" font-size="12" fill="#f4ecd8" font-family="sans-serif">'
                         f'{esc(label)}</text>')
            cards: list[int | None] = PLAYS[e["play"]].cards if "play" in e else [None] * e["discard"]
            parts.append(_row(cards, x, y + 18, lang, cw))
            x += max(3, len(cards)) * (cw + 2) + 14
        y += 18 + ch + 10
    hand = view.get("hand")
    if hand is not None:
        old = set(view.get("laosui", []))
        parts.append(f'<text x="12" y="{y + 14}" font-size="14" fill="#f4ecd8" font-family="sans-serif">'
                     f'{esc(names[view["seat"]])} · {esc(_hu_line(view, lang))}</text>')
        parts.append(_row(list(hand), 12, y + 22, lang, cw))
        pending = set(view.get("pending_discard") or [])
        for i, c in enumerate(hand):
            if c in pending:  # chosen for an unfinished face-down discard: still in the hand, shown as going
                x0 = 12 + i * (cw + 2)
                parts.append(f'<rect x="{x0:g}" y="{y + 22:g}" width="{cw:g}" height="{ch:g}" rx="3" fill="#0b2a1e" '
                             f'fill-opacity=".45" stroke="#ffd166" stroke-width="2" class="pending"/>'
                             f'<text x="{x0 + cw / 2:g}" y="{y + 22 + ch + 14:g}" font-size="11" text-anchor="middle" '
                             f'fill="#ffd166" font-family="sans-serif">{esc(B.word(lang, "pending"))}</text>')
                continue  # a card on its way down is no longer counted as a boss card in hand
            if c in old:
                parts.append(f'<text x="{12 + i * (cw + 2) + cw / 2:g}" y="{y + 22 + ch + 14:g}" font-size="11" '
                             f'text-anchor="middle" fill="#ffd166" font-family="sans-serif">{esc(B.word(lang, "boss"))}</text>')
        y += 22 + ch + 20
    if view.get("phase") == "over":
        pays = view.get("payments", [])
        parts.append(f'<text x="12" y="{y + 16}" font-size="14" fill="#ffd166" font-family="sans-serif">'
                     + esc(" · ".join(f"{names[s]} {p:+d}" if isinstance(p, int) else f"{names[s]} {p}"
                                      for s, p in enumerate(pays))) + "</text>")
        y += 24
    return svg(width, max(y + 10, 120), parts[0].replace('height="420"', f'height="{max(y + 10, 120)}"')
               + "".join(parts[1:]), "table")


def seat_explanations(state: Any, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """Why each 老歲 card in the seat's hand is 老歲, from the seat's own knowledge only, in `lang`.

    Sent on request (the table's "explain" message, worked out in a worker process), not in
    every frame: building these for every seat after every action was over a quarter of the
    event loop's time at 1,000 tables (the 老歲 deduction searches the possible worlds), for a
    panel most players never open."""
    if seat is None or seat == getattr(state, "dummy", None) or not hasattr(state, "explain_laosui"):
        return {}
    out = {}
    hand = state.hands[seat]
    for c in range(37):
        if hand >> c & 1 and state.is_laosui(seat, c):
            try:
                out[str(c)] = state.explain_laosui(seat, c, lang)
            except Exception:  # an explanation is a courtesy; never fail a frame on it
                continue
    return {"laosui_why": out}
