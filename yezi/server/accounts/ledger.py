"""A club's ledger: every finished match at its tables, each party's points, the running balance
since the last time the club settled up, and who owes whom in the fewest transfers.

Pure functions of the stored match results and notes (`yezi.server.accounts.clubs` reads them):
nothing here touches the database or a table. The amounts are the matches' own closing totals
(`LiveTable.totals`, the numbers the match-end bar shows), exact (ints and Fractions); the transfers
are `yezi.core.settleup.settle_up`'s, the one settle-up of yezi. No money is handled: these are
points a family may settle as it likes.

Parties: a seat a member held (linked to its user, `yezi_seat_users`) counts for that member; any
other seat (a bot, a guest) counts apart under its seat name and is never in a member's total; a
Ma Diao 官堆 carried at the end is the pool's, as at the match-end bar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from yezi.core.settleup import settle_up
from yezi.server.errors import json_num

POOL = "pool"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" | "bot"
    bot: str | None = None
    user: str | None = None  # the member who held it (None: a bot, a guest)


@dataclass(frozen=True)
class MatchResult:
    """One finished match at a club table, as `clubs.match_result` stores it."""

    table: str
    game: str
    at: float
    seats: tuple[Seat, ...]
    totals: tuple[Fraction, ...]
    pool: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "game": self.game, "at": self.at, "pool": json_num(self.pool),
                "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot, "user": s.user} for s in self.seats],
                "totals": [json_num(x) for x in self.totals]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> MatchResult:
        return MatchResult(d["table"], d["game"], float(d["at"]),
                           tuple(Seat(s["name"], s["kind"], s.get("bot"), s.get("user")) for s in d["seats"]),
                           tuple(Fraction(x) for x in d["totals"]), Fraction(d.get("pool") or 0))


@dataclass(frozen=True)
class Note:
    at: float
    text: str
    by: str  # the organiser's user id
    settled: bool = False


def party(seat: Seat, position: int) -> str:
    """The ledger's key for a seat's points: its member; a bot by its level and place ("bot:random:3");
    anyone else by the seat's place and name ("seat:2:Gus")."""
    if seat.user is not None:
        return "user:" + seat.user
    if seat.kind == "bot":
        return f"bot:{seat.bot or 'random'}:{position + 1}"
    return f"seat:{position + 1}:{seat.name}"


@dataclass
class Ledger:
    history: list[dict[str, Any]] = field(default_factory=list)  # matches and notes, oldest first
    balance: dict[str, Fraction] = field(default_factory=dict)  # party → points since the last settling
    all_time: dict[str, Fraction] = field(default_factory=dict)  # party → points over every match
    games: dict[str, int] = field(default_factory=dict)  # party → matches played
    settled_at: float | None = None  # the last note that settled the balance
    transfers: list[tuple[str, str, Fraction]] = field(default_factory=list)  # payer, payee, amount


def build(results: Sequence[MatchResult], notes: Sequence[Note]) -> Ledger:
    """The ledger of these matches and notes (in any order): history in time order, the balance
    since the last settling note, and the fewest transfers that settle it."""
    led = Ledger()
    events: list[tuple[float, int, MatchResult | Note]] = [(r.at, 0, r) for r in results]
    events += [(n.at, 1, n) for n in notes]  # a note made as a match ends is after it
    for _at, _k, ev in sorted(events, key=lambda e: (e[0], e[1])):
        if isinstance(ev, Note):
            if ev.settled:
                led.balance = {}
                led.settled_at = ev.at
            led.history.append({"kind": "note", "at": ev.at, "text": ev.text, "by": ev.by, "settled": ev.settled})
            continue
        keys = [party(s, i) for i, s in enumerate(ev.seats)]
        for k, x in zip(keys, ev.totals, strict=True):
            led.balance[k] = led.balance.get(k, Fraction(0)) + x
            led.all_time[k] = led.all_time.get(k, Fraction(0)) + x
            led.games[k] = led.games.get(k, 0) + 1
        if ev.pool:
            led.balance[POOL] = led.balance.get(POOL, Fraction(0)) + ev.pool
        led.history.append({"kind": "match", **ev.to_json(),
                            "parties": keys, "running": {k: json_num(led.balance[k]) for k in keys}})
    led.transfers = transfers(led.balance)
    return led


def transfers(balance: dict[str, Fraction]) -> list[tuple[str, str, Fraction]]:
    """Who owes whom: `settle_up` over the parties with a balance (in a stable order)."""
    keys = sorted(k for k, v in balance.items() if v)
    return [(keys[t.payer], keys[t.payee], Fraction(t.amount)) for t in settle_up([balance[k] for k in keys])]
