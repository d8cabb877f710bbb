"""Notifications (issue 23): stored notices, their preferences, Web Push subscriptions, the VAPID key.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02

* ``yezi_notices``: a user's notice (kind, a payload of whitelisted fields, read, pushed, mailed);
  ``dedup`` unique per user: one "your move" per table decision.
* ``yezi_notice_prefs``: per kind push / email, quiet hours, time zone; when the last digest went.
* ``yezi_push_subs``: a browser's push endpoint and keys (RFC 8291), a few per user.
* ``yezi_vapid``: the server's one VAPID key, shared by every instance.
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("dedup", sa.String(120), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("read", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("pushed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("mailed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.UniqueConstraint("user_id", "dedup", name="uq_yezi_notices_dedup"),
    )
    op.create_index("ix_yezi_notices_user", "yezi_notices", ["user_id", "id"])
    op.create_index("ix_yezi_notices_pending", "yezi_notices", ["pushed", "id"])
    op.create_table(
        "yezi_notice_prefs",
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("prefs", sa.Text, nullable=False),
        sa.Column("last_digest_at", sa.Float, nullable=False, server_default="0"),
    )
    op.create_table(
        "yezi_push_subs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_push_subs_user", "yezi_push_subs", ["user_id"])
    op.create_table(
        "yezi_vapid",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("yezi_vapid")
    op.drop_index("ix_yezi_push_subs_user", "yezi_push_subs")
    op.drop_table("yezi_push_subs")
    op.drop_table("yezi_notice_prefs")
    op.drop_index("ix_yezi_notices_pending", "yezi_notices")
    op.drop_index("ix_yezi_notices_user", "yezi_notices")
    op.drop_table("yezi_notices")
