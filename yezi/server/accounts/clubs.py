"""Clubs: a family, a village association or a school that plays together (issue 22).

A club has members with roles (owner, organiser, member). One joins by the club's invite link (a
secret an organiser makes and can revoke; the database keeps its SHA-256) or by asking, which an
organiser accepts. An owner promotes and demotes; the last owner cannot leave or step down without
handing over first.

The standing table is a saved lobby spec (`yezi.server.schemas.CreateTable`). Opening it makes a
table through the lobby's own `TableManager.create`, with every person's seat an invitation seat
whose secret nobody is given: a member takes a seat from the club page (`take_seat`), which sets a
new secret on it and hands it to that member only. So a non-member cannot sit down there, whatever
link they hold. The table is the club's (`yezi_club_tables`); so is a rematch of it, found when the
ledger is read (`sync_results`), its seats held by the same members.

When a club table's match is over its totals are copied to the club's row of it (`match_result`),
once, and the ledger (`yezi.server.accounts.ledger`) reads those rows. The database functions are
synchronous and run through `Store.run`; the async ones are the requests' entry points.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from yezi.core.errors import OptionError, YeziError
from yezi.core.registry import load_game
from yezi.server import catalog
from yezi.server.accounts import export, ledger
from yezi.server.accounts.club_model import club_members_t, club_notes_t, club_requests_t, club_tables_t, clubs_t
from yezi.server.accounts.identity import User, name_key
from yezi.server.accounts.model import users_t
from yezi.server.accounts.notices import CLUB_TABLE
from yezi.server.accounts.seats import link_seats, users_of_table
from yezi.server.chat import chat_t
from yezi.server.clients import SIGNED_IN
from yezi.server.db import tables_t
from yezi.server.errors import TableError
from yezi.server.schemas import CreateTable
from yezi.server.tables import LiveTable, TableManager, clean_name, hash_token, new_token, rematch_of

ROLES = ("owner", "organiser", "member")
ORGANISERS = ("owner", "organiser")
MAX_TABLES = 200  # the newest club tables a page or the ledger reads
CLUB_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    languages: tuple[str, ...]
    private: bool
    created_at: float
    has_invite: bool
    standing: dict[str, Any] | None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "languages": list(self.languages), "private": self.private,
                "created_at": self.created_at}


def _club(r) -> Club:
    return Club(r.id, r.name, tuple(x for x in (r.languages or "").split(",") if x), bool(r.private), r.created_at,
                r.invite_hash is not None, json.loads(r.standing) if r.standing else None)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


# ---- clubs and members (synchronous: through Store.run) -----------------------------------------

def create_club(engine: Engine, owner: str, name: str, languages: list[str], private: bool) -> Club:
    """A new club with `owner` as its owner (refused when the folded name is taken)."""
    cid = secrets.token_urlsafe(6)
    now = time.time()
    try:
        with engine.begin() as c:
            c.execute(insert(clubs_t).values(id=cid, name=name, name_key=name_key(name), languages=",".join(languages),
                                             private=private, created_at=now))
            c.execute(insert(club_members_t).values(club_id=cid, user_id=owner, role="owner", joined_at=now))
    except IntegrityError:
        raise TableError("club-name-taken", "a club of that name exists already; choose another name") from None
    club = club_by_id(engine, cid)
    assert club is not None
    return club


def club_by_id(engine: Engine, cid: str) -> Club | None:
    if not isinstance(cid, str) or not CLUB_ID.fullmatch(cid):
        return None
    with engine.connect() as c:
        r = c.execute(select(clubs_t).where(clubs_t.c.id == cid)).first()
    return _club(r) if r is not None else None


def names_of(engine: Engine, ids: list[str]) -> dict[str, str]:
    """club id → name, for the clubs that exist among `ids`."""
    with engine.connect() as c:
        return {r.id: r.name for r in c.execute(select(clubs_t.c.id, clubs_t.c.name).where(clubs_t.c.id.in_(ids)))}


def role_of(engine: Engine, cid: str, user_id: str | None) -> str | None:
    if user_id is None:
        return None
    with engine.connect() as c:
        return c.execute(select(club_members_t.c.role).where(club_members_t.c.club_id == cid,
                                                             club_members_t.c.user_id == user_id)).scalar()


def members(engine: Engine, cid: str) -> list[dict[str, Any]]:
    """The members, owners first, then organisers, then by when they joined."""
    with engine.connect() as c:
        rows = c.execute(select(club_members_t.c.user_id, club_members_t.c.role, club_members_t.c.joined_at,
                                users_t.c.name)
                         .join(users_t, users_t.c.id == club_members_t.c.user_id)
                         .where(club_members_t.c.club_id == cid)).all()
    out = [{"user": r.user_id, "name": r.name, "role": r.role, "joined_at": r.joined_at} for r in rows]
    return sorted(out, key=lambda m: (ROLES.index(m["role"]), m["joined_at"]))


def clubs_of_user(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(clubs_t, club_members_t.c.role).join(club_members_t, club_members_t.c.club_id == clubs_t.c.id)
                         .where(club_members_t.c.user_id == user_id).order_by(clubs_t.c.name_key)).all()
    return [_club(r).public() | {"role": r.role} for r in rows]


def public_clubs(engine: Engine, limit: int = 100) -> list[dict[str, Any]]:
    """Public clubs, the most members first (a private club is listed to nobody)."""
    n = func.count(club_members_t.c.user_id).label("n")
    with engine.connect() as c:
        rows = c.execute(select(clubs_t, n).join(club_members_t, club_members_t.c.club_id == clubs_t.c.id)
                         .where(clubs_t.c.private.is_(False)).group_by(clubs_t.c.id)
                         .order_by(n.desc(), clubs_t.c.name_key).limit(limit)).all()
    return [_club(r).public() | {"members": r.n} for r in rows]


def member_count(engine: Engine, cid: str) -> int:
    with engine.connect() as c:
        return int(c.execute(select(func.count()).select_from(club_members_t)
                             .where(club_members_t.c.club_id == cid)).scalar() or 0)


def _add_member(c, cid: str, user_id: str, role: str = "member") -> None:
    have = c.execute(select(club_members_t.c.role).where(club_members_t.c.club_id == cid,
                                                         club_members_t.c.user_id == user_id)).scalar()
    if have is None:
        c.execute(insert(club_members_t).values(club_id=cid, user_id=user_id, role=role, joined_at=time.time()))
    c.execute(delete(club_requests_t).where(club_requests_t.c.club_id == cid, club_requests_t.c.user_id == user_id))


def new_invite(engine: Engine, cid: str) -> str:
    """A new invite link's secret (the old link stops working); kept nowhere but in the link."""
    secret = secrets.token_urlsafe(18)
    with engine.begin() as c:
        c.execute(update(clubs_t).where(clubs_t.c.id == cid).values(invite_hash=_hash(secret)))
    return secret


