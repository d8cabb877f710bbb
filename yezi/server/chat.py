"""Chat at a table (issue 23): the players' room and the spectators' room, kept apart.

As lichess keeps them, the two rooms never mix: what spectators say never reaches the players
(a spectator sees no hidden card, but a kibitzer's "he holds 天" would still be help), and the
players' talk is theirs. A message is plain text of at most `MAX_CHARS` characters, or one of the
canned phrases (`PHRASES`, shown in each reader's language: a phone's quickest way to say 好牌！).
The page shows text as text (never markup; links are not made clickable).

Limits: a connection may send `BURST` messages at once and one every `EVERY_S` seconds after that,
and a client (its address, over all its sockets) at most the server's per-minute request limit. The
table's host may remove a message of the players' room and close the table's chat; anyone may
report a message of their room: the report keeps a copy of the message for the operator.

Messages are stored with the table (``yezi_chat``), so a reload shows the room's recent messages; in
a cluster the instance that took a message announces its id and every other instance reads it and
hands it to its own connections of that room (`yezi.server.cluster`, kind ``m``). Bots never read
chat: it is not part of any view.
"""

from __future__ import annotations

import asyncio
import re
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, insert, select, update
from sqlalchemy.engine import Engine

from yezi.server.budget import TokenBucket
from yezi.server.db import metadata
from yezi.server.tables import Conn, LiveTable, TableError, clean_name

MAX_CHARS = 280
HISTORY = 50  # messages of a room sent to a connection when it opens
# A room's recent messages are kept this long after a read (`ChatService.room`): what this instance
# and the others announce replaces them at once; this bounds what a writer outside the servers (the
# operator's `yezi reports`) leaves stale.
ROOM_KEPT_S = 30.0
ROOMS_KEPT = 8192
BURST, EVERY_S = 3, 2.0
PLAYERS, SPECTATORS = "players", "spectators"

#: the canned phrases' keys; each reader's page shows them in its language (yezi/web/i18n.js
#: ``chatPhrase_<key>``, the catalogs' ``web:chatPhrase_<key>``)
PHRASES = ("hello", "good-hand", "well-played", "wait", "your-turn", "thanks", "sorry", "good-game")

chat_t = Table(
    "yezi_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("room", String(12), nullable=False),  # players | spectators
    Column("seat", Integer, nullable=True),  # the speaker's seat; None: a spectator
    Column("name", String(64), nullable=False, default=""),
    Column("text", String(MAX_CHARS * 4), nullable=True),
    Column("phrase", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("removed", Boolean, nullable=False, default=False),
    Column("user_id", String(32), nullable=True),  # a talk line's author (0018); None: a table's chat
    Index("ix_yezi_chat_table", "table_id", "room", "id"),
    Index("ix_yezi_chat_user", "user_id"),
)
chat_reports_t = Table(
    "yezi_chat_reports", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("reporter", String(64), nullable=False),  # the reporter's client key
    Column("copy", String(MAX_CHARS * 4 + 100), nullable=False),  # the message as it was
    Column("created_at", Float, nullable=False),
)
chat_closed_t = Table(
    "yezi_chat_closed", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("closed_at", Float, nullable=False),
)

_CONTROLS = re.compile(r"[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: Any) -> str:
    """A message's text as it is kept: NFC, no control or direction characters, spaces collapsed
    at the ends, at most `MAX_CHARS` characters; "" when nothing is left."""
    if not isinstance(text, str):
        return ""
    text = _CONTROLS.sub("", unicodedata.normalize("NFC", text)).replace("\t", " ").strip()
    return text[:MAX_CHARS]


def room_of(conn: Conn) -> str:
    return PLAYERS if conn.position is not None else SPECTATORS


@dataclass
class Message:
    id: int
    room: str
    seat: int | None
    name: str
    text: str | None
    phrase: str | None
    at: float
    removed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "name": self.name, "at": round(self.at, 3),
                **({"removed": True} if self.removed else
                   {"text": self.text} if self.text is not None else {"phrase": self.phrase})}


def _message(r) -> Message:
    return Message(id=r.id, room=r.room, seat=r.seat, name=r.name, text=r.text, phrase=r.phrase,
                   at=r.created_at, removed=bool(r.removed))


# ---- storage (synchronous: through Store.run) ----------------------------------------------

def store_message(engine: Engine, table_id: str, room: str, seat: int | None, name: str,
                  text: str | None, phrase: str | None, user_id: str | None = None) -> Message:
    now = time.time()
    with engine.begin() as c:
        r = c.execute(insert(chat_t).values(table_id=table_id, room=room, seat=seat, name=name, text=text,
                                            phrase=phrase, created_at=now, user_id=user_id).returning(chat_t.c.id))
        mid = r.scalar_one()
    return Message(mid, room, seat, name, text, phrase, now)


def room_state(engine: Engine, table_id: str, room: str, limit: int = HISTORY) -> tuple[list[Message], bool]:
    """A room's recent messages (oldest first) and whether the table's chat is closed: one read."""
    with engine.connect() as c:
        rows = c.execute(select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.room == room)
                         .order_by(chat_t.c.id.desc()).limit(limit)).all()
        closed = c.execute(select(chat_closed_t.c.table_id).where(chat_closed_t.c.table_id == table_id)).first()
    return [_message(r) for r in reversed(rows)], closed is not None


