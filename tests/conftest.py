"""Fixtures shared by the browser tests of every game (helpers in tests/web/helpers.py), and the
share of the cores each pytest-xdist worker may use."""

import os
import sys

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run unless asked otherwise: a CI run fails for a change,
# not for the day's luck (a random draw that finds a bug is kept by `print_blob` for its reproduction).
# ``YEZI_HYPOTHESIS=explore`` draws new examples each run, for a search for new failures.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("YEZI_HYPOTHESIS", "ci"))


def pytest_configure(config):
    """Under pytest-xdist (`.ci/run` runs ``-n 2``) the workers already share the cores: a differential
    run (yezi/native/base.py `differential`) then uses this worker's share, not every core, so that
    it does not take the CPU from the worker beside it (whose server and timing tests need it).
    An explicit ``YEZI_TEST_WORKERS`` wins."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 0)
    if workers > 1:
        os.environ.setdefault("YEZI_TEST_WORKERS", str(max(1, (os.cpu_count() or 1) // workers)))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """`.ci/run` spreads the tests over workers with ``--dist loadgroup``, which moves whole groups: each
    file is a group of its own (as with ``--dist loadfile``: a module's server, browser or Ray starts
    once), unless it names a group (``pytestmark = pytest.mark.xdist_group("clock")``: the modules
    that assert wall-clock bounds while running several servers take their turns on one worker)."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for this module's tests; skips them without Playwright or Chromium."""
    from tests.web.helpers import chromium

    with chromium() as b:
        yield b


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL for the whole run (of this pytest-xdist worker); each test takes
    a database of its own from it (``postgres.url(name)``). Skips without the binaries."""
    from tests.web.helpers import Postgres, postgres_available

    if not postgres_available():
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) not installed")
    pg = Postgres().start()
    yield pg
    pg.stop()


@pytest.fixture(scope="module")
def web(request):
    """A server on a fresh SQLite database for this module; its bots wait the module's
    `WEB_BOT_DELAY` seconds (0 where unset) so that a browser sees each move, and it runs with the
    module's `WEB_ENV` (``{"YEZI_DEAL_SEEDS": "7"}``: the same deals on every run)."""
    from tests.web.helpers import sqlite_server

    with sqlite_server(bot_delay=getattr(request.module, "WEB_BOT_DELAY", 0.0),
                       env=getattr(request.module, "WEB_ENV", None)) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _frame_views_match_their_schemas():
    """After each test, every frame it received matches the server's frame schema (/api/schema/frames)
    and each state frame's view its game's view schema (issue 25: every frame checked): the frames
    of the websockets clients of tests/web/helpers.py (`Client`) and those of Starlette's test
    sockets (`TestClient.websocket_connect`, wrapped by tests/frame_check.py)."""
    if "starlette.testclient" in sys.modules or "yezi.server" in sys.modules:
        from tests.frame_check import wrap_replays, wrap_starlette

        wrap_starlette()
        wrap_replays()
    yield
    helpers = sys.modules.get("tests.web.helpers")
    if helpers is not None:
        helpers.check_received_views()
    checker = sys.modules.get("tests.frame_check")
    if checker is not None:
        checker.check_noted()
