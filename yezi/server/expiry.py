"""Tables do not live for ever: idle and empty tables are archived.

Issue 11: tables never expired, so 5,000 abandoned tables filled the server for everyone. The
sweeper archives a playing table (status ``expired``) when

* no move or deal has happened for `Settings.table_idle_s`, or
* nobody who matters has been connected for `Settings.table_empty_s` (a seated person; at an
  all-bot table, anyone watching) - sooner, since nobody is waiting for it, or
* it is a table of bots only older than `Settings.bot_table_life_s`: one may play on while
  spectators watch it (a demo table, counted against its creator's few), but not for ever.

At a table with people only people's doings count as activity (`LiveTable.commit_action`): issue
26 found one seat connection per table, its moves played by the timer and its deals dealt by it,
kept tables alive for ever.

An archived table is read-only: its bots stop, its sockets are told and closed, it leaves the
lobby and the server-wide and per-client counts, and it is dropped from memory. Its event log
stays, so its finished deals can still be downloaded and replayed (the record endpoints load it
from the database on demand). The unfinished deal is not revealed: its hands stay hidden.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable

from yezi.server.clients import ANONYMOUS, CapacityClass
from yezi.server.loops import Loop
from yezi.server.tables import LiveTable, TableManager

log = logging.getLogger("yezi.server.expiry")

EXPIRED_CLOSE_CODE = 4410  # "gone": the client shows that the table closed and stops reconnecting


def expiry_reason(t: LiveTable, now: float, idle_s: float, empty_s: float,
                  bot_life_s: float = float("inf")) -> str | None:
    """Why this table should be archived now ("idle", "empty", "too-old"), or None. A turn-based
    table is never: its players come back in a day or a week (its clock plays for the absent)."""
    if not t.playing or t.turn_based:
        return None
    if now - t.last_activity >= idle_s:
        return "idle"
    if t.empty_since is not None and now - t.empty_since >= empty_s:  # bots playing on alone count for nothing
        return "empty"
    if t.all_bots and now - t.row.created_at >= bot_life_s:
        return "too-old"
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


def _abandoned(manager: TableManager, ids: Iterable[str], now: float) -> list[LiveTable]:
    """Of these tables, those run here that nobody who matters has been at for `table_abandoned_s`,
    the longest-left first (not a turn-based one: nobody being there is how it is played)."""
    wait = manager.settings.table_abandoned_s
    return sorted((t for tid in ids if (t := manager.live.get(tid)) is not None and t.owned and t.playing
                   and not t.turn_based and t.empty_since is not None and now - t.empty_since >= wait),
                  key=lambda t: t.empty_since or 0.0)


async def make_room(manager: TableManager, client: str, now: float | None = None) -> list[str]:
    """Before `client` opens a table: what it holds counts only while in play. Its finished tables
    stop counting at once (not at the next sweep), and at its cap - or its network's - the tables
    left there (nobody who matters connected for `Settings.table_abandoned_s`) are archived, the
    longest-left first, until there is room. Returns the archived ids.

    So a newcomer who tries one game after another is never refused for the tables he walked away
    from, while what one address holds stays bounded as before: at most `max_tables_per_client`
    tables in play, each of them kept only by somebody being at it (a hostile client that opens
    tables and leaves them frees its own, and cannot touch another address's: `make_server_room`)."""
    lim = manager.limits
    caps = lim.table_caps(client)  # the client's own cap, then its network's
    for k, _cap in caps:
        for tid in lim.owned_ids(k):
            t = manager.live.get(tid)
            if t is None or not t.playing:
                lim.release(tid)
    now = time.time() if now is None else now
    done: list[str] = []
    for k, cap in caps:
        over = lim.owned(k) - cap + 1  # archiving for the client's cap counted for its network's too
        if over > 0:
            done += await _archive_first(manager, _abandoned(manager, lim.owned_ids(k), now), over)
    if manager.cluster is not None and done:
        manager.cluster.release(done)
    return done


async def make_server_room(manager: TableManager, capacity: CapacityClass = ANONYMOUS,
                           now: float | None = None) -> list[str]:
    """Before a table is opened for a client of class `capacity` that its own caps allow: when the
    server is full for that class, the tables nobody who matters has been at for
    `Settings.table_abandoned_s` are archived, whoever opened them, the longest-left first, until
    there is room. Issue 26: 250 addresses opened 5,000 tables nobody sat at, and every creation
    answered 503 until they expired; a table somebody is at is never taken."""
    over = await manager.store.run(manager.store.count_open) - capacity.open_tables(manager.settings) + 1  # as `TableManager.create` counts
    if over <= 0:
        return []
    now = time.time() if now is None else now
    done = await _archive_first(manager, _abandoned(manager, list(manager.live), now), over)
    if manager.cluster is not None and done:
        manager.cluster.release(done)
    return done


async def _archive_first(manager: TableManager, tables: list[LiveTable], n: int) -> list[str]:
    done: list[str] = []
    for t in tables:
        if len(done) >= n:
            break
        if not t.playing:  # archived for another scope a moment ago
            continue
        try:
            await archive(manager, t, "empty")
        except Exception:
            log.exception("could not archive table %s", t.id)
            continue
        done.append(t.id)
    return done


async def sweep(manager: TableManager, now: float | None = None) -> list[str]:
    """Archive every table due; returns their ids."""
    s = manager.settings
    now = time.time() if now is None else now
    # in a cluster only the owner of a table archives it; the others follow through the database
    due = [(t, r) for t in list(manager.live.values())
           if t.owned and (r := expiry_reason(t, now, s.table_idle_s, s.table_empty_s, s.bot_table_life_s)) is not None]
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
