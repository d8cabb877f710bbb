"""牌九 Pai Gow on the engine protocol: 大牌九 (four tiles set into two hands) and 小牌九 (two).

Seat 0 is the banker (莊家); the players (閒家) follow counter-clockwise. A deal is
``{"dice": [d, …], "woodpile": [32 kinds]}``: the shuffled tiles in stacks of four (or two), stack
after stack. The dice total, counted counter-clockwise from the banker (or from his right),
names the seat that takes the first stack; the next seat takes the second, and so on.

The turn order is fixed: with ``stakes=choose`` every player stakes (1, 2 or 3 units, in the
open) before the dice; then every player sets his hand face down, the banker last. Nobody sees
another seat's tiles or split before the banker has set, when all hands are opened and settled.

Action codes: `yezi.games.paigow.actions` (stakes, front hands, 開牌).

Sources and variant ids: docs/paigow.md.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from yezi.components import tiengow as tg
from yezi.core import branches
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.protocol import Game, State, common_view
from yezi.games.paigow.actions import ACTION_SPACE, OPEN, SET, SET_CODE, STAKE, STAKES
from yezi.games.paigow.hands import (
    GONG_BASE,
    HIGH_NINE_BASE,
    NINES,
    PAIR_BASE,
    POINTS_BASE,
    SUPREME_KEY,
    WILD,
    WONG_BASE,
    HandRules,
    K,
    hand_name,
    key_table,
    splits,
)
from yezi.games.paigow.views import PaiGowView
from yezi.i18n import N_, NP_, Msg, _c
from yezi.i18n.terms import name as cjk_name
from yezi.i18n.terms import register

_SET = sorted(tg.domino_set())

_SEAT_NAMES = {
    "zh-hant": ("莊家", "閒一", "閒二", "閒三", "閒四", "閒五", "閒六", "閒七"),
    "zh-hans": ("庄家", "闲一", "闲二", "闲三", "闲四", "闲五", "闲六", "闲七"),
    "en": ("Banker", "P1", "P2", "P3", "P4", "P5", "P6", "P7"),
}
#: the move words of the notation, which `parse_action` reads back (押2注, 頭天·人, 開牌): the game's own
#: vocabulary, kept with the parser rather than in the catalogs, where a rewording would break the round trip
_WORDS = {
    "zh-hant": {"stake": "押{n}注", "front": "頭", "open": "開牌", "dice": "骰"},
    "zh-hans": {"stake": "押{n}注", "front": "头", "open": "开牌", "dice": "骰"},
    "en": {"stake": "stake {n}", "front": "front", "open": "open", "dice": "dice"},
}
#: what the others see of a hand set face down
HIDDEN = NP_("paigow-game:hidden", "sets a hand face down")


#: the two traditional presets' names, which English titles show beside "Big/Small Pai Gow"
register("大牌九", "小牌九")


class PaiGow(Game["PaiGowState"]):
    name = "paigow"
    titles = {"zh-hant": "牌九", "zh-hans": "牌九", "en": "Pai Gow 牌九"}
    options_package = "yezi.games.paigow"
    view_type = PaiGowView

    def __init__(self, ruleset):
        super().__init__(ruleset)
        r = ruleset
        self.players: int = int(r["players"])
        self.tiles: int = int(r["tiles"])
        self.big = self.tiles == 4
        self.choose_stakes = r["stakes"] == "choose"
        self.dice: int = int(r["dice"])
        self.count_from_banker = r["count_from"] == "banker"
        self.hand_rules = HandRules.from_rules(r)
        self.keys = key_table(self.hand_rules)
        self.set_counts = tg.counts(tg.domino_set())
        # turn schedule: (phase, seat); players from the banker's right, the banker sets last
        order = list(range(1, self.players))
        sched = [("stake", s) for s in order] if self.choose_stakes else []
        sched += [("set", s) for s in order] + [("set", 0)]
        self.schedule: tuple[tuple[str, int], ...] = tuple(sched)
        self.stake_turns = len(order) if self.choose_stakes else 0
        self._splits: dict[tuple[int, ...], list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        self._codes: dict[tuple[int, ...], list[int]] = {}
        self._action_text: dict[str, int] | None = None

    @classmethod
    def bots(cls):
        from yezi.games.paigow.bots import HouseWayBot

        return {"heuristic": HouseWayBot, "house-way": HouseWayBot}

    # ---- seats ---------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return self.players

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return _SEAT_NAMES["en" if lang == "ascii" else lang][seat]

    # ---- metadata --------------------------------------------------------------------------
    def make_observer(self):
        from yezi.games.paigow.observation import PaiGowObserver

        return PaiGowObserver(self)

    def seen_from_view(self, view):
        from yezi.games.paigow.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """The fixed turn schedule: each player's stake (`stakes=choose`), then every setting."""
        return len(self.schedule)

    def max_stake(self) -> int:
        return max(STAKES) if self.choose_stakes else 1

    def payment_bounds(self) -> tuple[int, int]:
        """A player wins or loses his stake against the banker (a split result pays nothing), and
        the banker pays or collects the sum: at most the largest stake from each of the others."""
        m = (self.players - 1) * self.max_stake()
        return -m, m

    # ---- the deal ------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> dict[str, Any]:
        """Shuffle the 32 tiles and throw the dice. The permutation sorts the tiles by 32 random
        32-bit keys drawn at once (a tie keeps the set's order): the same seed gives the same deal on
        every machine, several times faster than `Random.shuffle` (the playout benchmark's target)."""
        rng = random.Random(seed)
        bits = rng.getrandbits(1024)
        keys = [(bits >> (32 * i)) & 0xFFFFFFFF for i in range(32)]
        pile = [_SET[i] for i in sorted(range(32), key=keys.__getitem__)]
        return {"dice": [int(rng.random() * 6) + 1 for _ in range(self.dice)], "woodpile": pile}

    def start(self, seed: int | None = None, deal: Any = None) -> PaiGowState:
        if deal is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2**63)
            return PaiGowState(self, self.deal_from_seed(seed))  # a seeded deal is valid by construction
        return self.new_state(deal)

    def first_seat(self, dice: list[int]) -> int:
        """The seat that takes the first stack: the dice total counted counter-clockwise."""
        total = sum(dice)
        return (total - 1) % self.players if self.count_from_banker else total % self.players

    def stack_of(self, seat: int, first: int) -> int:
        return (seat - first) % self.players

    def hands_of(self, deal: dict[str, Any]) -> list[tuple[int, ...]]:
        """Each seat's tiles (sorted), as the dice give the stacks out."""
        first = self.first_seat(deal["dice"])
        h, pile = self.tiles, deal["woodpile"]
        out = []
        for s in range(self.players):
            i = self.stack_of(s, first) * h
            out.append(tuple(sorted(pile[i:i + h])))
        return out

    def check_deal(self, deal: Any) -> None:
        try:
            dice, pile = deal["dice"], deal["woodpile"]
        except (KeyError, TypeError):
            raise NotationError("a 牌九 deal is {'dice': [...], 'woodpile': [32 tiles]}") from None
        if (not isinstance(dice, list) or len(dice) != self.dice
                or any(not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6 for d in dice)):
            raise NotationError(f"a deal needs {self.dice} dice, each 1 to 6")
        if not isinstance(pile, list) or any(type(k) is not int for k in pile) or sorted(pile) != _SET:
            raise NotationError("the woodpile must hold exactly the 32 tiles of the set")

    def new_state(self, deal: dict[str, Any]) -> PaiGowState:
        self.check_deal(deal)
        return PaiGowState(self, deal)

    def format_deal(self, deal: dict[str, Any]) -> str:
        h, pile = self.tiles, deal["woodpile"]
        stacks = [tg.format_kinds(pile[i:i + h], "zh-hant") for i in range(0, len(pile), h)]
        return " | ".join([f"骰 {' '.join(str(d) for d in deal['dice'])}", *stacks])

    def parse_deal(self, text: str) -> dict[str, Any]:
        parts = [p.strip() for p in text.split("|")]
        head = parts[0].split()
        if not head or head[0] not in ("骰", "dice"):
            raise NotationError("a 牌九 deal starts with the dice: '骰 3 5 | 天 人 … | …'")
        try:
            dice = [int(d) for d in head[1:]]
        except ValueError:
            raise NotationError(f"cannot read the dice {parts[0]!r}") from None
        pile: list[int] = []
        for p in parts[1:]:
            stack = tg.parse_kinds(p)
            if len(stack) != self.tiles:
                raise NotationError(f"every stack holds {self.tiles} tiles; {p!r} does not")
            pile += stack
        deal = {"dice": dice, "woodpile": pile}
        self.check_deal(deal)
        return deal

    # ---- hands -----------------------------------------------------------------------------
    def splits(self, hand: Sequence[int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The distinct (front, back) settings of four tiles (memoised: 3,620 distinct hands)."""
        key = tuple(hand)
        s = self._splits.get(key)
        if s is None:
            s = splits(hand, self.keys)
            self._splits[key] = s
        return s

    def split_codes(self, hand: tuple[int, ...]) -> list[int]:
        """The legal settings of four tiles as action codes (memoised)."""
        codes = self._codes.get(hand)
        if codes is None:
            codes = sorted(SET_CODE[front] for front, _ in self.splits(list(hand)))  # legal actions ascend
            self._codes[hand] = codes
        return codes

    def key(self, pair: Sequence[int]) -> int:
        return self.keys[pair[0] * K + pair[1]]

    def hand_name(self, pair, lang: str = "zh-hant") -> str:
        return hand_name(pair[0], pair[1], self.hand_rules, lang)

    # ---- actions -----------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        if action < SET:
            n = STAKES[action - STAKE]
            return f"s{n}" if lang == "ascii" else _WORDS[lang]["stake"].format(n=n)
        if action == OPEN:
            return "o" if lang == "ascii" else _WORDS[lang]["open"]
        a, b = divmod(action - SET, K)
        if lang == "ascii":
            return f"f{tg.KINDS[a].dice}+{tg.KINDS[b].dice}"
        if lang == "en":
            return f"front {tg.name(a, 'en')} + {tg.name(b, 'en')}"
        return f"{_WORDS[lang]['front']}{tg.name(a, lang)}·{tg.name(b, lang)}"

    def parse_action(self, text: str) -> int:
        if self._action_text is None:
            table: dict[str, int] = {}
            for a in [*range(SET), *sorted(SET_CODE.values()), OPEN]:
                for lang in ("zh-hant", "zh-hans", "en", "ascii"):
                    table[_norm(self.format_action(a, lang))] = a
            self._action_text = table
        key = _norm(text)
        if key in self._action_text:
            return self._action_text[key]
        m = re.match(r"^(?:stake|押|s)(\d)注?$", key)
        if m and int(m.group(1)) in STAKES:
            return STAKE + STAKES.index(int(m.group(1)))
        m = re.match(r"^\s*(?:front|頭|头|f)\s*(.+)$", text, flags=re.I)
        if m:
            kinds = tg.parse_kinds(re.sub(r"[·+＋&]", ",", m.group(1)))
            if len(kinds) != 2:
                raise NotationError(f"a front hand is two tiles; {text!r} names {len(kinds)}")
            return SET_CODE[(min(kinds), max(kinds))]
        raise NotationError(
            f"cannot read {text!r} as a 牌九 action; expected 押2注 / stake 2 / s2, "
            f"頭天·人 / front Heaven + Man / f66+44 (the two tiles of the front hand), 開牌 / open / o"
        )

    def action_help(self, lang: str = "en") -> str:
        return ("Stake: 押2注 / stake 2 / s2. 大牌九: name the two tiles of your front (lower) hand: 頭天·人, "
                "front Heaven + Man, f66+44; the other two are the back hand. 小牌九: 開牌 / open / o. "
                "Tiles in any language or as dice (66, 6-6).")

    # ---- worlds consistent with a view ---------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """A deal and history the viewer cannot tell from the real one.

        Hidden are the dice before they are thrown, every tile the viewer has not seen (the other
        hands, the stacks left over) and the other seats' face-down settings, which are redrawn
        among the legal settings of their sampled hands.
        """
        h = self.tiles
        dice = view["dice"]
        if dice is None:
            tiles = tg.domino_set()
            rng.shuffle(tiles)
            return {"dice": [rng.randint(1, 6) for _ in range(self.dice)], "woodpile": tiles}, list(view["history"])
        first = self.first_seat(dice)
        known: dict[int, list[int]] = {}
        for s, hand in enumerate(view["deal"]["hands"]):
            if hand is not None:
                known[self.stack_of(s, first)] = list(hand)
        pool = list(self.set_counts)
        for hand in known.values():
            for k in hand:
                pool[k] -= 1
        rest = tg.expand(pool)
        rng.shuffle(rest)
        pile: list[int] = []
        it = iter(rest)
        for i in range(32 // h):
            pile += known[i] if i in known else [next(it) for _ in range(h)]
        deal = {"dice": list(dice), "woodpile": pile}
        hands = self.hands_of(deal)
        actions: list[int] = []
        for i, a in enumerate(view["history"]):
            if a is None:
                seat = self.schedule[i][1]
                front, _ = self.splits(hands[seat])[rng.randrange(len(self.splits(hands[seat])))]
                a = SET_CODE[front]
            actions.append(a)
        return deal, actions

    def exact_action_values(self, view: dict[str, Any]) -> dict[int, float] | None:
        """Each legal setting's exact expected payment for the seat of `view` against the house
        way (yezi/games/paigow/exact.py: the learned bot's training targets), or None where the
        decision is not a 大牌九 setting."""
        from yezi.games.paigow.exact import setting_values

        return setting_values(self, view)

    def deal_stats(self, state: PaiGowState) -> dict[str, bool]:
        """Flags counted by ``yezi simulate``."""
        pays = state.payments()
        return {NP_("simulate:stat", "banker won"): pays[0] > 0, NP_("simulate:stat", "banker lost"): pays[0] < 0}


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text.strip().lower())


def _category(key: int) -> str:
    """The kind of two-tile hand a key ranks (yezi.games.paigow.hands: category * 1000 + detail)."""
    if key > SUPREME_KEY:
        return "pair-above-supreme"
    if key == SUPREME_KEY:
        return "supreme"
    if key > PAIR_BASE:
        return "pair"
    if key > WONG_BASE:
        return "wong"
    if key > GONG_BASE:
        return "gong"
    if key > HIGH_NINE_BASE:
        return "high-nine"
    return "points"


def _hit_comparison(g: PaiGow, hand: Sequence[int], banker: Sequence[int]) -> None:
    """The rule branches (`yezi.core.branches`) one comparison of a player's hand with the banker's ran."""
    keys, hr = g.keys, g.hand_rules
    kp, kb = keys[hand[0] * K + hand[1]], keys[banker[0] * K + banker[1]]
    branches.hit(f"paigow.hand.{_category(max(kp, kb))}")
    for x in (hand, banker):
        lo, hi = sorted(x)
        if hr.wild and (lo in WILD) != (hi in WILD):
            branches.hit("paigow.supreme-wild")
        if not hr.earth_king and lo == tg.EARTH and hi in NINES:
            branches.hit("paigow.no-earth-king")
    if kp == kb:
        branches.hit("paigow.copy-to-banker")
    elif kp // 100 == kb // 100 and _category(kp) == "points":
        branches.hit("paigow.high-tile-decides")
    if kp == kb == POINTS_BASE and hr.zero_to_banker:
        branches.hit("paigow.zero-zero-to-banker")


class PaiGowState(State["PaiGow"]):
    def __init__(self, game: PaiGow, deal: dict[str, Any] | None):
        self.game = game
        if deal is None:  # clone
            return
        self.deal = deal
        self.history: list[int] = []
        n = game.players
        self.stakes: list[int | None] = [None, *[None if game.choose_stakes else 1] * (n - 1)]
        self.hands = game.hands_of(deal)
        self.fronts: list[tuple[int, int] | None] = [None] * n
        self.pos = 0
        self._payments: list[int] | None = None
        self._outcomes: list[list[bool]] | None = None

    # ---- whose turn ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        sched = self.game.schedule
        return sched[self.pos][1] if self.pos < len(sched) else None

    @property
    def phase(self) -> str | None:
        sched = self.game.schedule
        return sched[self.pos][0] if self.pos < len(sched) else None

    @property
    def dice_thrown(self) -> bool:
        return self.pos >= self.game.stake_turns

    # ---- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        g = self.game
        if self.pos >= len(g.schedule):
            return []
        phase, seat = g.schedule[self.pos]
        if phase == "stake":
            branches.hit("paigow.stake-chosen")
            return [STAKE, STAKE + 1, STAKE + 2]
        if not g.big:
            return [OPEN]
        return list(g.split_codes(self.hands[seat]))

    def together(self) -> dict[int, list[int]]:
        """Every player sets his hand from his own tiles (the banker last): the setting is asked of
        all at once. (The stakes are placed before the dice, one after another.)"""
        g = self.game
        if self.pos >= len(g.schedule) or g.schedule[self.pos][0] != "set":
            return {}
        return {seat: (list(g.split_codes(self.hands[seat])) if g.big else [OPEN])
                for _phase, seat in g.schedule[self.pos:]}

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        fmt = [g.format_action(x, "en") for x in legal]
        phase = self.phase
        big = cjk_name("大牌九", "大牌九", "Big Pai Gow")
        small = cjk_name("小牌九", "小牌九", "Small Pai Gow")
        open_name = cjk_name("開牌", "开牌", "open")

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), fmt)

        if phase == "stake" and action >= SET:
            return err("stake-first", N_("every player stakes before the dice are thrown"))
        if phase == "set" and action < SET:
            return err("stakes-closed", N_("the stakes are placed; now set your hand"))
        if phase == "set" and action == OPEN and g.big:
            return err("set-hand", N_("{game}: name the two tiles of your front hand"), game=big)
        if phase == "set" and action != OPEN and not g.big:
            return err("open", N_("{game}: two tiles, nothing to set; open them ({open})"), game=small, open=open_name)
        if phase == "set" and SET <= action < OPEN:
            a, b = divmod(action - SET, K)
            assert self.current_player is not None  # a hand is set by the seat to act
            hand = list(self.hands[self.current_player])
            for k in (a, b):
                if k not in hand:
                    return err("not-in-hand", N_("you hold no {tile} for the front hand"),
                               tile=lambda lang, k=k: tg.name(k, lang))
                hand.remove(k)
            if a > b:
                return err("notation", N_("write the front hand's tiles lower kind first"))
            kf, kb = g.key((a, b)), g.key(tuple(hand))
            if kf > kb:
                return err("back-lower", N_("the front hand ({front}) may not rank above the back hand ({back}): "
                                            "choose the lower pair as the front"),
                           front=lambda lang: g.hand_name((a, b), lang), back=lambda lang: g.hand_name(hand, lang))
            if kf == kb:
                return err("same-split", N_("the two hands rank equal; this split is written with the other pair "
                                            "in front"))
        return super().explain_illegal(action, legal)

    def apply_unchecked(self, action: int) -> None:
        g = self.game
        phase, seat = g.schedule[self.pos]
        if phase == "stake":
            self.stakes[seat] = STAKES[action - STAKE]
        elif action == OPEN:
            self.fronts[seat] = (self.hands[seat][0], self.hands[seat][1])
        else:
            self.fronts[seat] = divmod(action - SET, K)
        self.history.append(action)
        self.pos += 1

    # ---- outcome -------------------------------------------------------------------------------
    def back_of(self, seat: int) -> tuple[int, int] | None:
        front = self.fronts[seat]
        if front is None or not self.game.big:
            return None
        hand = list(self.hands[seat])
        hand.remove(front[0])
        hand.remove(front[1])
        return (hand[0], hand[1])

    def outcomes(self) -> list[list[bool]]:
        """Per player, whether each of his hands (front, back; or the one hand) beats the banker's.

        A tie is the banker's ([NP-PG], [CAS]); the banker's own entry is empty.
        """
        if self._outcomes is None:
            g = self.game
            keys = g.keys
            bf = self.fronts[0]
            kbf = keys[bf[0] * K + bf[1]]  # type: ignore[index]
            out: list[list[bool]] = [[]]
            if g.big:
                bb = self.back_of(0)
                kbb = keys[bb[0] * K + bb[1]]  # type: ignore[index]
                for s in range(1, g.players):
                    f, b = self.fronts[s], self.back_of(s)
                    out.append([keys[f[0] * K + f[1]] > kbf, keys[b[0] * K + b[1]] > kbb])  # type: ignore[index]
                    _hit_comparison(g, f, bf)  # type: ignore[arg-type]
                    _hit_comparison(g, b, bb)  # type: ignore[arg-type]
            else:
                for s in range(1, g.players):
                    f = self.fronts[s]
                    out.append([keys[f[0] * K + f[1]] > kbf])  # type: ignore[index]
                    _hit_comparison(g, f, bf)  # type: ignore[arg-type]
            self._outcomes = out
        return self._outcomes

    def payments(self) -> list[int]:
        n = self.game.players
        if self.pos < len(self.game.schedule):
            return [0] * n
        if self._payments is None:
            pays = [0] * n
            for s, res in enumerate(self.outcomes()):
                if s == 0:
                    continue
                won = sum(res)
                sign = 1 if won == len(res) else (-1 if won == 0 else 0)
                branches.hit("paigow.result." + ("player-wins" if sign > 0 else "banker-wins" if sign < 0 else "push"))
                pays[s] = sign * self.stakes[s]  # type: ignore[operator]
            pays[0] = -sum(pays)
            self._payments = pays
        return list(self._payments)

    # ---- information ---------------------------------------------------------------------------
    def actor_of(self, index: int) -> int:
        return self.game.schedule[index][1]

    def redact(self, index: int, seat: int | None) -> int | None:
        a = self.history[index]
        if SET <= a < OPEN and self.current_player is not None and self.actor_of(index) != seat:
            return None  # a hand set face down stays hidden until the showdown
        return a

    def hidden_action_text(self, index: int, lang: str) -> str:
        return _c(lang, "paigow-game:hidden", HIDDEN)

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        n = g.players
        over = self.current_player is None
        thrown = self.dice_thrown
        dice = list(self.deal["dice"]) if thrown else None
        seen = [thrown and (over or s == seat) for s in range(n)]
        v: dict[str, Any] = {
            "game": g.name,
            "preset": g.rules.preset,
            "seat": seat,
            "seats": n,
            "banker": 0,
            "tiles": g.tiles,
            "to_act": self.current_player,
            "phase": self.phase,
            "stakes": list(self.stakes),
            "dice": dice,
            "first": g.first_seat(self.deal["dice"]) if thrown else None,
            "hand": list(self.hands[seat]) if seat is not None and thrown else None,
            "set_done": [f is not None for f in self.fronts],
            "fronts": [list(f) if f is not None and (over or s == seat) else None for s, f in enumerate(self.fronts)],
            "backs": [list(self.back_of(s)) if self.fronts[s] is not None and g.big and (over or s == seat) else None  # type: ignore[arg-type]  # a set front has a back
                      for s in range(n)],
            "deal": {"dice": dice, "hands": [list(self.hands[s]) if seen[s] else None for s in range(n)]},
            "history": [self.redact(i, seat) for i in range(len(self.history))],
        }
        v.update(common_view(self, seat))
        if over:
            pays = self.payments()
            names = []
            for s in range(n):
                hs = [self.fronts[s]] + ([self.back_of(s)] if g.big else [])
                names.append({lang: [g.hand_name(x, lang) for x in hs] for lang in ("zh-hant", "zh-hans", "en")})
            v["result"] = {"outcomes": [list(o) for o in self.outcomes()], "payments": pays, "names": names}
        return v

    def annotate(self, action: int, lang: str = "zh-hant") -> str:
        """A record comment: the hands a setting makes (front / back) and their names."""
        g = self.game
        if not (SET <= action <= OPEN) or self.current_player is None:
            return ""
        seat = self.current_player
        other = self.clone()
        other.apply(action)
        hs = [other.fronts[seat]] + ([other.back_of(seat)] if g.big else [])
        return " / ".join(f"{tg.format_kinds(x, lang if lang != 'ascii' else 'ascii', sep='')} {g.hand_name(x, lang)}"
                          for x in hs if x is not None)  # (set by the action)

    def clone(self) -> PaiGowState:
        s = PaiGowState(self.game, None)
        s.deal = self.deal
        s.history = list(self.history)
        s.stakes = list(self.stakes)
        s.hands = self.hands  # never mutated
        s.fronts = list(self.fronts)
        s.pos = self.pos
        s._payments = self._payments
        s._outcomes = self._outcomes
        return s
