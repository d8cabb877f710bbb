"""Primitives shared by the traditional paper-card faces (Luk Fu, Ma Diao, 十五湖): the card with
its paper and printed frame, the red seal, pips, coins, strings of cash and the poker marks.

Every face is one small self-contained SVG string drawn in its own viewBox and scaled by the
browser (CSS sets the width). Faces carry their accessible name twice: ``role="img"`` with
``aria-label`` (what a screen reader announces) and a ``<title>`` (the tooltip, and the name when
the SVG is opened on its own). No ``<defs>``, gradients or ids: the same face is inlined many times
in one page (four copies of a 十五湖 card in the lake), and ids repeated across inline SVGs break
as soon as the first copy is hidden; the paper's texture is drawn with translucent shapes instead.
"""

from __future__ import annotations

from yezi.i18n import NP_, _c
from yezi.render import esc

INK, RED, PAPER, EDGE = "#1d1d1d", "#b3261e", "#f8f1de", "#7a6a4c"
SEAL = "#c0271f"
#: bold CJK serif faces found on most systems (Noto on Linux and Android, Songti on Apple, PMingLiU on Windows).
SERIF = "'Noto Serif CJK TC','Noto Serif TC','Songti TC','PMingLiU',serif"


def face(width: float, height: float, body: str, name: str, cls: str = "card", font: str = SERIF,
         shown: float | None = None) -> str:
    """A whole card face: `body` drawn in a `width` × `height` viewBox, named `name`, `shown` wide
    (the viewBox width by default; the browser's CSS overrides it). The name is the reader's; the face
    prints what the paper cards print, in traditional characters for every reader (a 简体 reader's
    貫 card still reads 貫), and says so (``lang="zh-Hant"``) to screen readers and the purity check."""
    n = esc(name)
    sw = shown or width
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{sw:.4g}" '
            f'height="{height * sw / width:.4g}" class="{esc(cls)}" role="img" aria-label="{n}"><title>{n}</title>'
            f'<g font-family="{font}" lang="zh-Hant">{body}</g></svg>')


def paper(width: float, height: float, fill: str = PAPER, edge: str = EDGE, rx: float = 3.0,
          frame: str | None = INK, inset: float = 2.6) -> str:
    """The card stock: a rounded outline, a faint darker rim (old paper browns at the edges) and
    the thin printed frame line most Chinese cards carry."""
    out = [f'<rect x=".5" y=".5" width="{width - 1:g}" height="{height - 1:g}" rx="{rx:g}" fill="{fill}" '
           f'stroke="{edge}"/>',
           f'<rect x="1.3" y="1.3" width="{width - 2.6:g}" height="{height - 2.6:g}" rx="{max(rx - .8, 0):g}" '
           f'fill="none" stroke="#a08a5c" stroke-opacity=".35" stroke-width="1.2"/>']
    if frame:
        out.append(f'<rect x="{inset:g}" y="{inset:g}" width="{width - 2 * inset:g}" height="{height - 2 * inset:g}" '
                   f'fill="none" stroke="{frame}" stroke-width=".6"/>')
    return "".join(out)


