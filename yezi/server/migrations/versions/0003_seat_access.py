"""Seats are open to anyone or taken only by invitation; tables know their host.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30

* ``yezi_players.access``: ``open`` (anyone may claim the free seat from the lobby) or ``invite``
  (only its own secret link takes it). Seats made before this revision keep what they did:
  ``open``.
* ``yezi_tables.host_position``: the seat of the person who opened the table, who may re-issue
  invitations; unknown (NULL) for older tables, which then have no host.
* Tables archived by the idle sweeper get the status ``expired`` (a new value of the existing
  column; no change to the schema).
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("yezi_players") as batch:
        batch.add_column(sa.Column("access", sa.String(8), nullable=False, server_default="open"))
    with op.batch_alter_table("yezi_tables") as batch:
        batch.add_column(sa.Column("host_position", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        batch.drop_column("host_position")
    with op.batch_alter_table("yezi_players") as batch:
        batch.drop_column("access")
