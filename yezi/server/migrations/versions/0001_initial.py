"""Initial schema: tables, players, deals, events.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("num_deals", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_tables_status", "yezi_tables", ["status"])
    op.create_table(
        "yezi_players",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("yezi_tables.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "yezi_deals",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("yezi_tables.id"), primary_key=True),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("deal", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("yezi_tables.id"), primary_key=True),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_events_client", "yezi_events", ["table_id", "client_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_yezi_events_client", "yezi_events")
    op.drop_table("yezi_events")
    op.drop_table("yezi_deals")
    op.drop_table("yezi_players")
    op.drop_index("ix_yezi_tables_status", "yezi_tables")
    op.drop_table("yezi_tables")
