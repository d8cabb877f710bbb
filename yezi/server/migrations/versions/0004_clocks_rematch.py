"""Move timers and rematches.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

* ``yezi_tables.move_seconds`` / ``bank_seconds``: the move timer chosen at creation (0: none) and
  each seat's time bank per deal. Older tables have no timer.
* ``yezi_tables.clock``: the running clock as JSON (`yezi.server.clock.TurnClock.to_json`): the
  decision being timed, its deadline (wall-clock seconds), each seat's bank and away state. A
  restarted server re-arms the timer from it.
* ``yezi_tables.rematch``: after the match, who asked for a rematch and the new table's id (JSON).
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        batch.add_column(sa.Column("move_seconds", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("bank_seconds", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("rematch", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        for c in ("rematch", "clock", "bank_seconds", "move_seconds"):
            batch.drop_column(c)
