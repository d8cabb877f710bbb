"""Test helpers: explicit Fishing deals built from a few named cards plus a deterministic filling."""

from __future__ import annotations

import random

from yezi.components import tiengow as tg


def make_deal(game, hands=None, lake=None, stock_head=None, stock_tail=None, seed=0):
    """A valid deal whose named parts are exactly as given (kinds or names); the rest is filled
    from the remaining cards in a seeded order."""
    def kinds(x):
        if x is None:
            return []
        if isinstance(x, str):
            return tg.parse_kinds(x)
        return list(x)

    pool = list(game.deck_counts)
    hands = [kinds(h) for h in (hands or [None] * game.players)]
    hands += [[] for _ in range(game.players - len(hands))]
    lake, head, tail = kinds(lake), kinds(stock_head), kinds(stock_tail)
    for k in [c for h in hands for c in h] + lake + head + tail:
        pool[k] -= 1
        assert pool[k] >= 0, f"too many {tg.name(k)}"
    rest = tg.expand(pool)
    random.Random(seed).shuffle(rest)
    for h in hands:
        while len(h) < game.hand_size:
            h.append(rest.pop())
    while len(lake) < game.lake_size:
        lake.append(rest.pop())
    stock = head + rest + tail
    assert len(stock) == game.stock_size
    return {"hands": [sorted(h) for h in hands], "lake": sorted(lake), "stock": stock}
