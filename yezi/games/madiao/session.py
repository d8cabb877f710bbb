"""A Ma Diao session: seat draw, first banker, stakes, banker rotation and the 官堆 across hands.

[F] 坐次拍散: "先以牌分四聚，人拈其一，視大小為坐次（萬萬最尊，空文最卑）。然後再分再拈，以定樁首。
四人輪樁，周而復始，惟大活留樁，異賞奪樁。" Each hand is one `MaDiaoState` whose deal carries the
pool; the banker, the pool and the totals are the `yezi.core.match.Match` every front end plays
(the web's tables too); the session adds the seat draw, which maps players onto its positions.

Players are the indices of `bots_by_player` (arrival order); table positions 0..3 run in play
direction (counter-clockwise by default, option V23). Totals are per player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from yezi.components.madiao_deck import NUM_CARDS, money_order
from yezi.core.match import Match, bot_rng
from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.core.stats import mean_ci


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
    """A session at a table of bots or terminal players: the seat draw, then a `Match` (the one
    every front end plays: banker, pool, stakes and totals) whose positions the draw fills.

    The web seats its players where they sat down, so it plays the `Match` alone; here the seat
    draw ('視大小為坐次') decides which player sits at each position."""

    def __init__(self, game, seed: int):
        self.game = game
        self.match = Match(game, seed)
        self.table = seat_draw(game, random.Random(f"madiao-seats:{seed}"))
        self.results: list[HandResult] = []

    # the session as it reads in players (arrival order) rather than positions
    @property
    def banker_pos(self) -> int:
        return self.match.dealer

    @property
    def pool(self) -> Any:
        return self.match.carry.get("pool", 0)

    @property
    def totals(self) -> list[Any]:
        by_player = [0] * 4
        for pos, t in enumerate(self.match.totals):
            by_player[self.table[pos]] = t
        return by_player

    @property
    def hands(self) -> int:
        return self.match.finished

    @property
    def bank_changes(self) -> int:
        return self.match.dealer_changes

    def seat_players(self) -> list[int]:
        return [self.table[(self.banker_pos + s) % 4] for s in range(4)]

    def next_deal(self) -> dict[str, Any]:
        return self.match.next_deal().deal

    def finish_hand(self, state, keep_record: bool = False) -> HandResult:
        players = self.seat_players()
        st = state.settlement()
        transfers = state.payments()
        by_position = self.match.finish(state)  # pool flows included; the pool is carried
        by_player = [0, 0, 0, 0]
        tr_player = [0, 0, 0, 0]
        for s, p in enumerate(players):
            by_player[p] = by_position[self.table.index(p)]
            tr_player[p] = transfers[s]
        res = HandResult(
            number=self.hands, banker=players[0], seat_players=players, stake=state.stake,
            end_reason=state.end_reason, payments=by_player, transfers=tr_player, pool_before=state.pool_before,
            pool_after=st["pool_after"], next_banker=st["next_banker"],
            record=Record.from_state(state) if keep_record else None,
        )
        self.results.append(res)
        return res

    def over(self) -> bool:
        return self.match.over

    def close(self) -> SessionResult:
        final = self.match.final_totals()
        totals = [0] * 4
        for pos, t in enumerate(final):
            totals[self.table[pos]] = t
        left = self.match.left_over().get("pool", 0)
        split = bool(self.pool) and not left
        return SessionResult(totals=totals, hands=self.results, table=self.table, pool_left=left,
                             leftover_split=split)


def seat_draw(game, rng: random.Random) -> list[int]:
    """The player at each table position (option V2)."""
    players = list(range(4))
    mode = game.rules["seat_draw"]
    if mode == "random":
        rng.shuffle(players)
        return players
    order = draw_highest(rng)
    if mode == "choose":
        # the highest card chooses first; bots and the engine take the first seat, the rest are placed by lot
        rest = order[1:]
        rng.shuffle(rest)
        order = [order[0], *rest]
    return [players[i] for i in order]  # '視大小為坐次': the highest sits first, the rest in play direction


def play_session(game, bots_by_player, seed: int, keep_records: bool = False, max_hands: int | None = None):
    """Play a whole session with bots (one per player) and return the per-player totals."""
    sess = Session(game, seed)
    rng = bot_rng(seed)
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
        "per_player": [mean_ci(x) for x in per_player],
        "banker_per_hand": mean_ci(banker),
        "sanjia_per_hand": mean_ci(sanjia),
    }
