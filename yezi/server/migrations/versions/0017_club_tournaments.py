"""A club's own tournaments (issue 23).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02

* ``yezi_tournaments.club_id``: the club a tournament belongs to (null: open to every signed-in
  player). Only the club's members enter it; a private club's tournaments are listed on its page only.
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("yezi_tournaments") as batch:
        batch.add_column(sa.Column("club_id", sa.String(16), nullable=True))
    op.create_index("ix_yezi_tournaments_club_id", "yezi_tournaments", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_yezi_tournaments_club_id", table_name="yezi_tournaments")
    with op.batch_alter_table("yezi_tournaments") as batch:
        batch.drop_column("club_id")
