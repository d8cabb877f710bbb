"""The accounts' tables (SQLAlchemy Core, on the app's one `metadata`; created by migration 0006).

A user's display name is unique by its folded form (`name_key`: NFKC, case-folded), so "Ann" and
"ann" are one name. A session row keeps only the SHA-256 of its cookie's secret: a leaked database
opens no session.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, Text

from yezi.server.db import metadata

users_t = Table(
    "yezi_users", metadata,
    Column("id", String(32), primary_key=True),  # random, url-safe; never reused
    Column("name", String(40), nullable=False),  # the display name as its owner wrote it
    Column("name_key", String(40), nullable=False, unique=True),  # folded: the uniqueness
    Column("created_at", Float, nullable=False),
    Column("password_hash", Text, nullable=True),  # argon2id (PHC string); NULL: passkeys only
    Column("email", String(254), nullable=True),
    Column("email_verified", Boolean, nullable=False, default=False),
    Column("languages", String(64), nullable=False, default=""),  # e.g. "zh-Hant,en"
    Column("bio", String(280), nullable=False, default=""),
    Column("avatar", String(64), nullable=False, default=""),  # a drawn mark's id
    Column("privacy", Text, nullable=False, default="{}"),  # JSON: who may see my games, invite me
    Column("deleted", Boolean, nullable=False, default=False),  # anonymised: "a deleted player"
)
sessions_t = Table(
    "yezi_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),  # sha256 of the cookie's secret
    Column("user_id", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("user_agent", String(200), nullable=False, default=""),  # shown on "signed-in devices"
    Column("revoked", Boolean, nullable=False, default=False),
    Index("ix_yezi_sessions_user", "user_id"),
)
seat_users_t = Table(  # who held a seat: a signed-in user who opened, claimed or carried it into an account
    "yezi_seat_users", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("user_id", String(32), nullable=False),
    Column("linked_at", Float, nullable=False),
    Index("ix_yezi_seat_users_user", "user_id"),
)
seat_keys_t = Table(  # a seat an account opens from any device, while the credential it held is the seat's
    "yezi_seat_keys", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("user_id", String(32), primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_seat_keys_user", "user_id"),
)
