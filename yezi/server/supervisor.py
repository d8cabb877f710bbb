"""`yezi serve --workers N`: N server processes on one machine, one port, one PostgreSQL.

`yezi.cli.serve` binds the listening socket (so a busy port is one line and exit status 2, before
"serving on") and migrates the schema once; then this supervisor forks N workers. Each worker is a
whole instance of the cluster (`yezi.server.cluster`): its own event loop, its own tables (leases),
replicas of the others' tables for its clients, its own pool of thinking processes
(`yezi.server.workers.Thinker`, sized so that the N workers together use the cores once:
`Settings.workers` and `Settings.background_workers` are divided among them) and its own
per-client caps (a client that connects to two workers is counted by each). The supervisor
restarts a worker that dies; meanwhile its tables resume on the others when their leases expire.
SIGTERM or SIGINT stops all workers (each hands its leases back and closes its thinking processes
as it stops).

The supervisor accepts the connections itself and hands each to the worker that runs the table its
first request names (`Router`; `yezi.server.routing`): it reads the request line without taking it
from the socket (MSG_PEEK) and passes the socket itself over a Unix socket (SCM_RIGHTS), so the
worker reads the whole request as if it had accepted the connection, and no byte of it ever passes
through the supervisor again. Worker i creates the tables whose home is i, so all of a table's
seats meet in the process that runs it and no move is relayed between processes: with the kernel
handing connections to any worker, three seats in four were relayed and two processes served
fewer moves than one (bench/web_tables.py at 1,000 tables). Requests that name no table (the lobby,
a new table, static files) go to the workers in turn. `YEZI_WORKER_ROUTING=off` goes back to the
workers accepting on the one socket.

SQLite is refused: one file has one writer, and it has no LISTEN/NOTIFY to tell the other
processes of a move.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from yezi.server.config import Settings
from yezi.server.routing import table_in_request, worker_of

SQLITE_REFUSAL = ("--workers above 1 needs PostgreSQL (give --database-url or YEZI_DATABASE_URL postgresql://...); "
                  "with SQLite run one process: it has a single writer and no way to tell other processes of a move")


def per_worker(settings: Settings, n: int) -> Settings:
    """The settings of one of `n` workers: the thinking processes divided among them (at least
    one each), so that N workers do not each start a pool the size of the machine."""
    return replace(settings, workers=max(1, settings.workers // n),
                   background_workers=max(1, settings.background_workers // n))


def routing_wanted() -> bool:
    """YEZI_WORKER_ROUTING=off: the workers accept on the one socket (the kernel picks one)."""
    return os.environ.get("YEZI_WORKER_ROUTING", "on").lower() not in ("off", "0", "no", "false")


def serve_workers(n: int, sock: socket.socket, settings: Settings, run: Callable[[Settings, socket.socket], None],
                  restart_delay: float = 0.5, route: bool | None = None) -> int:
    """Fork `n` workers that each call `run(settings, s)` (build the app, serve on `s`) until
    SIGTERM/SIGINT; returns the exit status. With routing (the default), `s` is the worker's end of
    a `Router` channel (`is_channel`) and its `settings.route` is its place among the n; without,
    `s` is the listening socket itself."""
    route = routing_wanted() if route is None else route
    mine = per_worker(settings, n)
    channels = [socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET) for _ in range(n)] if route else []
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def spawn(i: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                if channels:
                    sock.close()
                    for j, (ours, theirs) in enumerate(channels):
                        ours.close()
                        if j != i:
                            theirs.close()
                    run(replace(mine, route=replace(mine.route, worker=i, workers=n)), channels[i][1])
                else:
                    run(mine, sock)
                code = 0
            finally:
                os._exit(code)
        children[pid] = i

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(n):
        spawn(i)
    router = Router(sock, [ours for ours, _ in channels]) if channels else None

    def reap(block: bool) -> None:
        while children:
            try:
                pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                children.clear()
                return
            except InterruptedError:
                continue
            if pid == 0:
                return
            i = children.pop(pid, None)
            if i is None:
                continue
            if router is not None:
                router.down.add(i)
            if not stopping:
                print(f"yezi: worker {i} (pid {pid}) ended with status {status}; starting another", flush=True)
                time.sleep(restart_delay)
                if not stopping:
                    spawn(i)
                    if router is not None:
                        router.down.discard(i)  # what is sent from now waits in its channel

    if router is None:
        reap(block=True)
    else:
        while not stopping:
            router.step(0.2)
            reap(block=False)
        router.close()
        reap(block=True)
    sock.close()
    return 0


def is_channel(s: socket.socket) -> bool:
    """Whether `s` is a worker's end of a `Router` channel (not a listening socket)."""
    return s.family == socket.AF_UNIX and s.type == socket.SOCK_SEQPACKET