def revoke_invite(engine: Engine, cid: str) -> None:
    with engine.begin() as c:
        c.execute(update(clubs_t).where(clubs_t.c.id == cid).values(invite_hash=None))


def join_by_invite(engine: Engine, cid: str, user_id: str, secret: str) -> None:
    with engine.begin() as c:
        have = c.execute(select(clubs_t.c.invite_hash).where(clubs_t.c.id == cid)).scalar()
        if have is None or not hmac.compare_digest(have, _hash(secret)):
            raise TableError("bad-invite", "this invite link does not open the club (it may have been revoked): "
                            "ask an organiser for a new one")
        _add_member(c, cid, user_id)


def ask_to_join(engine: Engine, cid: str, user_id: str) -> None:
    with engine.begin() as c:
        if c.execute(select(club_members_t.c.role).where(club_members_t.c.club_id == cid,
                                                         club_members_t.c.user_id == user_id)).scalar():
            raise TableError("already-member", "you are a member of this club already")
        if c.execute(select(club_requests_t.c.asked_at).where(club_requests_t.c.club_id == cid,
                                                              club_requests_t.c.user_id == user_id)).first() is None:
            c.execute(insert(club_requests_t).values(club_id=cid, user_id=user_id, asked_at=time.time()))


def requests_of(engine: Engine, cid: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(club_requests_t.c.user_id, club_requests_t.c.asked_at, users_t.c.name)
                         .join(users_t, users_t.c.id == club_requests_t.c.user_id)
                         .where(club_requests_t.c.club_id == cid).order_by(club_requests_t.c.asked_at)).all()
    return [{"user": r.user_id, "name": r.name, "asked_at": r.asked_at} for r in rows]


