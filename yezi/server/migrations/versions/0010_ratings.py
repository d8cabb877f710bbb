"""Ratings (issue 22): rated tables, each user's rating per family, and the rated deals.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

* ``yezi_rated_tables``: a table opened with ``rated: true`` and its rating family.
* ``yezi_ratings``: OpenSkill's (mu, sigma) per user and family, and the deals rated.
* ``yezi_rated_deals``: one row per (table, deal) rated: the update's idempotency key and its record.
* ``yezi_rating_changes``: each user's line of a rated deal (payment, rating before and after).
(`yezi.server.accounts.ratings_model`)
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_rated_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_ratings",
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_ratings_family", "yezi_ratings", ["family"])
    op.create_table(
        "yezi_rated_deals",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("rated_at", sa.Float, nullable=False),
        sa.Column("result", sa.Text, nullable=False),
    )


    op.create_table(
        "yezi_rating_changes",
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("payment", sa.Float, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_rating_changes_user", "yezi_rating_changes", ["user_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_yezi_rating_changes_user", "yezi_rating_changes")
    op.drop_table("yezi_rating_changes")
    op.drop_table("yezi_rated_deals")
    op.drop_index("ix_yezi_ratings_family", "yezi_ratings")
    op.drop_table("yezi_ratings")
    op.drop_table("yezi_rated_tables")
