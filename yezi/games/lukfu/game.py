"""The Luk Fu game: ruleset, seats, deal, notation, and sampling worlds from a seat's view."""

from __future__ import annotations

import random
from typing import Any

from yezi.components.lukfu_deck import WAN_TSIN, cards_of, deck, mask_of, name, parse_card
from yezi.core.errors import NotationError
from yezi.core.protocol import Game
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.knowledge import Knowledge
from yezi.games.lukfu.plays import play_table
from yezi.games.lukfu.state import LukFuState
from yezi.games.lukfu.views import LukFuView
from yezi.i18n import NP_

#: 頭家 is the Dealer in English, as the glossary names it ("first player (dealer)") and as the dealing seat of
#: Fishing and the domino games is called (issue 21: "Lead" read as the verb, "Player 1 · Lead")
SEAT_NAMES: dict[int, dict[str, tuple[str, ...]]] = {
    4: {"zh-hant": ("頭家", "二家", "夢家", "三家"), "zh-hans": ("头家", "二家", "梦家", "三家"),
        "en": ("Dealer", "Second", "Dummy", "Third")},
    3: {"zh-hant": ("頭家", "二家", "三家"), "zh-hans": ("头家", "二家", "三家"), "en": ("Dealer", "Second", "Third")},
}
SEAT_SHORT = {4: "頭二夢三", 3: "頭二三"}


