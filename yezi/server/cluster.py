"""Several server instances on one PostgreSQL: table ownership, fan-out, forwarding, take-over.

Every instance accepts any client for any table. The table's owner (the instance holding its
lease, `yezi.server.lease`) runs it as a single server does: it validates, stores and applies
actions, runs the bots. Every other instance that has clients at the table keeps a replica, a
`LiveTable` rebuilt from the event log and kept up to date from the database; it serves frames,
syncs and hints from the replica and forwards the seat holders' intents (action, next deal, name)
to the owner, which answers with the ack or error for that connection.

A relayed intent has one identity end to end: its table, the seat and the client's move id (the
relaying instance's key when the client gave none). The owner answers a copy of an intent it has
answered, or is still answering, with the original's answer (`Cluster._answers`; a move played
before a take-over, from the log), never with a refusal of the move it played. The relayer sends
an intent again only on silence: an owner whose answer is slow says first that it has the intent
("got"), and is then waited for as long as it holds the table's lease; silence is met with resends
at a growing interval. The owner sends its answer before it announces the state the intent led to,
and the relayer hands the answer to its client as it reads it, so the ack comes before the state
there too (`_flush_changed`, `_on_direct_now`).

Fan-out uses PostgreSQL LISTEN/NOTIFY rather than Redis pub/sub: the database is already there
and already the source of truth, so nothing else has to run, be secured or fail over, and a
notification sent after a commit can never announce a move the database does not have. Its
limit (8,000 bytes a payload) shapes the messages: they are small. On channel ``yezi_tables``,
``c <sender> <table> ...`` says that tables changed (the replicas read the new events from the
database) and ``o <sender> <table> ...`` that the sender now owns them; on each instance's own
channel ``yezi_i_<id>``, a forwarded client intent (a few fields, never a frame) and its reply.

Take-over: each instance renews the leases of the tables it runs every `lease_s / 3` seconds (on a
thread, so a busy event loop keeps them) and its heartbeat, waking when the next foreign lease
expires, takes the open tables whose lease has expired, rebuilding them from the log (which
holds every acknowledged move, since the ack follows the commit, and the commit is fenced by the
lease). With the default lease of 3 s, a killed instance's tables resume elsewhere within about
4 s. A forwarded intent that gets no answer (its owner died) is retried at the new owner, or
answered from the log when the move was stored before the owner died. An owner still putting the
table in place (its lease taken, the table loading) answers "loading", and one the database names
but which does not run the table answers "moved": the intent is sent again after a short, growing
wait (`Cluster._retry_later`), not at once, which was a tight loop of NOTIFY round trips for as long
as the load took; the owner's announcement that it runs the table ends the wait.

Memory and database agree: an instance runs a table exactly when it holds the table's lease. It
renews only the leases of the tables it runs, gives a table up only when the database says the lease
is another's (a renewal that did not return it, another's take-over announced), and lets go at once
of a lease it took but could not use (a take-over that failed). Time alone (a slow start-up, a busy
loop, a database out of reach for a while) never makes it drop a table whose lease may still be its
own: its writes are fenced by the lease anyway, and the next renewal says who holds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from yezi.core.errors import NotationError
from yezi.server import lease as L
from yezi.server import together
from yezi.server.clock import TurnClock
from yezi.server.db import Store, deals_t, events_t, players_t, tables_t
from yezi.server.expiry import tell_archived
from yezi.server.frames import FrameCache
from yezi.server.http_util import store_failure
from yezi.server.loops import Backoff, Loop
from yezi.server.tables import Conn, LiveTable, TableManager

log = logging.getLogger("yezi.server.cluster")

TABLES_CHANNEL = "yezi_tables"
FORWARDED = ("action", "next_deal", "name", "back")  # the intents only the owner may carry out
MAX_PAYLOAD = 7900  # PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more


def cluster_wanted(database_url: str) -> bool:
    """YEZI_CLUSTER=off runs a PostgreSQL server alone (no leases); the default (auto) joins the
    cluster of every instance on the same database. SQLite is always alone."""
    mode = os.environ.get("YEZI_CLUSTER", "auto").lower()
    if mode not in ("auto", "on", "off"):
        raise ValueError("YEZI_CLUSTER is auto, on or off")
    pg = database_url.startswith(("postgresql", "postgres:"))
    if mode == "on" and not pg:
        raise ValueError("YEZI_CLUSTER=on needs PostgreSQL (SQLite has no LISTEN/NOTIFY and one writer)")
    return pg and mode != "off"


@dataclass
class ClusterSettings:
    # Seconds a lease lasts unrenewed: how long a dead instance's tables wait for a new owner.
    lease_s: float = field(default_factory=lambda: float(os.environ.get("YEZI_LEASE_S", "3")))
    # Seconds a forwarded intent waits for its owner before the owner is looked up again; an owner
    # that stays silent is sent it again after 2, 4 then 8 times as long.
    forward_timeout_s: float = 1.5
    # An owner whose answer takes longer than this says it has the intent (so that it is not sent again).
    receipt_after_s: float = 0.3
    # Seconds the owner remembers its answers to relayed intents (a copy of one, sent within
    # `forward_give_up_s`, is answered alike; a move is answered from the log after that as well).
    answers_keep_s: float = 30.0
    answers_max: int = 10000
    # An owner that cannot take the intent yet (still loading the table, or "moved" while the database
    # still names it) is asked again after a wait that starts here and doubles up to `retry_max_s`...
    retry_first_s: float = 0.05
    retry_max_s: float = 1.0
    # ...for this long at most from the intent's first sending; then the client is told to try again.
    forward_give_up_s: float = 15.0
    # Tables taken over per heartbeat (each is rebuilt from its log).
    takeover_batch: int = 500
    # Seconds the event loop may be stuck before this instance stops renewing its leases.
    stall_s: float = field(default_factory=lambda: float(os.environ.get("YEZI_LEASE_STALL_S", "15")))

    @property
    def heartbeat_s(self) -> float:
        return self.lease_s / 3


@dataclass
class _Pending:
    conn: Conn
    table: LiveTable
    msg: dict[str, Any]
    deal_no: int
    seq: int
    sent: float
    owner: str
    tries: int = 0  # sendings, each one a generation: a retry planned before a later sending is dropped
    timeouts: int = 0  # sendings that got no answer
    backoff: Backoff | None = None  # the waits between retries of an owner that could not take the intent yet
    since: float = field(default_factory=time.monotonic)
    received: bool = False  # the owner asked last said it has the intent: not sent again while it holds the table


class _Capture(Conn):
    """Stands for a client of another instance while the owner handles its forwarded intent: what
    the handler sends it (the ack or error) goes back to that instance."""

    out: list[dict[str, Any]]
    on_answer: Callable[[], None] | None = None  # called at the first frame: the answer goes out before the state

    def send(self, frame: dict[str, Any] | str) -> None:
        self.out.append(json.loads(frame) if isinstance(frame, str) else frame)
        if self.on_answer is not None:
            hook, self.on_answer = self.on_answer, None
            hook()


Handler = Callable[[Any, LiveTable, Conn, str], Awaitable[None]]


class Cluster:
    def __init__(self, ctx: Any, handler: Handler, conninfo: str, settings: ClusterSettings | None = None):
        self.ctx = ctx
        self.store: Store = ctx.store
        self.manager: TableManager = ctx.manager
        self.handler = handler
        self.conninfo = conninfo
        self.cfg = settings or ClusterSettings()
        self.me = secrets.token_hex(6)
        self.channel = f"yezi_i_{self.me}"
        self.pending: dict[str, _Pending] = {}
        self._keys = itertools.count()
        self._changed: set[str] = set()
        self._moves: list[str] = []  # "table:deal:from_seq:a,b,..": the moves themselves, for the replicas
        self._chat: list[str] = []  # "table:message:what": chat taken, removed or closed here (yezi.server.chat)
        # yezi.server.chat.ChatService.on_announced: another instance's chat news for a table
        self.on_chat: Callable[[str, int, str], Awaitable[None]] | None = None
        self._clocks: dict[str, str] = {}  # table: its move timer as JSON, for the replicas' clients
        self._announced: dict[str, tuple[int, int]] = {}  # (deal, seq) each owned table was last announced at
        self._flush: asyncio.Task | None = None
        self._replies: list[tuple[str, dict[str, Any]]] = []  # answers to relayed intents, sent before the fan-out
        self._answers: OrderedDict[tuple[Any, ...], tuple[float, Any, list[dict[str, Any]]]] = OrderedDict()
        self._answering: dict[tuple[Any, ...], tuple[Any, asyncio.Future]] = {}
        self._presence: dict[str, tuple[int, int]] = {}  # what each table's connections here were announced as
        self._presence_due: dict[str, tuple[int, int]] = {}
        self._presence_sent = time.monotonic()
        self.counts = {"moves_from_notify": 0, "reads_from_db": 0, "forwarded": 0, "taken_over": 0,
                       "forward_sends": 0, "forward_waits": 0}
        self._refreshing: dict[str, bool] = {}
        self._idle: dict[str, float] = {}  # since when a table has had no connection here
        self._tasks: list[asyncio.Task] = []
        self._bg: set[asyncio.Task] = set()
        self._ctl: Any = None
        self._listen: Any = None
        # the tables this instance runs, for the renewal thread, and when the event loop last said so
        # (its pulse: a loop stuck for `stall_s` stops the renewals); only the loop replaces it
        self._mine: tuple[frozenset[str], float] = (frozenset(), time.monotonic())
        self._owned_at: dict[str, float] = {}  # when each table here became ours
        self._taking: set[str] = set()  # tables whose lease was taken, being rebuilt from the log
        self._loading: set[str] = set()  # tables being taken over by `_take_over` (from any path)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None
        self._next_wait = self.cfg.heartbeat_s
        self._renewal: Loop | None = None
        self.store.lease_owner = self.me
        self.manager.cluster = self
        with self.store.engine.begin() as c:
            c.exec_driver_sql(L.DDL_LOCK)
            c.exec_driver_sql(L.DDL)

    # ---- life ----------------------------------------------------------------------------
    async def start(self) -> None:
        self._ctl = await self._connect()
        self._listen = await self._connect(listen=True)
        self._loop = asyncio.get_running_loop()
        self._publish()
        loops = self.manager.loops
        every = self.cfg.heartbeat_s
        self._renewal = loops.report("lease-renewal", Backoff(every, every, jitter=0.0))  # tries every heartbeat
        self._renewer = threading.Thread(target=self._renew_loop, name="yezi-lease-renewal", daemon=True)
        self._renewer.start()
        loops.thread("lease-renewal", self._renewer)
        # supervised (`yezi.server.loops`): through a database outage they retry, reconnecting, every
        # heartbeat at most
        pace = Backoff(first_s=0.1, max_s=self.cfg.heartbeat_s)
        self._tasks = [loops.start("cluster-listen", self._listen_loop, backoff=pace),
                       loops.start("cluster-heartbeat", self._heartbeat_loop, backoff=Backoff(0.1, self.cfg.heartbeat_s))]
        await self.heartbeat()  # take the open tables nobody holds (after a restart: all of them)
        log.info("instance %s joined the cluster", self.me)

    async def _connect(self, listen: bool = False) -> Any:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=5)
        if listen:
            await conn.execute(f"LISTEN {TABLES_CHANNEL}")
            await conn.execute(f"LISTEN {self.channel}")
        return conn

    async def stop(self) -> None:
        self._stop.set()
        if self._renewer is not None:
            await asyncio.to_thread(self._renewer.join, 5)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        if self._flush is not None and not self._flush.done():  # answers already given go out
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._flush, 2)
        with contextlib.suppress(Exception):
            if self._ctl is not None:  # hand the tables over at once instead of after the lease
                await self._ctl.execute(L.RELEASE_ALL, {"me": self.me})
        for c in (self._ctl, self._listen):
            with contextlib.suppress(Exception):
                if c is not None:
                    await c.close()

    def status(self) -> dict[str, Any]:
        owned = sum(1 for t in self.manager.live.values() if t.owned)
        return {"instance": self.me, "pid": os.getpid(), "owned": owned, "replicas": len(self.manager.live) - owned,
                "forwarding": len(self.pending), **self.counts}

    # ---- tables appearing on this instance ---------------------------------------------------
    def adopt_new(self, t: LiveTable) -> None:
        """A table created here: this instance owns it from the start."""
        with self.store.engine.begin() as c:
            c.exec_driver_sql(L.ACQUIRE, {"me": self.me, "ttl": self.cfg.lease_s, "ids": [t.id]})
        t.on_change = self._on_change
        self._owned(t)

    async def adopt(self, t: LiveTable) -> LiveTable:
        """A table loaded from the log (a client asked for it): own it if nobody does, else keep it
        as a replica of the owner's. Returns the table to use: a take-over may have put one in
        place meanwhile."""
        t.on_change = self._on_change
        if t.row.status != "playing":  # finished or archived: nothing can change any more, anyone may serve it
            t.owned, t.owner_id = False, None
            return t
        taken = await self._acquire([t.id])
        owner = self.me if t.id in taken else await self._owner_of(t.id)
        there = self.manager.live.get(t.id)
        if there is not None:
            if t.id in taken and not there.owned:  # the lease is ours now: run the table, not a replica of it
                await self._take_over(t.id)
            return there
        t.owned, t.owner_id = t.id in taken, owner
        if t.owned:
            self._owned(t)
            t.kick()
            self._announce_owner([t.id])
        return t

    async def disown(self, t: LiveTable) -> None:
        """A table adopted here that could not be put in place (an error after its lease was taken):
        not run here, so its lease goes back at once."""
        if t.owned:
            self._demote(t)
            await self._let_go([t.id])

    async def _acquire(self, ids: list[str]) -> set[str]:
        cur = await self._ctl.execute(L.ACQUIRE, {"me": self.me, "ttl": self.cfg.lease_s, "ids": ids})
        return {r[0] for r in await cur.fetchall()}

    async def _owner_of(self, tid: str) -> str | None:
        cur = await self._ctl.execute(L.OWNER, {"t": tid})
        r = await cur.fetchone()
        return r[0] if r and r[1] > 0 else None

    # ---- heartbeat: renew, take over, evict ---------------------------------------------------
    def _renew_loop(self) -> None:
        """Renew the leases of the tables this instance runs, on a thread of its own: a busy event
        loop (a storm of connections, a long collection, a long take-over) does not cost the tables
        their owner. A loop stuck for `stall_s` lets the leases lapse, so that another instance takes
        over. A table whose lease the renewal did not find ours any more is given up (on the loop)."""
        while not self._stop.wait(self.cfg.heartbeat_s):
            self._call_soon(self._publish)  # the loop answers when it is free: that is its pulse
            ids, pulse = self._mine
            if not ids or time.monotonic() - pulse > self.cfg.stall_s + self.cfg.heartbeat_s:
                continue
            started = time.monotonic()
            try:
                with self.store.engine.begin() as c:
                    rows = c.exec_driver_sql(L.RENEW, {"me": self.me, "ttl": self.cfg.lease_s,
                                                       "ids": sorted(ids)}).fetchall()
            except Exception as e:  # nothing is concluded: the leases may still be ours, and writes are fenced
                if self._renewal is not None:
                    self._renewal.failed(e)  # logged there; the next try is the next heartbeat, as always
                continue
            if self._renewal is not None:
                self._renewal.ok()
            gone = ids - {r[0] for r in rows}
            if gone:
                self._call_soon(self._lost, gone, started)

    def _call_soon(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run `fn` on the event loop (from the renewal thread)."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the instance is stopping
                self._loop.call_soon_threadsafe(fn, *args)

    def _publish(self) -> None:
        """Tell the renewal thread which tables run here: the owned tables, those being taken over,
        and those made ours in the last lease (a table being adopted is owned before it is in
        `manager.live`). A lease taken for a table that never came to run here is not renewed past that."""
        now = time.monotonic()
        ids = {tid for tid, t in self.manager.live.items() if t.owned} | self._taking
        ids |= {tid for tid, at in self._owned_at.items() if now - at < self.cfg.lease_s}
        self._mine = (frozenset(ids), now)

    def _lost(self, ids: set[str], started: float) -> None:
        """The renewal that began at `started` found these leases not ours: another instance took
        them (our lease had run out). A table made ours after it began is not in its answer."""
        for tid in ids:
            t = self.manager.live.get(tid)
            if t is not None and t.owned and t.row.status == "playing" and self._owned_at.get(tid, started) < started:
                log.warning("lost the lease of table %s", tid)
                self._demote(t)

    async def _heartbeat_loop(self, loop: Loop) -> None:
        """Supervised: a heartbeat that fails (the database went away) is tried again, connecting
        afresh where the connection broke."""
        while True:
            await asyncio.sleep(0 if loop.retrying else self._next_wait)
            if self._ctl is None or self._ctl.closed:  # the database went away: connect again
                self._ctl = await self._connect()
            await self.heartbeat()
            loop.ok()

    def _owned(self, t: LiveTable) -> None:
        t.owned, t.owner_id = True, self.me
        self._owned_at[t.id] = time.monotonic()
        ids, pulse = self._mine
        self._mine = (ids | {t.id}, pulse)  # renewed from the next renewal on

    async def heartbeat(self) -> None:
        self._publish()
        cur = await self._ctl.execute(L.ORPHANS, {"limit": self.cfg.takeover_batch})
        orphans = [r[0] for r in await cur.fetchall()]
        if orphans:
            taken = await self._acquire(orphans)
            self._taking |= taken  # renewed while they load: a long take-over keeps the leases it took
            self._mine = (self._mine[0] | taken, self._mine[1])
            try:
                for tid in orphans:
                    if tid in taken:
                        await self._take_over(tid)
            finally:  # whatever was taken and is not run here (an error midway) is let go at once
                self._taking -= taken
                await self._let_go([tid for tid in taken if not self._runs(tid)])
                run = sorted(tid for tid in taken if self._runs(tid))
                if run:
                    self._announce_owner(run)
        self._evict()
        await self._check_pending()
        await self._refresh_presence()
        cur = await self._ctl.execute(L.NEXT_EXPIRY, {"me": self.me})
        r = await cur.fetchone()
        soon = r[0] if r and r[0] is not None else None
        self._next_wait = self.cfg.heartbeat_s if soon is None else min(self.cfg.heartbeat_s, max(0.05, soon + 0.05))

    async def _take_over(self, tid: str) -> None:
        """Run a table this instance just leased: a replica here reads only what it may lack (fast),
        any other table is rebuilt from the log; then bots going, clients told. Meanwhile intents
        forwarded here are answered "loading" (`_handle_forwarded`)."""
        self._loading.add(tid)
        try:
            await self._put_in_place(tid)
        finally:
            self._loading.discard(tid)

    def _is_loading(self, tid: Any) -> bool:
        """Is this instance putting the table in place (its lease taken, its `LiveTable` not run yet):
        taking it over, or loading it for a client (`TableManager.get`)?"""
        return isinstance(tid, str) and (tid in self._taking or tid in self._loading or self.manager.is_loading(tid))

    async def _put_in_place(self, tid: str) -> None:
        t = self.manager.live.get(tid)
        if t is None or t.owned or not await self._promote(t):
            try:
                rebuilt = await self._rebuild(tid)
            except Exception:
                log.exception("could not take over table %s", tid)
                rebuilt = None
            if rebuilt is None:  # not run here: the lease goes back, so that it is taken again (here or elsewhere)
                t = self.manager.live.get(tid)
                if t is not None and t.owned:
                    self._demote(t)
                await self._let_go([tid])
                return
            t = rebuilt
        self._owned(t)
        t.kick()
        self._quiet_broadcast(t)
        for key, p in list(self.pending.items()):  # intents that waited for the dead owner: answer them here
            if p.table is t:
                self._spawn(self._resend(key))
        self.counts["taken_over"] += 1
        log.info("took over table %s", tid)

    async def _rebuild(self, tid: str) -> LiveTable | None:
        """The table rebuilt from the log and put in `manager.live`, or None when it is not in the
        database. A table already here is read under its lock and given the fresh state there: read
        before the lock, a move its bots stored meanwhile (an owned table whose lease lapsed in a
        stalled loop and was taken again) was missing from the state, and the next move was stored
        under that move's number (a duplicate key, the move refused)."""
        while True:
            t = self.manager.live.get(tid)
            if t is not None:
                async with t.lock:
                    fresh = await self.store.run(self.manager._load, tid)
                    if fresh is not None:
                        _replace_state(t, fresh)
                return t if fresh is not None else None
            fresh = await self.store.run(self.manager._load, tid)
            if fresh is None:
                return None
            if tid not in self.manager.live:
                fresh.on_change = self._on_change
                self.manager.live[tid] = fresh
                return fresh
            # a client's request loaded it meanwhile: rebuild that one, under its lock

    async def _promote(self, t: LiveTable) -> bool:
        """Bring a replica level with the log before it becomes the owner's table: the moves its
        notifications may not have brought (its owner died between commit and NOTIFY) and every
        action id used (replicas do not keep them), so a resent id is still refused."""
        async with t.lock:
            d = t.current
            try:
                data = await self.store.run(read_since, self.store, t.id, d.no, len(d.state.history))
                ids = await self.store.run(client_ids_of, self.store, t.id)
                _apply_players(t, data["players"])
                if data["status"] is not None:
                    t.row.status = data["status"]
                t.apply_log(data["deals"], data["events"])
            except Exception:
                log.exception("replica of table %s out of step: rebuilding it", t.id)
                return False
            t.client_ids |= ids
            together.restore(t)  # answers kept with the owner's clock, which the replica heard of
            if self.pending:  # moves relayed from here that the dead owner stored: acknowledged before shown
                self._acked_in_log(t, data["events"])
        return True

    def _runs(self, tid: str) -> bool:
        t = self.manager.live.get(tid)
        return t is not None and t.owned

    async def _let_go(self, ids: list[str]) -> None:
        """Give back leases taken for tables that do not run here (a take-over that failed)."""
        if ids:
            self._taking -= set(ids)
            self._mine = (self._mine[0] - set(ids), self._mine[1])
            try:
                await self._ctl.execute(L.RELEASE, {"me": self.me, "ids": ids})
            except Exception:  # not renewed either: it runs out within a lease
                log.exception("could not give back the leases of %s", ids)

    def _demote(self, t: LiveTable) -> None:
        t.owned, t.owner_id = False, None
        self._announced.pop(t.id, None)
        self._owned_at.pop(t.id, None)
        self._mine = (self._mine[0] - {t.id}, self._mine[1])
        for task in (t.bot_task, t.clock_task):
            if task is not None:
                task.cancel()
        self._refresh(t.id)

    def _evict(self) -> None:
        """Forget replicas nobody here watches and finished tables of our own, once they have been
        idle for a lease's time (a client still joining holds the table without a connection)."""
        done: list[str] = []
        idle: dict[str, float] = {}
        now = time.monotonic()
        for tid, t in list(self.manager.live.items()):
            if t.conns or t.lock.locked():
                continue
            idle[tid] = self._idle.get(tid, now)
            if now - idle[tid] < self.cfg.lease_s:
                continue
            if not t.owned:  # a replica nobody here watches
                self.manager.live.pop(tid, None)
            elif t.row.status != "playing" and (t.bot_task is None or t.bot_task.done()):
                self.manager.live.pop(tid, None)
                self._announced.pop(tid, None)
                self._owned_at.pop(tid, None)
                done.append(tid)
        self._idle = {tid: n for tid, n in idle.items() if tid in self.manager.live}
        self.release(done)

    def release(self, ids: list[str]) -> None:
        """Give up the leases of tables that will not change any more (finished, archived) or that
        do not run here."""
        if ids and self._ctl is not None:
            self._spawn(self._ctl.execute(L.RELEASE, {"me": self.me, "ids": ids}))

    # ---- fan-out ------------------------------------------------------------------------------
    def _on_change(self, t: LiveTable) -> None:
        """`LiveTable.broadcast` hook: tell the other instances (batched per event-loop turn). New
        moves of the current deal travel in the message (a replica applies them without reading
        the database); anything else (a new deal, a claimed seat, a name) says only "changed"."""
        d = t.current
        pos = (d.no, len(d.state.history))
        last = self._announced.get(t.id) if t.owned else None
        if t.owned:
            self._announced[t.id] = pos
            if t.clock is not None:  # the replicas show the owner's clock (it changes with no move: a timeout's marks)
                self._clocks[t.id] = t.clock.to_json()
        if last is not None and last[0] == pos[0] and last[1] < pos[1]:
            self._moves.append(f"{t.id}:{d.no}:{last[1]}:" + ",".join(map(str, d.state.history[last[1]:])))
        else:  # a new deal, or the same move (seats, names or connections changed)
            self._changed.add(t.id)
        here = _presence_of(t)
        if self._presence.get(t.id, (0, 0)) != here:
            self._presence[t.id] = self._presence_due[t.id] = here
        self._kick_flush()

    def _kick_flush(self) -> None:
        if self._flush is None or self._flush.done():
            self._flush = asyncio.get_running_loop().create_task(self._flush_changed())

    async def _flush_changed(self) -> None:
        """Send what gathered, in order, until nothing is left (one sender, so that order holds):
        first the answers to relayed intents, then the moves. An answer is queued when the owner's
        handler sends it, before it broadcasts the state it led to, so the relaying instance reads
        the ack before the move, and hands its client the ack first."""
        while True:
            await asyncio.sleep(0)  # let the changes of this turn gather
            replies, self._replies = self._replies, []
            moves, self._moves = self._moves, []
            ids, self._changed = sorted(self._changed), set()
            presence, self._presence_due = self._presence_due, {}
            clocks, self._clocks = self._clocks, {}
            chat, self._chat = self._chat, []
            if not (replies or moves or ids or presence or clocks or chat):
                return
            out = [(channel, _reply_text(reply)) for channel, reply in replies]
            out += self._payloads("e", moves)
            # (after the moves: a replica applies them, then the clock of the decision they lead to)
            out += self._payloads("k", [f"{tid}={text}" for tid, text in clocks.items()])
            out += self._payloads("c", ids)
            out += self._payloads("p", [f"{tid}:{m}:{w}" for tid, (m, w) in presence.items()])
            out += self._payloads("m", chat)  # any instance takes a table's chat (no lease: a message is not a move)
            await self._notify_all(out)

    def tables_changed(self, ids: list[str]) -> None:
        """Tell every instance that these tables' rows changed in the database with no table here
        to broadcast it (a deleted account's seats renamed): whichever instance runs one, or keeps
        a replica of it, reads its players again (`catch_up`)."""
        self._changed.update(ids)
        self._kick_flush()

    def chat_changed(self, tid: str, mid: int, what: str) -> None:
        """Tell the other instances of a chat message taken ("m"), removed ("r") or a chat closed ("c")."""
        self._chat.append(f"{tid}:{mid}:{what}")
        self._kick_flush()

    def _reply(self, to: Any, reply: dict[str, Any]) -> None:
        """Queue a message for the instance `to` (a relayer): sent by `_flush_changed`, before the moves."""
        self._replies.append((f"yezi_i_{to}", reply))
        self._kick_flush()

    async def _refresh_presence(self) -> None:
        """Every lease: announce the connections here again (an announcement lasts two leases, so
        the seats of an instance that died stop showing as connected), and drop expired ones."""
        now = time.monotonic()
        for t in list(self.manager.live.values()):
            if t.remote_presence and any(until <= now for _m, _w, until in t.remote_presence.values()):
                t.remote_presence = {k: v for k, v in t.remote_presence.items() if v[2] > now}
                t.note_presence()
                self._quiet_broadcast(t)
        if now - self._presence_sent < self.cfg.lease_s:
            return
        self._presence_sent = now
        self._presence = {tid: _presence_of(t) for tid, t in self.manager.live.items() if t.conns}
        if self._presence:
            await self._notify_ids("p", [f"{tid}:{m}:{w}" for tid, (m, w) in self._presence.items()])

    def _announce_owner(self, ids: list[str]) -> None:
        self._spawn(self._notify_ids("o", ids))

    def _payloads(self, kind: str, ids: list[str]) -> list[tuple[str, str]]:
        """The messages on `TABLES_CHANNEL` that say `kind` of these ids, each within `MAX_PAYLOAD`."""
        head = f"{kind} {self.me}"
        out: list[tuple[str, str]] = []
        chunk: list[str] = []
        size = len(head)
        for tid in ids:
            if size + len(tid) + 1 > MAX_PAYLOAD:
                out.append((TABLES_CHANNEL, " ".join([head, *chunk])))
                chunk, size = [], len(head)
            chunk.append(tid)
            size += len(tid) + 1
        if chunk:
            out.append((TABLES_CHANNEL, " ".join([head, *chunk])))
        return out

    async def _notify_ids(self, kind: str, ids: list[str]) -> None:
        await self._notify_all(self._payloads(kind, ids))

    async def _notify(self, channel: str, payload: str) -> None:
        await self._notify_all([(channel, payload)])

    async def _notify_all(self, items: list[tuple[str, str]]) -> None:
        """Send these notifications in order in one statement: one round trip however many there
        are (issue 26: at 1,000 tables a round trip each was an eighth of the event loop's time).
        The rows of `unnest` come in the arrays' order, and one transaction's notifications are
        delivered in the order it sent them."""
        if not items:
            return
        try:
            if len(items) == 1:
                await self._ctl.execute("SELECT pg_notify(%s, %s)", items[0])
            else:
                await self._ctl.execute("SELECT pg_notify(c, p) FROM unnest(%s::text[], %s::text[]) AS x(c, p)",
                                        ([c for c, _ in items], [p for _, p in items]))
        except Exception:
            log.exception("NOTIFY of %d messages failed", len(items))

    async def _listen_loop(self, loop: Loop) -> None:
        """Supervised: when the connection breaks, listen again (after a growing wait while the
        database is out of reach), then read what may have been missed."""
        if loop.retrying:
            with contextlib.suppress(Exception):
                await self._listen.close()
            self._listen = await self._connect(listen=True)
            for tid in list(self.manager.live):
                self._refresh(tid)
        loop.ok()
        async for n in self._listen.notifies():
            try:
                if n.channel == TABLES_CHANNEL:
                    self._on_tables(n.payload)
                else:
                    self._on_direct_now(json.loads(n.payload))
            except Exception:
                log.exception("bad cluster message %r", n.payload[:200])
        raise ConnectionError("the LISTEN connection ended")

    def _on_tables(self, payload: str) -> None:
        kind, sender, *ids = payload.split(" ")
        if sender == self.me:
            return
        if kind == "e":
            for item in ids:
                self._on_moves(item)
            return
        if kind == "k":
            for item in ids:
                self._on_clock(item)
            return
        if kind == "m":
            for item in ids:
                tid, mid, what = item.split(":")
                if self.on_chat is not None and tid in self.manager.live:
                    self._spawn(self.on_chat(tid, int(mid), what))
            return
        if kind == "p":
            until = time.monotonic() + 2 * self.cfg.lease_s
            for item in ids:
                tid, mask, watching = item.split(":")
                t = self.manager.live.get(tid)
                if t is not None:
                    old = t.remote_presence.get(sender)
                    t.remote_presence[sender] = (int(mask), int(watching), until)
                    t.note_presence()  # the owner's sweeper counts these connections too
                    if old is None or old[:2] != (int(mask), int(watching)):
                        self._quiet_broadcast(t)
            return
        for tid in ids:
            t = self.manager.live.get(tid)
            if t is None:
                continue
            if kind == "o":
                if t.owned:  # someone took a table we thought ours: our lease had run out
                    self._demote(t)
                t.owner_id = sender
                now = time.monotonic()
                for key, p in list(self.pending.items()):  # a new owner, or the one waited for is ready
                    if p.table is t and (p.owner != sender or p.sent > now):
                        self._spawn(self._resend(key))
            else:
                self._refresh(tid)

    def _on_clock(self, item: str) -> None:
        """The owner's move timer of a table this instance keeps a replica of."""
        tid, _, text = item.partition("=")
        t = self.manager.live.get(tid)
        if t is None or t.owned or t.clock is None:
            return
        t.clock = TurnClock.from_json(text, t.clock.move_s, t.clock.bank_s, t.n)
        self._quiet_broadcast(t)

    def _on_moves(self, item: str) -> None:
        """Apply moves announced by a table's owner to this instance's replica, when they follow
        on from where the replica is; otherwise read the table from the database."""
        tid, no, start, actions = item.split(":")
        t = self.manager.live.get(tid)
        if t is None or t.owned:
            return
        moves = [int(a) for a in actions.split(",")]
        d = t.current
        here = len(d.state.history)
        if d.no == int(no) and here >= int(start) + len(moves):
            return  # already read from the database
        if tid in self._refreshing or t.lock.locked() or d.no != int(no) or here < int(start):
            self._refresh(tid)
            return
        try:
            for seq in range(here, int(start) + len(moves)):
                t.replay_event(d.no, seq, moves[seq - int(start)], None)
        except Exception:
            log.exception("replica of table %s out of step: reading it again", tid)
            self._refresh(tid)
            return
        self.counts["moves_from_notify"] += len(moves)
        self._quiet_broadcast(t)

    def _refresh(self, tid: str) -> None:
        """Bring a table up to date from the database, at most one reader per table at a time."""
        if tid in self._refreshing:
            self._refreshing[tid] = True
            return
        self._refreshing[tid] = False
        self._spawn(self._refresh_loop(tid))

    async def _refresh_loop(self, tid: str) -> None:
        try:
            while True:
                t = self.manager.live.get(tid)
                if t is None:
                    return
                await self.catch_up(t)
                if not self._refreshing.get(tid):
                    return
                self._refreshing[tid] = False
        finally:
            self._refreshing.pop(tid, None)

    async def catch_up(self, t: LiveTable) -> None:
        """Read what changed since the replica's last move (an owner reads only its players: a
        seat claimed or renamed through another instance)."""
        d = t.current
        self.counts["reads_from_db"] += 1
        data = await self.store.run(read_since, self.store, t.id, d.no, len(d.state.history))
        async with t.lock:
            changed = _apply_players(t, data["players"])
            archived = data["status"] == "expired" and t.row.status != "expired"
            if data["status"] is not None and data["status"] != t.row.status:
                t.row.status, changed = data["status"], True
            if archived:  # its owner's sweeper archived it (yezi.server.expiry): tell the clients here
                self._quiet_broadcast(t)
                tell_archived(t)
                return
            if not t.owned:
                if (t.current.no, len(t.current.state.history)) != (d.no, len(d.state.history)):
                    return  # moved on meanwhile (another reader): this read is stale; the next one is not
                try:
                    t.apply_log(data["deals"], data["events"])
                except Exception:
                    log.exception("replica of table %s out of step: reloading", t.id)
                    fresh = await self.store.run(self.manager._load, t.id)
                    if fresh is not None:
                        _replace_state(t, fresh)
                if self.pending:
                    self._acked_in_log(t, data["events"])
                changed = changed or bool(data["deals"] or data["events"])
            if changed:
                self._quiet_broadcast(t)

    def _quiet_broadcast(self, t: LiveTable) -> None:
        """Broadcast to this instance's clients without announcing it again."""
        hook, t.on_change = t.on_change, None
        try:
            t.broadcast()
        finally:
            t.on_change = hook

    # ---- forwarding -----------------------------------------------------------------------------
    async def forward(self, t: LiveTable, conn: Conn, msg: dict[str, Any]) -> None:
        """A seat holder's intent at a table another instance owns: send it there."""
        key = f"{self.me}:{next(self._keys)}"
        d = t.current
        p = _Pending(conn, t, {k: msg[k] for k in ("type", "action", "id", "seq", "name") if k in msg},
                     d.no, len(d.state.history), time.monotonic(), t.owner_id or "")
        if len(json.dumps(p.msg, ensure_ascii=False).encode()) > MAX_PAYLOAD - 400:
            conn.send({"type": "error", "code": "too-large", "id": msg.get("id"), "message": "message too large"})
            return
        self.pending[key] = p
        self.counts["forwarded"] += 1
        await self._resend(key, first=True)

    async def _resend(self, key: str, first: bool = False, refused_by: str | None = None) -> None:
        """Send a pending intent to the table's owner (looked up again unless `first`), or carry it
        out here if this instance is the owner. `refused_by`: the instance that just answered that
        it does not run the table; if the database still names it, ask it again only after a wait."""
        p = self.pending.get(key)
        if p is None:
            return
        t = p.table
        owner = t.owner_id if first and t.owner_id else await self._owner_of(t.id)
        if owner is None:  # nobody holds it (its owner died): take it, and answer here
            if await self._acquire([t.id]):
                await self._take_over(t.id)
                self._announce_owner([t.id])
            owner = self.me if t.owned else await self._owner_of(t.id)
        if owner == self.me:
            if self.pending.pop(key, None) is p:  # once, however many retries raced here
                if not t.owned:  # the lease is ours but the table here is a replica: run it first
                    await self._take_over(t.id)
                if t.owned:
                    await self._answer_here(p)
                else:
                    p.conn.send({"type": "error", "code": "unavailable", "id": p.msg.get("id"),
                                 "message": "this table could not be loaded here; try again"})
            return
        if owner is None or self.pending.get(key) is not p:
            return  # still nobody (the heartbeat looks again), or answered meanwhile
        if owner == refused_by:  # it holds the lease but runs no table: about to load it, or to let it go
            self._retry_later(key, p)
            return
        t.owner_id, p.owner, p.sent = owner, owner, time.monotonic()
        p.tries += 1
        p.received = False
        self.counts["forward_sends"] += 1
        await self._notify(f"yezi_i_{owner}", json.dumps({
            "k": "fwd", "t": t.id, "p": p.conn.position, "m": p.msg, "r": self.me, "c": key, "l": p.conn.lang,
            "cl": p.conn.client,
        }, ensure_ascii=False, separators=(",", ":")))

    def _retry_later(self, key: str, p: _Pending) -> None:
        """The owner cannot take the intent yet: send it again after a short wait, 50 ms doubling up
        to 1 s (with jitter, so that the intents waiting for one table do not come back together),
        rather than at once (that was a tight loop of NOTIFY round trips for as long as a take-over
        took). Past `forward_give_up_s` from its first sending, the client is told to try again."""
        now = time.monotonic()
        if now - p.since > self.cfg.forward_give_up_s:
            if self.pending.pop(key, None) is p:
                p.conn.send({"type": "error", "code": "unavailable", "id": p.msg.get("id"),
                             "message": "the server running this table is not ready; try again"})
            return
        if p.backoff is None:
            p.backoff = Backoff(self.cfg.retry_first_s, self.cfg.retry_max_s)
        wait = p.backoff.delay()
        p.sent = now + wait  # no answer is awaited meanwhile: the forward timeout counts from the retry
        self.counts["forward_waits"] += 1
        self._spawn(self._retry_after(key, p, p.tries, wait))

    async def _retry_after(self, key: str, p: _Pending, sendings: int, wait: float) -> None:
        await asyncio.sleep(wait)
        if self.pending.get(key) is p and p.tries == sendings:  # not answered nor sent again meanwhile
            await self._resend(key)

    async def _answer_here(self, p: _Pending) -> None:
        """This instance owns the table now. A move stored before its owner died is acknowledged
        from the log; one meant for the position the table is still at is carried out."""
        t = p.table
        d = t.current
        cid = p.msg.get("id") if isinstance(p.msg.get("id"), str) else None
        known = await self._known_answer(t, p.conn.position, p.msg, None)
        if known is not None:
            for frame in known:
                p.conn.send(frame)
        elif (d.no, len(d.state.history)) == (p.deal_no, p.seq):
            await self.handler(self.ctx, t, p.conn, json.dumps(p.msg))
        else:
            p.conn.send({"type": "error", "code": "stale", "id": cid,
                         "message": "the table moved on while its server changed; look again and resend"})

    async def _check_pending(self) -> None:
        """An intent whose owner is silent is sent again, after `forward_timeout_s`, then twice, four
        and eight times as long (the owner's answer or its "got" stops that), until
        `forward_give_up_s`. One the owner said it has is waited for as long as that owner holds
        the table's lease, and sent on only when the lease moved (the new owner answers a move
        already stored from the log)."""
        now = time.monotonic()
        owners: dict[str, str | None] = {}
        for key, p in list(self.pending.items()):
            if p.conn.closed:
                self.pending.pop(key, None)
                continue
            if p.received:
                if now - p.sent <= self.cfg.forward_timeout_s:
                    continue
                tid = p.table.id
                if tid not in owners:
                    owners[tid] = await self._owner_of(tid)
                if self.pending.get(key) is not p:
                    continue
                if owners[tid] != p.owner:  # it lost the table: ask the one holding it now
                    await self._resend(key)
                    continue
                if now - p.since < 4 * self.cfg.forward_give_up_s:  # alive (it renews the lease) and busy
                    p.sent = now
                    continue
            elif now - p.sent <= self.cfg.forward_timeout_s * 2 ** min(p.timeouts, 3):
                continue
            p.timeouts += 1
            if p.received or now - p.since > self.cfg.forward_give_up_s:
                self.pending.pop(key, None)
                p.conn.send({"type": "error", "code": "unavailable", "id": p.msg.get("id"),
                             "message": "the server running this table does not answer; try again"})
            else:
                await self._resend(key)

    def _on_direct_now(self, m: dict[str, Any]) -> None:
        """A message on this instance's channel, as the LISTEN connection reads it. An answer goes to
        its client at once, not in a task: the notification of the move it acknowledges follows it,
        and the state that shows the move must not reach the client first."""
        kind = m.get("k")
        if kind == "fwd":
            self._spawn(self._handle_forwarded(m))
            return
        key = m.get("c")
        p = self.pending.get(key) if isinstance(key, str) else None
        if p is None:
            return
        if kind == "got":  # the owner has it and is working on it: wait for it, do not send it again
            if m.get("i") == p.owner:
                p.received, p.sent = True, time.monotonic()
            return
        if kind != "re":
            return
        if m.get("loading"):  # the owner is putting the table in place: ask again a little later
            self._retry_later(key, p)
            return
        if m.get("moved"):  # not the owner any more: find the new one
            self._spawn(self._resend(key, refused_by=m.get("i") or p.owner))
            return
        frames = [f for f in m.get("f", []) if isinstance(f, dict)]
        if m.get("i") not in (None, p.owner) and not any(f.get("type") == "ack" for f in frames):
            return  # a refusal from an owner asked before, since replaced: the one holding the table answers
        if self.pending.pop(key, None) is p:
            for frame in frames:
                p.conn.send(frame)

    async def _handle_forwarded(self, m: dict[str, Any]) -> None:
        """Carry out an intent relayed by another instance, once however often it is sent: a copy of
        one answered, or being answered, gets the original's answer. The answer is queued as the
        handler sends it, before the state it leads to is announced; an answer slower than
        `receipt_after_s` is preceded by a "got", so that the relayer waits rather than resends."""
        tid, key, asker = m.get("t"), m.get("c"), m.get("r")
        t = self.manager.live.get(tid)
        reply: dict[str, Any] = {"k": "re", "c": key, "i": self.me}
        if t is None or not t.owned:
            reply["moved"] = True  # (an instance of an older version reads "loading" as this)
            if self._is_loading(tid):
                reply["loading"] = True
            await self._notify(f"yezi_i_{asker}", _reply_text(reply))  # nothing changed here: no order to keep
            return
        msg = m.get("m") if isinstance(m.get("m"), dict) else {}
        pos = m.get("p") if isinstance(m.get("p"), int) and not isinstance(m.get("p"), bool) else None
        conn = _Capture(pos, lang=m.get("l") or "zh-hant", client=str(m.get("cl") or "?"))
        conn.out = reply["f"] = []
        conn.on_answer = lambda: self._reply(asker, reply)
        conn.received = time.perf_counter()
        receipt = asyncio.get_running_loop().call_later(self.cfg.receipt_after_s, self._reply, asker,
                                                        {"k": "got", "c": key, "i": self.me})
        try:
            known = await self._known_answer(t, pos, msg, key)
            ident = _identity(t.id, pos, msg, key)
            first = self._answering.get(ident) if ident is not None else None
            if known is None and first is not None and first[0] == msg:  # the original is being answered
                known = list(await asyncio.shield(first[1]))
            if known is not None:
                for frame in known:
                    conn.send(frame)
            else:
                await self._answer_first(t, conn, msg, ident)
        finally:
            receipt.cancel()
        if not conn.out:  # (every handler answers) never a relayer left waiting
            conn.send({"type": "error", "code": "server", "id": msg.get("id"), "message": "not done"})

    async def _answer_first(self, t: LiveTable, conn: _Capture, msg: dict[str, Any],
                            ident: tuple[Any, ...] | None) -> None:
        """The first sending of a relayed intent: carried out, and its answer remembered."""
        done: asyncio.Future = asyncio.get_running_loop().create_future()
        if ident is not None:
            self._answering[ident] = (msg, done)
        try:
            await self.handler(self.ctx, t, conn, json.dumps(msg))
        except Exception as e:
            conn.send({**store_failure(e, t.id, "not done"), "id": msg.get("id")})
        finally:
            frames = list(conn.out)
            if ident is not None:
                self._answering.pop(ident, None)
                self._remember(ident, msg, frames)
            done.set_result(frames)

    async def _known_answer(self, t: LiveTable, pos: int | None, msg: dict[str, Any],
                            key: Any) -> list[dict[str, Any]] | None:
        """The answer this intent already got, if it is a copy: as remembered here, or, for a move
        played before this instance answered for the table (a take-over), its ack from the log."""
        ident = _identity(t.id, pos, msg, key)
        now = time.monotonic()
        while self._answers and next(iter(self._answers.values()))[0] < now - self.cfg.answers_keep_s:
            self._answers.popitem(last=False)
        seen = self._answers.get(ident) if ident is not None else None
        if seen is not None and seen[1] == msg:
            return list(seen[2])
        cid = msg.get("id")
        if msg.get("type") != "action" or not isinstance(cid, str) or cid not in t.client_ids:
            return None
        row = await self.store.run(event_of, self.store, t.id, cid)
        if row is None or not _same_move(t, pos, msg, row):
            return None  # another seat's move, or another move: refused as a reused id
        deal_no, seq, _seat, action = row
        return [{"type": "ack", "id": cid, "action": action, "seq": seq + 1, "deal_no": deal_no, "recovered": True}]

    def _remember(self, ident: tuple[Any, ...], msg: dict[str, Any], frames: list[dict[str, Any]]) -> None:
        self._answers[ident] = (time.monotonic(), msg, frames)
        self._answers.move_to_end(ident)
        while len(self._answers) > self.cfg.answers_max:
            self._answers.popitem(last=False)

    def _acked_in_log(self, t: LiveTable, events: list[tuple[int, int, int, int, str | None]]) -> None:
        """Moves of intents relayed from here, read from the log before their owner's answer came:
        stored, so their seats are told so now, before the state that shows them."""
        waiting = {p.msg.get("id"): key for key, p in self.pending.items()
                   if p.table is t and p.msg.get("type") == "action" and isinstance(p.msg.get("id"), str)}
        for deal_no, seq, seat, action, cid in events if waiting else ():
            key = waiting.get(cid)
            p = self.pending.get(key) if key is not None else None
            if p is not None and _same_move(t, p.conn.position, p.msg, (deal_no, seq, seat, action)):
                del self.pending[key]
                p.conn.send({"type": "ack", "id": cid, "action": action, "seq": seq + 1, "deal_no": deal_no,
                             "recovered": True})

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._bg.add(task)
        task.add_done_callback(self._bg.discard)