def text(ch: str, x: float, y: float, size: float, colour: str = INK, weight: int = 700, anchor: str = "middle",
         extra: str = "") -> str:
    """One line of text centred on x with its baseline at y."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{colour}"{extra}>{esc(ch)}</text>')


def seal(x: float, y: float, s: float, glyph: str = "") -> str:
    """A square red seal (印) of side s at (x, y): solid vermilion, a paper-coloured inner rim and,
    where given, a character cut in white; without one, a lattice like a worn chop."""
    out = [f'<rect x="{x:g}" y="{y:g}" width="{s:g}" height="{s:g}" rx="{s * .12:.2g}" fill="{SEAL}" '
           f'fill-opacity=".9"/>',
           f'<rect x="{x + s * .12:.3g}" y="{y + s * .12:.3g}" width="{s * .76:.3g}" height="{s * .76:.3g}" '
           f'fill="none" stroke="{PAPER}" stroke-width="{s * .07:.2g}"/>']
    if glyph:
        out.append(text(glyph, x + s / 2, y + s * .74, s * .58, PAPER, 700))
    else:
        m = s / 2
        out.append(f'<path d="M{x + m:.3g} {y + s * .22:.3g}V{y + s * .78:.3g}M{x + s * .22:.3g} {y + m:.3g}'
                   f'H{x + s * .78:.3g}" stroke="{PAPER}" stroke-width="{s * .07:.2g}"/>')
    return "".join(out)


def pip(x: float, y: float, r: float, colour: str) -> str:
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.2g}" fill="{colour}"/>'


def coin(x: float, y: float, r: float, colour: str = INK, hole: bool = True) -> str:
    """A cash coin (文錢): a ring with a square hole, centred on (x, y)."""
    return coins([(x, y)], r, colour, hole)


def coins(centres: list[tuple[float, float]], r: float, colour: str = INK, hole: bool = True) -> str:
    """Cash coins (文錢) of radius r: rings with a square hole, the holes drawn as one path."""
    rings = "".join(f'<circle cx="{x:.3g}" cy="{y:.3g}" r="{r:.2g}"/>' for x, y in centres)
    out = f'<g fill="none" stroke="{colour}" stroke-width="{r * .28:.2g}">{rings}'
    if hole:
        h = r * .42
        holes = "".join(f"M{x - h / 2:.3g} {y - h / 2:.3g}h{h:.2g}v{h:.2g}h-{h:.2g}z" for x, y in centres)
        out += f'<path d="{holes}" stroke-width="{r * .2:.2g}"/>'
    return out + "</g>"


def strings_of_cash(strings: list[tuple[float, float, float, str]]) -> str:
    """Strings of cash (索), each (x, top y, length, colour): a cord through a column of coins seen
    edge-on (a thick dashed stroke, one dash per coin), knotted at the top; drawn as three paths per
    colour to keep the face small."""
    out = []
    for colour in dict.fromkeys(c for *_, c in strings):
        mine = [(x, y, n) for x, y, n, c in strings if c == colour]
        cords = "".join(f"M{x:.3g} {y - 1.5:.3g}V{y + n:.3g}" for x, y, n in mine)
        coins = "".join(f"M{x:.3g} {y + .5:.3g}V{y + n - .5:.3g}" for x, y, n in mine)
        knots = "".join(f"M{x:.3g} {y - 1.8:.3g}v0" for x, y, n in mine)
        out.append(f'<path d="{cords}" stroke="{colour}" stroke-width=".7"/>'
                   f'<path d="{coins}" stroke="{colour}" stroke-width="4.6" stroke-dasharray="2.6 1.3"/>'
                   f'<path d="{knots}" stroke="{colour}" stroke-width="2" stroke-linecap="round"/>')
    return "".join(out)


def suit_mark(kind: str, x: float, y: float, s: float) -> str:
    """A poker suit mark, s high, centred on (x, y): ``spade`` (black), ``heart`` and ``diamond`` (red)."""
    h = s / 2
    if kind == "diamond":
        return f'<path d="M{x:.3g} {y - h:.3g}L{x + h * .75:.3g} {y:.3g}L{x:.3g} {y + h:.3g}L{x - h * .75:.3g} {y:.3g}Z" fill="{RED}"/>'
    if kind == "heart":
        return (f'<path d="M{x:.3g} {y + h:.3g}C{x - h * 1.3:.3g} {y - h * .1:.3g} {x - h * .8:.3g} {y - h * 1.15:.3g} '
                f'{x:.3g} {y - h * .45:.3g}C{x + h * .8:.3g} {y - h * 1.15:.3g} {x + h * 1.3:.3g} {y - h * .1:.3g} '
                f'{x:.3g} {y + h:.3g}Z" fill="{RED}"/>')
    return (f'<path d="M{x:.3g} {y - h:.3g}C{x + h * .5:.3g} {y - h * .4:.3g} {x + h * 1.2:.3g} {y + h * .05:.3g} '
            f'{x + h * .5:.3g} {y + h * .5:.3g}C{x + h * .25:.3g} {y + h * .65:.3g} {x + h * .1:.3g} {y + h * .45:.3g} '
            f'{x + h * .08:.3g} {y + h * .3:.3g}L{x + h * .3:.3g} {y + h:.3g}H{x - h * .3:.3g}L{x - h * .08:.3g} '
            f'{y + h * .3:.3g}C{x - h * .1:.3g} {y + h * .45:.3g} {x - h * .25:.3g} {y + h * .65:.3g} '
            f'{x - h * .5:.3g} {y + h * .5:.3g}C{x - h * 1.2:.3g} {y + h * .05:.3g} {x - h * .5:.3g} {y - h * .4:.3g} '
            f'{x:.3g} {y - h:.3g}Z" fill="{INK}"/>')


def back(width: float, height: float, fill: str, line: str, glyph: str, name: str, shown: float | None = None) -> str:
    """A face-down card: coloured stock, a gold inner frame, a lattice and one character."""
    s = min(width, height) * .5
    body = (f'<rect x=".5" y=".5" width="{width - 1:g}" height="{height - 1:g}" rx="3" fill="{fill}" stroke="#222" '
            f'stroke-opacity=".5"/>'
            f'<rect x="3" y="3" width="{width - 6:g}" height="{height - 6:g}" fill="none" stroke="{line}" stroke-width=".8"/>'
            f'<path d="M3 3L{width - 3:g} {height - 3:g}M{width - 3:g} 3L3 {height - 3:g}" stroke="{line}" '
            f'stroke-opacity=".35" stroke-width=".6"/>'
            f'<rect x="{(width - s) / 2:g}" y="{(height - s) / 2:g}" width="{s:g}" height="{s:g}" fill="{fill}" '
            f'stroke="{line}" stroke-width=".8"/>'
            + text(glyph, width / 2, height / 2 + s * .33, s * .8, line, 700))
    return face(width, height, body, name, "card back", shown=shown)


#: The accessible name of a face-down card.
BACK_NAME = NP_("render-cards:back", "face-down card")


def back_name(lang: str) -> str:
    return _c(lang, "render-cards:back", BACK_NAME)


def stretched(ch: str, x: float, y: float, size: float, colour: str = INK, sy: float = 1.3, weight: int = 900) -> str:
    """A character drawn taller than wide (sy), as the long paper cards print them; baseline at y."""
    return (f'<text transform="translate({x:g} {y:g}) scale(1 {sy:g})" font-size="{size:g}" text-anchor="middle" '
            f'font-weight="{weight}" fill="{colour}">{esc(ch)}</text>')
