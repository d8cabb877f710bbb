"""A heuristic Luk Fu bot: bids on strong hands, leads and beats sensibly, from its view only."""

from __future__ import annotations

import random
from typing import Any

from yezi.components.lukfu_deck import WAN_TSIN, mask_of, number
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.plays import PLAYS


def hand_strength(game, hand: int, laosui: int) -> int:
    """Cards that should win tricks: 老歲 singles plus the cards of disjoint 各 and 順."""
    combos = sorted((PLAYS[p].mask for p in game.table.combos_in(hand)), key=lambda m: -bin(m).count("1"))
    used = 0
    for m in combos:
        if not m & used:
            used |= m
    return bin(laosui & ~used).count("1") + bin(used).count("1")


class HeuristicBot:
    name = "heuristic"

    def __init__(self, bid_threshold: int = 6, partner_threshold: int = 8):
        self.bid_threshold = bid_threshold
        self.partner_threshold = partner_threshold  # 二家/三家 risk 包賠, so they need more

    def choose(self, game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        hand = mask_of(view["hand"])
        laosui = mask_of(view.get("laosui", []))
        phase = view["phase"]
        if A.TIGERS in legal:
            return A.TIGERS
        if phase == "tigers":
            return A.NO_TIGERS
        if phase == "bid":
            strength = hand_strength(game, hand, laosui)
            need = self.bid_threshold if view["seat"] == 0 else self.partner_threshold
            return A.BID if strength >= need and A.BID in legal else (A.PASS if A.PASS in legal else A.BID)
        if A.DECLARE in legal:
            return A.DECLARE
        plays = [a for a in legal if A.PLAY_BASE <= a < A.DISCARD_BASE]
        discards = [a - A.DISCARD_BASE for a in legal if a >= A.DISCARD_BASE]
        leading = not view["tricks"] or view["tricks"][-1]["winner"] is not None
        if leading:
            return self._lead(game, plays, hand, laosui, view)
        if plays:
            # Beat with the cheapest play that beats: it wins the trick unless topped later.
            return min(plays, key=lambda a: _play_cost(PLAYS[a - A.PLAY_BASE], laosui))
        keep = self._card_values(game, hand, laosui)
        return A.DISCARD_BASE + min(discards, key=lambda c: keep[c])

    def _lead(self, game, plays: list[int], hand: int, laosui: int, view) -> int:
        combos = [a for a in plays if a - A.PLAY_BASE >= 37]
        singles = [a - A.PLAY_BASE for a in plays if a - A.PLAY_BASE < 37]
        if combos:
            # The longest combination wins the most 糊 if nobody tops it.
            return max(combos, key=lambda a: (PLAYS[a - A.PLAY_BASE].size, PLAYS[a - A.PLAY_BASE].number))
        old = [c for c in singles if laosui >> c & 1 and c != WAN_TSIN]
        if old:
            return A.PLAY_BASE + old[0]
        if singles:
            # Lead the lowest allowed single: it costs least and forces the others to break up.
            return A.PLAY_BASE + min(singles, key=lambda c: number(c))
        return plays[0]

    def _card_values(self, game, hand: int, laosui: int) -> dict[int, float]:
        in_combo = 0
        for p in game.table.combos_in(hand):
            in_combo |= PLAYS[p].mask
        values = {}
        for c in range(37):
            v = number(c) / 10
            if laosui >> c & 1:
                v += 5
            if in_combo >> c & 1:
                v += 2
            values[c] = v
        return values


def _play_cost(p, laosui: int) -> float:
    return p.number + 10 * bin(p.mask & laosui).count("1")
