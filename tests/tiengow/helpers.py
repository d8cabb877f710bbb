"""Building 打天九 positions from chosen hands, for rule tests."""

from __future__ import annotations

from yezi.components import tiengow as tg
from yezi.core.registry import load_game
from yezi.games.tiengow import combos as cb


def deal_with(*hands: list[int]) -> dict:
    """A deal whose first hands hold the given tiles; the rest of the set fills the rest in order."""
    pool = tg.counts(tg.domino_set())
    out = []
    for h in hands:
        for k in h:
            pool[k] -= 1
            assert pool[k] >= 0, f"tile {tg.name(k)} used too often"
        out.append(list(h))
    rest = tg.expand(pool)
    for h in out:
        while len(h) < 8:
            h.append(rest.pop())
    while len(out) < 4:
        out.append([rest.pop() for _ in range(8)])
    return {"hands": [sorted(h) for h in out]}


def game(preset: str = "hongkong", **opts):
    return load_game("tiengow", preset, {k: str(v) for k, v in opts.items()})


def up(*kinds: int) -> int:
    return 2 * cb.INDEX[tuple(sorted(kinds))]


def down(*kinds: int) -> int:
    return 2 * cb.INDEX[tuple(sorted(kinds))] + 1
