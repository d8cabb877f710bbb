"""Profiles, privacy, friends, blocks and invitations to a seat: the rules, on the database.

Every function is synchronous (the routes run it through `Store.run`, off the event loop) and takes
the engine first. A refusal is a `TableError` with a stable code, as everywhere in the server.

A block hides the blocker from the blocked player: their profile answers as if it did not exist, a
friend request to them is answered as one to nobody (``no-user``: the asker is not told they are
blocked), they cannot invite the blocker, and they cannot sit at a table the blocker opened
(`host_refuses`). Blocking also ends any friendship and invitation between the two.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, delete, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from yezi.i18n import N_
from yezi.server.accounts import export
from yezi.server.accounts.identity import name_key
from yezi.server.accounts.model import seat_users_t, sessions_t, users_t
from yezi.server.accounts.seats import seats_of_user, users_of_table
from yezi.server.accounts.social_model import blocks_t, friends_t, invitations_t
from yezi.server.db import players_t
from yezi.server.errors import TableError
from yezi.server.tables import clean_name

#: privacy settings: the choices of each, the first being the default where DEFAULT_PRIVACY says no other
PRIVACY_CHOICES: dict[str, tuple[str, ...]] = {
    "games": ("everyone", "friends", "nobody"),  # who sees my games (played, won, recent)
    "invites": ("everyone", "friends", "nobody"),  # who may invite me to a seat
    "requests": ("everyone", "nobody"),  # who may ask me to be friends
}
DEFAULT_PRIVACY = {"games": "everyone", "invites": "friends", "requests": "everyone"}
#: the languages a player may say they speak (the codes; each page names them in the reader's language)
LANGUAGES = ("yue", "cmn", "nan", "hak", "wuu", "en", "vi", "ms", "id", "th", "ja", "ko", "fr", "es", "pt", "de")
MAX_LANGUAGES = 6
MAX_BIO = 280  # the column's width
#: the name a deleted account's seats carry in the tables' records (a stored name is one text for all readers)
DELETED_NAME = N_("a deleted player")
DELETED_KEY = "~deleted~"  # a deleted account's name_key: DELETED_KEY + its id (no display name folds to it)
_BIO_BAD = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    created_at: float
    languages: list[str] = field(default_factory=list)
    bio: str = ""
    avatar: str = ""
    privacy: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_PRIVACY))
    deleted: bool = False


def _privacy(text: str | None) -> dict[str, str]:
    try:
        stored = json.loads(text or "{}")
    except ValueError:
        stored = {}
    stored = stored if isinstance(stored, dict) else {}
    return {k: stored[k] if stored.get(k) in PRIVACY_CHOICES[k] else DEFAULT_PRIVACY[k] for k in PRIVACY_CHOICES}


def _profile(r: Any) -> Profile:
    return Profile(id=r.id, name=r.name, created_at=r.created_at,
                   languages=[x for x in (r.languages or "").split(",") if x in LANGUAGES], bio=r.bio or "",
                   avatar=r.avatar or "", privacy=_privacy(r.privacy), deleted=bool(r.deleted))


def profile(engine: Engine, user_id: str) -> Profile | None:
    with engine.connect() as c:
        r = c.execute(select(users_t).where(users_t.c.id == user_id)).first()
    return _profile(r) if r is not None else None


def _by_name(c: Connection, name: str) -> Profile | None:
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        return None
    r = c.execute(select(users_t).where(users_t.c.name_key == name_key(name), users_t.c.deleted.is_(False))).first()
    return _profile(r) if r is not None else None


def _names(c: Connection, ids: list[str]) -> dict[str, Any]:
    if not ids:
        return {}
    rows = c.execute(select(users_t.c.id, users_t.c.name, users_t.c.avatar).where(users_t.c.id.in_(ids))).all()
    return {r.id: r for r in rows}


def is_blocked(c: Connection, blocker: str, blocked: str) -> bool:
    return c.execute(select(blocks_t.c.blocker_id).where(blocks_t.c.blocker_id == blocker,
                                                         blocks_t.c.blocked_id == blocked)).first() is not None


def _pair(a: str, b: str) -> Any:
    return or_(and_(friends_t.c.asker_id == a, friends_t.c.target_id == b),
               and_(friends_t.c.asker_id == b, friends_t.c.target_id == a))


def relation(c: Connection, me: str, other: str) -> str | None:
    """``friends``, ``asked`` (I asked them), ``asked-me`` (they asked me), or None."""
    rows = c.execute(select(friends_t).where(_pair(me, other))).all()  # two where both asked at once
    if not rows:
        return None
    if any(r.status == "friends" for r in rows):
        return "friends"
    return "asked-me" if any(r.asker_id == other for r in rows) else "asked"


def are_friends(c: Connection, a: str, b: str) -> bool:
    return relation(c, a, b) == "friends"


def _allowed(c: Connection, setting: str, viewer: str | None, owner: Profile) -> bool:
    if viewer == owner.id:
        return True
    choice = owner.privacy[setting]
    return choice == "everyone" or (choice == "friends" and viewer is not None and are_friends(c, viewer, owner.id))


# ---- profiles --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seen:
    """A profile as one viewer may see it: `games` False where its owner's privacy hides them."""
    profile: Profile
    relation: str | None  # the viewer's: friends / asked / asked-me / None
    games: bool
    blocked_by_me: bool = False


