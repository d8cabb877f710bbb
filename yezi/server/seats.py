"""Seat credentials: secret links exchanged for cookies, so that no secret stays in an address.

A seat's secret (its token) first travels in a link's fragment, ``/t/<id>#seat=<token>``: a
fragment is never sent to the server, so it is in no request line and no access log. The page
posts it once to ``/t/<id>/session``, which answers with a cookie, and removes it from the address
bar (``history.replaceState``): a player who copies the address for a friend to watch gives away
nothing. The cookie, ``yz_s<position>``, is HttpOnly (no script reads it), SameSite=Strict (no
other site's page sends it) and scoped to ``Path=/t/<id>``: it goes only to that table's page,
session endpoint and WebSocket (``/t/<id>/ws?seat=<position>``). One browser may hold several
seats of a table (one cookie each); the page names the one it plays.

Programs (tests, bots run elsewhere) send ``Authorization: Bearer <token>`` on the WebSocket
instead. A token in a WebSocket's query string is refused: it would be written to logs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from starlette.requests import HTTPConnection
from starlette.responses import Response

from yezi.server.accounts.seats import account_positions
from yezi.server.config import Settings
from yezi.server.context import context_of
from yezi.server.tables import LiveTable, TableError, TableManager

T = TypeVar("T")

COOKIE_PREFIX = "yz_s"


def seat_link(table_id: str, token: str) -> str:
    """The secret link of a seat (the token in the fragment, never sent in a request)."""
    return f"/t/{table_id}#seat={token}"


def watch_link(table_id: str) -> str:
    return f"/t/{table_id}"


def cookie_name(position: int) -> str:
    return f"{COOKIE_PREFIX}{position}"


def set_seat_cookie(resp: Response, table_id: str, position: int, token: str, settings: Settings,
                    secure: bool) -> None:
    resp.set_cookie(cookie_name(position), token, max_age=settings.seat_cookie_max_age_s, path=f"/t/{table_id}",
                    httponly=True, samesite="strict", secure=secure)


def bearer(headers: Mapping[str, str]) -> str | None:
    auth = headers.get("authorization") or ""
    kind, _, value = auth.partition(" ")
    if kind.lower() != "bearer":
        return None
    return value.strip() or None


def held_positions(t: LiveTable, cookies: Mapping[str, str]) -> list[int]:
    """The seats of this table whose cookie this browser holds and that still open them."""
    out = []
    for name, value in cookies.items():
        if not name.startswith(COOKIE_PREFIX) or not name[len(COOKIE_PREFIX):].isdigit():
            continue
        pos = int(name[len(COOKIE_PREFIX):])
        try:
            if t.auth(value) == pos:
                out.append(pos)
        except TableError:
            continue
    return sorted(out)


def ws_position(t: LiveTable, query: Mapping[str, str], headers: Mapping[str, str],
                cookies: Mapping[str, str]) -> int | None:
    """The seat a WebSocket opens (None: a spectator); raises TableError for a bad credential."""
    if "token" in query:
        raise TableError("token-in-url", "a seat's secret never goes in an address: open the seat link in the "
                         "browser (it sets a cookie) or send it as 'Authorization: Bearer <token>'")
    tok = bearer(headers)
    if tok is not None:
        return t.auth(tok)
    seat = query.get("seat")
    if seat is None or seat == "":
        return None
    if not seat.isdigit() or not 0 <= int(seat) < t.n:
        raise TableError("bad-seat", "seat is a seat number")
    pos = int(seat)
    value = cookies.get(cookie_name(pos))
    if not value or t.auth(value) != pos:
        raise TableError("bad-token", "this browser holds no valid seat link for that seat")
    return pos


async def seat_of_socket(ws: HTTPConnection, t: LiveTable) -> int | None:
    """The seat a WebSocket opens (`ws_position`, checked as `checked` does), or else the seat
    its signed-in user holds through the account (`accounts.seats.account_positions`): the same
    person on another device."""
    manager = context_of(ws).manager
    try:
        return await checked(manager, t, lambda: ws_position(t, ws.query_params, ws.headers, ws.cookies))
    except TableError as e:
        seat = ws.query_params.get("seat", "")
        if e.code != "bad-token" or not seat.isdigit() or int(seat) not in await account_positions(ws, t):
            raise
        return int(seat)


async def checked(manager: TableManager, t: LiveTable, check: Callable[[], T]) -> T:
    """`check()` (a token or cookie checked against the table's seats), tried once more after the
    seats are read from the database when it refuses a token in a cluster: the seat may have been
    claimed or re-invited through another instance a moment ago, before this one heard of it."""
    try:
        return check()
    except TableError as e:
        if e.code != "bad-token" or manager.cluster is None:
            raise
    await manager.cluster.catch_up(t)
    return check()
