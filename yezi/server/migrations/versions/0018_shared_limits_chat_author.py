"""Sign-in limits shared by every instance, and the author of a chat line away from a table.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02

* ``yezi_auth_attempts``: tries counted per scope (sign-in, sign-up, per account name or per
  address, each key a SHA-256) and per minute window, so N instances behind a balancer allow the
  tries of one (`yezi.server.accounts.attempts`).
* ``yezi_chat.user_id``: the account that wrote a club's or two friends' chat line, so the line is
  exported with its author's data and anonymised when the account is deleted.
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_auth_attempts",
        sa.Column("scope", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("window", sa.Integer, primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("yezi_chat") as b:
        b.add_column(sa.Column("user_id", sa.String(32), nullable=True))
    op.create_index("ix_yezi_chat_user", "yezi_chat", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_chat_user", "yezi_chat")
    with op.batch_alter_table("yezi_chat") as b:
        b.drop_column("user_id")
    op.drop_table("yezi_auth_attempts")
