"""A served table keeps its resolved ruleset (every option's value) and plays it, so a default
changed later does not change its games; migration 0005 fills it for the tables made before, from
the rules in force when they were made (issue 25 item 4)."""

from __future__ import annotations

import asyncio
import dataclasses
import json

from sqlalchemy import text

from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate
from yezi.server.tables import TableManager, game_of


def _changed_default(monkeypatch, game: str, option: str, value) -> None:
    table = load_game(game).option_table()
    monkeypatch.setitem(table.options, option, dataclasses.replace(table.options[option], default=value))


def test_migration_fills_the_rules_of_older_tables_and_they_keep_them(db_url_factory, db_kind, monkeypatch):
    e = make_engine(db_url_factory(db_kind))
    migrate(e, "0004")
    with e.begin() as c:
        for tid, game, preset, options in (("old", "paigow", "casino", "{}"),
                                           ("opts", "lukfu", "hakka-hk", '{"laosui": "visible"}'),
                                           ("gone", "lukfu", "no-such-preset", "{}")):
            c.execute(text("insert into yezi_tables (id, game, preset, options, num_deals, seed, title, listed, "
                           "status, created_at) values (:id, :g, :p, :o, 1, 7, '', true, 'playing', 0)"),
                      {"id": tid, "g": game, "p": preset, "o": options})
    migrate(e)
    store = Store(e, checkpoint_every=0)
    try:
        old, opts, gone = (store.table(t) for t in ("old", "opts", "gone"))
        assert old.rules == json.loads(json.dumps(dict(load_game("paigow", "casino").rules.values)))
        assert opts.rules["laosui"] == "visible" and opts.rules == dict(load_game("lukfu", "hakka-hk",
                                                                                {"laosui": "visible"}).rules.values)
        assert gone.rules is None  # did not load then: resolved as before when loaded
        # a default changed after the migration: the stored tables play what they stored
        _changed_default(monkeypatch, "paigow", "supreme_wild", not old.rules["supreme_wild"])
        assert game_of(old).rules["supreme_wild"] == old.rules["supreme_wild"]
        assert load_game("paigow", "casino").rules["supreme_wild"] != old.rules["supreme_wild"]
        with e.connect() as c:
            assert c.execute(text("select version_num from alembic_version")).scalar() == "0005"
    finally:
        store.close()
        e.dispose()


def test_a_new_table_stores_its_rules_and_is_reloaded_with_them(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path}/rules.db"
    engine = make_engine(url)
    migrate(engine)

    async def go():
        m = TableManager(Store(engine), Settings(database_url=url))
        try:
            t, _ = m.create({"game": "paigow", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3, "listed": False})
            stored = m.store.table(t.id).rules
            assert stored == dict(t.game.rules.values) and stored["supreme_wild"] is True
            _changed_default(monkeypatch, "paigow", "supreme_wild", False)
            again = m._load(t.id)
            assert again is not None and again.game.rules["supreme_wild"] is True
            assert again.spec[2]["supreme_wild"] is True  # the workers' game too (bots, hints, replays)
            assert load_game(*again.spec).rules["supreme_wild"] is True
        finally:
            m.close()
            m.store.close()

    asyncio.run(go())
