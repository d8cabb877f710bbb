"""十五胡 heuristic bot. It decides from its seat's view and the legal actions only.

What it weighs: a trick pays its winner the cards of his play (or the whole trick), so a play is
worth its size times the chance that nobody beats it. That chance is estimated from the cards
the seat has not seen (84 minus its hand minus every card played, all public): a play no unseen
cards can beat is sure; otherwise each beater's chance of sitting in one opponent's hand is a
binomial tail on the unseen copies. It leads the play with the best expected 胡 (and, when
nothing stands, throws the least valuable card away cheaply); it beats when the expected gain
beats keeping its cards, and always tries to stop a player who would reach his threshold with
this trick. It declares as soon as it may, unless its sure plays alone reach the next tier
while nobody else is close.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

from yezi.components import tiengow as tg
from yezi.games.shiwuhu.plays import DECLARE, NEED, PASS, PLAY_ON, PLAYS, SIZE

K = tg.NUM_KINDS


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Any, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        hand = view["hand"]
        played = view["played"]
        unk = [4 - hand[k] - sum(p[k] for p in played) for k in range(K)]
        total = sum(unk)
        opps = [s for s in range(game.num_seats) if s != seat and view["hand_sizes"][s]]
        q = (sum(view["hand_sizes"][s] for s in opps) / len(opps) / total) if total and opps else 0.0
        est = _Estimator(game, unk, q, len(opps))
        if DECLARE in legal:
            return self._declare(game, view, hand, est)
        if PASS in legal:
            return self._follow(game, view, legal, hand, est, rng)
        return self._lead(game, view, legal, hand, est, rng)

    # ---- decisions ----------------------------------------------------------------------------------
    def _declare(self, game, view, hand, est) -> int:
        seat = view["seat"]
        hu = view["hu"][seat]
        others = max((h for s, h in enumerate(view["hu"]) if s != seat), default=0)
        target = 18 if hu < 18 else 21
        sure = sum(SIZE[a] for a in game.leads(hand) if SIZE[a] == 1 and est.survive(a) >= 0.999)
        if hu + sure >= target and others <= 9:
            return PLAY_ON
        return DECLARE

    def _lead(self, game, view, legal, hand, est, rng) -> int:
        best, best_v = legal[0], float("-inf")
        for a in legal:
            p = est.survive(a)
            size = SIZE[a]
            v = size * p - (1 - p) * size * 0.6 - 0.15 * est.strength(a)
            v += rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _follow(self, game, view, legal, hand, est, rng) -> int:
        seat = view["seat"]
        bseat = view["best_seat"]
        trick_cards = sum(SIZE[a] for _s, a in view["trick"] if a < PASS)
        gain_trick = 0 if game.hu_own else trick_cards
        threat = bseat is not None and view["hu"][bseat] + (SIZE[view["best"]] if game.hu_own else trick_cards) \
            >= view["need"][bseat]
        best, best_v = PASS, 0.0
        for a in legal:
            if a == PASS:
                continue
            p = est.survive(a)
            size = SIZE[a]
            v = (size + gain_trick) * p - 0.35 * est.strength(a)
            if threat:
                v += 6.0
            if view["hu"][seat] + size + gain_trick >= view["need"][seat]:
                v += 2.0 * p
            v += rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best


class _Estimator:
    """Chances that a play stands, from the unseen cards; memoised within one decision."""

    def __init__(self, game, unk: list[int], q: float, opps: int):
        self.game = game
        self.unk = unk
        self.q = q
        self.opps = opps
        self._tail: dict[tuple[int, int], float] = {}
        self._survive: dict[int, float] = {}

    def tail(self, u: int, n: int) -> float:
        """P(one opponent holds at least n of the u unseen copies), binomial with share q."""
        key = (u, n)
        t = self._tail.get(key)
        if t is None:
            q = self.q
            t = sum(comb(u, i) * q ** i * (1 - q) ** (u - i) for i in range(n, u + 1)) if u >= n else 0.0
            self._tail[key] = t
        return t

    def survive(self, a: int) -> float:
        s = self._survive.get(a)
        if s is None:
            s = 1.0
            unk = self.unk
            for b in self.game.beaters[a]:
                pb = 1.0
                for k, n in NEED[b]:
                    if unk[k] < n:
                        pb = 0.0
                        break
                    pb *= self.tail(unk[k], n)
                if pb:
                    s *= (1 - pb) ** self.opps
            self._survive[a] = s
        return s

    def strength(self, a: int) -> float:
        """How much the cards of a play are worth keeping: high-ranked cards can win later tricks."""
        p = PLAYS[a]
        v = 0.0
        for k, n in p.cards:
            kind = tg.KINDS[k]
            top = 11 if kind.civil else 6
            v += n * (top - kind.rank + 1) / top
        return v
