"""A blocked player is refused a seat at the blocker's tables (a table opened by the blocker: its
host seat's user). Called before a claim or a seat link's session: a guest (not signed in) is not
known, so nothing is refused for them."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from yezi.server.accounts.identity import current_user
from yezi.server.accounts.social import host_refuses
from yezi.server.context import context_of
from yezi.server.errors import TableError


def blocked_by_host() -> TableError:
    return TableError("blocked-by-host", "the player who opened this table does not take you at their tables")


async def check_seat_welcome(conn: HTTPConnection, table_id: str) -> None:
    """Raise ``blocked-by-host`` when the request's user may not sit at this table."""
    user = await current_user(conn)
    if user is None:
        return
    ctx = context_of(conn)
    t = await ctx.manager.get(table_id)
    if t is None or t.row.host_position is None:
        return
    store = ctx.store
    if await store.run(host_refuses, store.engine, t.id, t.row.host_position, user.id):
        raise blocked_by_host()