def has_asked(engine: Engine, cid: str, user_id: str) -> bool:
    with engine.connect() as c:
        return c.execute(select(club_requests_t.c.asked_at).where(club_requests_t.c.club_id == cid,
                                                                  club_requests_t.c.user_id == user_id)).first() is not None


def answer_request(engine: Engine, cid: str, user_id: str, accept: bool) -> None:
    with engine.begin() as c:
        gone = c.execute(delete(club_requests_t).where(club_requests_t.c.club_id == cid,
                                                       club_requests_t.c.user_id == user_id)).rowcount
        if not gone:
            raise TableError("no-request", "that person has not asked to join (or was answered already)")
        if accept:
            _add_member(c, cid, user_id)


def _owners(c, cid: str) -> int:
    return int(c.execute(select(func.count()).select_from(club_members_t)
                         .where(club_members_t.c.club_id == cid, club_members_t.c.role == "owner")).scalar() or 0)


def leave(engine: Engine, cid: str, user_id: str) -> None:
    with engine.begin() as c:
        role = c.execute(select(club_members_t.c.role).where(club_members_t.c.club_id == cid,
                                                             club_members_t.c.user_id == user_id)).scalar()
        if role is None:
            raise TableError("not-member", "you are not a member of this club")
        if role == "owner" and _owners(c, cid) == 1:
            raise TableError("last-owner", "the club's last owner cannot leave: make another member an owner first")
        c.execute(delete(club_members_t).where(club_members_t.c.club_id == cid, club_members_t.c.user_id == user_id))


def set_role(engine: Engine, cid: str, user_id: str, role: str) -> None:
    """The owner's call (checked by the caller): `user_id` becomes `role`; never no owner left."""
    with engine.begin() as c:
        have = c.execute(select(club_members_t.c.role).where(club_members_t.c.club_id == cid,
                                                             club_members_t.c.user_id == user_id)).scalar()
        if have is None:
            raise TableError("not-member", "that person is not a member of this club")
        if have == "owner" and role != "owner" and _owners(c, cid) == 1:
            raise TableError("last-owner", "the club's last owner cannot step down: make another member an owner first")
        c.execute(update(club_members_t).where(club_members_t.c.club_id == cid, club_members_t.c.user_id == user_id)
                  .values(role=role))


