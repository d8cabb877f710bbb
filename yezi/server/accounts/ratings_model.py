"""The ratings' tables (SQLAlchemy Core, on the app's one `metadata`; created by migration 0010).

* ``yezi_rated_tables``: the tables opened as rated, with their rating family (a table of its
  own rather than a column of ``yezi_tables``: nothing else about a table changes).
* ``yezi_ratings``: one row per (user, family): OpenSkill's mu and sigma and the deals rated.
* ``yezi_rated_deals``: one row per rated deal, keyed by (table, deal): written in the same
  transaction as the ratings it moved, so a deal moves them once, whatever restarts or instances.
  It keeps what the deal was rated from (or why it was not: a guest's seat, one person in two).
* ``yezi_rating_changes``: each user's line of a rated deal: payment, rating before and after.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, String, Table, Text

from yezi.server.db import metadata

rated_tables_t = Table(
    "yezi_rated_tables", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("family", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
)
ratings_t = Table(
    "yezi_ratings", metadata,
    Column("user_id", String(32), primary_key=True),
    Column("family", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("deals", Integer, nullable=False, default=0),
    Column("updated_at", Float, nullable=False),
    Index("ix_yezi_ratings_family", "family"),
)
rated_deals_t = Table(
    "yezi_rated_deals", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("deal_no", Integer, primary_key=True),
    Column("family", String(32), nullable=False),
    Column("rated_at", Float, nullable=False),
    Column("result", Text, nullable=False),  # JSON: {"players": [{position, user|bot, payment}]} or {"skipped": why}
)
rating_changes_t = Table(  # a user's line of a rated deal: their history, profile and export
    "yezi_rating_changes", metadata,
    Column("user_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("deal_no", Integer, primary_key=True),
    Column("family", String(32), nullable=False),
    Column("payment", Float, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_yezi_rating_changes_user", "user_id", "at"),
)
