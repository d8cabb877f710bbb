"""What one seat can know about the hidden cards, and exact 老歲 deduction from it.

`lukfu.md` fixes the facts a seat reasons from so that "certainly unbeatable" is well defined:

1. its own hand and discards, every face-up play, every hand size, the size of every face-down
   discard, and that the dummy holds one hidden card;
2. the must-beat rule: right after a player discarded, his hand (his current hand plus what he
   played or discarded since) held no combination beating the best play of that trick (under
   the strict variant: not even before the discard);
3. the lead order: a player who led a single without being exempt (privileged, or a free lead)
   held no card of a higher-ranked suit then; one who led 雲綫 held no suited card at all.

The unknown cards are distributed over *slots*: each opponent's hand, each of his face-down
discards, and the dummy's card. A world is an assignment of the unknown cards to slots with the
right sizes that satisfies every fact above. Every fact is of the form "this union of slots plus
these known cards contains no forbidden card and no forbidden combination", which is closed
under taking subsets; so a partial assignment that breaks a fact can never be completed, and a
depth-first search that prunes on it is exact. Cards named by no fact are free fillers and are
placed last. Deeper deductions (what the lead order implies about a leader's own 老歲 view) are
out of scope, as the spec says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from yezi.components.lukfu_deck import WAN_TSIN, card, cards_of, suit
from yezi.core import branches
from yezi.games.lukfu.plays import PLAYS, PlayTable
from yezi.i18n import N_, Msg

SUIT_MASKS = tuple(sum(1 << card(s, n) for n in range(1, 10)) for s in range(4))
SUITED = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]


@dataclass
class Slot:
    owner: int  # seat, or -1 for the dummy
    capacity: int
    trick: int | None  # None: the owner's current hand (or the dummy card)

    @property
    def is_hand(self) -> bool:
        return self.trick is None and self.owner >= 0


@dataclass
class Constraint:
    slots: tuple[int, ...]
    fixed: int
    forbid: int
    combos: tuple[int, ...]
    why: Msg | str  # for explanations (a message shown in the reader's language)

    def ok(self, cards: int) -> bool:
        if cards & self.forbid:
            return False
        return not any(m & cards == m for m in self.combos)


@dataclass
class Knowledge:
    seat: int
    known: int  # cards whose place the seat knows
    unknown: int
    slots: list[Slot]
    constraints: list[Constraint]
    located: dict[int, Msg] = field(default_factory=dict)  # card -> where the seat knows it is
    _cache: dict[int, bool] = field(default_factory=dict)
    _grouping: tuple | None = None  # see `_groups`

    # ---- construction -----------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        seat: int,
        hand: int,
        hand_sizes: list[int],
        tricks: list[dict],
        own_discards: dict[int, int],
        active: list[int],
        dummy: int | None,
        universe: int,
        table: PlayTable,
        strict: bool,
        seat_names: Sequence[str | dict[str, str]] | None = None,
        explain: bool = True,
    ) -> Knowledge:
        """The facts of one seat. `explain=False` leaves out the words that explain them (where
        each card was seen, why each fact holds): the deduction never reads them."""
        names = seat_names or [str(s) for s in range(len(hand_sizes))]
        in_hand = Msg(N_("in your hand"))
        located: dict[int, Msg] = dict.fromkeys(cards_of(hand), in_hand) if explain else {}
        faceup = 0
        slots: list[Slot] = []
        events: dict[int, list[tuple]] = {q: [] for q in active if q != seat}
        own_disc_total = 0
        for t, trick in enumerate(tricks):
            for k, e in enumerate(trick["plays"]):
                q = e["seat"]
                if "play" in e:
                    m = PLAYS[e["play"]].mask
                    faceup |= m
                    if explain:
                        for c in cards_of(m):
                            located[c] = Msg(N_("played face up by {seat} in trick {n}"), seat=names[q], n=t + 1)
                    if q in events:
                        exempt = trick.get("exempt", False)
                        events[q].append(("play", m, k == 0 and not exempt and e["play"] < 37, e["play"]))
                elif q == seat:
                    m = own_discards.get(t, 0)
                    own_disc_total |= m
                    if explain:
                        for c in cards_of(m):
                            located[c] = Msg(N_("discarded by you in trick {n}"), n=t + 1)
                elif q in events:
                    slots.append(Slot(q, e["discard"], t))
                    events[q].append(("discard", len(slots) - 1, e["against"]))
        known = hand | faceup | own_disc_total
        unknown = universe & ~known
        hand_slot: dict[int, int] = {}
        for q in events:
            slots.append(Slot(q, hand_sizes[q], None))
            hand_slot[q] = len(slots) - 1
        if dummy is not None and dummy != seat:
            slots.append(Slot(-1, 1, None))
        constraints: list[Constraint] = []
        for q, evs in events.items():
            for i, ev in enumerate(evs):
                later = evs[i + 1:]
                fixed = sum(e[1] for e in later if e[0] == "play")
                later_slots = [e[1] for e in later if e[0] == "discard"] + [hand_slot[q]]
                if ev[0] == "discard":
                    against = ev[2]
                    t = slots[ev[1]].trick
                    if strict:
                        branches.hit("lukfu.deduce-strict-discard")
                        later_slots = [ev[1], *later_slots]
                    if against < 37:
                        forbid, combos = table.higher[against], ()
                    else:
                        forbid, combos = 0, table.beater_masks[against]
                    if forbid or combos:
                        constraints.append(Constraint(
                            tuple(later_slots), fixed, forbid, combos,
                            Msg(N_("{seat} discarded in trick {n} and so held nothing that beat the best play"),
                                seat=names[q], n=t + 1 if t is not None else "?") if explain else "",
                        ))
                elif ev[2]:  # a non-exempt single lead
                    c = ev[3]
                    forbid = SUITED if c == WAN_TSIN else sum(SUIT_MASKS[s] for s in range(suit(c)))
                    if forbid:
                        constraints.append(Constraint(
                            tuple(later_slots), fixed | ev[1], forbid, (),
                            Msg(N_("{seat} led a single and so held no card of a higher suit"), seat=names[q])
                            if explain else "",
                        ))
        cap = sum(s.capacity for s in slots)
        if cap != bin(unknown).count("1"):
            raise AssertionError(f"slot capacity {cap} != unknown cards {bin(unknown).count('1')}")
        return cls(seat, known, unknown, slots, constraints, located)

    # ---- search -----------------------------------------------------------------------------
    def _groups(self) -> tuple[list[list[int]], list[Slot], list[Constraint], list[int]]:
        """Slots that lie in exactly the same constraints are interchangeable: swapping cards
        between them changes no union any fact speaks of. The search runs over such groups (one
        pooled capacity each) and only then deals each group's cards out to its slots. Without
        it, a position whose discards say little (several unconstrained slots, a few with the
        same must-beat facts) made the search try every way to spread cards over equivalent
        slots: seconds per question instead of milliseconds."""
        if self._grouping is None:
            live = [c for c in (_narrowed(c, self.unknown) for c in self.constraints) if c is not None]
            member: list[tuple[int, ...]] = [
                tuple(k for k, c in enumerate(live) if s in c.slots) for s in range(len(self.slots))]
            index: dict[tuple[int, ...], int] = {}
            groups: list[list[int]] = []
            slot_group: list[int] = []
            for s, sig in enumerate(member):
                g = index.setdefault(sig, len(groups))
                if g == len(groups):
                    groups.append([])
                groups[g].append(s)
                slot_group.append(g)
            gslots = [Slot(-2, sum(self.slots[s].capacity for s in members), None) for members in groups]
            gcons = [Constraint(tuple(sorted({slot_group[s] for s in c.slots})), c.fixed, c.forbid, c.combos, c.why)
                     for c in live]
            self._grouping = (groups, gslots, gcons, slot_group)
        return self._grouping

    def _search(self, forced: dict[int, int], rng: random.Random | None,
                by_slots: bool = False) -> list[int] | None:
        """An assignment (mask per slot) honouring `forced` {card: slot}, or None if none exists.

        With `rng`, a random one: each card goes to a group with a chance weighted by the room
        left in it, or (`by_slots`) by its number of slots."""
        groups, gslots, gcons, slot_group = self._groups()
        wanted: dict[int, int] = {}
        for s in forced.values():
            wanted[s] = wanted.get(s, 0) + 1
        if any(n > self.slots[s].capacity for s, n in wanted.items()):
            return None
        found = _search_groups(gslots, gcons, self.unknown, {c: slot_group[s] for c, s in forced.items()}, rng,
                               [len(m) for m in groups] if by_slots else None)
        if found is None:
            return None
        assigned = [0] * len(self.slots)
        for g, members in enumerate(groups):
            left = {s: self.slots[s].capacity for s in members}
            rest: list[int] = []
            for c in cards_of(found[g]):
                fs = forced.get(c)
                if fs is None:
                    rest.append(c)
                else:
                    assigned[fs] |= 1 << c
                    left[fs] -= 1
            if rng is not None:
                rng.shuffle(rest)
            i = 0
            for s in members:
                for _ in range(left[s]):
                    assigned[s] |= 1 << rest[i]
                    i += 1
        return assigned

    def possible(self, c: int, slot: int) -> bool:
        return self._search({c: slot}, None) is not None

    def can_be_with_opponent(self, c: int) -> bool:
        """Is there a consistent world in which card c is in an opponent's active hand?"""
        hit = self._cache.get(c)
        if hit is None:
            hit = any(s.is_hand and s.capacity > 0 and self.possible(c, i) for i, s in enumerate(self.slots))
            self._cache[c] = hit
        return hit

    def sample(self, rng: random.Random, forced: dict[int, int] | None = None) -> list[int]:
        """A random world. Callers reject worlds that break rules the facts leave out (a
        declarer's 糊 count, a leader's own 老歲 classes), so draws alternate between two
        weightings: a world rare under one is often common under the other."""
        found = self._search(forced or {}, rng, by_slots=rng.random() < 0.5)
        if found is None:
            raise AssertionError("no world is consistent with this seat's knowledge")
        return found

    def where(self, c: int, seat_names: list) -> list[Msg]:
        """Every place a card the seat cannot locate may be, as messages (`kind` says which: dummy,
        hand or discard); seat names may be per-language dicts."""
        out: list[Msg] = []
        for i, s in enumerate(self.slots):
            if s.capacity and self.possible(c, i):
                if s.owner < 0:
                    out.append(_Place("dummy", N_("the dummy's card")))
                elif s.trick is None:
                    out.append(_Place("hand", N_("{seat}'s hand"), seat=seat_names[s.owner]))
                else:
                    out.append(_Place("discard", N_("{seat}'s discard in trick {n}"), seat=seat_names[s.owner],
                                      n=s.trick + 1))
        return out


