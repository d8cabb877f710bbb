"""Delivering notices: live to the user's open table sockets, by Web Push, and in a daily mail.

`NoticeService.notify` is the one call that makes a notice (the server's hooks and any later
part, a tournament's rounds, call it): the notice is stored, then sent as a ``{"type": "notice"}``
frame to every table socket this instance holds for the user (the socket noted its user when it
opened with the account's cookie). `turn_started` is the move timer's hook: it never delays a
move; the database work runs in a background task, kept referenced until it ends, its failure
logged.

Push and mail are the supervised loop's (`run`, one per instance): every `POLL_S` it pushes the
notices not pushed yet (each claimed in the database first, so two instances never push one twice)
and mails the digests that are due. A user's quiet hours hold both back until they end; a notice
read meanwhile is neither pushed nor mailed. A digest goes once the oldest notice it would hold
is `DIGEST_AFTER_S` old (so that several gather), at most once a day per user, to a verified
address, with the notices of the kinds the user asked mail for.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine

from yezi.i18n import _
from yezi.server import wallclock
from yezi.server.accounts import notices, push
from yezi.server.accounts.model import seat_keys_t, users_t
from yezi.server.accounts.notice_model import notice_prefs_t, notices_t
from yezi.server.loops import Loop

log = logging.getLogger("yezi.server")
POLL_S = 5.0
DIGEST_AFTER_S = 3600.0
DAY_S = 86400.0
PUSH_WITHIN_S = 3 * DAY_S  # an older notice is not pushed any more (the server was down, quiet hours long past)
BATCH = 200


def holders(engine: Engine, table_id: str, position: int, token_hash: str) -> list[str]:
    """The accounts that open the seat now: their seat key is the seat's current credential."""
    with engine.connect() as c:
        return list(c.execute(select(seat_keys_t.c.user_id).where(
            seat_keys_t.c.table_id == table_id, seat_keys_t.c.position == position,
            seat_keys_t.c.token_hash == token_hash)).scalars())


def _claim(engine: Engine, column: str, ids: list[int]) -> list[int]:
    """Mark `ids` pushed (or mailed) where nobody did yet; the ids this call marked."""
    got = []
    col = notices_t.c[column]
    with engine.begin() as c:
        for nid in ids:
            if c.execute(update(notices_t).where(notices_t.c.id == nid, col.is_(False)).values({column: True})).rowcount:
                got.append(nid)
    return got


def pending_pushes(engine: Engine, now: float) -> list[notices.Notice]:
    with engine.connect() as c:
        rows = c.execute(select(notices_t).where(notices_t.c.pushed.is_(False))
                         .order_by(notices_t.c.id).limit(BATCH)).all()
    old = [r.id for r in rows if r.created_at < now - PUSH_WITHIN_S or r.read]
    if old:
        _claim(engine, "pushed", old)
    return [notices._notice(r) for r in rows if r.id not in old]


def due_digests(engine: Engine, now: float) -> list[str]:
    """The users with unread notices not mailed whose oldest is `DIGEST_AFTER_S` old."""
    with engine.connect() as c:
        rows = c.execute(select(notices_t.c.user_id, func.min(notices_t.c.created_at))
                         .where(notices_t.c.mailed.is_(False), notices_t.c.read.is_(False))
                         .group_by(notices_t.c.user_id)
                         .having(func.min(notices_t.c.created_at) <= now - DIGEST_AFTER_S).limit(BATCH)).all()
    return [r[0] for r in rows]


def take_digest(engine: Engine, user_id: str, now: float) -> tuple[str, notices.Prefs, list[notices.Notice]] | None:
    """(address, prefs, notices) of the digest due for `user_id` now, claimed (the day's one mail,
    its notices marked mailed); None where none is to go now (no verified address, no kind asked
    for, quiet hours, a digest within the day)."""
    p = notices.prefs_of(engine, user_id)
    with engine.connect() as c:
        u = c.execute(select(users_t.c.email, users_t.c.email_verified, users_t.c.deleted)
                      .where(users_t.c.id == user_id)).first()
        rows = c.execute(select(notices_t).where(notices_t.c.user_id == user_id, notices_t.c.mailed.is_(False),
                                                 notices_t.c.read.is_(False)).order_by(notices_t.c.id)).all()
    wanted = [r for r in rows if p.email.get(r.kind)]
    if u is None or u.deleted or not u.email or not u.email_verified or not wanted:
        _claim(engine, "mailed", [r.id for r in rows])  # never to be mailed: not looked at again
        return None
    if p.quiet(now):
        return None
    with engine.begin() as c:
        if not c.execute(update(notice_prefs_t).where(notice_prefs_t.c.user_id == user_id,
                                                      notice_prefs_t.c.last_digest_at <= now - DAY_S)
                         .values(last_digest_at=now)).rowcount:
            return None
    got = set(_claim(engine, "mailed", [r.id for r in rows]))
    return u.email, p, [notices._notice(r) for r in wanted if r.id in got]


