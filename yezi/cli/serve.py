"""`yezi serve`: run the web app (default http://127.0.0.1:8000, SQLite in the per-user data directory).

Set YEZI_DATABASE_URL=postgresql://user@host/db (or --database-url) to use PostgreSQL instead.
The port is bound and the database opened before the "serving on" line: a busy port or a database
that cannot be used ends the command with one line saying so, and exit status 2.
Behind a reverse proxy, set YEZI_TRUSTED_PROXIES to its address(es): only then is its
X-Forwarded-For believed. Connection limits and timeouts: see `yezi.server.config.Settings` and
`yezi.server.netguard`.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
import time

from yezi.cli.args import Parser, fail, port

PROG = "yezi serve"
DATABASE_HELP = "give sqlite:///PATH or postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"


def build_parser() -> Parser:
    from yezi.server.config import default_database_path

    p = Parser(prog=PROG, description="Play yezi games in the browser.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    p.add_argument("--port", type=port, default=8000, help="TCP port to listen on, 0 to 65535 (default 8000; 0: any free one)")
    p.add_argument("--database-url", help="SQLAlchemy URL, sqlite:///PATH or postgresql://USER@HOST/DATABASE "
                   f"(default: $YEZI_DATABASE_URL, else SQLite in {default_database_path()}, "
                   "which follows $YEZI_DATA_DIR or $XDG_DATA_HOME)")
    p.add_argument("--bot-delay", type=float, help="seconds a bot waits before acting (default 0.6)")
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug", "trace"])
    p.add_argument("--workers", type=_workers, default=1,
                   help="server processes on this port (PostgreSQL only: they share the tables through leases; "
                   "default 1)")
    return p


def _workers(text: str) -> int:
    """--workers: 1 to 64 processes."""
    from argparse import ArgumentTypeError

    try:
        n = int(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a whole number; give 1 to 64") from None
    if not 1 <= n <= 64:
        raise ArgumentTypeError(f"{n} is not 1 to 64")
    return n


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        import uvicorn  # noqa: F401 - only to say early that the web packages are missing
    except ModuleNotFoundError:
        return fail(PROG, "needs the web packages: pip install yezi (starlette, uvicorn, sqlalchemy, alembic)")
    from yezi.server.config import Settings

    settings = Settings()
    if args.database_url:
        settings.database_url = args.database_url
    if args.bot_delay is not None:
        settings.bot_delay = args.bot_delay
    settings.allowed_hosts += (args.host,)  # the name it listens on, where --host gave one (yezi.server.origin)
    if args.workers > 1 and settings.database_url.startswith("sqlite"):
        from yezi.server.supervisor import SQLITE_REFUSAL

        return fail(PROG, SQLITE_REFUSAL)
    try:
        sock = listen(args.host, args.port)
    except OSError as e:
        return fail(PROG, _listen_error(args.host, args.port, e))
    try:  # --workers: the schema migrated once here, before any worker starts
        app = _open_app(settings) if args.workers == 1 else _open_app(settings, _migrate_only)
    except ValueError as e:
        sock.close()
        return fail(PROG, str(e))
    bound = sock.getsockname()[1]
    many = f" with {args.workers} workers" if args.workers > 1 else ""
    print(f"yezi: serving on http://{args.host}:{bound}{many}  (database: {_safe(settings.database_url)})",
          flush=True)
    if args.workers > 1:  # N cluster instances on the one socket (yezi.server.supervisor)
        from yezi.server.supervisor import serve_workers

        def run_worker(mine, s: socket.socket) -> None:
            from yezi.server.app import create_app

            worker_app = create_app(mine)
            _tune_runtime()
            run_server(worker_app, s, settings=mine, log_level=args.log_level)

        return serve_workers(args.workers, sock, settings, run_worker)
    _tune_runtime()
    run_server(app, sock, settings=settings, log_level=args.log_level)
    return 0


def _migrate_only(settings) -> None:
    """The database opened and migrated, then let go (the workers open their own)."""
    from yezi.server.db import make_engine, migrate

    engine = make_engine(settings.database_url, settings.sqlite_synchronous)
    try:
        migrate(engine)
    finally:
        engine.dispose()


def run_server(app, sock: socket.socket, settings, log_level: str = "info") -> None:
    """uvicorn on the socket `listen` bound (or, in a worker of `--workers`, on the connections its
    supervisor passes over `sock`), until the process is stopped."""
    import uvicorn

    from yezi.server.supervisor import is_channel, routed_server

    config = uvicorn.Config(app, **uvicorn_options(settings, log_level))
    if is_channel(sock):  # a --workers worker: the supervisor passes it the connections of its tables
        routed_server(config, sock).run(sockets=[])
        return
    uvicorn.Server(config).run(sockets=[sock])


def listen(host: str, port_number: int) -> socket.socket:
    """A listening socket on host:port, bound here so that a busy port is reported before the
    server says it serves (uvicorn would only log it and exit)."""
    from yezi.server.netguard import listen_backlog, raise_fd_limit

    raise_fd_limit()  # before the listening socket: the backlog follows the open-file limit
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: restart at once after a stop
        sock.bind((host, port_number))
        sock.listen(listen_backlog())
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _listen_error(host: str, port_number: int, e: OSError) -> str:
    if e.errno == errno.EADDRINUSE:
        return f"port {port_number} on {host} is already in use; stop what uses it or give another --port (0 to 65535)"
    if e.errno == errno.EACCES:
        return f"no permission to listen on port {port_number}; ports below 1024 need privileges, give --port 1024 to 65535"
    if isinstance(e, socket.gaierror) or e.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host!r}: not an address of this machine; give e.g. --host 127.0.0.1 or 0.0.0.0"
    return f"cannot listen on {host}:{port_number}: {e.strerror or e}"


def _while_out_of_reach(open_it, wait_s: float, url: str, sleep=time.sleep):
    """`open_it()`, tried again with growing waits while the database is out of reach (an outage:
    `yezi.server.loops.is_outage`), for up to `wait_s` seconds; then its error is raised."""
    from yezi.server.loops import Backoff, is_outage

    backoff = Backoff(first_s=0.5, max_s=8.0)
    give_up = time.monotonic() + wait_s
    while True:
        try:
            return open_it()
        except Exception as e:
            delay = backoff.delay()
            if not is_outage(e) or time.monotonic() + delay > give_up:
                raise
            reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            print(f"{PROG}: the database {url!r} is out of reach ({reason}); trying again in {delay:.1f} s",
                  file=sys.stderr, flush=True)
            sleep(delay)


def _open_app(settings, create_app=None):
    """The app, with its database opened and migrated; ValueError (one line) if the URL cannot be used."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    if create_app is None:
        from yezi.server.app import create_app

    url = _safe(settings.database_url)
    try:
        make_url(settings.database_url)
    except ArgumentError:
        raise ValueError(f"cannot read the database URL {url!r}; {DATABASE_HELP}") from None
    try:
        return _while_out_of_reach(lambda: create_app(settings), settings.db_start_wait_s, url)
    except NoSuchModuleError:
        raise ValueError(f"unknown kind of database in {url!r}; {DATABASE_HELP}") from None
    except ModuleNotFoundError as e:
        raise ValueError(f"the database {url!r} needs the Python package {e.name!r}"
                         + ("; pip install 'yezi[postgres]'" if "psycopg" in (e.name or "") else "")) from None
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        raise ValueError(f"cannot open the database {url!r}: {reason}") from None
    except OSError as e:
        raise ValueError(f"cannot open the database {url!r}: {e.strerror or e}") from None


