"""Who a client is, and how much of the server one client may take.

A client is known by its network address. Headers that name another address (X-Forwarded-For)
are believed only from the reverse proxies listed in `Settings.trusted_proxies`: anyone else
could otherwise send a new fake address with every request and never meet a per-client cap
(issue 11: 40 table creations with 40 fake addresses all passed a limit of 30).

An IPv6 client is counted by its /64 network, since one host usually holds a whole /64. Every
per-client cap also holds, `Settings.group_share` times over, for the client's network (an IPv4
/24, an IPv6 /48): issue 26 found one /56 worth 256 clients and 250 addresses filling the server,
where a few networks now get a few clients' share (`address_groups`, one place for all the caps).

Signed-in players get capacity held back from anonymous ones (`CapacityClass`; a request's class
is `yezi.server.accounts.identity.capacity_of`).
"""

from __future__ import annotations

import functools
import ipaddress
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from yezi.server.budget import TokenBucket
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


@functools.lru_cache(maxsize=65536)  # asked for every cap a request meets
def address_groups(key: str) -> tuple[str, ...]:
    """The networks a client's key (`address_key`) belongs to, each capped `group_share` times a
    client's cap: an IPv4 address's /24, an IPv6 /64's /48; nothing for a key that is no address."""
    try:
        net = ipaddress.ip_network(key, strict=False)
    except ValueError:
        return ()
    if isinstance(net, ipaddress.IPv4Network):
        return ("net:" + str(net.supernet(new_prefix=24)),) if net.prefixlen >= 24 else ()
    return ("net:" + str(net.supernet(new_prefix=48)),) if net.prefixlen >= 48 else ()


@dataclass(frozen=True)
class CapacityClass:
    """How much of the server a client may use: anonymous clients fill all but the share held back
    (`Settings.reserved_share`) for signed-in players, who may use it all."""

    name: str
    reserved: bool

    def open_tables(self, settings: Settings) -> int:
        """Tables in play on the server past which this class is refused ("full")."""
        if self.reserved:
            return settings.max_open_tables
        return settings.max_open_tables - int(settings.max_open_tables * settings.reserved_share)


ANONYMOUS = CapacityClass("anonymous", reserved=False)
SIGNED_IN = CapacityClass("signed-in", reserved=True)


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
    """Per-client counters of the server process: a token bucket of table creations (the cap a
    minute at once, refilled at the cap per minute; `yezi.server.budget.TokenBucket`), tables
    in play (a finished table no longer counts; `yezi.server.expiry.make_room`), WebSockets open.
    Each is kept for the client's key and for its networks (`address_groups`), whose caps are
    `group_share` times the client's. In memory: after a restart every client starts from zero, and the open
    tables restored from the database count for no one (they still count for the server-wide cap)."""

    settings: Settings
    clock: Callable[[], float] = time.monotonic
    _created: dict[str, TokenBucket] = field(default_factory=dict)
    _owned: dict[str, set[str]] = field(default_factory=dict)
    _owner_of: dict[str, str] = field(default_factory=dict)
    _sockets: dict[str, int] = field(default_factory=dict)

    def _scopes(self, key: str, cap: int) -> list[tuple[str, int, str]]:
        """(counter key, its cap, who) for the client and each of its networks."""
        share = self.settings.group_share
        return [(key, cap, "one address")] + [(g, cap * share, "one network") for g in address_groups(key)]

    def _per_minute(self, key: str, cap: float) -> TokenBucket:
        """The bucket of `cap` requests a minute under `key` (made full when first asked)."""
        b = self._created.get(key)
        if b is None or b.burst != cap:
            b = self._created[key] = TokenBucket(cap / 60, cap, self.clock)
        return b

    def _forget_full(self) -> None:
        if len(self._created) > 10_000:  # forget clients whose buckets have filled again
            self._created = {k: b for k, b in self._created.items() if not b.full}

    # ---- table creation -----------------------------------------------------------------------
    def creation_refusal(self, key: str) -> tuple[str, str] | None:
        """(code, message) when this client may not create a table now, else None (and counted)."""
        s = self.settings
        rates = [(self._per_minute(k, cap), cap, who) for k, cap, who in self._scopes(key, s.create_per_minute)]
        for bucket, cap, who in rates:
            if bucket.left() < 1:
                return "rate-limited", f"at most {cap} tables a minute from {who}; wait a minute"
        for k, cap, who in self._scopes(key, s.max_tables_per_client):
            if len(self._owned.get(k, ())) >= cap:
                return "too-many-tables", f"at most {cap} tables in play at once from {who}, and " \
                                          "somebody is at each of yours; finish or leave one first"
        for bucket, _cap, _who in rates:
            bucket.take()
        self._forget_full()
        return None

    def rate_ok(self, key: str, per_minute: float | None = None) -> bool:
        """A plain per-minute limit (e.g. claims; `per_minute`, default `create_per_minute`), under
        its own key prefix."""
        ok = self._per_minute(key, per_minute or self.settings.create_per_minute).take()
        self._forget_full()
        return ok

    def own(self, key: str, table_id: str) -> None:
        for k in (key, *address_groups(key)):
            self._owned.setdefault(k, set()).add(table_id)
        self._owner_of[table_id] = key

    def release(self, table_id: str) -> None:
        """A table closed (finished, expired): it no longer counts for its creator."""
        key = self._owner_of.pop(table_id, None)
        if key is None:
            return
        for k in (key, *address_groups(key)):
            owned = self._owned.get(k)
            if owned is not None:
                owned.discard(table_id)
                if not owned:
                    del self._owned[k]

    def owned_ids(self, key: str) -> list[str]:
        """The tables this client (or network: an `address_groups` key) opened that still count for it."""
        return list(self._owned.get(key, ()))

    def owned(self, key: str) -> int:
        return len(self._owned.get(key, ()))

    def table_caps(self, key: str) -> list[tuple[str, int]]:
        """(counter key, cap) of the tables in play this client is held to: its own and its networks'."""
        return [(k, cap) for k, cap, _who in self._scopes(key, self.settings.max_tables_per_client)]

    # ---- sockets -------------------------------------------------------------------------------
    def socket_opened(self, key: str) -> bool:
        """Count a new WebSocket of this client; False (and not counted) over its cap or its network's."""
        scopes = self._scopes(key, self.settings.max_ws_per_client)
        if any(self._sockets.get(k, 0) >= cap for k, cap, _who in scopes):
            return False
        for k, _cap, _who in scopes:
            self._sockets[k] = self._sockets.get(k, 0) + 1
        return True

    def socket_closed(self, key: str) -> None:
        for k in (key, *address_groups(key)):
            n = self._sockets.get(k, 0) - 1
            if n > 0:
                self._sockets[k] = n
            else:
                self._sockets.pop(k, None)

    def sockets(self, key: str) -> int:
        return self._sockets.get(key, 0)