def set_standing(engine: Engine, cid: str, spec: dict[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(update(clubs_t).where(clubs_t.c.id == cid).values(standing=json.dumps(spec)))


def add_note(engine: Engine, cid: str, user_id: str, text: str, settled: bool) -> None:
    with engine.begin() as c:
        c.execute(insert(club_notes_t).values(club_id=cid, at=time.time(), user_id=user_id, text=text, settled=settled))


def notes_of(engine: Engine, cid: str) -> list[ledger.Note]:
    with engine.connect() as c:
        rows = c.execute(select(club_notes_t).where(club_notes_t.c.club_id == cid).order_by(club_notes_t.c.at)).all()
    return [ledger.Note(r.at, r.text, r.user_id, bool(r.settled)) for r in rows]


# ---- the club's tables -------------------------------------------------------------------------

def link_table(engine: Engine, cid: str, table_id: str, by: str | None) -> None:
    with engine.begin() as c:
        if c.execute(select(club_tables_t.c.club_id).where(club_tables_t.c.table_id == table_id)).first() is None:
            c.execute(insert(club_tables_t).values(table_id=table_id, club_id=cid, opened_at=time.time(), opened_by=by))


def club_of_table(engine: Engine, table_id: str) -> str | None:
    with engine.connect() as c:
        return c.execute(select(club_tables_t.c.club_id).where(club_tables_t.c.table_id == table_id)).scalar()


def club_tables(engine: Engine, cid: str, limit: int = MAX_TABLES) -> list[dict[str, Any]]:
    """The club's newest tables: id, status, the rematch it led to, and the match's result once stored."""
    with engine.connect() as c:
        rows = c.execute(select(club_tables_t, tables_t.c.status, tables_t.c.rematch, tables_t.c.game)
                         .join(tables_t, tables_t.c.id == club_tables_t.c.table_id)
                         .where(club_tables_t.c.club_id == cid)
                         .order_by(club_tables_t.c.opened_at.desc()).limit(limit)).all()
    return [{"table": r.table_id, "status": r.status, "game": r.game, "opened_at": r.opened_at,
             "rematch": rematch_of(r.rematch)["table"],
             "result": json.loads(r.result) if r.result else None} for r in rows]


def record_result(engine: Engine, table_id: str, result: dict[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(update(club_tables_t).where(club_tables_t.c.table_id == table_id, club_tables_t.c.result.is_(None))
                  .values(result=json.dumps(result), finished_at=result["at"]))


def match_result(t: LiveTable, users: dict[int, str], at: float) -> ledger.MatchResult:
    """A finished club table's match as the ledger keeps it: its closing totals (the match-end bar's),
    each seat's name and member, and a carried 官堆."""
    seats = tuple(ledger.Seat(p.name, p.kind, p.bot, users.get(p.position)) for p in t.players)
    pool = t.match.left_over().get("pool", 0)
    return ledger.MatchResult(t.id, t.row.game, at, seats, tuple(Fraction(x) for x in t.totals),
                              Fraction(pool))


async def sync_results(manager: TableManager, cid: str) -> list[dict[str, Any]]:
    """The club's tables, with every finished match's result stored (each read once from its table)
    and every rematch of a club table made the club's, its seats held by the same members."""
    store = manager.store
    rows = await store.run(club_tables, store.engine, cid)
    known = {r["table"] for r in rows}
    changed = False
    for r in rows:
        new = r["rematch"]
        if new and new not in known:  # the same people at the same seats: the club's table too
            await store.run(link_table, store.engine, cid, new, None)
            users = await store.run(users_of_table, store.engine, r["table"])
            for pos, uid in users.items():
                await store.run(link_seats, store.engine, uid, [(new, pos)])
            known.add(new)
            changed = True
        if r["status"] == "finished" and r["result"] is None:
            t = await manager.get(r["table"])
            if t is None or not t.match_over:
                continue
            users = await store.run(users_of_table, store.engine, t.id)
            at = await store.run(store.last_activity, t.id)
            await store.run(record_result, store.engine, t.id, match_result(t, users, at).to_json())
            changed = True
    return await store.run(club_tables, store.engine, cid) if changed else rows


def results_of(rows: list[dict[str, Any]]) -> list[ledger.MatchResult]:
    return [ledger.MatchResult.from_json(r["result"]) for r in rows if r["result"] is not None]


def check_standing(spec: CreateTable) -> None:
    """What a saved standing table can be told at once (run off the loop: a ruleset is built): its
    game and rules load and its seats fit them; the rest (bot levels, the server's caps) is
    checked by `TableManager.create` each time it opens, as for every lobby table."""
    if spec.game not in catalog.playable_games():
        raise TableError("bad-game", f"unknown or unavailable game {spec.game!r}")
    try:
        game = load_game(spec.game, spec.preset or None, spec.options or {})
    except (OptionError, YeziError, TypeError, AttributeError) as e:  # as /api/games/<game>/resolve answers them
        raise TableError("bad-options", str(e)) from None
    if spec.seats is not None:
        if len(spec.seats) != game.num_seats:
            raise TableError("bad-seats", f"{spec.game} under this ruleset has {game.num_seats} players")
        if not any(s.kind == "human" for s in spec.seats):
            raise TableError("bad-seats", "a standing table has at least one person's seat")


def standing_spec(club: Club) -> dict[str, Any]:
    """The create request for this week's table: the saved spec with every person's seat an
    invitation seat nobody holds yet (members take them from the club page), no host, unlisted."""
    if club.standing is None:
        raise TableError("no-standing-table", "this club has no standing table yet: an organiser saves one first")
    spec = dict(club.standing)
    if spec.get("seats"):
        spec["seats"] = [s if s.get("kind") == "bot" else {"kind": "human", "access": "invite"} for s in spec["seats"]]
    spec.update(host_seat=None, name=None, listed=False, title=spec.get("title") or club.name)
    return spec


async def open_standing(manager: TableManager, club: Club, user: User, client: str) -> LiveTable:
    """Open the club's standing table (counted against the opener's creation caps, as a lobby table is)."""
    refusal = manager.limits.creation_refusal(client)
    if refusal is not None:
        raise TableError(*refusal)
    t, _tokens = await manager.create(standing_spec(club), owner=client, capacity=SIGNED_IN,
                                      members_sit=True)  # no secret handed out: members take seats
    manager.limits.own(client, t.id)
    await manager.store.run(link_table, manager.store.engine, club.id, t.id, user.id)
    t.kick()
    others = [m["user"] for m in await manager.store.run(members, manager.store.engine, club.id) if m["user"] != user.id]
    manager.tell(others, CLUB_TABLE, {"table": t.id, "game": t.row.game, "name": club.name, "club": club.id},
                 f"club:{club.id}:{t.id}")
    return t


async def take_seat(manager: TableManager, t: LiveTable, position: Any, user: User) -> str:
    """A member takes a free seat of the club's table: a new secret is set on it and returned (the
    caller sets it as the seat's cookie); the seat is the member's (`yezi_seat_users`)."""
    t.refuse_if_archived()
    if t.match_over:
        raise TableError("seats-closed", "the match at this table is over: its seats are no longer offered")
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < t.n:
        raise TableError("bad-seat", "no such seat")
    store = manager.store
    p = t.players[position]
    if p.kind != "human" or p.claimed:
        raise TableError("seat-taken", "this seat is not free")
    tok = new_token()
    name = clean_name(user.name, "")
    async with t.lock:  # one seat each: the check and the taking under the table's lock
        if user.id in (await store.run(users_of_table, store.engine, t.id)).values():
            raise TableError("already-seated", "you hold a seat at this table already")
        if not await store.run(store.claim, t.id, position, name, hash_token(tok), "invite"):
            raise TableError("seat-taken", "this seat is not free")
        p.claimed, p.name, p.token_hash = True, name, hash_token(tok)
        await store.run(link_seats, store.engine, user.id, [(t.id, position)])
        t.broadcast()
    return tok


def seats_info(t: LiveTable, users: dict[int, str]) -> list[dict[str, Any]]:
    """A club table's seats for its page: who sits where (no secrets)."""
    return [{"position": p.position, "kind": p.kind, "bot": p.bot, "name": p.name, "claimed": p.claimed,
             "user": users.get(p.position)} for p in t.players]


# ---- the user's data: export and erasure (`yezi.server.accounts.export`) ----------------------

def _export_clubs(engine: Engine, user_id: str) -> dict[str, Any]:
    """Memberships, requests to join, the ledger notes written, the club tables opened and the
    club matches played (the seat's name and the match's totals)."""
    with engine.connect() as c:
        mem = c.execute(select(club_members_t, clubs_t.c.name).join(clubs_t, clubs_t.c.id == club_members_t.c.club_id)
                        .where(club_members_t.c.user_id == user_id)).all()
        req = c.execute(select(club_requests_t).where(club_requests_t.c.user_id == user_id)).all()
        notes = c.execute(select(club_notes_t).where(club_notes_t.c.user_id == user_id).order_by(club_notes_t.c.at)).all()
        tabs = c.execute(select(club_tables_t).where(or_(club_tables_t.c.opened_by == user_id,
                                                         club_tables_t.c.result.contains(user_id)))).all()
    matches = []
    for r in tabs:
        res = json.loads(r.result) if r.result else None
        mine = [i for i, s in enumerate(res["seats"]) if s.get("user") == user_id] if res else []
        matches.append({"club": r.club_id, "table": r.table_id, "opened_at": r.opened_at,
                        "opened_by_me": r.opened_by == user_id, "finished_at": r.finished_at,
                        "seats": [{"position": i, "name": res["seats"][i]["name"], "total": res["totals"][i]}
                                  for i in mine] if res else []})
    return {"memberships": [{"club": r.club_id, "name": r.name, "role": r.role, "joined_at": r.joined_at} for r in mem],
            "requests": [{"club": r.club_id, "asked_at": r.asked_at} for r in req],
            "notes": [{"club": r.club_id, "at": r.at, "text": r.text, "settled": bool(r.settled)} for r in notes],
            "tables": matches}


def _erase_clubs(engine: Engine, user_id: str) -> None:
    """The memberships and requests go. A club whose last owner this was passes to its
    longest-standing organiser, else its longest-standing member; a club left with no member is
    closed (its row, requests, notes and table links go; the tables' records stay). The notes and
    the tables opened stay, linked to "a deleted player"; each club match's result names the seat so."""
    from yezi.server.accounts.social import DELETED_NAME  # (social imports nothing of clubs; no cycle)
    with engine.begin() as c:
        c.execute(delete(club_requests_t).where(club_requests_t.c.user_id == user_id))
        mine = c.execute(select(club_members_t.c.club_id, club_members_t.c.role)
                         .where(club_members_t.c.user_id == user_id)).all()
        c.execute(delete(club_members_t).where(club_members_t.c.user_id == user_id))
        for cid, role in mine:
            left = c.execute(select(club_members_t.c.user_id, club_members_t.c.role, club_members_t.c.joined_at)
                             .where(club_members_t.c.club_id == cid)).all()
            if not left:
                for t in (club_requests_t, club_notes_t, club_tables_t, club_members_t):
                    c.execute(delete(t).where(t.c.club_id == cid))
                c.execute(delete(clubs_t).where(clubs_t.c.id == cid))
                c.execute(delete(chat_t).where(chat_t.c.table_id == ("club:" + cid)[:32]))  # its room (`talk.club_key`)
                continue
            if role == "owner" and not any(r.role == "owner" for r in left):
                heir = min(left, key=lambda r: (r.role != "organiser", r.joined_at, r.user_id))
                c.execute(update(club_members_t).where(club_members_t.c.club_id == cid,
                                                       club_members_t.c.user_id == heir.user_id).values(role="owner"))
        for r in c.execute(select(club_tables_t.c.table_id, club_tables_t.c.result)
                           .where(club_tables_t.c.result.contains(user_id))).all():
            res = json.loads(r.result)
            for s in res.get("seats", []):
                if s.get("user") == user_id:
                    s["name"] = DELETED_NAME
            c.execute(update(club_tables_t).where(club_tables_t.c.table_id == r.table_id)
                      .values(result=json.dumps(res)))


export.register("clubs", _export_clubs, _erase_clubs,
                covers=(("yezi_club_members", "user_id"), ("yezi_club_requests", "user_id"),
                        ("yezi_club_notes", "user_id"), ("yezi_club_tables", "opened_by")),
                keeps=("yezi_club_notes", "yezi_club_tables"))
