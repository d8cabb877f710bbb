"""Fishing 釣魚 with 十五湖 cards (seed 003), and Tiu U 釣魚 with two domino sets, on the protocol.

Cards are Tien Gow kinds (ints 0..20, `yezi.components.tiengow`); hands, the lake (湖) and the
catches are count vectors, the stock (牌龍) is an ordered list drawn from its head (龍頭); its
last card is the 尾牌. Seat 0 is the dealer (莊家 / 頭魚); seats follow in turn order
(counter-clockwise), the last seat is the 尾家 (尾魚), the non-dealer with two players.

A turn has two parts (seed 003): (a) a hand card captures a lake card of equal pips or is
released into the lake; (b) the head of the stock is turned up and captures or is released.
Both parts are actions of the same seat. Every action shows its cards face up, so the history
is public; what is hidden is the hands, the order of the stock and (for all but the 尾家) the
尾牌 that the 尾家 peeked at.

Action codes (946):

* ``h*21+t``          hand card h captures lake card t           (天釣黑九… / 66x63)
* ``441+h``           hand card h released                        (放天 / r66)
* ``462+d*21+t``      drawn card d captures lake card t           (摸天釣天 / d66x66)
* ``903+d``           drawn card d released                       (摸天放生 / d66r)
* ``924+h``           hand card h stacked on two identical (Tiu U) (疊人 / s44)
* ``945``             no hand card can capture; keep it (Tiu U)    (不釣 / k)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any, cast

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.protocol import Game, State, common_view
from yezi.core.views import json_copy
from yezi.games.fishing.actions import ACTION_SPACE, CAP, DCAP, DREL, KEEP, REL, STACK, K, decode
from yezi.games.fishing.scoring import Catch, ClassRules, classify, quick
from yezi.games.fishing.settlement import Method, Settlement, Standing, method_from_rules
from yezi.games.fishing.views import FishingView
from yezi.i18n import LANGS, N_, NP_, Msg

SEAT_NAMES: dict[int, dict[str, tuple[str, ...]]] = {
    3: {"zh-hant": ("莊家", "二家", "尾家"), "zh-hans": ("庄家", "二家", "尾家"), "en": ("Dealer", "Second", "Tail")},
    2: {"zh-hant": ("莊家", "尾家"), "zh-hans": ("庄家", "尾家"), "en": ("Dealer", "Tail")},
}
LAKE_NAMES = {"zh-hant": "湖", "zh-hans": "湖", "en": "Lake"}
STOCK_NAMES = {"zh-hant": "龍", "zh-hans": "龙", "en": "Stock"}

_WORDS = {
    "zh-hant": {"takes": "釣", "release": "放", "draw": "摸", "drel": "放生", "stack": "疊", "keep": "不釣"},
    "zh-hans": {"takes": "钓", "release": "放", "draw": "摸", "drel": "放生", "stack": "叠", "keep": "不钓"},
}


_DECODED = tuple(decode(a) for a in range(ACTION_SPACE))


class Fishing(Game["FishingState"]):
    name = "fishing"
    titles = {"zh-hant": "釣魚（十五湖）", "zh-hans": "钓鱼（十五湖）", "en": "Fishing (Sap Ng Wu cards) / Tiu U"}
    options_package = "yezi.games.fishing"
    view_type = FishingView

    def __init__(self, ruleset):
        super().__init__(ruleset)
        r = ruleset
        self.players: int = int(r["players"])
        self.tail_seat = self.players - 1
        self.dominoes = r["equipment"] == "dominoes64"
        self.deck = tg.double_domino_set() if self.dominoes else tg.card_deck()
        self.deck_counts = tg.counts(self.deck)
        self._score_cache: dict[tuple[int, ...], int] = {}
        if self.dominoes:
            self.hand_size = 12 if self.players == 2 else 8
            self.lake_size = 16
        else:
            self.hand_size = 15 if self.players == 2 else 10
            self.lake_size = 24
        self.stock_size = len(self.deck) - self.lake_size - self.players * self.hand_size
        self.peek = bool(r["peek"])
        self.draw_first = r["first_turn"] == "draw-first"
        self.must = r["capture"] == "must"
        self.keep_mode = r["unmatched_hand"] == "keep"
        self.stacking = bool(r["stacking"])
        self.heaven_pair = bool(r["heaven_pair"])
        self.one_takes_three = bool(r["one_takes_three"])
        self.fours_to_tail = bool(r["fours_to_tail"])
        self.lake_to_tail = r["leftover_lake"] == "tail"
        self.matches = self._match_table(r)
        self.self_only = frozenset(k for k in range(K) if self.matches[k] == (k,))
        self.class_rules = ClassRules(
            strict_wenwu=r["wenwu"] == "strict", no_medium_all_small=bool(r["no_medium"]), scoring=r["scoring"],
        )
        self.method: Method = method_from_rules(r, self.players)
        self._action_text: dict[str, int] | None = None

    @staticmethod
    def _match_table(r) -> tuple[tuple[int, ...], ...]:
        """matches[h] = the kinds a card of kind h captures (seed 003 §釣魚, variants V-F3…V-F6)."""
        by_pips: dict[int, list[int]] = {}
        for k in range(K):
            by_pips.setdefault(tg.PIPS[k], []).append(k)
        m = {k: set(by_pips[tg.PIPS[k]]) for k in range(K)}
        if not r["plum_redten"]:
            m[tg.PLUM] = {tg.PLUM}
            m[tg.RED_TEN] = {tg.RED_TEN}
        if r["heaven_earth"]:
            m[tg.HEAVEN] |= {tg.EARTH}
            m[tg.EARTH] |= {tg.HEAVEN}
        if r["cock"] == "big-six":
            m[tg.LITTLE_THREE] |= {tg.BIG_SIX}
            m[tg.BIG_SIX] |= {tg.LITTLE_THREE}
        elif r["cock"] == "all-sixes":
            for six in (tg.LONG_THREE, tg.MALLET_SIX, tg.BIG_SIX):
                m[tg.LITTLE_THREE] |= {six}
                m[six] |= {tg.LITTLE_THREE}
        return tuple(tuple(sorted(m[k])) for k in range(K))

    @classmethod
    def bots(cls):
        from yezi.games.fishing.bots import GreedyBot, HeuristicBot

        return {"greedy": GreedyBot, "heuristic": HeuristicBot}

    # ---- seats -------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return self.players

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return SEAT_NAMES[self.players]["en" if lang == "ascii" else lang][seat]

    # ---- metadata ----------------------------------------------------------------------
    def make_observer(self):
        from yezi.games.fishing.observation import FishingObserver

        return FishingObserver(self)

    def seen_from_view(self, view):
        from yezi.games.fishing.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """A turn is at most a hand action and a draw, and the deal ends once the stock is out."""
        return 2 * self.stock_size

    def payment_bounds(self) -> tuple[int, int]:
        """Each pair's payment grows with the winner's 決勝分, and no catch can score more than the
        whole set caught by one seat (every fish and special counts more with more cards); the
        method's pair arithmetic at that score bounds what one seat pays or gets from each other."""
        from dataclasses import replace

        from yezi.games.fishing.settlement import M1, M2, M3, Standing, ceil100

        top = self.method.standing_quick(quick(self.deck_counts, replace(self.class_rules, no_medium_all_small=False)))
        s = top.score
        m = self.method
        if isinstance(m, M1):
            pair = ceil100(max(2 * s, s + 100 * 3 + m.base))
        elif isinstance(m, M2):
            pair = 2 * s
        elif isinstance(m, M3):
            pair = 100 * (-(-s // 100) + m.di + m.jun_value(3))
        else:
            pair = m.pair(top, Standing(0, 0, False), "", "")[0]
        bound = (self.players - 1) * pair
        return -bound, bound

    # ---- deals -------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> dict[str, Any]:
        """Shuffle and deal as seed 003: (lake 4, dealer 5, lake 4, next 5[, lake 4, next 5]) × 3 (or × 2)
        for the cards; the rest is the stock, head first, the 尾牌 last. Tiu U deals the counts."""
        cards = list(self.deck)
        random.Random(seed).shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        lake: list[int] = []
        it = iter(cards)
        if self.dominoes:
            lake = [next(it) for _ in range(self.lake_size)]
            for s in range(self.players):
                hands[s] = [next(it) for _ in range(self.hand_size)]
        else:
            for _ in range(3 if self.players == 2 else 2):
                for s in range(self.players):
                    lake += [next(it) for _ in range(4)]
                    hands[s] += [next(it) for _ in range(5)]
        stock = list(it)
        return {"hands": [sorted(h) for h in hands], "lake": sorted(lake), "stock": stock}

    def check_deal(self, deal: dict[str, Any]) -> None:
        try:
            hands, lake, stock = deal["hands"], deal["lake"], deal["stock"]
        except (KeyError, TypeError):
            raise NotationError("a Fishing deal is {'hands': [...], 'lake': [...], 'stock': [...]}") from None
        if len(hands) != self.players or any(len(h) != self.hand_size for h in hands):
            raise NotationError(f"a deal needs {self.players} hands of {self.hand_size}")
        if len(lake) != self.lake_size or len(stock) != self.stock_size:
            raise NotationError(f"a deal needs {self.lake_size} cards in the lake and {self.stock_size} in the stock")
        allc = [c for h in hands for c in h] + list(lake) + list(stock)
        if tg.counts(allc) != self.deck_counts:
            raise NotationError("the deal does not hold exactly the cards of the set")

    def new_state(self, deal: dict[str, Any]) -> FishingState:
        self.check_deal(deal)
        return FishingState(self, deal)

    def placeholder_state(self, deal: dict[str, Any]) -> FishingState:
        """A state on a deal that need not hold the set's cards: `knowledge.public_trace` replays the
        public history on placeholder hands (every card played shows face up, so the play never
        depends on them)."""
        return FishingState(self, deal)

    def format_deal(self, deal: dict[str, Any]) -> str:
        parts = [f"{self.seat_name(s)}: " + tg.format_kinds(h, "zh-hant") for s, h in enumerate(deal["hands"])]
        parts.append(f"{LAKE_NAMES['zh-hant']}: " + tg.format_kinds(deal["lake"], "zh-hant"))
        parts.append(f"{STOCK_NAMES['zh-hant']}: " + tg.format_kinds(deal["stock"], "zh-hant"))
        return " | ".join(parts)

    def parse_deal(self, text: str) -> dict[str, Any]:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != self.players + 2:
            raise NotationError(f"a Fishing deal has {self.players} hands, the lake and the stock separated by '|'")
        lists = []
        for p in parts:
            body = p.split(":", 1)[1] if ":" in p else p
            lists.append(tg.parse_kinds(body))
        deal = {"hands": [sorted(h) for h in lists[: self.players]], "lake": sorted(lists[-2]), "stock": lists[-1]}
        self.check_deal(deal)
        return deal

    # ---- actions -------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        kind, a, b = decode(action)
        if lang == "ascii":
            d = tg.KINDS
            return {
                "cap": lambda: f"{d[a].dice}x{d[b].dice}", "rel": lambda: f"r{d[a].dice}",
                "dcap": lambda: f"d{d[a].dice}x{d[b].dice}", "drel": lambda: f"d{d[a].dice}r",
                "stack": lambda: f"s{d[a].dice}", "keep": lambda: "k",
            }[kind]()
        n = tg.name
        if lang == "en":
            return {
                "cap": lambda: f"{n(a, 'en')} takes {n(b, 'en')}", "rel": lambda: f"release {n(a, 'en')}",
                "dcap": lambda: f"draw {n(a, 'en')} takes {n(b, 'en')}",
                "drel": lambda: f"draw {n(a, 'en')} released",
                "stack": lambda: f"stack {n(a, 'en')}", "keep": lambda: "keep",
            }[kind]()
        w = _WORDS[lang]
        return {
            "cap": lambda: f"{n(a, lang)}{w['takes']}{n(b, lang)}", "rel": lambda: f"{w['release']}{n(a, lang)}",
            "dcap": lambda: f"{w['draw']}{n(a, lang)}{w['takes']}{n(b, lang)}",
            "drel": lambda: f"{w['draw']}{n(a, lang)}{w['drel']}",
            "stack": lambda: f"{w['stack']}{n(a, lang)}", "keep": lambda: w["keep"],
        }[kind]()

    _ASCII = re.compile(r"^(?:(d)?([1-6]{2})(?:x([1-6]{2})|(r))|r([1-6]{2})|s([1-6]{2})|(k))$")

    def parse_action(self, text: str) -> int:
        t = text.strip()
        if self._action_text is None:
            table: dict[str, int] = {}
            for a in range(ACTION_SPACE):
                for lang in ("zh-hant", "zh-hans", "en", "ascii"):
                    table[self.format_action(a, lang).lower().replace(" ", "")] = a
            self._action_text = table
        key = t.lower().replace(" ", "")
        if key in self._action_text:
            return self._action_text[key]
        m = self._ASCII.match(key)
        if m:
            return self._parse_ascii(m)
        # free forms: "<card> takes|x|釣|钓 <card>", "release|放|放生 <card>", "draw <card> …"
        draw = False
        low = t.lower()
        for pre in ("draw ", "摸牌", "摸"):
            if low.startswith(pre):
                draw, t, low = True, t[len(pre):].strip(), low[len(pre):].strip()
                break
        for sep in (" takes ", " take ", " x ", "釣", "钓"):
            if sep in low:
                i = low.index(sep)
                a, b = tg.parse_kind(t[:i]), tg.parse_kind(t[i + len(sep):])
                return DCAP + a * K + b if draw else CAP + a * K + b
        for pre in ("release ", "放生", "放"):
            if low.startswith(pre):
                return REL + tg.parse_kind(t[len(pre):])
        if draw:
            for suf in (" released", " release", "放生", "放"):
                if low.endswith(suf):
                    return DREL + tg.parse_kind(t[: len(t) - len(suf)])
        for pre in ("stack ", "疊", "叠"):
            if low.startswith(pre):
                return STACK + tg.parse_kind(t[len(pre):])
        raise NotationError(
            f"cannot read {text!r} as a Fishing action; expected e.g. 紅九釣黑九 / red nine takes black nine / "
            f"54x63 (capture), 放天 / release heaven / r66, 摸天釣天 / d66x66 (the drawn card captures), "
            f"摸天放生 / d66r, 疊人 / s44 (Tiu U), 不釣 / k"
        )

    @staticmethod
    def _parse_ascii(m) -> int:
        def kd(s: str) -> int:
            return tg.kind_of_dice(int(s[0]), int(s[1]))

        if m.group(7):
            return KEEP
        if m.group(5):
            return REL + kd(m.group(5))
        if m.group(6):
            return STACK + kd(m.group(6))
        a = kd(m.group(2))
        if m.group(1):
            return DREL + a if m.group(4) else DCAP + a * K + kd(m.group(3))
        if m.group(4):
            return REL + a
        return CAP + a * K + kd(m.group(3))

    def action_help(self, lang: str = "en") -> str:
        return ("Capture: '<hand card> takes <lake card>' (紅九釣黑九, 54x63). Release: 'release <card>' "
                "(放天, r66). The drawn card: 'draw <card> takes <card>' (摸天釣天, d66x66) or "
                "'draw <card> released' (摸天放生, d66r). Tiu U: stack (疊人, s44), keep (不釣, k). "
                "Card names in any language, or dice (66, 6-6).")

    # ---- classification and settlement -------------------------------------------------------
    def classify(self, counts) -> Catch:
        return classify(counts, self.class_rules)

    def settle_catches(self, catches: list[Catch]) -> Settlement:
        names = [self.seat_name(s, "en") for s in range(self.players)]
        return self.method.settle([self.method.standing(c) for c in catches], names)

    def catch_score(self, counts) -> int:
        """The 決勝分 of a catch under this ruleset (what bots maximise); fast, no reasons.

        Memoised by the kind counts: bots and search rollouts score the same few thousand catches
        over and over (a rollout-heavy search decision asks ~7,000 times), and a dictionary
        lookup is about ten times cheaper than classifying again.
        """
        key = tuple(counts)
        cache = self._score_cache
        v = cache.get(key)
        if v is None:
            fish, sf, ns, _jun, all_small = quick(counts, self.class_rules)
            m = self.method
            v = fish if all_small else fish + (sf if m.double_specials else 0) + m.special_bonus * ns
            if len(cache) >= 1 << 18:  # bounded: a long-lived server process must not grow without end
                cache.clear()
            cache[key] = v
        return v

    # ---- worlds consistent with a view -------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """A full deal consistent with `view`; the actions are the (public) history itself.

        Known: the lake at the deal, the seat's own hand, every card played from a hand (all are
        face up), the stock cards drawn so far, and the 尾牌 for the 尾家 who peeked. Unknown
        cards fill the other hands and the rest of the stock. A card still hidden in another
        hand was held at every moment that player released a card (or kept, in Tiu U) under the
        capture duty, so it could not capture anything then: such kinds are excluded for that
        hand, and the assignment keeps Hall's condition so it always completes.
        """
        from yezi.games.fishing.knowledge import sample_deal

        deal = sample_deal(self, view, rng)
        return deal, list(view["history"])

    def deal_stats(self, state: FishingState) -> dict[str, bool]:
        """Flags counted by ``yezi simulate``: who had the top 決勝分 (ties count for each), 過山, specials."""
        scores = state.deciding_scores()
        best, worst = max(scores), min(scores)
        # a key is its label for `yezi simulate`: a message that reads "top score: Tail" in English
        out: dict[Any, bool] = {Msg("top score: {seat}", seat={lang: self.seat_name(s, lang) for lang in LANGS}): scores[s] == best
                                for s in range(self.players)}
        out.update({Msg("lowest score: {seat}", seat={lang: self.seat_name(s, lang) for lang in LANGS}): scores[s] == worst
                    for s in range(self.players)})
        om = getattr(self.method, "overmountain", None)
        if om:
            out[Msg("過山 (someone ≥ {points})", points=om)] = best >= om
        if self.class_rules.scoring == "fish":
            out[NP_("simulate:stat", "a special set made")] = any(quick(c, self.class_rules)[2] for c in state.catches)
        return out

    def rescore(self, state: FishingState) -> list[int]:
        """The payments of `state`'s finished deal (played under a ruleset that differs from this
        one in its settlement only) under this game's settlement: what `yezi analyze --rescore
        settlement` compares methods with, without replaying the deal."""
        if state.turn >= 0:
            raise ValueError("the deal is not over")
        return self.method.settle([self.method.standing_quick(quick(c, self.class_rules)) for c in state.catches],
                                  with_text=False).payments

    def dealer_shift(self, state: FishingState) -> int:
        if self.rules["next_dealer"] == "rotate":
            return 1
        scores = state.deciding_scores()
        best = max(scores)
        return scores.index(best)


class FishingState(State["Fishing"]):
    def __init__(self, game: Fishing, deal: dict[str, Any] | None):
        self.game = game
        if deal is None:  # clone
            return
        self.deal = deal
        self.history: list[int] = []
        self.actors: list[int] = []
        n = game.players
        self.hands = [tg.counts(h) for h in deal["hands"]]
        self.lake = tg.counts(deal["lake"])
        self.catches = [[0] * K for _ in range(n)]
        self.stacked = [False] * K
        self.pos = 0
        self.drawn: int | None = None
        self.events: list[dict[str, Any]] = []
        self._result: tuple[list[Catch], Settlement] | None = None
        self._standings: list[Standing] | None = None
        self._payments: list[int] | None = None
        if game.fours_to_tail:
            for k in sorted(game.self_only):
                if self.lake[k] == 4:
                    self.lake[k] = 0
                    self.catches[game.tail_seat][k] += 4
                    self.events.append({"event": "fours-to-tail", "kind": k, "seat": game.tail_seat})
        if game.heaven_pair:
            for s in range(n):
                while self.hands[s][tg.HEAVEN] >= 2:
                    self.hands[s][tg.HEAVEN] -= 2
                    self.catches[s][tg.HEAVEN] += 2
                    self.events.append({"event": "heaven-pair", "kind": tg.HEAVEN, "seat": s})
        self.turn = 0
        self._first = True
        self.phases: list[str] = ["draw", "hand"] if game.draw_first else ["hand", "draw"]
        self._advance()

    # ---- the turn machine -------------------------------------------------------------------
    def _advance(self) -> None:
        """Skip empty phases; move to the next seat or end the deal."""
        g = self.game
        while True:
            while self.phases:
                ph = self.phases[0]
                if ph == "hand" and sum(self.hands[self.turn]) > 0:
                    return
                if ph == "draw" and self.pos < len(self.deal["stock"]):
                    self.drawn = self.deal["stock"][self.pos]
                    self.pos += 1
                    return
                self.phases.pop(0)
            if self.pos >= len(self.deal["stock"]):
                self._finish()
                return
            self.turn = (self.turn + 1) % g.players
            self._first = False
            self.phases = ["hand", "draw"]

    def _finish(self) -> None:
        g = self.game
        self.turn = -1
        left = [k for k in range(K) for _ in range(self.lake[k])]
        if left and g.lake_to_tail:
            for k in left:
                self.catches[g.tail_seat][k] += 1
            self.lake = [0] * K
            self.stacked = [False] * K
            self.events.append({"event": "lake-to-tail", "kinds": left, "seat": g.tail_seat})

    @property
    def current_player(self) -> int | None:
        return None if self.turn < 0 else self.turn

    @property
    def phase(self) -> str | None:
        return None if self.turn < 0 else self.phases[0]

    # ---- legal actions -----------------------------------------------------------------------
    def _targets(self, card: int) -> list[int]:
        lake, st = self.lake, self.stacked
        return [t for t in self.game.matches[card] if lake[t] and (not st[t] or t == card)]

    def legal_actions(self) -> list[int]:
        if self.turn < 0:
            return []
        g = self.game
        if self.phases[0] == "draw":
            d = self.drawn
            assert d is not None  # a card is drawn in the draw phase
            caps = [DCAP + d * K + t for t in self._targets(d)]
            if caps and g.must:
                return caps
            return [*caps, DREL + d]
        hand = self.hands[self.turn]
        lake, st, matches = self.lake, self.stacked, g.matches
        moves = []
        held = [h for h in range(K) if hand[h]]
        for h in held:
            base = CAP + h * K
            for t in matches[h]:
                if lake[t] and (t == h or not st[t]):
                    moves.append(base + t)
        if g.stacking:
            moves += [STACK + h for h in held if lake[h] == 2 and not st[h]]
        if moves and g.must:
            return moves
        if g.keep_mode:
            return [*moves, KEEP]
        return moves + [REL + h for h in held]

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        kind, a, b = decode(action)
        fmt = [g.format_action(x, "en") for x in legal]

        def card(k: int) -> Callable[[str], str]:
            return lambda lang: tg.name(k, lang)

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), fmt)

        if self.phases[0] == "draw" and kind in ("cap", "rel", "stack", "keep"):
            return err("draw-phase", N_("it is time to play the drawn card {card}"), card=card(cast(int, self.drawn)))
        if self.phases[0] == "hand" and kind in ("dcap", "drel"):
            return err("hand-phase", N_("first play a hand card (capture or release)"))
        if kind in ("dcap", "drel") and a != self.drawn:
            return err("not-drawn", N_("the drawn card is {drawn}, not {card}"), drawn=card(cast(int, self.drawn)), card=card(a))
        if kind in ("cap", "rel", "stack") and not self.hands[self.turn][a]:
            return err("not-in-hand", N_("you hold no {card}"), card=card(a))
        if kind in ("cap", "dcap"):
            if not self.lake[b]:
                return err("not-in-lake", N_("there is no {card} in the lake"), card=card(b))
            if b not in g.matches[a]:
                if {a, b} == {tg.PLUM, tg.RED_TEN}:
                    return err("plum-redten", N_("{plum} and {red_ten} do not capture each other"),
                               plum=card(tg.PLUM), red_ten=card(tg.RED_TEN))
                return err("no-match", N_("{card} ({pips} pips) cannot capture {target} ({target_pips} pips)"),
                           card=card(a), pips=tg.PIPS[a], target=card(b), target_pips=tg.PIPS[b])
            if self.stacked[b]:
                return err("stacked", N_("the stacked {card} are taken only by the fourth"), card=card(b))
        if kind in ("rel", "drel", "keep") and g.must:
            return err("must-capture", N_("a card that can capture must capture: a card is released only when "
                                          "no card can capture"))
        return super().explain_illegal(action, legal)

    # ---- applying ----------------------------------------------------------------------------
    def _take(self, seat: int, card: int, target: int) -> int:
        g = self.game
        n = 1
        if self.lake[target] == 3 and (self.stacked[target] or (g.one_takes_three and target in g.self_only)):
            n = 3
            self.stacked[target] = False
        self.lake[target] -= n
        c = self.catches[seat]
        c[card] += 1
        c[target] += n
        return n

    def apply_unchecked(self, action: int) -> None:
        seat = self.turn
        kind, a, b = _DECODED[action]
        hand = self.hands[seat]
        if kind == "cap":
            hand[a] -= 1
            self._take(seat, a, b)
        elif kind == "rel":
            hand[a] -= 1
            self.lake[a] += 1
        elif kind == "dcap":
            self._take(seat, a, b)
            self.drawn = None
        elif kind == "drel":
            self.lake[a] += 1
            self.drawn = None
        elif kind == "stack":
            hand[a] -= 1
            self.lake[a] += 1
            self.stacked[a] = True
        self.history.append(action)
        self.actors.append(seat)
        self.phases.pop(0)
        self._advance()

    # ---- outcome -----------------------------------------------------------------------------
    def result(self) -> tuple[list[Catch], Settlement]:
        if self._result is None:
            catches = [self.game.classify(c) for c in self.catches]
            self._result = (catches, self.game.settle_catches(catches))
        return self._result

    def deciding_scores(self) -> list[int]:
        return [s.score for s in self.standings()]

    def standings(self) -> list[Standing]:
        """Each seat's standing (決勝分, 鈞) from the fast scorer, without the reasons."""
        if self._standings is None:
            self._standings = [self.game.method.standing_quick(quick(c, self.game.class_rules)) for c in self.catches]
        return self._standings

    def payments(self) -> list[int]:
        if self.turn >= 0:
            return [0] * self.game.players
        if self._payments is None:
            self._payments = self.game.method.settle(self.standings(), with_text=False).payments
        return list(self._payments)

    # ---- information -------------------------------------------------------------------------
    def drawn_so_far(self) -> list[int]:
        return list(self.deal["stock"][: self.pos])

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        deal_view: dict[str, Any] = {"lake": list(self.deal["lake"]), "drawn": self.drawn_so_far()}
        if seat is not None:
            deal_view["hand"] = list(self.deal["hands"][seat])
            if g.peek and seat == g.tail_seat:
                deal_view["tail"] = self.deal["stock"][-1]
        v: dict[str, Any] = {
            "game": "fishing",
            "players": g.players,
            "seat": seat,
            "turn": self.current_player,
            "to_act": self.current_player,
            "phase": self.phase,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "lake": list(self.lake),
            "stacked": [k for k in range(K) if self.stacked[k]],
            "catches": [list(c) for c in self.catches],
            "stock_left": len(self.deal["stock"]) - self.pos,
            "drawn": self.drawn,
            "events": json_copy(self.events),
            "deal": deal_view,
            "history": list(self.history),
        }
        v.update(common_view(self, seat))
        if self.turn < 0:
            catches, settle = self.result()
            v["result"] = {
                "scores": [s.score for s in settle.standings],
                "fish": [c.fish for c in catches],
                "specials": [list(c.specials) for c in catches],
                "jun": [c.jun for c in catches],
                "payments": list(settle.payments),
            }
        return v

    def actor_of(self, index: int) -> int:
        return self.actors[index]

    def redact(self, index: int, seat: int | None) -> int | None:
        return self.history[index]  # every card played is shown face up

    def clone(self) -> FishingState:
        s = FishingState(self.game, None)
        s.deal = self.deal
        s.history = list(self.history)
        s.actors = list(self.actors)
        s.hands = [list(h) for h in self.hands]
        s.lake = list(self.lake)
        s.catches = [list(c) for c in self.catches]
        s.stacked = list(self.stacked)
        s.pos = self.pos
        s.drawn = self.drawn
        s.events = list(self.events)
        s.turn = self.turn
        s._first = self._first
        s.phases = list(self.phases)
        s._result = self._result
        s._standings = self._standings
        s._payments = self._payments
        return s
