"""The games awaiting my move: the seats my account opens (``yezi_seat_keys``) at tables still in
play whose turn is mine, for the header's badge and the "your games" page.

A table run by this instance answers from memory (whose turn it is, its clock); one run by another
instance (a cluster) from its stored clock, which its owner writes at every timed decision, so a
turn-based or timed table is found on every instance. An untimed table run elsewhere is missed
until this instance loads it (its turn is stored nowhere else; a realtime player is at the table
anyway). A seat whose credential the host replaced is not mine any more, and is not listed.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

from yezi.server import together, wallclock
from yezi.server.accounts.model import seat_keys_t
from yezi.server.clock import DAY, NEXT_DEAL, TOGETHER
from yezi.server.db import players_t, tables_t
from yezi.server.tables import TableManager

#: at most this many open seats are looked at (a player in more games at once is not a person)
MAX_SEATS = 200


def open_seats(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    """The user's seats at tables in play whose credential is still the one they opened it with."""
    with engine.connect() as c:
        rows = c.execute(
            select(seat_keys_t.c.table_id, seat_keys_t.c.position, tables_t.c.game, tables_t.c.title,
                   tables_t.c.clock, tables_t.c.move_seconds, seat_keys_t.c.token_hash, players_t.c.token_hash.label("now"))
            .join(tables_t, tables_t.c.id == seat_keys_t.c.table_id)
            .join(players_t, (players_t.c.table_id == seat_keys_t.c.table_id)
                  & (players_t.c.position == seat_keys_t.c.position))
            .where(seat_keys_t.c.user_id == user_id, tables_t.c.status == "playing")
            .order_by(seat_keys_t.c.created_at.desc()).limit(MAX_SEATS)).all()
    return [{"table": r.table_id, "seat": r.position, "game": r.game, "title": r.title, "clock": r.clock,
             "move_seconds": r.move_seconds}
            for r in rows if r.now is not None and hmac.compare_digest(r.now, r.token_hash)]


def _stored_turn(clock: str | None) -> tuple[int | None, float | None]:
    """(position to act, deadline) from a stored clock (`TurnClock.to_json`)."""
    try:
        d = json.loads(clock) if clock else {}
        key = d.get("key")
        if key is None or int(key[1]) == NEXT_DEAL:
            return None, None
        return int(d["position"]), float(d["deadline"])
    except (ValueError, KeyError, TypeError, IndexError):
        return None, None


def awaiting(manager: TableManager, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of `open_seats`, those whose move it is, the nearest deadline first (``left_s``: the seconds
    left on the server's clock, so that a phone's wrong clock shows the right time)."""
    out = []
    now = wallclock.now()
    for s in seats:
        t = manager.live.get(s["table"])
        if t is not None:  # run here, or a replica kept in step
            st = t.current.state
            to_act = None if st.current_player is None else t.position_of(st.current_player)
            if together.asked(t):  # a question to several seats at once: mine until I answered
                to_act = s["seat"] if s["seat"] in together.waiting_for(t) else None
            deadline = t.clock.deadline if t.clock is not None and t.clock.position in (to_act, TOGETHER) else None
            turn_based = t.turn_based
        else:
            to_act, deadline = _stored_turn(s["clock"])
            turn_based = s["move_seconds"] >= DAY
        if to_act != s["seat"]:
            continue
        out.append({"table": s["table"], "seat": s["seat"], "game": s["game"], "title": s["title"],
                    "left_s": None if deadline is None else max(0, round(deadline - now)), "turn_based": turn_based})
    return sorted(out, key=lambda g: (g["left_s"] is None, g["left_s"] or 0))