class Router:
    """The supervisor's side of routing: accept, read the request line without consuming it, and
    pass the connection to the worker that runs the table it names (another request: the next
    worker in turn). A connection whose first bytes do not hold a whole request line (a client
    that sends a byte at a time) or that sends nothing for `wait_s` goes to the next worker too:
    the worker's own guards (header timeout, per-address caps, `yezi.server.netguard`) deal with
    it, so the supervisor never holds a socket for long nor judges one. Sockets a worker's channel
    cannot take at once wait in order for it (a worker busy for a moment)."""

    def __init__(self, listener: socket.socket, channels: list[socket.socket], wait_s: float = 1.0,
                 max_waiting: int = 4096):
        import selectors
        from collections import deque

        self.listener = listener
        self.channels = channels
        self.n = len(channels)
        self.wait_s = wait_s
        self.max_waiting = max_waiting
        self.down: set[int] = set()  # workers being restarted: their connections go to the others
        self.sel = selectors.DefaultSelector()
        self.waiting: dict[socket.socket, float] = {}  # accepted, first bytes not seen yet: since when
        self.backlog: list[deque[socket.socket]] = [deque() for _ in channels]
        self.turn = 0
        self.routed = [0] * self.n
        listener.setblocking(False)
        self.sel.register(listener, selectors.EVENT_READ, "accept")
        for i, ch in enumerate(channels):
            ch.setblocking(False)
            with contextlib.suppress(OSError):
                ch.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
            self.sel.register(ch, selectors.EVENT_READ, ("worker", i))

    def step(self, timeout: float) -> None:
        """Wait up to `timeout` seconds for something to do, and do it."""
        import selectors

        for key, events in self.sel.select(timeout):
            what = key.data
            if what == "accept":
                self._accept()
            elif isinstance(what, tuple):
                if events & selectors.EVENT_WRITE:
                    self._flush(what[1])
                if events & selectors.EVENT_READ:  # a worker's end closed (it died): nothing to read
                    with contextlib.suppress(OSError):
                        self.channels[what[1]].recv(16)
            else:
                self._first_bytes(key.fileobj)  # type: ignore[arg-type]
        if self.waiting:
            now = time.monotonic()
            for s, since in list(self.waiting.items()):
                if now - since > self.wait_s:
                    self._hand(s, None)

    def _accept(self) -> None:
        import selectors

        for _ in range(256):
            try:
                s, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors, or the like: the backlog keeps the rest
                return
            s.setblocking(False)
            if len(self.waiting) >= self.max_waiting:  # many silent sockets: the oldest go on now
                oldest = next(iter(self.waiting))
                self._hand(oldest, None)
            self.waiting[s] = time.monotonic()
            self.sel.register(s, selectors.EVENT_READ, "client")

    def _first_bytes(self, s: socket.socket) -> None:
        try:
            head = s.recv(2048, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            head = b""
        if not head:  # closed before saying anything
            self.waiting.pop(s, None)
            self.sel.unregister(s)
            s.close()
            return
        self._hand(s, table_in_request(head))

    def _hand(self, s: socket.socket, table: str | None) -> None:
        self.waiting.pop(s, None)
        with contextlib.suppress(KeyError, ValueError):
            self.sel.unregister(s)
        if table is not None:
            i = worker_of(table, self.n)
        else:
            i = self.turn
            self.turn = (self.turn + 1) % self.n
        for k in range(self.n):  # a worker being restarted: the next one serves (its replica relays)
            if (i + k) % self.n not in self.down:
                i = (i + k) % self.n
                break
        self.backlog[i].append(s)
        self._flush(i)

    def _flush(self, i: int) -> None:
        import selectors

        q, ch = self.backlog[i], self.channels[i]
        while q:
            s = q[0]
            try:
                socket.send_fds(ch, [b"c"], [s.fileno()])
            except (BlockingIOError, InterruptedError):
                break
            except OSError:  # the worker's end is gone for now: keep it for the next one
                break
            q.popleft()
            s.close()  # the worker has its own descriptor of it now
            self.routed[i] += 1
        self.sel.modify(ch, selectors.EVENT_READ | (selectors.EVENT_WRITE if q else 0), ("worker", i))

    def close(self) -> None:
        for s in list(self.waiting):
            s.close()
        for q in self.backlog:
            while q:
                q.popleft().close()
        self.sel.close()


def routed_server(config: Any, channel: socket.socket) -> Any:
    """A uvicorn server with no listener of its own: it serves the connections the supervisor
    passes over `channel` (`Router`), each adopted as if this process had accepted it (the same
    protocol, connection count and limits as uvicorn's own listener gives). Run it with
    `.run(sockets=[])`."""
    import asyncio

    import uvicorn

    class RoutedServer(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=[])
            if self.should_exit:
                return
            loop = asyncio.get_running_loop()
            cfg = self.config

            def protocol() -> asyncio.Protocol:
                return cfg.http_protocol_class(config=cfg, server_state=self.server_state,
                                               app_state=self.lifespan.state, _loop=loop)

            async def adopt(s: socket.socket) -> None:
                try:
                    await loop.connect_accepted_socket(protocol, s)
                except OSError:  # gone already
                    s.close()

            def passed() -> None:
                for _ in range(256):
                    try:
                        msg, fds, _flags, _addr = socket.recv_fds(channel, 16, 64)
                    except (BlockingIOError, InterruptedError):
                        return
                    except OSError:
                        loop.remove_reader(channel.fileno())
                        return
                    if not msg and not fds:  # the supervisor is gone
                        loop.remove_reader(channel.fileno())
                        return
                    for fd in fds:
                        s = socket.socket(fileno=fd)
                        s.setblocking(False)
                        task = loop.create_task(adopt(s))
                        self.server_state.tasks.add(task)
                        task.add_done_callback(self.server_state.tasks.discard)

            channel.setblocking(False)
            loop.add_reader(channel.fileno(), passed)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(channel.fileno())
            await super().shutdown(sockets=None)

    return RoutedServer(config)
