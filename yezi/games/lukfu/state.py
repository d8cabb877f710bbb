"""One Luk Fu deal as a state machine.

Seats are roles within the deal: 0 頭家 (lead seat), 1 二家, 2 夢家 (dummy, four players only),
3 三家; with three players 0 頭家, 1 二家, 2 三家. Play moves counter-clockwise and skips the dummy.
Phases: 五虎下山 check (four players: each active seat in turn may declare or keep quiet, so
that being asked reveals nothing), bidding, tricks, and (optionally) the last trick winner's
declaration. Hands are bit sets (see `yezi.components.lukfu_deck`).

A follower who discards chooses his face-down cards one action at a time (so the action space
stays small); a partial choice is legal only if it can be completed to a discard that obeys the
must-beat rule, which is a small hitting-set question on the beating combinations in his hand.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from yezi.components.lukfu_deck import WAN_TSIN, cards_of, hand_sorted, mask_of, name, sort_key
from yezi.core import branches
from yezi.core.errors import IllegalAction
from yezi.core.protocol import State
from yezi.core.views import json_copy
from yezi.games.lukfu import actions as A
from yezi.games.lukfu import terms as lt
from yezi.games.lukfu.knowledge import SUIT_MASKS, Knowledge, is_laosui_deduced
from yezi.games.lukfu.plays import PLAYS, SHUN, SINGLE
from yezi.games.lukfu.settlement import Settlement, privileged_seat, settle_declare, settle_tigers
from yezi.i18n import N_, Msg
from yezi.i18n.terms import names, term

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.lukfu.game import LukFu  # noqa: F401 (the base class names it: State["LukFu"])

TIGERS, BID, PLAY, LAST, OVER = "tigers", "bid", "play", "last", "over"
FIVE_TIGERS = mask_of([0, 9, 18, 27, WAN_TSIN])
BOSSES = mask_of([0, 27, WAN_TSIN])  # 百子, 毛公, 雲綫: the free leads of the Huizhou comment


class LukFuState(State["LukFu"]):
    # A faster source of the deduced 老歲 masks: a function of the state giving every seat's mask
    # (0 for the dummy). None here, so the engine stays the reference; a client that renders many
    # views (the web server) may set it on its states to the native engine's replay
    # (`yezi.native.lukfu.NativeLukFu.laosui_now`), which the native tests hold equal to
    # `laosui_mask` for every seat after every action. Copied by `clone`.
    laosui_oracle: Any = None

    def __init__(self, game, deal: list[list[int]]):
        self.game = game
        self.rules = game.rules
        self.table = game.table
        self.deal = deal
        n = game.num_seats
        self.hands = [mask_of(h) for h in deal]
        self.history: list[int] = []
        self.actors: list[int] = []
        self.active = game.active_seats()
        self.dummy = game.dummy_seat
        self.bidder: int | None = None
        self.privileged: int | None = None
        self.tricks: list[dict] = []  # public record of every trick, current one included
        self.followers: list[int] = []
        self.best_seat = -1
        self.best_play = -1
        self.pending = 0  # the acting follower's partial discard
        self.discards: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (trick, mask): private
        self.won: list[list[int]] = [[] for _ in range(n)]  # play ids won, face up
        self.hu = [0] * n
        self.faceup = 0
        self.winner: int | None = None
        self.result: Settlement | None = None
        self.outcome = ""  # "win", "tigers", "draw", "void"
        self.revealed: dict[str, Any] = {}
        self._version = 0  # bumped by every action (views)
        self._facts = 0  # bumped by every action that changes a hand or a public fact (老歲 caches)
        self._laosui_cache: dict[tuple[int, int, int], bool] = {}
        self._old_hand: dict[int, tuple[int, int]] = {}  # seat -> (version, 老歲 mask of the hand)
        self._old_known = [0] * n  # cards once deduced 老歲 for each seat (they stay so)
        self.shown = [0] * n  # cards each seat played face up (public)
        self.discarded = [0] * n  # cards each seat put face down (private to that seat)
        self._know_cache: dict[tuple[int, int], Knowledge] = {}
        self._explained: dict[int, tuple[int, Knowledge]] = {}  # seat -> (facts, knowledge with words)
        self._public_cache: tuple[int, dict[str, Any]] | None = None
        self._laosui_mode = game.rules["laosui"]
        # the history as each seat saw it (None: the spectator): action codes, None where hidden
        self._hist: dict[int | None, list[int | None]] = {s: [] for s in [None, *range(n)]}
        if game.rules["five_tigers"] == "on" and self.dummy is not None:
            self.phase, self.to_act = TIGERS, 0
        else:
            self.phase, self.to_act = BID, 0

    # ---- protocol: turn and actions --------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.to_act

    def next_active(self, seat: int) -> int:
        i = self.active.index(seat)
        return self.active[(i + 1) % len(self.active)]

    def legal_actions(self) -> list[int]:
        """The legal action codes, in ascending order (the protocol's promise)."""
        p, seat = self.phase, self.to_act
        if p == PLAY:
            return self._lead_actions(seat) if not self.followers_started() else self._follow_actions(seat)
        if p == BID:
            if seat == 0 and self.rules["strong_pass"] == "forbidden" and self.strength_measure(0) >= 6:
                branches.hit("lukfu.strong-pass-forbidden")
                return [A.BID]
            return [A.PASS, A.BID]
        if p == TIGERS:
            if self.hands[seat] & FIVE_TIGERS == FIVE_TIGERS:
                branches.hit("lukfu.five-tigers-held")
                return [A.TIGERS, A.NO_TIGERS]
            return [A.NO_TIGERS]
        if p == LAST:
            return [A.DECLARE, A.DECLINE]
        return []

    def together(self) -> dict[int, list[int]]:
        """The 五虎下山 check asks every active seat in turn from the dealer; a seat's answer
        depends only on its own hand (only one seat can hold the five tigers)."""
        if self.phase != TIGERS:
            return {}
        order = self.active[self.active.index(self.to_act):]
        return {s: [A.TIGERS, A.NO_TIGERS] if self.hands[s] & FIVE_TIGERS == FIVE_TIGERS else [A.NO_TIGERS]
                for s in order}

    def followers_started(self) -> bool:
        return self.best_play >= 0

    # ---- leading ---------------------------------------------------------------------------
    def _lead_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        out = []
        if self.hu[seat] + bin(hand).count("1") >= 6 and self.hu_count(seat) >= 6:
            out.append(A.DECLARE)
        out.extend(A.PLAY_BASE + c for c in cards_of(self.single_leads(seat)))
        out.extend(A.PLAY_BASE + pid for pid in self.table.combos_in(hand))
        return out

    def single_leads(self, seat: int) -> int:
        """Mask of the singles `seat` may lead now (the lead order and its exceptions)."""
        hand = self.hands[seat]
        rules = self.rules
        if rules["dealer_free_open"] and seat == 0 and self.bidder == 0 and not self.tricks:
            branches.hit("lukfu.dealer-free-open")
            return hand
        allowed = 0
        first_suit = -1
        for s in range(4):
            in_suit = hand & SUIT_MASKS[s]
            if in_suit:
                first_suit = s
                old = self.laosui_mask(seat, in_suit)
                allowed = in_suit & ~old or old
                break
        if first_suit < 0:
            allowed = hand & (1 << WAN_TSIN)
        if seat == self.privileged:
            if rules["privilege"] == "any_suit":
                branches.hit("lukfu.privilege-any-suit")
                allowed |= self.laosui_mask(seat, hand & ~(1 << WAN_TSIN))
                if rules["privilege_yunxian"] and hand >> WAN_TSIN & 1:
                    branches.hit("lukfu.privilege-yunxian")
                    allowed |= hand & (1 << WAN_TSIN)
            elif first_suit >= 0:
                branches.hit("lukfu.privilege-same-suit")
                allowed |= hand & SUIT_MASKS[first_suit]
        if rules["free_lead_bosses"] and hand & BOSSES:
            branches.hit("lukfu.free-lead-bosses")
            allowed |= hand & BOSSES
        return allowed

    def lead_exempt(self, seat: int, play_id: int) -> bool:
        """Whether a lead tells nothing through the lead order (public: depends on roles only)."""
        if play_id >= 37:
            return True
        if seat == self.privileged:
            return True
        if self.rules["free_lead_bosses"] and BOSSES >> play_id & 1:
            return True
        return bool(self.rules["dealer_free_open"] and seat == 0 and self.bidder == 0 and not self.tricks)

    # ---- following -------------------------------------------------------------------------
    def _follow_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        out: list[int] = []
        if not self.pending:
            out.extend(A.PLAY_BASE + b for b in self.table.beating_plays(hand, self.best_play))
            if out and self.rules["must_beat"] == "strict":
                branches.hit("lukfu.must-beat-strict")
                return out
        out.extend(A.DISCARD_BASE + c for c in self.discard_choices(seat))
        return out

    def discard_choices(self, seat: int) -> list[int]:
        """Cards that may be added to the partial discard so that it can still be completed."""
        hand = self.hands[seat] & ~self.pending
        size = PLAYS[self.trick["lead"]].size
        need = size - bin(self.pending).count("1")
        rest = self.hands[seat] & ~self.pending
        beaters = [m for m in self._beater_masks(self.best_play) if m & rest == m]
        if not beaters:
            return cards_of(hand)
        out = []
        for c in cards_of(hand):
            unhit = [m for m in beaters if not m >> c & 1]
            if _hitting_set_within(unhit, need - 1):
                out.append(c)
        return out

    def _beater_masks(self, play_id: int) -> list[int]:
        if play_id < 37:
            return [1 << c for c in cards_of(self.table.higher[play_id])]
        return list(self.table.beater_masks[play_id])

    @property
    def trick(self) -> dict:
        return self.tricks[-1]

    # ---- 老歲 -------------------------------------------------------------------------------
    def knowledge(self, seat: int, explain: bool = False) -> Knowledge:
        """The facts `seat` reasons from (remembered until they change); `explain=True`: with the
        words that explain them, remembered per seat until the facts change (a frame explains every
        老歲 card of a hand from the same facts: building them once per card was a fifth of the
        server's time at 1,000 tables)."""
        key = (seat, self._facts)
        if explain:
            hit = self._explained.get(seat)
            k = hit[1] if hit is not None and hit[0] == self._facts else None
        else:
            k = self._know_cache.get(key)
        if k is None:
            own: dict[int, int] = {}
            for t, m in self.discards[seat]:
                own[t] = own.get(t, 0) | m
            k = Knowledge.build(
                seat=seat, hand=self.hands[seat], hand_sizes=[h.bit_count() for h in self.hands],
                tricks=self.tricks, own_discards=own, active=self.active, dummy=self.dummy,
                universe=self.game.universe, table=self.table, strict=self.rules["must_beat"] == "strict",
                seat_names=self.game.seat_names_by_lang() if explain else None, explain=explain,
            )
            if explain:
                self._explained[seat] = (self._facts, k)
            else:
                self._know_cache = {key: k}
        return k

    def is_laosui(self, seat: int, c: int) -> bool:
        """老歲 status of one card for its holder. 百子, 毛公 and 雲綫 always are (S0 SW and S1 both
        list them among the first 老歲); so is a card nothing can beat."""
        mode = self._laosui_mode
        higher = self.table.higher[c]
        if BOSSES >> c & 1:
            return True
        if not higher and mode != "cascade":
            return True
        if mode == "cascade":  # 001: a public promotion, suit by suit, whatever beats what
            above = SUIT_MASKS[c // 9] & ~((2 << c) - 1)
            return above & ~self.faceup == 0
        if higher & ~(self.hands[seat] | self.faceup) == 0:
            return True
        if mode == "visible":
            return False
        key = (seat, c, self._facts)
        hit = self._laosui_cache.get(key)
        if hit is None:
            hit = self._deduce(seat, c)
            self._laosui_cache[key] = hit
        return hit

    def _deduce(self, seat: int, c: int) -> bool:
        # Fast path: a higher card truly in an opponent's hand is a consistent world already.
        higher = self.table.higher[c]
        for q in self.active:
            if q != seat and self.hands[q] & higher:
                return False
        k = self.knowledge(seat)
        if not (self.table.unbeatable >> c & 1 or c == WAN_TSIN):
            # Second fast path: the true world with one higher card swapped into an opponent's
            # hand, when that breaks no fact, is a consistent world too (a proof, like the search's).
            for x in cards_of(higher & k.unknown):
                if x not in k._cache and self._swap_witness(k, x):
                    k._cache[x] = True
                    return False
        return is_laosui_deduced(c, k, self.table)

    def _swap_witness(self, k: Knowledge, x: int) -> bool:
        """Does swapping card x (truly in the dummy or a face-down discard) with a card of an
        opponent's hand give a world satisfying every fact of `k`?"""
        truth = self._truth(k)
        if truth is None:
            return False
        a = next((i for i, m in enumerate(truth) if m >> x & 1), None)
        if a is None or k.slots[a].is_hand:
            return False
        cons = k.constraints
        for b, slot in enumerate(k.slots):
            if not slot.is_hand or not truth[b]:
                continue
            touched = [con for con in cons if a in con.slots or b in con.slots]
            for y in cards_of(truth[b]):
                world = list(truth)
                world[a] = world[a] & ~(1 << x) | 1 << y
                world[b] = world[b] & ~(1 << y) | 1 << x
                if all(con.ok(con.fixed | _union_of(world, con.slots)) for con in touched):
                    return True
        return False

    def _truth(self, k: Knowledge) -> list[int] | None:
        """The true cards of each slot of `k`, or None if the truth breaks a fact of `k` (it
        should not: the witness shortcut is then simply not taken)."""
        got: Any = getattr(k, "truth", False)
        if got is not False:
            return got
        disc = {(q, t): m for q in self.active for t, m in self.discards[q]}
        truth = []
        for slot in k.slots:
            if slot.owner < 0:
                truth.append(self.hands[self.dummy])
            elif slot.trick is None:
                truth.append(self.hands[slot.owner])
            else:
                truth.append(disc.get((slot.owner, slot.trick), 0))
        if any(m & ~k.unknown or m.bit_count() != sl.capacity for m, sl in zip(truth, k.slots)) or not all(
                con.ok(con.fixed | _union_of(truth, con.slots)) for con in k.constraints):
            k.truth = None  # type: ignore[attr-defined]  # a memo on this state's own Knowledge, not a field of it
            return None
        k.truth = truth  # type: ignore[attr-defined]  # (the same memo)
        return truth

    def laosui_mask(self, seat: int, cards: int) -> int:
        """The 老歲 cards among `cards` (held by `seat`)."""
        mode = self._laosui_mode
        if mode == "cascade":
            return _tops(cards, self.faceup, BOSSES)
        old = _tops(cards, self.hands[seat] | self.faceup, BOSSES | self.table.unbeatable)
        if mode == "visible":
            return old
        # Deduced 老歲 stays 老歲 while the card is held: facts only accumulate and cards only
        # leave hands, so a world in which an opponent holds a higher card never comes back.
        old |= cards & self._old_known[seat]
        rest = cards & ~old
        if rest:
            # the deduction's first proof, for the whole hand at once: a card beaten by a card
            # truly in an opponent's hand is not 老歲 (the true world is consistent), no search
            opp = 0
            for q in self.active:
                if q != seat:
                    opp |= self.hands[q]
            higher = self.table.higher
            for c in cards_of(rest):
                if not higher[c] & opp and self.is_laosui(seat, c):
                    old |= 1 << c
        self._old_known[seat] |= old
        return old

    def hand_laosui(self, seat: int) -> int:
        """The 老歲 cards of `seat`'s hand now, remembered until the next action (views,
        observations and the 糊 count all ask for it)."""
        cached = self._old_hand.get(seat)
        if cached is not None and cached[0] == self._facts:
            return cached[1]
        if self.laosui_oracle is not None and self._laosui_mode == "deduce" and seat != self.dummy:
            for s, m in enumerate(self.laosui_oracle(self)):  # every seat's at once
                if s != self.dummy:
                    self._old_known[s] |= m
                    self._old_hand[s] = (self._facts, m)
            return self._old_hand[seat][1]
        old = self.laosui_mask(seat, self.hands[seat])
        self._old_hand[seat] = (self._facts, old)
        return old

    def hu_count(self, seat: int) -> int:
        """糊 if `seat` declared now: cards won plus 老歲 cards in hand."""
        return self.hu[seat] + self.hand_laosui(seat).bit_count()

    def explain_laosui(self, seat: int, c: int, lang: str = "en") -> str:
        """Why a card is or is not 老歲 for `seat`, in words a referee can check."""
        from yezi.games.lukfu.explain import explain

        return explain(self.game, self.knowledge(seat, explain=True), seat, c, self.faceup, self.is_laosui(seat, c),
                       lang)

    # ---- strength measure (strong_pass = forbidden) ----------------------------------------
    def strength_measure(self, seat: int) -> int:
        """Most cards coverable by disjoint 各 and 順, plus the remaining 老歲 singles."""
        hand = self.hands[seat]
        combos = [PLAYS[p].mask for p in self.table.combos_in(hand)]
        old = self.laosui_mask(seat, hand)

        def best(rem: int, start: int) -> int:
            top = bin(rem & old).count("1")
            for i in range(start, len(combos)):
                m = combos[i]
                if m & rem == m:
                    top = max(top, bin(m).count("1") + best(rem & ~m, i + 1))
            return top

        return best(hand, 0)

    # ---- apply -----------------------------------------------------------------------------
    def apply_unchecked(self, action: int) -> None:
        seat = self.to_act
        self.history.append(action)
        self.actors.append(seat)
        self._version += 1
        self._facts += 1

        p = self.phase
        if p == TIGERS:
            if action == A.TIGERS:
                self._finish_tigers(seat)
            else:
                nxt = self.next_active(seat)
                if nxt == 0:
                    self.phase = BID
                self.to_act = nxt
        elif p == BID:
            if action == A.BID:
                self.bidder = seat
                self.privileged = privileged_seat(seat)
                self.phase = PLAY
                self.to_act = 0
            else:
                nxt = self.next_active(seat)
                if nxt == 0:
                    self.phase, self.outcome = OVER, "void"
                else:
                    self.to_act = nxt
        elif p == LAST:
            if action == A.DECLARE:
                self._finish_declare(seat)
            else:
                self.phase, self.outcome = OVER, "draw"
        elif action == A.DECLARE:
            self._finish_declare(seat)
        elif action >= A.DISCARD_BASE:
            self.pending |= 1 << (action - A.DISCARD_BASE)
            size = PLAYS[self.trick["lead"]].size
            if bin(self.pending).count("1") == size:
                self.hands[seat] &= ~self.pending
                self.discards[seat].append((len(self.tricks) - 1, self.pending))
                self.discarded[seat] |= self.pending
                self.trick["plays"].append({"seat": seat, "discard": size, "against": self.best_play})
                self.pending = 0
                self._advance()
            else:  # one card of an unfinished discard: only this seat's pending choice changed
                self._facts -= 1
        else:
            pid = action - A.PLAY_BASE
            m = PLAYS[pid].mask
            self.hands[seat] &= ~m
            self.faceup |= m
            self.shown[seat] |= m
            if self.best_play < 0:
                self.tricks.append(
                    {"leader": seat, "lead": pid, "exempt": self.lead_exempt(seat, pid), "plays": [], "winner": None}
                )
                self.followers = [self.next_active(seat), self.next_active(self.next_active(seat))]
            self.trick["plays"].append({"seat": seat, "play": pid})
            self.best_seat, self.best_play = seat, pid
            self._advance()

    def _advance(self) -> None:
        if self.followers:
            self.to_act = self.followers.pop(0)
            return
        w = self.best_seat
        self.trick["winner"] = w
        self.won[w].append(self.best_play)
        self.hu[w] += PLAYS[self.best_play].size
        self.best_seat, self.best_play = -1, -1
        self.to_act = w
        if self.hands[w] == 0:
            if self.rules["declare_after_last"] and self.hu[w] >= 6:
                branches.hit("lukfu.declare-after-last")
                self.phase = LAST
            else:
                branches.hit("lukfu.draw")
                self.phase, self.outcome = OVER, "draw"

    def _finish_tigers(self, seat: int) -> None:
        self.winner, self.outcome, self.phase = seat, "tigers", OVER
        self.revealed = {"tigers": sorted(cards_of(FIVE_TIGERS))}
        names = [self.game.seat_name(s, "en") for s in range(self.game.num_seats)]
        self.result = settle_tigers(
            num_seats=self.game.num_seats, active=self.active, winner=seat, rules=self.rules, seat_names=names
        )

    def _finish_declare(self, seat: int) -> None:
        old = self.laosui_mask(seat, self.hands[seat])
        hu = self.hu[seat] + bin(old).count("1")
        won_cards = 0
        for pid in self.won[seat]:
            won_cards |= PLAYS[pid].mask
        used = won_cards | old
        dummy_card = cards_of(self.hands[self.dummy])[0] if self.dummy is not None else None
        self.winner, self.outcome, self.phase = seat, "win", OVER
        self.revealed = {"laosui": sorted(cards_of(old), key=sort_key)}
        if self.rules["dummy_match"] == "winner_hand":
            self.revealed["hand"] = sorted(cards_of(self.hands[seat]), key=sort_key)
        if dummy_card is not None:
            self.revealed["dummy"] = dummy_card
        self.result = settle_declare(
            num_seats=self.game.num_seats, active=self.active, winner=seat, bidder=self.bidder, used_cards=used,
            hand_cards=self.hands[seat], dummy_seat=self.dummy, dummy_card=dummy_card, rules=self.rules, hu=hu,
        )

    # ---- illegal actions -------------------------------------------------------------------
    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        legal_text = [g.format_action(a, "zh-hant") for a in legal]
        seat = self.to_act

        def what(lang: str) -> str:
            return g.format_action(action, lang)

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), legal_text)

        if self.phase == TIGERS:
            if action == A.TIGERS:
                return err("five-tigers", N_("{tigers} needs {cards} in your hand"), tigers=lt.TIGERS,
                           cards=names([WAN_TSIN, 0, 9, 18, 27], name))
            return err("phase", N_("now each player in turn may declare {tigers} (or say {no})"),
                       tigers=lt.TIGERS, no=lt.NO_TIGERS)
        if self.phase == BID:
            if action == A.PASS:
                return err("strong-pass", N_("passing with a hand that could bid ({what}) is forbidden here: your hand "
                                             "is strong enough that you must bid"), what=lt.STRONG_PASS)
            return err("phase", N_("this is the bidding: say {bid} or {pass_}"), bid=term("做", "bid"),
                       pass_=term("唔做", "pass"))
        if self.phase == LAST:
            return err("phase", N_("the cards are out: you may only declare a win ({declare}) or not"),
                       declare=term("食糊"))
        if action in (A.PASS, A.BID, A.TIGERS, A.NO_TIGERS, A.DECLINE):
            return err("phase", N_("play is in progress: play cards (or declare at the start of a trick)"))
        if action == A.DECLARE:
            if self.followers_started():
                return err("declare-at-lead", N_("you may declare only at the start of a trick, when you lead"))
            return err("declare-six", N_("you need 6 {hu} to declare; you have {n}"), hu=lt.HU, n=self.hu_count(seat))
        cards = PLAYS[action - A.PLAY_BASE].mask if action < A.DISCARD_BASE else 1 << (action - A.DISCARD_BASE)
        if cards & ~self.hands[seat]:
            return err("not-in-hand", N_("{what}: you do not hold {cards}"), what=what,
                       cards=names(cards_of(cards & ~self.hands[seat]), name))
        if not self.followers_started():
            if action >= A.DISCARD_BASE:
                return err("lead-discard", N_("the leader plays face up; discarding is for followers"))
            pid = action - A.PLAY_BASE
            p = PLAYS[pid]
            if p.kind == SHUN and p.size > self.table.max_run:
                return err("run-length", N_("a {run} here has at most {n} cards"), run=lt.KINDS[SHUN],
                           n=self.table.max_run)
            if p.kind == SINGLE:
                return err("lead-order", N_("{what}: a single lead must come from the first class of your hand "
                                            "({order}); allowed now: {cards}"), what=what, order=lt.LEAD_ORDER,
                           cards=names(cards_of(self.single_leads(seat)), name))
            return err("not-legal", N_("{what} is not a legal lead"), what=what)
        lead = PLAYS[self.trick["lead"]]
        if action >= A.DISCARD_BASE:
            if self.rules["must_beat"] == "strict" and self.table.beating_plays(self.hands[seat], self.best_play):
                return err("must-beat", N_("you can beat, so you must beat (strict rule)"))
            return err("must-beat", N_("{what} would leave you holding a play that beats the best play; "
                                       "discard so that no beating combination stays in your hand, or beat"), what=what)
        p = PLAYS[action - A.PLAY_BASE]
        if self.pending:
            return err("discard-in-progress", N_("you have started discarding: choose the rest of your face-down cards"))
        if p.kind != lead.kind or p.size != lead.size:
            return err("follow-kind", N_("follow with {n} card(s) of the same kind ({kind}) or discard"), n=lead.size,
                       kind=lt.KINDS[lead.kind])
        return err("must-top", N_("{what} does not beat the best play so far"), what=what)

    # ---- outcome and views -----------------------------------------------------------------
    def payments(self) -> list[int]:
        if self.result is None:
            return [0] * self.game.num_seats
        return list(self.result.payments)

    def actor_of(self, index: int) -> int:
        return self.actors[index]

    def redact(self, index: int, seat: int | None) -> int | None:
        a = self.history[index]
        if a >= A.DISCARD_BASE and self.actors[index] != seat:
            return None
        return a

    def hidden_action_text(self, index: int, lang: str) -> str:
        return {"zh-hant": "墊牌", "zh-hans": "垫牌"}.get(lang, "discard (face down)")

    def _synced_hist(self) -> dict[int | None, list[int | None]]:
        """The history as each seat saw it (`redact`), brought up to date only when a view needs it."""
        hist = self._hist
        done = len(hist[None])
        if done < len(self.history):
            disc = A.DISCARD_BASE
            for seat, action in zip(self.actors[done:], self.history[done:]):
                for s, h in hist.items():
                    h.append(None if action >= disc and s != seat else action)
        return hist

    def _public(self) -> dict[str, Any]:
        """The part of every view that all seats share, built once per state version."""
        cached = self._public_cache
        if cached is not None and cached[0] == self._version:
            return cached[1]
        g = self.game
        pub: dict[str, Any] = {
            "game": "lukfu",
            "preset": self.rules.preset,
            "num_seats": g.num_seats,
            "dummy": self.dummy,
            "phase": self.phase,
            "to_act": self.current_player,
            "current_player": self.current_player,
            "terminal": self.phase == OVER,
            "bidder": self.bidder,
            "privileged": self.privileged,
            "hand_sizes": [bin(h).count("1") for h in self.hands],
            "tricks": _snapshot_tricks(self.tricks),
            "won": [list(w) for w in self.won],
            "hu_won": list(self.hu),
            "faceup": cards_of(self.faceup),
            "history": list(self._synced_hist()[None]),
            "actors": list(self.actors),
        }
        if self.phase == OVER:
            pub["outcome"] = self.outcome
            pub["winner"] = self.winner
            pub["revealed"] = dict(self.revealed)
            pub["payments"] = self.payments()
            if self.result is not None:
                pub["settlement"] = list(self.result.lines)
                pub["settlement_i18n"] = {lang: self.result.texts(lang) for lang in ("zh-hant", "zh-hans", "en")}
                pub["winner_hu"] = self.result.winner_hu
                pub["dummy_hu"] = self.result.dummy_hu
        self._public_cache = (self._version, pub)
        return pub

    def view(self, seat: int | None) -> dict[str, Any]:
        """All `seat` may know (None: a spectator). The public part is built once per state
        version and copied for each view, so a client that edits its view changes no other."""
        v = _copy_public(self._public())
        v["seat"] = seat
        if seat is None:
            return v
        v["history"] = list(self._synced_hist()[seat])
        hand = self.hands[seat]
        v["hand"] = hand_sorted(hand)
        v["deal"] = sorted(self.deal[seat])
        v["my_discards"] = [[t, cards_of(m)] for t, m in self.discards[seat]]
        if seat == self.to_act and self.pending:
            v["pending_discard"] = cards_of(self.pending)
        if seat != self.dummy:
            v["laosui"] = hand_sorted(self.hand_laosui(seat))
            v["hu"] = self.hu[seat] + len(v["laosui"])
        return v

    def clone(self) -> LukFuState:
        s = copy.copy(self)
        s.hands = list(self.hands)
        s.history = list(self.history)
        s.actors = list(self.actors)
        s.tricks = _snapshot_tricks(self.tricks)
        s._hist = {k: list(v) for k, v in self._hist.items()}
        s.followers = list(self.followers)
        s.discards = [list(d) for d in self.discards]
        s.won = [list(w) for w in self.won]
        s.hu = list(self.hu)
        s._laosui_cache = {}
        s._old_hand = {}
        s._old_known = list(self._old_known)
        s.shown = list(self.shown)
        s.discarded = list(self.discarded)
        s._know_cache = {}
        s._explained = {}
        s._public_cache = None
        return s

    def annotate(self, action: int, lang: str) -> str:
        """A short comment for records: the 糊 count at a declaration, the trick winner."""
        if action == A.DECLARE:
            return f"{self.hu_count(self.to_act)} 糊"
        return ""


