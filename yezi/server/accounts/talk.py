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

from sqlalchemy.engine import Engine

from yezi.server.accounts import clubs, social
from yezi.server.accounts.identity import User
from yezi.server.chat import Message, message, message_body, report, since, store_message
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
