"""Shared by tests/security/test_access_*.py: a real `yezi serve` of the test's own, configured
through its environment (the shared servers of tests/web lift every per-client cap)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from tests.web.helpers import Server


@contextmanager
def access_server(log_level: str = "warning", nofile: int | None = None, bot_delay: float = 0.0,
               **env: str) -> Iterator[Server]:
    d = tempfile.mkdtemp(prefix="yezi-access-")
    srv = Server("sqlite:///" + os.path.join(d, "yezi.db"), bot_delay=bot_delay, env=env, log_level=log_level,
                 nofile=nofile).start()
    try:
        yield srv
    finally:
        srv.stop()
