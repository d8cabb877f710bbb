"""Worlds consistent with one seat's view (for the leak check and search bots).

The sampler sees only the view. It places every card the view shows where the view shows it,
deals the unseen cards at random to the other hands, their hidden discards and the stock, then
replays the result and keeps it only if the seat's view comes out the same (rejection sampling).
To keep rejections rare it builds in what the view implies about hidden cards: a hidden face card
(V24) must give the same first receiver; a seat that discarded could not capture (V8) and either
discarded the led suit or held none of it (V9), checked exactly by filling each seat's slots
backwards in time; under the L2 prohibition (V10) no hidden discard is 千萬/萬萬 before 百老
appears; and a seat asked about 免鬭 (V18) holds a long suit.
"""

from __future__ import annotations

import random
from typing import Any, cast

from yezi.components.madiao_deck import NUM_CARDS, beats, suit_of
from yezi.core.errors import YeziError
from yezi.games.madiao.cut import bad_faces, first_receiver

DOWN = 40


class SamplingError(YeziError):
    pass


def _positions(tou: int, seat: int) -> list[int]:
    k = (seat - tou) % 4
    return [*range(4 * k, 4 * k + 4), *range(4 * (k + 4), 4 * (k + 4) + 4)]


def _uncut(eff: list[int], times: int) -> list[int]:
    raw = list(eff)
    for _ in range(times):
        raw = [*raw[:32], *raw[33:40], raw[32]]
    return raw