def view_profile(engine: Engine, viewer: str | None, name: str) -> Seen | None:
    """The profile `name` as `viewer` (None: a guest) may see it; None where it does not exist for
    them (no such user, deleted, or its owner blocked the viewer)."""
    with engine.connect() as c:
        p = _by_name(c, name)
        if p is None or (viewer is not None and viewer != p.id and is_blocked(c, p.id, viewer)):
            return None
        rel = relation(c, viewer, p.id) if viewer and viewer != p.id else None
        return Seen(p, rel, _allowed(c, "games", viewer, p),
                    blocked_by_me=bool(viewer and viewer != p.id and is_blocked(c, viewer, p.id)))


def check_display_name(name: Any) -> str:
    """The lobby's name rules (`yezi.server.tables.clean_name`: no control or direction characters,
    at most 24 characters) for a display name that must also be non-empty and already clean, and
    make a profile's address (no "/"). Sign-up should check a new account's name with it too."""
    cleaned = clean_name(name)
    key = name_key(cleaned)  # NFKC may lengthen a name (one ligature, many letters); the column holds 40
    if not cleaned or not isinstance(name, str) or cleaned != name.strip() or len(key) > 40 \
            or key.startswith(DELETED_KEY) or "/" in cleaned:  # a name is an address too: /u/<name>
        raise TableError("bad-display-name", "a display name has 1 to 24 visible characters, without control "
                         "or direction characters")
    return cleaned


def update_profile(engine: Engine, user_id: str, changes: dict[str, Any]) -> Profile:
    """Apply the fields given (name, languages, bio, avatar, privacy); all or nothing."""
    from yezi.server.accounts.marks import MARKS

    values: dict[str, Any] = {}
    if "name" in changes:
        values["name"] = check_display_name(changes["name"])
        values["name_key"] = name_key(values["name"])
    if "languages" in changes:
        langs = list(dict.fromkeys(changes["languages"]))
        if len(langs) > MAX_LANGUAGES or any(x not in LANGUAGES for x in langs):
            raise TableError("bad-languages", f"at most {MAX_LANGUAGES} of: " + ", ".join(LANGUAGES))
        values["languages"] = ",".join(langs)
    if "bio" in changes:
        values["bio"] = _BIO_BAD.sub("", changes["bio"]).strip()
        if len(values["bio"]) > MAX_BIO:
            raise TableError("bad-bio", f"a bio has at most {MAX_BIO} characters")
    if "avatar" in changes:
        if changes["avatar"] not in ("", *MARKS):
            raise TableError("bad-avatar", "an avatar is one of the drawn marks: " + ", ".join(MARKS))
        values["avatar"] = changes["avatar"]
    if "privacy" in changes:
        with engine.connect() as c:
            now = c.execute(select(users_t.c.privacy).where(users_t.c.id == user_id)).scalar()
        merged = {**_privacy(now), **changes["privacy"]}
        if any(merged[k] not in PRIVACY_CHOICES[k] for k in PRIVACY_CHOICES):
            raise TableError("bad-privacy", "privacy choices: " + json.dumps(PRIVACY_CHOICES))
        values["privacy"] = json.dumps(merged, sort_keys=True)
    if values:
        try:
            with engine.begin() as c:
                c.execute(update(users_t).where(users_t.c.id == user_id, users_t.c.deleted.is_(False)).values(**values))
        except IntegrityError:
            raise TableError("name-taken", "another player has this display name") from None
    p = profile(engine, user_id)
    assert p is not None
    return p


