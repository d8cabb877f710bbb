"""Schemathesis drives every operation of GET /api/openapi.json with generated requests, valid
(positive) and schema-violating (negative): no response may be a 5xx."""

from __future__ import annotations

import os

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402

# per operation and mode: the default run tries 10 (the API has some 90 operations now: about a minute
# on a slow machine); the slow run (`YEZI_SLOW=1 bash .ci/run`) tries 60
EXAMPLES = 60 if os.environ.get("YEZI_SLOW") == "1" else 10


@pytest.fixture(scope="module")
def api_schema(server):
    schema = schemathesis.openapi.from_url(server.base + "/api/openapi.json")
    schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
                                    max_examples=EXAMPLES, deterministic=True)
    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    case.call_and_validate(checks=[not_a_server_error], timeout=10)
