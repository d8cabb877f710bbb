"""Thinking off the event loop: worker processes with a priority queue and CPU budgets in front.

The event loop serves every table; a search of several seconds run on it (or in one of its
threads: a thread holds the GIL) makes every other player wait. So bot moves, hints and uploaded
records are worked out in worker processes (`yezi.server.jobs`), in two lanes:

* `people`: bots at tables with a person, hints, uploads; `Settings.workers` processes. Jobs wait
  in a priority queue: a bot move someone waits for first, then hints, then uploads.
* `background`: tables whose every seat is a bot; `Settings.background_workers` processes at a
  lower CPU priority (`Settings.workers_nice`), so that they only use CPU nobody else wants.

Every job is charged its CPU time to its table, its client and the server (`Budgets`). An all-bot
table over its budget (or its client's) waits before its next move; strong bots are rationed
under load: ``search-strong`` plays as ``search-normal`` while `Settings.ration_queue` jobs wait
in its lane or its table is over budget, and any search level plays as ``search-easy`` while
twice as many wait or the server is over budget. The table shows what its bots play as. A
move for a table over its budget also waits behind every other job of its lane.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
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

log = logging.getLogger("yezi.server")

PRIORITY_BOT = 0  # a person waits for this move
PRIORITY_HINT = 1
PRIORITY_UPLOAD = 2
PRIORITY_OVER_BUDGET = 3  # a table or client over its CPU budget: after everyone else

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
    """A process pool with a priority queue in front: at most `size` jobs are in the pool at once
    (so a later, more urgent job never waits behind a queue inside the pool); the others wait
    here, by priority and then by arrival."""

    def __init__(self, name: str, size: int, nice: int, context: Any):
        self.name = name
        self.size = max(1, size)
        self.nice = nice
        self.context = context
        self.executor: ProcessPoolExecutor | None = None
        self.running = 0
        self.done = 0
        self._queue: list[tuple[int, int, asyncio.Future, Callable[..., Any], tuple[Any, ...]]] = []
        self._order = itertools.count()

    @property
    def pending(self) -> int:
        """Jobs waiting for a worker (not counting those being worked out)."""
        return len(self._queue)

    def _pool(self) -> ProcessPoolExecutor:
        if self.executor is None:
            self.executor = ProcessPoolExecutor(self.size, mp_context=self.context, initializer=jobs.init_worker,
                                                initargs=(self.nice, os.getpid()))
        return self.executor

    async def run(self, priority: int, fn: Callable[..., Any], *args: Any) -> Any:
        fut = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (priority, next(self._order), fut, fn, args))
        self._pump()
        return await fut

    def _pump(self) -> None:
        while self.running < self.size and self._queue:
            _, _, fut, fn, args = heapq.heappop(self._queue)
            if fut.done():  # its caller gave up (a table closed): nobody needs it
                continue
            pool = self._pool()
            try:
                cf = pool.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError) as e:
                self._reset(pool, e)
                fut.set_exception(e)
                continue
            self.running += 1
            asyncio.wrap_future(cf).add_done_callback(lambda w, fut=fut, pool=pool: self._finish(w, fut, pool))

    def _finish(self, w: asyncio.Future, fut: asyncio.Future, pool: ProcessPoolExecutor) -> None:
        self.running -= 1
        self.done += 1
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
        for _, _, fut, _, _ in self._queue:
            fut.cancel()
        self._queue.clear()
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
        self.hints_running = 0
        self.hints_waiting = 0
        self._hint_slots: asyncio.Semaphore | None = None  # made in the event loop, on first use
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
    def ration(self, level: str, lane: Lane, over_budget: bool) -> str:
        """The level a bot of `level` plays now (see the module docstring)."""
        if level not in SEARCH_ORDER:
            return level
        q = lane.pending
        if q >= 2 * self.settings.ration_queue or self.budgets.server_in_debt():
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
        played = self.ration(level, lane, over)
        if played != level:
            self.rationed_moves += 1
        action, cpu = await lane.run(PRIORITY_OVER_BUDGET if over else PRIORITY_BOT, jobs.bot_move, spec, played,
                                     view, legal, seed)
        self.budgets.charge(table, client, cpu)
        return action, played

    # ---- hints -----------------------------------------------------------------------------
    async def hint(self, table: str, client: str, spec: jobs.GameSpec, view: dict[str, Any], legal: list[int],
                   level: str, lang: str, seed: int) -> dict[str, Any]:
        """A seat's hint, worked out in the people lane behind the bots' moves; at most
        `Settings.hints_at_once` at once (the others wait their turn, up to `max_queued_jobs`);
        a table or client over its CPU budget gets a cheaper search."""
        if self.hints_waiting >= self.settings.max_queued_jobs or self.people.pending >= self.settings.max_queued_jobs:
            raise Busy("the server is working out many other hints; ask again in a moment", 2.0)
        if self._hint_slots is None:
            self._hint_slots = asyncio.Semaphore(self.settings.hints_at_once)
        self.hints_waiting += 1
        entered = False
        try:
            async with self._hint_slots:
                self.hints_waiting -= 1
                entered = True
                self.hints_running += 1
                try:
                    if self.budgets.wait(table, client) > 0 or self.budgets.server_in_debt():
                        level = "easy"  # over its share: a cheaper search
                    h, cpu = await self.people.run(PRIORITY_HINT, jobs.hint, spec, view, legal, level, lang, seed)
                finally:
                    self.hints_running -= 1
        finally:
            if not entered:
                self.hints_waiting -= 1
        self.budgets.charge(table, client, cpu)
        return h

    # ---- explanations ----------------------------------------------------------------------
    async def explain(self, table: str, client: str, spec: jobs.GameSpec, deal: Any, history: list[int],
                      seat: int, lang: str = "en") -> dict[str, Any]:
        """A seat's explanations (why each 老歲 card is one), in the people lane after hints, in `lang`."""
        if self.people.pending >= self.settings.max_queued_jobs:
            raise Busy("the server is busy; ask again in a moment", 2.0)
        if (w := self.budgets.wait(table, client)) > 0:
            raise Busy("you have used your share of the server's time; try again later", w)
        out, cpu = await self.people.run(PRIORITY_UPLOAD, jobs.explain, spec, deal, history, seat, lang)
        self.budgets.charge(table, client, cpu)
        return out

    async def refusals(self, table: str, client: str, spec: jobs.GameSpec, view: dict[str, Any], actions: list[int],
                       lang: str, seed: int) -> dict[str, Any]:
        """Why the seat may not make these moves (a tapped greyed card), in the people lane after
        hints: the engine's rule check can take milliseconds, and the loop serves every table."""
        if self.people.pending >= self.settings.max_queued_jobs:
            raise Busy("the server is busy; ask again in a moment", 2.0)
        if (w := self.budgets.wait(table, client)) > 0:
            raise Busy("you have used your share of the server's time; try again later", w)
        out, cpu = await self.people.run(PRIORITY_HINT, jobs.refusals, spec, view, actions, lang, seed)
        self.budgets.charge(table, client, cpu)
        return out

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
        if self.people.pending >= self.settings.max_queued_jobs:
            raise Busy("the server is busy; try again in a moment", 2.0)
        if (w := self.budgets.wait(None, client)) > 0:
            raise Busy("you have used your share of the server's time; try again later", w)
        status, body, cpu = await self.people.run(PRIORITY_UPLOAD, jobs.replay, text, seat)
        self.budgets.charge(None, client, cpu)
        return status, body
