"""The quick-match queue on the database: join, look, leave, and pick the players of a table.

Every function is synchronous and takes the engine first (the routes run them through `Store.run`,
off the event loop). The picking (`pick`) runs in one transaction per pool: on PostgreSQL under an
advisory lock of the pool and over rows locked ``FOR UPDATE``, so two instances polling at once
never pick one ticket twice (the second waits for the first's commit and then sees it ``forming``);
SQLite has one process, whose writes go through one thread.

A ticket is picked with others when a table of the game's human seats is full of them and no two
of them block each other (`yezi.server.accounts.social`: a block either way keeps a pair apart); a
ticket whose bot wait has passed is picked with whoever else waits and accepts bots (sooner than
they asked: people are better than bots), and bots take the seats left. A ticket with no bot wait
(never) waits for people only.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.engine import Connection, Engine

from yezi.server.accounts.social_model import blocks_t
from yezi.server.errors import TableError
from yezi.server.quick.model import quick_t

#: a waiting ticket nobody polled for this long is dropped (the waiting page polls every 2 s)
TICKET_TTL_S = 30.0
#: a seated ticket is kept this long for its player to collect the seat, then dropped
SEATED_TTL_S = 600.0
#: a ticket picked for a table that never came (an instance died between) waits again after this
FORMING_TTL_S = 60.0


@dataclass(frozen=True)
class Wish:
    """What a ticket waits for: the fields that must agree for two tickets to share a table."""

    game: str
    preset: str
    pace: str
    move_days: int | None
    rated: bool

    @property
    def pool(self) -> str:
        return f"{self.game}|{self.preset}|{self.pace}|{self.move_days or 0}|{int(self.rated)}"


@dataclass(frozen=True)
class Picked:
    """A table's players, picked: `tickets` (id, name) in seating order; `bots` whether bots fill the rest."""

    match_id: str
    tickets: list[tuple[str, str]]
    bots: bool


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _lock(c: Connection, pool: str) -> None:
    if c.dialect.name == "postgresql":
        key = int.from_bytes(hashlib.sha256(b"yezi-quick\0" + pool.encode()).digest()[:8], "big", signed=True)
        c.exec_driver_sql("SELECT pg_advisory_xact_lock(%(k)s)", {"k": key})


def join(engine: Engine, holder: str, user_id: str | None, address: str, wish: Wish, name: str,
         bot_after: int | None, now: float, caps: tuple[int, int]) -> tuple[str, str]:
    """A new ticket (id, secret). The holder's earlier ticket for this game is replaced (one a game:
    a reload or a changed choice starts again). `caps`: (tickets on the server, tickets per address)."""
    server_cap, address_cap = caps
    tid, secret = secrets.token_urlsafe(12), secrets.token_urlsafe(24)
    with engine.begin() as c:
        _lock(c, "join")  # the counts and the insert together: two joins at once never both pass a cap
        c.execute(delete(quick_t).where(quick_t.c.holder == holder, quick_t.c.game == wish.game,
                                        quick_t.c.state != "forming"))
        if c.execute(select(quick_t.c.id).where(quick_t.c.holder == holder, quick_t.c.game == wish.game)).first():
            raise TableError("quick-forming", "your table is being made just now: look again in a moment")
        live = quick_t.c.state.in_(("waiting", "forming"))
        if (c.execute(select(func.count()).select_from(quick_t).where(live)).scalar() or 0) >= server_cap:
            raise TableError("quick-full", "too many players are waiting just now; try again in a minute")
        mine = c.execute(select(func.count()).select_from(quick_t).where(quick_t.c.address == address)).scalar() or 0
        if mine >= address_cap:
            raise TableError("quick-too-many", f"you already wait for {address_cap} games; leave one first")
        c.execute(quick_t.insert().values(
            id=tid, secret_hash=hash_secret(secret), holder=holder, user_id=user_id, address=address,
            game=wish.game, pool=wish.pool, preset=wish.preset, pace=wish.pace, move_days=wish.move_days,
            rated=wish.rated, name=name, bot_after=bot_after, state="waiting", created_at=now, seen_at=now))
    return tid, secret


def ticket(engine: Engine, ticket_id: str, secret: str, now: float) -> dict[str, Any] | None:
    """The ticket `ticket_id` if `secret` proves it (compared in constant time), marked seen now;
    None for an unknown id and a wrong secret alike (no way to tell which ids exist)."""
    from hmac import compare_digest

    with engine.begin() as c:
        r = c.execute(select(quick_t).where(quick_t.c.id == ticket_id)).first()
        if r is None or not compare_digest(r.secret_hash, hash_secret(secret)):
            return None
        c.execute(update(quick_t).where(quick_t.c.id == ticket_id).values(seen_at=now))
        return dict(r._mapping)