def since(engine: Engine, table_id: str, room: str, after: int, limit: int = HISTORY) -> list[Message]:
    """A room's messages after id `after` (oldest first; 0: its recent ones): a room read by polling."""
    q = select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.room == room)
    with engine.connect() as c:
        if after > 0:
            rows = c.execute(q.where(chat_t.c.id > after).order_by(chat_t.c.id).limit(limit)).all()
            return [_message(r) for r in rows]
        rows = c.execute(q.order_by(chat_t.c.id.desc()).limit(limit)).all()
    return [_message(r) for r in reversed(rows)]


def message(engine: Engine, table_id: str, mid: int) -> Message | None:
    with engine.connect() as c:
        r = c.execute(select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id == mid)).first()
    return _message(r) if r is not None else None


def remove(engine: Engine, table_id: str, mid: int) -> bool:
    with engine.begin() as c:
        return c.execute(update(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id == mid,
                                              chat_t.c.room == PLAYERS).values(removed=True)).rowcount == 1


def report(engine: Engine, m: Message, table_id: str, reporter: str) -> None:
    copy = f"[{m.room}] {m.name}: {m.text if m.text is not None else '(' + str(m.phrase) + ')'}"
    with engine.begin() as c:
        c.execute(insert(chat_reports_t).values(message_id=m.id, table_id=table_id, reporter=reporter[:64],
                                                copy=copy, created_at=time.time()))


def reports(engine: Engine, since_ts: float = 0.0, limit: int = 100, around: int = 5) -> list[dict[str, Any]]:
    """The reports made since `since_ts`, newest first, each with the message as it was reported
    and the `around` messages of its room before it and after it (the operator reads a line in its
    conversation): table chats and the club's and friends' rooms (`yezi reports`)."""
    out = []
    with engine.connect() as c:
        rows = c.execute(select(chat_reports_t).where(chat_reports_t.c.created_at >= since_ts)
                         .order_by(chat_reports_t.c.id.desc()).limit(limit)).all()
        for r in rows:
            m = c.execute(select(chat_t).where(chat_t.c.id == r.message_id)).first()
            before: list[Any] = []
            after: list[Any] = []
            if m is not None:
                room = select(chat_t).where(chat_t.c.table_id == m.table_id, chat_t.c.room == m.room)
                before = list(reversed(c.execute(room.where(chat_t.c.id < m.id).order_by(chat_t.c.id.desc())
                                                 .limit(around)).all()))
                after = list(c.execute(room.where(chat_t.c.id > m.id).order_by(chat_t.c.id).limit(around)).all())
            out.append({"report": r.id, "at": r.created_at, "where": r.table_id, "reporter": r.reporter,
                        "copy": r.copy, "removed": bool(m.removed) if m is not None else None,
                        "message": _message(m).to_json() | {"text": m.text, "phrase": m.phrase} if m is not None else None,
                        "before": [_message(x).to_json() | {"text": x.text, "phrase": x.phrase} for x in before],
                        "after": [_message(x).to_json() | {"text": x.text, "phrase": x.phrase} for x in after]})
    return out


def is_closed(engine: Engine, table_id: str) -> bool:
    with engine.connect() as c:
        return c.execute(select(chat_closed_t.c.table_id).where(chat_closed_t.c.table_id == table_id)).first() \
            is not None


