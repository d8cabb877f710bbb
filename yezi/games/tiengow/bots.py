"""The 打天九 heuristic bot: decides from its seat's view and the legal actions only.

What it weighs: only the last trick wins the deal, but every trick taken lowers what one pays
(4 − tricks) and, under 入一, a trick is needed to contest a single last trick. So it

* leads a set that nobody can beat ("safe": no combination of the tiles it has not seen beats
  it), the more tiles the better, keeping its strongest single for the last trick; with nothing
  safe it leads its weakest tile to give the lead away cheaply;
* follows with the cheapest set that beats, when it is the last to play or the set is safe, or
  when the trick holds several tiles each, or it still needs a trick; it does not spend its
  keeper on an early single trick once it has a trick;
* puts face down the tiles worth least to it, keeping pairs and 文武 sets together.

"Unseen" tiles are the set less its own hand, its own face-down tiles and every face-up tile: the
others' face-down tiles stay among them (it cannot know them), so its safety is conservative.
"""

from __future__ import annotations

import random
from typing import Any

from yezi.components import tiengow as tg
from yezi.games.tiengow import combos as cb

_SET = tg.counts(tg.domino_set())


def _value(k: int) -> float:
    kind = tg.KINDS[k]
    return float(12 - kind.rank) if kind.civil else 1.5 * (7 - kind.rank)


VALUE = tuple(_value(k) for k in range(tg.NUM_KINDS))


def unseen_tiles(view: dict[str, Any]) -> list[int]:
    unseen = list(_SET)
    for k in view["hand"]:
        unseen[k] -= 1
    for trick in (*view["past"], view["trick"]):
        for p in trick["plays"]:
            for k in p["tiles"] or ():
                unseen[k] -= 1
    return unseen


def _safe(index: int, unseen: list[int]) -> bool:
    combo = cb.COMBOS[index]
    if combo is None:
        return False
    if combo.category == cb.SUPREME:
        return True
    return not any(cb.in_hand(j, unseen) for j in cb.BETTER[combo.category][combo.rank])


def _keep_bonus(hand: list[int]) -> list[float]:
    """Extra worth of a tile that is part of a set in hand (a pair, a 文武 set, 至尊)."""
    bonus = [0.0] * tg.NUM_KINDS
    for k in range(tg.NUM_KINDS):
        if hand[k] >= 2:
            bonus[k] += 3.0
    for a, b in tg.ZA_PAIRS.values():
        if hand[a] and hand[b]:
            bonus[a] += 2.0
            bonus[b] += 2.0
    a, b = tg.SUPREME
    if hand[a] and hand[b]:
        bonus[a] += 6.0
        bonus[b] += 6.0
    for g in tg.WENWU:
        if hand[g.civil] and (hand[g.military[0]] or hand[g.military[1]]):
            bonus[g.civil] += 2.0
            for m in g.military:
                if hand[m]:
                    bonus[m] += 2.0
    return bonus


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Any, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        hand = tg.counts(view["hand"])
        unseen = unseen_tiles(view)
        if not view["trick"]["plays"]:
            return self._lead(view, hand, unseen, legal)
        return self._follow(view, hand, unseen, legal)

    @staticmethod
    def _keeper(hand: list[int], unseen: list[int]) -> int | None:
        """The single tile it means to keep for the last trick: its safest, strongest single."""
        best, best_v = None, -1.0
        for k in range(tg.NUM_KINDS):
            if hand[k]:
                v = VALUE[k] + (20.0 if _safe(cb.INDEX[(k,)], unseen) else 0.0)
                if v > best_v:
                    best, best_v = k, v
        return best

    def _lead(self, view: dict[str, Any], hand: list[int], unseen: list[int], legal: list[int]) -> int:
        size = sum(hand)
        keeper = self._keeper(hand, unseen)
        bonus = _keep_bonus(hand)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            i = a >> 1
            tiles = cb.MULTISETS[i]
            n = len(tiles)
            safe = _safe(i, unseen)
            if n == size:  # the last trick
                v = 1000.0 + (100.0 if safe else 0.0) - cb.COMBOS[i].rank  # type: ignore[union-attr]
            elif safe:
                v = 100.0 + 10.0 * n
                if n == 1 and tiles[0] == keeper and hand[keeper] == 1:
                    v -= 90.0
            else:
                v = -sum(VALUE[k] + bonus[k] for k in tiles) / n
            if v > best_v:
                best, best_v = a, v
        return best

    def _follow(self, view: dict[str, Any], hand: list[int], unseen: list[int], legal: list[int]) -> int:
        trick = view["trick"]
        seat = view["seat"]
        ups = [a for a in legal if not a & 1]
        downs = [a for a in legal if a & 1]
        size = sum(hand)
        n = trick["n"]
        remaining = 3 - len(trick["plays"])
        if ups:
            ups.sort(key=lambda a: -cb.COMBOS[a >> 1].rank)  # type: ignore[union-attr]  # cheapest first
            safe_ups = [a for a in ups if remaining == 0 or _safe(a >> 1, unseen)]
            choice = safe_ups[0] if safe_ups else ups[0]
            keeper = self._keeper(hand, unseen)
            spends_keeper = n == 1 and (choice >> 1) == cb.INDEX[(keeper,)] if keeper is not None else False
            need_trick = view["won"][seat] == 0
            worth_it = trick["last"] or n >= 2 or need_trick or bool(safe_ups)
            if worth_it and not (spends_keeper and not need_trick and size > 2 and not trick["last"]):
                return choice
        if not downs:
            return legal[0]
        bonus = _keep_bonus(hand)
        return min(downs, key=lambda a: sum(VALUE[k] + bonus[k] for k in cb.MULTISETS[a >> 1]))
