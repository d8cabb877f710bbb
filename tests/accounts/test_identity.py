"""A session cookie names its user until revoked; names collide by their folded form; the database
keeps no session secret."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from yezi.server.accounts import identity
from yezi.server.accounts.model import sessions_t
from yezi.server.db import make_engine, migrate


@pytest.fixture
def engine(tmp_path):
    e = make_engine(f"sqlite:///{tmp_path}/a.db")
    migrate(e)
    yield e
    e.dispose()


def test_a_session_names_its_user_until_revoked(engine):
    ann = identity.create_user(engine, "Ann")
    secret = identity.open_session(engine, ann.id, "phone")
    assert identity.user_of_session(engine, secret) == ann
    assert identity.user_of_session(engine, secret + "x") is None
    with engine.connect() as c:
        stored = c.execute(select(sessions_t.c.id_hash)).scalars().all()
    assert stored and secret not in stored
    identity.revoke_session(engine, secret)
    assert identity.user_of_session(engine, secret) is None


def test_names_are_one_by_their_folded_form(engine):
    identity.create_user(engine, "Ann")
    with pytest.raises(IntegrityError):
        identity.create_user(engine, "ＡＮＮ")
    assert identity.user_by_name(engine, "ann").name == "Ann"
