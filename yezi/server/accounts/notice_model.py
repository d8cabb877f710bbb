"""The notices' tables (SQLAlchemy Core, on the app's one `metadata`; created by migration 0014).

A notice's payload is a JSON object of whitelisted fields only (`yezi.server.accounts.notices.FIELDS`:
a table's id, its game and title, a friend's or a club's name), never a view or a hand, so no hidden
card can reach a notice however it is rendered. ``dedup`` makes a notice happen once (one "your
move" per table decision, whichever instance timed it, however often the decision was re-timed).
A push subscription is the browser's endpoint and keys (RFC 8291); the VAPID key is one row, made
once and shared by every instance.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, Text, UniqueConstraint

from yezi.server.db import metadata

notices_t = Table(
    "yezi_notices", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(32), nullable=False),
    Column("kind", String(24), nullable=False),
    Column("payload", Text, nullable=False),  # JSON: whitelisted fields only
    Column("dedup", String(120), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("read", Boolean, nullable=False, default=False),
    Column("pushed", Boolean, nullable=False, default=False),  # push done (sent, not wanted, or too old)
    Column("mailed", Boolean, nullable=False, default=False),  # in a digest already (or never to be)
    UniqueConstraint("user_id", "dedup", name="uq_yezi_notices_dedup"),
    Index("ix_yezi_notices_user", "user_id", "id"),
    Index("ix_yezi_notices_pending", "pushed", "id"),
)
notice_prefs_t = Table(
    "yezi_notice_prefs", metadata,
    Column("user_id", String(32), primary_key=True),
    Column("prefs", Text, nullable=False),  # JSON (`notices.Prefs`)
    Column("last_digest_at", Float, nullable=False, default=0.0),
)
push_subs_t = Table(
    "yezi_push_subs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", String(32), nullable=False),
    Column("endpoint", String(1024), nullable=False, unique=True),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_push_subs_user", "user_id"),
)
vapid_t = Table(
    "yezi_vapid", metadata,
    Column("id", Integer, primary_key=True),  # always 1
    Column("private_pem", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
