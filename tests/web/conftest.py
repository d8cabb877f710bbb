import importlib.util
import itertools
import os
import tempfile

import pytest

_WEB_DEPS = ("starlette", "uvicorn", "sqlalchemy", "alembic", "websockets", "httpx")
if any(importlib.util.find_spec(m) is None for m in _WEB_DEPS):  # the web extras are not installed
    collect_ignore_glob = ["test_*.py"]
else:
    from tests.web.helpers import Server, add_server_log_on_failure, started_servers

_db_counter = itertools.count()


@pytest.fixture
def pg_url(postgres, request):
    """A fresh database of the throwaway PostgreSQL, named after the test (the cluster tests)."""
    return postgres.url(f"yezi_lease_{os.getpid()}_{request.node.name[-40:].lower()}")


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_kind(request):
    return request.param


def make_url(kind: str, request) -> str:
    if kind == "sqlite":
        d = tempfile.mkdtemp(prefix="yezi-db-")
        return "sqlite:///" + os.path.join(d, "yezi.db")
    pg = request.getfixturevalue("postgres")
    return pg.url(f"yezi_{os.getpid()}_{next(_db_counter)}")


@pytest.fixture(scope="session")
def db_url_factory(request):
    return lambda kind: make_url(kind, request)


@pytest.fixture(scope="module")
def server(request, db_kind):
    """One server per backend per module; tests create their own tables on it."""
    srv = Server(make_url(db_kind, request)).start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server(request, db_kind):
    """A server of this test's own, for tests that load it (busy all-bot tables) or configure it
    (`env`): they must not slow or change the module's shared server. Call it with the extra
    environment, e.g. ``own_server(YEZI_RATE_PER_S="5")``."""
    yield from started_servers(lambda: make_url(db_kind, request))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing web test shows the end of its server's log (tracebacks from the server side)."""
    outcome = yield
    add_server_log_on_failure(item, outcome.get_result())
