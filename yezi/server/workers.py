"""Thinking off the event loop: worker processes with a fair queue and CPU budgets in front.

The event loop serves every table; a search of several seconds run on it (or in one of its
threads: a thread holds the GIL) makes every other player wait. So bot moves, hints and uploaded
records are worked out in worker processes (`yezi.server.jobs`), in two lanes:

* `people`: bots at tables with a person, hints, uploads; `Settings.workers` processes.
* `background`: tables whose every seat is a bot; `Settings.background_workers` processes at a
  lower CPU priority (`Settings.workers_nice`), so that they only use CPU nobody else wants.

In each lane jobs wait in a fair queue (`yezi.server.fairqueue`): per client, then per table, the
next free worker going to whoever had the fewest turns, so one client's many instant tables
cannot delay another client's bots (issue 26); within a client a bot move someone waits for goes
first, then hints, then uploads.

Every job is charged its CPU time to its table, its client and the server (`Budgets`). An all-bot
table over its budget (or its client's) waits before its next move; strong bots are rationed
under their own client's load, never another's: ``search-strong`` plays as ``search-normal``
while `Settings.ration_queue` jobs of its client wait in its lane or its table (or client) is over
budget, and any search level plays as ``search-easy`` while twice as many wait or it is over budget
while the whole server is. The table shows what its bots play as. A move for a table over its
budget also waits until no other client's job is queued in its lane.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from yezi.server import jobs
from yezi.server.budget import Budgets, TokenBucket
from yezi.server.config import Settings
from yezi.server.fairqueue import FairQueue, Ticket

log = logging.getLogger("yezi.server")

# within one client's jobs (between clients, the one that had the fewest turns goes first)
PRIORITY_BOT = 0  # a person waits for this move
PRIORITY_HINT = 1
PRIORITY_UPLOAD = 2

SEARCH_ORDER = ("search-easy", "search-normal", "search-strong")


class Busy(Exception):
    """The server will not take this job now (its queue is long or the client is over budget)."""

    def __init__(self, message: str, retry_after: float = 1.0):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


def _context() -> Any:
    """forkserver where there is one (workers start from a small clean process with the engines
    already imported), else spawn; never fork, which would copy the server's threads and sockets."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        from yezi.core.registry import GAMES

        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["yezi.server.jobs", "yezi.bots.search", "yezi.bots.hints",
                                    *sorted({target.split(":")[0] for target in GAMES.values()})])
        return ctx
    return multiprocessing.get_context("spawn")


class Lane:
    """A process pool with a fair queue in front (`yezi.server.fairqueue`): at most `size` jobs are
    in the pool at once (so a later, more urgent job never waits behind a queue inside the pool);
    the others wait here, per client and per table, and the next free worker goes to the client
    (then the table) that has had the fewest turns, so that one client's many jobs cannot keep
    another's waiting. Within a client, jobs go by priority and then by arrival."""

    def __init__(self, name: str, size: int, nice: int, context: Any):
        self.name = name
        self.size = max(1, size)
        self.nice = nice
        self.context = context
        self.executor: ProcessPoolExecutor | None = None
        self.running = 0
        self.done = 0
        self._queue: FairQueue[tuple[asyncio.Future, Callable[..., Any], tuple[Any, ...]]] = FairQueue()

    @property
    def pending(self) -> int:
        """Jobs waiting for a worker (not counting those being worked out)."""
        return len(self._queue)

    def pending_of(self, client: str | None) -> int:
        """Jobs of `client` waiting for a worker: its own load, which alone rations its bots."""
        return self._queue.queued_of(client)

    def _pool(self) -> ProcessPoolExecutor:
        if self.executor is None:
            self.executor = ProcessPoolExecutor(self.size, mp_context=self.context, initializer=jobs.init_worker,
                                                initargs=(self.nice, os.getpid()))
        return self.executor

    async def run(self, fn: Callable[..., Any], *args: Any, client: str | None = None, table: str | None = None,
                  priority: int = PRIORITY_BOT, late: bool = False) -> Any:
        """`fn(*args)` in a worker, queued as a job of `client` at `table`; a `late` job (over its
        budget) waits until no other client's job is queued."""
        fut = asyncio.get_running_loop().create_future()
        self._queue.push((fut, fn, args), client, table, priority, late)
        self._pump()
        return await fut

    def _pump(self) -> None:
        while self.running < self.size and (got := self._queue.pop()) is not None:
            ticket, (fut, fn, args) = got
            if fut.done():  # its caller gave up (a table closed): nobody needs it
                self._queue.finish(ticket)
                continue
            pool = self._pool()
            try:
                cf = pool.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError) as e:
                self._queue.finish(ticket)
                self._reset(pool, e)
                fut.set_exception(e)
                continue
            self.running += 1
            asyncio.wrap_future(cf).add_done_callback(
                lambda w, fut=fut, pool=pool, ticket=ticket: self._finish(w, fut, pool, ticket))

    def _finish(self, w: asyncio.Future, fut: asyncio.Future, pool: ProcessPoolExecutor, ticket: Ticket) -> None:
        self.running -= 1
        self.done += 1
        self._queue.finish(ticket)
        if w.cancelled():
            fut.cancel()
        elif w.exception() is not None:
            e = w.exception()
            if isinstance(e, BrokenProcessPool):  # a worker died (killed, out of memory): start afresh
                self._reset(pool, e)
            if not fut.done():
                fut.set_exception(e)
        elif not fut.done():
            fut.set_result(w.result())
        self._pump()

    def _reset(self, pool: ProcessPoolExecutor, e: BaseException) -> None:
        if pool is not self.executor:  # already replaced
            return
        log.error("worker pool %s broken (%s): starting new workers", self.name, e)
        pool.shutdown(wait=False, cancel_futures=True)
        self.executor = None

    def warm(self) -> None:
        """Start the workers now and load the engines in them, so the first move is not slow."""
        pool = self._pool()
        for _ in range(self.size):
            pool.submit(jobs.warm)

    def close(self) -> None:
        pool, self.executor = self.executor, None
        for fut, _, _ in self._queue.drain():
            fut.cancel()
        if pool is not None:
            for p in list((getattr(pool, "_processes", None) or {}).values()):
                p.terminate()  # a search may run for seconds more: nobody will read its answer
            pool.shutdown(wait=True, cancel_futures=True)  # frees the pool's queues and semaphores


