"""Fixtures for the attack tests: a real `yezi serve` subprocess (tests/web/helpers.py) on SQLite.

Bots wait 30 s before acting, so the tables the attacks and fuzzers open cost no CPU while the
tests run."""

from __future__ import annotations

import importlib.util
import os
import tempfile

import pytest

if any(importlib.util.find_spec(m) is None for m in ("starlette", "uvicorn", "sqlalchemy", "websockets", "httpx")):
    collect_ignore_glob = ["test_*.py"]
else:
    from tests.web.helpers import Server, add_server_log_on_failure, started_servers


def _sqlite_url() -> str:
    return "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-sec-"), "yezi.db")


@pytest.fixture(scope="module")
def server():
    srv = Server(_sqlite_url(), bot_delay=30).start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server():
    """A server with extra environment, e.g. ``own_server(YEZI_ALLOWED_ORIGINS="https://a.example")``."""
    yield from started_servers(_sqlite_url, bot_delay=30)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test shows the end of its server's log (tracebacks from the server side)."""
    outcome = yield
    add_server_log_on_failure(item, outcome.get_result())
