"""A signed-in user's notices: "your move", "a friend invited you", "your club's table opens",
"a tournament round starts". Stored (``yezi_notices``), listed with an unread count, marked read,
and rendered per language from the translation catalogs when they are shown, pushed or mailed.

Hidden information never reaches a notice by construction: `notify` keeps only the fields of
`FIELDS` (a table's id, its game, its title, a friend's or a club's name), each a short string, and
drops everything else; the text is one catalog message filled with those fields. No view, no hand,
no action is ever a field.

Every function here is synchronous and takes the engine first (run through `Store.run`).
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from sqlalchemy import and_, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from yezi.i18n import N_, _
from yezi.server.accounts.notice_model import notice_prefs_t, notices_t

YOUR_TURN, FRIEND_INVITE, CLUB_TABLE, TOURNAMENT_ROUND = "your-turn", "friend-invite", "club-table", "tournament-round"
KINDS = (YOUR_TURN, FRIEND_INVITE, CLUB_TABLE, TOURNAMENT_ROUND)
#: the only fields a notice's payload may hold, and their longest length
FIELDS = {"table": 32, "game": 32, "title": 80, "name": 64, "club": 32}
#: each kind's text (msgids; rendered in the reader's language)
TEXTS = {
    YOUR_TURN: N_("Your move: {game} · {title}"),
    FRIEND_INVITE: N_("{name} invited you to a seat: {game} · {title}"),
    CLUB_TABLE: N_("Your club {name} opened its table: {game}"),
    TOURNAMENT_ROUND: N_("A round of the tournament {title} starts: {game}"),
}
#: the notices a user keeps (older ones go when a new one comes); how many a list shows
KEEP, RECENT = 200, 30
_CLOCK = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


# ---- the notices ------------------------------------------------------------------------------

def clean_payload(payload: dict[str, Any]) -> dict[str, str]:
    """The whitelisted fields of `payload`, as short strings; anything else is dropped."""
    out = {}
    for k, n in FIELDS.items():
        v = payload.get(k)
        if isinstance(v, str | int) and not isinstance(v, bool):
            out[k] = str(v)[:n]
    return out


def add(engine: Engine, user_id: str, kind: str, payload: dict[str, Any], dedup: str | None = None,
        now: float | None = None) -> int | None:
    """Store a notice for `user_id`; its id, or None where `dedup` says it exists already."""
    if kind not in KINDS:
        raise ValueError(f"unknown notice kind {kind!r}")
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    now = time.time() if now is None else now
    with engine.begin() as c:
        stmt = insert(notices_t).values(user_id=user_id, kind=kind, payload=json.dumps(clean_payload(payload)),
                                        dedup=dedup, created_at=now, read=False, pushed=False, mailed=False)
        r = c.execute(stmt.on_conflict_do_nothing(index_elements=["user_id", "dedup"]).returning(notices_t.c.id))
        nid = r.scalar()
        if nid is not None:  # the oldest beyond KEEP go
            cut = c.execute(select(notices_t.c.id).where(notices_t.c.user_id == user_id)
                            .order_by(notices_t.c.id.desc()).offset(KEEP).limit(1)).scalar()
            if cut is not None:
                c.execute(notices_t.delete().where(notices_t.c.user_id == user_id, notices_t.c.id <= cut))
    return nid


@dataclass(frozen=True)
class Notice:
    id: int
    user_id: str
    kind: str
    payload: dict[str, str]
    created_at: float
    read: bool

    def text(self, lang: str) -> str:
        return render(self.kind, self.payload, lang)

    def url(self) -> str:
        """Where the notice leads: an invitation to where it is taken, a club's new table to the club's
        page (its seats are taken there), any other to its table."""
        if self.kind == FRIEND_INVITE:
            return "/settings#invitations-box"
        club = self.payload.get("club")
        if self.kind == CLUB_TABLE and club and _ID.fullmatch(club):
            return f"/c/{club}"
        tid = self.payload.get("table")
        return f"/t/{tid}" if tid and _ID.fullmatch(tid) else "/account"

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text(lang), "url": self.url(),
                "created_at": self.created_at, "read": self.read}


def _notice(r: Any) -> Notice:
    try:
        payload = clean_payload(json.loads(r.payload))
    except (ValueError, AttributeError):
        payload = {}
    return Notice(r.id, r.user_id, r.kind, payload, r.created_at, bool(r.read))


def render(kind: str, payload: dict[str, str], lang: str) -> str:
    """The notice's text in `lang`: its kind's message, filled with its whitelisted fields only."""
    p = clean_payload(payload)
    game = p.get("game", "")
    if game:
        from yezi.server import catalog

        with contextlib.suppress(Exception):  # an unknown game's name as stored
            game = catalog.describe(game)["titles"].get(lang, game)
    return _(lang, TEXTS.get(kind, TEXTS[YOUR_TURN]), game=game, title=p.get("title") or game,
             name=p.get("name", ""))


def get(engine: Engine, nid: int) -> Notice | None:
    with engine.connect() as c:
        r = c.execute(select(notices_t).where(notices_t.c.id == nid)).first()
    return _notice(r) if r is not None else None


def recent(engine: Engine, user_id: str, limit: int = RECENT) -> tuple[list[Notice], int]:
    """The user's newest notices and how many are unread."""
    with engine.connect() as c:
        rows = c.execute(select(notices_t).where(notices_t.c.user_id == user_id)
                         .order_by(notices_t.c.id.desc()).limit(limit)).all()
        unread = c.execute(select(func.count()).select_from(notices_t)
                           .where(notices_t.c.user_id == user_id, notices_t.c.read.is_(False))).scalar()
    return [_notice(r) for r in rows], int(unread or 0)