# ---- friends and blocks ----------------------------------------------------------------------

def _other(c: Connection, me: str, name: str) -> Profile:
    """The user `name` as `me` may reach them: not themself, not someone who blocked them."""
    p = _by_name(c, name)
    if p is None or (p.id != me and is_blocked(c, p.id, me)):
        raise TableError("no-user", "no such player")
    if p.id == me:
        raise TableError("bad-friend", "that is you")
    return p


def ask(engine: Engine, me: str, name: str) -> str:
    """Ask `name` to be friends (accepting where they asked first); the relation after it."""
    with engine.begin() as c:
        p = _other(c, me, name)
        if is_blocked(c, me, p.id):
            raise TableError("you-blocked", "you blocked this player: unblock them first")
        rel = relation(c, me, p.id)
        if rel in ("friends", "asked"):
            return rel
        if rel == "asked-me":
            c.execute(update(friends_t).where(_pair(me, p.id)).values(status="friends"))
            return "friends"
        if p.privacy["requests"] == "nobody":
            raise TableError("no-requests", "this player takes no friend requests")
        c.execute(insert(friends_t).values(asker_id=me, target_id=p.id, status="asked", created_at=time.time()))
        return "asked"


def accept(engine: Engine, me: str, name: str) -> str:
    with engine.begin() as c:
        p = _other(c, me, name)
        if relation(c, me, p.id) != "asked-me":
            raise TableError("no-friend-request", "this player has not asked you")
        c.execute(update(friends_t).where(_pair(me, p.id)).values(status="friends"))
        return "friends"


def decline(engine: Engine, me: str, name: str) -> None:
    with engine.begin() as c:
        p = _other(c, me, name)
        if relation(c, me, p.id) != "asked-me":
            raise TableError("no-friend-request", "this player has not asked you")
        c.execute(delete(friends_t).where(_pair(me, p.id)))


def remove(engine: Engine, me: str, name: str) -> None:
    """End a friendship, or take back my request."""
    with engine.begin() as c:
        p = _other(c, me, name)
        c.execute(delete(friends_t).where(_pair(me, p.id)))


def _between(a: str, b: str) -> Any:
    return or_(and_(invitations_t.c.from_id == a, invitations_t.c.to_id == b),
               and_(invitations_t.c.from_id == b, invitations_t.c.to_id == a))


def block(engine: Engine, me: str, name: str) -> None:
    """Block `name`: any friendship, request or invitation between us ends."""
    with engine.begin() as c:
        p = _other(c, me, name)
        if not is_blocked(c, me, p.id):
            c.execute(insert(blocks_t).values(blocker_id=me, blocked_id=p.id, created_at=time.time()))
        c.execute(delete(friends_t).where(_pair(me, p.id)))
        c.execute(delete(invitations_t).where(_between(me, p.id)))


def unblock(engine: Engine, me: str, name: str) -> None:
    with engine.begin() as c:
        p = _by_name(c, name)
        if p is not None:
            c.execute(delete(blocks_t).where(blocks_t.c.blocker_id == me, blocks_t.c.blocked_id == p.id))


def _entry(r: Any) -> dict[str, str]:
    return {"name": r.name, "avatar": r.avatar or ""}


_RANK = {"friends": 0, "incoming": 1, "outgoing": 2}


