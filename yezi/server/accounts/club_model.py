"""The clubs' tables (SQLAlchemy Core, on the app's one `metadata`; created by migration 0011).

A club's name is unique by its folded form (`identity.name_key`), as a user's is. An invite link's
secret is kept as its SHA-256 only (a leaked database opens no club); revoking it clears the hash.
A table opened from the club's standing table is linked to the club (`yezi_club_tables`), and its
match's totals are copied there once it is over, so the ledger reads one row per match instead of
replaying every table's log.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, Text

from yezi.server.db import metadata

clubs_t = Table(
    "yezi_clubs", metadata,
    Column("id", String(16), primary_key=True),  # random, url-safe: /c/<id>
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),
    Column("languages", String(64), nullable=False, default=""),  # e.g. "zh-hant,en"
    Column("private", Boolean, nullable=False, default=True),  # private: members only see its games and ledger
    Column("created_at", Float, nullable=False),
    Column("invite_hash", String(64), nullable=True),  # sha256 of the invite link's secret; NULL: none
    Column("standing", Text, nullable=True),  # the standing table: a CreateTable spec as JSON; NULL: none yet
)
club_members_t = Table(
    "yezi_club_members", metadata,
    Column("club_id", String(16), primary_key=True),
    Column("user_id", String(32), primary_key=True),
    Column("role", String(12), nullable=False),  # owner | organiser | member
    Column("joined_at", Float, nullable=False),
    Index("ix_yezi_club_members_user", "user_id"),
)
club_requests_t = Table(  # a signed-in user asking to join; an organiser accepts or declines
    "yezi_club_requests", metadata,
    Column("club_id", String(16), primary_key=True),
    Column("user_id", String(32), primary_key=True),
    Column("asked_at", Float, nullable=False),
)
club_tables_t = Table(  # a table that is the club's, and (once its match is over) the match's totals
    "yezi_club_tables", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("club_id", String(16), nullable=False),
    Column("opened_at", Float, nullable=False),
    Column("opened_by", String(32), nullable=True),  # the member who opened it (NULL: a rematch of a club table)
    Column("finished_at", Float, nullable=True),
    Column("result", Text, nullable=True),  # JSON: game, names, users, totals, pool (`yezi.server.accounts.ledger`)
    Index("ix_yezi_club_tables_club", "club_id", "opened_at"),
)
club_notes_t = Table(  # the ledger's history as an organiser annotates it
    "yezi_club_notes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("club_id", String(16), nullable=False),
    Column("at", Float, nullable=False),
    Column("user_id", String(32), nullable=False),
    Column("text", String(280), nullable=False),
    Column("settled", Boolean, nullable=False, default=False),  # the balance is settled up to this note
    Index("ix_yezi_club_notes_club", "club_id", "at"),
)
