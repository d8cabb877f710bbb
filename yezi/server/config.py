"""Server settings, read from the environment so that `yezi serve` needs no config file."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def _default_workers() -> int:
    """One worker per core but one: the event loop keeps a core of its own."""
    return max(1, (os.cpu_count() or 2) - 1)


def _default_db_url() -> str:
    data = os.environ.get("YEZI_DATA_DIR", ".")
    return "sqlite:///" + os.path.join(data, "yezi.db")


@dataclass
class Settings:
    database_url: str = field(default_factory=lambda: os.environ.get("YEZI_DATABASE_URL") or _default_db_url())
    # Seconds a server-side bot waits before acting: long enough for a person to follow the play.
    bot_delay: float = field(default_factory=lambda: float(os.environ.get("YEZI_BOT_DELAY", "0.6")))
    # Seconds before an all-bot table deals its next deal by itself.
    next_deal_delay: float = field(default_factory=lambda: float(os.environ.get("YEZI_NEXT_DEAL_DELAY", "3")))
    max_message_bytes: int = 4096
    # Token bucket per connection: `rate_burst` messages at once, refilled at `rate_per_s`.
    rate_per_s: float = field(default_factory=lambda: float(os.environ.get("YEZI_RATE_PER_S", "10")))
    rate_burst: float = field(default_factory=lambda: float(os.environ.get("YEZI_RATE_BURST", "20")))
    max_http_body: int = 256 * 1024
    create_per_minute: int = field(default_factory=lambda: int(os.environ.get("YEZI_CREATE_PER_MINUTE", "30")))
    max_open_tables: int = 5000
    max_deals: int = 32
    max_conns_per_table: int = 200
    # Thinking (bot moves, hints, parsing uploaded records) runs in worker processes, never on the
    # event loop nor in its threads (a thread holds the GIL and stalls every table). `workers` serve
    # tables with people (and hints, uploads); `background_workers` serve all-bot tables at a lower
    # CPU priority (`workers_nice`). The default leaves one core to the event loop.
    workers: int = field(default_factory=lambda: max(1, _int("YEZI_WORKERS", _default_workers())))
    background_workers: int = field(default_factory=lambda: max(1, _int("YEZI_WORKERS_BACKGROUND", 1)))
    workers_nice: int = field(default_factory=lambda: _int("YEZI_WORKERS_NICE", 10))
    # Hints (a search of up to 5 s) being worked out at once on the whole server, so that asking
    # for many cannot take the workers from the bots' moves (YEZI_HINT_THREADS: its former name).
    hints_at_once: int = field(default_factory=lambda: max(1, _int("YEZI_HINTS_AT_ONCE",
                                                                   _int("YEZI_HINT_THREADS", 1))))
    # CPU budgets, in CPU-seconds of thinking per second of wall time (burst: seconds saved up).
    # A table or client over its share has its all-bot tables wait and its strong bots rationed.
    table_cpu_share: float = field(default_factory=lambda: _float("YEZI_TABLE_CPU_SHARE", 0.5))
    client_cpu_share: float = field(default_factory=lambda: _float("YEZI_CLIENT_CPU_SHARE", 1.0))
    cpu_burst_s: float = field(default_factory=lambda: _float("YEZI_CPU_BURST_S", 10.0))
    # Strong bots play a cheaper level while this many thinking jobs wait in their lane (twice
    # as many: the cheapest search level).
    ration_queue: int = field(default_factory=lambda: max(1, _int("YEZI_RATION_QUEUE", 3)))
    # Tables whose every seat is a bot play by themselves: a few per client, a few per server.
    bot_tables_per_client: int = field(default_factory=lambda: _int("YEZI_BOT_TABLES_PER_CLIENT", 2))
    max_bot_tables: int = field(default_factory=lambda: _int("YEZI_BOT_TABLES_MAX", 8))
    # Uploaded records (POST /api/replay): at most this size, this many a minute per client (burst).
    max_record_bytes: int = field(default_factory=lambda: _int("YEZI_MAX_RECORD_BYTES", 64 * 1024))
    uploads_per_minute: float = field(default_factory=lambda: _float("YEZI_UPLOADS_PER_MINUTE", 20))
    uploads_burst: float = field(default_factory=lambda: _float("YEZI_UPLOADS_BURST", 5))
    # Thinking jobs that may wait for a worker before new hints and uploads are turned away.
    max_queued_jobs: int = field(default_factory=lambda: _int("YEZI_MAX_QUEUED_JOBS", 16))
    # SQLite durability: NORMAL with WAL survives a killed process (SIGKILL); FULL also survives power loss.
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("YEZI_SQLITE_SYNC", "NORMAL"))
    # Origins (scheme://host[:port]) besides the app's own whose pages may open sockets and post to the API,
    # comma-separated, e.g. "https://play.example.org". Same-origin requests always pass; see yezi.server.origin.
    allowed_origins: tuple[str, ...] = field(
        default_factory=lambda: parse_origins(os.environ.get("YEZI_ALLOWED_ORIGINS", "")))


def parse_origins(text: str) -> tuple[str, ...]:
    return tuple(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())
