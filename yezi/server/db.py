"""Persistence: tables, players, deals and the event log of actions (SQLAlchemy Core).

Every action is written and committed here before the server acknowledges it, so the log is
the source of truth: a restarted server rebuilds each table by replaying its log through the
validating engine. The schema is created and upgraded by Alembic (yezi/server/migrations).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    exc,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine

from yezi.server.dbwriter import SqliteWriter
from yezi.server.lease import FENCED_DEAL_SQL, FENCED_EVENT_SQL, FENCED_EVENTS_SQL, LeaseLost

metadata = MetaData()

tables_t = Table(
    "yezi_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("preset", String(64), nullable=False),
    Column("options", Text, nullable=False, default="{}"),
    Column("num_deals", Integer, nullable=False, default=1),
    Column("seed", BigInteger, nullable=False),
    Column("title", String(80), nullable=False, default=""),
    Column("listed", Boolean, nullable=False, default=True),
    Column("status", String(16), nullable=False, default="playing"),
    Column("created_at", Float, nullable=False),
    Column("hints", Boolean, nullable=False, default=True),  # may seat holders ask for hints (0002)
    Column("host_position", Integer, nullable=True),  # who may re-issue invitations (0003)
    Column("move_seconds", Integer, nullable=False, default=0),  # move timer, 0: none (0004)
    Column("bank_seconds", Integer, nullable=False, default=0),  # time bank per deal (0004)
    Column("clock", Text, nullable=True),  # the running clock, JSON (yezi.server.clock) (0004)
    Column("rematch", Text, nullable=True),  # rematch requests and the new table, JSON (0004)
    Column("rules", Text, nullable=True),  # every option's value, JSON; NULL: resolve preset + options (0005)
)
players_t = Table(
    "yezi_players", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=False, default=""),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("access", String(8), nullable=False, default="open"),  # open | invite (0003)
)
deals_t = Table(
    "yezi_deals", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("deal_no", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("deal", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
events_t = Table(
    "yezi_events", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("deal_no", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("client_id", String(64), nullable=True),
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_events_client", "table_id", "client_id", unique=True),
)


@dataclass
class PlayerRow:
    position: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool
    access: str = "open"  # "open": anyone may claim it while free; "invite": only its own link opens it


@dataclass
class TableRow:
    id: str
    game: str
    preset: str
    options: dict[str, Any]
    num_deals: int
    seed: int
    title: str
    listed: bool
    status: str
    created_at: float
    hints: bool = True
    host_position: int | None = None
    move_seconds: int = 0
    bank_seconds: int = 0
    clock: str | None = None
    rematch: str | None = None
    # every option's value the table plays under (its game is built from it, not from today's defaults)
    rules: dict[str, Any] | None = None


_PG_EVENT_SQL = ("INSERT INTO yezi_events (table_id, deal_no, seq, seat, action, client_id, created_at) "
                 "VALUES (%(t)s, %(d)s, %(s)s, %(seat)s, %(a)s, %(cid)s, %(ts)s)")
_PG_EVENTS_SQL = ("INSERT INTO yezi_events (table_id, deal_no, seq, seat, action, client_id, created_at) "
                  "SELECT * FROM unnest(%(t)s::text[], %(d)s::int[], %(s)s::int[], %(seat)s::int[], %(a)s::int[], "
                  "%(cid)s::text[], %(ts)s::float8[]) RETURNING table_id, deal_no, seq")
EVENTS_AT_ONCE = 256  # events in one PostgreSQL statement at most (`Store.store_event`)

Event = tuple[str, int, int, int, int, "str | None"]  # table, deal, seq, seat, action, client's id


def make_engine(url: str, sqlite_synchronous: str = "NORMAL") -> Engine:
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url[len(prefix):]
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # WAL: readers never block the writer
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sqlite_synchronous}")
            cur.execute("PRAGMA wal_autocheckpoint=0")  # Store checkpoints on its own thread
            cur.execute("PRAGMA busy_timeout=5000")
            cur.execute("PRAGMA journal_size_limit=67108864")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # connections for the 16 writer threads (Store.executor), the loop's reads and the lease thread
    # connect_timeout: while the database is out of reach a connection attempt fails within seconds (a
    # request answers 503, a background loop backs off) instead of waiting for the system's TCP timeout
    engine = create_engine(url, pool_size=20, max_overflow=10, connect_args={"connect_timeout": 5})

    # A connection taken from the pool is tried first only if it has been idle a while: one that
    # served a moment ago is alive, and trying every one (pool_pre_ping) cost each move a round trip
    # to the database, a sixth of the server's time at 300 tables. One that died under a busy server
    # fails its statement instead, and SQLAlchemy then drops every pooled connection (the outage case).
    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_conn, record, _proxy):
        if time.monotonic() - record.info.get("used", 0.0) > PING_IDLE_S:
            try:
                engine.dialect.do_ping(dbapi_conn)
            except Exception as e:
                raise exc.DisconnectionError(str(e)) from e  # the pool connects afresh

    @event.listens_for(engine, "checkin")
    def _used(_dbapi_conn, record):
        record.info["used"] = time.monotonic()

    return engine


#: a pooled PostgreSQL connection idle longer than this is tried before it is used (`make_engine`)
PING_IDLE_S = 2.0


def _alembic_config():
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", os.path.join(os.path.dirname(__file__), "migrations"))
    return cfg


def migration_head() -> str:
    """The newest Alembic revision (what `migrate` brings a database to)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head is not None
    return head


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to the newest Alembic revision (or to `revision`, for upgrade tests)."""
    from alembic import command

    cfg = _alembic_config()
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # instances starting together migrate one at a time
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(5937001)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


class Store:
    """Storage calls; each write commits before it returns.

    The server awaits writes through `run`, which makes them off the event loop. SQLite writes
    go to one writer thread, in order (`yezi.server.dbwriter`: a commit now and then waits for the
    file system, and on the loop that wait stopped every table). The WAL checkpoints, which fsync,
    run on a background thread of their own. PostgreSQL writes go to a small thread pool, so that
    a network round trip holds up only its own table.
    """

    def __init__(self, engine: Engine, checkpoint_every: float = 1.0):
        self.engine = engine
        # cluster (yezi.server.cluster): events are written only under this instance's lease
        self.lease_owner: str | None = None
        self.sqlite = engine.dialect.name == "sqlite"
        self.writer = SqliteWriter() if self.sqlite else None
        # PostgreSQL: a durable commit waits for its WAL flush (milliseconds on a VM's disk); with 4
        # threads 1,000 tables could move only ~150 times a second, however idle the server. More
        # commits in flight share each flush (the server's group commit): 700+ a second.
        self.executor = None if self.sqlite else ThreadPoolExecutor(max_workers=16, thread_name_prefix="yezi-db")
        self._raw = None  # SQLite: the connection event inserts go through
        # PostgreSQL: the events waiting for the statement under way, and whether one is
        self._events: list[tuple[Event, asyncio.Future[None]]] = []
        self._storing = False
        self._stop = threading.Event()
        self._checkpointer = None
        if self.sqlite and checkpoint_every > 0:
            self._checkpointer = threading.Thread(target=self._checkpoint_loop, args=(checkpoint_every,),
                                                  name="yezi-wal-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoint_loop(self, every: float) -> None:
        while not self._stop.wait(every):
            try:
                with self.engine.connect() as c:
                    c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy database: try again next time
                continue

    async def run(self, fn, *args):
        if self.writer is not None:
            return await self.writer.submit(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    def close(self) -> None:
        self._stop.set()
        if self.writer is not None:  # the writes queued are made before the connection closes
            self.writer.stop()
        if self.executor is not None:
            self.executor.shutdown(wait=True)
        if self._raw is not None:
            self._raw.close()
        self.engine.dispose()

    # ---- writes ---------------------------------------------------------------------------
    def create_table(self, row: TableRow, players: list[PlayerRow], first_deal: tuple[int, int, Any]) -> None:
        dealer, seed, deal = first_deal
        with self.engine.begin() as c:
            c.execute(insert(tables_t).values(
                id=row.id, game=row.game, preset=row.preset, options=json.dumps(row.options),
                num_deals=row.num_deals, seed=row.seed, title=row.title, listed=row.listed,
                status=row.status, created_at=row.created_at, hints=row.hints, host_position=row.host_position,
                move_seconds=row.move_seconds, bank_seconds=row.bank_seconds, clock=row.clock,
                rules=None if row.rules is None else json.dumps(row.rules, sort_keys=True),
            ))
            c.execute(insert(players_t), [
                dict(table_id=row.id, position=p.position, kind=p.kind, bot=p.bot, name=p.name,
                     token_hash=p.token_hash, claimed=p.claimed, access=p.access)
                for p in players
            ])
            c.execute(insert(deals_t).values(
                table_id=row.id, deal_no=0, dealer=dealer, seed=seed, deal=json.dumps(deal), created_at=time.time(),
            ))

    _EVENT_SQL = ("INSERT INTO yezi_events (table_id, deal_no, seq, seat, action, client_id, created_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)")

    def add_event(self, table_id: str, deal_no: int, seq: int, seat: int, action: int, client_id: str | None) -> None:
        if self.sqlite:  # the hot path: one prepared insert and a commit on a connection kept open
            if self._raw is None:
                self._raw = self.engine.raw_connection()
            try:
                self._raw.cursor().execute(self._EVENT_SQL,
                                           (table_id, deal_no, seq, seat, action, client_id, time.time()))
                self._raw.commit()
            except Exception:
                self._raw.rollback()
                raise
            return
        # PostgreSQL: one statement in autocommit, so one round trip (no BEGIN, no COMMIT of its
        # own); a statement is its own transaction, durable when it returns, the lease's row locked
        # for its length as inside a transaction
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            if self.lease_owner is not None:
                r = c.exec_driver_sql(FENCED_EVENT_SQL, {
                    "t": table_id, "d": deal_no, "s": seq, "seat": seat, "a": action, "cid": client_id,
                    "ts": time.time(), "me": self.lease_owner})
                if r.rowcount != 1:
                    raise LeaseLost(f"table {table_id} is run by another instance now; nothing was stored")
                return
            c.exec_driver_sql(_PG_EVENT_SQL, {"t": table_id, "d": deal_no, "s": seq, "seat": seat, "a": action,
                                              "cid": client_id, "ts": time.time()})

    async def store_event(self, table_id: str, deal_no: int, seq: int, seat: int, action: int,
                          client_id: str | None) -> None:
        """Store one action, durably, before it is applied (the server's one way to do it).

        SQLite: on its writer thread. PostgreSQL: the events of every table that arrive while a
        statement is under way go together in the next one: one round trip and one WAL flush for
        all of them. Issue 26: a statement each, from 16 threads, spent the process's time handing
        the interpreter between the threads (at 1,000 tables the server's threads waited twice as
        long for a CPU as they ran) and acks took 9 ms at the median."""
        row = (table_id, deal_no, seq, seat, action, client_id)
        if self.sqlite:
            await self.run(self.add_event, *row)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._events.append((row, fut))
        if not self._storing:
            self._storing = True
            asyncio.get_running_loop().create_task(self._store_events())
        await fut

    async def _store_events(self) -> None:
        batch: list[tuple[Event, asyncio.Future[None]]] = []
        try:
            while self._events:
                batch, self._events = self._events[:EVENTS_AT_ONCE], self._events[EVENTS_AT_ONCE:]
                rows = [r for r, _ in batch]
                try:
                    if len(rows) == 1:
                        await self.run(self.add_event, *rows[0])
                        stored = {rows[0][:3]}
                    else:
                        stored = await self.run(self.add_events, rows)
                except Exception as e:
                    if len(rows) == 1:
                        _settle(batch[0][1], e)
                        continue
                    # one bad row fails the whole statement: each on its own, so that only it is refused
                    for r, fut in batch:
                        try:
                            await self.run(self.add_event, *r)
                            _settle(fut, None)
                        except Exception as one:
                            _settle(fut, one)
                    continue
                for r, fut in batch:
                    _settle(fut, None if r[:3] in stored else LeaseLost(
                        f"table {r[0]} is run by another instance now; nothing was stored"))
        except BaseException as e:  # cancelled (the server stopping) or a bug: nobody is left waiting
            for _r, fut in batch + self._events:
                _settle(fut, RuntimeError(f"the move was not stored: {e!r}"))
            self._events = []
            raise
        finally:
            self._storing = False

    def add_events(self, rows: list[Event]) -> set[tuple[str, int, int]]:
        """PostgreSQL: many events in one autocommit statement; the (table, deal, seq) stored (with
        a lease owner set, only those of tables whose lease it holds)."""
        cols = list(zip(*rows, strict=True))
        args = {"t": list(cols[0]), "d": list(cols[1]), "s": list(cols[2]), "seat": list(cols[3]),
                "a": list(cols[4]), "cid": list(cols[5]), "ts": [time.time()] * len(rows)}
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            if self.lease_owner is not None:
                r = c.exec_driver_sql(FENCED_EVENTS_SQL, {**args, "me": self.lease_owner})
            else:
                r = c.exec_driver_sql(_PG_EVENTS_SQL, args)
            return {(x[0], x[1], x[2]) for x in r.all()}

    def add_deal(self, table_id: str, deal_no: int, dealer: int, seed: int, deal: Any) -> None:
        if self.lease_owner is not None:
            with self.engine.begin() as c:
                r = c.exec_driver_sql(FENCED_DEAL_SQL, {
                    "t": table_id, "d": deal_no, "dealer": dealer, "seed": seed, "deal": json.dumps(deal),
                    "ts": time.time(), "me": self.lease_owner})
                if r.rowcount != 1:
                    raise LeaseLost(f"table {table_id} is run by another instance now; nothing was stored")
            return
        with self.engine.begin() as c:
            c.execute(insert(deals_t).values(
                table_id=table_id, deal_no=deal_no, dealer=dealer, seed=seed, deal=json.dumps(deal),
                created_at=time.time(),
            ))

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

    def claim(self, table_id: str, position: int, name: str, token_hash: str | None,
              access: str | None = None) -> bool:
        """Claim an unclaimed human seat; returns False when someone else got there first. With
        `access`, only a seat of that access (a lobby claim passes "open": an invitation seat is
        never taken that way, whatever raced before)."""
        values: dict[str, Any] = {"claimed": True, "name": name}
        if token_hash is not None:
            values["token_hash"] = token_hash
        cond = [players_t.c.table_id == table_id, players_t.c.position == position,
                players_t.c.kind == "human", players_t.c.claimed.is_(False)]
        if access is not None:
            cond.append(players_t.c.access == access)
        with self.engine.begin() as c:
            r = c.execute(update(players_t).where(*cond).values(**values))
            return r.rowcount == 1

    def reissue(self, table_id: str, position: int, token_hash: str) -> None:
        """A new invitation for a seat: the old link (and any session made from it) stops working,
        the seat is free again for whoever opens the new link."""
        with self.engine.begin() as c:
            c.execute(update(players_t).where(players_t.c.table_id == table_id, players_t.c.position == position,
                                               players_t.c.kind == "human")
                      .values(token_hash=token_hash, claimed=False, name="", access="invite"))

    def set_clock(self, table_id: str, clock: str | None) -> None:
        """The table's running clock (yezi.server.clock), written whenever it changes."""
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(clock=clock))

    def set_rematch(self, table_id: str, rematch: str | None) -> None:
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(rematch=rematch))

    def collect_seat_token(self, table_id: str, position: int, token_hash: str) -> bool:
        """A rematch seat's credential collected by its player (yezi.server.rematch): set while the
        seat has none, kept when it is this one already; False when the seat holds another (the host
        issued a new invitation for it), which is left as it is."""
        cond = [players_t.c.table_id == table_id, players_t.c.position == position, players_t.c.kind == "human",
                players_t.c.claimed.is_(True),
                or_(players_t.c.token_hash.is_(None), players_t.c.token_hash == token_hash)]
        with self.engine.begin() as c:
            return c.execute(update(players_t).where(*cond).values(token_hash=token_hash)).rowcount == 1

    def last_activity(self, table_id: str) -> float:
        """When the table last changed: its newest move or deal, or its creation."""
        with self.engine.connect() as c:
            t = c.execute(select(func.max(events_t.c.created_at)).where(events_t.c.table_id == table_id)).scalar()
            d = c.execute(select(func.max(deals_t.c.created_at)).where(deals_t.c.table_id == table_id)).scalar()
            made = c.execute(select(tables_t.c.created_at).where(tables_t.c.id == table_id)).scalar()
        return max(x for x in (t, d, made, 0.0) if x is not None)

    def rename(self, table_id: str, position: int, name: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(players_t).where(players_t.c.table_id == table_id, players_t.c.position == position)
                      .values(name=name))

    # ---- reads ----------------------------------------------------------------------------
    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            r = c.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
        return _table_row(r) if r else None

    def players(self, table_id: str) -> list[PlayerRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(players_t).where(players_t.c.table_id == table_id)
                             .order_by(players_t.c.position)).mappings().all()
        return [PlayerRow(r["position"], r["kind"], r["bot"], r["name"], r["token_hash"], bool(r["claimed"]),
                          r["access"] or "open")
                for r in rows]

    def deals(self, table_id: str) -> list[tuple[int, int, int, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(deals_t).where(deals_t.c.table_id == table_id)
                             .order_by(deals_t.c.deal_no)).mappings().all()
        return [(r["deal_no"], r["dealer"], r["seed"], json.loads(r["deal"])) for r in rows]

    def events(self, table_id: str) -> list[tuple[int, int, int, int, str | None]]:
        with self.engine.connect() as c:
            rows = c.execute(select(events_t).where(events_t.c.table_id == table_id)
                             .order_by(events_t.c.deal_no, events_t.c.seq)).mappings().all()
        return [(r["deal_no"], r["seq"], r["seat"], r["action"], r["client_id"]) for r in rows]

    def list_tables(self, status: str | None = None, listed_only: bool = True, limit: int = 200,
                    open_seat_only: bool = False) -> list[TableRow]:
        """Newest first; `open_seat_only`: only tables with a free human seat open to anyone."""
        q = select(tables_t)
        if status:
            q = q.where(tables_t.c.status == status)
        if listed_only:
            q = q.where(tables_t.c.listed.is_(True))
        if open_seat_only:
            q = q.where(select(players_t.c.position).where(
                players_t.c.table_id == tables_t.c.id, players_t.c.kind == "human",
                players_t.c.access == "open", players_t.c.claimed.is_(False)).exists())
        q = q.order_by(tables_t.c.created_at.desc()).limit(limit)
        with self.engine.connect() as c:
            return [_table_row(r) for r in c.execute(q).mappings().all()]

    def active_table_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(select(tables_t.c.id).where(tables_t.c.status == "playing"))]

    def count_open(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(tables_t)
                                 .where(tables_t.c.status == "playing")).scalar() or 0)


def _table_row(r) -> TableRow:
    return TableRow(
        id=r["id"], game=r["game"], preset=r["preset"], options=json.loads(r["options"] or "{}"),
        num_deals=r["num_deals"], seed=int(r["seed"]), title=r["title"] or "", listed=bool(r["listed"]),
        status=r["status"], created_at=r["created_at"], hints=bool(r["hints"]), host_position=r["host_position"],
        move_seconds=int(r["move_seconds"] or 0), bank_seconds=int(r["bank_seconds"] or 0), clock=r["clock"],
        rematch=r["rematch"], rules=json.loads(r["rules"]) if r.get("rules") else None,
    )


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)
