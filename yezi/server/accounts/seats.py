"""Which user held which seat (``yezi_seat_users``): the bridge from one table's seat cookie to a
person who lasts. A seat is linked when a signed-in user opens a table (the host's seat), claims a
seat, opens a seat link, or carries a guest's seats into a new account. The first link stays: a
seat taken over later by someone else keeps the person who first held it.

Ratings, profiles ("recent games") and a club's ledger read these links; they change nothing about
who may play a seat. What does is the seat's secret, and its key here (``yezi_seat_keys``): the
signed-in user who opened a seat with its secret opens it again from any device, as long as that
secret is the seat's (`account_positions`: a turn-based game is played from a phone one day and a
laptop the next; the host's new invitation ends the hold with the old link's).
"""

from __future__ import annotations

import hmac
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from starlette.requests import HTTPConnection

from yezi.server.accounts.identity import current_user
from yezi.server.accounts.model import seat_keys_t, seat_users_t
from yezi.server.context import context_of
from yezi.server.timers import remind


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


def keep_seat_keys(engine: Engine, user_id: str, keys: list[tuple[str, int, str]]) -> None:
    """The user opened these seats with these credentials: (table, position, credential's hash)."""
    if not keys:
        return
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    now = time.time()
    with engine.begin() as c:
        for tid, pos, h in keys:
            stmt = insert(seat_keys_t).values(table_id=tid, position=pos, user_id=user_id, token_hash=h,
                                              created_at=now)
            c.execute(stmt.on_conflict_do_update(index_elements=["table_id", "position", "user_id"],
                                                 set_={"token_hash": h, "created_at": now}))


def hold_seats(engine: Engine, user_id: str, keys: list[tuple[str, int, str]]) -> None:
    """The user holds these seats (table, position, the credential's hash they hold it by): linked to
    them (`link_seats`) and opened by their account from any device (`keep_seat_keys`)."""
    link_seats(engine, user_id, [(tid, pos) for tid, pos, _h in keys])
    keep_seat_keys(engine, user_id, keys)


def seat_keys_of(engine: Engine, user_id: str, table_id: str) -> dict[int, str]:
    """position → the credential's hash the user opened it with, at one table."""
    with engine.connect() as c:
        rows = c.execute(select(seat_keys_t.c.position, seat_keys_t.c.token_hash)
                         .where(seat_keys_t.c.user_id == user_id, seat_keys_t.c.table_id == table_id)).all()
    return {r.position: r.token_hash for r in rows}


def _current_key(table_id: str, position: int, conn: HTTPConnection) -> str | None:
    t = context_of(conn).manager.live.get(table_id)
    if t is None or not 0 <= position < len(t.players):
        return None
    return t.players[position].token_hash


async def link_if_signed_in(conn: HTTPConnection, table_id: str, position: int) -> None:
    """The request's user (if signed in) now holds this seat: it is linked to them, and their account
    opens it from another device while its credential stays the one the request just proved."""
    user = await current_user(conn)
    if user is not None:
        store = context_of(conn).store
        key = _current_key(table_id, position, conn)
        if key is None:
            await store.run(link_seats, store.engine, user.id, [(table_id, position)])
        else:
            await store.run(hold_seats, store.engine, user.id, [(table_id, position, key)])
            t = context_of(conn).manager.live.get(table_id)
            if t is not None:
                remind(t, [position])


async def account_positions(conn: HTTPConnection, t: Any) -> list[int]:
    """The seats of the live table `t` the request's signed-in user opens through the account: those
    whose credential is still the one they opened the seat with."""
    user = await current_user(conn)
    if user is None:
        return []
    store = context_of(conn).store
    keys = await store.run(seat_keys_of, store.engine, user.id, t.id)
    return sorted(pos for pos, h in keys.items()
                  if 0 <= pos < len(t.players) and t.players[pos].token_hash is not None
                  and hmac.compare_digest(t.players[pos].token_hash, h))
