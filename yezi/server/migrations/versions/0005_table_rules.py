"""Tables keep their resolved ruleset, so a default changed later does not change their games.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

* ``yezi_tables.rules``: every option's value the table plays under, JSON (name: value), as
  `yezi.core.options.Ruleset.values`; the table's game is built from it
  (`yezi.core.registry.load_pinned`), never from today's defaults.
* Tables made before this revision kept only their preset and overrides: they are filled here with
  the rules in force when they were made, which are the preset and overrides resolved with the
  defaults of this revision (no default had changed before it). A table whose game or options no
  longer load keeps NULL, and is resolved as before when it is loaded.
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        batch.add_column(sa.Column("rules", sa.Text, nullable=True))
    from yezi.core.errors import YeziError
    from yezi.core.registry import load_game

    conn = op.get_bind()
    tables = sa.table("yezi_tables", sa.column("id", sa.String), sa.column("game", sa.String),
                      sa.column("preset", sa.String), sa.column("options", sa.Text), sa.column("rules", sa.Text))
    for tid, game, preset, options in conn.execute(sa.select(tables.c.id, tables.c.game, tables.c.preset,
                                                             tables.c.options)).all():
        try:
            rules = load_game(game, preset, json.loads(options or "{}")).rules
        except (YeziError, ValueError, TypeError):
            continue
        values = {k: v if isinstance(v, (bool, int, float, str)) else str(v) for k, v in rules.values.items()}
        conn.execute(sa.update(tables).where(tables.c.id == tid).values(rules=json.dumps(values, sort_keys=True)))


def downgrade() -> None:
    with op.batch_alter_table("yezi_tables") as batch:
        batch.drop_column("rules")
