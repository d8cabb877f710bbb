"""打天九 Tien Gow on the engine protocol (docs/tiengow.md).

Four seats: seat 0 is the banker 莊家, who leads the first trick; seats follow in turn order
(counter-clockwise). Hands are count vectors of `yezi.components.tiengow` kinds. A trick: the
leader plays a set face up (`combos`), every other seat plays as many tiles, face up when they
beat the highest set so far (same structure, strictly higher), otherwise face down (墊牌). The
highest set takes the trick; its player leads next. The last trick's winner wins the deal.

Action codes (19,844): ``2 * m + d`` where m numbers a multiset of 1–4 tiles (`combos.MULTISETS`)
and d = 1 plays it face down. What is hidden: the hands, and the tiles of every face-down play
(each seat sees only its own); views give the others' face-down plays as a count of tiles.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from typing import Any

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.protocol import Game, State, common_view
from yezi.core.views import json_copy
from yezi.games.tiengow import combos as cb
from yezi.games.tiengow.names import parse_jyutping
from yezi.games.tiengow.scoring import Settlement, settle
from yezi.games.tiengow.views import TienGowView
from yezi.i18n import LANGS, N_, NP_, Msg, _c
from yezi.i18n.terms import name as cjk_name
from yezi.i18n.terms import term

SEATS = 4
HAND = 8
SEAT_NAMES = {
    "zh-hant": ("莊家", "二家", "三家", "四家"),
    "zh-hans": ("庄家", "二家", "三家", "四家"),
    "en": ("Banker", "Second", "Third", "Fourth"),
}
DOWN_WORD = {"zh-hant": "墊", "zh-hans": "垫", "en": "down"}
#: what the others see of a set played face down: how many tiles
HIDDEN = NP_("tiengow-game:hidden", "{n} down")
_DOWN_PREFIX = re.compile(r"^(?:墊|垫|down\b|d(?=[1-6]))\s*", re.IGNORECASE)


class TienGow(Game["TienGowState"]):
    name = "tiengow"
    titles = {"zh-hant": "打天九", "zh-hans": "打天九", "en": "Tien Gow (Heaven and Nine)"}
    options_package = "yezi.games.tiengow"
    view_type = TienGowView

    def __init__(self, ruleset):
        super().__init__(ruleset)
        r = ruleset
        self.entered_rule = r["last_trick"] == "entered"
        self.specials = bool(r["specials"])
        self.follow_suit = bool(r["follow_suit"])
        self.categories = self.allowed_categories(r)
        self.leads = cb.by_first_kind(cb.lead_sets(self.categories))
        self.set_counts = tg.counts(tg.domino_set())
        self._action_text: dict[str, int] | None = None

    @staticmethod
    def allowed_categories(r) -> frozenset[int]:
        """The kinds of set this ruleset knows (V-TG2 文武 sets, V-TG9 two-pair leads)."""
        cats = {cb.SINGLE_C, cb.SINGLE_M, cb.PAIR_C, cb.PAIR_M, cb.SUPREME}
        if r["mixed"] == "all":
            cats |= cb.MIXED_CATEGORIES
        elif r["mixed"] == "pairs":
            cats.add(cb.WW11)
        if r["two_pairs"]:
            cats |= cb.TWO_PAIR_CATEGORIES
        return frozenset(cats)

    @classmethod
    def bots(cls):
        from yezi.games.tiengow.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    # ---- seats --------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return SEATS

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return SEAT_NAMES.get(lang, SEAT_NAMES["en"])[seat]

    # ---- metadata -----------------------------------------------------------------------
    def make_observer(self):
        from yezi.games.tiengow.observation import TienGowObserver

        return TienGowObserver(self)

    def seen_from_view(self, view):
        from yezi.games.tiengow.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """Every action plays at least one of the 32 tiles dealt (8 tricks of single tiles)."""
        return SEATS * HAND

    def special_events_max(self) -> int:
        """尊錢 events in one deal (`specials`), never at the last trick: 賀武尊 at most once (one 至尊
        pair in the set), 賀文尊 or its 擒 at most once (one pair of 伶冧六), 四大賀 at most once (a
        hand of 8 holds two four-tile sets, and the second of them is the last trick)."""
        return 3 if self.specials else 0

    def payment_bounds(self) -> tuple[int, int]:
        """From `scoring.settle`. Between the winner and each other seat: `tricks` scoring pays 4 − t
        (t ≤ 7: the winner took the last trick), 5 for a shut-out under `shutout=five`; `flat` pays
        1, or 2 for a shut-out. Doubled when the banker is one of the two (`banker=double`) and
        again when all three are shut out (`shutout=double-all`). So a pair settles at most P: the
        winner collects at most 3P and any other seat pays at most P. Under `tricks` the winner
        pays back t − 4 to the one seat that can hold t > 4 tricks (at most 3, doubled). Each 尊錢
        event pays its maker `zun_money` from each of the 3 others: up to 3 events (see
        `special_events_max`) add 9 z to a seat's gain and 3 z to its loss."""
        r = self.rules
        tricks = r["scoring"] == "tricks"
        base = (5 if tricks else 2) if r["shutout"] == "five" else (4 if tricks else 1)
        mult = (2 if r["banker"] == "double" else 1) * (2 if r["shutout"] == "double-all" else 1)
        pair = base * mult
        z = int(r["zun_money"]) * self.special_events_max()
        back = 3 * mult if tricks else 0
        return -(max(pair, back) + z), (SEATS - 1) * (pair + z)

    # ---- deals --------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> dict[str, Any]:
        tiles = tg.domino_set()
        random.Random(seed).shuffle(tiles)
        return {"hands": [sorted(tiles[i * HAND:(i + 1) * HAND]) for i in range(SEATS)]}

    def check_deal(self, deal: Any) -> None:
        try:
            hands = deal["hands"]
        except (KeyError, TypeError):
            raise NotationError("a Tien Gow deal is {'hands': [four lists of 8 tiles]}") from None
        if len(hands) != SEATS or any(len(h) != HAND for h in hands):
            raise NotationError("a Tien Gow deal needs 4 hands of 8 tiles")
        if tg.counts(k for h in hands for k in h) != self.set_counts:
            raise NotationError("the deal does not hold exactly the 32 tiles of one Chinese domino set")

    def new_state(self, deal: Any) -> TienGowState:
        self.check_deal(deal)
        return TienGowState(self, deal)

    def format_deal(self, deal: Any) -> str:
        return " | ".join(f"{self.seat_name(s)}: " + tg.format_kinds(h, "zh-hant") for s, h in enumerate(deal["hands"]))

    def parse_deal(self, text: str) -> dict[str, Any]:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != SEATS:
            raise NotationError("a Tien Gow deal is four hands separated by '|'")
        hands = [sorted(tg.parse_kinds(p.split(":", 1)[1] if ":" in p else p)) for p in parts]
        deal = {"hands": hands}
        self.check_deal(deal)
        return deal

    # ---- actions ------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return cb.ACTION_SPACE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        tiles = cb.MULTISETS[action >> 1]
        down = action & 1
        if lang == "ascii":
            return ("d" if down else "") + "+".join(tg.KINDS[k].dice for k in tiles)
        if lang == "en":
            body = ", ".join(tg.name(k, "en") for k in tiles)
            return f"down {body}" if down else body
        body = " ".join(tg.name(k, lang) for k in tiles)
        return f"{DOWN_WORD[lang]} {body}" if down else body

    def parse_action(self, text: str) -> int:
        t = text.strip()
        if not t:
            raise NotationError("empty move; type tiles such as 天 天 黑九, 66+66+63, or 墊 長衫 / d33")
        down = 0
        m = _DOWN_PREFIX.match(t)
        if m:
            down, t = 1, t[m.end():].strip()
        try:
            kinds = self._read_tiles(t)
        except NotationError as e:
            raise NotationError(f"cannot read {text!r} as a Tien Gow play: {e}") from None
        key = tuple(sorted(kinds))
        if key not in cb.INDEX:
            raise NotationError(
                f"{text!r} is not 1–4 tiles of one domino set; write tiles such as 天 天 黑九 (face up) or 墊 長衫 (face down)"
            )
        return 2 * cb.INDEX[key] + down

    @staticmethod
    def _kind(text: str) -> int:
        """One tile: any name or dice code `parse_kind` reads, or its Cantonese romanisation (Jyutping)."""
        k = parse_jyutping(text)
        return k if k is not None else tg.parse_kind(text)

    @classmethod
    def _read_tiles(cls, t: str) -> list[int]:
        """Tiles separated by '+', commas or spaces; a name of two words (Long Three, hung4 gau2)
        reads whole."""
        if re.search(r"[+,，、;；]", t):
            return [cls._kind(p) for p in re.split(r"\s*[+,，、;；]+\s*", t) if p.strip()]
        try:
            return [cls._kind(t)]
        except NotationError:
            return [cls._kind(p) for p in t.split()]

    def action_help(self, lang: str = "en") -> str:
        return ("Play tiles face up by naming them: 天 天 黑九, 'Heaven, Heaven, Black Nine', 'tin1, tin1, hak1 gau2' "
                "(Jyutping) or 66+66+63. Face down (墊牌): 墊 長衫 紅九, 'down Long Three, Red Nine' or d33+54.")

    # ---- between deals --------------------------------------------------------------------
    def first_dealer(self, seed: int) -> int:
        """The first banker by lot [CK], [PG]: two dice are thrown and counted round the table
        counter-clockwise from position 0 (a throw of 1… lands on 0, 2 on the next, …)."""
        rng = random.Random(f"tiengow-banker:{seed}")
        return (rng.randint(1, 6) + rng.randint(1, 6) - 1) % SEATS

    def dealer_shift(self, state: State) -> int:
        if self.rules["next_banker"] == "rotate":
            return 1
        return state.winner if state.winner is not None else 1  # type: ignore[attr-defined]

    def deal_stats(self, state: TienGowState) -> dict[str, bool]:
        # a key is its label for `yezi simulate`: a message that reads "last trick: Lead" in English
        out: dict[Any, bool] = {Msg("last trick: {seat}", seat={lang: self.seat_name(s, lang) for lang in LANGS}): state.winner == s
                                for s in range(SEATS)}
        out[NP_("simulate:stat", "someone shut out")] = any(w == 0 for w in state.won)
        out[NP_("simulate:stat", "a special play (尊錢)")] = bool(state.specials)
        return out

    # ---- worlds consistent with a view ------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """A deal and action list the seat of `view` cannot tell from the real one.

        Known to the seat: its own deal hand and plays, every face-up tile. Unknown: the others'
        remaining tiles and the tiles of their face-down plays; face-down play is always legal,
        so any assignment of the unknown tiles to those slots is a consistent world.
        """
        seat = view["seat"]
        history, actors = view["history"], view["actors"]
        pool = list(self.set_counts)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        if seat is not None:
            hands[seat] = list(view["deal"]["hand"])
            for k in hands[seat]:
                pool[k] -= 1
        slots: list[tuple[int, int, int]] = []  # (seat, history index or -1, size)
        for i, a in enumerate(history):
            s = actors[i]
            if s == seat:
                continue
            if a is None:
                slots.append((s, i, view["sizes"][i]))
            else:
                for k in cb.MULTISETS[a >> 1]:
                    pool[k] -= 1
                    hands[s].append(k)
        for s in range(SEATS):
            if s != seat:
                slots.append((s, -1, view["hand_sizes"][s]))
        unknown = [k for k in range(tg.NUM_KINDS) for _ in range(pool[k])]
        rng.shuffle(unknown)
        if self.follow_suit:
            unknown = self._follow_suit_order(view, slots, unknown, rng)
        actions = list(history)
        pos = 0
        for s, i, size in slots:
            part = unknown[pos:pos + size]
            pos += size
            hands[s] += part
            if i >= 0:
                actions[i] = 2 * cb.INDEX[tuple(sorted(part))] + 1
        return {"hands": [sorted(h) for h in hands]}, actions

    def _follow_suit_order(self, view: dict[str, Any], slots: list[tuple[int, int, int]], unknown: list[int],
                           rng: random.Random) -> list[int]:
        """`unknown` reordered so that filling `slots` in turn keeps [DR]'s duty (`follow_suit`).

        A face-down single on a civil single led (a duty slot) is a civil tile unless its player then
        held no civil tile at all: so each other seat has a void point, its first duty slot filled
        with a military tile (or none), before which its duty slots are civil and from which every
        tile it still held is military. The void points are drawn with the weight of the worlds each
        allows (tiles counted as distinct), so the worlds stay uniform among the consistent ones.
        """
        history, actors = view["history"], view["actors"]
        civil = set(tg.CIVIL)
        n_civil = sum(1 for k in unknown if k in civil)
        n_mil = len(unknown) - n_civil

        def duty(i: int) -> bool:
            lead = history[i - i % SEATS]
            return i % SEATS != 0 and len(cb.MULTISETS[lead >> 1]) == 1 and cb.MULTISETS[lead >> 1][0] in civil

        def at(i: int) -> float:
            return float("inf") if i < 0 else i

        choices: dict[int, list[tuple[int | None, int, int]]] = {}  # seat -> (void point, civil, military)
        for s in {sl[0] for sl in slots}:
            mine = [sl for sl in slots if sl[0] == s]
            duties = [i for _, i, size in mine if i >= 0 and size == 1 and duty(i)]
            known_civil = [j for j, a in enumerate(history) if actors[j] == s and a is not None
                           and any(k in civil for k in cb.MULTISETS[a >> 1])]
            opts: list[tuple[int | None, int, int]] = [(None, len(duties), 0)]
            for j, v in enumerate(duties):
                if any(c > v for c in known_civil):
                    continue
                opts.append((v, j, sum(size for _, i, size in mine if at(i) >= v)))
            choices[s] = opts
        seats = sorted(choices)
        combos = list(itertools.product(*(choices[s] for s in seats)))
        rest = len(unknown)
        weights = []
        for combo in combos:
            c, m = sum(o[1] for o in combo), sum(o[2] for o in combo)
            ok = c <= n_civil and m <= n_mil
            weights.append(math.perm(n_civil, c) * math.perm(n_mil, m) * math.factorial(rest - c - m) if ok else 0)
        combo = rng.choices(combos, weights=weights)[0]
        void = {s: o[0] for s, o in zip(seats, combo)}
        civ = [k for k in unknown if k in civil]
        mil = [k for k in unknown if k not in civil]
        want: list[str | None] = []  # per position, in slot order: "c", "m" or free
        for s, i, size in slots:
            since = void[s]
            if since is not None and at(i) >= since:
                want += ["m"] * size
            elif i >= 0 and size == 1 and duty(i):
                want.append("c")
            else:
                want += [None] * size
        out: list[int | None] = [None] * len(want)
        for pos, w in enumerate(want):
            if w == "c":
                out[pos] = civ.pop()
            elif w == "m":
                out[pos] = mil.pop()
        free = civ + mil
        rng.shuffle(free)
        for pos, w in enumerate(want):
            if w is None:
                out[pos] = free.pop()
        return [k for k in out if k is not None]


class TienGowState(State["TienGow"]):
    def __init__(self, game: TienGow, deal: dict[str, Any] | None):
        self.game = game
        if deal is None:  # clone
            return
        self.deal = deal
        self.history: list[int] = []
        self.actors: list[int] = []
        self.hands = [tg.counts(h) for h in deal["hands"]]
        self.won = [0] * SEATS
        self.leader = 0
        self.turn: int | None = 0
        self.n = 0  # tiles per play in the current trick; 0 = the leader is to play
        self.last = False
        self.high: cb.Combo | None = None
        self.high_seat = 0
        self.lead_index = -1
        self.wenzun = False
        self.plays: list[tuple[int, int]] = []
        self.tricks: list[dict[str, Any]] = []
        self.specials: list[dict[str, Any]] = []
        self.winner: int | None = None
        self._settlement: Settlement | None = None

    @property
    def current_player(self) -> int | None:
        return self.turn

    # ---- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if self.n == 0:
            leads, ok = self.game.leads, cb.in_hand
            out = [2 * i for k in range(tg.NUM_KINDS) if hand[k] for i in leads[k] if ok(i, hand)]
            out.sort()  # grouped by first kind above; codes ascend with the multiset's size first
            return out
        up = self._face_up(hand)
        down = [2 * i + 1 for i in cb.sub_multisets(hand, self.n)]
        if self._must_follow_civil(hand):  # the beating singles of a civil single led are civil already
            down = [a for a in down if cb.MULTISETS[a >> 1][0] in tg.CIVIL]
        if not up:
            return down
        up += down
        up.sort()  # face-up (even) and face-down (odd) codes interleave
        return up

    def _must_follow_civil(self, hand: list[int]) -> bool:
        """[DR]'s duty (V-TG10 `follow_suit`): on a civil single led, a player who holds a civil tile
        plays one (face up if it beats, else face down); only one who holds none discards a military tile."""
        return (self.game.follow_suit and self.n == 1 and self.lead_index >= 0
                and cb.COMBOS[self.lead_index].category == cb.SINGLE_C  # type: ignore[union-attr]
                and any(hand[k] for k in tg.CIVIL))

    def _face_up(self, hand: list[int]) -> list[int]:
        high = self.high
        assert high is not None
        if self.last and self.n == 1 and self.game.entered_rule and self.won[self.turn] == 0:  # type: ignore[index]
            return []
        if self.wenzun:
            return [2 * cb.QIN] if cb.in_hand(cb.QIN, hand) else []
        if high.category == cb.SUPREME:
            return []
        ok = cb.in_hand
        return [2 * i for i in cb.BETTER[high.category][high.rank] if ok(i, hand)]

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        fmt = [g.format_action(a, "en") for a in legal[:40]]
        tiles = cb.MULTISETS[action >> 1]
        down = action & 1
        hand = self.hands[self.turn]  # type: ignore[index]

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), fmt)

        if not cb.in_hand(action >> 1, hand):
            return err("not-in-hand", N_("you do not hold {what}"), what=lambda lang: g.format_action(action & ~1, lang))

        def what(lang: str) -> str:
            return g.format_action(action, lang)

        if self.n == 0:
            if down:
                return err("lead-face-up", N_("the leader plays a set face up"))
            if cb.COMBOS[action >> 1] is None:
                return err("not-a-set", N_("{what} is not a set that may be led (a single, a pair, {supreme} or a "
                                           "{mixed} set)"), what=what, supreme=term("至尊", "Supreme pair"),
                           mixed=cjk_name("文武", "文武", "civil-and-military"))
            return err("not-allowed", N_("this kind of set is not played under these rules (options mixed, "
                                         "two_pairs)"))
        if len(tiles) != self.n:
            return err("tile-count", N_("play {n} tile(s), as many as were led"), n=self.n)
        if self._must_follow_civil(hand) and tiles[0] not in tg.CIVIL:
            return err("follow-suit", N_("a civil tile was led and you hold one: play a civil tile (face up if it "
                                         "beats, else face down)"))
        if self.last and self.n == 1 and g.entered_rule and self.won[self.turn] == 0:  # type: ignore[index]
            return err("not-entered", N_("a player who has won no tiles may not contest a single-tile last trick "
                                         "({entered}): play it face down"),
                       entered=cjk_name("入一", "入一", "entering with one"))
        if self.wenzun:
            return err("wen-zun", N_("{wenzun} (a pair of {six} led) is taken only by a pair of {seven} ({qin})"),
                       wenzun=cjk_name("文尊", "文尊", "Civil Supreme"),
                       six=lambda lang: tg.name(10, lang),
                       seven=lambda lang: tg.name(9, lang), qin=cjk_name("擒", "擒", "capture"))
        return err("does-not-beat", N_("{what} does not beat the highest set (same structure, strictly higher); "
                                       "play it face down"), what=what)

    # ---- applying ----------------------------------------------------------------------------
    def apply_unchecked(self, action: int) -> None:
        g = self.game
        seat = self.turn
        assert seat is not None
        idx, down = action >> 1, action & 1
        hand = self.hands[seat]
        tiles = cb.MULTISETS[idx]
        if self.n == 0:
            self.n = len(tiles)
            self.last = sum(hand) == self.n
            self.high, self.high_seat, self.lead_index = cb.COMBOS[idx], seat, idx
            self.wenzun = g.specials and idx == cb.WEN_ZUN and not self.last
            if g.specials and idx == cb.WU_ZUN and not self.last:
                self.specials.append({"kind": "wu-zun", "seat": seat, "trick": len(self.tricks)})
        elif not down:
            if self.wenzun:
                self.wenzun = False
                self.specials.append({"kind": "qin", "seat": seat, "trick": len(self.tricks)})
            self.high, self.high_seat = cb.COMBOS[idx], seat
        for k in tiles:
            hand[k] -= 1
        self.history.append(action)
        self.actors.append(seat)
        self.plays.append((seat, action))
        if len(self.plays) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        self._end_trick()

    def _end_trick(self) -> None:
        g = self.game
        w = self.high_seat
        self.won[w] += SEATS * self.n
        if g.specials and not self.last and w == self.leader:
            if self.wenzun:
                self.specials.append({"kind": "wen-zun", "seat": w, "trick": len(self.tricks)})
            elif cb.COMBOS[self.lead_index].category == cb.WW22:  # type: ignore[union-attr]
                self.specials.append({"kind": "si-da-he", "seat": w, "trick": len(self.tricks)})
        self.tricks.append({"leader": self.leader, "plays": list(self.plays), "winner": w, "n": self.n})
        self.plays = []
        self.wenzun = False
        if self.last:
            self.winner, self.turn = w, None
            return
        self.leader = self.turn = w
        self.n = 0
        self.high = None

    # ---- outcome -----------------------------------------------------------------------------
    def settlement(self) -> Settlement:
        if self._settlement is None:
            assert self.winner is not None
            self._settlement = settle([w // SEATS for w in self.won], self.winner, 0, self.game.rules, self.specials)
        return self._settlement

    def payments(self) -> list[int]:
        if self.turn is not None:
            return [0] * SEATS
        return list(self.settlement().payments)

    # ---- information -------------------------------------------------------------------------
    def _play_view(self, seat: int | None, s: int, a: int) -> dict[str, Any]:
        tiles = list(cb.MULTISETS[a >> 1])
        down = bool(a & 1)
        return {"seat": s, "down": down, "count": len(tiles), "tiles": tiles if (not down or s == seat) else None}

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        v: dict[str, Any] = {
            "game": "tiengow",
            "preset": g.rules.preset,
            "seat": seat,
            "banker": 0,
            "to_act": self.turn,
            "hand": tg.expand(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "won": list(self.won),
            "tricks_won": [w // SEATS for w in self.won],
            "trick": {
                "leader": self.leader if self.turn is not None or self.plays else None,
                "n": self.n,
                "last": self.last,
                "wenzun": self.wenzun,
                "high_seat": self.high_seat if self.plays else None,
                "plays": [self._play_view(seat, s, a) for s, a in self.plays],
            },
            "past": [{"leader": t["leader"], "winner": t["winner"], "n": t["n"],
                      "plays": [self._play_view(seat, s, a) for s, a in t["plays"]]} for t in self.tricks],
            "specials": [dict(e) for e in self.specials],
            "deal": {"hand": list(self.deal["hands"][seat])} if seat is not None else {},
            "history": [self.redact(i, seat) for i in range(len(self.history))],
            "sizes": [len(cb.MULTISETS[a >> 1]) for a in self.history],
            "entered_rule": g.entered_rule,
        }
        v.update(common_view(self, seat))
        if self.turn is None:
            st = self.settlement()
            v["result"] = {"winner": self.winner, "payments": list(st.payments), "lines": json_copy(st.lines)}
        return v

    def actor_of(self, index: int) -> int:
        return self.actors[index]

    def redact(self, index: int, seat: int | None) -> int | None:
        a = self.history[index]
        if a & 1 and self.actors[index] != seat:
            return None
        return a

    def hidden_action_text(self, index: int, lang: str) -> str:
        n = len(cb.MULTISETS[self.history[index] >> 1])
        return _c(lang, "tiengow-game:hidden", HIDDEN, n=n)

    def clone(self) -> TienGowState:
        s = TienGowState(self.game, None)
        s.deal = self.deal
        s.history = list(self.history)
        s.actors = list(self.actors)
        s.hands = [list(h) for h in self.hands]
        s.won = list(self.won)
        s.leader, s.turn, s.n, s.last = self.leader, self.turn, self.n, self.last
        s.high, s.high_seat, s.lead_index, s.wenzun = self.high, self.high_seat, self.lead_index, self.wenzun
        s.plays = list(self.plays)
        s.tricks = list(self.tricks)
        s.specials = [dict(e) for e in self.specials]
        s.winner = self.winner
        s._settlement = self._settlement
        return s
