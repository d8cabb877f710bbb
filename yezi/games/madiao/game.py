"""Ma Diao 馬弔: one hand (a deal) on the engine protocol.

Seats are numbered from the banker in play direction: 0 樁家 (banker), 1 下首 (the banker's
next, who cuts and deals), 2 對面 (opposite, where the deal count starts), 3 上首 (the shuffler).
The generic match harness rotates the bank by `dealer_shift`; the full session (seat draw, stakes,
the 官堆 carried between hands) is `yezi.games.madiao.session`.

The deal is ``{"cards": [40 card ids], "pool": chips in the 官堆 before the hand}``: the shuffled
deck as it lies after the cut, read as spec §2.5's engine procedure (the last card is the 面葉, the
first 32 are dealt in packets of four from 頭, twice round; cards 33–39 are the hidden stock and
card 39 (index 38) is the 底牌次張).

Pool accounting. The 官堆 takes fines and antes and pays out to the next 大活, so a hand's money
does not balance between the four seats alone. `payments()` keeps the protocol's rule: it is the
seat-to-seat part only and sums to zero (so generic harnesses that play independent deals see a
fair zero-sum game). `net()` is each seat's whole result including what it paid into or took
from the pool, and `pool_change()` what the pool gained: ``sum(net()) + pool_change() == 0``.
The session layer (`session.py`) books `net()` and carries the pool into the next deal; both
parts are itemised in the settlement of the final view.
"""

from __future__ import annotations

import random
import zlib
from fractions import Fraction
from typing import Any

from yezi.components import madiao_deck as deck
from yezi.components.madiao_deck import (
    BAILAO,
    NUM_CARDS,
    QIANWAN,
    SUIT_OF,
    SUIT_START,
    WANWAN,
    beats,
    card_name,
    count_value,
    parse_card,
    suit_of,
)
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.protocol import Game, State, common_view
from yezi.core.views import json_copy
from yezi.games.madiao.cut import bad_faces, first_receiver
from yezi.games.madiao.views import MaDiaoView
from yezi.i18n import N_, NP_, Msg, punct
from yezi.i18n.terms import name as cjk_name
from yezi.i18n.terms import term

UP = 0  # 0..39: play a card face up (lead 發 or capture 捉)
DOWN = 40  # 40..79: discard a card face down (滅)
STAKE = 80  # 80..99: the banker's stake (衝) of 2*(code-79) chips
MIAN = 100  # declare the long-suit 免鬭 (option V18 waivable)
PLAY_ON = 101  # waive it and play
ACTION_SPACE = 102

SEAT_NAMES = {
    "zh-hant": ("樁家", "下首", "對面", "上首"),
    "zh-hans": ("桩家", "下首", "对面", "上首"),
    "en": ("Banker", "Dealer", "Opposite", "Shuffler"),
}

PHASE_STAKE, PHASE_MIAN, PHASE_PLAY, PHASE_OVER = "stake", "mian", "play", "over"


#: the liability warnings (spec §5.3 代人認開數) by the clause a play breaks: L2 and L1 (鬭百老法) lead to D1,
#: a 散家's 故縱 of the banker's card to D2; the ids stay in every language, they name Feng's clauses
WARNINGS = {
    "L2": N_("D1: playing 千萬 or 萬萬 before 百老 has appeared; if 百老 then becomes fully live you bear the payments"),
    "L1": N_("D1 (L1): leading the Tens suit without 百老; if 百老 takes this trick and lives you bear the payments"),
    "D2": N_("D2: letting the banker's card pass on purpose; if his 賞 then lives you bear the payments"),
}


def stake_code(chips: int) -> int:
    return STAKE + chips // 2 - 1


def stake_of(code: int) -> int:
    return 2 * (code - STAKE + 1)


#: Feng Menglong's guard sentences (馬弔牌經), quoted in Chinese and translated in English
GUARD_L1 = {"zh-hant": "十門為虛位。非百老在手，不可鬭也", "zh-hans": "十门为虚位。非百老在手，不可斗也",
            "en": "the Tens are an empty seat; without the Old Hundred in hand, do not contest them"}
