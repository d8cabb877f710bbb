"""What every request handler needs, in one object: the settings, the store, the live tables.

`create_app` builds one `AppContext` and keeps it on ``app.state.ctx``; handlers reach it with
`context_of(request)` (a WebSocket works the same), so route modules hold no globals and a test can
build an app with its own settings.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection

from yezi.server.config import Settings
from yezi.server.db import Store
from yezi.server.tables import TableManager


@dataclass
class LoopLag:
    """How late the event loop woke up (ms): a blocked loop delays every table."""

    max_ms: float = 0.0
    window: list[float] = field(default_factory=list)


@dataclass
class AppContext:
    settings: Settings
    store: Store
    manager: TableManager
    lag: LoopLag = field(default_factory=LoopLag)
    # background hint computations, kept referenced until done
    hint_tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    # yezi.server.cluster.Cluster when several instances share a PostgreSQL database
    cluster: Any = None
    # yezi.server.health.DatabaseProbe: does the database answer (GET /api/health)
    probe: Any = None
    # yezi.server.chat.ChatService: the tables' players' and spectators' rooms
    chat: Any = None
    # yezi.server.accounts.deliver.NoticeService: notices, live, pushed and mailed
    notices: Any = None


def context_of(conn: HTTPConnection) -> AppContext:
    return conn.app.state.ctx