class NoticeService:
    """The notices of one server instance: the live sockets of signed-in users, the background
    tasks of the hooks, the push and mail loop."""

    def __init__(self, store: Any, settings: Any, mail: tuple[Any, str] | None = None):
        self.store = store
        self.settings = settings
        self.mail = mail  # (Smtp, base of links) when the operator configured mail
        self.sockets: dict[str, set[Any]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._vapid: Any = None
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="yezi-push")

    # ---- live sockets ------------------------------------------------------------------------
    def attach(self, user_id: str, conn: Any) -> None:
        self.sockets.setdefault(user_id, set()).add(conn)

    def detach(self, user_id: str, conn: Any) -> None:
        conns = self.sockets.get(user_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.sockets[user_id]

    def _live(self, n: notices.Notice) -> None:
        for conn in list(self.sockets.get(n.user_id, ())):
            conn.send({"type": "notice", **n.as_json(conn.lang)})

    # ---- making notices ----------------------------------------------------------------------
    async def notify(self, user_ids: list[str] | str, kind: str, payload: dict[str, Any],
                     dedup: str | None = None) -> list[int]:
        """Store a notice of `kind` for each user (once per `dedup` key) and show it live; the ids
        made. `payload`'s fields outside `notices.FIELDS` are dropped."""
        ids = []
        for uid in [user_ids] if isinstance(user_ids, str) else user_ids:
            nid = await self.store.run(notices.add, self.store.engine, uid, kind, payload, dedup, wallclock.now())
            if nid is None:
                continue
            ids.append(nid)
            n = await self.store.run(notices.get, self.store.engine, nid)
            if n is not None:
                self._live(n)
        return ids

    def send_later(self, user_ids: list[str], kind: str, payload: dict[str, Any], dedup: str | None = None) -> None:
        """`notify` in the background: the request or loop that calls it is not held up by it."""
        if user_ids:
            self.later(self.notify(list(user_ids), kind, payload, dedup))

    def later(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run `coro` in the background, referenced until it ends, a failure logged."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a notice could not be made", exc_info=task.exception())

    def turn_started(self, t: Any, key: tuple[int, int], position: int) -> None:
        """The move timer began timing `position`'s decision `key` at the turn-based table `t`:
        "your move" to the accounts that hold the seat (in the background: the move is not delayed)."""
        h = t.players[position].token_hash
        if h is None:
            return
        payload = {"table": t.id, "game": t.row.game, "title": t.row.title}
        dedup = f"turn:{t.id}:{key[0]}:{key[1]}:{position}"

        async def run() -> None:
            users = await self.store.run(holders, self.store.engine, t.id, position, h)
            if users:
                await self.notify(users, notices.YOUR_TURN, payload, dedup)

        self.later(run())

    # ---- push and mail -----------------------------------------------------------------------
    async def vapid(self) -> Any:
        """The server's VAPID key, read (or made) once."""
        if self._vapid is None:
            self._vapid = await self.store.run(push.vapid_key, self.store.engine)
        return self._vapid

    def _subject(self) -> str:
        base = self.settings.public_url or (self.settings.allowed_origins[0] if self.settings.allowed_origins else "")
        return base if base.startswith("https://") else "mailto:noreply@localhost"

    async def _push(self, n: notices.Notice, p: notices.Prefs) -> int:
        engine = self.store.engine
        subs = await self.store.run(push.subscriptions_of, engine, n.user_id)
        if not subs:
            return 0
        vapid = await self.vapid()
        data = {"title": "yezi", "body": n.text(p.lang), "url": n.url(), "tag": f"{n.kind}:{n.payload.get('table', '')}"}
        loop = asyncio.get_running_loop()
        sent = 0
        for sub in subs:
            got = await loop.run_in_executor(self._pool, push.send_one, sub, data, vapid, self._subject())
            if got == push.GONE:
                await self.store.run(push.drop, engine, sub["id"])
            sent += got == push.OK
        return sent

    async def step(self, now: float | None = None) -> tuple[int, int]:
        """One round of the loop: (pushes sent, mails sent)."""
        engine = self.store.engine
        now = wallclock.now() if now is None else now
        pushed = mailed = 0
        prefs: dict[str, notices.Prefs] = {}
        for n in await self.store.run(pending_pushes, engine, now):
            p = prefs.get(n.user_id) or await self.store.run(notices.prefs_of, engine, n.user_id)
            prefs[n.user_id] = p
            if p.push.get(n.kind) and p.quiet(now):
                continue  # after the quiet hours
            if not await self.store.run(_claim, engine, "pushed", [n.id]):
                continue  # another instance has it
            if p.push.get(n.kind):
                pushed += await self._push(n, p)
        if self.mail is not None:
            for uid in await self.store.run(due_digests, engine, now):
                got = await self.store.run(take_digest, engine, uid, now)
                if got is not None:
                    mailed += await self._mail(*got)
        return pushed, mailed

    async def _mail(self, to: str, p: notices.Prefs, items: list[notices.Notice]) -> int:
        from yezi.server.accounts.mail import send

        if not items:
            return 0
        smtp, base = self.mail  # type: ignore[misc]
        lines = [f"- {n.text(p.lang)}\n  {base}{n.url()}" for n in items]
        body = _(p.lang, "What happened at your yezi tables:") + "\n\n" + "\n".join(lines) + "\n\n" + _(
            p.lang, "You get at most one such mail a day. Choose which notices are mailed on your account page: {link}",
            link=f"{base}/account")
        subject = _(p.lang, "yezi: {n} notices", n=len(items))
        return int(await send(smtp, self.settings.mail_from, to, subject, body))

    async def run(self, loop: Loop) -> None:
        """The supervised loop of pushes and digests."""
        while True:
            await self.step()
            loop.ok()
            await asyncio.sleep(POLL_S)

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
