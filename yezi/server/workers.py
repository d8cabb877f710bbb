"""`yezi serve --workers N`: N server processes on one machine, one port, one PostgreSQL.

A supervisor migrates the schema once, then forks N workers. Each worker is a whole instance of
the cluster (`yezi.server.cluster`): its own event loop, its own tables (leases), replicas of the
others' tables for its clients. Each binds the port itself with SO_REUSEPORT, so the kernel
spreads new connections over the workers (and a worker's death frees only its own socket). The
supervisor restarts a worker that dies; meanwhile its tables resume on the others when their
leases expire. SIGTERM or SIGINT stops all workers (each hands its leases back as it stops).

SQLite is refused: one file has one writer, and it has no LISTEN/NOTIFY to tell the other
processes of a move.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from typing import Any

from yezi.server.config import Settings

SQLITE_REFUSAL = ("yezi serve: --workers above 1 needs PostgreSQL (set --database-url or YEZI_DATABASE_URL to "
                  "postgresql://...). With SQLite run one process: it has a single writer and no way to tell other "
                  "processes of a move.")


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def serve_workers(n: int, host: str, port: int, settings: Settings, uvicorn_kwargs: dict[str, Any],
                  before_run: Any = None) -> int:
    """Run `n` workers until SIGTERM/SIGINT; returns the exit status."""
    if settings.database_url.startswith("sqlite"):
        print(SQLITE_REFUSAL, file=sys.stderr)
        return 2
    from yezi.server.db import make_engine, migrate

    engine = make_engine(settings.database_url)
    migrate(engine)  # once, before any worker starts (they find the schema at its head)
    engine.dispose()
    listening_socket(host, port).close()  # fail here, clearly, if the port is taken
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def spawn(i: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                code = _run_worker(host, port, settings, uvicorn_kwargs, before_run)
            finally:
                os._exit(code)
        children[pid] = i

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(n):
        spawn(i)
    print(f"yezi: serving on http://{host}:{port} with {n} workers", flush=True)
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
            time.sleep(0.5)
            spawn(i)
    return 0


def _run_worker(host: str, port: int, settings: Settings, uvicorn_kwargs: dict[str, Any], before_run: Any) -> int:
    import uvicorn

    from yezi.server.app import create_app

    app = create_app(settings)
    if before_run is not None:
        before_run()
    sock = listening_socket(host, port)
    config = uvicorn.Config(app, **uvicorn_kwargs)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
