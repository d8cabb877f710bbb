"""Tables do not live for ever: idle and empty tables are archived.

Issue 11: tables never expired, so 5,000 abandoned tables filled the server for everyone. The
sweeper archives a playing table (status ``expired``) when

* no move or deal has happened for `Settings.table_idle_s`, or
* nobody who matters has been connected for `Settings.table_empty_s` (a seated person; at an
  all-bot table, anyone watching) - sooner, since nobody is waiting for it.

An archived table is read-only: its bots stop, its sockets are told and closed, it leaves the
lobby and the server-wide and per-client counts, and it is dropped from memory. Its event log
stays, so its finished deals can still be downloaded and replayed (the record endpoints load it
from the database on demand). The unfinished deal is not revealed: its hands stay hidden.
"""

from __future__ import annotations

import asyncio
import logging
import time

from yezi.server.loops import Loop
from yezi.server.tables import LiveTable, TableManager

log = logging.getLogger("yezi.server.expiry")

EXPIRED_CLOSE_CODE = 4410  # "gone": the client shows that the table closed and stops reconnecting


def expiry_reason(t: LiveTable, now: float, idle_s: float, empty_s: float) -> str | None:
    """Why this table should be archived now ("idle", "empty"), or None."""
    if not t.playing:
        return None
    if now - t.last_activity >= idle_s:
        return "idle"
    if t.empty_since is not None and now - t.empty_since >= empty_s:  # bots playing on alone count for nothing
        return "empty"
    return None


def tell_archived(t: LiveTable, reason: str | None = None) -> None:
    """Tell the table's connections here that it was archived, and close them. In a cluster the
    owner archives; the other instances call this when they read the new status."""
    why = f" ({reason})" if reason else ""
    for c in list(t.conns):
        c.send({"type": "error", "code": "expired", "message": f"this table was closed{why}: "
                "its finished deals can still be downloaded and replayed"})
        c.close(EXPIRED_CLOSE_CODE)


async def archive(manager: TableManager, t: LiveTable, reason: str) -> None:
    """Mark the table expired in the database, stop it, and let go of it."""
    async with t.lock:
        if not t.playing:
            return
        await manager.store.run(manager.store.set_status, t.id, "expired")
        t.row.status = "expired"
        t.broadcast()  # the last frame says status "expired" (in a cluster, the replicas hear of it: on_change)
        tell_archived(t, reason)
    for task in (t.bot_task, t.next_task, t.clock_task):
        if task is not None and task is not asyncio.current_task():
            task.cancel()
    manager.limits.release(t.id)
    if manager.live.get(t.id) is t:
        manager.live.pop(t.id, None)
    log.info("table %s archived (%s)", t.id, reason)


async def make_room(manager: TableManager, client: str, now: float | None = None) -> list[str]:
    """Before `client` opens a table: what it holds counts only while in play. Its finished tables
    stop counting at once (not at the next sweep), and at its cap the tables it left - nobody who
    matters connected for `Settings.table_abandoned_s` - are archived, the longest-left first, until
    there is room. Returns the archived ids.

    So a newcomer who tries one game after another is never refused for the tables he walked away
    from, while what one address holds stays bounded as before: at most `max_tables_per_client`
    tables in play, each of them kept only by somebody being at it (a hostile client that opens
    tables and leaves them frees its own, and cannot touch another address's)."""
    lim, s = manager.limits, manager.settings
    for tid in lim.owned_ids(client):
        t = manager.live.get(tid)
        if t is None or not t.playing:
            lim.release(tid)
    over = lim.owned(client) - s.max_tables_per_client + 1
    if over <= 0:
        return []
    now = time.time() if now is None else now
    left = sorted((t for tid in lim.owned_ids(client) if (t := manager.live.get(tid)) is not None and t.owned
                   and t.empty_since is not None and now - t.empty_since >= s.table_abandoned_s),
                  key=lambda t: t.empty_since or 0.0)
    done = []
    for t in left[:over]:
        try:
            await archive(manager, t, "empty")
        except Exception:
            log.exception("could not archive table %s", t.id)
            continue
        done.append(t.id)
    if manager.cluster is not None and done:
        manager.cluster.release(done)
    return done


async def sweep(manager: TableManager, now: float | None = None) -> list[str]:
    """Archive every table due; returns their ids."""
    s = manager.settings
    now = time.time() if now is None else now
    # in a cluster only the owner of a table archives it; the others follow through the database
    due = [(t, r) for t in list(manager.live.values())
           if t.owned and (r := expiry_reason(t, now, s.table_idle_s, s.table_empty_s)) is not None]
    for t, reason in due:
        try:
            await archive(manager, t, reason)
        except Exception:
            log.exception("could not archive table %s", t.id)
    done: list[str] = []
    for t in list(manager.live.values()):  # finished or archived tables nobody watches: free the memory
        if not t.playing:
            manager.limits.release(t.id)
            if not t.conns:
                manager.live.pop(t.id, None)
                if t.owned:
                    done.append(t.id)
    if manager.cluster is not None:  # nothing will change there: another instance need not take them
        manager.cluster.release(done + [t.id for t, _ in due])
    return [t.id for t, _ in due]


async def sweeper(manager: TableManager, loop: Loop) -> None:
    """The background task started with the app (supervised: a sweep that fails is tried again
    after a growing wait, `yezi.server.loops`)."""
    while True:
        await asyncio.sleep(manager.settings.expiry_check_s)
        await sweep(manager)
        loop.ok()
