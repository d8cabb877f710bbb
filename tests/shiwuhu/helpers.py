"""Test helpers: explicit 十五胡 deals from a few named cards plus a deterministic filling, and
states reached by a scripted list of moves."""

from __future__ import annotations

import random

from yezi.components import tiengow as tg
from yezi.core.registry import load_game


def make_deal(game, hands, seed: int = 0) -> dict:
    """A valid deal whose named cards are in the given seats (names or kinds); every hand is then
    filled to its size from the remaining cards in a seeded order."""
    pool = [4] * tg.NUM_KINDS
    out = []
    for h in hands + [None] * (game.players - len(hands)):
        kinds = tg.parse_kinds(h) if isinstance(h, str) else list(h or [])
        for k in kinds:
            pool[k] -= 1
            assert pool[k] >= 0, f"too many {tg.name(k)}"
        out.append(kinds)
    rest = tg.expand(pool)
    random.Random(seed).shuffle(rest)
    for h in out:
        while len(h) < game.hand_size:
            h.append(rest.pop())
    return {"hands": [sorted(h) for h in out]}


def state_after(game, hands, moves, seed: int = 0):
    """A state on `make_deal(hands)` after the moves (any notation), each validated."""
    state = game.new_state(make_deal(game, hands, seed))
    for m in moves:
        state.apply(m)
    return state


def game(preset: str | None = None, **options):
    return load_game("shiwuhu", preset, {k: str(v) for k, v in options.items()})
