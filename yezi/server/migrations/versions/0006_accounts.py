"""Accounts and their sessions (issue 22).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

* ``yezi_users``: a person who lasts beyond one table (`yezi.server.accounts.model`); the display
  name is unique by its folded form ``name_key``.
* ``yezi_sessions``: a signed-in device; the cookie's secret is kept as its SHA-256 only.
* ``yezi_seat_users``: which user held a table's seat (one user per seat; the first link stays):
  a person's games, ratings and a club's ledger read it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_users",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("languages", sa.String(64), nullable=False, server_default=""),
        sa.Column("bio", sa.String(280), nullable=False, server_default=""),
        sa.Column("avatar", sa.String(64), nullable=False, server_default=""),
        sa.Column("privacy", sa.Text, nullable=False, server_default="{}"),
        sa.Column("deleted", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "yezi_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("user_agent", sa.String(200), nullable=False, server_default=""),
        sa.Column("revoked", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_yezi_sessions_user", "yezi_sessions", ["user_id"])
    op.create_table(
        "yezi_seat_users",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("linked_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_seat_users_user", "yezi_seat_users", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_seat_users_user", "yezi_seat_users")
    op.drop_table("yezi_seat_users")
    op.drop_index("ix_yezi_sessions_user", "yezi_sessions")
    op.drop_table("yezi_sessions")
    op.drop_table("yezi_users")