def sample(game, view: dict[str, Any], rng: random.Random, tries: int = 2000):
    pool = view["deal"]["pool"]
    history = view["history"]
    if view.get("tou") is None:
        # Nothing dealt yet: any deck will do (the stake phase).
        cards = list(range(NUM_CARDS))
        bad = bad_faces(game)
        rng.shuffle(cards)
        while cards[-1] in bad:
            rng.shuffle(cards)
        return {"cards": cards, "pool": pool}, list(history)
    seat = view["seat"]
    tou = view["tou"]
    recut = view["recut"]
    reveal = view.get("reveal")
    actors = view["actors"]
    known_hand: dict[int, list[int]] = {}
    if reveal:
        for s in range(4):
            known_hand[s] = list(reveal["dealt"][s])
    elif seat is not None:
        known_hand[seat] = list(view["dealt"])
    # cards each unknown seat is known to have held (face-up plays)
    shown: dict[int, list[int]] = {s: [] for s in range(4)}
    hidden_slots: dict[int, list[int]] = {s: [] for s in range(4)}  # history indices of hidden discards
    for i, a in enumerate(history):
        s = actors[i]
        if a is None:
            hidden_slots[s].append(i)
        elif a < DOWN:
            shown[s].append(a)
        elif a < 80:
            shown[s].append(a - DOWN)
    stock_known: dict[int, int] = {}
    for j, c in enumerate(reversed(recut)):
        stock_known[32 + j] = c
    face = view.get("face")
    if face is not None:
        stock_known[39] = face
    if reveal and reveal.get("second") is not None:
        stock_known[38] = reveal["second"]
    if reveal and reveal.get("stock") is not None:
        rest = [p for p in range(32, 38) if p not in stock_known]
        for p, c in zip(rest, [c for c in reveal["stock"] if c not in stock_known.values()]):
            stock_known[p] = c
    used = set(stock_known.values())
    for h in known_hand.values():
        used.update(h)
    for s in range(4):
        if s not in known_hand:
            used.update(shown[s])
    unknown = [c for c in range(NUM_CARDS) if c not in used]
    constraints = _constraints(game, view, hidden_slots, known_hand)
    asked = {actors[i] for i, a in enumerate(history) if a in (100, 101)} - set(known_hand)
    face_ok = None
    if face is None:
        from yezi.components.madiao_deck import count_value

        bw = 5 if game.rules["banwen_count"] == "5" else 1
        bad = bad_faces(game) | ({2} if game.rules["cut_bailao"] == "fine-redraw" else set())
        face_ok = [c for c in unknown if c not in bad and first_receiver(count_value(c, bw)) == tou]
    last_err = None
    for attempt in range(tries):
        loose = attempt >= tries // 2
        pool_cards = list(unknown)
        rng.shuffle(pool_cards)
        eff: list[int | None] = [None] * NUM_CARDS
        for p, c in stock_known.items():
            eff[p] = c
        if face_ok is not None:
            cands = [c for c in face_ok if c in pool_cards]
            if not cands:
                raise SamplingError("no face card fits the first receiver")
            f = rng.choice(cands)
            eff[39] = f
            pool_cards.remove(f)
        actions = list(history)
        ok = True
        for s in range(4):
            pos = _positions(tou, s)
            if s in known_hand:
                for p, c in zip(pos, known_hand[s]):
                    eff[p] = c
                continue
            need = 8 - len(shown[s])
            quota = None
            if s in asked:
                suit = rng.randrange(4)
                have = sum(1 for c in shown[s] if suit_of(c) == suit)
                quota = (frozenset(c for c in range(NUM_CARDS) if suit_of(c) == suit),
                         (5 if suit == 0 else 6) - have)
            picked = _pick(pool_cards, need, hidden_slots[s], constraints.get(s, []), rng, loose, quota,
                           use_guard=attempt < tries // 4)
            if picked is None:
                ok = False
                break
            cards_s = shown[s] + picked
            for p, c in zip(pos, cards_s):
                eff[p] = c
            for i, c in zip(hidden_slots[s], picked):
                actions[i] = DOWN + c
        if not ok:
            continue
        rest_pos = [p for p in range(32, 40) if eff[p] is None]
        if len(rest_pos) != len(pool_cards):
            continue
        for p, c in zip(rest_pos, pool_cards):
            eff[p] = c
        if any(a is None for a in actions):
            # a seat whose hand is known but whose discards are hidden from this view (spectator at
            # terminal is never this case); fill from the known hand's unplayed cards
            continue
        deal = {"cards": _uncut(cast("list[int]", eff), len(recut)), "pool": pool}  # every position filled by now
        try:
            other = game.replay(deal, actions)
        except YeziError as e:
            last_err = e
            continue
        if other.view(seat) == view:
            return deal, actions
    raise SamplingError(f"no consistent world found in {tries} tries ({last_err})")


def _pick(pool_cards, need, slots, events, rng, loose, quota=None, use_guard=True):
    """Draw `need` cards for a seat: the first len(slots) fill its hidden discards in order.

    Slots are filled backwards in time (kept cards first, then the last discard …), so that when a
    discard is chosen every card the seat held at that moment is already known: V9 then only asks
    that the discard be of the led suit when a led-suit card was still held, and V8 exclusions
    apply to every slot held at a discard's moment.
    """
    if len(pool_cards) < need:
        return None
    if (loose or not events) and quota is None:
        taken = pool_cards[:need]
        del pool_cards[:need]
        return taken
    if loose:
        events = []
    nslots = len(slots)
    by_slot = {j: (excl, led, later, guard) for j, excl, led, later, guard in events}
    forb: list[set[int]] = [set() for _ in range(need)]
    for j, (excl, _led, _later, _guard) in by_slot.items():
        for k in [*range(j, nslots), *range(nslots, need)]:
            forb[k] |= excl
    picked: list[int | None] = [None] * need
    avail = list(pool_cards)
    order = [*range(nslots, need), *range(nslots - 1, -1, -1)]
    want = 0 if quota is None else quota[1]
    for pos, k in enumerate(order):
        cands = [c for c in avail if c not in forb[k]]
        ev = by_slot.get(k)
        if ev is not None and ev[3] and use_guard:
            cands = [c for c in cands if c not in ev[3]]
        if ev is not None and ev[1] is not None:
            led = ev[1]
            if ev[2] or any(picked[x] in led for x in range(k + 1, need)):
                cands = [c for c in cands if c in led]
        if want > 0:
            # a seat that was asked about 免鬭 holds a long suit: fill the quota of that suit
            of_suit = [c for c in cands if c in quota[0]]
            if want >= len(order) - pos or (of_suit and rng.random() < 0.7):
                cands = of_suit
        if not cands:
            return None
        c = rng.choice(cands)
        picked[k] = c
        avail.remove(c)
        if quota is not None and c in quota[0]:
            want -= 1
    if want > 0:
        return None
    for c in picked:
        pool_cards.remove(c)
    return picked


def _constraints(game, view, hidden_slots, known_hand):
    """Events behind the exclusions of V8 (must capture) and V9 (must follow) for hidden discards.

    A seat that discarded face down at trick k held, at that time, no card that could capture
    (V8), and under V9 either discarded a card of the led suit or held none of it.
    """
    r = game.rules
    prohibit = r["guard_rules"] == "prohibit"
    if not (r["must_capture"] or r["must_follow"] or prohibit):
        return {}
    out: dict[int, list] = {}
    index_to_slot = {}
    for s, idxs in hidden_slots.items():
        for j, i in enumerate(idxs):
            index_to_slot[i] = (s, j)
    play_idx = [i for i, a in enumerate(view["history"]) if a is None or a < 80]
    shown_after: list[tuple[int, int, int]] = []  # (history index, seat, card) of face-up plays
    for i, a in enumerate(view["history"]):
        if a is not None and a < DOWN:
            shown_after.append((i, view["actors"][i], a))
    k = 0
    bailao_up = False
    for t in view.get("tricks", []):
        best = None
        led = None
        for _s, c, up in t["plays"]:
            i = play_idx[k]
            k += 1
            if up and c == 2:
                bailao_up = True
            if led is None:
                led = suit_of(c)
                best = c
                continue
            if up:
                best = c
                continue
            if i not in index_to_slot:
                continue
            s2, j = index_to_slot[i]
            assert best is not None  # set by the trick's lead
            excl = {x for x in range(NUM_CARDS) if beats(x, best)} if r["must_capture"] else set()
            led_cards = None
            later = False
            if r["must_follow"]:
                led_cards = {x for x in range(NUM_CARDS) if suit_of(x) == led}
                later = any(ii > i and ss == s2 and suit_of(cc) == led for ii, ss, cc in shown_after)
            # L2 as a prohibition: 千萬/萬萬 are not discarded before 百老 appears (the rare
            # forced fall-back is left to the unconstrained attempts)
            guard = frozenset((0, 1)) if prohibit and not bailao_up else frozenset()
            out.setdefault(s2, []).append((j, excl, led_cards, later, guard))
    return out
