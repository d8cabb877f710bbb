"""Who a client is, and how much of the server one client may take.

A client is known by its network address. Headers that name another address (X-Forwarded-For)
are believed only from the reverse proxies listed in `Settings.trusted_proxies`: anyone else
could otherwise send a new fake address with every request and never meet a per-client cap
(issue 11: 40 table creations with 40 fake addresses all passed a limit of 30).

An IPv6 client is counted by its /64 network, since one host usually holds a whole /64.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from yezi.server.config import Settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(spec: str) -> list[Network]:
    """"10.0.0.1, 10.1.0.0/16, ::1" -> networks; a bad entry is an error (a typo must not trust no one
    silently, nor everyone)."""
    out: list[Network] = []
    for part in (spec or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if part == "*":
            raise ValueError("YEZI_TRUSTED_PROXIES: '*' would let any client choose its own address; "
                             "list the proxies' addresses")
        out.append(ipaddress.ip_network(part, strict=False))
    return out


class TrustedProxies:
    def __init__(self, spec: str):
        self.spec = spec.strip()
        self.networks = parse_networks(spec)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in n for n in self.networks)

    def uvicorn_kwargs(self) -> dict[str, object]:
        """uvicorn's own proxy handling, configured the same way (by default uvicorn trusts
        127.0.0.1, which let a local reverse proxy's clients - or anyone on the host - pick an address)."""
        if not self.networks:
            return {"proxy_headers": False, "forwarded_allow_ips": ""}
        return {"proxy_headers": True, "forwarded_allow_ips": ",".join(str(n) for n in self.networks)}


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    values = [v.decode("latin-1") for k, v in headers if k.lower() == name]
    return ",".join(values) if values else None


def client_host(scope: Mapping, trusted: TrustedProxies) -> str:
    """The address of the client that sent this request (an ASGI http or websocket scope).

    The peer address, unless the peer is a trusted proxy: then the right-most address of
    X-Forwarded-For that is not itself a trusted proxy (the left part is whatever the client
    wrote). Idempotent: when uvicorn already put the forwarded address in the scope, that address
    is not a trusted proxy and is returned as it is."""
    peer = scope.get("client")
    host = peer[0] if peer else ""
    if not host or host not in trusted:
        return host or "?"
    xff = _header(scope.get("headers") or [], b"x-forwarded-for")
    if not xff:
        return host
    hops = [h.strip() for h in xff.split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return hop
    return hops[0] if hops else host


def address_key(host: str) -> str:
    """The unit a per-client cap counts: the address, or an IPv6 address's /64."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return host


def client_key(conn: HTTPConnection) -> str:
    """The client a request or WebSocket comes from, as every per-client limit and budget counts it:
    its address (forwarded only by a trusted proxy), an IPv6 address by its /64."""
    state = conn.app.state
    trusted = getattr(state, "trusted_proxies", None)
    if trusted is None:  # parsed once per app
        trusted = state.trusted_proxies = TrustedProxies(state.settings.trusted_proxies)
    return address_key(client_host(conn.scope, trusted))


@dataclass
class ClientLimits:
    """Per-client counters of the server process: tables created in the last minute, tables
    in play (a finished table no longer counts; `yezi.server.expiry.make_room`), WebSockets open. In memory: after a restart every client starts from zero, and the open
    tables restored from the database count for no one (they still count for the server-wide cap)."""

    settings: Settings
    _created: dict[str, list[float]] = field(default_factory=dict)
    _owned: dict[str, set[str]] = field(default_factory=dict)
    _owner_of: dict[str, str] = field(default_factory=dict)
    _sockets: dict[str, int] = field(default_factory=dict)

    # ---- table creation -----------------------------------------------------------------------
    def creation_refusal(self, key: str) -> tuple[str, str] | None:
        """(code, message) when this client may not create a table now, else None (and counted)."""
        now = time.monotonic()
        times = [x for x in self._created.get(key, []) if now - x < 60]
        self._created[key] = times
        if len(times) >= self.settings.create_per_minute:
            return "rate-limited", f"at most {self.settings.create_per_minute} tables a minute from one address; " \
                                   "wait a minute"
        if len(self._owned.get(key, ())) >= self.settings.max_tables_per_client:
            return "too-many-tables", f"at most {self.settings.max_tables_per_client} tables in play at once " \
                                      "from one address, and somebody is at each of yours; finish or leave one first"
        times.append(now)
        if len(self._created) > 10_000:  # forget clients that have been quiet for a minute
            self._created = {k: v for k, v in self._created.items() if v and now - v[-1] < 60}
        return None

    def rate_ok(self, key: str) -> bool:
        """A plain per-minute limit (e.g. claims), under its own key prefix."""
        now = time.monotonic()
        times = [x for x in self._created.get(key, []) if now - x < 60]
        ok = len(times) < self.settings.create_per_minute
        if ok:
            times.append(now)
        self._created[key] = times
        return ok

    def own(self, key: str, table_id: str) -> None:
        self._owned.setdefault(key, set()).add(table_id)
        self._owner_of[table_id] = key

    def release(self, table_id: str) -> None:
        """A table closed (finished, expired): it no longer counts for its creator."""
        key = self._owner_of.pop(table_id, None)
        if key is not None:
            owned = self._owned.get(key)
            if owned is not None:
                owned.discard(table_id)
                if not owned:
                    del self._owned[key]

    def owned_ids(self, key: str) -> list[str]:
        """The tables this client opened that still count for it."""
        return list(self._owned.get(key, ()))

    def owned(self, key: str) -> int:
        return len(self._owned.get(key, ()))

    # ---- sockets -------------------------------------------------------------------------------
    def socket_opened(self, key: str) -> bool:
        """Count a new WebSocket of this client; False (and not counted) over the cap."""
        n = self._sockets.get(key, 0)
        if n >= self.settings.max_ws_per_client:
            return False
        self._sockets[key] = n + 1
        return True

    def socket_closed(self, key: str) -> None:
        n = self._sockets.get(key, 0) - 1
        if n > 0:
            self._sockets[key] = n
        else:
            self._sockets.pop(key, None)

    def sockets(self, key: str) -> int:
        return self._sockets.get(key, 0)
