"""Responses built once: what a request for the same thing would build again every time (a game's
drawings, the lobby's catalogue, the OpenAPI document, the guides, the client's files), built on
first use in a thread, kept, and served with a strong ETag and gzip / brotli bodies compressed once.

Why: `GET /api/games/tiengow/assets` built 1 MB on the event loop on every call (60 ms); a client
fetching it in a loop moved another player's ping from 0.8 ms to 38 ms (p50). Now the loop only
picks the bytes a client accepts; a stampede of first requests for one key waits for one build
(a shared future, whichever event loop asks), and a client that has the bytes gets a 304.

Only for what is a pure function of its key (and of the code): a key is never built from raw
request input, so the cache holds at most one entry per (thing, language, style) the app serves.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import os
import threading
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import orjson
from starlette.requests import Request
from starlette.responses import Response

try:  # optional: without it the bodies go out gzip-compressed (or as they are)
    import brotli
except ModuleNotFoundError:  # pragma: no cover - brotli is a dependency; a bare install may lack it
    brotli = None

#: under a versioned URL (the version names these very bytes): kept by browsers and proxies for a year
IMMUTABLE = "public, max-age=31536000, immutable"
#: under an unversioned URL: kept a minute, then checked again with the ETag (a 304 costs nothing)
SHORT = "public, max-age=60"
#: the pages and the client's own files: always checked with the ETag, so a new version shows at once
REVALIDATE = "no-cache"

#: bodies smaller than this go out as they are (compressing them saves less than the header costs)
MIN_COMPRESS = 512
#: bodies up to this size get brotli's best (and slowest) quality; larger ones a fast one
BROTLI_BEST_UP_TO = 128 * 1024


@dataclass(frozen=True)
class Built:
    """One response's bytes in each encoding, and its validator."""

    body: bytes
    media_type: str
    etag: str  # the quoted hash of `body`; the compressed forms carry it with -gz / -br
    gz: bytes | None = None
    br: bytes | None = None


def built(body: bytes, media_type: str, compress: bool = True) -> Built:
    """`body` with its ETag and compressed forms (none for what is compressed already, a zip):
    CPU work, done in `BuiltCache`'s thread."""
    digest = hashlib.sha256(body).hexdigest()[:32]
    gz = br = None
    if compress and len(body) >= MIN_COMPRESS:
        # level 6: 9 took 9 times longer on tiengow's 1 MB for a bigger body; mtime 0: the same bytes everywhere
        gz = gzip.compress(body, compresslevel=6, mtime=0)
        if brotli is not None:  # quality 11 is 50 times slower than 8 on 1 MB (7 s on a busy machine), for 12 %
            br = brotli.compress(body, quality=11 if len(body) <= BROTLI_BEST_UP_TO else 8)
    return Built(body, media_type, f'"{digest}"', gz, br)


def built_json(data: object) -> Built:
    return built(orjson.dumps(data), "application/json")


def built_html(html: str) -> Built:
    return built(html.encode("utf-8"), "text/html; charset=utf-8")


class BuiltCache:
    """key -> `Built`, each built at most once (unless its build failed: then the next request tries
    again), in a thread of its own so that the event loop never runs a build. `builds` counts the
    builds per key (the tests check that a stampede builds once)."""

    def __init__(self, threads: int = 2, max_entries: int | None = None):
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="yezi-built")
        self._futures: dict[Hashable, Future[Built]] = {}
        self._mutex = threading.Lock()
        self.builds: Counter[Hashable] = Counter()
        # a cache whose keys come from what the app holds (a finished deal as one seat saw it) and
        # not from a fixed list keeps the most recently asked `max_entries` (None: all)
        self.max_entries = max_entries

    def _evict(self) -> None:
        """Under the mutex: drop the least recently asked finished entries beyond `max_entries`."""
        if self.max_entries is None:
            return
        for key in [k for k, f in self._futures.items() if f.done()][: max(0, len(self._futures) - self.max_entries)]:
            del self._futures[key]
            self.builds.pop(key, None)

    def _run(self, key: Hashable, build: Callable[[], Built]) -> Built:
        self.builds[key] += 1
        return build()

    async def get(self, key: Hashable, build: Callable[[], Built]) -> Built:
        fut = self._futures.get(key)
        if fut is None or (fut.done() and fut.exception() is not None):
            with self._mutex:
                fut = self._futures.get(key)
                if fut is None or (fut.done() and fut.exception() is not None):
                    fut = self._pool.submit(self._run, key, build)
                    self._futures[key] = fut
                    self._evict()
        elif self.max_entries is not None:
            with self._mutex:  # asked again: the most recent now
                if self._futures.get(key) is fut:
                    self._futures[key] = self._futures.pop(key)
        if fut.done():
            return fut.result()
        return await asyncio.wrap_future(fut)


