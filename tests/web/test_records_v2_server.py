"""Records format 2 at the server (issue 25 item 4): a served table keeps its resolved ruleset
(every option's value) and plays it, so a default changed later does not change its games;
migration 0005 fills it for the tables made before, from the rules in force when they were made;
an uploaded record with a forged [Result] is refused, naming the difference."""

from __future__ import annotations

import asyncio
import dataclasses
import json

from sqlalchemy import text

from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate, migration_head
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
            assert c.execute(text("select version_num from alembic_version")).scalar() == migration_head()
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
            t, _ = await m.create({"game": "paigow", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3, "listed": False})
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


def test_an_uploaded_record_with_a_forged_result_is_refused_naming_it():
    import random

    from yezi.core.record import Record
    from yezi.server.replays import replay_record

    game = load_game("dingniu")
    state, rng = game.start(seed=5), random.Random(5)
    while state.current_player is not None:
        state.apply(rng.choice(state.legal_actions()))
    rec = Record.from_state(state, seed=5)
    text = rec.to_text("en")
    status, body = replay_record(text, "all", ("dingniu",))
    assert status == 200 and body["frames"][-1]["payments"] == list(state.payments())
    p = state.payments()[1]
    right = f"{game.seat_name(1, 'en')} {'+' if p > 0 else ''}{p}"
    forged = text.replace(right + ",", f"{game.seat_name(1, 'en')} +{abs(p) + 7},", 1)
    assert forged != text
    status, body = replay_record(forged, "all", ("dingniu",))
    assert status == 400 and body["error"] == "bad-record"
    assert f"{game.seat_name(1, 'en')} is +{abs(p) + 7} in [Result]" in body["message"]
    # the JSON form carries the pinned rules, and the upload's envelope accepts them
    status, body = replay_record(rec.to_json(), "all", ("dingniu",))
    assert status == 200


def test_yezi_record_prints_a_tables_finished_deals_in_one_file(tmp_path, monkeypatch, capsys):
    import time

    from yezi.cli.record import full_records, main
    from yezi.core.record import read_records

    url = f"sqlite:///{tmp_path}/match.db"
    engine = make_engine(url)
    migrate(engine)

    async def go() -> tuple[str, list]:
        m = TableManager(Store(engine), Settings(database_url=url, bot_delay=0.0, next_deal_delay=0.0))
        try:
            t, _ = await m.create({"game": "paigow", "num_deals": 2, "listed": False, "seats": [{"kind": "bot"}] * 4})
            t.kick()
            end = time.monotonic() + 60
            while not t.match_over:
                assert time.monotonic() < end, "the bots did not finish the match"
                await asyncio.sleep(0.01)
            return t.id, [list(d.state.payments()) for d in t.deals]
        finally:
            m.close()
            m.store.close()

    tid, paid = asyncio.run(go())
    _changed_default(monkeypatch, "paigow", "supreme_wild", False)  # after the games: they keep their rules
    recs = full_records(url, tid)
    assert [r.replay().payments() for r in recs] == paid and all(r.rules["supreme_wild"] is True for r in recs)
    assert main([tid, "--database-url", url, "--lang", "en"]) == 0
    back = read_records(capsys.readouterr().out)
    assert [r.actions for r in back] == [r.actions for r in recs] and [r.tags["Round"] for r in back] == ["1", "2"]
    assert [r.replay().payments() for r in back] == paid
