"""The ASGI app: lobby and table API over HTTP, live tables over WebSockets, the static client.

Clients send intents (an action, "next deal"); the engine decides. Each frame to a connection
is built from `view(seat)` of the seat it holds (spectators: `view(None)`), so nothing a seat
may not see ever leaves the server towards it.

This module only assembles: the store, the table manager and the settings go into one
`AppContext`; the handlers live in `yezi.server.routes`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response

from yezi.server import catalog, tournament
from yezi.server.accounts.deliver import NoticeService
from yezi.server.accounts.mail import mail_of
from yezi.server.chat import ChatService
from yezi.server.cluster import Cluster, cluster_wanted, conninfo_of
from yezi.server.config import Settings
from yezi.server.context import AppContext, LoopLag
from yezi.server.db import Store, make_engine, migrate
from yezi.server.expiry import sweeper
from yezi.server.health import DatabaseProbe
from yezi.server.http_util import SecurityHeaders, err, on_db_error
from yezi.server.loops import Loop, outage_exceptions
from yezi.server.origin import OriginGuard
from yezi.server.routes import all_routes
from yezi.server.routes.ws import handle_message
from yezi.server.stalls import StallWatch
from yezi.server.tables import TableManager

log = logging.getLogger("yezi.server")


async def _watch_loop_lag(lag: LoopLag, watch: StallWatch | None, loop: Loop) -> None:
    """How late the event loop wakes up: a blocked loop delays every table."""
    loop.ok()
    while True:
        t0 = time.perf_counter()
        await asyncio.sleep(0.01)
        if watch is not None:
            watch.beat()
        late = (time.perf_counter() - t0 - 0.01) * 1000
        lag.max_ms = max(lag.max_ms, late)
        lag.window.append(late)
        if len(lag.window) > 1000:
            lag.window = lag.window[-500:]


async def on_error(request: Request, exc: Exception) -> Response:
    return err("server", "internal error", 500)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    engine = make_engine(settings.database_url, settings.sqlite_synchronous)
    migrate(engine)
    store = Store(engine)
    manager = TableManager(store, settings)
    ctx = AppContext(settings=settings, store=store, manager=manager, probe=DatabaseProbe(engine))
    if cluster_wanted(settings.database_url):  # instances sharing PostgreSQL: leases and fan-out
        ctx.cluster = Cluster(ctx, handle_message, conninfo_of(store))
    ctx.chat = ChatService(store, manager, ctx.cluster)
    ctx.notices = NoticeService(store, settings, mail_of(settings))
    manager.on_turn = ctx.notices.turn_started  # "your move" at a turn-based table (yezi.server.timers)
    manager.on_notice = ctx.notices.send_later  # a club's table, a tournament's round

    @contextlib.asynccontextmanager
    async def lifespan(app):
        manager.thinker.warm()  # start the worker processes while the tables are restored
        catalog.warm()  # every engine and the lobby's catalogue once: before serving, not in a request
        if ctx.cluster is not None:
            await ctx.cluster.start()  # takes the open tables nobody holds, as a restart restores them
        else:
            n = await manager.restore_active()
            log.info("restored %d open tables", n)
        watch = StallWatch(settings.stall_log_ms) if settings.stall_log_ms > 0 else None
        if watch is not None:
            watch.start()
        loops = manager.loops
        monitor = loops.start("loop-lag", lambda lp: _watch_loop_lag(ctx.lag, watch, lp))
        expiry = loops.start("expiry", lambda lp: sweeper(manager, lp))
        rounds = loops.start("tournament rounds", lambda lp: tournament.advance_all(manager, lp))
        pushes = loops.start("notices", ctx.notices.run)
        if store.writer is not None:
            loops.thread("sqlite-writer", store.writer.alive)
        yield
        monitor.cancel()
        expiry.cancel()
        rounds.cancel()
        pushes.cancel()
        ctx.notices.close()
        if watch is not None:
            watch.stop()
        if ctx.cluster is not None:
            await ctx.cluster.stop()  # hands the leases back: another instance takes the tables at once
        manager.close()
        store.close()

    from yezi.server.routes.pages import not_found

    handlers: dict[Any, Any] = {500: on_error, 404: not_found} | {cls: on_db_error for cls in outage_exceptions()}
    app = Starlette(routes=all_routes(), lifespan=lifespan, exception_handlers=handlers,
                    middleware=[Middleware(SecurityHeaders),
                                Middleware(OriginGuard, allowed=settings.allowed_origins,
                                           hosts=settings.allowed_hosts)])
    app.state.ctx = ctx
    app.state.manager = manager
    app.state.store = store
    app.state.settings = settings
    return app
