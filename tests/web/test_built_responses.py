"""Responses built once (`yezi.server.built`): a game's assets (tiengow's: 1 MB, 60 ms to build)
used to be built on the event loop on every request, so one client fetching them in a loop moved
another player's ping from 0.8 ms to 38 ms (p50). Now each is built once per (game, style,
language), off the loop, served with a strong ETag (a 304 for a client that has it) and gzip /
brotli bodies compressed once; the wall-clock test is in test_built_responses_load.py."""

from __future__ import annotations

import asyncio
import gzip

import brotli
import httpx
import pytest

import yezi.render.tiengow
from yezi.server import built
from yezi.server.app import create_app
from yezi.server.config import Settings

ASSETS = "/api/games/tiengow/assets?lang=en"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(built, "CACHE", built.BuiltCache())  # this test's builds only
    return create_app(Settings(database_url=f"sqlite:///{tmp_path}/built.db"))


def _client(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1")


async def _raw(c: httpx.AsyncClient, path: str, **headers: str) -> tuple[httpx.Response, bytes]:
    """The response and its body as it came (httpx would decode gzip and br)."""
    async with c.stream("GET", path, headers=headers) as r:
        return r, b"".join([chunk async for chunk in r.aiter_raw()])


def test_a_stampede_of_first_requests_builds_the_assets_once(app, monkeypatch):
    calls = []
    real = yezi.render.tiengow.assets

    def counted(*a, **kw):
        calls.append(a)
        return real(*a, **kw)

    monkeypatch.setattr(yezi.render.tiengow, "assets", counted)

    async def go():
        async with _client(app) as c:
            return await asyncio.gather(*[c.get(ASSETS) for _ in range(12)])

    rs = asyncio.run(go())
    assert {r.status_code for r in rs} == {200}
    assert len({r.content for r in rs}) == 1 and "actions" in rs[0].json()
    assert len(calls) == 1, f"built {len(calls)} times for 12 requests"
    assert built.CACHE.builds[("assets", "tiengow", None, "en")] == 1


def test_if_none_match_gets_a_304_and_every_encoding_decodes_to_the_same_bytes(app):
    async def go():
        async with _client(app) as c:
            plain, body = await _raw(c, ASSETS, **{"accept-encoding": "identity"})
            gz, gz_body = await _raw(c, ASSETS, **{"accept-encoding": "gzip"})
            br, br_body = await _raw(c, ASSETS, **{"accept-encoding": "gzip, br"})
            again = await c.get(ASSETS, headers={"if-none-match": br.headers["etag"], "accept-encoding": "br"})
            other = await c.get(ASSETS, headers={"if-none-match": '"not-this-one"'})
            return plain, body, gz, gz_body, br, br_body, again, other

    plain, body, gz, gz_body, br, br_body, again, other = asyncio.run(go())
    assert "content-encoding" not in plain.headers and plain.headers["etag"].startswith('"')
    assert gz.headers["content-encoding"] == "gzip" and gzip.decompress(gz_body) == body
    assert br.headers["content-encoding"] == "br" and brotli.decompress(br_body) == body
    assert len(br_body) < len(body) / 5
    assert {r.headers["vary"] for r in (plain, gz, br)} == {"Accept-Encoding"}
    assert len({plain.headers["etag"], gz.headers["etag"], br.headers["etag"]}) == 3  # one per representation
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == br.headers["etag"]
    assert other.status_code == 200 and other.content == body


def test_the_versioned_url_is_immutable_and_the_plain_one_is_kept_a_minute(app):
    async def go():
        async with _client(app) as c:
            version = (await c.get("/api/games")).json()["version"]
            return (await c.get(f"{ASSETS}&v={version}"), await c.get(ASSETS),
                    await c.get(f"{ASSETS}&v=stale"))

    versioned, plain, stale = asyncio.run(go())
    assert versioned.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert plain.headers["cache-control"] == stale.headers["cache-control"] == "public, max-age=60"
    assert versioned.content == plain.content == stale.content


@pytest.mark.parametrize("path", ["/static/app.js", "/static/app.css", "/api/openapi.json", "/api/glossary?lang=en",
                                  "/api/games", "/rules/lukfu?lang=en", "/learn/lukfu?lang=en", "/"])
def test_every_large_response_is_built_once_with_its_etag_and_compressed(app, path):
    async def go():
        async with _client(app) as c:
            first, body = await _raw(c, path, **{"accept-encoding": "gzip"})
            builds = sum(built.CACHE.builds.values())
            again = await c.get(path, headers={"if-none-match": first.headers.get("etag", '"none"')})
            assert (await c.get(path)).status_code == 200
            assert sum(built.CACHE.builds.values()) == builds >= 1  # served again, not built again
            return first, body, again

    first, body, again = asyncio.run(go())
    assert first.status_code == 200 and "etag" in first.headers
    if len(body) > 400 or first.headers.get("content-encoding"):
        assert first.headers["content-encoding"] == "gzip"
    assert again.status_code == 304


def test_a_bounded_cache_keeps_the_most_recently_asked():
    """The finished deals' records (`routes/replay.py` SEEN) are keyed by what the app holds, not by a
    fixed list: the cache keeps the `max_entries` most recently asked and builds an evicted one again."""
    cache = built.BuiltCache(threads=1, max_entries=2)

    def make(key: str):
        return lambda: built.built(key.encode(), "text/plain")

    async def ask(*keys: str) -> None:
        for k in keys:
            assert (await cache.get(k, make(k))).body == k.encode()

    asyncio.run(ask("a", "b", "a", "c"))  # "a" asked again after "b": "b" is the least recent
    assert set(cache._futures) == {"a", "c"}
    asyncio.run(ask("a", "b"))
    assert set(cache._futures) == {"a", "b"} and cache.builds["b"] == 1  # (counted anew when built again)