class _Place(Msg):
    """A place a card may be, with the kind of place (explanations list hands apart)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str, msgid: str, **params):
        super().__init__(msgid, **params)
        self.kind = kind


RESTARTS = 6  # randomised plain attempts after the first, before the complete search
RESTART_BUDGET = 300  # nodes per plain attempt


def _search_groups(slots: list[Slot], cons: list[Constraint], unknown: int, forced: dict[int, int],
                   rng: random.Random | None, weights: list[int] | None = None) -> list[int] | None:
    """The search proper, over slot groups: a mask per group honouring `forced` {card: group}."""
    by_slot: list[list[int]] = [[] for _ in slots]
    for k, con in enumerate(cons):
        for s in con.slots:
            by_slot[s].append(k)
    cur = [c.fixed for c in cons]
    if not all(c.ok(c.fixed) for c in cons):
        return None
    assigned = [0] * len(slots)
    left = [s.capacity for s in slots]

    def place(c: int, s: int) -> bool:
        bit = 1 << c
        assigned[s] |= bit
        left[s] -= 1
        good = True
        for k in by_slot[s]:
            cur[k] |= bit
            if good and not cons[k].ok(cur[k]):
                good = False
        return good

    def unplace(c: int, s: int) -> None:
        bit = 1 << c
        assigned[s] &= ~bit
        left[s] += 1
        for k in by_slot[s]:
            cur[k] = cons[k].fixed | _union(assigned, cons[k].slots)

    for c, s in forced.items():
        if left[s] <= 0 or not place(c, s):
            return None
    relevant_mask = 0
    for con in cons:
        relevant_mask |= con.forbid
        for m in con.combos:
            relevant_mask |= m
    remaining = [c for c in cards_of(unknown & relevant_mask) if c not in forced]
    slot_order = sorted(range(len(slots)), key=lambda s: len(by_slot[s]))
    failed: set[tuple[int, ...]] = set()

    def fits(c: int, s: int) -> bool:
        bit = 1 << c
        return all(cons[k].ok(cur[k] | bit) for k in by_slot[s])

    budget = [0]  # nodes left for the current plain attempt

    def plain(i: int, order: list[int], r: random.Random | None) -> bool | None:
        """Depth-first in a fixed card order: fast when a world exists; None when over budget."""
        if i == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return None
        c = order[i]
        if r is None:
            choices = slot_order
        else:  # a random order weighted by room left (placing free cards so is uniform over worlds)
            w = weights or left
            choices = sorted((s for s in slot_order if left[s] > 0), key=lambda s: r.random() ** (1.0 / w[s]),
                             reverse=True)
        for s in choices:
            if left[s] <= 0:
                continue
            if place(c, s):
                got = plain(i + 1, order, r)
                if got is None or got:
                    if got is None:
                        unplace(c, s)
                    return got
            unplace(c, s)
        return False

    def careful() -> bool:
        # Most constrained card first (fewest slots it still fits), with forward checking:
        # a card that fits nowhere ends this branch at once.
        if not remaining:
            return True
        key = tuple(assigned)
        if key in failed:
            return False
        best = -1
        best_opts: list[int] = []
        for i, c in enumerate(remaining):
            opts = [s for s in slot_order if left[s] > 0 and fits(c, s)]
            if not opts:
                failed.add(key)
                return False
            if best < 0 or len(opts) < len(best_opts):
                best, best_opts = i, opts
                if len(opts) == 1:
                    break
        c = remaining.pop(best)
        if rng is not None:
            rng.shuffle(best_opts)
        for s in best_opts:
            place(c, s)
            if careful():
                return True
            unplace(c, s)
        remaining.insert(best, c)
        failed.add(key)
        return False


    # Most worlds asked about exist, and a depth-first search in a good order finds one at once;
    # an unlucky order can wander, so a few short randomised restarts (seeded: the answer and
    # the world found stay reproducible) come before the complete search, which alone can prove
    # that no world exists.
    weight = {c: sum(1 for k in cons if (k.forbid | _or(k.combos)) >> c & 1) for c in remaining}
    found = None
    for attempt in range(RESTARTS + 1):
        r = rng if rng is not None else (random.Random(attempt) if attempt else None)
        order = sorted(remaining, key=lambda c: -weight[c]) if r is None else sorted(
            r.sample(remaining, len(remaining)), key=lambda c: -weight[c])
        budget[0] = RESTART_BUDGET
        found = plain(0, order, r)
        if found is not None:
            break
    if found is None:  # a hard position: prove it with most-constrained-first and forward checking
        found = careful()
    if not found:
        return None
    placed = 0
    for m in assigned:
        placed |= m
    fillers = [c for c in cards_of(unknown & ~placed)]
    if rng is not None:
        rng.shuffle(fillers)
    i = 0
    for s in range(len(slots)):
        while left[s] > 0:
            assigned[s] |= 1 << fillers[i]
            left[s] -= 1
            i += 1
    return assigned


def _narrowed(c: Constraint, unknown: int) -> Constraint | None:
    """`c` as far as the search is concerned: only unknown cards can still be placed, so a
    forbidden card that is not unknown, or a combination needing a card that is neither fixed
    nor unknown, can never occur. None when nothing is left to watch (the slots under it are then
    free, and pool with other free slots)."""
    if not c.ok(c.fixed):
        return c  # already broken: the search reports it
    forbid = c.forbid & unknown
    combos = tuple(m for m in c.combos if not (m & ~c.fixed & ~unknown))
    if not forbid and not combos:
        return None
    return Constraint(c.slots, c.fixed, forbid, combos, c.why)


def _union(assigned: list[int], slots: tuple[int, ...]) -> int:
    m = 0
    for s in slots:
        m |= assigned[s]
    return m


def _or(masks: tuple[int, ...]) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def higher_cards(c: int, table: PlayTable) -> list[int]:
    return [x for x in range(37) if table.higher[c] >> x & 1]


def is_laosui_deduced(c: int, k: Knowledge, table: PlayTable) -> bool:
    if table.unbeatable >> c & 1 or c == WAN_TSIN:
        return True
    return all(not (k.unknown >> x & 1 and k.can_be_with_opponent(x)) for x in higher_cards(c, table))


__all__ = ["Constraint", "Knowledge", "Slot", "higher_cards", "is_laosui_deduced"]
