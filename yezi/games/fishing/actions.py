"""Fishing's action codes (see the table in `yezi.games.fishing.game`) and their decoding.

Its own module because the engine, the bots and the knowledge sampler all read action codes, and
the bots and the sampler must not import the engine that imports them.
"""

from __future__ import annotations

from yezi.components import tiengow as tg

K = tg.NUM_KINDS
CAP, REL, DCAP, DREL, STACK, KEEP = 0, 441, 462, 903, 924, 945
ACTION_SPACE = 946


def decode(a: int) -> tuple[str, int, int]:
    """(kind of action, card, target): ``("cap", h, t)``, ``("rel", h, -1)``, ``("dcap", d, t)``,
    ``("drel", d, -1)``, ``("stack", h, -1)``, ``("keep", -1, -1)``."""
    if a < REL:
        return "cap", a // K, a % K
    if a < DCAP:
        return "rel", a - REL, -1
    if a < DREL:
        return "dcap", (a - DCAP) // K, (a - DCAP) % K
    if a < STACK:
        return "drel", a - DREL, -1
    if a < KEEP:
        return "stack", a - STACK, -1
    return "keep", -1, -1


