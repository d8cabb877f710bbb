"""Move timers: how long a seat may think, its time bank, and the away / bot-holds-the-seat cycle.

A table opened with a move timer gives the seat to act `move_s` seconds per decision plus what is
left of its time bank (`bank_s` per deal, refilled when a deal starts): time used beyond
`move_s` comes out of the bank. The model is Board Game Arena's "time per move + reflection time"
and lichess's correspondence clock: a quick player never touches the bank, a hard decision may
use it, and an absent player holds the table up at most `move_s + bank_s` once per deal.

When the deadline passes the server plays the heuristic bot's move for the seat and marks it
away; after `AWAY_LIMIT` timeouts in a row a bot holds the seat (no more waiting for it) until
the player says "I'm back". A move of the player's own clears the count.

This module is pure bookkeeping (no clock reads, no I/O): the table passes `now` in, persists
`to_json()` and re-arms from `from_json()` after a restart.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

MOVE_CHOICES = (0, 15, 30, 60)  # seconds per decision offered at table creation (0: no timer)
BANK_CHOICES = (0, 30, 60, 120)  # seconds of time bank per deal
DEFAULT_BANK = 60
AWAY_LIMIT = 3  # timeouts in a row after which a bot holds the seat

NEXT_DEAL = -1  # the `seq` of the wait between two deals of a match (no seat to act)

# turn-based tables (issue 23): days per move, and a reserve per seat for the whole match
DAY = 86_400
TURN_DAYS = (1, 3, 7)
RESERVE_DAYS = (0, 1, 3, 7, 14)
#: the longest wait between two deals: at a turn-based table a day's wait for the next deal would
#: be a day lost (the players see the settlement in the table's log and records)
NEXT_DEAL_MAX_S = 60
#: the `position` of a question put to several seats at once (`yezi.server.together`): one
#: deadline for all of them, and nothing shows who has answered
TOGETHER = -1


@dataclass
class SeatClock:
    bank: float  # seconds left in this deal's time bank
    timeouts: int = 0  # timeouts in a row
    held: bool = False  # a bot plays this seat until its player comes back

    @property
    def away(self) -> bool:
        return self.timeouts > 0 or self.held


@dataclass
class TurnClock:
    """The clock of one table: the decision being timed and each position's bank and away state."""

    move_s: float
    bank_s: float
    seats: list[SeatClock]
    key: tuple[int, int] | None = None  # (deal_no, seq) being timed; seq NEXT_DEAL: between deals
    position: int | None = None  # who must act (None: waiting for the next deal)
    started: float = 0.0
    deadline: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)  # room for later fields without a migration

    @classmethod
    def new(cls, move_s: float, bank_s: float, n: int) -> TurnClock:
        return cls(move_s, bank_s, [SeatClock(bank_s) for _ in range(n)])

    @property
    def running(self) -> bool:
        return self.key is not None

    @property
    def turn_based(self) -> bool:
        """Days per move rather than seconds: the table is played over days, its reserve lasts the
        whole match, and it never closes while its clock runs (`yezi.server.expiry`)."""
        return self.move_s >= DAY

    def start(self, key: tuple[int, int], position: int | None, now: float) -> None:
        """Time a new decision from `now`: the per-move time plus the seat's bank."""
        self.key, self.position, self.started = key, position, now
        if position is None:
            self.deadline = now + min(self.move_s, NEXT_DEAL_MAX_S)
        elif position == TOGETHER:
            self.deadline = now + self.move_s
        else:
            self.deadline = now + self.move_s + self.seats[position].bank

    def stop(self) -> None:
        self.key, self.position, self.started, self.deadline = None, None, 0.0, 0.0

    def new_deal(self) -> None:
        """A new deal refills the banks of a realtime table; a turn-based table's reserve is the
        match's (a week's reserve per deal would let one absent player hold a match for months)."""
        if self.turn_based:
            return
        for s in self.seats:
            s.bank = self.bank_s

    def moved(self, position: int, now: float) -> None:
        """The player at `position` acted on the decision being timed: charge the bank with the time
        over `move_s`, and the player is evidently here."""
        if self.key is not None and self.position == position:
            over = now - self.started - self.move_s
            if over > 0:
                self.seats[position].bank = max(0.0, self.seats[position].bank - over)
        self.seats[position].timeouts = 0

    def timed_out(self, position: int) -> None:
        """The deadline passed: the bank is spent, the seat is away, a bot holds it after AWAY_LIMIT."""
        s = self.seats[position]
        s.bank = 0.0
        s.timeouts += 1
        if s.timeouts >= AWAY_LIMIT:
            s.held = True

    def back(self, position: int) -> bool:
        """The player says "I'm back"; returns whether anything changed."""
        s = self.seats[position]
        changed = s.away
        s.timeouts, s.held = 0, False
        return changed

    def public(self, now: float) -> dict[str, Any]:
        """What every connection may see: a clock is public at a card table (a bank's use follows
        from how long a seat took, which everybody saw)."""
        out: dict[str, Any] = {
            "move": self.move_s, "bank": self.bank_s, "turn_based": self.turn_based,
            "banks": [round(s.bank, 1) for s in self.seats],
            "away": [s.away for s in self.seats], "held": [s.held for s in self.seats],
            "timeouts": [s.timeouts for s in self.seats],
        }
        if self.key is not None:
            left = max(0.0, self.deadline - now)
            together = self.position == TOGETHER
            bank = self.seats[self.position].bank if self.position is not None and not together else 0.0
            out |= {"position": None if together else self.position, "next_deal": self.key[1] == NEXT_DEAL,
                    "together": together,
                    "deadline": round(self.deadline, 3), "left_ms": int(left * 1000),
                    "bank_ms": int(min(bank, left) * 1000)}
        return out

    # ---- persistence ------------------------------------------------------------------------
    def to_json(self) -> str:
        d = asdict(self)
        d.pop("move_s"), d.pop("bank_s")  # the table's own columns
        return json.dumps(d, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None, move_s: float, bank_s: float, n: int) -> TurnClock:
        c = cls.new(move_s, bank_s, n)
        if not text:
            return c
        try:
            d = json.loads(text)
            seats = [SeatClock(float(s["bank"]), int(s["timeouts"]), bool(s["held"])) for s in d["seats"]]
            if len(seats) == n:
                c.seats = seats
            key = d.get("key")
            if key is not None:
                c.key, c.position = (int(key[0]), int(key[1])), d.get("position")
                c.started, c.deadline = float(d["started"]), float(d["deadline"])
        except (ValueError, KeyError, TypeError, IndexError):
            return cls.new(move_s, bank_s, n)  # a damaged clock restarts fresh rather than stall the table
        return c
