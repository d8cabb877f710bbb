"""The export's and erasure's sections of the parts whose modules are kept by others (notices and
push, the quick-match queue, tournaments) and of the account's seat keys, registered here so those
modules stay as they are (`yezi.server.accounts.export`).

What goes with the account: its notices, notice settings and push subscriptions (an endpoint is a
capability to reach the browser), its quick-match tickets, its seat keys (a credential). What stays:
a tournament's entries and the tournaments organised, which the standings and rounds read; the
entry's name becomes "a deleted player", as the tables' records do.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, or_, select, update
from sqlalchemy.engine import Engine

from yezi.server import tournament
from yezi.server.accounts import export
from yezi.server.accounts.model import seat_keys_t
from yezi.server.accounts.notice_model import notice_prefs_t, notices_t, push_subs_t
from yezi.server.quick.model import quick_t


def _export_notices(engine: Engine, user_id: str) -> dict[str, Any]:
    with engine.connect() as c:
        rows = c.execute(select(notices_t).where(notices_t.c.user_id == user_id).order_by(notices_t.c.id)).all()
        prefs = c.execute(select(notice_prefs_t.c.prefs).where(notice_prefs_t.c.user_id == user_id)).scalar()
        subs = c.execute(select(push_subs_t.c.endpoint, push_subs_t.c.created_at)
                         .where(push_subs_t.c.user_id == user_id)).all()
    return {"notices": [{"kind": r.kind, "payload": json.loads(r.payload or "{}"), "created_at": r.created_at,
                         "read": bool(r.read)} for r in rows],
            "settings": json.loads(prefs) if prefs else None,
            # the push service's host only: the endpoint and its keys are what reach the browser
            "push": [{"service": urlsplit(r.endpoint).hostname or "", "created_at": r.created_at} for r in subs]}


def _erase_notices(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        for t in (notices_t, notice_prefs_t, push_subs_t):
            c.execute(delete(t).where(t.c.user_id == user_id))


def _export_quick(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(quick_t).where(or_(quick_t.c.user_id == user_id,
                                                   quick_t.c.holder == "u:" + user_id))).all()
    return [{"game": r.game, "preset": r.preset, "pace": r.pace, "rated": bool(r.rated), "name": r.name,
             "state": r.state, "table": r.table_id, "position": r.position, "created_at": r.created_at} for r in rows]


def _erase_quick(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(quick_t).where(or_(quick_t.c.user_id == user_id, quick_t.c.holder == "u:" + user_id)))


def _export_tournaments(engine: Engine, user_id: str) -> dict[str, Any]:
    tt, et = tournament.tournaments_t, tournament.entrants_t
    with engine.connect() as c:
        entries = c.execute(select(et).where(et.c.user_id == user_id)).all()
        organised = c.execute(select(tt.c.id, tt.c.title, tt.c.game, tt.c.created_at)
                              .where(tt.c.organiser == user_id)).all()
    return {"entries": [{"tournament": r.tournament_id, "name": r.name, "from_round": r.from_round,
                         "left": bool(r.left), "joined_at": r.joined_at} for r in entries],
            "organised": [{"tournament": r.id, "title": r.title, "game": r.game, "created_at": r.created_at}
                          for r in organised]}


def _erase_tournaments(engine: Engine, user_id: str) -> None:
    from yezi.server.accounts.social import DELETED_NAME
    et = tournament.entrants_t
    with engine.begin() as c:
        c.execute(update(et).where(et.c.user_id == user_id).values(name=DELETED_NAME))


def _export_seat_keys(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(seat_keys_t.c.table_id, seat_keys_t.c.position, seat_keys_t.c.created_at)
                         .where(seat_keys_t.c.user_id == user_id)).all()
    return [{"table": r.table_id, "position": r.position, "created_at": r.created_at} for r in rows]


def _erase_seat_keys(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(seat_keys_t).where(seat_keys_t.c.user_id == user_id))


export.register("seat_keys", _export_seat_keys, _erase_seat_keys, covers=(("yezi_seat_keys", "user_id"),))
export.register("notices", _export_notices, _erase_notices,
                covers=(("yezi_notices", "user_id"), ("yezi_notice_prefs", "user_id"), ("yezi_push_subs", "user_id")))
export.register("quick_match", _export_quick, _erase_quick,
                covers=(("yezi_quick", "user_id"), ("yezi_quick", "holder")))
export.register("tournaments", _export_tournaments, _erase_tournaments,
                covers=(("yezi_tournament_players", "user_id"), ("yezi_tournaments", "organiser"),
                        ("yezi_tournament_tables", "seating")),  # (seating: JSON, position -> user id)
                keeps=("yezi_tournament_players", "yezi_tournaments", "yezi_tournament_tables"))