_FLAT = ("hand_sizes", "hu_won", "faceup", "history", "actors", "payments", "settlement")  # lists of scalars


def _copy_public(pub: dict[str, Any]) -> dict[str, Any]:
    """A copy of the cached public part sharing no list or dict with it, made knowing its shape
    (a trick's plays are dicts of numbers): five times as fast as `json_copy`, and a view is
    taken at every step of a search bot's rollouts. tests/core/test_views.py edits every list and
    dict of a view to prove nothing is shared, so a key added to `_public` cannot slip by."""
    v = pub.copy()
    for k in _FLAT:
        if k in v:
            v[k] = v[k][:]
    v["won"] = [w[:] for w in v["won"]]
    v["tricks"] = [{**t, "plays": [p.copy() for p in t["plays"]]} for t in v["tricks"]]
    for k in ("revealed", "settlement_i18n"):
        if k in v:
            v[k] = json_copy(v[k])
    return v


def _union_of(masks: list[int], slots: tuple[int, ...]) -> int:
    m = 0
    for s in slots:
        m |= masks[s]
    return m


def _tops(cards: int, known: int, always: int) -> int:
    """Cards above every card of their suit not in `known` (unbeatable as far as `known` shows),
    plus the `always` ones."""
    old = cards & always
    for sm in SUIT_MASKS:
        unk = sm & ~known
        # a card is old iff no unknown card lies above it: keep those from the highest unknown up
        old |= cards & sm & ~((1 << (unk.bit_length() - 1)) - 1) if unk else cards & sm
    return old


def _snapshot_tricks(tricks: list[dict]) -> list[dict]:
    """Finished tricks never change again, so only the last one needs copying."""
    if not tricks:
        return []
    last = tricks[-1]
    return [*tricks[:-1], {**last, "plays": list(last["plays"])}]


def _hitting_set_within(sets: list[int], budget: int) -> bool:
    """Can at most `budget` cards meet every mask in `sets`? (small exact branch search)"""
    if not sets:
        return True
    if budget <= 0:
        return False
    first = sets[0]
    for c in cards_of(first):
        rest = [m for m in sets[1:] if not m >> c & 1]
        if _hitting_set_within(rest, budget - 1):
            return True
    return False


__all__ = ["LukFuState"]
