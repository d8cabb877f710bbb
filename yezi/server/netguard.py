"""Connection limits below the app: request read timeouts, connections per peer, connections in all.

uvicorn closes an idle keep-alive connection, but a client that sends half a request header and
then nothing keeps its socket (and a file descriptor) for ever: issue 11 found 2,000 such sockets
open after 60 s, and 1,100 of them exhausted a 1,024-descriptor process. `guarded_h11` returns
uvicorn's h11 protocol with

* a deadline for a request's headers (`Settings.header_timeout_s`, from the connection's start
  or from the previous response) and then for its body (`body_timeout_s`); a connection that
  misses one is closed. A WebSocket, once upgraded, is no longer this protocol's: its pings
  (`ws_ping_interval_s` / `ws_ping_timeout_s`) find a dead peer instead;
* at most `max_conns_per_peer` open connections per peer address (trusted proxies excepted),
  counted until the socket closes, WebSockets included, and `group_share` times that per network
  (an IPv4 /24, an IPv6 /48: `yezi.server.clients.address_groups`);
* at most `connection_cap()` connections in all, kept below the process's open-file limit so
  that accept() never fails with "Too many open files" (the soft limit is raised to the hard one
  at start, `raise_fd_limit`; the open connections are counted here, O(1), rather than the
  descriptors listed).

At the cap of all connections, or of a network, the oldest idle connection there - plain HTTP,
no request being answered: nothing sent yet, half a header, or a keep-alive between requests -
is closed to make room; a new connection is closed at once, before it is read, only when none
is idle. WebSockets (seats, spectators) are never closed for room. Issue 26: 16 addresses
holding 64 idle connections each at a 1,024-descriptor limit failed 84 of 86 requests of
another client.
"""

from __future__ import annotations

import asyncio
import logging
import resource

from uvicorn.protocols.http.h11_impl import H11Protocol

from yezi.server.clients import TrustedProxies, address_groups, address_key
from yezi.server.config import Settings

log = logging.getLogger("yezi.server.net")

# descriptors kept free for everything that is not a client socket: the database, the log, static
# files, the event loop's own, the hint threads'
FD_BASE_RESERVE = 64


