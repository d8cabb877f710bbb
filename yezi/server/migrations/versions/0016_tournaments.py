"""Duplicate tournaments for people (issue 23).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02

* ``yezi_tournaments``: a tournament of `rounds` rounds of `deals` deals of one game, realtime or
  turn-based; its seed draws every round's deals (the same at every table of the round) and seating.
* ``yezi_tournament_players``: who entered, from which round (a late entrant plays from the next).
* ``yezi_tournament_tables``: each round's tables and who sits where (a bot where nobody does).
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("organiser", sa.String(32), nullable=False),
        sa.Column("title", sa.String(80), nullable=False, server_default=""),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("options", sa.Text, nullable=False, server_default="{}"),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("move_days", sa.Integer, nullable=False, server_default="0"),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(12), nullable=False, server_default="open"),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_tournament_players",
        sa.Column("tournament_id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("from_round", sa.Integer, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_tournament_tables",
        sa.Column("tournament_id", sa.String(16), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seating", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("yezi_tournament_tables")
    op.drop_table("yezi_tournament_players")
    op.drop_table("yezi_tournaments")
