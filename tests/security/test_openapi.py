"""The OpenAPI document covers every HTTP route of the app and declares the body limits it enforces."""

from __future__ import annotations

import httpx
from starlette.routing import Route

from tests.web.helpers import Server
from yezi.server.routes import all_routes


def test_every_api_route_is_documented(server: Server):
    doc = server.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for route in all_routes():
        if isinstance(route, Route) and route.path.startswith("/api/"):
            for method in route.methods - {"HEAD"}:
                assert method.lower() in doc["paths"].get(route.path, {}), (method, route.path)
    create = doc["components"]["schemas"]["CreateTable"]
    assert create["additionalProperties"] is False
    assert create["properties"]["listed"]["type"] == "boolean"


def test_replay_upload_size_is_declared_and_enforced(server: Server):
    doc = server.get("/api/openapi.json").json()
    limit = doc["paths"]["/api/replay"]["post"]["requestBody"]["content"]["text/plain"]["schema"]["maxLength"]
    r = httpx.post(server.base + "/api/replay", content=b"x" * (limit + 1), timeout=10,
                   headers={"Content-Type": "text/plain"})
    assert r.status_code == 413 and r.json()["error"] == "too-large"
