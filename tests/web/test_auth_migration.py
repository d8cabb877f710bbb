"""Migration 0007 (password recovery: codes and mailed tokens) on SQLite and PostgreSQL: a database
at 0006 gains both tables, and the app's model of them is what the migration made."""

from __future__ import annotations

from sqlalchemy import inspect

from yezi.server.accounts.auth_model import email_tokens_t, recovery_codes_t
from yezi.server.db import make_engine, migrate


def test_0007_adds_the_recovery_tables(db_url_factory, db_kind):
    e = make_engine(db_url_factory(db_kind))
    try:
        migrate(e, "0006")
        assert "yezi_recovery_codes" not in inspect(e).get_table_names()
        migrate(e, "0007")
        migrate(e)
        insp = inspect(e)
        for t in (recovery_codes_t, email_tokens_t):
            assert {c["name"] for c in insp.get_columns(t.name)} == {c.name for c in t.columns}, t.name
            assert {i["name"] for i in insp.get_indexes(t.name)} >= {i.name for i in t.indexes}, t.name
    finally:
        e.dispose()
