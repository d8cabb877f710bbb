"""A person's games: the matches of the seats they held (`accounts.seats.seats_of_user`), each with
the seat's total at the match's end and whether it won, and the played / won counts per game.

The totals are the table's own (`LiveTable.totals`: the match's closing totals, the payments of its
finished deals as the match end settles them), from the live table or the table rebuilt from its log
in a worker thread (`TableManager._load`, which adopts nothing). A finished match never changes, so
its totals are kept here once computed (`_FINISHED`, bounded); a match still being played is listed
without a total and never rebuilt for a profile.

A seat "won" its match when its total is positive, or the highest of the table (above somebody's).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

from yezi.server.accounts.seats import seats_of_user
from yezi.server.db import tables_t
from yezi.server.errors import json_num
from yezi.server.tables import TableManager

RECENT = 200  # the newest seats a profile reads
_KEEP = 4096  # finished matches' totals kept in memory
_FINISHED: OrderedDict[str, tuple[list[Any], int]] = OrderedDict()


@dataclass(frozen=True)
class Played:
    table: str
    position: int
    game: str
    created_at: float
    status: str  # playing | finished | expired
    listed: bool  # shown in the lobby; an unlisted table's id is shown to the seat's own user only
    deals: int  # finished deals (0 while unknown: a match still being played)
    total: Any  # the seat's total at the match's end (None: not finished)
    won: bool

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "position": self.position, "game": self.game, "created_at": self.created_at,
                "status": self.status, "deals": self.deals, "total": json_num(self.total), "won": self.won}


def won(totals: list[Any], position: int) -> bool:
    mine = totals[position]
    return mine > 0 or (mine == max(totals) and mine > min(totals))


def _tables(engine: Engine, ids: list[str]) -> dict[str, Any]:
    if not ids:
        return {}
    with engine.connect() as c:
        rows = c.execute(select(tables_t.c.id, tables_t.c.game, tables_t.c.status, tables_t.c.created_at,
                                tables_t.c.listed)
                         .where(tables_t.c.id.in_(ids))).all()
    return {r.id: r for r in rows}


def _rebuilt(manager: TableManager, table_id: str) -> tuple[list[Any], int] | None:
    t = manager._load(table_id)
    if t is None or not t.match_over:
        return None
    return list(t.totals), len(t.deals)


async def _finished(manager: TableManager, table_id: str) -> tuple[list[Any], int] | None:
    got = _FINISHED.get(table_id)
    if got is not None:
        _FINISHED.move_to_end(table_id)
        return got
    t = manager.live.get(table_id)
    got = (list(t.totals), len(t.deals)) if t is not None and t.match_over else \
        await asyncio.to_thread(_rebuilt, manager, table_id)
    if got is not None:
        _FINISHED[table_id] = got
        while len(_FINISHED) > _KEEP:
            _FINISHED.popitem(last=False)
    return got


async def games_of(manager: TableManager, user_id: str) -> list[Played]:
    """The user's matches, newest seat first."""
    store = manager.store
    seats = await store.run(seats_of_user, store.engine, user_id, RECENT)
    rows = await store.run(_tables, store.engine, sorted({tid for tid, _ in seats}))
    out = []
    for tid, pos in seats:
        r = rows.get(tid)
        if r is None:
            continue
        res = await _finished(manager, tid) if r.status == "finished" else None
        if res is None or pos >= len(res[0]):
            out.append(Played(tid, pos, r.game, r.created_at, r.status, bool(r.listed), 0, None, False))
        else:
            totals, deals = res
            out.append(Played(tid, pos, r.game, r.created_at, r.status, bool(r.listed), deals, totals[pos],
                              won(totals, pos)))
    return out


def shown_to_others(games: list[Played]) -> list[Played]:
    """The games another viewer's list may name: an unlisted table's id is a private table's address
    (its watchers and records), so only its players' own profiles link it; it still counts in `per_game`."""
    return [g for g in games if g.listed]


def per_game(games: list[Played]) -> dict[str, dict[str, int]]:
    """game -> {"played": finished matches, "won": of them won}."""
    out: dict[str, dict[str, int]] = {}
    for g in games:
        if g.total is None:
            continue
        line = out.setdefault(g.game, {"played": 0, "won": 0})
        line["played"] += 1
        line["won"] += int(g.won)
    return out
