"""After a match: a rematch with the same seats, or "play again" at a new table of one's own.

Rematch: each person who sat at the table asks (accepts) in turn; bots accept by themselves. When
the last one has, a new table like the old one is made (same game, rules, options, timer, seats'
kinds, names and host) with every person's seat already taken, and its id is shown to the old
table. Each player then collects a credential for the new seat with the old seat's cookie
(`collect`). Only a seat holder of the old table can ask, and the new table is counted against the
creation caps of the client whose acceptance completed it.

The new seat's credential is derived from the old seat's (`rematch_token`, an HMAC keyed by the
old credential): a player who holds the old seat in two places (two browsers, a phone and a laptop,
a reload after the new table exists) collects the same credential in each, so no collect voids
another, and the server still keeps no secret it could hand out (the new seat stores only the hash,
as every seat does; nobody without the old credential can compute it). The seat takes the first
collected credential; a later collect must match it. So when the new table's host issues a new
invitation for the seat (a leaked link), every holder of the old credential is out for good: the
derived credential no longer matches, and cannot take the seat back from the new link.

Play again: a new table like the old one with the asking seat holder as its host at the same
place; other people's seats wait for players (invitation links for the host to share), bots stay.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from yezi.server.tables import LiveTable, TableError, TableManager, hash_token, rematch_of, table_spec


def _refuse_unless_over(t: LiveTable, position: Any) -> None:
    t.refuse_if_archived()
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < t.n:
        raise TableError("bad-seat", "no such seat")
    if t.players[position].kind != "human":
        raise TableError("bad-seat", "a bot's seat has nobody to ask")
    if not t.match_over:
        raise TableError("match-not-over", "the match is still being played")


async def request(manager: TableManager, t: LiveTable, position: int, client: str, proof: str) -> dict[str, Any]:
    """The seat holder at `position` (`proof`: the credential that proved the seat) asks for (or
    accepts) a rematch; the new table is made when everyone has. Returns the rematch's state and,
    once there is a new table, the credential of this player's seat there (`token`: the caller
    sets it as a cookie, never shows it)."""
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
                new, _ = await manager.create(spec, owner=client, seated={w: t.players[w].name for w in wanted})
                manager.limits.own(client, new.id)
                new.kick()
                rm["table"] = new.id
                await manager.store.run(manager.store.set_rematch, t.id, _dump(rm))
            t.broadcast()
        out: dict[str, Any] = {"accepted": sorted(rm["accepted"]), "wanted": t.rematch_wanted(), "table": rm["table"]}
    if out["table"] is not None:
        if position not in out["wanted"]:
            raise TableError("bad-seat", "that seat was not taken when the rematch was made")
        out["token"] = await collect(manager, out["table"], position, proof)
    return out


def rematch_token(proof: str, table_id: str, position: int) -> str:
    """The credential of the rematch seat at `position` of table `table_id` for whoever holds the old
    seat's credential `proof`: the same for every holder, 192 bits like `new_token`'s, and nobody
    without `proof` can compute it (HMAC-SHA256 keyed by it, cut to 24 bytes)."""
    mac = hmac.new(proof.encode(), f"yezi-rematch\0{table_id}\0{position}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


async def collect(manager: TableManager, table_id: str, position: int, proof: str) -> str:
    """The credential of the rematch seat at `position` (the caller proved the old seat with
    `proof`). The first collect sets it; a later one gets the same, unless the new table's host has
    issued a new invitation for the seat since: then the old seat opens it no more."""
    new = await manager.get(table_id)
    if new is None:
        raise TableError("no-table", "the rematch table is gone")
    p = new.players[position]
    if p.kind != "human":
        raise TableError("bad-seat", "that seat was not yours at the rematch")
    tok = rematch_token(proof, new.id, position)
    h = hash_token(tok)
    async with new.lock:
        if p.token_hash is not None and not hmac.compare_digest(p.token_hash, h):
            raise _reissued()
        if not p.claimed:
            raise TableError("bad-seat", "that seat was not yours at the rematch")
        # in the database too: another instance may have re-invited the seat a moment ago
        if not await manager.store.run(manager.store.collect_seat_token, new.id, position, h):
            raise _reissued()
        p.token_hash = h
    return tok


def _reissued() -> TableError:
    """The rematch seat holds another credential than the old seat's: the host issued a new invitation
    for it (or the old seat's was re-issued after its first holder collected the rematch seat)."""
    return TableError("seat-reissued", "this seat at the rematch now opens only with another link: ask the host "
                      "for a new invitation")


async def play_again(manager: TableManager, t: LiveTable, position: int, client: str) -> tuple[LiveTable, dict[int, str]]:
    """A new table like `t` with the seat holder at `position` as its host (same place, same name);
    counted against the creation caps of `client`."""
    _refuse_unless_over(t, position)
    refusal = manager.limits.creation_refusal(client)
    if refusal is not None:
        raise TableError(*refusal)
    spec = table_spec(t)
    spec["host_seat"] = position
    spec["name"] = t.players[position].name
    new, tokens = await manager.create(spec, owner=client)
    manager.limits.own(client, new.id)
    return new, tokens


def _dump(rm: dict[str, Any]) -> str:
    return json.dumps({"accepted": sorted(rm["accepted"]), "table": rm["table"]})
