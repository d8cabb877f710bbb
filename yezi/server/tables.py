"""Tables at run time: the engine state of each table, its seats, its connections and its bots.

A table plays one `yezi.core.match.Match` among `n` players (physical positions 0..n-1), the
match `yezi play` and `play_match` play: N deals, or the game's own length (Luk Fu's rounds, a Ma
Diao session with its 官堆), its dealer rotation, what a deal hands on and its totals. In each
deal, seat s (0 = the dealer / lead seat) is held by player (dealer + s) mod n. The table's seed
is drawn by the server (a client never chooses its deals). Everything a table does goes through its lock, and every
change is first committed to the event log (`Store`), then applied, then acknowledged.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from yezi.bots import RandomBot, registry
from yezi.core.errors import IllegalAction, NotationError, OptionError, YeziError
from yezi.core.match import Match, MatchLength, bot_rng
from yezi.core.protocol import LANGS, Game, State
from yezi.core.record import Record
from yezi.core.registry import load_game, load_pinned
from yezi.core.seatlog import SeatLog
from yezi.core.settleup import settle_up
from yezi.i18n import NP_, _c
from yezi.server import accel, catalog, timers, together, wallclock
from yezi.server.accounts import ratings
from yezi.server.budget import TokenBucket
from yezi.server.clients import ANONYMOUS, CapacityClass, ClientLimits, address_groups
from yezi.server.clock import DAY, DEFAULT_BANK, TOGETHER, TURN_DAYS, TurnClock
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, Store, TableRow
from yezi.server.errors import TableError, json_num
from yezi.server.frames import FrameCache, dumps
from yezi.server.loops import Loop, Loops
from yezi.server.schemas import CreateTable, SeatSpec, validate
from yezi.server.workers import Thinker

log = logging.getLogger("yezi.server")

_NAME_BAD = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def clean_name(name: Any, fallback: str = "") -> str:
    """Player names are shown to others: strip control and direction characters, cap the length."""
    if not isinstance(name, str):
        return fallback
    name = _NAME_BAD.sub("", name).strip()[:24]
    return name or fallback


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Deal:
    no: int
    dealer: int
    seed: int
    deal: Any
    state: State


@dataclass(eq=False)
class Conn:
    """One WebSocket: a seat holder (`position`) or a spectator (None). Frames go through a queue
    so that a slow client never holds up the table."""

    position: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=512))
    # its messages' token bucket (`rate_burst` at once, `rate_per_s` refilled); None: not limited here
    # (an intent another instance forwards was counted where its client sent it)
    messages: TokenBucket | None = None
    closed: bool = False
    received: float = 0.0  # when the message being handled arrived (for the ack's server_ms)
    lang: str = "zh-hant"  # the language of the log lines in its frames
    close_code: int = 1008  # the code the writer closes the socket with
    client: str = "?"  # who holds it (`yezi.server.clients.client_key`): hints are charged to it

    def close(self, code: int = 1008) -> None:
        """Close after the frames already queued (the writer closes the socket with `code`)."""
        if self.closed:
            return
        self.close_code = code
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
        self.closed = True

    def send(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame (a dict, or one already encoded as JSON text)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a client that reads nothing: drop it rather than grow
            self.closed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)  # tells the writer to close the socket


#: the notice a table shows while the bots think at a cheaper level (every language: one frame serves all)
RATIONED = NP_("server-tables:rationed", "the server is busy: bots are playing at a cheaper level for now")


def rationed_notice() -> dict[str, str]:
    return {lang: _c(lang, "server-tables:rationed", RATIONED) for lang in LANGS}


class LiveTable:
    def __init__(self, row: TableRow, players: list[PlayerRow], game: Game, store: Store, settings: Settings,
                 thinker: Thinker | None = None, owner: str = "restored", loops: Loops | None = None):
        self.row = row
        self.id = row.id
        self.players = players
        self.game = game
        self.hinting: set[Any] = set()  # positions with a hint (and ("explain", position)) being worked out
        self.store = store
        self.settings = settings
        self.n = game.num_seats
        self.deals: list[Deal] = []
        self.match = Match(game, row.seed, match_length(row.num_deals))
        self.client_ids: set[str] = set()
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.rng = bot_rng(row.seed)  # the bots' stream of `yezi play` and `play_match` at this seed
        # position -> bot level; a random bot picks on the loop (no thinking), the others in a worker
        self.bots = {p.position: p.bot or "random" for p in players if p.kind == "bot"}
        self.thinker = thinker
        self.owner = owner  # the client that opened the table (its CPU budget pays for the bots)
        self.playing_as: dict[int, str] = {}  # bots rationed to a cheaper level just now
        self.bot_task: asyncio.Task | None = None
        self.loops = loops or Loops()  # the bot loop and the timer run supervised (`yezi.server.loops`)
        self.next_task: asyncio.Task | None = None
        self.frames_sent = 0
        self._logs: dict[tuple[int, int | None, str], SeatLog] = {}
        # for the idle sweeper (yezi.server.expiry): wall-clock time of the last move or deal, and
        # since when no seated person (all-bot tables: nobody at all) has been connected
        self.last_activity = row.created_at
        self.empty_since: float | None = time.time()
        self.frames = FrameCache(self)  # scale: encoded frames per audience, rebuilt on change
        # cluster (yezi.server.cluster): does this instance run the table (else it keeps a replica
        # and forwards intents to `owner_id`), and who hears of every change
        self.owned = True
        self.owner_id: str | None = None
        self.on_change: Any = None
        # "your move" at a turn-based table: (table, decision, position), from the move timer
        # (yezi.server.accounts.deliver.NoticeService.turn_started; set by TableManager)
        self.on_turn: Any = None
        self.remote_presence: dict[str, tuple[int, int, float]] = {}  # instance: (seat mask, watchers, until)
        # move timer (yezi.server.clock, run by yezi.server.timers): None at a table without one
        self.clock: TurnClock | None = None
        if row.move_seconds:
            scale = settings.timer_scale
            self.clock = TurnClock.from_json(row.clock, row.move_seconds * scale, row.bank_seconds * scale, self.n)
        self.clock_task: asyncio.Task | None = None
        # a question asked of several seats at once (yezi.server.together): position -> its answer, kept
        # here until every person asked has answered
        self.answers: dict[int, together.Answer] = {}
        self._stand_in: str | None = None
        self.clock_wake = asyncio.Event()
        # after the match: who asked for a rematch, and the new table once everyone has
        self.rematch: dict[str, Any] = rematch_of(row.rematch)
        # a rated table's rating family (`yezi.server.accounts.ratings`), None: not rated
        self.rated: str | None = None

    # ---- seats ----------------------------------------------------------------------------
    @property
    def current(self) -> Deal:
        return self.deals[-1]

    def seat_of(self, position: int) -> int:
        return (position - self.current.dealer) % self.n

    def position_of(self, seat: int) -> int:
        return (self.current.dealer + seat) % self.n

    def auth(self, token: str | None) -> int | None:
        """The position a token opens, or None (a spectator); a wrong token is refused."""
        if not token:
            return None
        h = hash_token(token)
        for p in self.players:
            if p.token_hash and hmac.compare_digest(p.token_hash, h):
                return p.position
        raise TableError("bad-token", "this seat link is not valid for this table")

    @property
    def playing(self) -> bool:
        return self.row.status == "playing"

    def refuse_if_archived(self) -> None:
        if self.row.status == "expired":
            raise TableError("expired", "this table was closed for inactivity; its finished deals can still be "
                             "downloaded and replayed")

    def note_presence(self, now: float | None = None) -> None:
        """Called when connections come and go: is anybody who matters here?"""
        humans = [p.position for p in self.players if p.kind == "human"]
        present = any(c.position is not None for c in self.conns) if humans else bool(self.conns)
        if not present and self.remote_presence:  # cluster: connections at other instances count too
            mono = time.monotonic()
            present = any((mask if humans else mask or watching) and until > mono
                          for mask, watching, until in self.remote_presence.values())
        if present:
            self.empty_since = None
        elif self.empty_since is None:
            self.empty_since = now if now is not None else time.time()

    @property
    def spec(self) -> tuple[str, str | None, dict[str, Any]]:
        """What a worker process needs to rebuild this table's game: (name, preset, options), the
        options being every option's value the table stored (so a worker's game is the table's, whatever
        today's defaults), or its overrides for a table stored without them."""
        return (self.row.game, self.row.preset, self.row.rules if self.row.rules is not None else self.row.options)

    @property
    def all_bots(self) -> bool:
        return all(p.kind == "bot" for p in self.players)

    @property
    def has_people(self) -> bool:
        return any(p.kind == "human" for p in self.players)

    @property
    def turn_based(self) -> bool:
        """Played over days (`TurnClock.turn_based`): never closed while its clock runs."""
        return self.clock is not None and self.clock.turn_based

    def held(self, position: int) -> bool:
        """Whether a bot holds this person's seat (three timeouts in a row, until "I'm back")."""
        return self.clock is not None and self.clock.seats[position].held

    @property
    def stand_in_level(self) -> str:
        """The bot that plays a timed-out or held seat: the game's heuristic player where it has one."""
        if self._stand_in is None:
            self._stand_in = "heuristic" if "heuristic" in catalog.bot_levels(self.row.game) else "random"
        return self._stand_in

    def may_act(self, seat: int) -> bool:
        """Whether the seat's holder is asked to act now (not while a bot holds the seat)."""
        st = self.current.state
        return st.current_player == seat and not self.held(self.position_of(seat))

    @property
    def deal_over(self) -> bool:
        return self.current.state.current_player is None

    @property
    def match_over(self) -> bool:
        return self.deal_over and self.match.over

    @property
    def totals(self) -> list[Any]:
        """The running totals per position; once the match is over, its closing totals (Ma Diao: the
        官堆 left over split, where the rules split it)."""
        return self.match.final_totals() if self.match_over else self.match.totals

    # ---- building -------------------------------------------------------------------------
    def start_deal(self, no: int, dealer: int, seed: int, deal: Any) -> Deal:
        self.match.adopt(no, dealer, seed, deal)
        d = Deal(no, dealer, seed, deal, self.game.new_state(deal))
        accel.attach(self.game, d.state, scope=self.id)
        self.deals.append(d)
        if d.state.current_player is None:  # over before anyone acts (斜釘 八掘): it pays all the same
            self._add_totals(d)
        return d

    def replay_event(self, deal_no: int, seq: int, action: int, client_id: str | None) -> None:
        d = self.deals[deal_no]
        if seq != len(d.state.history):
            raise YeziError(f"table {self.id}: event log gap at deal {deal_no} seq {seq}")
        d.state.apply(action)
        if client_id:
            self.client_ids.add(client_id)
        if d.state.current_player is None:
            self._add_totals(d)

    def apply_log(self, deals: list[tuple[int, int, int, Any]], events: list[tuple[int, int, int, int, str | None]]) -> None:
        """Stored deals and events, applied deal by deal as the match played them (a deal is begun
        only once the one before it is finished: the match books each in turn)."""
        by_deal: dict[int, list[tuple[int, int, str | None]]] = {}
        for deal_no, seq, _seat, action, cid in events:
            by_deal.setdefault(deal_no, []).append((seq, action, cid))
        for no in sorted(k for k in by_deal if k < len(self.deals)):
            for seq, action, cid in by_deal.pop(no):
                self.replay_event(no, seq, action, cid)
        for no, dealer, seed, deal in deals:
            self.start_deal(no, dealer, seed, deal)
            for seq, action, cid in by_deal.pop(no, ()):
                self.replay_event(no, seq, action, cid)
        if by_deal:
            raise YeziError(f"table {self.id}: events of deals {sorted(by_deal)} that were never dealt")

    def _add_totals(self, d: Deal) -> None:
        self.match.finish(d.state)

    # ---- frames ---------------------------------------------------------------------------
    def public_info(self) -> dict[str, Any]:
        connected = {c.position for c in self.conns if c.position is not None}
        spectators = sum(1 for c in self.conns if c.position is None)
        if self.remote_presence:  # cluster: the connections other instances have at this table
            now = time.monotonic()
            for mask, watching, until in self.remote_presence.values():
                if until > now:
                    connected.update(p for p in range(self.n) if mask >> p & 1)
                    spectators += watching
        return {
            "id": self.id, "game": self.row.game, "preset": self.row.preset, "options": self.row.options,
            "title": self.row.title, "num_deals": self.row.num_deals, "status": self.row.status,
            "match": self.match_info(),
            "hints": self.row.hints, "host": self.row.host_position,
            "titles": dict(self.game.titles),
            "players": [
                {"position": p.position, "kind": p.kind, "bot": p.bot, "name": p.name, "claimed": p.claimed,
                 "access": p.access if p.kind == "human" else None,
                 "connected": p.position in connected or p.kind == "bot"}
                | ({"playing_as": self.playing_as[p.position]} if p.position in self.playing_as else {})
                for p in self.players
            ],
            "spectators": spectators,
        } | ({"notice": rationed_notice()} if self.playing_as else {}) | ({"rated": True} if self.rated else {}) \
            | self._clock_info()

    def match_info(self) -> dict[str, Any]:
        """Where the match stands (its unit, count, deals played) and, once it is over, the
        settle-up: each position's total and who pays whom in the fewest transfers."""
        out = self.match.progress()
        if self.deals and self.match_over:
            totals = self.match.final_totals()
            left = self.match.left_over()
            owed = list(totals) + ([left["pool"]] if left.get("pool") else [])
            out["settle"] = {
                "totals": [json_num(t) for t in totals],
                "transfers": [[tr.payer, tr.payee, json_num(tr.amount)] for tr in settle_up(owed)],
                "pool": json_num(left.get("pool", 0)),  # a carried 官堆 is party n of the transfers
                "split": json_num(self.match.closing()[0]),  # each player's share of a 官堆 split at the close
            }
        return out

    def _clock_info(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.clock is not None:
            out["clock"] = self.clock.public(wallclock.now())
        if self.deals and self.match_over and self.has_people:
            out["rematch"] = {"accepted": sorted(self.rematch["accepted"]), "wanted": self.rematch_wanted(),
                              "table": self.rematch["table"]}
        return out

    def rematch_wanted(self) -> list[int]:
        """The seats whose players must accept a rematch: every person who sat down (bots accept)."""
        return [p.position for p in self.players if p.kind == "human" and p.claimed]

    def frame_for(self, position: int | None, lang: str | None = None) -> dict[str, Any]:
        """The state frame for one connection (None: a spectator) as it is now, decoded: built from
        `view(seat)` only, by the one frame builder (`yezi.server.frames.FrameCache`); without
        `lang`, the log in every language. For tests and tools: it builds afresh (the cache is
        invalidated first), where connections get the kept text of `frame_text`."""
        self.frames.invalidate()
        return json.loads(self.frame_text(position, lang or ""))

    def seat_log(self, st: State, seat: int | None, lang: str) -> SeatLog:
        """The seat's log of this deal in `lang`, kept and extended as the deal goes on
        (`yezi.core.seatlog.SeatLog`): live frames show what a restart would."""
        key = (id(st), seat, lang)  # the log holds its state: the id is not reused while it is kept
        log = self._logs.get(key)
        if log is None:
            if len(self._logs) > 64:  # only the current deal's logs are worth keeping
                self._logs = {k: v for k, v in self._logs.items() if k[0] == id(st)}
            log = self._logs[key] = SeatLog(st, seat, lang, dumps)
        return log

    def log_lines(self, st: State, seat: int | None, lang: str) -> list[str]:
        """`st.log_for(seat, lang)`, from the kept `seat_log`."""
        return list(self.seat_log(st, seat, lang).update())

    def frame_text(self, position: int | None, lang: str) -> str:
        """`frame_for` as JSON text, encoded once per table change and audience (`FrameCache`)."""
        return self.frames.text(position, lang)

    def send_to_seat(self, position: int) -> None:
        """The new state to this seat's connections only: a change nobody else may see yet (an answer
        kept until every seat asked has answered)."""
        self.frames.invalidate()
        for c in list(self.conns):
            if c.position == position:
                c.send(self.frames.text(c.position, c.lang))
                self.frames_sent += 1

    def broadcast(self) -> None:
        """Send the new state to every connection; called after every change of the table."""
        self.frames.invalidate()
        for c in list(self.conns):
            c.send(self.frames.text(c.position, c.lang))
            self.frames_sent += 1
        if self.on_change is not None:  # cluster: the other instances' clients hear of it too
            self.on_change(self)

    # ---- actions --------------------------------------------------------------------------
    def check_action(self, position: int | None, msg: dict[str, Any]) -> tuple[int, str | None]:
        """Validate an action message; raises TableError and changes nothing when it is bad."""
        if position is None:
            raise TableError("spectator", "spectators cannot act; open a seat link to play")
        self.refuse_if_archived()
        st = self.current.state
        if st.current_player is None:
            raise TableError("deal-over", "this deal is over")
        seat = self.seat_of(position)
        ask = together.asked(self)
        if st.current_player != seat and position not in ask:
            raise TableError("not-your-turn", f"it is {self.game.seat_name(st.current_player, 'en')}'s turn, "
                             f"not yours ({self.game.seat_name(seat, 'en')})")
        cid = msg.get("id")
        if cid is not None:
            if not isinstance(cid, str) or not 1 <= len(cid) <= 64:
                raise TableError("bad-id", "an action id is a string of 1 to 64 characters")
            if cid in self.client_ids or any(x.cid == cid for x in self.answers.values()):
                raise TableError("duplicate-id", f"action id {cid!r} was already used; nothing was done")
        if self.held(position):
            raise TableError("seat-held", "a bot holds your seat after three timeouts; press \"I'm back\" to "
                             "take it again")
        if position in self.answers:
            raise TableError("answered", "you have answered this question; every answer is shown when all the "
                             "players have answered")
        timed_as = {position, TOGETHER} if position in ask else {position}
        c = self.clock
        if c is not None and c.position in timed_as and wallclock.now() > c.deadline:
            raise TableError("time-out", "your time for this move has run out; the server plays for you")
        if "seq" in msg and msg["seq"] != len(st.history):
            raise TableError("stale", f"this action was meant for move {msg['seq']}, the table is at move "
                             f"{len(st.history)}")
        a = msg.get("action")
        if isinstance(a, bool) or not isinstance(a, int | str):
            raise TableError("bad-action", "`action` must be an action code (int) or its notation (string)")
        if isinstance(a, str):
            if len(a) > 64:
                raise TableError("bad-action", "action text too long")
            try:
                a = self.game.parse_action(a)
            except NotationError as e:
                raise TableError("bad-action", str(e)) from None
        if not 0 <= a < self.game.action_space_size:
            raise TableError("bad-action", f"{a} is not an action code of {self.game.name}")
        if position in ask and st.current_player != seat:  # answered ahead of its turn: from its own hand
            if a not in ask[position]:
                raise TableError("illegal", "that is not an answer to this question (it is asked of every player "
                                 "at once)")
            return a, cid
        legal = st.legal_actions()
        if a not in legal:
            why: IllegalAction = st.explain_illegal(a, legal)
            raise TableError("illegal", why.message, rule=why.rule, messages={lg: why.text(lg) for lg in LANGS})
        return a, cid

    async def act(self, position: int, action: int, cid: str | None) -> None:
        """A person's checked action (the caller holds the lock): applied, or kept as their answer to a
        question asked of several seats at once (`yezi.server.together`) until everyone has answered."""
        if position in together.asked(self):
            await together.answer(self, position, action, cid)
            await timers.sync(self, force=True)  # the answers are kept with the stored clock
        else:
            await self.commit_action(position, action, cid)

    async def commit_action(self, position: int, action: int, cid: str | None, auto: bool = False) -> None:
        """Store, then apply. The caller holds the lock and has validated the action. `auto`: a
        bot's move (a bot seat, or a person's seat timed out or held), not the person's own."""
        d = self.current
        seat = self.seat_of(position)
        await self.store.store_event(self.id, d.no, len(d.state.history), seat, action, cid)
        d.state.apply_unchecked(action)
        self._active(auto)
        if self.clock is not None and not auto and self.players[position].kind == "human":
            self.clock.moved(position, wallclock.now())
        if cid:
            self.client_ids.add(cid)
        if d.state.current_player is None:
            self._add_totals(d)
            await self.rate()
            await self._finish_if_over()
        await timers.sync(self, force=self.clock is not None)

    async def rate(self) -> None:
        """At a rated table, a deal just finished: it moves its players' ratings, with any finished
        deal not rated yet (`ratings.catch_up`: once each, keyed by table and deal). A failure is
        logged, not the move's: the deal is rated at the next deal's end or when the table is loaded."""
        if self.rated is None or not self.owned:
            return
        try:
            await self.store.run(ratings.catch_up, self.store.engine, self)
        except Exception:
            log.exception("rated table %s: a finished deal could not be rated now", self.id)

    async def _finish_if_over(self) -> None:
        if self.match_over and self.row.status != "finished":
            self.row.status = "finished"
            await self.store.run(self.store.set_status, self.id, "finished")

    def _active(self, auto: bool) -> None:
        """Something happened (the idle clock of `yezi.server.expiry` starts again), unless it was
        done for nobody: at a table with people, a bot's move, a timed-out seat's or a deal the timer
        started keep it no longer (issue 26: one seat connection, the timer playing, kept it for ever)."""
        if not auto or self.all_bots:
            self.last_activity = time.time()

    async def next_deal(self, auto: bool = False) -> None:
        """Deal the match's next deal; `auto`: the timer or the bots deal it, not a person."""
        self.refuse_if_archived()
        if not self.deal_over:
            raise TableError("deal-not-over", "the deal is still being played")
        if self.match_over:
            raise TableError("match-over", "the match is over")
        no, dealer, seed, deal = self.match.draw()  # the match's next deal: its dealer, what it carries
        await self.store.run(self.store.add_deal, self.id, no, dealer, seed, deal)
        self.start_deal(no, dealer, seed, deal)
        self._active(auto)
        if self.deal_over:  # over before anyone acts: it is rated all the same
            await self.rate()
        await self._finish_if_over()  # a last deal can be over at once
        if self.clock is not None:
            self.clock.new_deal()  # every seat's bank is full again
        await timers.sync(self, force=True)

    # ---- records --------------------------------------------------------------------------
    def record(self, deal_no: int) -> Record:
        if not 0 <= deal_no < len(self.deals):
            raise TableError("no-deal", f"this table has no deal {deal_no}")
        d = self.deals[deal_no]
        if d.state.current_player is not None:
            raise TableError("deal-not-over", "a record can be downloaded once the deal is over")
        names = [self.players[(d.dealer + s) % self.n].name or f"P{(d.dealer + s) % self.n + 1}"
                 for s in range(self.n)]
        tags = {"Table": self.id, "Round": str(d.no + 1), "Players": ", ".join(names)}
        return Record.from_state(d.state, seed=d.seed, tags=tags)

    # ---- bots -----------------------------------------------------------------------------
    def kick(self) -> None:
        """Start the bot loop if a bot is to act (or an all-bot table waits for its next deal), and
        the move timer's task at a timed table."""
        if not self.owned:  # a replica: its owner runs the bots and the clock
            return
        if self.clock is not None and self.playing and (self.clock_task is None or self.clock_task.done()):
            self.clock_task = self.loops.start(f"move timer of table {self.id}", lambda lp: timers.run(self, lp),
                                               kind="timer")
        held = self.clock is not None and any(s.held for s in self.clock.seats)
        if not self.bots and not held:  # people only: no loop to start
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = self.loops.start(f"bot loop of table {self.id}", self._bot_loop, kind="bots")

    def _bot_to_act(self) -> int | None:
        st = self.current.state
        if st.current_player is None:
            return None
        pos = self.position_of(st.current_player)
        return pos if pos in self.bots or self.held(pos) else None

    async def bot_choice(self, pos: int, view: dict[str, Any], legal: list[int], level: str | None = None) -> int:
        """The move of the bot at `pos` (or of bot `level` standing in for a person): a random bot
        picks here (no thinking); a forced move needs none; the others think in a worker process
        (`Thinker`), never on the event loop."""
        level = level or self.bots.get(pos) or self.stand_in_level
        if level == "random" or len(legal) == 1 or self.thinker is None:
            return RandomBot().choose(self.game, view, legal, self.rng)
        seed = self.rng.getrandbits(64)
        try:
            action, played = await self.thinker.bot_move(self.id, self.owner, not self.all_bots, self.spec, level,
                                                         view, legal, seed)
        except Exception:  # a worker failed: play on rather than stall the table
            log.exception("bot %s of table %s could not think; it plays a random move", pos, self.id)
            return legal[self.rng.randrange(len(legal))]
        if played != level:
            self.playing_as[pos] = played
        else:
            self.playing_as.pop(pos, None)
        return action

    async def _bot_loop(self, loop: Loop) -> None:
        """Play the bots' moves (and deal an all-bot table's next deal) until a person is to act.
        Run supervised (`yezi.server.loops.supervise`): a failure (the database out of reach, a
        worker gone) is retried after a growing wait, from the table as it is then, so the table
        never stays stuck on a bot's turn."""
        if loop.retrying:  # a step that failed after changing the table (a clock not stored): show where it is
            async with self.lock:
                self.broadcast()
        while True:
            async with self.lock:
                pos = self._bot_to_act() if self.playing else None
                if pos is None and not self.playing:
                    return
                if pos is None:
                    if self.deal_over and not self.match_over and self.all_bots:
                        wait_next = True
                    else:
                        return
                else:
                    wait_next = False
                    st = self.current.state
                    seat = st.current_player
                    view = st.view(seat)
                    legal = st.legal_actions()
                    seq = len(st.history)
                    deal_no = self.current.no
            if wait_next:
                await asyncio.sleep(self.settings.next_deal_delay)
                async with self.lock:
                    if self.deal_over and not self.match_over:
                        await self.next_deal(auto=True)
                        self.broadcast()
                loop.ok()
                continue
            # the bot's pace is bot_delay, thinking included: a forced move (found at once) and
            # a real choice (worked out in a worker) are played after the same time
            t0 = time.monotonic()
            action = await self.bot_choice(pos, view, legal)
            await asyncio.sleep(max(0.0, self.settings.bot_delay - (time.monotonic() - t0)))  # always yields
            async with self.lock:
                st = self.current.state
                if not self.playing:
                    return
                if self.current.no != deal_no or len(st.history) != seq or self._bot_to_act() != pos:
                    continue  # the table moved on, or the person took the seat back
                if action not in legal:
                    log.error("bot %s chose illegal %r at table %s", pos, action, self.id)
                    action = legal[0]
                await self.commit_action(pos, action, None, auto=True)
                if self.answers:  # the people's answers that waited for this bot
                    await together.apply_when_all_answered(self)
                    await timers.sync(self, force=True)
                self.broadcast()
            loop.ok()


#: how many times its length of newest tables the lobby looks through (`TableManager.lobby`)
LOBBY_SCAN = 4


class TableManager:
    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        # where a new table's seed comes from: the system's randomness, or a test's fixed stream
        # per game (`deal_seeds`), so that one game's tables meet the same deals whichever others ran
        self._seeds: dict[str, random.Random] = {}
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.limits = ClientLimits(settings)
        self.thinker = Thinker(settings)
        self.loops = Loops()  # every background loop's state (GET /api/health)
        self.cluster: Any = None  # yezi.server.cluster.Cluster when instances share the database
        self.on_turn: Any = None  # every table's `LiveTable.on_turn` (the app sets it)
        #: (user ids, kind, payload, dedup) -> None: a notice made in the background (the app sets
        #: `NoticeService.send_later`; None in a bare manager, where nobody is told)
        self.on_notice: Any = None

    def tell(self, user_ids: list[str], kind: str, payload: dict[str, Any], dedup: str) -> None:
        """Notify accounts (a club's members, a tournament's players) where the app listens."""
        if self.on_notice is not None and user_ids:
            self.on_notice(user_ids, kind, payload, dedup)

    def close(self) -> None:
        """Stop every table's tasks and the worker processes."""
        for t in self.live.values():
            for task in (t.bot_task, t.next_task, t.clock_task):
                if task is not None:
                    task.cancel()
        self.thinker.close()

    async def restore_active(self) -> int:
        """After a restart: rebuild every unfinished table from its log and set its bots going."""
        ids = self.store.active_table_ids()
        for tid in ids:
            try:
                t = await self.get(tid)
            except Exception:
                log.exception("could not restore table %s", tid)
                continue
            if t is not None:
                t.kick()
        return len(ids)

    def is_loading(self, table_id: str) -> bool:
        """Whether `get` is rebuilding this table from its log right now (the cluster then answers a
        forwarded intent with `loading`, not `moved`)."""
        return table_id in self._loading

    async def get(self, table_id: str) -> LiveTable | None:
        t = self.live.get(table_id)
        if t is not None:
            return t
        if not isinstance(table_id, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,32}", table_id):
            return None
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                t = self.live.get(table_id)
                if t is None:
                    # off the loop: a long match is thousands of moves replayed through the
                    # validating engine (a 32-deal table took tens of ms, every table waiting)
                    t = await asyncio.to_thread(self._load, table_id)
                    if t is not None:
                        if self.cluster is not None:  # own it, or follow its owner
                            t = await self.cluster.adopt(t)
                        try:
                            if t.clock is not None and t.owned:  # the re-armed clock, as `timers.restore` set it
                                await self.store.run(self.store.set_clock, t.id, t.clock.to_json())
                        except Exception:
                            if self.cluster is not None and self.live.get(table_id) is not t:
                                await self.cluster.disown(t)  # not run here: its lease goes back
                            raise
                        self.live[table_id] = t
        finally:
            self._loading.pop(table_id, None)
        return t

    def _load(self, table_id: str) -> LiveTable | None:
        row = self.store.table(table_id)
        if row is None:
            return None
        game = game_of(row)
        t = LiveTable(row, self.store.players(table_id), game, self.store, self.settings, self.thinker,
                      loops=self.loops)
        t.on_turn = self.on_turn
        t.apply_log(self.store.deals(table_id), self.store.events(table_id))
        t.rated = ratings.rated_family(self.store.engine, table_id)
        if t.rated is not None:  # deals finished but not rated (a restart between): rated now, once
            try:
                ratings.catch_up(self.store.engine, t)
            except Exception:
                log.exception("rated table %s: its unrated deals could not be rated now", table_id)
        if t.playing:
            t.last_activity = self.store.last_activity(table_id)
            together.restore(t)  # answers to a question asked of several seats at once, kept with the clock
            timers.restore(t, wallclock.now())  # a running timer keeps its deadline (kick starts its task)
        return t

    def rate_ok(self, client: str, per_minute: float | None = None) -> bool:
        """At most `per_minute` (default `create_per_minute`) requests a minute under this key (see ClientLimits)."""
        return self.limits.rate_ok(client, per_minute)

    def lobby(self, limit: int = 200) -> list[dict[str, Any]]:
        """Tables that wait for players: listed, playing, with a free seat open to anyone. A seat
        kept for an invited friend is never offered, and an archived table never shown. At most
        `lobby_per_client` tables of one client (`group_share` times that of its network) are
        listed: issue 26 found 10 addresses filling its 200 places. The newest `limit` times
        `LOBBY_SCAN` tables are looked at, so that a flood of new ones hides no older table."""
        out = []
        shown: dict[str, int] = {}
        per, share = self.settings.lobby_per_client, self.settings.group_share
        for row in self.store.list_tables(status="playing", limit=limit * LOBBY_SCAN, open_seat_only=True):
            if len(out) >= limit:
                break
            t = self.live.get(row.id)
            scopes: list[tuple[str, int]] = []
            if t is not None:
                if not t.playing:
                    continue
                groups = address_groups(t.owner)  # none for a table restored after a restart: its owner is unknown
                scopes = [(t.owner, per)] + [(g, per * share) for g in groups] if groups else []
                if any(shown.get(k, 0) >= cap for k, cap in scopes):
                    continue
                players = t.public_info()["players"]
            else:
                players = [{"position": p.position, "kind": p.kind, "bot": p.bot, "name": p.name,
                            "claimed": p.claimed, "access": p.access if p.kind == "human" else None}
                           for p in self.store.players(row.id)]
            if not any(p["kind"] == "human" and not p["claimed"] and p["access"] == "open" for p in players):
                continue
            for k, _cap in scopes:
                shown[k] = shown.get(k, 0) + 1
            out.append({"id": row.id, "game": row.game, "preset": row.preset, "title": row.title,
                        "num_deals": row.num_deals, "created_at": row.created_at, "players": players,
                        "deal_no": t.current.no if t else None})
        return out

    def bot_tables(self, owner: str | None = None) -> int:
        """All-bot tables being played (by `owner`'s, or all)."""
        return sum(1 for t in self.live.values()
                   if t.all_bots and t.row.status == "playing" and (owner is None or t.owner == owner))

    def _seed_stream(self, game: str) -> random.Random:
        if self.settings.deal_seeds is None:
            return random.SystemRandom()
        return self._seeds.setdefault(game, random.Random(f"{self.settings.deal_seeds}/{game}"))

    async def create(self, spec: CreateTable | dict[str, Any], owner: str = "?", seated: dict[int, str] | None = None,
                     capacity: CapacityClass = ANONYMOUS, seed: int | None = None,
                     members_sit: bool = False) -> tuple[LiveTable, dict[int, str]]:
        """Create a table from a lobby request; returns it and the seat tokens (shown once): the
        host's seat and every invitation seat. An open seat has no token until someone claims it.
        `owner` is the client asking (`yezi.server.clients.client_key`): its CPU budget pays for the
        table's bots, and it may keep only a few all-bot tables going. `seated` (a rematch): human
        seats already taken, position -> name, with no credential until their players collect one
        (`yezi.server.rematch.collect`); no token for them is returned. `capacity`: the asker's class
        (anonymous clients leave the share reserved for signed-in players). `members_sit` (a club's
        standing table): nobody holds a seat yet, and its person seats are invitation seats only the
        club's signed-in members take (`yezi.server.accounts.clubs.take_seat`), so a rated one needs
        no host seat. The request's shape is
        checked by its schema (`yezi.server.schemas.CreateTable`) and only there: a plain dict (a
        rematch's `table_spec`) goes through the same model; what is left here depends on the game
        and the server (the game's seat count, its bot levels, the server's caps). The database is
        asked and written off the event loop: at a crowd's creations a count of the open tables on
        the loop held every table's moves."""
        req = spec if isinstance(spec, CreateTable) else validate(CreateTable, spec)
        name = req.game
        if name not in catalog.playable_games():
            raise TableError("bad-game", f"unknown or unavailable game {name!r}; games: "
                             + ", ".join(catalog.playable_games()))
        try:
            game = load_game(name, req.preset or None, req.options or {})
        except (OptionError, YeziError) as e:
            raise TableError("bad-options", str(e)) from None
        n = game.num_seats
        seats = req.seats
        if seats is None:
            seats = [SeatSpec.model_validate({"kind": "human"})] + [SeatSpec.model_validate({"kind": "bot", "bot": "random"})] * (n - 1)
        if len(seats) != n:
            raise TableError("bad-seats", f"{name} under this ruleset has {n} players: give {n} seats")
        num_deals = req.num_deals
        if num_deals > self.settings.max_deals:
            raise TableError("bad-deals", f"num_deals must be 1..{self.settings.max_deals}")
        if req.match == "own":
            num_deals = OWN_MATCH
        if await self.store.run(self.store.count_open) >= capacity.open_tables(self.settings):
            raise TableError("full", "the server has too many open tables; try later")
        levels = catalog.bot_levels(name)
        players: list[PlayerRow] = []
        tokens: dict[int, str] = {}
        host_name = clean_name(req.name, "")
        host = req.host_seat
        for pos, s in enumerate(seats):
            if s.kind == "bot":
                level = s.bot or "random"
                if level not in levels:
                    raise TableError("bad-seats", f"unknown bot level {level!r}; levels: " + ", ".join(levels))
                registered = registry.get_level(level)
                if registered is not None and not registered.plays(game):
                    raise TableError("bad-seats", f"the {level} bot was not trained for these rules; "
                                                  "choose another bot for this seat")
                players.append(PlayerRow(pos, "bot", level, f"{level} bot {pos + 1}", None, True))
            else:
                access = s.access or "invite"
                if host is None and "host_seat" not in req.model_fields_set:
                    host = pos  # the first human seat is the creator's, unless host_seat says otherwise
                if access == "invite" or pos == host:
                    tok = new_token()
                    tokens[pos] = tok
                    players.append(PlayerRow(pos, "human", None, "", hash_token(tok), False, access))
                else:
                    players.append(PlayerRow(pos, "human", None, "", None, False, access))
        if all(p.kind == "bot" for p in players):  # it plays by itself: only a few of them at once
            if self.bot_tables(owner) >= self.settings.bot_tables_per_client:
                raise TableError("too-many-bot-tables", f"you already have {self.settings.bot_tables_per_client} "
                                 "tables with only bots playing; wait until one is over")
            if self.bot_tables() >= self.settings.max_bot_tables:
                raise TableError("too-many-bot-tables", "the server already has as many tables with only bots "
                                 "as it plays at once; try later")
        if host is not None:
            if host not in tokens:
                raise TableError("bad-seats", "host_seat must be a human seat")
            players[host].claimed = True
            players[host].name = host_name  # "" shows as "Player N" in the reader's language
        # a quick match's table (`yezi.server.quick`) has no host: each of its people is `seated`
        sitter = host if host is not None else next(iter(seated or {}), None)
        fam = self._rated_family(game, sitter, players, members_sit) if req.rated else None
        hints = req.hints and fam is None  # a rated table gives no hints: the search bot's advice is no one's play
        title = clean_name(req.title, "")[:80]
        move_s, bank_s = pace_seconds(req)
        if move_s >= DAY and all(p.kind == "bot" for p in players):
            raise TableError("bad-pace", "a turn-based table is for people: give it a human seat")
        for pos, nm in (seated or {}).items():
            if players[pos].kind == "human":  # no credential yet: the first one its player collects (rematch)
                players[pos].claimed, players[pos].name, players[pos].token_hash = True, nm, None
                tokens.pop(pos, None)
        if seed is None:  # (a duplicate tournament's round gives every table its one seed: the same deals)
            seed = self._seed_stream(name).randrange(2**62)
        tid = self.settings.route.new_table_id()  # its clients are routed here (yezi.server.routing)
        row = TableRow(tid, name, game.rules.preset, {k: _plain(v) for k, v in game.rules.overrides.items()},
                       num_deals, seed, title, req.listed, "playing", time.time(), hints, host,
                       move_s, bank_s, rules={k: _plain(v) for k, v in game.rules.values.items()})
        match = Match(game, seed, match_length(num_deals))
        _no, first, deal_seed, deal = match.draw()
        at_once = game.new_state(deal)
        if at_once.current_player is None:  # over before anyone acts: is the match over too?
            match.adopt(0, first, deal_seed, deal)
            match.finish(at_once)
            if match.over:
                row.status = "finished"
        if fam is not None:  # before the table: a crash between leaves a mark naming no table
            await self.store.run(ratings.mark_rated, self.store.engine, tid, fam)
        await self.store.run(self.store.create_table, row, players, (first, deal_seed, deal))
        t = LiveTable(row, players, game, self.store, self.settings, self.thinker, owner, self.loops)
        t.on_turn = self.on_turn
        t.rated = fam
        t.start_deal(0, first, deal_seed, deal)
        if t.deal_over:  # over before anyone sat down: recorded as not rated
            await t.rate()
        if self.cluster is not None:
            self.cluster.adopt_new(t)
        self.live[tid] = t
        # a timed table's first decision is timed from now (kick runs it) and stored at once (a restart
        # before the first move keeps this deadline), and its player hears of it (a turn-based table)
        await timers.sync(t, force=True)
        return t, tokens

    @staticmethod
    def _rated_family(game: Game, host: int | None, players: list[PlayerRow], members_sit: bool = False) -> str:
        """A rated table's family, once its seats allow one: the creator sits at it (the route saw
        them signed in), or (a club's table, `members_sit`) every person's seat is an invitation seat
        that only a signed-in member takes; and every bot has a calibrated rating there
        (`yezi.server.accounts.ratings`)."""
        fam = ratings.family_of_game(game)
        people = [p for p in players if p.kind == "human"]
        if members_sit:
            if not people or any(p.access != "invite" for p in people):
                raise TableError("rated-no-seat", "a rated club table needs its people's seats kept for members")
        elif host is None:
            raise TableError("rated-no-seat", "a rated table needs your own seat at it: give a human seat")
        missing = ratings.uncalibrated(fam, [p.bot or "random" for p in players if p.kind == "bot"])
        if missing:
            raise TableError("rated-bots", "these bot levels have no measured rating for this game yet, so a rated "
                             "table cannot seat them: " + ", ".join(missing))
        return fam

    async def claim(self, table_id: str, position: Any, name: Any) -> str:
        t = await self.get(table_id)
        if t is None:
            raise TableError("no-table", "no such table")
        if not isinstance(position, int) or not 0 <= position < t.n:
            raise TableError("bad-seat", "no such seat")
        t.refuse_if_archived()
        if t.match_over:  # nothing is left to play, and who may ask for a rematch is settled
            raise TableError("seats-closed", "the match at this table is over: its seats are no longer offered")
        p = t.players[position]
        if p.kind != "human" or p.claimed:
            raise TableError("seat-taken", "this seat is not free")
        if p.access != "open":
            raise TableError("invite-only", "this seat is kept for an invited player: only its own invitation "
                             "link takes it")
        tok = new_token()
        nm = clean_name(name)
        async with t.lock:
            if not await self.store.run(self.store.claim, table_id, position, nm, hash_token(tok), "open"):
                raise TableError("seat-taken", "this seat is not free")
            p.claimed, p.name, p.token_hash = True, nm, hash_token(tok)
            t.broadcast()
        return tok

    async def reissue(self, t: LiveTable, by: int | None, position: Any) -> str:
        """The host replaces the invitation of another human seat; returns the new token. The old
        link and every session opened with it stop working, and whoever held the seat is
        disconnected: the seat waits for whoever opens the new link. Not once the match is over: the
        old seat's credential is what collects its rematch seat (`yezi.server.rematch`), so a new
        invitation then would lock the player out of the rematch; the rematch table's host invites there."""
        t.refuse_if_archived()
        if by is None or by != t.row.host_position:
            raise TableError("not-host", "only the table's host can issue new invitations")
        if t.match_over:
            raise TableError("invite-closed", "the match is over: new invitations are issued at the rematch table")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < t.n:
            raise TableError("bad-seat", "no such seat")
        p = t.players[position]
        if p.kind != "human" or position == by:
            raise TableError("bad-seat", "an invitation is for another person's seat")
        tok = new_token()
        async with t.lock:
            await self.store.run(self.store.reissue, t.id, position, hash_token(tok))
            p.token_hash, p.claimed, p.name, p.access = hash_token(tok), False, "", "invite"
            for c in list(t.conns):
                if c.position == position:
                    c.send({"type": "error", "code": "bad-token",
                            "message": "the host issued a new invitation for this seat; this link no longer works"})
                    c.close(4403)
            t.broadcast()
        return tok

    async def rename_on_join(self, t: LiveTable, position: int, name: Any) -> None:
        """A seat opened by its invite link for the first time: record the joiner's name."""
        p = t.players[position]
        if p.claimed:
            return
        nm = clean_name(name)
        if await self.store.run(self.store.claim, t.id, position, nm, None):
            p.claimed, p.name = True, nm


#: a table's stored num_deals where it plays the game's own match (`Game.match_length`)
OWN_MATCH = 0


def match_length(num_deals: int) -> MatchLength | None:
    """A table's stored length: N deals, or the game's own match (`OWN_MATCH`)."""
    return None if num_deals == OWN_MATCH else MatchLength.deals(num_deals)


def game_of(row: TableRow) -> Game:
    """A stored table's game: from the ruleset it stored (every option's value), so that a default
    changed since does not change its games; a row stored without one (its game or options did not
    load when migration 0005 filled them) is resolved from its preset and overrides."""
    if row.rules is not None:
        return load_pinned(row.game, row.preset, row.rules, row.options)
    return load_game(row.game, row.preset, row.options)


def pace_seconds(req: CreateTable) -> tuple[int, int]:
    """(seconds per move, seconds of bank) of a create request: a realtime timer or none, or a
    turn-based table's days per move and reserve."""
    if req.pace == "turn":
        if req.move_timer or req.time_bank is not None:
            raise TableError("bad-pace", "a turn-based table is timed in days (move_days, reserve_days), not with "
                             "move_timer or time_bank")
        days = req.move_days or TURN_DAYS[0]
        reserve = days if req.reserve_days is None else req.reserve_days
        return days * DAY, reserve * DAY
    if req.move_days is not None or req.reserve_days is not None:
        raise TableError("bad-pace", "move_days and reserve_days are for a turn-based table (pace \"turn\")")
    move_s = req.move_timer
    return move_s, (DEFAULT_BANK if req.time_bank is None else req.time_bank) if move_s else 0


def pace_spec(move_s: int, bank_s: int) -> dict[str, Any]:
    """The create-request fields of a table's pace (`table_spec`): a rematch keeps it."""
    if move_s >= DAY:
        return {"pace": "turn", "move_days": move_s // DAY, "reserve_days": bank_s // DAY}
    return {"move_timer": move_s, "time_bank": bank_s}


def table_spec(t: LiveTable) -> dict[str, Any]:
    """A create request for a table like `t` (same game, rules, seats' kinds, options, timer), for
    a rematch or "play again"."""
    return {
        "game": t.row.game, "preset": t.row.preset, "options": dict(t.row.options),
        **({"match": "own"} if t.row.num_deals == OWN_MATCH else {"num_deals": t.row.num_deals}),
        "hints": t.row.hints, "title": t.row.title, "listed": t.row.listed,
        **pace_spec(t.row.move_seconds, t.row.bank_seconds),
        "seats": [{"kind": "bot", "bot": p.bot or "random"} if p.kind == "bot" else {"kind": "human", "access": p.access}
                  for p in t.players],
    }


def rematch_of(text: str | None) -> dict[str, Any]:
    try:
        d = json.loads(text) if text else {}
        return {"accepted": {int(x) for x in d.get("accepted", [])}, "table": d.get("table")}
    except (ValueError, TypeError, AttributeError):
        return {"accepted": set(), "table": None}


def _plain(v: Any) -> Any:
    return v if isinstance(v, str | int | float | bool) else json.dumps(v)
