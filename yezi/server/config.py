"""Server settings, read from the environment so that `yezi serve` needs no config file."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def data_dir() -> Path:
    """Where the server keeps its SQLite database by default: $YEZI_DATA_DIR if set, else the
    per-user data directory of the XDG base-directory spec ($XDG_DATA_HOME/yezi, by default
    ~/.local/share/yezi) — never whatever directory the server happens to start from."""
    explicit = os.environ.get("YEZI_DATA_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"  # the spec ignores a relative one
    return base / "yezi"


def default_database_path() -> Path:
    return data_dir() / "yezi.db"


def _default_db_url() -> str:
    return "sqlite:///" + str(default_database_path())


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
    # Hints (a search of up to 5 s) run in threads, at most this many at once on the whole server:
    # asking for many cannot take the CPU from the tables.
    hint_threads: int = field(default_factory=lambda: int(os.environ.get("YEZI_HINT_THREADS", "1")))
    # SQLite durability: NORMAL with WAL survives a killed process (SIGKILL); FULL also survives power loss.
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("YEZI_SQLITE_SYNC", "NORMAL"))
    # Origins (scheme://host[:port]) besides the app's own whose pages may open sockets and post to the API,
    # comma-separated, e.g. "https://play.example.org". Same-origin requests always pass; see yezi.server.origin.
    allowed_origins: tuple[str, ...] = field(
        default_factory=lambda: parse_origins(os.environ.get("YEZI_ALLOWED_ORIGINS", "")))


def parse_origins(text: str) -> tuple[str, ...]:
    return tuple(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())
