"""The quick-match queue's table (SQLAlchemy Core, on the app's one `metadata`; migration 0015).

One row a ticket. A ticket's id is public (it names the ticket in addresses); what proves it is its
secret, kept only as a hash (`secret_hash`), as a seat's credential is. ``holder`` is who waits
(``u:<user id>`` or ``g:<guest cookie>``): one ticket per holder and game (`ix_yezi_quick_holder`).
``pool`` is what must agree for two tickets to share a table (game, preset, pace, days, rated).
A ticket goes ``waiting`` → ``forming`` (picked for a table, under the pool's lock) → ``seated``
(``table_id``/``position`` set), or back to ``waiting`` when its table could not be made.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table

from yezi.server.db import metadata

quick_t = Table(
    "yezi_quick", metadata,
    Column("id", String(24), primary_key=True),
    Column("secret_hash", String(64), nullable=False),
    Column("holder", String(64), nullable=False),
    Column("user_id", String(32), nullable=True),
    Column("address", String(64), nullable=False),  # the client's key (`clients.client_key`): its cap
    Column("game", String(32), nullable=False),
    Column("pool", String(160), nullable=False),
    Column("preset", String(64), nullable=False),
    Column("pace", String(8), nullable=False),  # realtime | turn
    Column("move_days", Integer, nullable=True),
    Column("rated", Boolean, nullable=False),
    Column("name", String(100), nullable=False),
    Column("bot_after", Integer, nullable=True),  # seconds before bots fill the empty seats; NULL: never
    Column("state", String(8), nullable=False),  # waiting | forming | seated
    Column("match_id", String(24), nullable=True),
    Column("table_id", String(32), nullable=True),
    Column("position", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),  # last poll: a ticket nobody polls expires
    Column("formed_at", Float, nullable=True),
    Index("ix_yezi_quick_holder", "holder", "game", unique=True),
    Index("ix_yezi_quick_pool", "pool", "state"),
    Index("ix_yezi_quick_address", "address"),
)