def mark_read(engine: Engine, user_id: str, ids: list[int] | None) -> int:
    """Mark the user's notices `ids` (None: all) read; how many changed."""
    cond = and_(notices_t.c.user_id == user_id, notices_t.c.read.is_(False))
    if ids is not None:
        if not ids:
            return 0
        cond = and_(cond, notices_t.c.id.in_(ids))
    with engine.begin() as c:
        return c.execute(update(notices_t).where(cond).values(read=True)).rowcount or 0


# ---- preferences ------------------------------------------------------------------------------

@cache
def time_zones() -> frozenset[str]:
    return frozenset(available_timezones())


def valid_zone(name: str) -> bool:
    return isinstance(name, str) and len(name) <= 64 and name in time_zones()


@dataclass
class Prefs:
    """Per kind whether to push and to mail; quiet hours ("HH:MM", local) in the time zone `tz`;
    the language pushes and mails are written in. Pushing is on by default (a push needs a browser
    subscribed first, which is the opt-in); mail is off until asked for."""

    push: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(KINDS, True))
    email: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(KINDS, False))
    quiet_start: str | None = None
    quiet_end: str | None = None
    tz: str = "UTC"
    lang: str = "en"

    def as_json(self) -> dict[str, Any]:
        return {"push": dict(self.push), "email": dict(self.email), "quiet_start": self.quiet_start,
                "quiet_end": self.quiet_end, "tz": self.tz, "lang": self.lang}

    @classmethod
    def from_json(cls, d: Any) -> Prefs:
        from yezi.i18n import LANGS

        p = cls()
        if not isinstance(d, dict):
            return p
        for k in KINDS:
            for name in ("push", "email"):
                v = (d.get(name) or {}).get(k) if isinstance(d.get(name), dict) else None
                if isinstance(v, bool):
                    getattr(p, name)[k] = v
        for name in ("quiet_start", "quiet_end"):
            v = d.get(name)
            setattr(p, name, v if isinstance(v, str) and _CLOCK.fullmatch(v) else None)
        p.tz = d["tz"] if valid_zone(d.get("tz", "")) else "UTC"
        p.lang = d["lang"] if d.get("lang") in LANGS else "en"
        return p

    def quiet(self, now: float) -> bool:
        """Whether `now` falls in the quiet hours, in the user's time zone."""
        if not self.quiet_start or not self.quiet_end or self.quiet_start == self.quiet_end:
            return False
        local = datetime.fromtimestamp(now, ZoneInfo(self.tz)).strftime("%H:%M")
        a, b = self.quiet_start, self.quiet_end
        return a <= local < b if a < b else local >= a or local < b


def prefs_of(engine: Engine, user_id: str) -> Prefs:
    with engine.connect() as c:
        text = c.execute(select(notice_prefs_t.c.prefs).where(notice_prefs_t.c.user_id == user_id)).scalar()
    try:
        return Prefs.from_json(json.loads(text) if text else {})
    except ValueError:
        return Prefs()


def save_prefs(engine: Engine, user_id: str, changes: dict[str, Any]) -> Prefs:
    """Merge `changes` (validated by the request's model) into the user's preferences."""
    now = prefs_of(engine, user_id).as_json()
    for name in ("push", "email"):
        if isinstance(changes.get(name), dict):
            now[name] |= {k: v for k, v in changes[name].items() if k in KINDS and isinstance(v, bool)}
    for name in ("quiet_start", "quiet_end", "tz", "lang"):
        if name in changes:
            now[name] = changes[name]
    p = Prefs.from_json(now)
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    text = json.dumps(p.as_json(), sort_keys=True)
    with engine.begin() as c:
        c.execute(insert(notice_prefs_t).values(user_id=user_id, prefs=text, last_digest_at=0.0)
                  .on_conflict_do_update(index_elements=["user_id"], set_={"prefs": text}))
    return p