def close(engine: Engine, table_id: str) -> None:
    with engine.begin() as c:
        if c.execute(select(chat_closed_t.c.table_id).where(chat_closed_t.c.table_id == table_id)).first() is None:
            c.execute(insert(chat_closed_t).values(table_id=table_id, closed_at=time.time()))


# ---- the rooms of a live table ---------------------------------------------------------------

def deliver(t: LiveTable, room: str, frame: dict[str, Any]) -> None:
    """Hand a chat frame to this instance's connections in `room`, and to nobody else."""
    for c in list(t.conns):
        if room_of(c) == room:
            c.send(frame)


def history_frame(room: str, messages: list[Message], closed: bool) -> dict[str, Any]:
    return {"type": "chat", "room": room, "history": True, "closed": closed,
            "messages": [m.to_json() for m in messages]}


class ChatLimits:
    """Each speaker's own bucket, by key (a table connection's id, a signed-in user's "u:<id>" in a
    club's or two friends' room: `yezi.server.accounts.talk`), kept on the side."""

    def __init__(self) -> None:
        self._buckets: dict[object, TokenBucket] = {}

    def take(self, key: object) -> bool:
        b = self._buckets.get(key)
        if b is None:
            if len(self._buckets) > 20000:
                self._buckets = {k: v for k, v in self._buckets.items() if not v.full}
            b = self._buckets[key] = TokenBucket(1 / EVERY_S, BURST)
        return b.take()

    def forget(self, key: object) -> None:
        self._buckets.pop(key, None)


def message_body(msg: dict[str, Any]) -> tuple[str | None, str | None]:
    """(text, phrase) of a message to post (exactly one of them), or a TableError saying what is wrong."""
    text = clean_text(msg.get("text")) if msg.get("text") is not None else None
    phrase = msg.get("phrase")
    if phrase is not None and phrase not in PHRASES:
        raise TableError("bad-chat", "unknown phrase; expected one of " + ", ".join(PHRASES))
    if (text is None) == (phrase is None) or text == "":
        raise TableError("bad-chat", f"a chat message is a text (1 to {MAX_CHARS} characters) or a phrase")
    return text, phrase


