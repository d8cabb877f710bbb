"""Which user held which seat (``yezi_seat_users``): the bridge from one table's seat cookie to a
person who lasts. A seat is linked when a signed-in user opens a table (the host's seat), claims a
seat, opens a seat link, or carries a guest's seats into a new account. The first link stays: a
seat taken over later by someone else keeps the person who first held it.

Ratings, profiles ("recent games") and a club's ledger read these links; nothing here changes who
may play a seat (the seat's own secret still does that).
"""

from __future__ import annotations

import time

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection

from yezi.server.accounts.identity import current_user
from yezi.server.accounts.model import seat_users_t
from yezi.server.context import context_of


def link_seats(engine: Engine, user_id: str, seats: list[tuple[str, int]]) -> None:
    """Link each (table, position) to the user, unless the seat is linked already."""
    if not seats:
        return
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    now = time.time()
    with engine.begin() as c:
        for tid, pos in seats:
            c.execute(insert(seat_users_t).values(table_id=tid, position=pos, user_id=user_id, linked_at=now)
                      .on_conflict_do_nothing(index_elements=["table_id", "position"]))


def users_of_table(engine: Engine, table_id: str) -> dict[int, str]:
    """position → user id, for the table's linked seats."""
    with engine.connect() as c:
        rows = c.execute(select(seat_users_t.c.position, seat_users_t.c.user_id)
                         .where(seat_users_t.c.table_id == table_id)).all()
    return {r.position: r.user_id for r in rows}


def seats_of_user(engine: Engine, user_id: str, limit: int = 200) -> list[tuple[str, int]]:
    """The user's seats, newest first: (table id, position)."""
    with engine.connect() as c:
        rows = c.execute(select(seat_users_t.c.table_id, seat_users_t.c.position)
                         .where(seat_users_t.c.user_id == user_id)
                         .order_by(seat_users_t.c.linked_at.desc()).limit(limit)).all()
    return [(r.table_id, r.position) for r in rows]


async def link_if_signed_in(conn: HTTPConnection, table_id: str, position: int) -> None:
    """The request's user (if signed in) now holds this seat."""
    user = await current_user(conn)
    if user is not None:
        store = context_of(conn).store
        await store.run(link_seats, store.engine, user.id, [(table_id, position)])