# ---- reading and applying the log ------------------------------------------------------------

def read_since(store: Store, tid: str, deal_no: int, seq: int) -> dict[str, Any]:
    """A table's players and status, and its deals and events after (deal_no, seq)."""
    with store.engine.connect() as c:
        status = c.execute(select(tables_t.c.status).where(tables_t.c.id == tid)).scalar()
        players = c.execute(select(players_t).where(players_t.c.table_id == tid)
                            .order_by(players_t.c.position)).mappings().all()
        deals = c.execute(select(deals_t).where(deals_t.c.table_id == tid, deals_t.c.deal_no > deal_no)
                          .order_by(deals_t.c.deal_no)).mappings().all()
        events = c.execute(select(events_t).where(
            events_t.c.table_id == tid,
            ((events_t.c.deal_no == deal_no) & (events_t.c.seq >= seq)) | (events_t.c.deal_no > deal_no),
        ).order_by(events_t.c.deal_no, events_t.c.seq)).mappings().all()
    return {
        "status": status,
        "players": [dict(r) for r in players],
        "deals": [(r["deal_no"], r["dealer"], r["seed"], json.loads(r["deal"])) for r in deals],
        "events": [(r["deal_no"], r["seq"], r["seat"], r["action"], r["client_id"]) for r in events],
    }


