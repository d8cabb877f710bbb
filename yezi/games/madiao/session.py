"""A Ma Diao session: seat draw, first banker, stakes, banker rotation and the 官堆 across hands.

[F] 坐次拍散: "先以牌分四聚，人拈其一，視大小為坐次（萬萬最尊，空文最卑）。然後再分再拈，以定樁首。
四人輪樁，周而復始，惟大活留樁，異賞奪樁。" Each hand is one `MaDiaoState` whose deal carries the
pool; the session maps the hand's seats (0 = banker, in play direction) onto table positions.

Players are the indices of `bots_by_player` (arrival order); table positions 0..3 run in play
direction (counter-clockwise by default, option V23). Totals are per player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from yezi.components.madiao_deck import NUM_CARDS, money_order
from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.core.stats import mean_ci95


def draw_highest(rng: random.Random, n: int = 4) -> list[int]:
    """Each of n draws a card; returns the drawers ordered from the highest card (money order)."""
    cards = rng.sample(range(NUM_CARDS), n)
    return sorted(range(n), key=lambda i: money_order(cards[i]))


def draw_by_lot(game, rng: random.Random) -> int:
    """Who takes the bank at a 另拈樁, as a position 0..3 among the drawers (option V3)."""
    mode = game.rules["first_banker"]
    if mode == "highest-card":
        return draw_highest(rng)[0]
    if mode == "dice":
        return rng.randrange(4)
    return 1  # fixed-seat: a re-draw just passes the bank on


@dataclass
class HandResult:
    number: int
    banker: int  # player
    seat_players: list[int]  # player at each seat of the hand (seat 0 = banker)
    stake: int
    end_reason: str
    payments: list[Any]  # per player, pool flows included (State.net)
    transfers: list[Any]  # per player, seat to seat only (State.payments)
    pool_before: int
    pool_after: Any
    next_banker: tuple[str, int]
    record: Record | None = None


@dataclass
class SessionResult:
    totals: list[Any]
    hands: list[HandResult] = field(default_factory=list)
    table: list[int] = field(default_factory=list)  # player at each table position
    pool_left: Any = 0
    leftover_split: bool = False


class Session:
    """The state of a session between hands (seat order, banker, pool, running totals)."""

    def __init__(self, game, seed: int):
        self.game = game
        self.rng = random.Random(seed)
        r = game.rules
        players = list(range(4))
        if r["seat_draw"] == "random":
            self.rng.shuffle(players)
            table = players
        elif r["seat_draw"] == "choose":
            # the highest card chooses first; bots and the engine take the first seat, the rest
            # are placed by lot
            order = draw_highest(self.rng)
            rest = order[1:]
            self.rng.shuffle(rest)
            table = [players[i] for i in [order[0], *rest]]
        else:
            # '視大小為坐次': the highest card sits first, the rest follow in play direction.
            order = draw_highest(self.rng)
            table = [players[i] for i in order]
        self.table = table
        if r["first_banker"] == "fixed-seat":
            self.banker_pos = 0
        elif r["first_banker"] == "dice":
            self.banker_pos = self.rng.randrange(4)
        else:
            self.banker_pos = draw_highest(self.rng)[0]  # '再分再拈，以定樁首'
        self.pool: Any = 0
        self.totals: list[Any] = [0, 0, 0, 0]
        self.hands = 0
        self.bank_changes = 0
        self.results: list[HandResult] = []

    def seat_players(self) -> list[int]:
        return [self.table[(self.banker_pos + s) % 4] for s in range(4)]

    def next_deal(self) -> dict[str, Any]:
        return self.game.deal_from_seed(self.rng.randrange(2**63), pool=int(self.pool))

    def finish_hand(self, state, keep_record: bool = False) -> HandResult:
        players = self.seat_players()
        pays = state.net()  # pool flows included; the pool is carried below
        by_player = [0, 0, 0, 0]
        tr_player = [0, 0, 0, 0]
        for s, p in enumerate(pays):
            by_player[players[s]] = p
            tr_player[players[s]] = state.payments()[s]
            self.totals[players[s]] += p
        st = state.settlement()
        kind, seat = st["next_banker"]
        res = HandResult(
            number=self.hands + 1, banker=players[0], seat_players=players, stake=state.stake,
            end_reason=state.end_reason, payments=by_player, transfers=tr_player, pool_before=state.pool_before,
            pool_after=st["pool_after"], next_banker=(kind, seat),
            record=Record.from_state(state) if keep_record else None,
        )
        self.pool = st["pool_after"]
        self.hands += 1
        old = self.banker_pos
        if kind == "redraw":
            self.banker_pos = (draw_by_lot(self.game, self.rng)
                               if self.game.rules["first_banker"] != "fixed-seat" else (old + 1) % 4)
        else:
            self.banker_pos = (old + seat) % 4
        if self.banker_pos != old:
            self.bank_changes += 1
        self.results.append(res)
        return res

    def over(self) -> bool:
        r = self.game.rules
        n = r["session_length"]
        if self.hands >= 400 * n:
            return True
        if r["session_end"] == "rotations":
            return self.bank_changes >= 4 * n
        if r["session_end"] == "hands":
            return self.hands >= 4 * n
        limit = 25 * n * r["stake_min"]
        return any(t <= -limit for t in self.totals) or self.hands >= 400

    def close(self) -> SessionResult:
        split = self.game.rules["pool_leftover"] == "split" and self.pool
        if split:
            share = Fraction(self.pool) / 4
            for p in range(4):
                self.totals[p] += share
            left = 0
        else:
            left = self.pool
        totals = [int(t) if Fraction(t).denominator == 1 else Fraction(t) for t in self.totals]
        return SessionResult(totals=totals, hands=self.results, table=self.table, pool_left=left,
                             leftover_split=bool(split))


def play_session(game, bots_by_player, seed: int, keep_records: bool = False, max_hands: int | None = None):
    """Play a whole session with bots (one per player) and return the per-player totals."""
    sess = Session(game, seed)
    rng = random.Random(seed ^ 0x5EED)
    while not sess.over() and (max_hands is None or sess.hands < max_hands):
        deal = sess.next_deal()
        players = sess.seat_players()
        state = play_deal(game, [bots_by_player[p] for p in players], deal, rng)
        sess.finish_hand(state, keep_record=keep_records)
    return sess.close()


def simulate(game, bots_by_player, sessions: int, seed: int) -> dict[str, Any]:
    """Per-player session totals (pool included) and per-hand banker / 散家 seat-to-seat results
    (pool flows excluded: they even out over a session), with 95% intervals."""
    per_player: list[list[float]] = [[] for _ in range(4)]
    banker: list[float] = []
    sanjia: list[float] = []
    hands = 0
    rng = random.Random(seed)
    for _ in range(sessions):
        res = play_session(game, bots_by_player, rng.randrange(2**63))
        for p in range(4):
            per_player[p].append(float(res.totals[p]))
        for h in res.hands:
            hands += 1
            banker.append(float(h.transfers[h.banker]))
            sanjia.extend(float(h.transfers[p]) for p in range(4) if p != h.banker)
    return {
        "sessions": sessions,
        "hands": hands,
        "per_player": [mean_ci95(x) for x in per_player],
        "banker_per_hand": mean_ci95(banker),
        "sanjia_per_hand": mean_ci95(sanjia),
    }
