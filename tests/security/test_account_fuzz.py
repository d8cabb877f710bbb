"""schemathesis signed in over the account's own endpoints (issue 22 audit): /api/account/*
(devices, recovery codes, address and its verification, games, awaiting, passkeys listed and
removed) and the passkey ceremony /api/passkeys/add/*, which the anonymous fuzz meets only as 401.
No answer is a 5xx and no log line holds the session's secret. Each case gets a fresh session of
the one fuzzing account (a case that signs out or revokes devices ends only its own). A short run
by default; a longer one in the slow set."""

from __future__ import annotations

import pytest

from yezi.server.accounts import identity
from yezi.server.db import make_engine

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402

SHORT, LONG = 3, 25
ACCOUNT = r"^/api/(account|passkeys/add)"


@pytest.fixture(scope="module")
def fuzzer(server):
    engine = make_engine(server.database_url)
    user = identity.create_user(engine, "Account fuzzer")
    yield server, engine, user
    engine.dispose()


def _schema(server, examples: int):
    schema = schemathesis.openapi.from_url(server.base + "/api/openapi.json")
    schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                    max_examples=examples, deterministic=True)
    return schema


@pytest.fixture(scope="module")
def short_schema(fuzzer):
    return _schema(fuzzer[0], SHORT)


@pytest.fixture(scope="module")
def long_schema(fuzzer):
    return _schema(fuzzer[0], LONG)


def _call(case, fuzzer) -> None:
    server, engine, user = fuzzer
    secret = identity.open_session(engine, user.id, "fuzz")
    case.call_and_validate(checks=[not_a_server_error], timeout=20,
                           headers={"Cookie": f"{identity.SESSION_COOKIE}={secret}"})
    assert secret not in server.log()


short = schemathesis.pytest.from_fixture("short_schema").include(path_regex=ACCOUNT)
long = schemathesis.pytest.from_fixture("long_schema").include(path_regex=ACCOUNT)


@short.parametrize()
@settings(max_examples=SHORT, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
def test_account_endpoints_signed_in_no_server_error(case, fuzzer):
    _call(case, fuzzer)


@pytest.mark.slow
@long.parametrize()
@settings(max_examples=LONG, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
def test_account_endpoints_signed_in_no_server_error_long(case, fuzzer):
    _call(case, fuzzer)
