"""SVG drawings of cards, tiles and tables as pure functions (no I/O, no state).

Each game may have a module `yezi.render.<game>` (the game's name in the registry). The web app
uses three optional functions from it:

* ``assets(lang) -> dict``: what its browser renderer needs once (card faces as SVG strings,
  card names, which cards each action code uses);
* ``table_svg(view, lang) -> str``: the whole table as one SVG from a seat's view (notebooks,
  previews, tests);
* ``frame_extras(state, seat) -> dict``: seat-private explanations derived only from what that
  seat knows (e.g. why a card is 老歲).

The browser half lives in ``yezi/web/games/<game>.js``; a game with neither is still playable
through the generic client.
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
