"""`yezi serve`: run the web app (default http://127.0.0.1:8000, SQLite in ./yezi.db).

Set YEZI_DATABASE_URL=postgresql://user@host/db to use PostgreSQL instead. Behind a reverse proxy,
set YEZI_TRUSTED_PROXIES to its address(es): only then is its X-Forwarded-For believed.
Connection limits and timeouts: see `yezi.server.config.Settings` and `yezi.server.netguard`.
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
    app = create_app(settings)
    _tune_gc()
    print(f"yezi: serving on http://{args.host}:{args.port}  (database: {_safe(settings.database_url)})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, **uvicorn_options(settings, args.log_level))
    return 0


def uvicorn_options(settings, log_level: str = "info") -> dict:
    """uvicorn's settings for this server: proxies trusted only as configured, timeouts, pings,
    connection caps below the open-file limit, logs without secrets or floods."""
    from yezi.server.clients import TrustedProxies
    from yezi.server.logs import log_config
    from yezi.server.netguard import connection_cap, guarded_h11, listen_backlog, raise_fd_limit

    raise_fd_limit()
    return {
        "log_level": log_level, "log_config": log_config(log_level),
        **TrustedProxies(settings.trusted_proxies).uvicorn_kwargs(),
        "http": guarded_h11(settings),
        "timeout_keep_alive": settings.keep_alive_s,
        # uvicorn answers 503 past this many connections or requests in flight (the guard closes
        # connections past the cap before they are read; this bounds the rest)
        "limit_concurrency": connection_cap(settings),
        "backlog": listen_backlog(),
        "ws_max_size": 1 << 20, "ws_ping_interval": settings.ws_ping_interval_s,
        "ws_ping_timeout": settings.ws_ping_timeout_s, "ws_per_message_deflate": False,
    }


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
