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
  counted until the socket closes, WebSockets included;
* at most `connection_cap()` connections in all, kept below the process's open-file limit so
  that accept() never fails with "Too many open files": a connection over the cap is closed at
  once, before it is read.
"""

from __future__ import annotations

import asyncio
import logging
import resource

from uvicorn.protocols.http.h11_impl import H11Protocol

from yezi.server.clients import TrustedProxies, address_key
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
    """Open client connections, in all and per peer: counted when accepted, uncounted when the
    socket is lost (by this protocol, or by the WebSocket protocol it was upgraded to). O(1) per
    connection, so that a flood of connections costs no scans."""

    def __init__(self) -> None:
        self.open = 0
        self.by_peer: dict[str, int] = {}
        self.refused = 0

    def peer_count(self, key: str) -> int:
        return self.by_peer.get(key, 0)

    def add(self, key: str | None) -> None:
        self.open += 1
        if key is not None:
            self.by_peer[key] = self.by_peer.get(key, 0) + 1

    def remove(self, key: str | None) -> None:
        self.open -= 1
        if key is not None:
            n = self.by_peer.get(key, 0) - 1
            if n > 0:
                self.by_peer[key] = n
            else:
                self.by_peer.pop(key, None)


def guarded_h11(settings: Settings) -> type[H11Protocol]:
    """uvicorn's h11 protocol class with this server's timeouts and connection caps."""
    trusted = TrustedProxies(settings.trusted_proxies)
    cap = connection_cap(settings)
    registry = _Registry()

    class GuardedH11Protocol(H11Protocol):
        registry_ = registry
        cap_ = cap

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            key = address_key(peer) if peer and peer not in trusted else None
            self._yz_counted = False
            if registry.open >= cap or (key is not None and registry.peer_count(key) >= settings.max_conns_per_peer):
                registry.refused += 1
                if registry.refused in (1, 10, 100, 1000) or registry.refused % 10000 == 0:
                    log.warning("connections refused so far: %d (caps: %d in all, %d per address)",
                                registry.refused, cap, settings.max_conns_per_peer)
                transport.abort()  # no bytes read, the descriptor freed at once
                return
            registry.add(key)
            self._yz_key, self._yz_counted = key, True
            self._yz_arm_headers()

        def _yz_release(self) -> None:
            if self._yz_counted:
                self._yz_counted = False
                registry.remove(self._yz_key)

        def handle_websocket_upgrade(self, event) -> None:  # type: ignore[no-untyped-def]
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
