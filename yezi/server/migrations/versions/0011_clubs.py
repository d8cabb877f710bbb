"""Clubs, their members, standing tables and ledgers (issue 22).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02

* ``yezi_clubs``: a club (name unique by its folded form, languages, private or public, the invite
  link's SHA-256, the standing table's create spec).
* ``yezi_club_members``: who is in it and as what (owner, organiser, member).
* ``yezi_club_requests``: who asked to join.
* ``yezi_club_tables``: the tables opened as the club's, each with its finished match's totals.
* ``yezi_club_notes``: the ledger's annotations ("settled 2026-12-06").
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_clubs",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("languages", sa.String(64), nullable=False, server_default=""),
        sa.Column("private", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("standing", sa.Text, nullable=True),
    )
    op.create_table(
        "yezi_club_members",
        sa.Column("club_id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("role", sa.String(12), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_club_members_user", "yezi_club_members", ["user_id"])
    op.create_table(
        "yezi_club_requests",
        sa.Column("club_id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("asked_at", sa.Float, nullable=False),
    )
    op.create_table(
        "yezi_club_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("club_id", sa.String(16), nullable=False),
        sa.Column("opened_at", sa.Float, nullable=False),
        sa.Column("opened_by", sa.String(32), nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_yezi_club_tables_club", "yezi_club_tables", ["club_id", "opened_at"])
    op.create_table(
        "yezi_club_notes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club_id", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("text", sa.String(280), nullable=False),
        sa.Column("settled", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_yezi_club_notes_club", "yezi_club_notes", ["club_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_yezi_club_notes_club", "yezi_club_notes")
    op.drop_table("yezi_club_notes")
    op.drop_index("ix_yezi_club_tables_club", "yezi_club_tables")
    op.drop_table("yezi_club_tables")
    op.drop_table("yezi_club_requests")
    op.drop_index("ix_yezi_club_members_user", "yezi_club_members")
    op.drop_table("yezi_club_members")
    op.drop_table("yezi_clubs")
