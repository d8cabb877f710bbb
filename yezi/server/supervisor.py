"""`yezi serve --workers N`: N server processes on one machine, one port, one PostgreSQL.

`yezi.cli.serve` binds the listening socket (so a busy port is one line and exit status 2, before
"serving on") and migrates the schema once; then this supervisor forks N workers that all accept
on that one inherited socket (the kernel hands each new connection to a worker waiting in accept,
so a busy worker takes fewer). Each worker is a whole instance of the cluster
(`yezi.server.cluster`): its own event loop, its own tables (leases), replicas of the others'
tables for its clients, its own pool of thinking processes (`yezi.server.workers.Thinker`, sized
so that the N workers together use the cores once: `Settings.workers` and
`Settings.background_workers` are divided among them) and its own per-client caps (a client
that connects to two workers is counted by each). The supervisor restarts a worker that dies;
meanwhile its tables resume on the others when their leases expire. SIGTERM or SIGINT stops all
workers (each hands its leases back and closes its thinking processes as it stops).

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

from yezi.server.config import Settings

SQLITE_REFUSAL = ("--workers above 1 needs PostgreSQL (give --database-url or YEZI_DATABASE_URL postgresql://...); "
                  "with SQLite run one process: it has a single writer and no way to tell other processes of a move")


def per_worker(settings: Settings, n: int) -> Settings:
    """The settings of one of `n` workers: the thinking processes divided among them (at least
    one each), so that N workers do not each start a pool the size of the machine."""
    return replace(settings, workers=max(1, settings.workers // n),
                   background_workers=max(1, settings.background_workers // n))


def serve_workers(n: int, sock: socket.socket, settings: Settings, run: Callable[[Settings, socket.socket], None],
                  restart_delay: float = 0.5) -> int:
    """Fork `n` workers that each call `run(settings, sock)` (build the app, serve on the socket)
    until SIGTERM/SIGINT; returns the exit status."""
    mine = per_worker(settings, n)
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def spawn(i: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
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
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        i = children.pop(pid, None)
        if i is None:
            continue
        if not stopping:
            print(f"yezi: worker {i} (pid {pid}) ended with status {status}; starting another", flush=True)
            time.sleep(restart_delay)
            if not stopping:
                spawn(i)
    sock.close()
    return 0