def _soft_limit() -> int | None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def listen_backlog() -> int:
    """The listening socket's backlog, which is also how many connections asyncio accepts in one go
    before any of them reaches `connection_made` (where the caps apply): so it must fit in the
    descriptors left over. 1024 where the open-file limit is generous, down to 64 where it is tight."""
    soft = _soft_limit()
    if soft is None:
        return 1024
    return max(64, min(1024, (soft - FD_BASE_RESERVE) // 4))


def raise_fd_limit() -> int:
    """Raise the soft open-file limit to the hard one (allowed without privileges); the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def connection_cap(settings: Settings) -> int:
    """The server-wide connection cap: the setting, or less where the open-file limit is lower (one
    accept burst and the base reserve are kept free)."""
    soft = _soft_limit()
    if soft is None:
        return settings.max_connections
    return max(16, min(settings.max_connections, soft - FD_BASE_RESERVE - listen_backlog()))


class _Registry:
    """Open client connections, in all, per peer and per network: counted when accepted, uncounted
    when the socket is lost (by this protocol, or by the WebSocket protocol it was upgraded to).
    O(1) per connection, so that a flood of connections costs no scans; the plain HTTP ones are also
    kept in the order they came (`http`), in all and per network, for `make_room`."""

    def __init__(self) -> None:
        self.open = 0
        self.by_peer: dict[str, int] = {}
        self.refused = 0
        self.evicted = 0
        # plain HTTP connections, oldest first (a dict as an ordered set): in all and per network
        self.http: dict[H11Protocol, None] = {}
        self.http_by_group: dict[str, dict[H11Protocol, None]] = {}

    def peer_count(self, key: str) -> int:
        return self.by_peer.get(key, 0)

    def add(self, keys: tuple[str, ...], proto: H11Protocol) -> None:
        self.open += 1
        for k in keys:
            self.by_peer[k] = self.by_peer.get(k, 0) + 1
        self.http[proto] = None
        for g in keys[1:]:
            self.http_by_group.setdefault(g, {})[proto] = None

    def upgraded(self, keys: tuple[str, ...], proto: H11Protocol) -> None:
        """A WebSocket now: still counted, never closed for room."""
        self.http.pop(proto, None)
        for g in keys[1:]:
            conns = self.http_by_group.get(g)
            if conns is not None:
                conns.pop(proto, None)
                if not conns:
                    del self.http_by_group[g]

    def remove(self, keys: tuple[str, ...], proto: H11Protocol) -> None:
        self.open -= 1
        self.upgraded(keys, proto)
        for k in keys:
            n = self.by_peer.get(k, 0) - 1
            if n > 0:
                self.by_peer[k] = n
            else:
                self.by_peer.pop(k, None)

    def make_room(self, group: str | None = None) -> bool:
        """Close the oldest idle plain HTTP connection (of `group`, or of all); False when none is.
        Uncounted at once: its `connection_lost` comes later, and finds it released."""
        conns = self.http if group is None else self.http_by_group.get(group, {})
        for proto in conns:  # the busy ones are few: at most one request each, bounded by the cap
            if proto._yz_idle():  # type: ignore[attr-defined]
                proto._yz_release()  # type: ignore[attr-defined]
                _drop(proto)
                self.evicted += 1
                return True
        return False


def _drop(proto: H11Protocol) -> None:
    """Close at once, and out of uvicorn's count of connections now: its `connection_lost` comes
    later, and a request read meanwhile must not find the count at `limit_concurrency` (a 503)."""
    proto.connections.discard(proto)
    proto.transport.abort()  # no more bytes read, the descriptor freed at once


def guarded_h11(settings: Settings) -> type[H11Protocol]:
    """uvicorn's h11 protocol class with this server's timeouts and connection caps."""
    trusted = TrustedProxies(settings.trusted_proxies)
    cap = connection_cap(settings)
    group_cap = settings.max_conns_per_peer * settings.group_share
    registry = _Registry()

    def _refuse(proto: H11Protocol) -> None:
        registry.refused += 1
        if registry.refused in (1, 10, 100, 1000) or registry.refused % 10000 == 0:
            log.warning("connections refused so far: %d (caps: %d in all, %d per address, %d per network; "
                        "%d idle ones closed for room)", registry.refused, cap, settings.max_conns_per_peer,
                        group_cap, registry.evicted)
        _drop(proto)  # before any byte is read

    class GuardedH11Protocol(H11Protocol):
        registry_ = registry
        cap_ = cap

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            key = address_key(peer) if peer and peer not in trusted else None
            keys = (key, *address_groups(key)) if key is not None else ()
            self._yz_counted = False
            if key is not None and registry.peer_count(key) >= settings.max_conns_per_peer:
                return _refuse(self)  # an address's own cap: it makes no room at others' cost
            for g in keys[1:]:
                if registry.peer_count(g) >= group_cap and not registry.make_room(g):
                    return _refuse(self)
            if registry.open >= cap and not registry.make_room():
                return _refuse(self)
            registry.add(keys, self)
            self._yz_keys, self._yz_counted = keys, True
            self._yz_arm_headers()

        def _yz_idle(self) -> bool:
            """No request being answered: nothing lost if the connection is closed now."""
            cycle = self.cycle
            return not self.transport.is_closing() and (cycle is None or cycle.response_complete)

        def _yz_release(self) -> None:
            if self._yz_counted:
                self._yz_counted = False
                registry.remove(self._yz_keys, self)

        def handle_websocket_upgrade(self, event) -> None:  # type: ignore[no-untyped-def]
            if self._yz_counted:
                registry.upgraded(self._yz_keys, self)
            super().handle_websocket_upgrade(event)
            ws_protocol = self.transport.get_protocol()
            if ws_protocol is not self:  # the socket stays counted until the WebSocket protocol loses it
                lost = ws_protocol.connection_lost

                def connection_lost(exc: Exception | None) -> None:
                    self._yz_release()
                    lost(exc)

                ws_protocol.connection_lost = connection_lost  # type: ignore[method-assign]

        # ---- request read deadlines ----------------------------------------------------------
        def _yz_arm_headers(self) -> None:
            self._yz_cycle = self.cycle  # a new cycle appears once the headers are in
            self._yz_timer = self.loop.call_later(settings.header_timeout_s, self._yz_check)

        def _yz_check(self) -> None:
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed, or upgraded to a WebSocket (its pings take over)
            cycle = self.cycle
            if cycle is None or cycle is self._yz_cycle:  # still no complete header
                return self._yz_close("headers")
            if cycle.more_body and getattr(self, "_yz_body_armed", None) is not cycle:
                self._yz_body_armed = cycle
                self._yz_timer = self.loop.call_later(settings.body_timeout_s, self._yz_check)
                return
            if cycle.more_body and not cycle.response_started:
                return self._yz_close("body")

        def _yz_close(self, what: str) -> None:
            log.debug("closing %s: request %s not received in time", self.client, what)
            self.transport.close()

        def on_response_complete(self) -> None:
            timer = getattr(self, "_yz_timer", None)
            if timer is not None:
                timer.cancel()
            # the next request on this keep-alive connection (armed first: a pipelined request
            # already buffered is read by the call below)
            self._yz_arm_headers()
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            timer = getattr(self, "_yz_timer", None)
            if timer is not None:
                timer.cancel()
            if self.transport.get_protocol() is self:  # else the WebSocket protocol releases it
                self._yz_release()
            super().connection_lost(exc)

    return GuardedH11Protocol


def jittered_ws() -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol with its keepalive pings spread out in time.

    uvicorn pings each socket every `ws_ping_interval` seconds from the moment it connected. Sockets
    that connected together (every client reconnecting after a restart; a benchmark's) then ping
    together for ever: at 1,000 tables, 4,000 pings and pongs every 20 s in one burst pushed the
    round trips of the moves around them from about 20 ms to over 100 ms (the 99th percentile
    from 90 to 170 ms over a minute). Here the first ping comes after a random part of the
    interval and each later one after 75-125% of it, so the pings stay spread. The timeout for
    an answer is unchanged. Falls back to uvicorn's own protocol where its internals differ."""
    import random

    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:  # pragma: no cover - another uvicorn: its own pings
        return "auto"
    if not all(hasattr(WebSocketsSansIOProtocol, m) for m in ("schedule_ping", "send_keepalive_ping",
                                                               "start_keepalive")):
        return "auto"  # pragma: no cover

    class JitteredPings(WebSocketsSansIOProtocol):
        _yz_first = True

        def schedule_ping(self) -> None:
            interval = self.ping_interval
            if interval is None or interval <= 0:  # pragma: no cover - start_keepalive does not call it then
                return
            share = random.uniform(0.05, 1.0) if self._yz_first else random.uniform(0.75, 1.25)
            self._yz_first = False
            self.ping_timer = self.loop.call_later(max(0.0, interval * share - getattr(self, "last_ping_rtt", 0.0)),
                                                   self.send_keepalive_ping)

    return JitteredPings