def friends_of(engine: Engine, me: str) -> dict[str, list[dict[str, str]]]:
    """My friends, the requests to me and from me, and whom I blocked (names and avatars, by name)."""
    with engine.connect() as c:
        rows = c.execute(select(friends_t).where(or_(friends_t.c.asker_id == me, friends_t.c.target_id == me))).all()
        blocked = [r.blocked_id for r in c.execute(select(blocks_t.c.blocked_id).where(blocks_t.c.blocker_id == me))]
        people = _names(c, [r.target_id if r.asker_id == me else r.asker_id for r in rows] + blocked)
    out: dict[str, list[dict[str, str]]] = {"friends": [], "incoming": [], "outgoing": [], "blocked": []}
    kinds: dict[str, str] = {}  # other -> the strongest relation: friends, then their request, then mine
    for r in rows:
        other_id = r.target_id if r.asker_id == me else r.asker_id
        kind = "friends" if r.status == "friends" else "outgoing" if r.asker_id == me else "incoming"
        if other_id not in kinds or _RANK[kind] < _RANK[kinds[other_id]]:
            kinds[other_id] = kind
    for other_id, kind in kinds.items():
        other = people.get(other_id)
        if other is not None and other.name:
            out[kind].append(_entry(other))
    out["blocked"] = [_entry(people[b]) for b in blocked if b in people and people[b].name]
    for xs in out.values():
        xs.sort(key=lambda e: name_key(e["name"]))
    return out


# ---- tables: who may sit, who may be invited ----------------------------------------------------

def host_refuses(engine: Engine, table_id: str, host_position: int | None, user_id: str) -> bool:
    """Whether the user who opened the table (its host seat's user) blocked `user_id`."""
    if host_position is None:
        return False
    host = users_of_table(engine, table_id).get(host_position)
    if host is None or host == user_id:
        return False
    with engine.connect() as c:
        return is_blocked(c, host, user_id)


def check_invite(engine: Engine, host: str, name: str) -> Profile:
    """The user `name`, whom `host` may invite to a seat (their "who can invite me", blocks)."""
    with engine.connect() as c:
        p = _other(c, host, name)
        if is_blocked(c, host, p.id) or not _allowed(c, "invites", host, p):
            raise TableError("no-invites", "this player takes no invitations from you")
        return p


def add_invitation(engine: Engine, host: str, to: str, table_id: str, position: int, token_hash: str) -> str:
    """Record the invitation (an older one for the same seat goes: the seat was issued again)."""
    inv = secrets.token_urlsafe(12)
    with engine.begin() as c:
        c.execute(delete(invitations_t).where(invitations_t.c.table_id == table_id,
                                              invitations_t.c.position == position))
        c.execute(insert(invitations_t).values(id=inv, from_id=host, to_id=to, table_id=table_id, position=position,
                                               token_hash=token_hash, created_at=time.time()))
    return inv


def invitations_to(engine: Engine, me: str) -> list[dict[str, Any]]:
    """The invitations waiting for me, newest first (from players who did not block me since)."""
    with engine.connect() as c:
        rows = c.execute(select(invitations_t).where(invitations_t.c.to_id == me)
                         .order_by(invitations_t.c.created_at.desc()).limit(50)).all()
        hosts = _names(c, [r.from_id for r in rows])
    return [{"id": r.id, "from": hosts[r.from_id].name, "table": r.table_id, "position": r.position,
             "created_at": r.created_at, "token_hash": r.token_hash}
            for r in rows if r.from_id in hosts and hosts[r.from_id].name]


def take_invitation(engine: Engine, me: str, inv_id: str) -> dict[str, Any]:
    """My invitation `inv_id`, removed (it is used once); raises ``no-invitation``."""
    with engine.begin() as c:
        r = c.execute(select(invitations_t).where(invitations_t.c.id == inv_id, invitations_t.c.to_id == me)).first()
        if r is None:
            raise TableError("no-invitation", "no such invitation")
        c.execute(delete(invitations_t).where(invitations_t.c.id == inv_id))
        if is_blocked(c, r.from_id, me) or is_blocked(c, me, r.from_id):
            raise TableError("no-invitation", "no such invitation")
    return {"table": r.table_id, "position": r.position, "token_hash": r.token_hash, "from": r.from_id}


# ---- delete my account -------------------------------------------------------------------------

def delete_account(engine: Engine, user_id: str) -> list[tuple[str, int]]:
    """Erase the account: every section's rows (sessions, friends, blocks, invitations, and those the
    other parts registered) go, the user row stays as "a deleted player" (its id keeps the records'
    seats linked, its name is freed). Returns the seats it held, for the tables to rename."""
    held = seats_of_user(engine, user_id, limit=100_000)
    export.erase_user(engine, user_id)
    with engine.begin() as c:
        c.execute(update(users_t).where(users_t.c.id == user_id).values(
            name="", name_key=DELETED_KEY + user_id, password_hash=None, email=None, email_verified=False,
            languages="", bio="", avatar="", privacy="{}", deleted=True))
        for tid, pos in held:  # the records name the seat so from now on
            c.execute(update(players_t).where(players_t.c.table_id == tid, players_t.c.position == pos)
                      .values(name=DELETED_NAME))
    return held


