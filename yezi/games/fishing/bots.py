"""Fishing bots. Each decides from its seat's view and the legal actions only.

* `GreedyBot`: the best immediate catch value (the rise in its own 決勝分); when it must release,
  it lets go of the card worth least to itself.
* `HeuristicBot`: greedy, plus 誅張 (blocking): it values taking a lake card that an opponent
  needs (the card that would complete their 天九, 至尊, 鈞 or a medium group), and avoids
  releasing a card that would complete one for an opponent — every estimate from public
  catches and the lake, never from hidden cards. As the 尾家 who peeked, it prefers releasing
  a card its 尾牌 can take back on the last draw.
"""

from __future__ import annotations

import random
from typing import Any

from yezi.games.fishing.actions import decode


def _after(counts: list[int], adds: list[tuple[int, int]]) -> list[int]:
    c = list(counts)
    for k, n in adds:
        c[k] += n
    return c


class GreedyBot:
    name = "greedy"
    deny_weight = 0.0
    offer_weight = 0.0
    peek_weight = 0.0

    def _taken(self, game, view, target: int) -> int:
        lake = view["lake"]
        if lake[target] == 3 and (target in view["stacked"] or (game.one_takes_three and target in game.self_only)):
            return 3
        return 1

    def worth(self, game, counts: list[int], base: int, adds: list[tuple[int, int]]) -> int:
        return game.catch_score(_after(counts, adds)) - base

    def choose(self, game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        catches = view["catches"]
        mine = catches[seat]
        base = game.catch_score(mine)
        opps = [s for s in range(len(catches)) if s != seat]
        # The 尾家 who peeked knows its last draw: a card that the 尾牌 can take back is cheap to release.
        tail = view["deal"].get("tail") if self.peek_weight and view["stock_left"] > 0 else None
        obase = {s: game.catch_score(catches[s]) for s in opps}
        # Memos for this decision: the blocking and offering terms depend only on the lake card
        # taken or the card released, which many legal actions share (search rollouts call this
        # thousands of times a decision).
        deny: dict[tuple[int, int], float] = {}
        release: dict[int, float] = {}
        best: list[int] = []
        bestv = float("-inf")
        for a in legal:
            kind, card, target = decode(a)
            if kind in ("cap", "dcap"):
                n = self._taken(game, view, target)
                v: float = self.worth(game, mine, base, [(card, 1), (target, n)])
                if self.deny_weight:
                    d = deny.get((target, n))
                    if d is None:
                        d = deny[target, n] = self.deny_weight * max(
                            (self.worth(game, catches[s], obase[s], [(target, n)]) - 10 * n for s in opps),
                            default=0)
                    v += d
            elif kind in ("rel", "drel"):
                r = release.get(card)
                if r is None:
                    r = -0.5 * self.worth(game, mine, base, [(card, 1)])
                    if tail is not None and card in game.matches[tail]:
                        r += self.peek_weight * self.worth(game, mine, base, [(card, 1), (tail, 1)])
                    if self.offer_weight:
                        r -= self.offer_weight * max(
                            (self.worth(game, catches[s], obase[s], [(card, 1), (m, 1)]) - 20
                             for s in opps for m in game.matches[card]), default=0)
                    release[card] = r
                v = r
            elif kind == "stack":
                v = 1.0
            else:  # keep
                v = 0.0
            v += rng.random() * 1e-3
            if v > bestv:
                bestv, best = v, [a]
        return best[0]


class HeuristicBot(GreedyBot):
    name = "heuristic"
    # Tuned against GreedyBot (one heuristic, two greedy, 3000 deals, suffocated preset): +28 a deal.
    deny_weight = 1.0
    offer_weight = 0.3
    peek_weight = 0.5

