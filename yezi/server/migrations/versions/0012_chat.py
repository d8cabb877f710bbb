"""Chat at a table (issue 23): the players' and the spectators' rooms, reports, a closed chat.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02

* ``yezi_chat``: every message with its table, room (``players`` | ``spectators``), seat or a
  spectator's name, its text or canned phrase; ``removed`` when the host took it down.
* ``yezi_chat_reports``: a reported message's copy, for the operator.
* ``yezi_chat_closed``: the tables whose host closed the chat.
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("room", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False, server_default=""),
        sa.Column("text", sa.String(1120), nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("removed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_yezi_chat_table", "yezi_chat", ["table_id", "room", "id"])
    op.create_table(
        "yezi_chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("reporter", sa.String(64), nullable=False),
        sa.Column("copy", sa.String(1220), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_chat_closed",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("closed_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("yezi_chat_closed")
    op.drop_table("yezi_chat_reports")
    op.drop_index("ix_yezi_chat_table", "yezi_chat")
    op.drop_table("yezi_chat")
