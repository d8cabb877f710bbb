"""The social tables (SQLAlchemy Core, on the app's one `metadata`; created by migration 0009).

A friendship is one row per pair, keyed by who asked: ``asked`` until the other accepts, then
``friends``. An invitation keeps the hash of the seat credential it was issued with, so that a newer
invitation of the same seat (the host's "new link", another friend) voids it, and no secret is stored.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, String, Table

from yezi.server.db import metadata

friends_t = Table(
    "yezi_friends", metadata,
    Column("asker_id", String(32), primary_key=True),
    Column("target_id", String(32), primary_key=True),
    Column("status", String(8), nullable=False),  # asked | friends
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_friends_target", "target_id"),
)
blocks_t = Table(
    "yezi_blocks", metadata,
    Column("blocker_id", String(32), primary_key=True),
    Column("blocked_id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_blocks_blocked", "blocked_id"),
)
invitations_t = Table(
    "yezi_invitations", metadata,
    Column("id", String(24), primary_key=True),
    Column("from_id", String(32), nullable=False),  # the host who invited
    Column("to_id", String(32), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("position", Integer, nullable=False),
    Column("token_hash", String(64), nullable=False),  # the seat's credential when invited: a newer one voids it
    Column("created_at", Float, nullable=False),
    Index("ix_yezi_invitations_to", "to_id"),
    Index("ix_yezi_invitations_from", "from_id"),
)
