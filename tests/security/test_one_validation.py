"""A create request is checked by its schema (`yezi.server.schemas.CreateTable`) and only there
(issue 25: `TableManager.create` checked it again by hand, and the two disagreed: a request that
did not reach the endpoint, a rematch's, was let through with a misspelt field or a string for a
boolean)."""

from __future__ import annotations

import asyncio

import pytest

from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate
from yezi.server.errors import TableError
from yezi.server.schemas import CreateTable, validate
from yezi.server.tables import TableManager

SEATS = [{"kind": "human"}] * 4


@pytest.fixture(scope="module")
def manager(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('valid') / 'v.db'}"
    engine = make_engine(url, "NORMAL")
    migrate(engine)
    m = TableManager(Store(engine, checkpoint_every=0), Settings(database_url=url))
    yield m
    m.close()


BAD = [  # (request, the code the endpoint answers)
    ({"game": "lukfu", "seats": [{"kind": "human", "acess": "open"}] * 4}, "bad-seats"),  # misspelt field
    ({"game": "lukfu", "listed": "no"}, "bad-request"),  # a string is not a boolean
    ({"game": "lukfu", "title": 7}, "bad-request"),
    ({"game": "lukfu", "num_deals": 2.0}, "bad-deals"),
    ({"game": "lukfu", "options": {"rounds": [1, 2]}}, "bad-options"),
    ({"game": "lukfu", "move_timer": 15.0}, "bad-timer"),
    ({"game": "lukfu", "seats": SEATS, "host_seat": True}, "bad-seats"),
    ({"game": "lukfu", "surprise": 1}, "bad-request"),
]


@pytest.mark.parametrize(("spec", "code"), BAD)
def test_create_refuses_what_the_schema_refuses_with_its_words(manager, spec, code):
    with pytest.raises(TableError) as want:
        validate(CreateTable, spec)
    before = len(manager.live)
    with pytest.raises(TableError) as got:
        asyncio.run(manager.create(spec))
    assert (got.value.code, got.value.message) == (want.value.code, want.value.message) and got.value.code == code
    assert len(manager.live) == before  # nothing was made


def test_a_checked_request_is_not_checked_again(manager, monkeypatch):
    req = validate(CreateTable, {"game": "lukfu", "seats": SEATS, "move_timer": 15, "listed": False})
    calls = []
    import yezi.server.tables as tables

    real = tables.validate
    monkeypatch.setattr(tables, "validate", lambda *a, **k: calls.append(a) or real(*a, **k))
    t, tokens = asyncio.run(manager.create(req))
    assert calls == [] and sorted(tokens) == [0, 1, 2, 3]
    assert (t.row.move_seconds, t.row.bank_seconds, t.row.listed) == (15, 60, False)
    t2, _ = asyncio.run(manager.create({"game": "lukfu", "seats": SEATS, "move_timer": 0, "time_bank": 30}))
    assert len(calls) == 1 and t2.row.bank_seconds == 0  # no timer, no bank
