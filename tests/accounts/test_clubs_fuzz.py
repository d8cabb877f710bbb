"""The clubs' operations fuzzed by schemathesis as a signed-in owner of a real club (the guest's run,
tests/security/test_fuzz_http.py, meets their 401 only): generated bodies, valid and not, at the
club's own paths and its table's; no answer may be a 5xx."""

from __future__ import annotations

import zlib

import httpx
import pytest

from yezi.server.accounts import identity
from yezi.server.db import make_engine

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402

EXAMPLES = 20  # per operation and mode: the clubs' 15 operations


@pytest.fixture(scope="module")
def owner(web):
    """A signed-in owner's cookie, their club with a standing table, and a table opened from it."""
    engine = make_engine(web.database_url)
    try:
        user = identity.create_user(engine, "Fuzz owner")
        secret = identity.open_session(engine, user.id, "fuzz")
    finally:
        engine.dispose()
    c = httpx.Client(base_url=web.base, cookies={identity.SESSION_COOKIE: secret}, timeout=20)
    cid = c.post("/api/clubs", json={"name": "Fuzzers"}).json()["id"]
    assert c.post(f"/api/clubs/{cid}/standing", json={"game": "paigow", "num_deals": 1}).status_code == 200
    tid = c.post(f"/api/clubs/{cid}/open").json()["table"]
    c.close()
    return {"cookie": f"{identity.SESSION_COOKIE}={secret}", "cid": cid, "tid": tid}


@pytest.fixture(scope="module")
def club_schema(web):
    schema = schemathesis.openapi.from_url(web.base + "/api/openapi.json")
    schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                    max_examples=EXAMPLES, deterministic=True)
    return schema


schema = schemathesis.pytest.from_fixture("club_schema")


@pytest.mark.slow  # about a minute; the guest's run over every operation is in the default run
@schema.include(path_regex="^/api/clubs").parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors_for_a_signed_in_owner(case, owner):
    # the real club and table for every other case, generated ids for the rest (the last owner cannot
    # leave or step down: the club stays for the next cases)
    if "cid" in case.path_parameters and zlib.crc32(repr(case.body).encode()) % 2 == 0:
        case.path_parameters["cid"] = owner["cid"]
        if "tid" in case.path_parameters:
            case.path_parameters["tid"] = owner["tid"]
    case.call_and_validate(checks=[not_a_server_error], headers={"Cookie": owner["cookie"]}, timeout=10)
