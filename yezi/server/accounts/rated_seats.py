"""Who may sit at a rated table: a signed-in user only. The routes that hand out a seat (opening a
table, claiming an open seat, opening a seat link) ask here first, so a guest is refused with a
clear code before anything changes; `ratings` skips a deal whose person's seat is linked to nobody
all the same (a program that plays with the raw seat secret, never opening a session)."""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from yezi.server.accounts.identity import current_user
from yezi.server.errors import TableError

SIGN_IN_TO_OPEN = "sign in to open a rated table: every seat of one is held by an account"
SIGN_IN_TO_SIT = "this table is rated: sign in to take a seat at it (guests play at unrated tables)"


SIGN_IN_TURN = ("sign in to open a turn-based table: it is played over days, from any of your devices, and it "
                "tells you when it is your turn")


async def refuse_guest_opening(conn: HTTPConnection, rated: bool, turn_based: bool = False) -> None:
    """A rated or turn-based table is opened by a signed-in user only (a turn-based one lives for
    weeks: an account holds it, not an address that opens tables by the thousand)."""
    if (rated or turn_based) and await current_user(conn) is None:
        raise TableError("rated-sign-in", SIGN_IN_TO_OPEN) if rated else TableError("turn-sign-in", SIGN_IN_TURN)


async def refuse_guest_seat(conn: HTTPConnection, t: Any) -> None:
    """`t`: the live table (`yezi.server.tables.LiveTable`) or None."""
    if t is not None and t.rated is not None and await current_user(conn) is None:
        raise TableError("rated-guest", SIGN_IN_TO_SIT)
