"""Export and delete cover every table that holds a user's data (issue 22 audit, gap 2).

One registry (`yezi.server.accounts.export`): each module registers its section with the columns
holding a user's id it answers for. The first test walks EVERY table of the metadata and fails on
such a column that no section covers (so a future table cannot be forgotten) and on an id-like
column nobody classified. The second fills every table with a row about one user (generic values,
the user's id in each covered column, their name and address wherever a name or address is kept),
exports (every section has something) and deletes the account: no covered row is left with the id
unless its section keeps the table (linked to the row "a deleted player"), and the old name and
address are in no cell of any table, the club matches' results included. The club the user owned
passes to its longest-standing organiser; a club left with no member is closed.
"""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import Boolean, Float, Integer, LargeBinary, String, Text, insert, select

from yezi.server.accounts import export, social
from yezi.server.accounts.club_model import club_members_t, clubs_t
from yezi.server.app import create_app
from yezi.server.chat import chat_t
from yezi.server.config import Settings
from yezi.server.db import metadata

UID, NAME, EMAIL = "u" * 20, "Zebedee Quux", "zebedee@example.org"
#: columns that hold a user's id without "user" in their name
PEOPLE = {"asker_id", "target_id", "blocker_id", "blocked_id", "from_id", "to_id", "organiser", "opened_by",
          "holder", "reporter", "seating"}
#: id-like columns that are not a person's
NOT_PEOPLE = {"table_id", "club_id", "tournament_id", "message_id", "match_id", "client_id", "rp_id"}
PREFIXED = {"holder", "reporter"}  # "u:<user id>"


def _user_columns() -> set[tuple[str, str]]:
    out = set()
    for t in metadata.sorted_tables:
        for c in t.columns:
            if re.search(r"(^|_)users?(_id)?$", c.name) or c.name in PEOPLE:
                out.add((t.name, c.name))
            elif c.name.endswith(("_id", "_by")) and c.name not in NOT_PEOPLE:
                raise AssertionError(f"{t.name}.{c.name}: does it hold a user's id? classify it in this test")
    return out | {("yezi_users", "id")}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def test_every_column_holding_a_user_id_is_covered_by_a_section(app):
    sections = export.sections()
    covered = {tc for s in sections.values() for tc in s.covers}
    missing = _user_columns() - covered
    assert not missing, f"no export section covers {sorted(missing)}: register one (yezi.server.accounts.export)"
    tables = metadata.tables
    for s in sections.values():
        for t, col in s.covers:
            assert t in tables and col in tables[t].c, (s.name, t, col)
        assert set(s.keeps) <= {t for t, _c in s.covers}, s.name
        if s.covers:
            assert s.erase is not None or all(t in s.keeps for t, _ in s.covers) or s.name in ("blocks",), s.name


def _value(t, c, covered):
    if (t.name, c.name) in covered:
        if c.name == "seating":
            return json.dumps({"0": UID})
        return ("u:" + UID) if c.name in PREFIXED else UID
    special = {("yezi_users", "name_key"): "zebedee quux", ("yezi_clubs", "id"): "club1",
               ("yezi_tables", "id"): "tbl1", ("yezi_tournaments", "id"): "tour1",
               ("yezi_club_members", "role"): "owner"}
    if (t.name, c.name) in special:
        return special[(t.name, c.name)]
    if c.name == "name":
        return NAME if any((t.name, x.name) in covered for x in t.columns) or t.name == "yezi_players" else "x"
    if c.name == "email":
        return EMAIL
    if c.name == "table_id":
        return "tbl1"
    if c.name == "club_id":
        return "club1"
    if c.name == "tournament_id":
        return "tour1"
    if c.name == "result" and t.name == "yezi_club_tables":
        return json.dumps({"table": "tbl1", "game": "paigow", "at": 2.0, "pool": 0, "totals": [3, -3],
                           "seats": [{"name": NAME, "kind": "human", "bot": None, "user": UID},
                                     {"name": "Ann", "kind": "human", "bot": None, "user": "u2"}]})
    if c.name == "endpoint":
        return "https://push.example.net/abc"
    if c.name in ("position", "seat", "message_id"):
        return 0 if c.name != "message_id" else 1
    if isinstance(c.type, Boolean):
        return False
    if isinstance(c.type, Float):
        return 1.0
    if isinstance(c.type, Integer):
        return 1
    if isinstance(c.type, LargeBinary):
        return b"key"
    if isinstance(c.type, Text):
        return "{}" if c.name != "origins" else "[]"
    if isinstance(c.type, String):
        return "x"[: c.type.length or 1]
    raise AssertionError(f"{t.name}.{c.name}: no test value for {c.type!r}")


