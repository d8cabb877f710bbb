"""Tables choose whether seat holders may ask for hints (the search bot's move, Luk Fu bid advice).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Tables created before hints existed allow them, as new tables do by default.
    with op.batch_alter_table("yezi_tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        batch.drop_column("hints")
