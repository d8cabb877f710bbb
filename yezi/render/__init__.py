"""SVG drawings of cards, tiles and tables as pure functions (no I/O, no state).

Each game may have a module `yezi.render.<game>` (the game's name in the registry). The web app
uses three optional functions from it:

* ``assets(lang) -> dict``: what its browser renderer needs once (card faces as SVG strings,
  card names, which cards each action code uses);
* ``table_svg(view, lang) -> str``: the whole table as one SVG from a seat's view (notebooks,
  previews, tests);
* ``frame_extras(state, seat) -> dict``: seat-private explanations derived only from what that
  seat knows, cheap enough to send in every frame (a settlement's reasons);
* ``seat_explanations(state, seat) -> dict``: the same kind of explanations where they are dear to
  work out (why each 老歲 card is one: a search over the possible worlds), sent only when the seat
  asks (the table's ``explain`` message) and worked out in a worker process.

The browser half lives in ``yezi/web/games/<game>.js``; a game with neither is still playable
through the generic client.

The paper-card games (Luk Fu, Ma Diao, Fishing and 十五胡) draw their faces in two styles, listed in
the module's ``CARD_STYLES``: the traditional art (default) and plain text tiles, chosen with
``assets(lang, cards_style=...)`` (``GET /api/games/<game>/assets?cards=plain``). Their shared
drawing primitives (paper, seal, pips, coins, strings of cash, poker marks) are in
`yezi.render.cards`; every face names its card in its title and aria-label.
"""

from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    """Escape text for SVG/XML content and attributes."""
    return escape(str(text), quote=True)


def svg(width: float, height: float, body: str, cls: str = "") -> str:
    c = f' class="{esc(cls)}"' if cls else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}"{c}>{body}</svg>')


# Die faces of the Chinese dominoes (and of the 十五湖 cards, which repeat a tile's dots): pip
# centres in a unit square for an upright half, 6 = two columns of three.
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.3, 0.25), (0.7, 0.75)],
    3: [(0.25, 0.22), (0.5, 0.5), (0.75, 0.78)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)],
}
PIP_RED, PIP_BLACK = "#c0271f", "#1d1d1d"


def die_face(n: int, x: float, y: float, s: float, heaven: bool = False, radius: float = 0.09,
         lying: bool = False) -> str:
    """One die face in the s × s square at (x, y): ones and fours red, every other number black
    except [6:6], whose pips are half red (rules-notes §1). `radius` (of a pip other than the
    one, as a share of s) is the drawing's own; `lying` turns the rows into columns."""
    out = []
    for i, (px, py) in enumerate(PIPS[n]):
        if lying:
            px, py = py, px
        colour = PIP_RED if n in (1, 4) or (heaven and i % 2 == 0) else PIP_BLACK
        r = s * (0.14 if n == 1 else radius)
        out.append(f'<circle cx="{x + px * s:.1f}" cy="{y + py * s:.1f}" r="{r:.1f}" fill="{colour}"/>')
    return "".join(out)


def label(s: str, x: float, y: float, colour: str = "#f4ecd8", size: int = 14) -> str:
    """A line of sans-serif text on a table drawing (escaped)."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{colour}" '
            f'font-family="sans-serif">{esc(s)}</text>')