def _presence_of(t: LiveTable) -> tuple[int, int]:
    """This instance's connections at a table: a mask of the seats held, and how many watch."""
    mask = watching = 0
    for c in t.conns:
        if c.position is None:
            watching += 1
        else:
            mask |= 1 << c.position
    return mask, watching


def event_of(store: Store, tid: str, cid: str) -> tuple[int, int, int, int] | None:
    """The stored move of a client's move id at a table: (deal_no, seq, seat, action)."""
    with store.engine.connect() as c:
        r = c.execute(select(events_t.c.deal_no, events_t.c.seq, events_t.c.seat, events_t.c.action)
                      .where(events_t.c.table_id == tid, events_t.c.client_id == cid)).first()
    return None if r is None else (r[0], r[1], r[2], r[3])


def _identity(tid: str, pos: int | None, msg: dict[str, Any], key: Any) -> tuple[Any, ...] | None:
    """What makes copies of a relayed intent one intent: its table, seat, kind and the client's id
    (move ids are the client's; one without an id is one by the relaying instance's key)."""
    cid = msg.get("id")
    if isinstance(cid, str):
        return (tid, pos, msg.get("type"), cid)
    return None if key is None else (tid, pos, msg.get("type"), None, key)


def _same_move(t: LiveTable, pos: int | None, msg: dict[str, Any], row: tuple[int, int, int, int]) -> bool:
    """Is the stored move `row` (deal_no, seq, seat, action) the one this intent of `pos` asks for?"""
    deal_no, seq, seat, action = row
    if pos is None or not 0 <= deal_no < len(t.deals) or (t.deals[deal_no].dealer + seat) % t.n != pos:
        return False
    if "seq" in msg and msg["seq"] != seq:
        return False
    a = msg.get("action")
    if isinstance(a, str):
        try:
            a = t.game.parse_action(a)
        except NotationError:
            return False
    return isinstance(a, int) and not isinstance(a, bool) and a == action