def check_post(t: LiveTable, conn: Conn, msg: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """(name, text, phrase) of a message to post, or a TableError saying what is wrong."""
    text, phrase = message_body(msg)
    if conn.position is not None:
        name = t.players[conn.position].name or ""
    else:
        name = clean_name(msg.get("name"), "")
    return name, text, phrase


class ChatService:
    """The chat of every table this instance serves: posts, removals, closing, reports, and the
    messages other instances announce. Storage runs through `Store.run` (off the event loop)."""

    def __init__(self, store: Any, manager: Any, cluster: Any = None):
        self.store, self.manager, self.cluster = store, manager, cluster
        self.limits = ChatLimits()
        # (table, room) -> (kept until, messages, closed); the reads under way, shared; each table's
        # count of changes, so that a read that began before a change is not kept after it
        self._rooms: dict[tuple[str, str], tuple[float, list[Message], bool]] = {}
        self._reads: dict[tuple[str, str], asyncio.Future[tuple[list[Message], bool]]] = {}
        self._changes: dict[str, int] = {}
        if cluster is not None:
            cluster.on_chat = self.on_announced

    async def opened(self, t: LiveTable, conn: Conn) -> None:
        """A new connection: its room's recent messages."""
        room = room_of(conn)
        msgs, closed = await self.room(t.id, room)
        conn.send(history_frame(room, msgs, closed))

    async def room(self, tid: str, room: str) -> tuple[list[Message], bool]:
        """A room's recent messages and whether the chat is closed, read once for every connection
        that opens while it is kept. Issue 26: 4,000 seats connecting to 1,000 tables each read
        the database, and on PostgreSQL those reads held the storage threads for tens of seconds,
        so the moves waiting behind them went unstored (33 actions a second)."""
        key = (tid, room)
        kept = self._rooms.get(key)
        if kept is not None and kept[0] > time.monotonic():
            return kept[1], kept[2]
        read = self._reads.get(key)
        if read is None:
            read = self._reads[key] = asyncio.ensure_future(self._read(tid, room))

            def done(_f: asyncio.Future[Any], key: tuple[str, str] = key) -> None:
                self._reads.pop(key, None)
            read.add_done_callback(done)
        return await asyncio.shield(read)

    async def _read(self, tid: str, room: str) -> tuple[list[Message], bool]:
        before = self._changes.get(tid, 0)
        msgs, closed = await self.store.run(room_state, self.store.engine, tid, room)
        if self._changes.get(tid, 0) == before:  # nothing changed while it was read
            if len(self._rooms) >= ROOMS_KEPT:
                now = time.monotonic()
                self._rooms = {k: v for k, v in self._rooms.items() if v[0] > now}
                if len(self._rooms) >= ROOMS_KEPT:
                    self._rooms.clear()
            self._rooms[(tid, room)] = (time.monotonic() + ROOM_KEPT_S, msgs, closed)
        return msgs, closed

    def changed(self, tid: str) -> None:
        """Something of the table's chat changed (here or on another instance): read it afresh."""
        self._changes[tid] = self._changes.get(tid, 0) + 1
        if len(self._changes) > ROOMS_KEPT:  # (only a read under way needs its table's count)
            self._changes = {k: v for k, v in self._changes.items() if any(r[0] == k for r in self._reads)}
        for room in (PLAYERS, SPECTATORS):
            self._rooms.pop((tid, room), None)

    def closed(self, conn: Conn) -> None:
        self.limits.forget(id(conn))

    async def post(self, t: LiveTable, conn: Conn, msg: dict[str, Any]) -> Message:
        name, text, phrase = check_post(t, conn, msg)
        if not self.limits.take(id(conn)) or not self.manager.rate_ok("chat:" + conn.client):
            raise TableError("rate-limited", f"too many chat messages: one every {EVERY_S:g} s")
        engine = self.store.engine
        if await self.store.run(is_closed, engine, t.id):
            raise TableError("chat-closed", "the host closed the chat at this table")
        m = await self.store.run(store_message, engine, t.id, room_of(conn), conn.position, name, text, phrase)
        self.changed(t.id)
        deliver(t, m.room, {"type": "chat", "room": m.room, "messages": [m.to_json()]})
        self._announce(t.id, m.id, "m")
        return m

    def _host(self, t: LiveTable, conn: Conn) -> None:
        if conn.position is None or conn.position != t.row.host_position:
            raise TableError("chat-not-host", "only the table's host may remove messages or close the chat")

    async def remove(self, t: LiveTable, conn: Conn, mid: int) -> None:
        self._host(t, conn)
        if not await self.store.run(remove, self.store.engine, t.id, mid):
            raise TableError("no-message", "no such message in the players' chat")
        self.changed(t.id)
        deliver(t, PLAYERS, {"type": "chat", "room": PLAYERS, "removed": mid})
        self._announce(t.id, mid, "r")

    async def close(self, t: LiveTable, conn: Conn) -> None:
        self._host(t, conn)
        await self.store.run(close, self.store.engine, t.id)
        self.changed(t.id)
        for room in (PLAYERS, SPECTATORS):
            deliver(t, room, {"type": "chat", "room": room, "closed": True})
        self._announce(t.id, 0, "c")

    async def report(self, t: LiveTable, conn: Conn, mid: int) -> None:
        m = await self.store.run(message, self.store.engine, t.id, mid)
        if m is None or m.room != room_of(conn):  # only what the reporter could read
            raise TableError("no-message", "no such message in your room")
        if not self.manager.rate_ok("chat-report:" + conn.client):
            raise TableError("rate-limited", "too many reports; wait a minute")
        await self.store.run(report, self.store.engine, m, t.id, conn.client)

    def _announce(self, tid: str, mid: int, what: str) -> None:
        if self.cluster is not None:
            self.cluster.chat_changed(tid, mid, what)

    async def on_announced(self, tid: str, mid: int, what: str) -> None:
        """Another instance took, removed or closed something at a table with connections here."""
        self.changed(tid)
        t = self.manager.live.get(tid)
        if t is None or not t.conns:
            return
        if what == "c":
            for room in (PLAYERS, SPECTATORS):
                deliver(t, room, {"type": "chat", "room": room, "closed": True})
            return
        m = await self.store.run(message, self.store.engine, tid, mid)
        if m is None:
            return
        if what == "r" or m.removed:
            deliver(t, m.room, {"type": "chat", "room": m.room, "removed": m.id})
        else:
            deliver(t, m.room, {"type": "chat", "room": m.room, "messages": [m.to_json()]})