def _fill(engine, covered):
    first = ("yezi_tables", "yezi_clubs", "yezi_users", "yezi_tournaments")  # what the others refer to
    with engine.begin() as conn:
        for t in sorted(metadata.sorted_tables, key=lambda t: (t.name not in first, first.index(t.name)
                                                               if t.name in first else 0)):
            row = {c.name: _value(t, c, covered) for c in t.columns
                   if not (c.primary_key and c.autoincrement is True and isinstance(c.type, Integer))}
            conn.execute(insert(t).values(**row))
        # the club: the user its only owner, an organiser and a member beside; a second club of the user alone
        conn.execute(insert(club_members_t).values(club_id="club1", user_id="u2", role="organiser", joined_at=5.0))
        conn.execute(insert(club_members_t).values(club_id="club1", user_id="u3", role="member", joined_at=2.0))
        conn.execute(insert(clubs_t).values(id="club2", name="Alone", name_key="alone", created_at=1.0, private=True))
        conn.execute(insert(club_members_t).values(club_id="club2", user_id=UID, role="owner", joined_at=1.0))
        conn.execute(insert(chat_t).values(table_id="club:club2", room="talk", name="x", text="hi", created_at=1.0))


def test_export_has_every_section_and_delete_leaves_nothing_of_the_user(app):
    engine = app.state.store.engine
    sections = export.sections()
    covered = {tc for s in sections.values() for tc in s.covers}
    with engine.begin() as c:  # (the migrations made no row; the test's rows are the only ones)
        assert all(c.execute(select(t)).first() is None for t in metadata.sorted_tables
                   if t.name not in ("yezi_vapid", "alembic_version"))
    _fill(engine, covered)
    data = export.export_user(engine, UID)
    json.dumps(data, default=str)  # plain data
    for name, s in sections.items():
        if s.covers:
            assert data[name], f"the section {name!r} exported nothing of its rows"
    assert data["account"]["email"] == EMAIL and data["recovery"]["mailed_links"][0]["email"] == EMAIL
    assert "p256dh" not in json.dumps(data, default=str) and "key" not in json.dumps(data["notices"])

    social.delete_account(engine, UID)
    keeps = {t for s in sections.values() for t in s.keeps}
    with engine.connect() as c:
        for t, col in sorted(covered):
            table = metadata.tables[t]
            want = ("u:" + UID) if col in PREFIXED else UID
            left = c.execute(select(table).where(table.c[col].contains(want))).all()
            assert not left or t in keeps, f"{t}.{col} still holds the deleted user: {left}"
        everything = {t.name: [tuple(r) for r in c.execute(select(t))] for t in metadata.sorted_tables}
        roles = dict(c.execute(select(club_members_t.c.user_id, club_members_t.c.role)
                               .where(club_members_t.c.club_id == "club1")).all())
        clubs = [r.id for r in c.execute(select(clubs_t.c.id))]
    text = repr(everything)
    assert NAME not in text and EMAIL not in text, [t for t, rows in everything.items() if NAME in repr(rows)
                                                   or EMAIL in repr(rows)]
    assert roles == {"u2": "owner", "u3": "member"}  # the longest-standing organiser owns the club now
    assert clubs == ["club1"]  # the club nobody was left in is closed, its room too
    assert [r for r in everything["yezi_chat"] if r[1] == "club:club2"] == []
    result = json.loads(everything["yezi_club_tables"][0][5])
    assert [s["name"] for s in result["seats"]] == [social.DELETED_NAME, "Ann"]

