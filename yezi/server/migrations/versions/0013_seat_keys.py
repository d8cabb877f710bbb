"""A seat held through an account (issue 23): a turn-based game moves between devices over days.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02

* ``yezi_seat_keys``: a signed-in user who opened a seat, with the hash of the seat's credential at
  that moment. The account opens the seat from any device while that credential is the seat's
  (a new invitation from the host replaces it, and the account's hold lapses with the old link's).
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_seat_keys",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_seat_keys_user", "yezi_seat_keys", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_seat_keys_user", "yezi_seat_keys")
    op.drop_table("yezi_seat_keys")