# ---- the export's sections ---------------------------------------------------------------------

def _account(engine: Engine, user_id: str) -> dict[str, Any]:
    with engine.connect() as c:
        r = c.execute(select(users_t).where(users_t.c.id == user_id)).first()
    if r is None:
        return {}
    p = _profile(r)
    return {"id": p.id, "name": p.name, "created_at": p.created_at, "email": r.email,
            "email_verified": bool(r.email_verified), "has_password": r.password_hash is not None,
            "languages": p.languages, "bio": p.bio, "avatar": p.avatar, "privacy": p.privacy}


def _sessions(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    """Signed-in devices, without their secrets (the table keeps only a hash; not even that is shown)."""
    with engine.connect() as c:
        rows = c.execute(select(sessions_t.c.created_at, sessions_t.c.last_seen, sessions_t.c.user_agent,
                                sessions_t.c.revoked).where(sessions_t.c.user_id == user_id)
                         .order_by(sessions_t.c.created_at)).all()
    return [{"created_at": r.created_at, "last_seen": r.last_seen, "user_agent": r.user_agent,
             "revoked": bool(r.revoked)} for r in rows]


def _erase_sessions(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(sessions_t).where(sessions_t.c.user_id == user_id))


def _seats(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(seat_users_t).where(seat_users_t.c.user_id == user_id)
                         .order_by(seat_users_t.c.linked_at)).all()
    return [{"table": r.table_id, "position": r.position, "linked_at": r.linked_at} for r in rows]


def _blocks(engine: Engine, user_id: str) -> list[str]:
    return [e["name"] for e in friends_of(engine, user_id)["blocked"]]


def _friends(engine: Engine, user_id: str) -> dict[str, list[str]]:
    lists = friends_of(engine, user_id)
    return {k: [e["name"] for e in v] for k, v in lists.items() if k != "blocked"}


def _erase_social(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(friends_t).where(or_(friends_t.c.asker_id == user_id, friends_t.c.target_id == user_id)))
        c.execute(delete(blocks_t).where(or_(blocks_t.c.blocker_id == user_id, blocks_t.c.blocked_id == user_id)))
        c.execute(delete(invitations_t).where(or_(invitations_t.c.from_id == user_id,
                                                  invitations_t.c.to_id == user_id)))


def _invitations(engine: Engine, user_id: str) -> dict[str, list[dict[str, Any]]]:
    with engine.connect() as c:
        rows = c.execute(select(invitations_t).where(or_(invitations_t.c.from_id == user_id,
                                                         invitations_t.c.to_id == user_id))).all()
        people = _names(c, [r.from_id for r in rows] + [r.to_id for r in rows])

    def one(r: Any, who: str) -> dict[str, Any]:
        other = people.get(who)
        return {"with": other.name if other is not None else "", "table": r.table_id, "position": r.position,
                "created_at": r.created_at}

    return {"received": [one(r, r.from_id) for r in rows if r.to_id == user_id],
            "sent": [one(r, r.to_id) for r in rows if r.from_id == user_id]}


# the user row stays as "a deleted player" (delete_account blanks it), and so do the seats it held
export.register("account", _account, covers=(("yezi_users", "id"),), keeps=("yezi_users",))
export.register("sessions", _sessions, _erase_sessions, covers=(("yezi_sessions", "user_id"),))
export.register("seats", _seats, covers=(("yezi_seat_users", "user_id"),), keeps=("yezi_seat_users",))
export.register("friends", _friends, _erase_social,
                covers=(("yezi_friends", "asker_id"), ("yezi_friends", "target_id"), ("yezi_blocks", "blocker_id"),
                        ("yezi_blocks", "blocked_id"), ("yezi_invitations", "from_id"), ("yezi_invitations", "to_id")))
export.register("blocks", _blocks)
export.register("invitations", _invitations)
