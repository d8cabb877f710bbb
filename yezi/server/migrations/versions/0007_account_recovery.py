"""Recovering an account signed in by password (issue 22).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02

* ``yezi_recovery_codes``: the codes shown once at sign-up, as SHA-256; each works once.
* ``yezi_email_tokens``: the single-use, expiring links mailed to verify an address or recover
  the account (`yezi.server.accounts.auth_model`).
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_recovery_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_yezi_recovery_codes_user", "yezi_recovery_codes", ["user_id"])
    op.create_table(
        "yezi_email_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_yezi_email_tokens_user", "yezi_email_tokens", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_email_tokens_user", "yezi_email_tokens")
    op.drop_table("yezi_email_tokens")
    op.drop_index("ix_yezi_recovery_codes_user", "yezi_recovery_codes")
    op.drop_table("yezi_recovery_codes")