def waiting_in(engine: Engine, pool: str) -> int:
    with engine.connect() as c:
        return c.execute(select(func.count()).select_from(quick_t)
                         .where(quick_t.c.pool == pool, quick_t.c.state.in_(("waiting", "forming")))).scalar() or 0


def counts(engine: Engine, now: float) -> dict[str, int]:
    """game → how many wait for it now (tickets polled lately)."""
    with engine.connect() as c:
        rows = c.execute(select(quick_t.c.game, func.count()).where(
            quick_t.c.state.in_(("waiting", "forming")), quick_t.c.seen_at >= now - TICKET_TTL_S)
            .group_by(quick_t.c.game)).all()
    return {g: n for g, n in rows}


def leave(engine: Engine, ticket_id: str) -> None:
    """Drop the ticket unless it is being seated (then its table comes, and its seat is its player's)."""
    with engine.begin() as c:
        c.execute(delete(quick_t).where(quick_t.c.id == ticket_id, quick_t.c.state == "waiting"))


def _blocked_pairs(c: Connection, user_ids: Sequence[str]) -> set[frozenset[str]]:
    if len(user_ids) < 2:
        return set()
    rows = c.execute(select(blocks_t.c.blocker_id, blocks_t.c.blocked_id).where(
        blocks_t.c.blocker_id.in_(user_ids), blocks_t.c.blocked_id.in_(user_ids))).all()
    return {frozenset((r.blocker_id, r.blocked_id)) for r in rows}


def _groups(rows: list[Any], n: int, blocked: set[frozenset[str]]) -> list[list[Any]]:
    """Oldest first, each ticket into the first group it may join (no block with any member)."""
    groups: list[list[Any]] = []
    for r in rows:
        for g in groups:
            if len(g) < n and not any(r.user_id and m.user_id and frozenset((r.user_id, m.user_id)) in blocked
                                      for m in g):
                g.append(r)
                break
        else:
            groups.append([r])
    return groups


def pick(engine: Engine, pool: str, n: int, now: float, bots_allowed: bool = True) -> list[Picked]:
    """Pick every table the pool's waiting tickets make now: full tables of `n` people first, then
    (where `bots_allowed`) tables of the tickets whose bot wait has passed. The picked tickets are
    marked ``forming``; the caller makes each table and then calls `seated` (or `unpick`)."""
    with engine.begin() as c:
        _lock(c, pool)
        c.execute(delete(quick_t).where(quick_t.c.pool == pool, or_(
            and_(quick_t.c.state == "waiting", quick_t.c.seen_at < now - TICKET_TTL_S),
            and_(quick_t.c.state == "seated", quick_t.c.seen_at < now - SEATED_TTL_S))))
        c.execute(update(quick_t).where(quick_t.c.pool == pool, quick_t.c.state == "forming",
                                        quick_t.c.formed_at < now - FORMING_TTL_S)
                  .values(state="waiting", match_id=None, formed_at=None))
        q = select(quick_t).where(quick_t.c.pool == pool, quick_t.c.state == "waiting").order_by(quick_t.c.created_at)
        if c.dialect.name == "postgresql":
            q = q.with_for_update()
        rows = c.execute(q).all()
        if not rows:
            return []
        blocked = _blocked_pairs(c, [r.user_id for r in rows if r.user_id])
        out: list[tuple[list[Any], bool]] = []
        rest = []
        for g in _groups(list(rows), n, blocked):
            (out.append((g, False)) if len(g) == n else rest.extend(g))
        if bots_allowed:  # a ticket whose wait ran out takes whoever else waits and accepts bots, then bots
            willing = sorted((r for r in rest if r.bot_after is not None), key=lambda r: r.created_at)
            for g in _groups(willing, n, blocked):
                if any(now - r.created_at >= r.bot_after for r in g):
                    out.append((g, True))
        picked = []
        for g, bots in out:
            mid = secrets.token_urlsafe(12)
            c.execute(update(quick_t).where(quick_t.c.id.in_([r.id for r in g]), quick_t.c.state == "waiting")
                      .values(state="forming", match_id=mid, formed_at=now))
            picked.append(Picked(mid, [(r.id, r.name) for r in g], bots))
        return picked


def seated(engine: Engine, match_id: str, table_id: str, positions: dict[str, int]) -> None:
    with engine.begin() as c:
        for tid, pos in positions.items():
            c.execute(update(quick_t).where(quick_t.c.id == tid, quick_t.c.match_id == match_id)
                      .values(state="seated", table_id=table_id, position=pos))


def unpick(engine: Engine, match_id: str) -> None:
    """The table of these tickets could not be made: they wait again, where they were in the queue."""
    with engine.begin() as c:
        c.execute(update(quick_t).where(quick_t.c.match_id == match_id, quick_t.c.state == "forming")
                  .values(state="waiting", match_id=None, formed_at=None))