def uvicorn_options(settings, log_level: str = "info") -> dict:
    """uvicorn's settings for this server: proxies trusted only as configured, timeouts, pings,
    connection caps below the open-file limit, logs without secrets or floods."""
    from yezi.server.clients import TrustedProxies
    from yezi.server.logs import log_config
    from yezi.server.netguard import connection_cap, guarded_h11, jittered_ws

    return {
        "log_level": log_level, "log_config": log_config(log_level), "loop": settings.event_loop,
        **TrustedProxies(settings.trusted_proxies).uvicorn_kwargs(),
        "http": guarded_h11(settings), "ws": jittered_ws(),
        "timeout_keep_alive": settings.keep_alive_s,
        # uvicorn answers 503 past this many connections or requests in flight (the guard closes
        # connections past the cap before they are read, or idle ones to make room, so that at
        # most the cap are open: one more, lest a request on the cap's last connection get a 503)
        "limit_concurrency": connection_cap(settings) + 1,
        "ws_max_size": 1 << 20, "ws_ping_interval": settings.ws_ping_interval_s,
        "ws_ping_timeout": settings.ws_ping_timeout_s, "ws_per_message_deflate": settings.ws_deflate,
    }


def _tune_runtime() -> None:
    """The collector and the GIL set for one busy event loop.

    A collection holds the GIL from start to end: every table waits. What start-up allocated
    (modules, tables restored) is frozen, never scanned again. The young generations are kept
    small, because what a collection of generation 1 scans grows with threshold0 * threshold1:
    with (50000, 20) it held up to a million objects and took 560 ms at 1,000 tables (found by
    the stall watchdog's GC accounting), a periodic stall that set the 99th percentile round trip
    at 840 ms; with (10000, 1) it takes under 100 ms and the 99th percentile is under 100 ms.
    The server makes almost no cyclic garbage (a full collection after 20,000 moves freed
    nothing), so full collections stay rare: the interpreter runs one only when the old
    generation has grown by a quarter. YEZI_GC_THRESHOLDS="a,b,c" overrides, for measuring."""
    import faulthandler
    import gc

    # a crash in compiled code (a worker once ended on SIGSEGV under 8,000 sockets) leaves every
    # thread's Python stack in the log, not only "status 11"
    faulthandler.enable()
    gc.freeze()
    gc.set_threshold(*(int(x) for x in (os.environ.get("YEZI_GC_THRESHOLDS") or "10000,1,50").split(",")))
    # The SQLite writer thread (yezi.server.dbwriter) hands each batch of commits back to the
    # loop; with the default 5 ms switch interval a busy loop kept every acknowledgement waiting
    # up to 5 ms for the GIL. The loop is the only thread with much Python to run.
    sys.setswitchinterval(0.0005)


def _safe(url: str) -> str:
    if "@" in url:  # hide a password
        head, tail = url.split("@", 1)
        scheme = head.split("://", 1)[0]
        return f"{scheme}://…@{tail}"
    return url


if __name__ == "__main__":
    raise SystemExit(main())
