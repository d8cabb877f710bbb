"""Ma Diao bots. They decide from the seat's view only (never the state).

The heuristic knows the 百老 guard duties of 鬭百老法 (keep 千萬/萬萬 until 百老 appears, do not
open the 十 suit without 百老, capture 百老 whenever possible), plays for 正本 (two tricks) as
banker, and as 散家 plays against the banker: it captures the banker's winning card when it can
(which also avoids the 故縱 liability D2).
"""

from __future__ import annotations

import random
from typing import Any

from yezi.components.madiao_deck import (
    BAILAO,
    CI_SHANG,
    NUM_CARDS,
    QIANWAN,
    SUIT_START,
    WANWAN,
    ZHENG_SHANG,
    suit_of,
)

DOWN, STAKE, MIAN, PLAY_ON = 40, 80, 100, 101


def _seen(view: dict[str, Any]) -> set[int]:
    out = set(view.get("hand", []))
    if view.get("face") is not None:
        out.add(view["face"])
    for t in view.get("tricks", []):
        for _s, c, _up in t["plays"]:
            if c is not None:
                out.add(c)
    return out


def is_true(c: int, view: dict[str, Any], seen: set[int] | None = None) -> bool:
    """真 ('無制曰真'): every higher card of its suit is known to be out of play or in hand."""
    seen = _seen(view) if seen is None else seen
    return all(h in seen for h in range(SUIT_START[suit_of(c)], c))


def guard_breach(view: dict[str, Any], action: int) -> str | None:
    """The bot's own reading of L1/L2 (spec §3.2) from the view."""
    hand = set(view["hand"])
    if BAILAO in hand or view.get("bailao_up"):
        return None
    c = action % 40
    only_ten = all(suit_of(x) == 0 for x in hand)
    if c in (QIANWAN, WANWAN):
        if c == WANWAN and QIANWAN in hand:
            return None
        return None if only_ten else "L2"
    trick = view["tricks"][-1]
    if suit_of(c) == 0 and action < DOWN and not trick["plays"] and not only_ten:
        return "L1"
    return None


def _value(c: int) -> int:
    """How much a bot wants to keep a card (higher = keep)."""
    v = 20 - (c - SUIT_START[suit_of(c)])
    if c in ZHENG_SHANG or c == BAILAO:
        v += 30
    if c in (QIANWAN,) or c in CI_SHANG:
        v += 10
    return v


class HeuristicBot:
    name = "heuristic"

    def choose(self, game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if not legal:
            raise ValueError("no legal action")
        if legal[0] >= STAKE and legal[0] < MIAN:
            return legal[len(legal) // 2]  # a middling stake
        if MIAN in legal:
            hand = set(view["hand"])
            strong = BAILAO in hand or len(hand & set(ZHENG_SHANG)) >= 2
            return PLAY_ON if strong else MIAN
        seat = view["seat"]
        trick = view["tricks"][-1]
        seen = _seen(view)
        tricks_won = view["trick_counts"][seat]
        safe = [a for a in legal if guard_breach(view, a) is None] or legal
        if not trick["plays"]:
            return self._lead(view, safe, seen, tricks_won)
        best = trick["best"]
        best_seat = next(s for s, c, up in reversed(trick["plays"]) if up)
        caps = [a for a in safe if a < DOWN]
        downs = [a for a in safe if a >= DOWN]
        # Capture 百老 whenever possible ('留千以制百'), even with a guard.
        if best == BAILAO:
            kill = [a for a in legal if a < DOWN]
            if kill:
                return min(kill, key=lambda a: _value(a % 40))
        want = False
        if caps:
            if seat == 0:
                want = True  # the banker plays for 正本 and more
            elif best_seat == 0:
                want = True  # against the banker (and no 故縱 liability)
            elif tricks_won < 2:
                want = True
            elif any(is_true(a, view, seen) and a in ZHENG_SHANG for a in caps):
                want = True  # a live 賞
        if want:
            trues = [a for a in caps if is_true(a, view, seen)]
            last = len(trick["plays"]) == 3
            if last or not trues:
                return max(caps)  # the lowest card that still captures (higher id = lower rank)
            return max(trues)
        if downs:
            return min(downs, key=lambda a: (_value(a % 40), a))
        return min(legal, key=lambda a: (_value(a % 40), a))

    def _lead(self, view, safe, seen, tricks_won) -> int:
        trues = [a for a in safe if is_true(a % 40, view, seen)]
        if trues:
            # cash 賞 first once 正本 is near, otherwise any sure trick
            return min(trues, key=lambda a: (0 if a in ZHENG_SHANG else 1, a))
        hand = view["hand"]
        counts = [sum(1 for c in hand if suit_of(c) == s) for s in range(4)]
        non_ten = [a for a in safe if suit_of(a % 40) != 0] or safe
        # lead low from the longest suit, keeping high cards to capture later
        return max(non_ten, key=lambda a: (counts[suit_of(a % 40)], a))


class CautiousRandomBot:
    """Random, but never breaks the guard rules when another play exists (a baseline)."""

    name = "cautious"

    def choose(self, game, view, legal, rng):
        if view.get("phase") == "play":
            safe = [a for a in legal if guard_breach(view, a) is None] or legal
            return safe[rng.randrange(len(safe))]
        return legal[rng.randrange(len(legal))]


__all__ = ["NUM_CARDS", "CautiousRandomBot", "HeuristicBot", "guard_breach", "is_true"]
