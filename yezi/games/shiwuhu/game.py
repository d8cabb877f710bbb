"""十五胡 (Shiwu Hu / Sap Ng Wu), the climbing game with the 84 十五湖 cards, on the protocol.

A **reconstruction** from one reader's comment on seed 003 (餓天九者) filled in from Tien Gow:
see docs/shiwuhu.md for every rule, its source, the variant ids and the open questions.

Cards are Tien Gow kinds (`yezi.components.tiengow`); each hand is a count vector of 21. Seat 0
is the banker (莊家), who leads the first trick; seats follow counter-clockwise. Action codes
are the fixed play table of `yezi.games.shiwuhu.plays` plus pass, declare and play on.

Every play and pass is public, so the history is public; the hands are the only hidden
information, and a pass (always voluntary) says nothing about a hand.
"""

from __future__ import annotations

import random
from typing import Any

from yezi.components import tiengow as tg
from yezi.core import branches
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.protocol import Game, State, common_view
from yezi.games.shiwuhu import plays as P
from yezi.games.shiwuhu.plays import ACTION_SPACE, DECLARE, GROUP, NEED, PASS, PLAY_ON, PLAYS, SIZE, ZA
from yezi.games.shiwuhu.views import ShiwuhuView
from yezi.i18n import LANGS, N_, NP_, Msg, PerLanguage, _c
from yezi.i18n.terms import name as cjk_name
from yezi.i18n.terms import register

K = tg.NUM_KINDS
TIERS = (15, 18, 21)

SEAT_NAMES: dict[int, dict[str, tuple[str, ...]]] = {
    4: {"zh-hant": ("莊家", "二家", "三家", "四家"), "zh-hans": ("庄家", "二家", "三家", "四家"),
        "en": ("Banker", "Second", "Third", "Fourth")},
    3: {"zh-hant": ("莊家", "二家", "三家"), "zh-hans": ("庄家", "二家", "三家"), "en": ("Banker", "Second", "Third")},
}

#: shown wherever the game is named: the rules are a reconstruction (docs/shiwuhu.md)
NOTICE_MSG = NP_("shiwuhu-game:notice", "Provisional rules reconstructed from a single reader's comment on The "
                                        "Suffocated's blog post 十五湖之釣魚 (2009), the rest taken from Tien Gow; "
                                        "some questions are still open.")
NOTICE = PerLanguage(lambda lang: _c(lang, "shiwuhu-game:notice", NOTICE_MSG))
#: the questions the reconstruction leaves open (docs/shiwuhu.md), each with the default the engine plays
QUESTIONS = (
    NP_("shiwuhu-game:q1", "climbing rounds (default) or one action each?"),
    NP_("shiwuhu-game:q2", "胡 = the winner's own cards (default) or the whole trick?"),
    NP_("shiwuhu-game:q3", "an equal play does not beat (default)?"),
    NP_("shiwuhu-game:q4", "may a player who passed come back in the trick (default yes)?"),
    NP_("shiwuhu-game:q5", "mixed military triples and fours beyond the 雜 pairs?"),
    NP_("shiwuhu-game:q6", "is 至尊 special (default no)?"),
    NP_("shiwuhu-game:q7", "four players (default) or three?"),
    NP_("shiwuhu-game:q8", "when may one declare (default: on taking the trick)?"),
    NP_("shiwuhu-game:q9", "cards run out, nobody declared: void (default)"),
    NP_("shiwuhu-game:q10", "who pays (default: every other player)?"),
    NP_("shiwuhu-game:q11", "must one beat when able (default no)?"),
    NP_("shiwuhu-game:q12", "next banker (default: the winner)?"),
)
OPEN_QUESTIONS = PerLanguage(lambda lang: tuple(_c(lang, f"shiwuhu-game:q{i + 1}", q) for i, q in enumerate(QUESTIONS)))


#: the example of a 文武 group's two military kinds (地八: 平八 and 彎八)
register("地八", "十五胡")  # 十五胡: the English title shows it beside "Shiwu Hu"
EXAMPLE_GROUP = {"zh-hant": "地八：平八與彎八", "zh-hans": "地八：平八与弯八",
                 "en": "Earth Eight 地八: Flat Eight 平八 and Bent Eight 彎八"}


