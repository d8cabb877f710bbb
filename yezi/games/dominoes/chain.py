"""The chain logic shared by the domino games 接龍 (Jie Long), 斜釘 (Tse Ding) and 頂牛 (Ding Niu).

All three are the same machine: tiles of two pip ends are laid in a line so that touching ends
show equal pips; a player who cannot (or, by option, will not) connect puts one tile face down
in front of himself (扣牌); the face-down tiles are what he pays for. They differ in:

* the set (the 32-tile Tien Gow set, or the 24-tile 頂牛 set), seats and hand size;
* one open end (接龍/斜釘: the leader names the open end, the other stays closed) or two (頂牛);
* what happens when nobody can go (接龍: the last placer leads a new line with a different open
  number, rules-notes §5.2 step 5; or [V-J1] nothing special; 頂牛: the hand ends at once);
* settlement, which each game module supplies.

So this module holds the action codec, the state machine, the views and the sampler of hidden
worlds, parameterised by a `ChainConfig` that each game builds from its options.

Tiles are `yezi.components.tiengow` kinds (0..20); a hand is a count vector of length 21.

Action codes (one fixed space of 105 for all three games, so masks line up):

* ``LEAD + 2k + o``  lead kind k; single open end: o=0 leaves the high end open, o=1 the low
  end (a double only o=0); two open ends: always o=0, the line reads high end left.
* ``PLAY + 2k + e``  connect kind k at open end e (0 = left/only, 1 = right).
* ``DOWN + k``       put kind k face down (扣牌).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError, YeziError
from yezi.core.protocol import Game, State, common_view
from yezi.core.views import json_copy
from yezi.games.dominoes.views import DominoView
from yezi.i18n import N_, Msg
from yezi.i18n.terms import term

NK = tg.NUM_KINDS
LEAD = 0
PLAY = 2 * NK
DOWN = 4 * NK
ACTION_SPACE = 5 * NK

HIGH = tuple(k.high for k in tg.KINDS)
LOW = tuple(k.low for k in tg.KINDS)
PIPS = tg.PIPS
DOUBLE = tuple(k.is_double for k in tg.KINDS)
#: bit n set when the kind shows n pips on an end
MASK = tuple((1 << k.high) | (1 << k.low) for k in tg.KINDS)
#: kinds showing n on an end, n = 1..6
WITH = tuple(tuple(k.index for k in tg.KINDS if n in (k.high, k.low)) for n in range(7))
#: (kind, action code) pairs that connect at number n on end e: _AT[e][n]
_AT = tuple(tuple(tuple((k, 2 * NK + 2 * k + e) for k in WITH[n]) for n in range(7)) for e in (0, 1))


def lead_code(k: int, o: int = 0) -> int:
    return LEAD + 2 * k + o


def play_code(k: int, e: int = 0) -> int:
    return PLAY + 2 * k + e


def down_code(k: int) -> int:
    return DOWN + k


def decode(a: int) -> tuple[str, int, int]:
    """(verb, kind, o-or-e) of an action code."""
    if a < PLAY:
        return "lead", a >> 1, a & 1
    if a < DOWN:
        return "play", (a - PLAY) >> 1, (a - PLAY) & 1
    return "down", a - DOWN, 0


def lead_ends(k: int, o: int, two_ends: bool) -> list[int]:
    """Open ends after leading kind k with orientation o."""
    if two_ends:
        return [HIGH[k], LOW[k]]
    return [HIGH[k] if o == 0 else LOW[k]]


def connect(ends: list[int], k: int, e: int) -> int:
    """The new number at end e after connecting kind k there (k must show ends[e])."""
    n = ends[e]
    return LOW[k] if HIGH[k] == n else HIGH[k]


def chain_ends(tiles: Sequence[int], first_open: int) -> int | None:
    """Follow a single-ended line: lay `tiles` in order after a lead whose open end is
    `first_open` (the first tile is the lead). Returns the final open number, or None if a tile
    does not connect. Used by the full-chain invariant test."""
    if not tiles:
        return None
    k0 = tiles[0]
    if first_open not in (HIGH[k0], LOW[k0]):
        return None
    n = first_open
    for k in tiles[1:]:
        if n not in (HIGH[k], LOW[k]):
            return None
        n = LOW[k] if HIGH[k] == n else HIGH[k]
    return n


@dataclass(frozen=True)
class ChainConfig:
    """The structural rules a game variant fixes; settlement lives in the game class."""

    seats: int
    hand: int
    tiles: tuple[int, ...]  # the whole set, as kinds
    two_ends: bool = False
    relead: bool = True  # 接龍 §5.2 step 5; False = [V-J1]
    must_connect: bool = True  # §5.4 (1); False = discarding is always allowed
    end_on_block: bool = False  # 頂牛 §6.2 step 6
    others_block: bool = False  # 頂牛 seed 004: the hand ends once nobody but the mover can connect
    answerable_lead: bool = False  # 頂牛 §6.2 step 3: the first tile must be connectable by someone


# --- notation ------------------------------------------------------------------------------

VERBS = {
    "lead": ("引", "引牌", "lead", "l"),
    "play": ("接", "接牌", "play", "p", "connect"),
    "down": ("扣", "扣牌", "飲", "飲牌", "冚", "冚牌", "饮", "饮牌", "down", "d", "discard", "face-down"),
}
_VERB_OF = {w.lower(): v for v, ws in VERBS.items() for w in ws}
_ASCII = re.compile(r"^([lpd])([1-6])([1-6])(?:([<>])([1-6])?|[o/:^]([1-6]))?$", re.I)
_OPEN = re.compile(r"(?:\s+|^)(?:開|开|open|o)\s*([1-6])$", re.I)
_BRACKET = re.compile(r"\[\s*([1-6])\s*[-:|]?\s*([1-6])\s*\]\s*$")
_SIDE = re.compile(r"(?:\s+|^)(左|右|left|right|l|r|<|>)$", re.I)
SIDE_NAMES = {
    "zh-hant": ("左", "右"), "zh-hans": ("左", "右"), "en": ("left", "right"), "ascii": ("<", ">"),
}


class DominoGame(Game["DominoState"]):
    """Base of the three domino games: builds the `ChainConfig`, deals, notation and sampling."""

    name_style: ClassVar[str] = "hk"
    wants_legal: ClassVar[bool] = False  # after_action runs, with the ends before the move (頂牛's 算帳 test)
    view_type = DominoView
    seat_names: ClassVar[dict[str, tuple[str, ...]]] = {
        "zh-hant": ("莊家", "二家", "三家", "四家"),
        "zh-hans": ("庄家", "二家", "三家", "四家"),
        "en": ("Dealer", "Second", "Third", "Fourth"),
    }

    def __init__(self, ruleset):
        super().__init__(ruleset)
        self.cfg = self.make_config()
        counts = tg.counts(self.cfg.tiles)
        self.set_counts = counts
        self.aside = len(self.cfg.tiles) - self.cfg.seats * self.cfg.hand

    # --- to override ---------------------------------------------------------------------
    def make_config(self) -> ChainConfig:
        raise NotImplementedError

    # --- metadata ------------------------------------------------------------------------
    def make_observer(self):
        from yezi.games.dominoes.observation import DominoObserver

        return DominoObserver(self)

    def seen_from_view(self, view):
        from yezi.games.dominoes.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """Every action places a tile or puts one face down: one per tile dealt to a hand."""
        return self.cfg.seats * self.cfg.hand

    def max_score(self) -> int:
        """The most pips one hand can hold: its `hand` heaviest tiles of the set."""
        return sum(sorted((PIPS[k] for k in self.cfg.tiles), reverse=True)[: self.cfg.hand])

    def payment_bounds(self) -> tuple[int, int]:
        """Pairwise settlement: each of the other seats settles a score gap of at most `max_score`
        pips, times the game's largest pair multiplier (`pair_multiplier_max`)."""
        m = (self.cfg.seats - 1) * self.pair_multiplier_max() * self.max_score()
        return -m, m

    def pair_multiplier_max(self) -> int:
        return 1

    def settle(self, state: DominoState) -> dict[str, Any]:
        """The result dict for a finished state: at least scores, payments, winner."""
        raise NotImplementedError

    def settle_facts(self, down: list[list[int]], hands: list[list[int]], suanzhang: list[int]) -> dict[str, Any]:
        """The result from a finished deal's facts (kinds face down and left in hand per seat, the
        seats that made 算帳): `settle` and the `yezi settle` calculator both use it."""
        raise NotImplementedError

    def settlement_lines(self, result: dict[str, Any], lang: str = "zh-hant",
                         names: list[str] | None = None) -> list[str]:
        """Every payment of a result with its reason, in `lang` (`settle.explain`)."""
        from yezi.games.dominoes.settle import explain

        names = names or [self.seat_name(s, lang) for s in range(self.cfg.seats)]
        return explain(self.name, result, names, lang, bool(self.rules.get("lone_pass_double", True)))

    def on_start(self, state: DominoState) -> None:
        """Hook run once a state is built (斜釘: 八掘 and the redeal)."""

    def after_action(self, state: DominoState, seat: int, action: int, legal: list[int] | None) -> None:
        """Hook run after each action when `wants_legal` is set, before the turn passes (頂牛: 算帳
        detection); the state keeps the open ends before the action in `prev_ends`."""

    def note_visible(self, state: DominoState, note: dict[str, Any], seat: int | None) -> bool:
        return state.to_move is None or note.get("seat") == seat

    def needs_redeal(self, deal: dict[str, Any]) -> bool:
        return False

    def style(self) -> str:
        return self.rules.get("names", self.name_style)

    # --- seats ---------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return self.cfg.seats

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return self.seat_names.get(lang, self.seat_names["en"])[seat]

    # --- deals ---------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> dict[str, Any]:
        """Shuffle and deal counter-clockwise from the dealer; redeal while a rule asks for it
        (斜釘 [V-S2]), so seeded deals never need a redeal."""
        rng = random.Random(seed)
        tiles = list(self.cfg.tiles)
        for _ in range(1000):
            rng.shuffle(tiles)
            h = self.cfg.hand
            deal = {
                "hands": [sorted(tiles[s * h:(s + 1) * h]) for s in range(self.cfg.seats)],
                "aside": sorted(tiles[self.cfg.seats * h:]),
            }
            if not self.needs_redeal(deal):
                return deal
        return deal

    def new_state(self, deal: Any) -> DominoState:
        self.check_deal(deal)
        return DominoState(self, deal)

    def check_deal(self, deal: Any) -> None:
        from yezi.core.errors import RecordError

        try:
            hands = deal["hands"]
            aside = deal.get("aside", [])
        except (TypeError, KeyError, AttributeError):
            raise RecordError("a domino deal is {'hands': [[kind, ...], ...], 'aside': [...]}") from None
        if len(hands) != self.cfg.seats or any(len(h) != self.cfg.hand for h in hands):
            raise RecordError(f"{self.name}: expected {self.cfg.seats} hands of {self.cfg.hand} tiles")
        if tg.counts([k for h in hands for k in h] + list(aside)) != self.set_counts:
            raise RecordError(f"{self.name}: the deal is not the {len(self.cfg.tiles)}-tile set")

    def format_deal(self, deal: Any) -> str:
        text = " | ".join(" ".join(tg.KINDS[k].dice for k in h) for h in deal["hands"])
        if deal.get("aside"):
            text += " / " + " ".join(tg.KINDS[k].dice for k in deal["aside"])
        return text

    def parse_deal(self, text: str) -> dict[str, Any]:
        main, _, aside = text.partition("/")
        hands = [tg.parse_kinds(part) if part.strip() else [] for part in main.split("|")]
        deal = {"hands": hands, "aside": tg.parse_kinds(aside) if aside.strip() else []}
        self.check_deal(deal)
        return deal

    # --- actions -------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE

    def tile_name(self, k: int, lang: str = "zh-hant") -> str:
        return tg.name(k, lang, self.style())

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        verb, k, x = decode(action)
        if lang == "ascii":
            d = tg.KINDS[k].dice
            if verb == "lead":
                return f"L{d}" if self.cfg.two_ends or DOUBLE[k] else f"L{d}>{HIGH[k] if x == 0 else LOW[k]}"
            if verb == "play":
                return f"P{d}" + (SIDE_NAMES["ascii"][x] if self.cfg.two_ends else "")
            return f"D{d}"
        name = self.tile_name(k, lang)
        if lang != "en":
            name = f"{name}[{tg.KINDS[k].dice}]"
        words = {
            "zh-hant": ("引", "接", "扣", "開"), "zh-hans": ("引", "接", "扣", "开"),
            "en": ("lead", "play", "down", "open "),
        }[lang]
        if verb == "lead":
            if self.cfg.two_ends or DOUBLE[k]:
                return f"{words[0]} {name}"
            return f"{words[0]} {name} {words[3]}{HIGH[k] if x == 0 else LOW[k]}"
        if verb == "play":
            return f"{words[1]} {name}" + (f" {SIDE_NAMES[lang][x]}" if self.cfg.two_ends else "")
        return f"{words[2]} {name}"

    def parse_action(self, text: str) -> int:
        t = text.strip()
        m = _ASCII.match(t.replace(" ", "")) if t and t[0] in "LPDlpd" else None
        if m:
            verb = {"l": "lead", "p": "play", "d": "down"}[m.group(1).lower()]
            k = tg.kind_of_dice(int(m.group(2)), int(m.group(3)))
            side = m.group(4) if verb == "play" else None
            return self._code(verb, k, side, m.group(5) or m.group(6), text)
        parts = t.split(None, 1)
        if not parts:
            raise NotationError(self._expected(text))
        verb_word = parts[0]
        rest = parts[1] if len(parts) > 1 else ""
        if verb_word.lower() not in _VERB_OF:
            # Chinese without a space: 接天, 扣梅花[5-5]
            for w in sorted(_VERB_OF, key=len, reverse=True):
                if not w.isascii() and t.startswith(w):
                    verb_word, rest = w, t[len(w):]
                    break
            else:
                raise NotationError(self._expected(text))
        verb = _VERB_OF[verb_word.lower()]
        rest = rest.strip()
        open_n = side = None
        m = _OPEN.search(rest)
        if m:
            open_n = m.group(1)
            rest = rest[: m.start()].strip()
        m = _SIDE.search(rest)
        if m and verb == "play":
            side = m.group(1)
            rest = rest[: m.start()].strip()
        m = _BRACKET.search(rest)
        if m:  # our own format: name[dice]; a name that reads as another tile is an error
            k = tg.kind_of_dice(int(m.group(1)), int(m.group(2)))
            name = rest[: m.start()].strip()
            if name:
                try:
                    other = tg.parse_kind(name)
                except NotationError:
                    other = k
                if other != k:
                    raise NotationError(f"{text!r}: {name} is {tg.KINDS[other].dice}, not {tg.KINDS[k].dice}")
        else:
            try:
                k = tg.parse_kind(rest)
            except NotationError as e:
                raise NotationError(f"{e}; {self._expected(text)}") from None
        return self._code(verb, k, side, open_n, text)

    def _code(self, verb: str, k: int, side: str | None, open_n: str | None, text: str) -> int:
        if verb == "lead":
            if open_n is None or self.cfg.two_ends or DOUBLE[k]:
                if open_n is not None and int(open_n) not in (HIGH[k], LOW[k]):
                    raise NotationError(f"{text!r}: {tg.KINDS[k].dice} has no end {open_n}")
                return lead_code(k, 0)
            n = int(open_n)
            if n not in (HIGH[k], LOW[k]):
                raise NotationError(f"{text!r}: {tg.KINDS[k].dice} has no end {n}")
            return lead_code(k, 0 if n == HIGH[k] else 1)
        if verb == "play":
            e = 0
            if side is not None and side.lower() in ("右", "right", "r", ">"):
                e = 1
            return play_code(k, e)
        return down_code(k)

    def _expected(self, text: str) -> str:
        return (
            f"cannot read {text!r} as a domino action; expected e.g. 引 天 開6 / lead Heaven open 6 / L66, "
            "接 梅花 / play Plum / P55 (頂牛: 接 天 左|右, P66< P66>), 扣 地 / down Earth / D11"
        )

    def action_help(self, lang: str = "en") -> str:
        return self._expected("…").split("expected ", 1)[1]

    # --- sampling hidden worlds -------------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """A full (deal, actions) consistent with a seat's view.

        Hidden are the other hands, the kinds of their face-down tiles and the tiles set aside.
        A tile put face down, or a re-lead, under the must-connect rule tells everyone that the
        player held no tile showing an open number at that moment; those constraints are kept
        exactly (randomised backtracking). Whole-table constraints (頂牛: the lead is answerable,
        the hand goes on while someone can connect; 斜釘: no redeal) are met by rejection.
        """
        if view.get("result") is not None:
            return view["deal"], list(view["history"])
        for _ in range(2000):
            out = self._sample_once(view, rng)
            if out is None:
                continue
            deal, actions = out
            try:
                state = self.replay(deal, actions)
            except YeziError:
                continue
            if state.to_move == view["to_act"]:
                return deal, actions
        raise RuntimeError("no consistent world found for this view")

    def _sample_once(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]] | None:
        cfg = self.cfg
        n = cfg.seats
        seat = view["seat"]
        history = view["history"]
        pool = list(self.set_counts)
        known_deal = view["deal"]["hands"]
        if seat is not None:
            for k in known_deal[seat]:
                pool[k] -= 1
        placed: list[list[int]] = [[] for _ in range(n)]
        downs: list[list[int | None]] = [[] for _ in range(n)]
        # forbidden masks: cumulative per player over time
        forb = [0] * n
        down_forb: list[list[int]] = [[] for _ in range(n)]
        ends: list[int] = []
        p = 0
        for a in history:
            if a is None:
                if cfg.must_connect:
                    forb[p] |= _ends_mask(ends)
                downs[p].append(None)
                down_forb[p].append(forb[p])
            else:
                verb, k, x = decode(a)
                if verb == "lead":
                    if ends and p != seat:  # a re-lead: the player could not connect
                        forb[p] |= _ends_mask(ends)
                    ends = lead_ends(k, x, cfg.two_ends)
                    placed[p].append(k)
                elif verb == "play":
                    ends[x] = connect(ends, k, x)
                    placed[p].append(k)
                else:
                    if cfg.must_connect:
                        forb[p] |= _ends_mask(ends)
                    downs[p].append(k)
                    down_forb[p].append(forb[p])
                if p != seat:
                    if verb != "down":
                        pool[k] -= 1
                    elif seat is not None:
                        return None  # another seat's face-down tile visible: not from this seat's view
            p = (p + 1) % n
        slots: list[tuple[int, Any]] = []  # (forbidden mask, target)
        hand_counts = view["hand_counts"]
        for q in range(n):
            if q == seat:
                continue
            for _ in range(hand_counts[q]):
                slots.append((forb[q], ("hand", q)))
            for i, d in enumerate(downs[q]):
                if d is None:
                    slots.append((down_forb[q][i], ("down", q, i)))
        for i in range(self.aside):
            slots.append((0, ("aside", i)))
        if any(c < 0 for c in pool) or sum(pool) != len(slots):
            return None
        assignment = _assign(slots, pool, rng)
        if assignment is None:
            return None
        hands: list[list[int]] = [[] for _ in range(n)]
        aside: list[int] = []
        for (_, target), k in zip(slots, assignment):
            if target[0] == "hand":
                hands[target[1]].append(k)
            elif target[0] == "down":
                downs[target[1]][target[2]] = k
                hands[target[1]].append(k)
            else:
                aside.append(k)
        for q in range(n):
            if q == seat:
                hands[q] = list(known_deal[q])
            else:
                hands[q].extend(placed[q])
                hands[q].sort()
        actions: list[int] = []
        di = [0] * n
        p = 0
        for a in history:
            if a is None:
                actions.append(down_code(downs[p][di[p]]))  # type: ignore[arg-type]
                di[p] += 1
            else:
                if decode(a)[0] == "down":
                    di[p] += 1
                actions.append(a)
            p = (p + 1) % n
        return {"hands": hands, "aside": sorted(aside)}, actions


def _ends_mask(ends: list[int]) -> int:
    m = 0
    for e in ends:
        m |= 1 << e
    return m


def _assign(slots: list[tuple[int, Any]], pool: list[int], rng: random.Random) -> list[int] | None:
    """Give each slot a kind from `pool` (a count vector) avoiding its forbidden numbers.

    Randomised backtracking, most-constrained slot first, with a node budget; the real world is a
    solution, so a failure only means an unlucky search and the caller retries.
    """
    pool = list(pool)
    order = sorted(range(len(slots)), key=lambda i: (-bin(slots[i][0]).count("1"), rng.random()))
    out = [0] * len(slots)
    budget = [5000]

    def rec(j: int) -> bool:
        if j == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        i = order[j]
        fm = slots[i][0]
        cands = [k for k in range(NK) if pool[k] and not MASK[k] & fm]
        # weight by copies left: draw without replacement from the expanded list
        expanded = [k for k in cands for _ in range(pool[k])]
        rng.shuffle(expanded)
        seen = set()
        for k in expanded:
            if k in seen:
                continue
            seen.add(k)
            pool[k] -= 1
            out[i] = k
            if rec(j + 1):
                return True
            pool[k] += 1
        return False

    return out if rec(0) else None


class DominoState(State["DominoGame"]):
    """One hand of a domino game in progress."""

    def __init__(self, game: DominoGame, deal: dict[str, Any], _clone: bool = False):
        self.game = game
        self.deal = deal
        if _clone:
            return
        cfg = game.cfg
        self.hands = [tg.counts(h) for h in deal["hands"]]
        self.down: list[list[int]] = [[] for _ in range(cfg.seats)]
        self.placed = [0] * cfg.seats
        self.table = [0] * NK  # kinds on the table
        self.lines: list[list[list[int]]] = []  # each line: [high-side pip, low-side pip, kind, seat]
        self.ends: list[int] = []
        self.history: list[int] = []
        self.to_move: int | None = 0
        self.last_placer: int | None = None
        self.left = cfg.seats * cfg.hand  # tiles still in hands
        self.notes: dict[int, dict[str, Any]] = {}
        self.flags: list[set[str]] = [set() for _ in range(cfg.seats)]
        self.result: dict[str, Any] | None = None
        self.end_reason: str | None = None
        game.on_start(self)

    # --- turn and actions ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_move

    def can_connect(self, seat: int) -> bool:
        h = self.hands[seat]
        for n in self.ends:
            for k in WITH[n]:
                if h[k]:
                    return True
        return False

    def plays(self, seat: int) -> list[int]:
        h = self.hands[seat]
        ends = self.ends
        out = []
        if len(ends) == 2 and ends[0] == ends[1]:
            ends = ends[:1]
        for e, n in enumerate(ends):
            out += [c for k, c in _AT[e][n] if h[k]]
        if len(ends) == 2:
            out.sort()  # codes interleave the two ends: PLAY + 2 * kind + end
        return out

    def leads(self, seat: int, dead: int | None = None) -> list[int]:
        cfg = self.game.cfg
        h = self.hands[seat]
        out = []
        for k in range(NK):
            if not h[k]:
                continue
            if cfg.two_ends:
                out.append(LEAD + 2 * k)
                continue
            for o in ((0,) if DOUBLE[k] else (0, 1)):
                n = HIGH[k] if o == 0 else LOW[k]
                if n != dead:
                    out.append(LEAD + 2 * k + o)
        if cfg.answerable_lead and not self.lines:
            outside = [self.game.set_counts[j] - h[j] for j in range(NK)]
            ok = [a for a in out if self._answerable(outside, a)]
            if ok:
                out = ok
        if not out and dead is not None:
            return self.leads(seat, None)
        return out

    def _answerable(self, outside: list[int], a: int) -> bool:
        """頂牛 step 3: some tile outside the leader's hand shows an open number after the lead.
        Ground truth, but it only needs the leader's own hand, since every other tile is out."""
        _, k, o = decode(a)
        return any(outside[j] for n in lead_ends(k, o, self.game.cfg.two_ends) for j in WITH[n])

    def legal_actions(self) -> list[int]:
        p = self.to_move
        if p is None:
            return []
        if not self.lines:
            return self.leads(p)
        plays = self.plays(p)
        cfg = self.game.cfg
        if not plays:
            if cfg.relead and self.last_placer == p:
                return self.leads(p, self.ends[0])
            return [DOWN + k for k in range(NK) if self.hands[p][k]]
        if cfg.must_connect:
            return plays
        return plays + [DOWN + k for k in range(NK) if self.hands[p][k]]

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        p = self.to_move
        verb, k, _x = decode(action)
        names = [g.format_action(a, "en") for a in legal]

        def what(lang: str) -> str:
            return g.format_action(action, lang)

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, what=what, **params), names)

        assert p is not None, "the deal is over"  # as self.hands[None] would have refused
        if self.hands[p][k] == 0:
            return err("not-in-hand", N_("{what}: {tile} is not in your hand"), tile=lambda lang: g.tile_name(k, lang))
        lverb = decode(legal[0])[0] if legal else ""
        if verb == "down" and lverb == "play":
            return err("must-connect", N_("{what}: you can connect, so you may not put a tile face down ({down} only "
                                          "when unable)"), down=term("扣牌", "face down"))
        if verb == "lead" and lverb != "lead":
            return err("no-lead", N_("{what}: a new line is led only at the start, or by the last placer when nobody "
                                     "could connect"))
        if verb == "lead" and self.lines:
            return err("relead-different", N_("{what}: the new open end must differ from {end}, the number that just "
                                               "died"), end=self.ends[0])
        if verb == "lead":
            return err("unanswerable-lead", N_("{what}: the dealer's first tile must be one that someone else can "
                                               "connect to"))
        if verb in ("play", "down") and lverb == "lead":
            return err("must-lead", N_("{what}: you must lead now (a new line starts with your tile)"))
        if verb == "play" and self.ends:
            return err("no-match", N_("{what}: {dice} does not show the open number {ends} at that end"),
                       dice=tg.KINDS[k].dice, ends="/".join(map(str, self.ends)))
        if verb in ("play", "down") and lverb == "down":
            return err("cannot-connect", N_("{what}: nothing in your hand connects; put a tile face down"))
        return err("not-legal", N_("{what} is not legal now"))

    def apply_unchecked(self, action: int) -> None:
        game = self.game
        cfg = game.cfg
        p = self.to_move
        assert p is not None
        if game.wants_legal:
            self.prev_ends = list(self.ends)
        if action < PLAY:
            verb, k, x = "lead", action >> 1, action & 1
        elif action < DOWN:
            verb, k, x = "play", (action - PLAY) >> 1, (action - PLAY) & 1
        else:
            verb, k, x = "down", action - DOWN, 0
        self.hands[p][k] -= 1
        self.left -= 1
        if verb != "down":
            self.table[k] += 1
        if verb == "lead":
            ends = lead_ends(k, x, cfg.two_ends)
            if cfg.two_ends:
                self.lines.append([[HIGH[k], LOW[k], k, p]])
            else:
                closed = LOW[k] if x == 0 else HIGH[k]
                self.lines.append([[closed, ends[0], k, p]])
            self.ends = ends
            self.placed[p] += 1
            self.last_placer = p
        elif verb == "play":
            n = self.ends[x]
            other = LOW[k] if HIGH[k] == n else HIGH[k]
            line = self.lines[-1]
            if x == 0 and cfg.two_ends:
                line.insert(0, [other, n, k, p])
            else:
                line.append([n, other, k, p])
            self.ends[x] = other
            self.placed[p] += 1
            self.last_placer = p
        else:
            self.down[p].append(k)
        self.history.append(action)
        if game.wants_legal:
            game.after_action(self, p, action, None)
        if self.left == 0:
            self.finish("all-out")
        elif cfg.end_on_block and not any(
            self.can_connect(s) for s in range(cfg.seats) if s != p or not cfg.others_block
        ):
            self.finish("blocked")
        else:
            self.to_move = (p + 1) % cfg.seats

    def finish(self, reason: str) -> None:
        self.to_move = None
        self.end_reason = reason
        self.result = self.game.settle(self)
        self.result["reason"] = reason

    # --- outcome -------------------------------------------------------------------------
    def payments(self) -> list[int]:
        if self.result is None:
            return [0] * self.game.cfg.seats
        return list(self.result["payments"])

    def score(self, seat: int) -> int:
        """Pips face down (接龍, 斜釘); 頂牛 adds what is left in hand."""
        return sum(PIPS[k] for k in self.down[seat])

    def hand_pips(self, seat: int) -> int:
        return sum(PIPS[k] * c for k, c in enumerate(self.hands[seat]))

    # --- information ---------------------------------------------------------------------
    def actor_of(self, index: int) -> int:
        return index % self.game.cfg.seats

    def redact(self, index: int, seat: int | None) -> int | None:
        a = self.history[index]
        if a >= DOWN and self.to_move is None and self.result is not None:
            return a
        if a >= DOWN and self.actor_of(index) != seat:
            return None
        return a

    def hidden_action_text(self, index: int, lang: str) -> str:
        return {"zh-hant": "扣牌", "zh-hans": "扣牌", "en": "puts a tile face down"}.get(lang, "D??")

    def view(self, seat: int | None) -> dict[str, Any]:
        game = self.game
        cfg = game.cfg
        over = self.to_move is None
        n = cfg.seats
        v: dict[str, Any] = {
            "game": game.name,
            "preset": game.rules.preset,
            "seat": seat,
            "seats": n,
            "dealer": 0,
            "to_act": self.to_move,
            "two_ends": cfg.two_ends,
            "hand": tg.expand(self.hands[seat]) if seat is not None else None,
            "hand_counts": [sum(h) for h in self.hands],
            "placed_counts": list(self.placed),
            "down": [list(self.down[s]) if (over or s == seat) else None for s in range(n)],
            "down_counts": [len(d) for d in self.down],
            "lines": [[list(t) for t in line] for line in self.lines],
            "ends": list(self.ends),
            "last_placer": self.last_placer,
            "history": [self.redact(i, seat) for i in range(len(self.history))],
            "deal": json_copy(self.deal) if over else {
                "hands": [list(h) if s == seat else None for s, h in enumerate(self.deal["hands"])],
                "aside": None,
            },
            "notes": {str(i): json_copy(nt) for i, nt in self.notes.items() if game.note_visible(self, nt, seat)},
            "result": json_copy(self.result),
        }
        v.update(common_view(self, seat))
        if over:
            v["hands_left"] = [tg.expand(h) for h in self.hands]
        return v

    def annotate(self, action: int, lang: str = "zh-hant") -> str:
        """A comment for a record: what the game noted about this action (頂牛: 算帳 / 死砸)."""
        other = self.clone()
        other.apply(action)
        note = other.notes.get(len(self.history))
        return note_text(note, lang) if note else ""

    def clone(self) -> DominoState:
        c = DominoState(self.game, self.deal, _clone=True)
        c.hands = [list(h) for h in self.hands]
        c.down = [list(d) for d in self.down]
        c.placed = list(self.placed)
        c.table = list(self.table)
        c.lines = [[list(t) for t in line] for line in self.lines]
        c.ends = list(self.ends)
        c.history = list(self.history)
        c.to_move = self.to_move
        c.last_placer = self.last_placer
        c.left = self.left
        c.notes = {i: dict(nt) for i, nt in self.notes.items()}
        c.flags = [set(f) for f in self.flags]
        c.result = self.result
        c.end_reason = self.end_reason
        return c


def note_text(note: dict[str, Any] | None, lang: str = "zh-hant") -> str:
    if not note:
        return ""
    texts = note.get("text", {})
    return texts.get(lang) or texts.get("en", "")
