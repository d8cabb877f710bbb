"""Signed-in clients for the accounts' tests: a user made in the app's database and its session
cookie on a Starlette TestClient (the sign-up pages are tested on their own)."""

from __future__ import annotations

from starlette.testclient import TestClient

from yezi.server.accounts import identity


def sign_in(client: TestClient, name: str) -> identity.User:
    """Make the user `name` and put a session cookie for it on `client`."""
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    user = identity.create_user(engine, name)
    client.cookies.set(identity.SESSION_COOKIE, identity.open_session(engine, user.id, "test"))
    return user