def _reply_text(reply: dict[str, Any]) -> str:
    """A message to another instance as a NOTIFY payload (an answer far too long says less)."""
    text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode()) > MAX_PAYLOAD and reply.get("f"):
        short = {**reply, "f": [{k: f.get(k) for k in ("type", "code", "id", "seq", "deal_no")} for f in reply["f"]]}
        text = json.dumps(short, ensure_ascii=False, separators=(",", ":"))
    return text


def client_ids_of(store: Store, tid: str) -> set[str]:
    with store.engine.connect() as c:
        rows = c.execute(select(events_t.c.client_id).where(events_t.c.table_id == tid,
                                                            events_t.c.client_id.is_not(None)))
        return {r[0] for r in rows}


def _apply_players(t: LiveTable, rows: list[dict[str, Any]]) -> bool:
    """Bring the seats up to date with the database (a seat claimed, renamed or re-invited through
    another instance). A seat whose token changed had its invitation re-issued: the connections
    here that opened it with the old link are told and closed, as on the instance that re-issued it."""
    changed = False
    for r in rows:
        pos = r["position"]
        if not 0 <= pos < len(t.players):
            continue
        p = t.players[pos]
        new = (r["name"], bool(r["claimed"]), r["token_hash"], r.get("access") or "open")
        if (p.name, p.claimed, p.token_hash, p.access) != new:
            if p.token_hash is not None and p.token_hash != new[2]:
                for c in list(t.conns):
                    if c.position == pos:
                        c.send({"type": "error", "code": "bad-token", "message": "the host issued a new "
                                "invitation for this seat; this link no longer works"})
                        c.close(4403)
            p.name, p.claimed, p.token_hash, p.access = new
            changed = True
    return changed


def _replace_state(t: LiveTable, fresh: LiveTable) -> None:
    """Give a live table (its connections stay) the state of a fresh load from the log. Its loops
    are stopped and forgotten: a task cancelled is not done until it next runs, and `kick` would
    take it for running and start none (the table's bots stood still)."""
    for task in (t.bot_task, t.clock_task):
        if task is not None:
            task.cancel()
    t.bot_task = t.clock_task = None
    t.row, t.players, t.deals, t.match = fresh.row, fresh.players, fresh.deals, fresh.match
    t.clock, t.rematch = fresh.clock, fresh.rematch
    t.client_ids, t.bots, t.rng = fresh.client_ids, fresh.bots, fresh.rng
    t.answers = fresh.answers  # (yezi.server.together: kept with the stored clock)
    t.last_activity, t.playing_as = fresh.last_activity, {}
    t._logs.clear()
    t.frames = FrameCache(t)


def conninfo_of(store: Store) -> str:
    """The libpq URL of the store's database (for psycopg's own LISTEN connection)."""
    url = store.engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)
