"""`yezi serve`: run the web app (default http://127.0.0.1:8000, SQLite in ./yezi.db).

Set YEZI_DATABASE_URL=postgresql://user@host/db to use PostgreSQL instead.
"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="yezi serve", description="Play yezi games in the browser.")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database-url", help="SQLAlchemy URL (default: $YEZI_DATABASE_URL or sqlite:///yezi.db)")
    p.add_argument("--bot-delay", type=float, help="seconds a bot waits before acting (default 0.6)")
    p.add_argument("--log-level", default="info")
    p.add_argument("--workers", type=int, default=1,
                   help="server processes on this port (PostgreSQL only: they share the tables through leases)")
    args = p.parse_args(argv)
    try:
        import uvicorn
    except ModuleNotFoundError:
        print("yezi serve needs the web extras: pip install 'yezi[web]' (starlette, uvicorn, sqlalchemy, alembic)")
        return 2
    from yezi.server.app import create_app
    from yezi.server.config import Settings

    settings = Settings()
    if args.database_url:
        settings.database_url = args.database_url
    if args.bot_delay is not None:
        settings.bot_delay = args.bot_delay
    kwargs = dict(log_level=args.log_level, ws_max_size=1 << 20, ws_ping_interval=20, ws_ping_timeout=30,
                  ws_per_message_deflate=False)
    if args.workers < 1:
        p.error("--workers is 1 or more")
    if args.workers > 1:  # scale: a supervisor and N cluster instances (yezi.server.workers)
        from yezi.server.workers import serve_workers

        return serve_workers(args.workers, args.host, args.port, settings, kwargs, before_run=_tune_gc)
    _tune_gc()
    print(f"yezi: serving on http://{args.host}:{args.port}  (database: {_safe(settings.database_url)})", flush=True)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, **kwargs)
    return 0


def _tune_gc() -> None:
    """Fewer, cheaper collections: game states are many small long-lived objects, and a full
    collection over all of them stalls the event loop (every table waits) for tens of ms."""
    import gc

    gc.freeze()  # what start-up allocated (modules, tables) is never scanned again
    gc.set_threshold(50_000, 20, 100)


def _safe(url: str) -> str:
    if "@" in url:  # hide a password
        head, tail = url.split("@", 1)
        scheme = head.split("://", 1)[0]
        return f"{scheme}://…@{tail}"
    return url


if __name__ == "__main__":
    raise SystemExit(main())
