"""Server settings, read from the environment so that `yezi serve` needs no config file."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from yezi.server.routing import Route


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


def _env_float(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def _default_workers() -> int:
    """One worker per core but one: the event loop keeps a core of its own."""
    return max(1, (os.cpu_count() or 2) - 1)


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
    # Tables playing on the whole server; past it, creation answers 503 "full" (idle tables expire).
    max_open_tables: int = field(default_factory=lambda: _env_int("YEZI_MAX_OPEN_TABLES", 5000))
    # Of `max_open_tables`, this share is held back for signed-in players (`yezi.server.clients.
    # CapacityClass`): anonymous clients fill the rest, so a crowd of them never locks out a member.
    reserved_share: float = field(default_factory=lambda: _env_float("YEZI_RESERVED_SHARE", 0.1))
    max_deals: int = 32
    # WebSockets at one table: its seats' holders always get in (only `max_ws_per_client` bounds
    # theirs); spectators have slots of their own, a few per client (its network: `group_share` times).
    max_spectators_per_table: int = field(default_factory=lambda: _env_int("YEZI_MAX_SPECTATORS", 200))
    max_spectators_per_client: int = field(default_factory=lambda: _env_int("YEZI_MAX_SPECTATORS_PER_CLIENT", 4))
    # The lobby lists at most this many tables of one client (more of its network: `group_share`).
    lobby_per_client: int = field(default_factory=lambda: _env_int("YEZI_LOBBY_PER_CLIENT", 3))
    # Thinking (bot moves, hints, parsing uploaded records) runs in worker processes, never on the
    # event loop nor in its threads (a thread holds the GIL and stalls every table). `workers` serve
    # tables with people (and hints, uploads); `background_workers` serve all-bot tables at a lower
    # CPU priority (`workers_nice`). The default leaves one core to the event loop.
    workers: int = field(default_factory=lambda: max(1, _int("YEZI_WORKERS", _default_workers())))
    background_workers: int = field(default_factory=lambda: max(1, _int("YEZI_WORKERS_BACKGROUND", 1)))
    workers_nice: int = field(default_factory=lambda: _int("YEZI_WORKERS_NICE", 10))
    # Hints (a search of up to 5 s) being worked out at once for one client (its others wait their
    # turn), so that asking for many cannot take every worker from the bots' moves; other clients'
    # hints do not wait for them (YEZI_HINT_THREADS: its former name).
    hints_at_once: int = field(default_factory=lambda: max(1, _int("YEZI_HINTS_AT_ONCE",
                                                                   _int("YEZI_HINT_THREADS", 1))))
    # CPU budgets, in CPU-seconds of thinking per second of wall time (burst: seconds saved up).
    # A table or client over its share has its all-bot tables wait and its strong bots rationed.
    table_cpu_share: float = field(default_factory=lambda: _float("YEZI_TABLE_CPU_SHARE", 0.5))
    client_cpu_share: float = field(default_factory=lambda: _float("YEZI_CLIENT_CPU_SHARE", 1.0))
    cpu_burst_s: float = field(default_factory=lambda: _float("YEZI_CPU_BURST_S", 10.0))
    # Strong bots play a cheaper level while this many thinking jobs of their table's client wait in
    # their lane (twice as many: the cheapest search level); other clients' jobs do not count. A
    # worker cannot be taken back from a search under way, so a flooding client's searches are kept
    # short: with four or more of its tables waiting its bots play search-easy (tens of ms).
    ration_queue: int = field(default_factory=lambda: max(1, _int("YEZI_RATION_QUEUE", 2)))
    # Tables whose every seat is a bot play by themselves: a few per client, a few per server.
    bot_tables_per_client: int = field(default_factory=lambda: _int("YEZI_BOT_TABLES_PER_CLIENT", 2))
    max_bot_tables: int = field(default_factory=lambda: _int("YEZI_BOT_TABLES_MAX", 8))
    # Uploaded records (POST /api/replay): at most this size, this many a minute per client (burst).
    max_record_bytes: int = field(default_factory=lambda: _int("YEZI_MAX_RECORD_BYTES", 64 * 1024))
    uploads_per_minute: float = field(default_factory=lambda: _float("YEZI_UPLOADS_PER_MINUTE", 20))
    uploads_burst: float = field(default_factory=lambda: _float("YEZI_UPLOADS_BURST", 5))
    # Thinking jobs of one client that may wait for a worker before its new hints and uploads are
    # turned away (another client's queue never refuses them).
    max_queued_jobs: int = field(default_factory=lambda: _int("YEZI_MAX_QUEUED_JOBS", 16))
    # SQLite durability: NORMAL with WAL survives a killed process (SIGKILL); FULL also survives power loss.
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("YEZI_SQLITE_SYNC", "NORMAL"))
    # Origins (scheme://host[:port]) besides the app's own whose pages may open sockets and post to the API,
    # comma-separated, e.g. "https://play.example.org". Same-origin requests always pass; see yezi.server.origin.
    allowed_origins: tuple[str, ...] = field(
        default_factory=lambda: parse_origins(os.environ.get("YEZI_ALLOWED_ORIGINS", "")))
    # Host names (comma-separated, e.g. "play.example.org") this server answers to besides IP addresses,
    # localhost, the address it listens on and the hosts of YEZI_ALLOWED_ORIGINS; any other Host header
    # gets a 400 (a DNS-rebinding page's requests). "*": any name. See yezi.server.origin.
    allowed_hosts: tuple[str, ...] = field(
        default_factory=lambda: parse_origins(os.environ.get("YEZI_ALLOWED_HOSTS", "")))
    # The relying party id of passkeys (WebAuthn): the site's registrable host name, e.g. "play.example.org"
    # (a passkey made under one id works under that id only). Unset: the host name a request came to, if
    # it is localhost or one the operator lists (YEZI_ALLOWED_HOSTS, YEZI_ALLOWED_ORIGINS), never any
    # other Host header; behind a TLS-terminating proxy set it (its https:// origin is then expected).
    rp_id: str = field(default_factory=lambda: os.environ.get("YEZI_RP_ID", "").strip().lower().rstrip("."))

    # ---- who may connect and for how long (yezi.server.clients, yezi.server.netguard) ----------
    # Addresses or networks (comma-separated, e.g. "127.0.0.1,10.0.0.0/8") of reverse proxies whose
    # X-Forwarded-For / X-Forwarded-Proto are believed. Default: none, so a client cannot name
    # itself another address by sending the header (it could otherwise dodge every per-client cap).
    trusted_proxies: str = field(default_factory=lambda: os.environ.get("YEZI_TRUSTED_PROXIES", ""))
    # Tables one client (an IPv4 address, an IPv6 /64) may have open (playing) at once.
    max_tables_per_client: int = field(default_factory=lambda: _env_int("YEZI_MAX_TABLES_PER_CLIENT", 20))
    # WebSockets one client may hold open at once, over all tables.
    max_ws_per_client: int = field(default_factory=lambda: _env_int("YEZI_MAX_WS_PER_CLIENT", 32))
    # TCP connections one peer address may hold open at once (not counted for trusted proxies).
    max_conns_per_peer: int = field(default_factory=lambda: _env_int("YEZI_MAX_CONNS_PER_PEER", 64))
    # A client's network (an IPv4 /24, an IPv6 /48) may hold this many clients' worth of each
    # per-client cap (tables, creations a minute, WebSockets, TCP connections, lobby entries):
    # a botnet of addresses in a few networks gets a few clients' share (yezi.server.clients).
    group_share: int = field(default_factory=lambda: max(1, _env_int("YEZI_GROUP_SHARE", 8)))
    # Connections to the whole server; also kept below the process's open-file limit (netguard).
    max_connections: int = field(default_factory=lambda: _env_int("YEZI_MAX_CONNECTIONS", 4000))
    # Seconds a client has to send a request's headers, then its body; an idle keep-alive
    # connection is closed after `keep_alive_s`.
    header_timeout_s: float = field(default_factory=lambda: _env_float("YEZI_HEADER_TIMEOUT", 10))
    body_timeout_s: float = field(default_factory=lambda: _env_float("YEZI_BODY_TIMEOUT", 30))
    keep_alive_s: float = field(default_factory=lambda: _env_float("YEZI_KEEP_ALIVE", 5))
    # WebSocket pings: a peer that does not answer within `ws_ping_timeout_s` is dropped.
    ws_ping_interval_s: float = field(default_factory=lambda: _env_float("YEZI_WS_PING_INTERVAL", 20))
    ws_ping_timeout_s: float = field(default_factory=lambda: _env_float("YEZI_WS_PING_TIMEOUT", 20))
    # permessage-deflate on the sockets (YEZI_WS_DEFLATE=on): a state frame shrinks to 6-9% of its
    # 2-3 KiB, for about 45 us of CPU a frame (four a move at a four-seat table: a quarter more CPU
    # per move) and some 40 KiB of memory a socket. Off by default: on this server CPU, not bytes,
    # is what limits the tables a machine holds (docs/deploy.md, "Compression").
    ws_deflate: bool = field(default_factory=lambda: os.environ.get("YEZI_WS_DEFLATE", "off").lower()
                             in ("on", "1", "yes", "true"))

    # The event loop: "auto" (uvloop where installed: at 1,000 tables 0.85 ms of CPU per move against
    # asyncio's 0.90, and a shorter tail), "uvloop" or "asyncio".
    event_loop: str = field(default_factory=lambda: os.environ.get("YEZI_EVENT_LOOP", "auto"))
    # The event loop blocked this long is logged with where it was (yezi.server.stalls); 0: off.
    stall_log_ms: float = field(default_factory=lambda: _env_float("YEZI_STALL_LOG_MS", 300))
    # This server's place among those a proxy routes tables to (YEZI_ROUTE="i/n", yezi.server.routing):
    # the tables it creates are the ones the proxy sends to it. `--workers N` sets it per worker.
    route: Route = field(default_factory=Route.from_env)

    # ---- how long tables live (yezi.server.expiry) ---------------------------------------------
    # A playing table with no move for this long is archived (status "expired", read-only: its
    # finished deals stay downloadable and replayable).
    table_idle_s: float = field(default_factory=lambda: _env_float("YEZI_TABLE_IDLE", 2 * 3600))
    # Only what people do counts at a table with people: bots' moves, timed-out moves played for a
    # seat and deals the timer starts do not, so a seat connection alone keeps no table for ever.
    # Sooner when nobody is there: no seated person connected (spectators keep no table with people).
    table_empty_s: float = field(default_factory=lambda: _env_float("YEZI_TABLE_EMPTY", 15 * 60))
    # A table of bots only may play on while watched (a demo table), but at most this long from its
    # creation; it counts against its creator's `bot_tables_per_client` while it plays.
    bot_table_life_s: float = field(default_factory=lambda: _env_float("YEZI_BOT_TABLE_LIFE", 4 * 3600))
    # A server started while its database is out of reach (a host rebooting with PostgreSQL, an
    # orchestrator starting both at once) tries again, backing off, this long before it gives up
    # (0: at once). Each try prints why it failed, so a wrong URL is plain from the first line.
    db_start_wait_s: float = field(default_factory=lambda: _env_float("YEZI_DB_START_WAIT", 120))
    # A client at its cap of tables (`max_tables_per_client`) who opens another lets go of its own
    # tables that nobody has been at for this long, the longest-left first (yezi.server.expiry.make_room):
    # a newcomer trying game after game is never refused for the tables he left, and no client holds more.
    table_abandoned_s: float = field(default_factory=lambda: _env_float("YEZI_TABLE_ABANDONED", 60))
    # How often the sweeper looks.
    expiry_check_s: float = field(default_factory=lambda: _env_float("YEZI_EXPIRY_CHECK", 30))
    # ---- move timers (yezi.server.clock) ------------------------------------------------------
    # After a restart a running timer keeps its deadline, but never ends sooner than this many
    # seconds after the table is back (its players need a moment to reconnect).
    timer_restart_grace_s: float = field(default_factory=lambda: _env_float("YEZI_TIMER_RESTART_GRACE", 5))
    # A timed-out seat's move (the heuristic bot's) is played this long after the deadline at the
    # earliest, however fast it was found: a forced move (a lone 不報) and a real choice take the
    # same time, so the timing tells nobody which it was.
    timeout_move_pad_s: float = field(default_factory=lambda: _env_float("YEZI_TIMEOUT_MOVE_PAD", 0.5))
    # For tests only (an operator's setting, never a client's): every timer's seconds are multiplied
    # by this, so that a 15 s timer runs out in a fraction of a second.
    timer_scale: float = field(default_factory=lambda: _env_float("YEZI_TIMER_SCALE", 1.0))
    # For tests and demonstrations only (an operator's setting, never a client's; never on a public
    # server: whoever knows the number knows every deal): the tables' match seeds are drawn in order
    # from this number, so a browser test meets the same deals on every run instead of the day's luck.
    deal_seeds: int | None = field(default_factory=lambda: int(os.environ["YEZI_DEAL_SEEDS"])
                                   if os.environ.get("YEZI_DEAL_SEEDS") else None)

    # ---- quick match (yezi.server.quick) ---------------------------------------------------------
    # Tickets waiting in the quick-match queue, over the whole server (all instances: it is a table).
    quick_max: int = field(default_factory=lambda: _env_int("YEZI_QUICK_MAX", 2000))
    # Tickets one client (an address, as the other caps count) may hold at once, over all games.
    quick_per_client: int = field(default_factory=lambda: _env_int("YEZI_QUICK_PER_CLIENT", 8))
    # Joins a minute, and polls a minute, per client (a waiting page polls every 2 s).
    quick_joins_per_minute: int = field(default_factory=lambda: _env_int("YEZI_QUICK_JOINS_PER_MINUTE", 20))
    quick_polls_per_minute: int = field(default_factory=lambda: _env_int("YEZI_QUICK_POLLS_PER_MINUTE", 240))

    # Seat cookies (the credential a seat link is exchanged for) last this long.
    seat_cookie_max_age_s: int = field(default_factory=lambda: _env_int("YEZI_SEAT_COOKIE_MAX_AGE", 30 * 86400))

    # ---- accounts: password sign-in (yezi.server.accounts) ------------------------------------
    # Sign-in and sign-up tries a minute, each per address and per account name (a name's limit
    # holds whatever addresses the tries come from); recovery requests count as sign-ins.
    signin_per_minute: int = field(default_factory=lambda: _env_int("YEZI_SIGNIN_PER_MINUTE", 10))
    signup_per_minute: int = field(default_factory=lambda: _env_int("YEZI_SIGNUP_PER_MINUTE", 5))
    # Mail (optional): smtp://user:password@host:587 (STARTTLS), smtps://…:465, smtp+plain://host:25.
    # With it an account may add an address, verify it and recover the account by a mailed link.
    smtp_url: str = field(default_factory=lambda: os.environ.get("YEZI_SMTP_URL", ""))
    mail_from: str = field(default_factory=lambda: os.environ.get("YEZI_MAIL_FROM", "yezi <noreply@localhost>"))
    # The address people reach this server at (https://play.example.org), which mailed links name;
    # default: the first of YEZI_ALLOWED_ORIGINS. Never the request's Host header (a forged one would
    # send a victim a recovery link to the forger's site). Without either, mail is off.
    public_url: str = field(default_factory=lambda: os.environ.get("YEZI_PUBLIC_URL", "").rstrip("/"))
    # Hours a mailed link works (verify an address, recover an account).
    email_link_hours: float = field(default_factory=lambda: _env_float("YEZI_EMAIL_LINK_HOURS", 1.0))


def parse_origins(text: str) -> tuple[str, ...]:
    return tuple(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())
