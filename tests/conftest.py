"""Fixtures shared by the browser tests of every game (helpers in tests/web/helpers.py)."""

import pytest


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for this module's tests; skips them without Playwright or Chromium."""
    from tests.web.helpers import chromium

    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def web(request):
    """A server on a fresh SQLite database for this module; its bots wait the module's
    `WEB_BOT_DELAY` seconds (0 where unset) so that a browser sees each move."""
    from tests.web.helpers import sqlite_server

    with sqlite_server(bot_delay=getattr(request.module, "WEB_BOT_DELAY", 0.0)) as srv:
        yield srv
