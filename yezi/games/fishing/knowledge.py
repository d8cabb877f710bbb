"""What a seat knows in Fishing, and drawing full deals consistent with it.

Used by `Fishing.sample_from_view` (the leak check, search bots). Everything here reads only the
view: the initial lake, the seat's own hand, the public history, the stock cards drawn so far,
and the 尾牌 if this seat peeked.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING, Any

from yezi.components import tiengow as tg
from yezi.games.fishing.actions import KEEP, REL, K, decode

if TYPE_CHECKING:
    from yezi.games.fishing.game import Fishing



def public_trace(game: Fishing, view: dict[str, Any]) -> tuple[list[list[int]], list[set[int]]]:
    """Replay the public history: the cards each seat played from hand, and for each seat the kinds
    it cannot have been holding (it released or kept while such a card could have captured).

    The replay runs the real engine on a placeholder deal with the right hand sizes: hand cards
    enter the history face up, so the lake, the turn order and the phases never depend on the
    placeholders.
    """
    n = game.players
    heaven_pairs = [0] * n
    for e in view["events"]:
        if e["event"] == "heaven-pair":
            heaven_pairs[e["seat"]] += 1
    filler = tg.LITTLE_THREE if tg.HEAVEN != tg.LITTLE_THREE else 1
    hands = [[tg.HEAVEN] * (2 * heaven_pairs[s]) + [filler] * (game.hand_size - 2 * heaven_pairs[s])
             for s in range(n)]
    drawn = view["deal"]["drawn"]
    stock = list(drawn) + [filler] * (game.stock_size - len(drawn))
    st = game.placeholder_state({"hands": hands, "lake": list(view["deal"]["lake"]), "stock": stock})
    played = [[0] * K for _ in range(n)]
    forbidden: list[set[int]] = [set() for _ in range(n)]
    for a in view["history"]:
        seat = st.turn
        kind, card, _ = decode(a)
        if st.phases[0] == "hand" and game.must and (REL <= a < REL + K or a == KEEP):
            for h in range(K):
                if st._targets(h) or (game.stacking and st.lake[h] == 2 and not st.stacked[h]):
                    forbidden[seat].add(h)
        if kind in ("cap", "rel", "stack"):
            played[seat][card] += 1
        st.apply_unchecked(a)
    for s in range(n):
        played[s][tg.HEAVEN] += 2 * heaven_pairs[s]
    return played, forbidden


def _hall_ok(pool: list[int], needs: list[int], allowed: list[list[int]]) -> bool:
    idx = [i for i, x in enumerate(needs) if x > 0]
    for r in range(1, len(idx) + 1):
        for sub in combinations(idx, r):
            kinds = set()
            for i in sub:
                kinds.update(allowed[i])
            if sum(pool[k] for k in kinds) < sum(needs[i] for i in sub):
                return False
    return True


def sample_deal(game: Fishing, view: dict[str, Any], rng: random.Random, tries: int = 50) -> dict[str, Any]:
    n = game.players
    seat = view["seat"]
    dv = view["deal"]
    played, forbidden = public_trace(game, view)
    pool = list(game.deck_counts)

    def take(kinds) -> None:
        for k in kinds:
            pool[k] -= 1

    take(dv["lake"])
    take(dv["drawn"])
    stock_left = game.stock_size - len(dv["drawn"])
    tail = dv.get("tail") if stock_left > 0 else None
    if tail is not None:
        take([tail])
    known_hands: list[list[int] | None] = [None] * n
    if seat is not None:
        known_hands[seat] = list(dv["hand"])
        take(dv["hand"])
    others = [s for s in range(n) if known_hands[s] is None]
    pairs = [0] * n
    for e in view["events"]:
        if e["event"] == "heaven-pair":
            pairs[e["seat"]] += 1
    # Under the Tiu U heaven-pair rule a hand keeps at most one 天 after the deal.
    heaven_room = [1 - (played[s][tg.HEAVEN] - 2 * pairs[s]) for s in range(n)]
    needs = []
    allowed = []
    for s in others:
        take(tg.expand(played[s]))
        needs.append(game.hand_size - sum(played[s]))
        ok = [k for k in range(K) if k not in forbidden[s]]
        if game.heaven_pair and heaven_room[s] <= 0:
            ok = [k for k in ok if k != tg.HEAVEN]  # a second 天 would have been laid out as a pair
        allowed.append(ok)
    if min(pool) < 0:
        raise ValueError("view is inconsistent with the set of cards")
    for _ in range(tries):
        p = list(pool)
        nd = list(needs)
        got: list[list[int]] = [[] for _ in others]
        failed = False
        order = sorted(range(len(others)), key=lambda i: len(allowed[i]))
        for i in order:
            for _slot in range(needs[i]):
                cands = [k for k in allowed[i] if p[k] > 0]
                if game.heaven_pair and tg.HEAVEN in cands and got[i].count(tg.HEAVEN) >= heaven_room[others[i]]:
                    cands.remove(tg.HEAVEN)
                while cands:
                    weights = [p[k] for k in cands]
                    k = rng.choices(cands, weights)[0]
                    p[k] -= 1
                    nd[i] -= 1
                    if _hall_ok(p, nd, allowed):
                        got[i].append(k)
                        break
                    p[k] += 1
                    nd[i] += 1
                    cands.remove(k)
                else:
                    failed = True
                    break
            if failed:
                break
        if failed:
            continue
        hands: list[list[int] | None] = [None] * n
        for s in range(n):
            known = known_hands[s]
            if known is not None:
                hands[s] = sorted(known)
        for i, s in enumerate(others):
            hands[s] = sorted(tg.expand(played[s]) + got[i])
        rest = tg.expand(p)
        rng.shuffle(rest)
        stock = list(dv["drawn"]) + rest + ([tail] if tail is not None else [])
        return {"hands": hands, "lake": sorted(dv["lake"]), "stock": stock}
    raise RuntimeError("could not sample a deal consistent with the view")