class Thinker:
    """The server's thinking: the two lanes, the budgets and the rationing policy."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic):
        self.settings = settings
        ctx = _context()
        self.people = Lane("people", settings.workers, 0, ctx)
        self.background = Lane("background", settings.background_workers, settings.workers_nice, ctx)
        self.budgets = Budgets(settings.table_cpu_share, settings.client_cpu_share,
                               0.75 * (self.people.size + self.background.size), settings.cpu_burst_s, clock)
        self.clock = clock
        self.uploads: dict[str, TokenBucket] = {}
        self.hints_running: dict[str, int] = {}  # per client
        self.hints_waiting: dict[str, int] = {}
        self._hint_gates: dict[str, asyncio.Semaphore] = {}  # per client, while it has hints asked
        self.rationed_moves = 0

    def warm(self) -> None:
        self.people.warm()
        self.background.warm()

    def close(self) -> None:
        self.people.close()
        self.background.close()

    def stats(self) -> dict[str, Any]:
        return {lane.name: {"workers": lane.size, "running": lane.running, "waiting": lane.pending,
                            "done": lane.done} for lane in (self.people, self.background)} | {
            "rationed_moves": self.rationed_moves, "server_cpu_left_s": round(self.budgets.server.left(), 2)}

    # ---- bots ------------------------------------------------------------------------------
    def ration(self, level: str, client: str | None, lane: Lane, over_budget: bool) -> str:
        """The level a bot of `level` plays now for `client` (see the module docstring): only its
        own load counts (its jobs waiting in the lane, its table's and its own budget), never
        another client's, so a client flooding the pool rations its own tables alone."""
        if level not in SEARCH_ORDER:
            return level
        q = lane.pending_of(client)
        if q >= 2 * self.settings.ration_queue or (over_budget and self.budgets.server_in_debt()):
            return SEARCH_ORDER[0]
        if (q >= self.settings.ration_queue or over_budget) and level == SEARCH_ORDER[-1]:
            return SEARCH_ORDER[1]
        return level

    async def bot_move(self, table: str, client: str, people: bool, spec: jobs.GameSpec, level: str,
                       view: dict[str, Any], legal: list[int], seed: int) -> tuple[int, str]:
        """The move of bot `level` at `table` from `view`; returns it with the level it was played at.

        At an all-bot table (`people` false) the move waits while the table or its client is over
        budget, and is worked out in the background lane."""
        lane = self.people if people else self.background
        if not people:
            while (w := self.budgets.wait(table, client)) > 0:
                await asyncio.sleep(min(w, 5.0))
        over = self.budgets.wait(table, client) > 0
        played = self.ration(level, client, lane, over)
        if played != level:
            self.rationed_moves += 1
        action, cpu = await lane.run(jobs.bot_move, spec, played, view, legal, seed, client=client, table=table,
                                     priority=PRIORITY_BOT, late=over)
        self.budgets.charge(table, client, cpu)
        return action, played

    # ---- a seat's questions, uploads ---------------------------------------------------------
    def _refuse_if_queued(self, client: str | None) -> None:
        """Busy when `client` already has `max_queued_jobs` jobs waiting: its own queue, not the
        server's (another client's tables must not get this one's questions refused)."""
        if self.people.pending_of(client) >= self.settings.max_queued_jobs:
            raise Busy("the server is busy; ask again in a moment", 2.0)

    async def _charged(self, table: str | None, client: str | None, priority: int, fn: Callable[..., Any],
                       *args: Any) -> Any:
        """`fn(*args)` in the people lane as a job of `client`, its CPU time charged to the budgets;
        its result without the CPU time (`jobs` functions return it last)."""
        *out, cpu = await self.people.run(fn, *args, client=client, table=table, priority=priority)
        self.budgets.charge(table, client, cpu)
        return out[0] if len(out) == 1 else tuple(out)

    async def _people_job(self, table: str | None, client: str | None, priority: int, fn: Callable[..., Any],
                          *args: Any) -> Any:
        """A seat's question or an upload: refused while its client's queue is long or the table or
        client is over its CPU budget, else worked out and charged (`_charged`)."""
        self._refuse_if_queued(client)
        if (w := self.budgets.wait(table, client)) > 0:
            raise Busy("you have used your share of the server's time; try again later", w)
        return await self._charged(table, client, priority, fn, *args)

    def _hint_gate(self, client: str) -> asyncio.Semaphore:
        gate = self._hint_gates.get(client)
        if gate is None:
            gate = self._hint_gates[client] = asyncio.Semaphore(self.settings.hints_at_once)
        return gate

    async def hint(self, table: str, client: str, spec: jobs.GameSpec, view: dict[str, Any], legal: list[int],
                   level: str, lang: str, seed: int) -> dict[str, Any]:
        """A seat's hint, worked out in the people lane after its client's bot moves; at most
        `Settings.hints_at_once` at once per client (its others wait their turn, up to
        `max_queued_jobs`), however many other clients are asking; a table or client over its
        CPU budget gets a cheaper search."""
        self._refuse_if_queued(client)
        waiting = self.hints_waiting.get(client, 0)
        if waiting >= self.settings.max_queued_jobs:
            raise Busy("the server is working out many other hints; ask again in a moment", 2.0)
        gate = self._hint_gate(client)
        self.hints_waiting[client] = waiting + 1
        entered = False
        try:
            async with gate:
                self._hint_left(self.hints_waiting, client)
                entered = True
                self.hints_running[client] = self.hints_running.get(client, 0) + 1
                try:
                    if self.budgets.wait(table, client) > 0:
                        level = "easy"  # over its share: a cheaper search
                    return await self._charged(table, client, PRIORITY_HINT, jobs.hint, spec, view, legal, level,
                                               lang, seed)
                finally:
                    self._hint_left(self.hints_running, client)
        finally:
            if not entered:  # given up while waiting its turn
                self._hint_left(self.hints_waiting, client)
            if client not in self.hints_waiting and client not in self.hints_running:
                self._hint_gates.pop(client, None)  # nobody holds it or waits for it

    @staticmethod
    def _hint_left(counts: dict[str, int], client: str) -> None:
        n = counts.get(client, 0) - 1
        if n > 0:
            counts[client] = n
        else:
            counts.pop(client, None)

    # ---- explanations ----------------------------------------------------------------------
    async def explain(self, table: str, client: str, spec: jobs.GameSpec, deal: Any, history: list[int],
                      seat: int, lang: str = "en") -> dict[str, Any]:
        """A seat's explanations (why each 老歲 card is one), in the people lane after hints, in `lang`."""
        return await self._people_job(table, client, PRIORITY_UPLOAD, jobs.explain, spec, deal, history, seat, lang)

    async def refusals(self, table: str, client: str, spec: jobs.GameSpec, view: dict[str, Any], actions: list[int],
                       lang: str, seed: int) -> dict[str, Any]:
        """Why the seat may not make these moves (a tapped greyed card), in the people lane after
        hints: the engine's rule check can take milliseconds, and the loop serves every table."""
        return await self._people_job(table, client, PRIORITY_HINT, jobs.refusals, spec, view, actions, lang, seed)

    # ---- uploads ---------------------------------------------------------------------------
    def upload_allowed(self, client: str) -> float:
        """0 when `client` may upload a record now, else the seconds to wait (the rate per client)."""
        b = self.uploads.get(client)
        if b is None:
            if len(self.uploads) > 4096:
                self.uploads = {k: v for k, v in self.uploads.items() if not v.full}
            b = self.uploads[client] = TokenBucket(self.settings.uploads_per_minute / 60,
                                                   self.settings.uploads_burst, self.clock)
        if b.take():
            return 0.0
        return max(1.0, (1 - b.left()) / b.rate)

    async def replay(self, client: str, text: str, seat: str) -> tuple[int, bytes]:
        """An uploaded record replayed in a worker: (HTTP status, JSON bytes)."""
        return await self._people_job(None, client, PRIORITY_UPLOAD, jobs.replay, text, seat)
