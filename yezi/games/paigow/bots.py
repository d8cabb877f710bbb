"""The house way: 牌九's heuristic bot, deciding from its seat's view only.

Casinos have their dealer set the banker's tiles by a fixed "house way" ([CAS] in docs/paigow.md);
published house ways are long tables of special cases. This one keeps their spirit in a single
rule that needs no table: choose the split whose two hands are together strongest, measuring each
hand by its chance of beating a two-tile hand drawn at random from the tiles this seat cannot see
(ties count for the banker). For a player this estimates P(win front) + P(win back) − 1, his
expected result when the two comparisons are independent; so it keeps strong pairs together,
splits weak ones when that lifts the front hand a lot, and plays 至尊 and Wong hands naturally.
What it ignores — that the banker's two hands are correlated, and how the banker sets them — is
what the search bot (`sample_from_view` plus rollouts) can exploit.

Stakes: a player's expectation is negative (every tie is the banker's), so the house way stakes
the minimum.
"""

from __future__ import annotations

import random
from typing import Any

from yezi.components import tiengow as tg
from yezi.games.paigow.actions import SET_CODE, STAKE
from yezi.games.paigow.hands import K


def strength(game: Any, pair: tuple[int, int], unseen: list[int], banker: bool) -> float:
    """The share of two-tile hands from `unseen` (a count vector) that `pair` beats (ties: the banker's)."""
    keys = game.keys
    mine = keys[pair[0] * K + pair[1]]
    win = total = 0
    kinds = [k for k in range(K) if unseen[k]]
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            n = unseen[a] * (unseen[a] - 1) // 2 if a == b else unseen[a] * unseen[b]
            if not n:
                continue
            other = keys[a * K + b]
            total += n
            if mine > other or (banker and mine == other):
                win += n
    return win / total if total else 0.5


class HouseWayBot:
    name = "heuristic"

    def __init__(self) -> None:
        self._cache: dict[tuple[int, tuple[int, ...], bool], int] = {}

    def choose(self, game: Any, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "stake":
            return STAKE if STAKE in legal else legal[0]
        hand = tuple(view["hand"])
        banker = view["seat"] == view["banker"]
        key = (id(game), hand, banker)
        best = self._cache.get(key)
        if best is None or best not in legal:
            best = self.setting(game, list(hand), banker)
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[key] = best
        return best

    @staticmethod
    def setting(game: Any, hand: list[int], banker: bool) -> int:
        """The house-way split of four tiles, as the action code of its front hand."""
        unseen = list(game.set_counts)
        for k in hand:
            unseen[k] -= 1
        best, best_v = None, -1.0
        for front, back in game.splits(hand):
            v = strength(game, front, unseen, banker) + strength(game, back, unseen, banker)
            if v > best_v + 1e-12:
                best, best_v = SET_CODE[front], v
        assert best is not None
        return best


def describe_setting(game: Any, hand: list[int], lang: str = "en") -> str:
    """The house way's split in words (for hints and the guide)."""
    code = HouseWayBot.setting(game, hand, False)
    front = divmod(code - SET_CODE[(0, 0)], K)
    rest = list(hand)
    for k in front:
        rest.remove(k)
    return (f"{tg.format_kinds(front, lang)} ({game.hand_name(front, lang)}) | "
            f"{tg.format_kinds(rest, lang)} ({game.hand_name(rest, lang)})")