class Shiwuhu(Game["ShiwuhuState"]):
    name = "shiwuhu"
    titles = {"zh-hant": "十五胡（重構）", "zh-hans": "十五胡（重构）",
              "en": "Shiwu Hu 十五胡 (a reconstruction)"}
    options_package = "yezi.games.shiwuhu"
    view_type = ShiwuhuView
    notice = NOTICE
    open_questions = OPEN_QUESTIONS

    def __init__(self, ruleset):
        super().__init__(ruleset)
        r = ruleset
        self.players: int = int(r["players"])
        self.hand_size = 84 // self.players
        self.climbing = r["trick_form"] == "climbing"
        self.stay_out = r["after_pass"] == "out"
        self.hu_own = r["hu_count"] == "own"
        self.void_on_empty = r["empty_lead"] == "void"
        self.winner_banks = r["next_banker"] == "winner"
        self.enabled = P.enabled(r)
        en = self.enabled
        #: per play, the enabled plays that beat it (same shape, better rank)
        self.beaters: tuple[tuple[int, ...], ...] = tuple(
            tuple(b for b in bs if en[b]) for bs in P.ALL_BEATERS)
        #: the same, with each beater's (kind, count) needs, for the follow loop
        self.beat_needs: tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...] = tuple(
            tuple((b, NEED[b]) for b in bs) for bs in self.beaters)
        #: per (group, c): the codes of (a, b) for a, b in 0..4
        self.group_codes = [[[[GROUP.get((g, c, a, b), -1) for b in range(5)] for a in range(5)] for c in range(5)]
                            for g in range(len(P.GROUPS))]
        self.za_by_rank: list[list[tuple[int, int, int]]] = [[] for _ in ZA]
        for p in PLAYS:
            if p.category == "za" and en[p.code]:
                r_ = next(i for i, (x, _y) in enumerate(ZA) if dict(p.cards).get(x))
                self.za_by_rank[r_].append((p.military[0], p.military[1], p.code))
        self.supreme = en[P.SUPREME]
        self.group_min = 1 if r["wenwu_military"] == "both" else 0
        self._action_text: dict[str, int] | None = None

    @classmethod
    def bots(cls):
        from yezi.games.shiwuhu.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    # ---- seats -----------------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return self.players

    def seat_name(self, seat: int, lang: str = "zh-hant") -> str:
        return SEAT_NAMES[self.players]["en" if lang == "ascii" else lang][seat]

    # ---- metadata --------------------------------------------------------------------------------
    def make_observer(self):
        from yezi.games.shiwuhu.observation import ShiwuhuObserver

        return ShiwuhuObserver(self)

    def seen_from_view(self, view):
        from yezi.games.shiwuhu.observation import seen_from_view

        return seen_from_view(self, view)

    def max_game_length(self) -> int:
        """Every play takes at least one of the 84 cards; after a play at most the other n − 1
        seats pass before someone plays again or the trick ends (a trick ends when the turn comes
        back to the last player, or to the leader in `once` form); 續打 raises a seat's threshold
        15 → 18 → 21 (at most twice a seat), and 宣告 ends the deal."""
        n = self.players
        return 84 * n + 2 * n + 1

    def payment_bounds(self) -> tuple[int, int]:
        """The declarer is paid 1, 2 or 3 units (15, 18, 21 胡 or more) by each other seat; a void
        deal pays nothing."""
        return -3, 3 * (self.players - 1)

    # ---- deals -----------------------------------------------------------------------------------
    def deal_from_seed(self, seed: int) -> dict[str, Any]:
        """Shuffle the 84 cards and deal them one at a time counter-clockwise from the banker."""
        cards = tg.card_deck()
        random.Random(seed).shuffle(cards)
        n = self.players
        return {"hands": [sorted(cards[s::n]) for s in range(n)]}

    def check_deal(self, deal: Any) -> None:
        try:
            hands = deal["hands"]
        except (KeyError, TypeError):
            raise NotationError("a 十五胡 deal is {'hands': [[kinds…], …]}") from None
        if not isinstance(hands, list) or len(hands) != self.players or any(
                not isinstance(h, list) or len(h) != self.hand_size for h in hands):
            raise NotationError(f"a 十五胡 deal needs {self.players} hands of {self.hand_size} cards")
        allc = [c for h in hands for c in h]
        if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < K for c in allc):
            raise NotationError("a card in a deal is a kind number 0..20")
        if tg.counts(allc) != [4] * K:
            raise NotationError("the deal does not hold exactly the 84 cards (four of each kind)")

    def new_state(self, deal: Any) -> ShiwuhuState:
        self.check_deal(deal)
        return ShiwuhuState(self, deal)

    def format_deal(self, deal: Any) -> str:
        return " | ".join(f"{self.seat_name(s)}: " + tg.format_kinds(h, "zh-hant") for s, h in enumerate(deal["hands"]))

    def parse_deal(self, text: str) -> dict[str, Any]:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != self.players:
            raise NotationError(f"a 十五胡 deal has {self.players} hands separated by '|'")
        hands = [sorted(tg.parse_kinds(p.split(":", 1)[1] if ":" in p else p)) for p in parts]
        deal = {"hands": hands}
        self.check_deal(deal)
        return deal

    # ---- actions ---------------------------------------------------------------------------------
    @property
    def action_space_size(self) -> int:
        return ACTION_SPACE

    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        return P.format_action(action, lang)

    def parse_action(self, text: str) -> int:
        return P.parse_action(text)

    def action_help(self, lang: str = "en") -> str:
        if lang not in LANGS:
            return ""
        return _c(lang, "shiwuhu-game:action-help",
                  "A play is its cards: 天 / Heaven / 66; 梅花×3 / Plum×3 / 55x3; 黑九+紅九 / 63+54; "
                  "地×2+平八+彎八×4 / 11x2+62+53x4 (or cards separated by spaces). Also 過 / pass, 宣告 / declare, "
                  "續打 / play on.")

    def leads(self, hand: list[int]) -> list[int]:
        """Every play a hand can lead (enabled plays it contains), in action-code order."""
        out = [k for k in range(K) if hand[k]]
        for k in range(K):
            n = hand[k]
            if n > 1:
                base = 21 + 3 * k  # SETS[k, 2]; SETS[k, n] = base + n - 2
                out.extend(range(base, base + n - 1))
        zr = self.za_by_rank
        for r, (x, y) in enumerate(ZA):
            hx, hy = hand[x], hand[y]
            if hx and hy:
                for a, b, code in zr[r]:
                    if a <= hx and b <= hy:
                        out.append(code)
        if self.supreme and hand[tg.BIG_SIX] and hand[tg.LITTLE_THREE]:
            branches.hit("shiwuhu.supreme-lead")
            out.append(P.SUPREME)
        lo = self.group_min
        for g, wg in enumerate(P.GROUPS):
            c_max = hand[wg.civil]
            if not c_max:
                continue
            x, y = wg.military
            a_max, b_max = hand[x], hand[y]
            if a_max < lo or b_max < lo or a_max + b_max == 0:
                continue
            codes = self.group_codes[g]
            for c in range(1, c_max + 1):
                cc = codes[c]
                for a in range(lo, a_max + 1):
                    row = cc[a]
                    out.extend(row[b] for b in range(lo if a else max(lo, 1), b_max + 1))
        return out

    def follows(self, hand: list[int], best: int) -> list[int]:
        """The plays of a hand that beat `best`, then pass (always allowed)."""
        out = []
        for b, need in self.beat_needs[best]:
            for k, n in need:
                if hand[k] < n:
                    break
            else:
                out.append(b)
        out.append(PASS)
        return out

    # ---- between deals ---------------------------------------------------------------------------
    def dealer_shift(self, state: State) -> int:
        w = state.winner  # type: ignore[attr-defined]
        if self.winner_banks and w is not None:
            return w
        return 1

    # ---- worlds consistent with a view -------------------------------------------------------------
    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """Deal the cards this seat has not seen at random to the other seats, in their current hand
        sizes, on top of the cards each has played (public). Passes are voluntary, so nothing else
        constrains the hidden hands."""
        seat = view["seat"]
        pool = [4] * K
        played = view["played"]
        for s in range(self.players):
            for k in range(K):
                pool[k] -= played[s][k]
        if seat is not None:
            for k in range(K):
                pool[k] -= view["hand"][k]
        rest = tg.expand(pool)
        rng.shuffle(rest)
        hands = []
        i = 0
        for s in range(self.players):
            if s == seat:
                cur = list(view["hand"])
            else:
                n = view["hand_sizes"][s]
                cur = tg.counts(rest[i:i + n])
                i += n
            hands.append(sorted(tg.expand([cur[k] + played[s][k] for k in range(K)])))
        return {"hands": hands}, list(view["history"])


