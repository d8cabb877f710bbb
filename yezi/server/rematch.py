"""After a match: a rematch with the same seats, or "play again" at a new table of one's own.

Rematch: each person who sat at the table asks (accepts) in turn; bots accept by themselves. When
the last one has, a new table like the old one is made (same game, rules, options, timer, seats'
kinds, names and host) with every person's seat already taken, and its id is shown to the old
table. Each player then collects a credential for the new seat with the old seat's cookie
(`collect`): the server keeps no secret it could hand out later, it issues a fresh one to whoever
proves the old seat. Only a seat holder of the old table can ask, and the new table is counted
against the creation caps of the client whose acceptance completed it.

Play again: a new table like the old one with the asking seat holder as its host at the same
place; other people's seats wait for players (invitation links for the host to share), bots stay.
"""

from __future__ import annotations

import json
from typing import Any

from yezi.server.tables import LiveTable, TableError, TableManager, hash_token, new_token, rematch_of, table_spec


def _refuse_unless_over(t: LiveTable, position: Any) -> None:
    t.refuse_if_archived()
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < t.n:
        raise TableError("bad-seat", "no such seat")
    if t.players[position].kind != "human":
        raise TableError("bad-seat", "a bot's seat has nobody to ask")
    if not t.match_over:
        raise TableError("match-not-over", "the match is still being played")


async def request(manager: TableManager, t: LiveTable, position: int, client: str) -> dict[str, Any]:
    """The seat holder at `position` asks for (or accepts) a rematch; the new table is made when
    everyone has. Returns the rematch's state and, once there is a new table, the credential of
    this player's seat there (`token`: the caller sets it as a cookie, never shows it)."""
    _refuse_unless_over(t, position)
    async with t.lock:
        rm = t.rematch
        if manager.cluster is not None:  # another instance may have recorded an acceptance or the new table
            row = await manager.store.run(manager.store.table, t.id)
            there = rematch_of(row.rematch if row else None)
            rm["accepted"] |= there["accepted"]
            rm["table"] = rm["table"] or there["table"]
        if rm["table"] is None:
            if position not in rm["accepted"]:
                rm["accepted"].add(position)
                await manager.store.run(manager.store.set_rematch, t.id, _dump(rm))
            wanted = t.rematch_wanted()
            if all(w in rm["accepted"] for w in wanted):
                refusal = manager.limits.creation_refusal(client)
                if refusal is not None:
                    t.broadcast()
                    raise TableError(*refusal)
                spec = table_spec(t)
                host = t.row.host_position
                if host is not None and host in wanted:
                    spec["host_seat"] = host
                    spec["name"] = t.players[host].name
                new, _ = manager.create(spec, owner=client, seated={w: t.players[w].name for w in wanted})
                manager.limits.own(client, new.id)
                new.kick()
                rm["table"] = new.id
                await manager.store.run(manager.store.set_rematch, t.id, _dump(rm))
            t.broadcast()
        out: dict[str, Any] = {"accepted": sorted(rm["accepted"]), "wanted": t.rematch_wanted(), "table": rm["table"]}
    if out["table"] is not None:
        out["token"] = await collect(manager, out["table"], position)
    return out


async def collect(manager: TableManager, table_id: str, position: int) -> str:
    """A fresh credential for the rematch seat at `position` (the caller proved the old seat)."""
    new = await manager.get(table_id)
    if new is None:
        raise TableError("no-table", "the rematch table is gone")
    p = new.players[position]
    if p.kind != "human" or not p.claimed:
        raise TableError("bad-seat", "that seat was not yours at the rematch")
    tok = new_token()
    async with new.lock:
        await manager.store.run(manager.store.set_seat_token, new.id, position, hash_token(tok))
        p.token_hash = hash_token(tok)
    return tok


def play_again(manager: TableManager, t: LiveTable, position: int, client: str) -> tuple[LiveTable, dict[int, str]]:
    """A new table like `t` with the seat holder at `position` as its host (same place, same name);
    counted against the creation caps of `client`."""
    _refuse_unless_over(t, position)
    refusal = manager.limits.creation_refusal(client)
    if refusal is not None:
        raise TableError(*refusal)
    spec = table_spec(t)
    spec["host_seat"] = position
    spec["name"] = t.players[position].name
    new, tokens = manager.create(spec, owner=client)
    manager.limits.own(client, new.id)
    return new, tokens


def _dump(rm: dict[str, Any]) -> str:
    return json.dumps({"accepted": sorted(rm["accepted"]), "table": rm["table"]})