GUARD_L2 = {"zh-hant": "千、萬為留守，非百老已出，不可鬭也", "zh-hans": "千、万为留守，非百老已出，不可斗也",
            "en": "the Thousands and Myriads stay on guard; until the Old Hundred is out, do not contest them"}


class MaDiao(Game["MaDiaoState"]):
    """Ma Diao under one ruleset; one deal = one hand of eight tricks."""

    name = "madiao"
    titles = {"zh-hant": "馬弔", "zh-hans": "马吊", "en": "Ma Diao"}
    options_package = "yezi.games.madiao"
    view_type = MaDiaoView

    def __init__(self, ruleset):
        super().__init__(ruleset)
        r = ruleset
        if r["stake_min"] > r["stake_max"]:
            from yezi.core.errors import OptionError

            raise OptionError(f"stake_min {r['stake_min']} is above stake_max {r['stake_max']}")
        self.stakes = list(range(r["stake_min"], r["stake_max"] + 1, 2))
        self.red = deck.RED_SETS[r["red_set"]]
        # hot-path copies of options read on every play
        self.must_capture = bool(r["must_capture"])
        self.must_follow = bool(r["must_follow"])
        self.prohibit = r["guard_rules"] == "prohibit"
        self.liability = r["guard_rules"] == "liability"

    # --- seats ---------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return 4

    # --- metadata ----------------------------------------------------------------------------
    #: Most 注 one seat can settle with each other seat in a hand: the largest amount of every
    #: clause of `settle` (弔 1, 四極 1, 賀 8, 百 3, 百突 6, 小突 1, 全突 5, 敲門 1, 賞 and 次賞 one
    #: per suit 4 + 4, 三開 3, 四紅 4, 全收 8, 假逵 1 = 50), doubled for 突 doubling, plus the
    #: 代人認開 liabilities (at most 2 + 2 + 2), then doubled again as a margin for repeated items
    #: (遇重款，即重開). A bound, far from attained: random play stays under a tenth of it.
    ZHU_PER_PAIR_BOUND = 2 * (2 * 50 + 6)

    def make_observer(self):
        from yezi.games.madiao.observation import MaDiaoObserver

        return MaDiaoObserver(self)

    def seen_from_view(self, view):
        from yezi.games.madiao.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """The banker's stake, the long-suit 免鬭 question to each seat, 8 tricks of 4 cards."""
        return 1 + 4 + 32

    def payment_bounds(self) -> tuple[int, int]:
        m = 3 * self.ZHU_PER_PAIR_BOUND * self.rules["stake_max"]
        return -m, m

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return SEAT_NAMES.get(lang, SEAT_NAMES["en"])[seat]

    # --- deals -----------------------------------------------------------------------------
    def deal_from_seed(self, seed: int, pool: int = 0) -> dict[str, Any]:
        rng = random.Random(seed)
        cards = list(range(NUM_CARDS))
        rng.shuffle(cards)
        bad = bad_faces(self)
        while cards[-1] in bad:  # a free re-cut (options V5, V6)
            rng.shuffle(cards)
        return {"cards": cards, "pool": pool}

    def new_state(self, deal: Any) -> MaDiaoState:
        return MaDiaoState(self, deal)

    def format_deal(self, deal: Any) -> str:
        return " ".join(card_name(c) for c in deal["cards"]) + f" ; 官堆 {deal.get('pool', 0)}"

    def parse_deal(self, text: str) -> dict[str, Any]:
        pool = 0
        if ";" in text:
            text, tail = text.split(";", 1)
            tail = tail.replace("官堆", "").replace("pool", "").strip()
            try:
                pool = int(tail or 0)
            except ValueError:
                raise NotationError(f"pool {tail!r} is not a whole number of chips") from None
        cards = [parse_card(t) for t in text.split()]
        if sorted(cards) != list(range(NUM_CARDS)):
            raise NotationError(f"a Ma Diao deal lists all 40 cards once; got {len(cards)} cards")
        return {"cards": cards, "pool": pool}

    # --- actions ---------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        if UP <= action < DOWN:
            return card_name(action - UP, lang)
        if DOWN <= action < STAKE:
            c = card_name(action - DOWN, lang)
            return {"zh-hant": f"滅{c}", "zh-hans": f"灭{c}", "en": f"discard {c}", "ascii": f"x{c}"}[lang]
        if STAKE <= action < MIAN:
            k = stake_of(action)
            return {"zh-hant": f"衝{k}", "zh-hans": f"冲{k}", "en": f"stake {k}", "ascii": f"stake{k}"}[lang]
        if action == MIAN:
            return {"zh-hant": "免鬭", "zh-hans": "免斗", "en": "no-contest", "ascii": "mian"}[lang]
        if action == PLAY_ON:
            return {"zh-hant": "鬭", "zh-hans": "斗", "en": "play-on", "ascii": "dou"}[lang]
        raise NotationError(f"{action} is not a Ma Diao action code (0..{ACTION_SPACE - 1})")

    def parse_action(self, text: str) -> int:
        t = text.strip()
        low = t.lower().replace(" ", "")
        if low in ("免鬭", "免斗", "免鬥", "no-contest", "mian"):
            return MIAN
        if low in ("鬭", "斗", "鬥", "play-on", "dou"):
            return PLAY_ON
        for p in ("衝", "冲", "stake"):
            if low.startswith(p) and low[len(p):].isdigit():
                k = int(low[len(p):])
                if k < 2 or k > 40 or k % 2:
                    raise NotationError(f"a stake is an even number of chips from 2 to 40, not {k}")
                return stake_code(k)
        for p in ("滅", "灭", "discard", "x", "d:"):
            if low.startswith(p) and len(low) > len(p):
                try:
                    return DOWN + parse_card(low[len(p):])
                except NotationError:
                    if p != "x":
                        raise
        for p in ("捉", "發", "发", "出", "play", "lead", "capture"):
            if low.startswith(p) and len(low) > len(p):
                try:
                    return UP + parse_card(low[len(p):])
                except NotationError:
                    pass
        try:
            return UP + parse_card(t)
        except NotationError:
            raise NotationError(
                f"{text!r} is not a Ma Diao action; write a card (九萬 / M9) to play it face up, "
                "滅九萬 / xM9 to discard face down, 衝4 / stake4 for the stake, 免鬭 or 鬭"
            ) from None

    def action_help(self, lang: str = "en") -> str:
        return (
            "a card name (九萬, 百老, M9) plays it face up: a lead (發) or a capture (捉); "
            "滅九萬 (or xM9, discard M9) discards it face down; 衝4 (stake4) sets the stake; "
            "免鬭 / 鬭 declare or waive a long-suit 免鬭."
        )

    # --- between deals: the session (yezi.core.match) -----------------------------------------
    match_length_option = "session_length"

    def first_dealer(self, seed: int) -> int:
        """The first banker: '然後再分再拈，以定樁首' (option V3), a position in play direction."""
        from yezi.games.madiao.session import draw_by_lot

        if self.rules["first_banker"] == "fixed-seat":
            return 0
        return draw_by_lot(self, random.Random(f"madiao-banker:{seed}"))

    def match_length(self):
        """A session (V4, which Feng Menglong leaves open): so many rotations of the bank (4 bank
        changes each), 4 hands a unit, or until a player has lost 25 注 at the minimum stake a unit."""
        from yezi.core.match import MatchLength

        r = self.rules
        n = r["session_length"]
        if r["session_end"] == "rotations":
            return MatchLength("rounds", n, cap=400 * n, of="bank")
        if r["session_end"] == "hands":
            return MatchLength("deals", 4 * n)
        return MatchLength("chips", n, loss_limit=25 * n * r["stake_min"], cap=400)

    def match_carry(self, state: MaDiaoState) -> dict[str, Any]:
        """The 官堆 is carried into the next hand: whoever makes the next 大活 takes it."""
        return {"pool": state.settlement()["pool_after"]}

    def match_result(self, state: MaDiaoState) -> list[Any]:
        """A hand books each seat's whole result, what it paid into or took from the 官堆 included
        (`net`); what the pool holds is carried (`match_carry`) and settled when the session closes."""
        return list(state.net())

    def match_close(self, carry: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """The 官堆 left at the end (V19): split equally among the four, or carried (reported)."""
        pool = carry.get("pool", 0)
        if pool and self.rules["pool_leftover"] == "split":
            return [Fraction(pool) / 4] * 4, {}
        return [0] * 4, ({"pool": pool} if pool else {})

    def dealer_shift(self, state: MaDiaoState) -> int:
        """Seats the bank moves: 0 (大活留樁), the 賀 holder (異賞奪樁), 1 (rotation), or a re-draw."""
        kind, seat = state.next_banker()
        if kind == "redraw":
            # seeded by the deal's cards as text: the same draw on every machine and Python (never hash())
            rng = random.Random(zlib.crc32(" ".join(map(str, state.deal["cards"])).encode("ascii")))
            from yezi.games.madiao.session import draw_by_lot

            return draw_by_lot(self, rng)
        return seat

    def deal_stats(self, state: MaDiaoState) -> dict[str, bool]:
        """Flags counted by `yezi simulate` (how often each outcome happens)."""
        st = state.settlement()
        items = {it["item"] for it in st["items"]}
        status = st["status"]
        return {
            NP_("simulate:stat", "played out"): state.end_reason == "played",
            NP_("simulate:stat", "免鬭 long suit"): state.end_reason == "mian",
            NP_("simulate:stat", "四極"): state.end_reason == "siji",
            NP_("simulate:stat", "賀 (異賞)"): bool(state.he),
            NP_("simulate:stat", "拍牌見百老"): state.end_reason == "cut-bailao",
            NP_("simulate:stat", "大活 (takes the 官堆)"): status.get("dahuo_seat") is not None,
            NP_("simulate:stat", "banker 正本 (≥2 tricks)"): state.end_reason == "played" and status["tricks"][0] >= 2,
            NP_("simulate:stat", "四和氣"): bool(status.get("sihe")),
            NP_("simulate:stat", "八卓全收"): "八卓全收" in items,
            NP_("simulate:stat", "假逵"): "假逵" in items,
            NP_("simulate:stat", "liability (代人認開)"): "代人認開" in items,
        }

    # --- bots ----------------------------------------------------------------------------------
    @classmethod
    def bots(cls):
        from yezi.games.madiao.bots import CautiousRandomBot, HeuristicBot

        return {"heuristic": HeuristicBot, "cautious": CautiousRandomBot}

    # --- sampling ------------------------------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random):
        from yezi.games.madiao.sampling import sample

        return sample(self, view, rng)

    def session(self, bots_by_player, seed: int, **kw):
        """A whole session of hands (see `yezi.games.madiao.session.play_session`)."""
        from yezi.games.madiao.session import play_session

        return play_session(self, bots_by_player, seed, **kw)


def effective_cards(game: MaDiao, cards: list[int]) -> tuple[list[int], list[int]]:
    """The deck after any free re-cut (V5 recut, V6 recut), and the cards the cuts exposed.

    `deal_from_seed` never produces such a deck (it cuts again from the same seed); for a deal
    given explicitly, the exposed card goes into the stock (first stock card) and the next card
    becomes the face, so the re-cut never changes the hands.
    """
    cards = list(cards)
    recut: list[int] = []
    bad = bad_faces(game)
    while cards[-1] in bad and len(recut) < 3:
        recut.append(cards[-1])
        cards = [*cards[:32], cards[39], *cards[32:39]]
    return cards, recut


class MaDiaoState(State["MaDiao"]):
    def __init__(self, game: MaDiao, deal: dict[str, Any]):
        self.game = game
        self.deal = deal
        self.history: list[int] = []
        self.actors: list[int] = []
        r = game.rules
        self.cards, self.recut = effective_cards(game, deal["cards"])
        self.face = self.cards[39]
        self.second = self.cards[38]
        bw = 5 if r["banwen_count"] == "5" else 1
        self.count = count_value(self.face, bw)
        self.tou = first_receiver(self.count)
        self.dealt: list[list[int]] = [[] for _ in range(4)]
        for i in range(8):
            self.dealt[(self.tou + i) % 4].extend(self.cards[4 * i: 4 * i + 4])
        self.hands: list[set[int]] = [set(h) for h in self.dealt]
        # the same facts as bit masks, kept up to date for numeric observations
        self.dealt_mask = [sum(1 << c for c in h) for h in self.dealt]
        self.hand_mask = list(self.dealt_mask)
        self.won_mask = [0] * 4
        self.up_mask = [0] * 4  # cards each seat played face up
        self.down_mask = [0] * 4  # cards each seat discarded face down (private to it until the end)
        self.pool_before = int(deal.get("pool", 0))
        self.stake: int | None = None
        self.phase = PHASE_STAKE
        self.end_reason: str | None = None
        self.mian_queue: list[int] = []
        self.mian_declarer: int | None = None
        self.he: list[tuple[int, str, int]] = []  # (seat, name, 注) of 賀 hands
        self.siji: int | None = None
        # tricks: each {"leader", "plays": [(seat, card, up)], "best": card, "best_seat": seat}
        self.tricks: list[dict[str, Any]] = []
        self.won: list[list[int]] = [[] for _ in range(4)]  # 上卓 cards per seat
        self.trick_winners: list[int] = []
        self.bailao_up = False  # 百老 played face up (public)
        self.bailao_out = False  # 百老 played in any manner
        self.ten_played = False  # some 十 card played face up (public)
        self.to_act: int | None = 0
        self.play_log: list[dict[str, Any]] = []
        self._settlement: dict[str, Any] | None = None
        if r["stake_mode"] == "fixed":
            self._set_stake(r["stake_min"])

    # --- helpers -----------------------------------------------------------------------------
    def clone(self) -> MaDiaoState:
        s = MaDiaoState.__new__(MaDiaoState)
        s.__dict__.update(self.__dict__)
        s.history = list(self.history)
        s.actors = list(self.actors)
        s.hands = [set(h) for h in self.hands]
        s.hand_mask = list(self.hand_mask)
        s.won_mask = list(self.won_mask)
        s.up_mask = list(self.up_mask)
        s.down_mask = list(self.down_mask)
        s.tricks = [{**t, "plays": list(t["plays"])} for t in self.tricks]
        s.won = [list(w) for w in self.won]
        s.trick_winners = list(self.trick_winners)
        s.mian_queue = list(self.mian_queue)
        s.he = list(self.he)
        s.play_log = list(self.play_log)
        s._settlement = None
        return s

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def counts(self) -> list[int]:
        return [len(w) for w in self.won]

    def first_leader(self) -> int:
        return 0 if self.game.rules["first_lead"] == "banker" else self.tou

    # --- the stake and the pre-play checks ------------------------------------------------------
    def _set_stake(self, chips: int) -> None:
        self.stake = chips
        r = self.game.rules
        if self.face == BAILAO and r["cut_bailao"] == "fine-redraw":
            self._end("cut-bailao")
            return
        from yezi.games.madiao.settle import he_hands, long_suit_seats, siji_seat

        self.he = he_hands(self)
        if self.he:
            # 賀 has precedence over 四極 and the long-suit 免鬭 (spec §4.7: every 渾成 is a long
            # suit and 四尊四極 holds 四極; only the 賀 is paid). V17 play-out plays the hand on.
            if r["he_timing"] == "preplay":
                self._end("he")
            else:
                self._start_play()
            return
        s = siji_seat(self)
        if s is not None:
            self.siji = s
            self._end("siji")
            return
        longs = long_suit_seats(self)
        if longs:
            if r["mian_dou"] == "automatic":
                self.mian_declarer = longs[0]
                self._end("mian")
                return
            self.phase = PHASE_MIAN
            self.mian_queue = longs
            self.to_act = longs[0]
            return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PHASE_PLAY
        self.tricks.append({"leader": self.first_leader(), "plays": [], "best": None, "best_seat": None})
        self.to_act = self.first_leader()

    def _end(self, reason: str) -> None:
        self.phase = PHASE_OVER
        self.end_reason = reason
        self.to_act = None

    # --- legal actions ----------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.to_act is None:
            return []
        if self.phase == PHASE_STAKE:
            return [stake_code(k) for k in self.game.stakes]
        if self.phase == PHASE_MIAN:
            return [MIAN, PLAY_ON]
        seat = self.to_act
        hand = self.hands[seat]
        trick = self.tricks[-1]
        g = self.game
        if not trick["plays"]:
            acts = [UP + c for c in sorted(hand)]
            return self._guarded(seat, acts) if g.prohibit else acts
        led = SUIT_OF[trick["plays"][0][1]]
        best = trick["best"]
        lo = SUIT_START[SUIT_OF[best]]
        cards = sorted(hand)
        caps = [UP + c for c in cards if lo <= c < best]
        if g.must_capture and caps:
            acts = caps
        elif g.must_follow and any(SUIT_OF[c] == led for c in hand):
            acts = caps + [DOWN + c for c in cards if SUIT_OF[c] == led]
        else:
            acts = caps + [DOWN + c for c in cards]
        if not g.prohibit:
            return acts
        return self._guarded(seat, acts)

    def _guarded(self, seat: int, acts: list[int]) -> list[int]:
        """L1/L2 as prohibitions (option V10), falling back to every play when none is left."""
        ok = [a for a in acts if not self.guard_breach(seat, a)]
        return ok or acts

    def guard_breach(self, seat: int, action: int) -> str | None:
        """'L1' or 'L2' when `action` breaks 鬭百老法 (spec §3.2), else None."""
        if action >= STAKE or self.phase != PHASE_PLAY:
            return None
        c = action % 40
        if c > 10:
            return None  # only the 十 suit is guarded
        hand = self.hands[seat]
        if BAILAO in hand or self.bailao_up:
            return None
        only_ten = all(suit_of(x) == 0 for x in hand)
        if self.game.rules["guard_exception"] == "only-ten-and-ten-played":
            exhausted = only_ten and self.ten_played
        else:
            exhausted = only_ten
        if c in (QIANWAN, WANWAN):
            if c == WANWAN and QIANWAN in hand:
                return None  # "若千萬俱有，又可出萬以圖尊，留千以制百"
            return None if exhausted else "L2"
        if suit_of(c) == 0 and action < DOWN and not self.tricks[-1]["plays"] and not only_ten:
            return "L1"
        return None

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        names = [g.format_action(a, "en") for a in legal]

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), names)

        if self.phase == PHASE_STAKE:
            return err("stake", N_("the banker sets the stake first: one of {stakes}"),
                       stakes=lambda lang: ", ".join(g.format_action(a, lang) for a in legal))
        if self.phase == PHASE_MIAN:
            return err("mian-dou", N_("declare {mian} or play on ({dou})"),
                       mian=cjk_name("免鬭", "免斗", "no contest"), dou=cjk_name("鬭", "斗", "contest"))
        c = action % 40
        seat = self.to_act
        if action >= STAKE:
            return err("phase", N_("the hand is being played: play or discard a card"))
        assert seat is not None, "the hand is over"  # as self.hands[None] would have refused
        if c not in self.hands[seat]:
            return err("not-in-hand", N_("{card} is not in your hand"), card=lambda lang: card_name(c, lang))
        trick = self.tricks[-1]
        if not trick["plays"] and action >= DOWN:
            return err("lead-face-up", N_("the lead ({lead}) is played face up"), lead=cjk_name("發", "发", "lead"))
        if self.game.rules["guard_rules"] == "prohibit" and self.guard_breach(seat, action):
            rule = self.guard_breach(seat, action)
            assert rule is not None  # the breach just found
            if rule == "L1":
                return err(rule, N_("without {bailao} in your hand you may not lead the Tens suit (Feng: {source})"),
                           bailao=term("百老"), source=GUARD_L1)
            return err(rule, N_("the Thousands and Myriads guard until {bailao} has appeared (Feng: {source})"),
                       bailao=term("百老"), source=GUARD_L2)
        if action < DOWN and trick["plays"]:
            return err("capture", N_("a face-up play must capture: same suit as the lead and above {best}; otherwise "
                                     "discard it face down ({fill})"),
                       best=lambda lang: card_name(trick["best"], lang), fill=term("滅", "fill"))
        if self.game.rules["must_capture"]:
            return err("must-capture", N_("you can capture, so you must (option V8)"))
        return err("must-follow", N_("you hold the led suit, so you must play it (option V9)"))

    # --- applying ---------------------------------------------------------------------------------
    def apply_unchecked(self, action: int) -> None:
        seat = self.to_act
        assert seat is not None, "the hand is over"  # an action is applied only while someone is to act
        self.history.append(action)
        self.actors.append(seat)
        if self.phase == PHASE_STAKE:
            self._set_stake(stake_of(action))
            return
        if self.phase == PHASE_MIAN:
            if action == MIAN:
                self.mian_declarer = seat
                self._end("mian")
            else:
                self.mian_queue.pop(0)
                if self.mian_queue:
                    self.to_act = self.mian_queue[0]
                else:
                    self._start_play()
            return
        c = action % 40
        up = action < DOWN
        trick = self.tricks[-1]
        self.play_log.append(self._log_entry(seat, action, trick))
        self.hands[seat].discard(c)
        self.hand_mask[seat] &= ~(1 << c)
        if c == BAILAO:
            self.bailao_out = True
        trick["plays"].append((seat, c, up))
        if up:
            self.up_mask[seat] |= 1 << c
        else:
            self.down_mask[seat] |= 1 << c
        if up:
            if c == BAILAO:
                self.bailao_up = True
            if suit_of(c) == 0:
                self.ten_played = True
            trick["best"], trick["best_seat"] = c, seat
        if len(trick["plays"]) < 4:
            self.to_act = (seat + 1) % 4
            return
        w = trick["best_seat"]
        self.won[w].append(trick["best"])
        self.won_mask[w] |= 1 << trick["best"]
        self.trick_winners.append(w)
        if len(self.tricks) == 8:
            self._end("played")
            return
        self.tricks.append({"leader": w, "plays": [], "best": None, "best_seat": None})
        self.to_act = w

    def _log_entry(self, seat: int, action: int, trick: dict[str, Any]) -> dict[str, Any]:
        """What the liability rules (settled after the hand) need to know about this play."""
        best_seat = trick["best_seat"]
        led = bool(trick["plays"])
        best = trick["best"]
        return {
            "k": len(self.tricks) - 1, "seat": seat, "a": action,
            "breach": self.guard_breach(seat, action) if self.game.liability else None,
            "bailao_held": not self.bailao_out,
            "could_capture": led and best_seat == 0 and seat != 0
            and any(x < best and SUIT_OF[x] == SUIT_OF[best] for x in self.hands[seat]),
            "led": led, "best": best, "best_seat": best_seat,
        }

    # --- outcome ------------------------------------------------------------------------------------
    def settlement(self) -> dict[str, Any]:
        """The itemised settlement (spec §4.6), computed once the hand is over."""
        if self._settlement is None:
            from yezi.games.madiao.settle import settle

            self._settlement = settle(self)
        return self._settlement

    def payments(self) -> list[int | Fraction]:
        """Seat-to-seat payments in chips; they sum to zero (pool flows are in `net`)."""
        if self.to_act is not None:
            return [0, 0, 0, 0]
        return list(self.settlement()["transfers"])

    transfers = payments

    def net(self) -> list[int | Fraction]:
        """Each seat's whole result in chips, pool flows included: sum(net) + pool_change == 0."""
        if self.to_act is not None:
            return [0, 0, 0, 0]
        return list(self.settlement()["net"])

    def pool_change(self) -> int | Fraction:
        if self.to_act is not None:
            return 0
        return self.settlement()["pool_after"] - self.pool_before

    def next_banker(self) -> tuple[str, int]:
        """('keep'|'seize'|'rotate', seat) or ('redraw', -1), per 大活留樁，異賞奪樁，另拈樁."""
        if self.to_act is not None:
            raise ValueError("the hand is not over")
        return self.settlement()["next_banker"]

    # --- information --------------------------------------------------------------------------------
    def face_public(self) -> bool:
        return self.game.rules["face_card"] == "public" or self.to_act is None

    def actor_of(self, index: int) -> int:
        return self.actors[index]

    def redact(self, index: int, seat: int | None) -> int | None:
        a = self.history[index]
        if DOWN <= a < STAKE and seat != self.actors[index] and self.to_act is not None:
            return None
        return a

    def hidden_action_text(self, index: int, lang: str) -> str:
        return {"zh-hant": "滅", "zh-hans": "灭", "en": "discard", "ascii": "x"}.get(lang, "x")

    def annotate(self, action: int, lang: str = "en") -> str:
        """The record's comment for `action`: its liability warnings in `lang` (English for ``ascii``)."""
        lg = lang if lang in ("zh-hant", "zh-hans") else "en"
        return punct(lg, "semicolon").join(self.warnings(action, lg))

    def warnings(self, action: int, lang: str = "en") -> list[str]:
        """Liability warnings for a legal play, in `lang` (English by default)."""
        return [m.render(lang) for m in self.warning_messages(action)]

    def warning_messages(self, action: int) -> list[Msg]:
        """Liability warnings for a legal play ('願認者聽': allowed, the liability settles later), as
        messages each reader sees in his language; from the acting seat's own hand and public play only."""
        if self.phase != PHASE_PLAY or self.to_act is None:
            return []
        out = []
        r = self.game.rules
        seat = self.to_act
        if r["guard_rules"] == "liability":
            b = self.guard_breach(seat, action)
            if b in WARNINGS:
                out.append(Msg(WARNINGS[b]))
        trick = self.tricks[-1]
        if (seat != 0 and trick["plays"] and trick["best_seat"] == 0 and action >= DOWN
                and any(beats(c, trick["best"]) for c in self.hands[seat])):
            out.append(Msg(WARNINGS["D2"]))
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.to_act is None
        started = self.stake is not None
        v: dict[str, Any] = {
            "game": "madiao",
            "seat": seat,
            "phase": self.phase,
            "to_act": self.to_act,
            "stake": self.stake,
            "pool": self.pool_before,
            "history": [self.redact(i, seat) for i in range(len(self.history))],
        }
        v.update(common_view(self, seat))
        if started:
            v["tou"] = self.tou
            v["recut"] = list(self.recut)
            v["first_leader"] = self.first_leader()
            v["face"] = self.face if self.face_public() else None
            v["count"] = self.count if self.face_public() else None
            v["hand_sizes"] = [len(h) for h in self.hands]
            if seat is not None:
                v["hand"] = sorted(self.hands[seat])
                v["dealt"] = sorted(self.dealt[seat])
            v["tricks"] = [
                {
                    "leader": t["leader"],
                    "plays": [
                        [s, c if (up or s == seat or over) else None, up] for (s, c, up) in t["plays"]
                    ],
                    "winner": t["best_seat"] if len(t["plays"]) == 4 else None,
                    "best": t["best"],
                }
                for t in self.tricks
            ]
            v["won"] = [list(w) for w in self.won]
            v["trick_counts"] = self.counts()
            v["bailao_up"] = self.bailao_up
        v["deal"] = {"pool": self.pool_before}
        if over:
            st = self.settlement()
            v["end_reason"] = self.end_reason
            v["reveal"] = {
                "dealt": [sorted(h) for h in self.dealt],
                "face": self.face,
                "second": self.second if self.end_reason == "played" else None,
                "stock": sorted(self.cards[32:38]) if self.game.rules["qing_extensions"] else None,
            }
            from yezi.games.madiao.settle import public

            v["settlement"] = json_copy(public(self, st))  # its parts are the cached settlement's
        return v
