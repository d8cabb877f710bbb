"""The exact expected payment of each way to set a 大牌九 hand against the house way.

Why it exists: 牌九 has one decision a hand, the house way (`bots.HouseWayBot`) is nearly the best
setting, and two settings of a hand differ by a few hundredths of a stake while a hand's
payment varies by a whole stake. Monte-Carlo returns are far too noisy to learn that difference
from (two DMC runs lost to the house way, docs/bots.md); but the expectation itself is small
enough to compute exactly, so the learned bot is trained on it (`yezi train paigow --targets
exact`, yezi/train/dmc.py).

From a seat's view alone (nothing it cannot see): the tiles it cannot see are equally likely to
be anywhere, so the opposing hand (the banker's, for a player; any one player's, for the banker)
is a uniform draw of four of them, set by the house way from that seat's own view. A player's
value is P(both hands win) − P(both lose) times his stake; the banker's is minus the sum of that
over the players (each player's hand has the same distribution, so the expectations add even
though the hands are drawn together). Ties go to the banker as the game's hand keys say.

Every distinct four-tile hand (8,130 multisets of the 21 kinds) and its house-way setting for
either side is tabulated once per rule set (about 2 s); a query is then a few numpy operations
over the table.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from yezi.games.paigow.actions import SET_CODE
from yezi.games.paigow.hands import K

_COMB = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)


class SettingValues:
    """The table for one 大牌九 rule set (`PaiGow` with ``tiles=4``)."""

    def __init__(self, game: Any):
        from yezi.games.paigow.bots import HouseWayBot

        if not game.big:
            raise ValueError("exact setting values are for Big Pai Gow (four tiles)")
        self.game = game
        self.counts = np.array(game.set_counts, dtype=np.int64)
        hands: list[tuple[int, ...]] = [h for h in itertools.combinations_with_replacement(range(K), 4)
                 if all(h.count(k) <= self.counts[k] for k in set(h))]
        self.hands = hands
        self.index = {h: i for i, h in enumerate(hands)}
        self.cnt = np.array([[h.count(k) for k in range(K)] for h in hands], dtype=np.int64)
        keys = game.keys
        #: per side (False: a player, True: the banker) each hand's house-way (front, back) keys
        self.house: dict[bool, np.ndarray] = {}
        for banker in (False, True):
            rows = []
            for h in hands:
                front = divmod(HouseWayBot.setting(game, list(h), banker) - SET_CODE[(0, 0)], K)
                back = list(h)
                back.remove(front[0])
                back.remove(front[1])
                rows.append((keys[front[0] * K + front[1]], keys[back[0] * K + back[1]]))
            self.house[banker] = np.array(rows, dtype=np.int64)
        #: the values asked so far (at most 8,130 hands x 2 sides x the stakes seen)
        self._memo: dict[tuple[Any, ...], dict[int, float]] = {}

    _tables: dict[tuple[Any, ...], SettingValues] = {}

    @classmethod
    def of(cls, game: Any) -> SettingValues:
        """The table for `game`'s rules (built on first use, then shared)."""
        key = (game.name, tuple(sorted((k, str(v)) for k, v in game.rules.items())))
        got = cls._tables.get(key)
        if got is None:
            got = cls._tables[key] = cls(game)
        return got

    def opponents(self, hand: tuple[int, ...]) -> np.ndarray:
        """The chance of each tabulated hand being the opposing one, given `hand` is not."""
        unseen = self.counts - self.cnt[self.index[tuple(sorted(hand))]]
        fits = (self.cnt <= unseen).all(axis=1)
        ways = np.prod(_COMB[np.clip(unseen, 0, 4)[None, :], self.cnt], axis=1) * fits
        return ways / ways.sum()

    def values(self, hand: tuple[int, ...], banker: bool, stakes: list[int]) -> dict[int, float]:
        """Each setting of `hand` (front-hand action code) → the seat's expected payment;
        `stakes`: a player's own stake, or the banker's players' stakes."""
        memo = (tuple(sorted(hand)), banker, tuple(stakes))
        got = self._memo.get(memo)
        if got is not None:
            return dict(got)
        g, keys = self.game, self.game.keys
        w = self.opponents(hand)
        opp = self.house[not banker]
        out: dict[int, float] = {}
        for front, back in g.splits(list(hand)):
            kf, kb = keys[front[0] * K + front[1]], keys[back[0] * K + back[1]]
            if banker:  # the player wins a hand only by beating the banker's strictly
                pf, pb = opp[:, 0] > kf, opp[:, 1] > kb
            else:
                pf, pb = kf > opp[:, 0], kb > opp[:, 1]
            player = float(w @ ((pf & pb).astype(np.int64) - (~pf & ~pb).astype(np.int64)))
            out[SET_CODE[front]] = -player * sum(stakes) if banker else player * stakes[0]
        self._memo[memo] = out
        return dict(out)


def setting_values(game: Any, view: dict[str, Any]) -> dict[int, float] | None:
    """The expected payment of each legal setting for the seat of `view`, when it is that seat's
    turn to set four tiles (None at any other decision or in Small Pai Gow)."""
    if not game.big or view["phase"] != "set" or view["to_act"] != view["seat"] or view["hand"] is None:
        return None
    seat = view["seat"]
    banker = seat == view["banker"]
    stakes = view["stakes"]
    own = [int(stakes[s] or 1) for s in range(view["seats"]) if s != view["banker"]] if banker \
        else [int(stakes[seat] or 1)]
    return SettingValues.of(game).values(tuple(view["hand"]), banker, own)


__all__ = ["SettingValues", "setting_values"]
