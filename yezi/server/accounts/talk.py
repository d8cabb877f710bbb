"""Chat away from a table (issue 23): a club's room, for its members, and two friends' room.

The messages, their limits, the canned phrases and the reports are the table chat's
(`yezi.server.chat`): the same store (``yezi_chat``, under a key of their own, room ``talk``), the
same text rules, the same per-speaker bucket (keyed by the user here) and the one per-minute limiter.
These rooms are read by polling (``GET …/chat?after=<id>``: the page asks every few seconds while it
is open), so every instance of a cluster answers from the database with nothing to fan out.
A club's room is its members' only; two people's room is theirs while they are friends and neither
blocks the other. Names are the speakers' account names, shown as text.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import and_, delete, select, update
from sqlalchemy.engine import Engine

from yezi.server.accounts import clubs, export, social
from yezi.server.accounts.identity import User
from yezi.server.accounts.model import seat_users_t
from yezi.server.chat import Message, chat_reports_t, chat_t, message, message_body, report, since, store_message
from yezi.server.errors import TableError

ROOM = "talk"


def club_key(cid: str) -> str:
    return ("club:" + cid)[:32]


def friends_key(a: str, b: str) -> str:
    """The room of two users, whichever of them asks."""
    lo, hi = sorted((a, b))
    return "dm:" + hashlib.sha256(f"{lo}|{hi}".encode()).hexdigest()[:29]


def club_room(engine: Engine, cid: str, user: User) -> str:
    """The key of the club's room, for a member (else refused)."""
    if clubs.club_by_id(engine, cid) is None:
        raise TableError("no-club", "no such club")
    if clubs.role_of(engine, cid, user.id) is None:
        raise TableError("not-member", "only the club's members can read and write its chat")
    return club_key(cid)


def friends_room(engine: Engine, user: User, name: str) -> str:
    """The key of my room with the friend called `name` (refused unless we are friends and neither
    blocks the other: a blocked person's messages never reach me)."""
    with engine.connect() as c:
        other = social._by_name(c, name) if isinstance(name, str) else None
        if other is None or other.id == user.id or not social.are_friends(c, user.id, other.id) \
                or social.is_blocked(c, user.id, other.id) or social.is_blocked(c, other.id, user.id):
            raise TableError("not-friends", "you can write only to your friends")
    return friends_key(user.id, other.id)


def read(engine: Engine, key: str, after: int, me: User) -> list[dict[str, Any]]:
    """The messages after id `after`, mine marked (the page neither reports nor mutes them)."""
    return [m.to_json() | {"mine": m.name == me.name} for m in since(engine, key, ROOM, after)]


def post(engine: Engine, key: str, user: User, body: dict[str, Any]) -> Message:
    text, phrase = message_body(body)
    return store_message(engine, key, ROOM, None, user.name, text, phrase, user.id)


def report_message(engine: Engine, key: str, mid: Any, reporter: str) -> None:
    m = message(engine, key, mid) if isinstance(mid, int) and not isinstance(mid, bool) else None
    if m is None or m.room != ROOM:
        raise TableError("no-message", "no such message in this chat")
    report(engine, m, key, reporter)


# ---- the user's data: export and erasure (`yezi.server.accounts.export`) ----------------------

def _export_chat(engine: Engine, user_id: str) -> dict[str, Any]:
    """The lines I wrote: in a club's or a friends' room (their author kept), and at the tables
    from a seat that was mine; and the lines I reported."""
    with engine.connect() as c:
        talk = c.execute(select(chat_t).where(chat_t.c.user_id == user_id).order_by(chat_t.c.id)).all()
        seated = c.execute(select(chat_t).join(seat_users_t, and_(seat_users_t.c.table_id == chat_t.c.table_id,
                                                                  seat_users_t.c.position == chat_t.c.seat))
                           .where(seat_users_t.c.user_id == user_id, chat_t.c.user_id.is_(None))
                           .order_by(chat_t.c.id)).all()
        reports = c.execute(select(chat_reports_t.c.message_id, chat_reports_t.c.created_at)
                            .where(chat_reports_t.c.reporter == "u:" + user_id)).all()

    def line(r: Any) -> dict[str, Any]:
        return {"room": r.table_id if r.room == ROOM else f"{r.table_id}/{r.room}", "text": r.text,
                "phrase": r.phrase, "at": r.created_at, "removed": bool(r.removed)}

    return {"talk": [line(r) for r in talk], "tables": [line(r) for r in seated],
            "reported": [{"message": r.message_id, "at": r.created_at} for r in reports]}


def _erase_chat(engine: Engine, user_id: str) -> None:
    """My talk lines are emptied and named "a deleted player" (the room keeps its order); my lines
    at the tables are named so (as the seats are); my reports go, and the reports' copies of my lines."""
    from yezi.server.accounts.social import DELETED_NAME
    with engine.begin() as c:
        ids = [r[0] for r in c.execute(select(chat_t.c.id).where(chat_t.c.user_id == user_id)).all()]
        if ids:
            c.execute(delete(chat_reports_t).where(chat_reports_t.c.message_id.in_(ids)))
        c.execute(update(chat_t).where(chat_t.c.user_id == user_id)
                  .values(user_id=None, name=DELETED_NAME, text=None, phrase=None, removed=True))
        for tid, pos in c.execute(select(seat_users_t.c.table_id, seat_users_t.c.position)
                                  .where(seat_users_t.c.user_id == user_id)).all():
            c.execute(update(chat_t).where(chat_t.c.table_id == tid, chat_t.c.seat == pos).values(name=DELETED_NAME))
        c.execute(delete(chat_reports_t).where(chat_reports_t.c.reporter == "u:" + user_id))


export.register("chat", _export_chat, _erase_chat,
                covers=(("yezi_chat", "user_id"), ("yezi_chat_reports", "reporter")))
