"""The hostile checks on the profile, friends, invitations and my-data endpoints (issue 22):
schemathesis drives them signed in (the anonymous fuzz of test_fuzz_http.py meets only their 401),
no answer is a 5xx; a loop of requests meets the one per-minute limit; nothing they log holds a
session's secret."""

from __future__ import annotations

import httpx
import pytest

from yezi.server.accounts import identity
from yezi.server.db import make_engine

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402

EXAMPLES = 15
SOCIAL = r"^/(api/me/|api/users/|t/\{tid\}/invite-friend)"


def _session(srv, name: str) -> str:
    engine = make_engine(srv.database_url)
    try:
        user = identity.create_user(engine, name)
        return identity.open_session(engine, user.id, "fuzz")
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def signed_in(server):
    secret = _session(server, "Fuzzer")
    httpx.post(server.base + "/api/me/profile", json={"bio": "hi"}, cookies={identity.SESSION_COOKIE: secret},
               timeout=10).raise_for_status()
    return server, secret


@pytest.fixture(scope="module")
def api_schema(signed_in):
    server, _ = signed_in
    schema = schemathesis.openapi.from_url(server.base + "/api/openapi.json")
    schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                    max_examples=EXAMPLES, deterministic=True)
    return schema


schema = schemathesis.pytest.from_fixture("api_schema").include(path_regex=SOCIAL)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors_signed_in(case, signed_in):
    server, secret = signed_in
    if case.path == "/api/me/delete":  # the fuzzer's account must outlive the run
        case.body = {"confirm": "not my name"} if isinstance(case.body, dict) else case.body
    case.call_and_validate(checks=[not_a_server_error], timeout=10,
                           headers={"Cookie": f"{identity.SESSION_COOKIE}={secret}"})
    assert secret not in server.log()


def test_a_loop_of_friend_requests_meets_the_limit(own_server):
    srv = own_server(YEZI_CREATE_PER_MINUTE="5")
    secret = _session(srv, "Looper")
    _session(srv, "Target")
    codes = [httpx.post(srv.base + "/api/me/friends/ask", json={"name": "Target"}, timeout=10,
                        cookies={identity.SESSION_COOKIE: secret}).status_code for _ in range(12)]
    assert codes[0] == 200 and codes.count(429) >= 6, codes
    assert httpx.get(srv.base + "/api/users/Target", timeout=10).status_code in (200, 429)
    assert secret not in srv.log()
