"""The avatars a player chooses from: a dozen marks drawn from the games' own things (dominoes and
their pips, long cards, the 葉子 leaf, a cash coin), in the table's colours. Drawn here, never
uploaded: nobody can put a picture of their own before other players.

Each mark is the inside of a 48×48 SVG; `svg` wraps it on its round ground.
"""

from __future__ import annotations

from html import escape

FELT, PAPER, INK, RED, GOLD, WOOD = "#24543f", "#fbf5e6", "#1d1d1d", "#b3261e", "#ffd166", "#3a2a1a"


def _pips(points: list[tuple[float, float]], r: float = 2.6, color: str = INK) -> str:
    return "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{color}"/>' for x, y in points)


def _tile(top: list[tuple[float, float]], bottom: list[tuple[float, float]], red_top: bool = False) -> str:
    """A domino standing up: two halves of pips."""
    shift = [(x, y + 17) for x, y in bottom]
    return (f'<rect x="15" y="6" width="18" height="36" rx="3" fill="{PAPER}" stroke="{WOOD}" stroke-width="1.5"/>'
            f'<line x1="17" y1="24" x2="31" y2="24" stroke="{WOOD}" stroke-width="1.2"/>'
            + _pips(top, color=RED if red_top else INK) + _pips(shift))


#: id -> (ground colour, drawing)
MARKS: dict[str, tuple[str, str]] = {
    "leaf": (FELT, f'<path d="M24 8 C36 14 38 30 24 40 C10 30 12 14 24 8 Z" fill="{GOLD}"/>'
                   f'<path d="M24 12 L24 42" stroke="{WOOD}" stroke-width="1.6"/>'
                   f'<path d="M24 20 L30 16 M24 27 L31 22 M24 20 L18 16 M24 27 L17 22" stroke="{WOOD}" stroke-width="1.2"/>'),
    "coin": (WOOD, f'<circle cx="24" cy="24" r="15" fill="{GOLD}" stroke="{PAPER}" stroke-width="1.5"/>'
                   f'<rect x="19" y="19" width="10" height="10" fill="{WOOD}"/>'
                   f'<circle cx="24" cy="24" r="11.5" fill="none" stroke="{WOOD}" stroke-width="1"/>'),
    "heaven": (FELT, _tile([(20, 11), (28, 11), (20, 16), (28, 16), (20, 21), (28, 21)],
                           [(20, 11), (28, 11), (20, 16), (28, 16), (20, 21), (28, 21)])),
    "earth": (RED, _tile([(24, 15)], [(24, 15)], red_top=True)),
    "man": ("#2f4f7a", _tile([(20, 11), (28, 21), (24, 16)], [(20, 11), (28, 11), (20, 21), (28, 21)], red_top=True)),
    "plum": (WOOD, _tile([(20, 11), (28, 11), (24, 16), (20, 21), (28, 21)], [(20, 11), (28, 11), (20, 21), (28, 21)])),
    "longcard": ("#6b3f8a", f'<rect x="17" y="5" width="14" height="38" rx="2" fill="{PAPER}" stroke="{WOOD}" stroke-width="1.5"/>'
                            f'<rect x="20" y="9" width="8" height="12" fill="{RED}"/>'
                            f'<rect x="20" y="25" width="8" height="14" fill="none" stroke="{INK}" stroke-width="1.4"/>'
                            f'<path d="M20 32 H28" stroke="{INK}" stroke-width="1.4"/>'),
    "fan": (FELT, "".join(f'<rect x="21" y="8" width="9" height="26" rx="1.5" fill="{PAPER}" stroke="{WOOD}" '
                          f'stroke-width="1.2" transform="rotate({a} 24 38)"/>' for a in (-30, -10, 10, 30))
                  + f'<circle cx="24" cy="38" r="2" fill="{RED}"/>'),
    "die": (RED, f'<rect x="11" y="11" width="26" height="26" rx="5" fill="{PAPER}"/>'
                 + _pips([(18, 18), (30, 30)], 2.8) + _pips([(24, 24)], 3.4, RED) + _pips([(30, 18), (18, 30)], 2.8)),
    "string": ("#2f4f7a", "".join(f'<circle cx="{24 + 9 * (-1) ** i}" cy="{10 + 7 * i}" r="5" fill="{GOLD}" '
                                  f'stroke="{WOOD}" stroke-width="1"/><rect x="{22 + 9 * (-1) ** i}" y="{8 + 7 * i}" '
                                  f'width="4" height="4" fill="{WOOD}"/>' for i in range(5))
                          + f'<path d="M24 6 V44" stroke="{RED}" stroke-width="1.4"/>'),
    "lantern": (WOOD, f'<path d="M24 5 V10" stroke="{GOLD}" stroke-width="1.6"/>'
                      f'<ellipse cx="24" cy="24" rx="12" ry="14" fill="{RED}"/>'
                      f'<path d="M24 10 C18 16 18 32 24 38 M24 10 C30 16 30 32 24 38" stroke="{GOLD}" '
                      f'stroke-width="1.2" fill="none"/><rect x="19" y="8" width="10" height="4" fill="{GOLD}"/>'
                      f'<rect x="19" y="36" width="10" height="4" fill="{GOLD}"/>'
                      f'<path d="M22 40 V45 M24 40 V46 M26 40 V45" stroke="{GOLD}" stroke-width="1"/>'),
    "moon": ("#1c2b45", f'<circle cx="24" cy="24" r="13" fill="{GOLD}"/><circle cx="30" cy="19" r="11" fill="#1c2b45"/>'
                        f'<circle cx="34" cy="34" r="1.6" fill="{PAPER}"/><circle cx="14" cy="12" r="1.2" fill="{PAPER}"/>'),
    "bamboo": (FELT, "".join(f'<rect x="{x}" y="7" width="5" height="34" rx="2" fill="{GOLD}"/>'
                             f'<path d="M{x} 18 H{x + 5} M{x} 30 H{x + 5}" stroke="{WOOD}" stroke-width="1.2"/>'
                             for x in (14, 21.5, 29))),
}


def svg(mark: str, size: int = 48, label: str = "") -> str:
    """The mark as an inline SVG (a blank ground for "" or an unknown id); `label` names it for readers."""
    ground, drawing = MARKS.get(mark, ("#8a7a5a", ""))
    title = f"<title>{escape(label)}</title>" if label else ""
    role = f'role="img" aria-label="{escape(label, quote=True)}"' if label else 'aria-hidden="true"'
    return (f'<svg class="avatar" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="{size}" height="{size}" '
            f'{role}>{title}<circle cx="24" cy="24" r="24" fill="{ground}"/>{drawing}</svg>')