#: the app's one cache: every entry is a pure function of its key and the code, so one process shares it
CACHE = BuiltCache()


def _accepts(header: str) -> dict[str, float]:
    """Accept-Encoding as {coding: q}."""
    out: dict[str, float] = {}
    for part in header.lower().split(","):
        coding, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        if coding:
            out[coding.strip()] = q
    return out


def _encoding(header: str, b: Built) -> str | None:
    """The best coding of `b` the client accepts: brotli (smaller), then gzip, else none."""
    if not header or b.gz is None:
        return None
    acc = _accepts(header)
    star = acc.get("*", 0.0)
    for coding, have in (("br", b.br), ("gzip", b.gz)):
        if have is not None and acc.get(coding, star) > 0:
            return coding
    return None


def _etag_of(b: Built, coding: str | None) -> str:
    """Each encoding is its own representation, so each gets its own strong validator."""
    return b.etag if coding is None else f'{b.etag[:-1]}-{"gz" if coding == "gzip" else "br"}"'


def _matches(if_none_match: str, b: Built) -> bool:
    if if_none_match.strip() == "*":
        return True
    mine = {_etag_of(b, c) for c in (None, "gzip", "br")}
    return any(tag.strip().removeprefix("W/") in mine for tag in if_none_match.split(","))


def respond(request: Request, b: Built, cache_control: str, status_code: int = 200,
            headers: dict[str, str] | None = None) -> Response:
    """`b` in the encoding the request accepts, or a 304 when the request already holds it."""
    coding = _encoding(request.headers.get("accept-encoding", ""), b)
    out = {"Cache-Control": cache_control, "Vary": "Accept-Encoding", "ETag": _etag_of(b, coding), **(headers or {})}
    inm = request.headers.get("if-none-match")
    if inm is not None and status_code == 200 and _matches(inm, b):
        return Response(status_code=304, headers=out)
    body = b.body
    if coding is not None:
        out["Content-Encoding"] = coding
        body = b.br if coding == "br" else b.gz  # type: ignore[assignment]
    return Response(body, status_code=status_code, media_type=b.media_type, headers=out)


async def cached(request: Request, key: Hashable, build: Callable[[], Built], cache_control: str,
                 status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """The response for `key`, built once by `build` (in a thread) and served as `respond` does."""
    return respond(request, await CACHE.get(key, build), cache_control, status_code, headers)


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # yezi/
_SOURCES = (".py", ".po", ".toml", ".json", ".js", ".css", ".html", ".svg", ".md")


def _fingerprint() -> Built:
    """A hash of the package's sources (code, catalogs, rules, the client): what every built response
    is a function of, so that it names them all: a new version of any changes it (and the URLs that
    carry it), and two instances of the same code agree on it."""
    h = hashlib.sha256()
    for root, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(_SOURCES):
                path = os.path.join(root, f)
                h.update(os.path.relpath(path, _PACKAGE).encode() + b"\0")
                with open(path, "rb") as fh:
                    h.update(fh.read())
    return built(h.hexdigest()[:16].encode(), "text/plain")


async def code_version() -> str:
    """The version the client puts in the URLs of built responses (``?v=``): under it they are immutable."""
    return (await CACHE.get(("code-version",), _fingerprint)).body.decode()