class ShiwuhuState(State["Shiwuhu"]):
    def __init__(self, game: Shiwuhu, deal: Any):
        self.game = game
        self.deal = deal
        self.history: list[int] = []
        self.actors: list[int] = []
        n = game.players
        if deal is None:  # clone() fills in the rest
            return
        self.hands = [tg.counts(h) for h in deal["hands"]]
        self.sizes = [game.hand_size] * n
        self.played = [[0] * K for _ in range(n)]
        self.hu = [0] * n
        self.need = [TIERS[0]] * n
        self.turn: int | None = 0
        self.phase = "lead"
        self.leader = 0
        self.best = -1
        self.best_seat = -1
        self.out = 0  # bitmask of seats out of this trick (after_pass = out)
        self.trick: list[list[int]] = []  # [seat, action] of the trick in progress (or the last one)
        self.trick_cards = 0
        self.tricks = 0
        self.last_winner: int | None = None
        self.winner: int | None = None
        self.units = 0

    # ---- whose turn --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> list[int]:
        if self.turn is None:
            return []
        ph = self.phase
        if ph == "lead":
            return self.game.leads(self.hands[self.turn])
        if ph == "follow":
            return self.game.follows(self.hands[self.turn], self.best)
        s = self.turn
        if self.hu[s] >= TIERS[-1] or not any(self.sizes):
            branches.hit("shiwuhu.must-declare")
            return [DECLARE]
        return [DECLARE, PLAY_ON]

    def apply_unchecked(self, action: int) -> None:
        s = self.turn
        assert s is not None, "the deal is over"  # an action is applied only while someone is to act
        g = self.game
        self.history.append(action)
        self.actors.append(s)
        if action < PASS:
            hand = self.hands[s]
            pl = self.played[s]
            for k, n in NEED[action]:
                hand[k] -= n
                pl[k] += n
            size = SIZE[action]
            self.sizes[s] -= size
            self.trick_cards += size
            if self.phase == "lead":
                self.trick = [[s, action]]
                self.leader = s
                self.out = 0
                self.phase = "follow"
            else:
                self.trick.append([s, action])
            self.best = action
            self.best_seat = s
            self._next_follower(s)
        elif action == PASS:
            self.trick.append([s, PASS])
            if g.stay_out:
                branches.hit("shiwuhu.pass-out")
                self.out |= 1 << s
            self._next_follower(s)
        elif action == DECLARE:
            h = self.hu[s]
            self.winner = s
            self.units = 3 if h >= 21 else 2 if h >= 18 else 1
            branches.hit(f"shiwuhu.declare-{TIERS[self.units - 1]}")
            self.turn = None
            self.phase = "over"
        else:  # PLAY_ON
            self.need[s] = 18 if self.hu[s] < 18 else 21
            branches.hit(f"shiwuhu.play-on-{self.need[s]}")
            self._next_lead(s)

    def _next_follower(self, s: int) -> None:
        """The next seat to act in this trick, or the end of the trick."""
        g = self.game
        n = g.players
        stop = self.best_seat if g.climbing else self.leader
        sizes = self.sizes
        out = self.out
        t = s
        while True:
            t += 1
            if t == n:
                t = 0
            if t == stop:
                break
            if sizes[t] and not (out >> t) & 1:
                self.turn = t
                return
        self._end_trick()

    def _end_trick(self) -> None:
        w = self.best_seat
        self.hu[w] += SIZE[self.best] if self.game.hu_own else self.trick_cards
        self.trick_cards = 0
        self.tricks += 1
        self.last_winner = w
        self.best = -1
        if self.hu[w] >= self.need[w]:
            self.phase = "declare"
            self.turn = w
            return
        self._next_lead(w)

    def _next_lead(self, w: int) -> None:
        sizes = self.sizes
        n = self.game.players
        if not sizes[w] and self.game.void_on_empty:
            branches.hit("shiwuhu.void-on-empty-lead")
            self.turn = None
            self.phase = "over"
            return
        for i in range(n):
            t = (w + i) % n
            if sizes[t]:
                self.turn = t
                self.phase = "lead"
                return
        branches.hit("shiwuhu.cards-ran-out")
        self.turn = None  # the cards ran out: nobody declared, the deal is void
        self.phase = "over"

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        g = self.game
        options = [g.format_action(a, "en") for a in legal]

        def text(lang: str) -> str:
            return g.format_action(action, lang)

        def best(lang: str) -> str:
            return g.format_action(self.best, lang)

        def err(rule: str, msgid: str, **params: Any) -> IllegalAction:
            return IllegalAction(rule, Msg(msgid, **params), options)

        hu = cjk_name("胡", "胡", "points")
        if self.phase == "declare":
            assert self.turn is not None  # the seat that took the trick is to declare
            if action == PLAY_ON:
                return err("must-declare", N_("{n} {hu} with nothing higher to play for: declare"),
                           n=self.hu[self.turn], hu=hu)
            return err("declare-or-play-on", N_("you took the trick that reached your threshold: declare ({declare}) "
                                                "or play on ({play_on})"),
                       declare=cjk_name("宣告", "宣告", "declare"), play_on=cjk_name("續打", "续打", "play on"))
        if action in (DECLARE, PLAY_ON):
            return err("not-declaring-time", N_("declare or play on only on taking the trick that brings you to your "
                                                "threshold (15, then 18, then 21 {hu})"), hu=hu)
        if action == PASS:
            return err("leader-must-play", N_("the leader of a trick must play; only a follower passes"))
        assert self.turn is not None, "the deal is over"  # as self.hands[None] would have refused
        hand = self.hands[self.turn]
        mixed = cjk_name("文武", "文武", "civil-and-military")
        if not g.enabled[action]:
            p = PLAYS[action]
            if p.category == "group":
                return err("mixed-needs-both-military", N_("{what}: a {mixed} play must hold both military kinds of "
                                                           "its rank (e.g. {example})"),
                           what=text, mixed=mixed, example=EXAMPLE_GROUP)
            return err("not-a-play", N_("{what} is not a play under these rules"), what=text)
        if any(hand[k] < n for k, n in NEED[action]):
            return err("not-in-hand", N_("you do not hold {what}"), what=text)
        if self.phase == "follow":
            bp = PLAYS[self.best]
            p = PLAYS[action]
            if p.shape != bp.shape or bp.category == "supreme":
                if bp.category == "group":
                    return err("same-shape", N_("{what} cannot beat: to beat {best} play the same numbers of civil "
                                                "({civil}) and military ({military}) cards of a higher {mixed} "
                                                "group"), what=text, best=best, civil=bp.civil,
                               military=sum(bp.military), mixed=mixed)
                return err("same-shape", N_("{what} cannot beat: to beat {best} play the same number of cards of the "
                                            "same suit"), what=text, best=best)
            return err("not-higher", N_("{what} does not beat {best}: it must rank strictly higher (an equal play "
                                        "does not beat)"), what=text, best=best)
        return err("not-legal", N_("{what} is not legal now"), what=text)

    # ---- outcome -----------------------------------------------------------------------------------
    def payments(self) -> list[int]:
        n = self.game.players
        if self.winner is None:
            return [0] * n
        u = self.units
        out = [-u] * n
        out[self.winner] = u * (n - 1)
        return out

    # ---- information -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        v: dict[str, Any] = {
            "game": "shiwuhu",
            "players": g.players,
            "seat": seat,
            "to_act": self.turn,
            "phase": self.phase,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": list(self.sizes),
            "played": [list(p) for p in self.played],
            "hu": list(self.hu),
            "need": list(self.need),
            "leader": self.leader,
            "best": self.best,
            "best_seat": self.best_seat if self.best >= 0 else None,
            "trick": [list(e) for e in self.trick],
            "tricks": self.tricks,
            "last_winner": self.last_winner,
            "history": list(self.history),
        }
        v.update(common_view(self, seat))
        if self.turn is None:
            v["result"] = {"winner": self.winner, "units": self.units, "hu": list(self.hu),
                           "payments": self.payments(), "void": self.winner is None}
        return v

    def actor_of(self, index: int) -> int:
        return self.actors[index]

    def redact(self, index: int, seat: int | None) -> int | None:
        return self.history[index]  # every play and pass is public

    def clone(self) -> ShiwuhuState:
        s = ShiwuhuState(self.game, None)
        s.deal = self.deal
        s.history = list(self.history)
        s.actors = list(self.actors)
        s.hands = [list(h) for h in self.hands]
        s.sizes = list(self.sizes)
        s.played = [list(p) for p in self.played]
        s.hu = list(self.hu)
        s.need = list(self.need)
        s.turn = self.turn
        s.phase = self.phase
        s.leader = self.leader
        s.best = self.best
        s.best_seat = self.best_seat
        s.out = self.out
        s.trick = [list(e) for e in self.trick]
        s.trick_cards = self.trick_cards
        s.tricks = self.tricks
        s.last_winner = self.last_winner
        s.winner = self.winner
        s.units = self.units
        return s
