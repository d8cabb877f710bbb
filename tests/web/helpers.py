"""Test helpers: a real server in a subprocess (so it can be SIGKILLed), a throwaway
PostgreSQL cluster, a small synchronous WebSocket client, and headless Chromium for the browser
tests of every game (tests/*/test_browser.py, tests/*/test_web.py)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import httpx
import orjson
import pytest
from websockets.sync.client import connect

from tests.view_helpers import view_errors

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_UNCHECKED: dict[int, Client] = {}  # the clients that received frames since `check_received_views` last ran


def slow_start(start_s: float, renewal_s: float = 0.0) -> dict[str, str]:
    """Environment for a `Server` whose start-up is slow on purpose: `start_s` seconds before it joins
    the cluster, and its lease renewal thread `renewal_s` late (tests/web/slow_start/sitecustomize.py)."""
    return {"PYTHONPATH": os.pathsep.join([os.path.join(ROOT, "tests", "web", "slow_start"), ROOT]),
            "YEZI_TEST_SLOW_START_S": str(start_s), "YEZI_TEST_SLOW_RENEWAL_S": str(renewal_s)}


def free_port() -> int:
    """A port that was free a moment ago. Only for names that need no listening socket (the throwaway
    PostgreSQL's Unix socket): the kernel may hand the same port to another caller before anything binds
    it (it picks ports at random, and pytest-xdist workers ask at once), so a server is never started on
    it; `Server` lets its process bind port 0 and reads back the port it got."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVING_ON = re.compile(rb"yezi: serving on http://127\.0\.0\.1:(\d+)")


class Server:
    """`yezi serve` with its own database, on a port its own process binds (`start`)."""

    def __init__(self, database_url: str, bot_delay: float = 0.0, env: dict[str, str] | None = None,
                 log_level: str = "warning", nofile: int | None = None, args: list[str] | None = None,
                 port: int = 0):
        self.database_url = database_url
        self.args = args or []  # more `yezi serve` options (e.g. --workers 2)
        self.bot_delay = bot_delay
        self.extra_env = env or {}
        self.log_level = log_level
        self.nofile = nofile  # an open-file limit for the server process (soft and hard)
        self.requested_port = port  # 0: the server process binds any free port, and says which
        self.port = port  # the port it serves on, known once `start` returns
        self.proc: subprocess.Popen | None = None
        self.log_path = tempfile.mktemp(prefix="yezi-server-", suffix=".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = dict(os.environ)
        env.update({"YEZI_BOT_DELAY": str(self.bot_delay), "YEZI_NEXT_DEAL_DELAY": "0",
                    "YEZI_CREATE_PER_MINUTE": "100000", "PYTHONPATH": ROOT,
                    # a scripted client answers every frame at once: far faster than the 10 a second
                    # (burst 20) allowed to people; the rate-limit test starts its own, strict server
                    "YEZI_RATE_PER_S": "100000", "YEZI_RATE_BURST": "100000",
                    # every test client comes from 127.0.0.1: the per-client caps are tested by
                    # tests/security/test_access_*.py on servers of their own
                    "YEZI_MAX_TABLES_PER_CLIENT": "100000", "YEZI_MAX_WS_PER_CLIENT": "100000",
                    "YEZI_MAX_CONNS_PER_PEER": "100000", "YEZI_LOBBY_PER_CLIENT": "100000",
                    "YEZI_MAX_SPECTATORS_PER_CLIENT": "100000",
                    # tests open many all-bot tables from one address; tests/security checks the caps
                    "YEZI_BOT_TABLES_PER_CLIENT": "100000", "YEZI_BOT_TABLES_MAX": "100000"})
        env.update(self.extra_env)
        log = open(self.log_path, "ab")  # noqa: SIM115 - the server writes to it for its lifetime
        log_start = log.seek(0, os.SEEK_END)  # this start's lines only (a restarted object appends)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "yezi.cli.serve", "--port", str(self.requested_port),
             "--database-url", self.database_url, "--bot-delay", str(self.bot_delay), "--log-level", self.log_level,
             *self.args],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=self._limits if self.nofile else None,
        )
        # The port is the one this process says it bound ("serving on", printed once its listening socket
        # is open). A port chosen here and bound there later could be taken meanwhile by another test's
        # server (pytest-xdist): this process would then exit "port in use" while the health poll below
        # was answered by that other server, whose stop() later closed this test's sockets (1012).
        deadline = time.time() + 30
        port = None
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server exited:\n" + self.log())
            if port is None:
                port = self._bound_port(log_start)
                if port is None:
                    time.sleep(0.05)
                    continue
                self.port = port
            with suppress(httpx.HTTPError):
                answered = httpx.get(self.base + "/api/health", timeout=1).status_code == 200
                # the port is held by the listening socket of this process (or its --workers) while
                # it lives: alive now, the answer came from it
                if answered and self.proc.poll() is None:
                    return self
            time.sleep(0.1)
        raise RuntimeError("server did not start:\n" + self.log())

    def _bound_port(self, log_start: int) -> int | None:
        """The port from this start's "serving on" line, None before it is written."""
        with open(self.log_path, "rb") as f:
            f.seek(log_start)
            m = SERVING_ON.search(f.read())
        return int(m.group(1)) if m else None

    def _limits(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.nofile, self.nofile))

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log()[-chars:]
        except OSError:
            return "(no server log)"

    # ---- API shortcuts ----------------------------------------------------------------------
    def get(self, path: str, **kw) -> httpx.Response:
        return httpx.get(self.base + path, timeout=10, **kw)

    def post(self, path: str, body: Any = None, **kw) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=10, **kw)

    def create(self, **spec) -> dict[str, Any]:
        spec.setdefault("game", "lukfu")
        r = self.post("/api/tables", spec)
        assert r.status_code == 201, r.text
        return r.json()

    def client(self, table_id: str, token: str | None = None, name: str = "") -> Client:
        """A seat's (or, without a token, a spectator's) WebSocket; the token goes in a header,
        as programs send it (browsers hold it in a cookie), never in the address."""
        headers = {"Authorization": f"Bearer {token}"} if token else None
        return Client(f"{self.ws_base}/ws/{table_id}?name={name}", headers)


