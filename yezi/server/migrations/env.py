"""Alembic environment: runs on the connection the server hands it (see yezi.server.db.migrate)."""

from alembic import context

from yezi.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # `alembic -x url=...` from a shell
    from yezi.server.config import Settings
    from yezi.server.db import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or Settings().database_url
    engine = make_engine(url)
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