class LukFu(Game["LukFuState"]):
    name = "lukfu"
    titles = {"zh-hant": "六虎牌", "zh-hans": "六虎牌", "en": "Luk Fu (Six Tigers)"}
    options_package = "yezi.games.lukfu"
    view_type = LukFuView

    def __init__(self, ruleset):
        super().__init__(ruleset)
        self.players = ruleset["players"]
        self.table = play_table(ruleset["straight_lengths"], ruleset["ge_one"], ruleset["unbeatable_leads"])
        self.universe = mask_of(deck(self.players))
        self.dummy_seat = 2 if self.players == 4 else None

    @classmethod
    def bots(cls):
        from yezi.games.lukfu.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    # ---- seats -------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return self.players

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return SEAT_NAMES[self.players]["en" if lang == "ascii" else lang][seat]

    def active_seats(self) -> list[int]:
        return [0, 1, 3] if self.players == 4 else [0, 1, 2]

    # ---- metadata ----------------------------------------------------------------------
    def max_game_length(self) -> int:
        """五虎下山 asks each active seat once, the bidding at most once each, every card of the
        active hands is one action (a discard goes card by card), and one last 食糊 / 不食."""
        tigers = 3 if self.rules["five_tigers"] == "on" and self.dummy_seat is not None else 0
        return tigers + 3 + 36 + (1 if self.rules["declare_after_last"] else 0)

    def payment_bounds(self) -> tuple[int, int]:
        """From the settlement: a winner holds at most 12 糊 (his own 12 cards; at most 8 red), the
        dummy's match at most 5 + 3 糊 (the other three cards of its number), and 包賠 makes one
        loser pay every loser's share to the winner and the dummy."""
        from yezi.games.lukfu.settlement import points

        r = self.rules
        win = max(points(hu, r["scoring"], r["five_base_double_12"], reds)
                  for hu in range(6, 13) for reds in range(9))
        dummy = 0
        if self.dummy_seat is not None:
            dummy = max(points(hu, r["scoring"], r["five_base_double_12"], reds)
                        for hu in range(6, 9) for reds in range(4))
        value = r["five_tigers_value"]
        tigers = value if r["scoring"] == "linear" else points(value, r["scoring"], r["five_base_double_12"])
        losers = len(self.active_seats()) - 1
        top = max(win, tigers if self.dummy_seat is not None else 0)
        return -(top + dummy) * losers, top * losers

    # ---- deals -------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> list[list[int]]:
        """Shuffle, then deal one at a time for twelve rounds; round one includes the dummy."""
        cards = deck(self.players)
        random.Random(seed).shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        order = [0, 1, 2, 3] if self.players == 4 else [0, 1, 2]
        rest = self.active_seats()
        i = 0
        for rnd in range(12):
            for s in order if rnd == 0 else rest:
                hands[s].append(cards[i])
                i += 1
        return hands

    def new_state(self, deal: Any) -> LukFuState:
        self._check_deal(deal)
        return LukFuState(self, [list(h) for h in deal])

    def _check_deal(self, deal: Any) -> None:
        sizes = [len(h) for h in deal]
        want = [12, 12, 1, 12] if self.players == 4 else [12, 12, 12]
        if sizes != want:
            raise NotationError(f"a {self.players}-player deal has hands of sizes {want}, got {sizes}")
        flat = sorted(c for h in deal for c in h)
        if flat != sorted(deck(self.players)):
            raise NotationError("a deal must hold every card of the deck exactly once")

    def format_deal(self, deal: Any) -> str:
        short = SEAT_SHORT[self.players]
        return " | ".join(f"{short[s]}:" + " ".join(name(c) for c in h) for s, h in enumerate(deal))

    def parse_deal(self, text: str) -> list[list[int]]:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != self.players:
            raise NotationError(f"a deal has {self.players} hands separated by '|'")
        hands = []
        for p in parts:
            if ":" in p:
                p = p.split(":", 1)[1]
            hands.append([parse_card(tok) for tok in p.split()])
        self._check_deal(hands)
        return hands

    # ---- actions -----------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return A.SIZE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        return A.format_action(action, lang)

    def parse_action(self, text: str) -> int:
        return A.parse_action(text)

    def make_observer(self):
        from yezi.games.lukfu.observation import LukFuObserver

        return LukFuObserver(self)

    def seen_from_view(self, view):
        from yezi.games.lukfu.observation import seen_from_view

        return seen_from_view(self, view)

    def action_help(self, lang: str = "en") -> str:
        return ("Moves: 做/bid, 唔做/pass, 食糊/win (declare), 不食/nowin, 五虎下山/tigers, 不報/quiet; "
                "a card 九貫 or 9M; a run 九八七貫 or 987M; a set 各七(拾貫綫) or 7TMC; a discard 墊九貫 or d9M. "
                "Suits: 拾 T, 貫 M, 索 S, 綫 C; 雲綫 W; 百子 1T; 毛公 1C.")

    #: S1 共打四圈: a match is so many rounds of the lead (`Game.match_length`)
    match_length_option = "match_rounds"

    def match_length(self):
        """``match_rounds`` rounds (圈) of the lead: every player is 頭家 in turn (S1 共打四圈: four)."""
        from yezi.core.match import MatchLength

        return MatchLength("rounds", int(self.rules["match_rounds"]), of="lead")

    def dealer_shift(self, state: LukFuState) -> int:
        """S0 SW: 頭家 stays only after bidding and winning or drawing; S1: the winner deals."""
        if self.rules["next_dealer"] == "winner":
            if state.outcome in ("win", "tigers"):
                assert state.winner is not None  # a won deal has its winner
                return state.winner  # the winner's seat offset from 頭家
            return 1
        if state.bidder == 0 and (state.outcome == "draw" or (state.outcome == "win" and state.winner == 0)):
            return 0
        return 1

    def deal_stats(self, state: LukFuState) -> dict[str, bool]:
        """Per-deal flags that `yezi simulate` turns into rates."""
        out = {
            NP_("simulate:stat", "bid (做牌)"): state.bidder is not None,
            NP_("simulate:stat", "draw (打和)"): state.outcome == "draw",
            NP_("simulate:stat", "void (流局, nobody bid)"): state.outcome == "void",
            NP_("simulate:stat", "won by the bidder"): state.outcome == "win" and state.winner == state.bidder,
        }
        if self.dummy_seat is not None:
            out[NP_("simulate:stat", "five tigers (五虎下山)")] = state.outcome == "tigers"
            out[NP_("simulate:stat", "dummy paid")] = bool(state.result and state.result.dummy_hu)
        return out

    # ---- worlds consistent with a view --------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random, tries: int = 400):
        """Deal out the cards the seat cannot place, honouring every fact it knows, then check
        the result replays legally (deeper rules, like other players' own 老歲 lead order, are
        checked by the replay and resampled)."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator view has no seat to sample for")
        k = self.knowledge_from_view(view)
        forced = self._revealed_places(view, k)
        last_error: Exception | str | None = None
        for _ in range(tries):
            assign = k.sample(rng, forced)
            deal, actions = self._world(view, k, assign, rng)
            try:
                replayed = self.replay(deal, actions)
            except Exception as e:  # any rule the facts do not capture: resample
                last_error = e
                continue
            if replayed.view(seat) != view:  # e.g. what the settlement reveals
                last_error = "the replayed view differs"
                continue
            return deal, actions
        raise AssertionError(f"could not sample a legal world for seat {seat}: {last_error}")

    def _revealed_places(self, view: dict[str, Any], k: Knowledge) -> dict[int, int]:
        """Cards shown at the end of the deal go where they were shown."""
        rev = view.get("revealed") or {}
        forced: dict[int, int] = {}
        winner = view.get("winner")
        for i, slot in enumerate(k.slots):
            if slot.owner < 0 and "dummy" in rev and k.unknown >> rev["dummy"] & 1:
                forced[rev["dummy"]] = i
            if slot.owner == winner and slot.trick is None:
                for key in ("laosui", "hand", "tigers"):
                    for c in rev.get(key, []):
                        if k.unknown >> c & 1:
                            forced[c] = i
        return forced

    def knowledge_from_view(self, view: dict[str, Any]) -> Knowledge:
        """The facts a seat reasons from, rebuilt from its view alone."""
        own_disc: dict[int, int] = {}
        for t, cards in view["my_discards"]:
            own_disc[t] = own_disc.get(t, 0) | mask_of(cards)
        return Knowledge.build(
            seat=view["seat"], hand=mask_of(view["hand"]), hand_sizes=view["hand_sizes"], tricks=view["tricks"],
            own_discards=own_disc, active=self.active_seats(), dummy=self.dummy_seat, universe=self.universe,
            table=self.table, strict=self.rules["must_beat"] == "strict",
            seat_names=self.seat_names_by_lang(),
        )

    def seat_names_by_lang(self) -> list[dict[str, str]]:
        """Each seat's name in every language (message parameters shown in the reader's language)."""
        return [{lg: self.seat_name(s, lg) for lg in ("zh-hant", "zh-hans", "en")} for s in range(self.num_seats)]

    def explain_laosui(self, view: dict[str, Any], card: int, lang: str = "en") -> str:
        """Why `card` is or is not 老歲 for the view's seat, from the view alone."""
        from yezi.games.lukfu.explain import explain

        return explain(self, self.knowledge_from_view(view), view["seat"], card, mask_of(view["faceup"]),
                       is_old=card in view.get("laosui", []), lang=lang)

    def advice(self, view: dict[str, Any], lang: str = "en", seed: int = 0, samples: int | None = None):
        """While this seat must bid: win chances and expected payments of 做 and 唔做 (the bid
        advisor, `yezi.games.lukfu.advisor`), from its own hand and position only."""
        if view.get("phase") != "bid" or view.get("to_act") != view.get("seat"):
            return None
        from yezi.games.lukfu.advisor import advice_json, advise

        # the bid phase comes after the 五虎下山 check: a declaration is no longer open to this seat
        adv = advise(self, view["hand"], int(view["seat"]), samples=samples or 200, seed=seed, tigers_open=False)
        return advice_json(self, adv, lang)

    def _world(self, view, k: Knowledge, assign: list[int], rng: random.Random):
        seat = view["seat"]
        hands_now = [0] * self.players
        disc_by: dict[tuple[int, int], list[int]] = {}
        for slot, m in zip(k.slots, assign):
            if slot.owner < 0:
                assert self.dummy_seat is not None  # a slot owned by no seat is the dummy's card
                hands_now[self.dummy_seat] |= m
            elif slot.trick is None:
                hands_now[slot.owner] |= m
            else:
                cs = cards_of(m)
                rng.shuffle(cs)
                disc_by[(slot.owner, slot.trick)] = cs
        hands_now[seat] = mask_of(view["hand"])
        # Each play-phase action belongs to one public trick entry; what is left over is the
        # acting player's unfinished discard.
        seq: list[int] = []
        for t, trick in enumerate(view["tricks"]):
            for e in trick["plays"]:
                seq.extend([t] * (1 if "play" in e else e["discard"]))
        pos = 0
        start = list(hands_now)
        start[seat] = mask_of(view["deal"])
        pending: list[int] = []
        out: list[int] = []
        for actor, code in zip(view["actors"], view["history"]):
            if code is not None and code < A.PLAY_BASE:
                out.append(code)
                continue
            in_trick = seq[pos] if pos < len(seq) else None
            pos += 1
            if code is None:
                if in_trick is not None:
                    c = disc_by[(actor, in_trick)].pop()
                else:
                    free = [c for c in cards_of(hands_now[actor]) if c not in pending]
                    c = free[rng.randrange(len(free))]
                    pending.append(c)
                code = A.DISCARD_BASE + c
            out.append(code)
            if actor != seat:
                start[actor] |= _cards_of_action(code)
        deal = [sorted(cards_of(m)) for m in start]
        return deal, out


def _cards_of_action(code: int) -> int:
    from yezi.games.lukfu.plays import PLAYS

    if code >= A.DISCARD_BASE:
        return 1 << (code - A.DISCARD_BASE)
    return PLAYS[code - A.PLAY_BASE].mask


__all__ = ["WAN_TSIN", "LukFu"]