_VALID_VIEWS: set[bytes] = set()  # views already found valid (a table sends the same view to many clients)


def _view_errors(view: Any) -> list[str]:
    key = orjson.dumps(view, option=orjson.OPT_SORT_KEYS)
    if key in _VALID_VIEWS:
        return []
    errors = view_errors(view)
    if not errors and len(_VALID_VIEWS) < 100_000:
        _VALID_VIEWS.add(key)
    return errors


def check_received_views() -> None:
    """Every frame any `Client` received since the last call matches the server's frame schema
    (`tests.frame_check`, /api/schema/frames) and each state frame's view its game's schema
    (`tests.view_helpers`, the schemas /api/schema/views serves): run after every test (tests/conftest.py), so that all the frames the tests already
    receive are checked, outside the tests' own timing."""
    from tests.frame_check import frame_errors

    errors: list[str] = []
    clients = list(_UNCHECKED.values())
    _UNCHECKED.clear()
    for cl in clients:
        frames, cl.checked = cl.frames[cl.checked:], len(cl.frames)
        for f in frames:
            errors.extend(frame_errors(f, _view_errors))
    assert not errors, f"{len(errors)} frame(s) off their schema (/api/schema/frames): " + "; ".join(errors[:5])


class Client:
    """A WebSocket client that keeps every frame it receives (for the frame audit; the views of its
    state frames are checked against their schemas after the test: `check_received_views`)."""

    def __init__(self, url: str, headers: dict[str, str] | None = None):
        # entered as a context manager (closed in `close`): websockets 17 deprecates a bare connect()
        self.ws = connect(url, max_size=2**24, open_timeout=10, additional_headers=headers).__enter__()
        self.frames: list[dict[str, Any]] = []
        self.checked = 0  # frames[:checked] had their views checked
        self.last_state: dict[str, Any] | None = None

    def close(self) -> None:
        with suppress(Exception):
            self.ws.close()

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        f = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(f)
        _UNCHECKED[id(self)] = self
        if f.get("type") == "state":
            self.last_state = f
        return f

    def wait(self, pred, timeout: float = 20) -> dict[str, Any]:
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("no matching frame; last state: " + json.dumps(self.last_state)[:500])
            f = self.recv(left)
            if pred(f):
                return f

    def state(self, timeout: float = 20) -> dict[str, Any]:
        return self.wait(lambda f: f["type"] == "state", timeout)

    def wait_type(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        return self.wait(lambda f: f["type"] == kind, timeout)

    def sync(self) -> dict[str, Any]:
        self.send({"type": "sync"})
        return self.state()

    def my_turn(self, timeout: float = 30) -> dict[str, Any]:
        """Wait until this seat must act or the deal is over."""
        if self.last_state and (self.last_state.get("legal") or self.last_state["deal_over"]):
            return self.last_state
        return self.wait(lambda f: f["type"] == "state" and (bool(f.get("legal")) or f["deal_over"]), timeout)


@contextmanager
def sqlite_server(bot_delay: float = 0.0, prefix: str = "yezi-db-", env: dict[str, str] | None = None
                  ) -> Iterator[Server]:
    """A started server on a fresh SQLite database in a temporary folder, stopped on exit."""
    d = tempfile.mkdtemp(prefix=prefix)
    srv = Server("sqlite:///" + os.path.join(d, "yezi.db"), bot_delay=bot_delay, env=env).start()
    try:
        yield srv
    finally:
        srv.stop()


def started_servers(database_url: Callable[[], str], **server_kwargs: Any) -> Iterator[Callable[..., Server]]:
    """The body of an ``own_server`` fixture (``yield from started_servers(...)``): yields a function that
    starts a Server on a fresh ``database_url()`` with extra environment (``start(YEZI_RATE_PER_S="5")``),
    and stops every server it started when the test ends."""
    started: list[Server] = []

    def start(**env: str) -> Server:
        srv = Server(database_url(), env=env, **server_kwargs).start()
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


def add_server_log_on_failure(item: pytest.Item, rep: pytest.TestReport) -> None:
    """For a ``pytest_runtest_makereport`` hookwrapper: a failing test that used the ``server`` fixture
    shows the end of that server's log (tracebacks from the server side)."""
    if rep.when == "call" and rep.failed:
        srv = item.funcargs.get("server")
        if isinstance(srv, Server):
            rep.sections.append(("server log (tail)", srv.log_tail()))


def full_record(srv: Server, table_id: str, deal_no: int = 0):
    """The whole record of a finished deal, as the operator reads it from the server's database
    (`yezi record`): the web answers only what everybody, or one seat, saw."""
    from yezi.cli.record import full_record as read

    return read(srv.database_url, table_id, deal_no)


def table_against_bots(srv: Server, game: str) -> tuple[dict[str, Any], Client]:
    """A new table of `game` (which must be listed with its own renderer and a heuristic bot) for a
    human against the bots, and that human's client."""
    games = {x["name"]: x for x in srv.get("/api/games").json()["games"]}
    assert games[game]["renderer"] is True and "heuristic" in games[game]["bots"]
    t = srv.create(game=game, name="Ann")
    return t, srv.client(t["id"], t["seats"]["0"]["token"])


def play_random(cl: Client, rng: random.Random, max_moves: int = 400,
                check: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play this seat with random legal actions until the deal is over (`check` sees each frame
    that asks it to act); returns the last state frame."""
    for _ in range(max_moves):
        f = cl.my_turn()
        if f["deal_over"]:
            return f
        a = rng.choice(f["legal"])
        if check:
            check(f)
        cl.send({"type": "action", "action": a, "id": f"m{f['deal_no']}-{f['seq']}-{rng.random()}", "seq": f["seq"]})
        cl.wait(lambda x: x["type"] in ("ack", "error"))
        assert cl.frames[-1]["type"] == "ack", cl.frames[-1]
        cl.last_state = None
        cl.state()
    raise AssertionError("deal did not end")


# ---- headless Chromium (Debian's /usr/bin/chromium driven by Playwright) -------------------------

CHROMIUM = os.environ.get("YEZI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
SHOTS = os.path.join(ROOT, "artifacts", "screenshots")
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "accept_downloads": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "accept_downloads": True}
#: the language the test browsers read first: the site opens in the browser's language
#: (tests/i18n/test_first_language.py), and the tests were written for the 繁體 a Hong Kong player's browser
#: gets; a test that wants another language asks for it (``?lang=``, the buttons, or ``locale="en-US"``)
BROWSER_LOCALE = "zh-TW"


def playwright_or_skip():
    """Playwright's sync API; skips the caller (a module or a test) without it or without Chromium."""
    api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
    return api


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium browser (screenshots folder made), closed on exit."""
    api = playwright_or_skip()
    os.makedirs(SHOTS, exist_ok=True)
    with api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        new_context = b.new_context  # headless Chromium ignores --lang: each context is given the locale

        def with_locale(**kw: Any) -> Any:
            kw.setdefault("locale", BROWSER_LOCALE)
            return new_context(**kw)

        b.new_context = with_locale
        try:
            yield b
        finally:
            b.close()


def shot(page, name: str) -> str:
    """A full-page screenshot as artifacts/screenshots/<name>.png; returns its path."""
    path = os.path.join(SHOTS, name + ".png")
    page.screenshot(path=path, full_page=True)
    return path


def watch_errors(page) -> list[str]:
    """The page's script errors and console errors, collected as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def download_record(page, path: str):
    """Click the settlement's download link, save the file at `path` and read it as a Record."""
    from yezi.core.record import Record

    with page.expect_download() as dl:
        page.click("#download-record")
    dl.value.save_as(path)
    with open(path, encoding="utf-8") as fh:
        return Record.from_text(fh.read())


@contextmanager
def new_page(browser, profile: dict[str, Any]) -> Iterator[Any]:
    """A page in a fresh browser context made with ``profile`` (DESKTOP, PHONE), closed on exit."""
    ctx = browser.new_context(**profile)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def wait_for_move(page, seq: str | None, moved_early: Callable[[], bool] = lambda: False,
                  timeout: float = 10) -> bool:
    """After acting on the table at ``data-seq`` ``seq``: True once the settlement shows, the table's
    ``data-seq`` changes, or ``moved_early()`` says the page answered another way (a choice lit up);
    an AssertionError when none of these happens within ``timeout`` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.locator("#settlement").count() or page.locator(".felt").get_attribute("data-seq") != seq:
            return True
        if moved_early():
            return True
        time.sleep(0.05)
    raise AssertionError("the table did not move after acting")


def download_finished_record(page, game: str, tag: str):
    """Download the settled deal's record as artifacts/screenshots/<game>-<tag>-record.txt and check it is
    a record of ``game`` that replays to its end."""
    rec = download_record(page, os.path.join(SHOTS, f"{game}-{tag}-record.txt"))
    assert rec.game == game and rec.replay().current_player is None
    return rec


def replay_to_end(page, rec) -> None:
    """Open the table's replay, check its slider spans every action of ``rec``, and jump to the settlement."""
    page.click("#open-replay")
    page.wait_for_selector("#replay-slider")
    assert int(page.locator("#replay-slider").get_attribute("max")) == len(rec.actions)
    page.click("#replay-last")
    page.wait_for_selector("#settlement")


def assert_no_page_errors(errors: list[str]) -> None:
    """No script or console error on the page (a missing favicon aside)."""
    assert not [e for e in errors if "favicon" not in e], errors


def tapper(touch: bool) -> Callable[..., None]:
    """Tap (touch screens) or click a locator (keyword arguments such as ``timeout`` pass on)."""
    return (lambda loc, **kw: loc.tap(**kw)) if touch else (lambda loc, **kw: loc.click(**kw))


# ---- PostgreSQL ---------------------------------------------------------------------------------

def pg_bin() -> str | None:
    for d in sorted(os.listdir("/usr/lib/postgresql"), reverse=True) if os.path.isdir("/usr/lib/postgresql") else []:
        b = f"/usr/lib/postgresql/{d}/bin"
        if os.path.exists(f"{b}/initdb") and os.path.exists(f"{b}/pg_ctl"):
            return b
    p = shutil.which("initdb")
    return os.path.dirname(os.path.realpath(p)) if p else None


class Postgres:
    """A throwaway cluster in a temp dir, listening on a Unix socket only (as user postgres if root)."""

    def __init__(self):
        self.bin = pg_bin()
        self.dir = tempfile.mkdtemp(prefix="yezi-pg-")
        self.port = free_port()
        self.as_user = None
        if os.geteuid() == 0:
            self.as_user = "postgres"
            shutil.chown(self.dir, user="postgres")

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def start(self) -> Postgres:
        data = os.path.join(self.dir, "data")
        self._run(f"{self.bin}/initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.resume()
        return self

    def halt(self) -> None:
        """Stop the database as an operator's `pg_ctl stop` does (its clients are cut off); `resume`
        starts it again with its data (the outage test)."""
        self._run(f"{self.bin}/pg_ctl", "-D", os.path.join(self.dir, "data"), "-w", "-m", "fast", "stop")

    def resume(self) -> None:
        self._run(f"{self.bin}/pg_ctl", "-D", os.path.join(self.dir, "data"), "-w", "-l", os.path.join(self.dir, "log"),
                  "-o", f"-p {self.port} -k {self.dir} -c listen_addresses='' -c fsync=off", "start")

    def url(self, db: str) -> str:
        self._run(f"{self.bin}/createdb", "-h", self.dir, "-p", str(self.port), "-U", "postgres", db)
        return f"postgresql://postgres@/{db}?host={self.dir}&port={self.port}"

    def stop(self) -> None:
        with suppress(Exception):
            self._run(f"{self.bin}/pg_ctl", "-D", os.path.join(self.dir, "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def postgres_available() -> bool:
    if pg_bin() is None:
        return False
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return False
        return shutil.which("runuser") is not None
    return True
