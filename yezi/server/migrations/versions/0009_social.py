"""Friends, blocks and invitations to a seat (issue 22).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02

* ``yezi_friends``: a friend request (``asked``) or a friendship (``friends``), one row per pair,
  keyed by who asked.
* ``yezi_blocks``: who blocked whom; a blocked player cannot invite the blocker, sit at their
  tables or see their profile.
* ``yezi_invitations``: a host's invitation of a user to a seat; it keeps only the hash of the
  seat's credential it was issued with (a new invitation for the seat voids it), never a secret.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_friends",
        sa.Column("asker_id", sa.String(32), primary_key=True),
        sa.Column("target_id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_friends_target", "yezi_friends", ["target_id"])
    op.create_table(
        "yezi_blocks",
        sa.Column("blocker_id", sa.String(32), primary_key=True),
        sa.Column("blocked_id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_blocks_blocked", "yezi_blocks", ["blocked_id"])
    op.create_table(
        "yezi_invitations",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("from_id", sa.String(32), nullable=False),
        sa.Column("to_id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_invitations_to", "yezi_invitations", ["to_id"])
    op.create_index("ix_yezi_invitations_from", "yezi_invitations", ["from_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_invitations_from", "yezi_invitations")
    op.drop_index("ix_yezi_invitations_to", "yezi_invitations")
    op.drop_table("yezi_invitations")
    op.drop_index("ix_yezi_blocks_blocked", "yezi_blocks")
    op.drop_table("yezi_blocks")
    op.drop_index("ix_yezi_friends_target", "yezi_friends")
    op.drop_table("yezi_friends")
