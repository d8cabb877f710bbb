"""The quick-match queue (issue 23): players waiting for a table of people, shared by every instance.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02

* ``yezi_quick``: one row a ticket (`yezi.server.quick.model`): who waits, for which game, preset,
  pace and rating, how long before bots fill the empty seats, and, once seated, the table and seat.
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_quick",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("pool", sa.String(160), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("pace", sa.String(8), nullable=False),
        sa.Column("move_days", sa.Integer, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("bot_after", sa.Integer, nullable=True),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("match_id", sa.String(24), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("position", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("formed_at", sa.Float, nullable=True),
    )
    op.create_index("ix_yezi_quick_holder", "yezi_quick", ["holder", "game"], unique=True)
    op.create_index("ix_yezi_quick_pool", "yezi_quick", ["pool", "state"])
    op.create_index("ix_yezi_quick_address", "yezi_quick", ["address"])


def downgrade() -> None:
    op.drop_index("ix_yezi_quick_address", "yezi_quick")
    op.drop_index("ix_yezi_quick_pool", "yezi_quick")
    op.drop_index("ix_yezi_quick_holder", "yezi_quick")
    op.drop_table("yezi_quick")
