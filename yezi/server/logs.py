"""Logging for `yezi serve`: no secret in any line, and no flood of identical lines.

* `Redact` removes query strings from every logged path (uvicorn's access log writes
  ``GET /t/<id>?token=… 200`` and ``"WebSocket /ws/<id>?token=…" [accepted]``; a seat secret in a
  log is a seat given away) and masks seat cookies and bearer tokens where a debug line shows
  headers.
* `Dedupe` lets the first of a run of identical messages through and then counts the repeats,
  writing one line with the count when the run has lasted `window` seconds (issue 11: 159,570
  "Too many open files" tracebacks, 64 MB, in 20 s).

`log_config(level)` is uvicorn's logging configuration with both filters on every handler,
the root logger included (asyncio's and the app's own messages).
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

_QUERY = re.compile(r"(/[^\s\"'?#]*)\?[^\s\"']*")
_SECRET = re.compile(r"((?:yz_s\d+|yezi_session|token|invite|seat|verify|reset)=)[A-Za-z0-9_\-.~%]{8,}", re.I)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9_\-.~%]+", re.I)


def redact(text: str) -> str:
    """A log text with query strings dropped and anything shaped like a seat secret masked."""
    text = _QUERY.sub(r"\1?…", text)
    text = _SECRET.sub(r"\1…", text)
    return _BEARER.sub(r"\1…", text)


def _redact_arg(a: Any) -> Any:
    if isinstance(a, str):
        return redact(a)
    if isinstance(a, bytes):
        return redact(a.decode("latin-1")).encode("latin-1")
    if isinstance(a, list | tuple):
        return type(a)(_redact_arg(x) for x in a)
    if isinstance(a, dict):
        return {k: _redact_arg(v) for k, v in a.items()}
    return a


class Redact(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.args:
            record.args = _redact_arg(record.args) if not isinstance(record.args, dict) else {
                k: _redact_arg(v) for k, v in record.args.items()}
        return True


class Dedupe(logging.Filter):
    """Identical records (same logger, level, text - for warnings and errors, numbers aside -,
    exception type and errno) within `window` seconds:
    the first is written, the rest are counted; the next one written after the window carries
    the count ("… [repeated 1,234 times in 60 s]"). Memory stays bounded by `max_keys`."""

    def __init__(self, name: str = "", window: float = 60.0, max_keys: int = 1024):
        super().__init__(name)
        self.window = window
        self.max_keys = max_keys
        self._seen: dict[tuple, list[float]] = {}  # key -> [first time of the window, suppressed count]

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        try:
            text = record.getMessage()
        except Exception:  # a malformed record: let logging report it
            return True
        if record.levelno >= logging.WARNING:  # the same failure with other numbers (fds, timers, ports)
            text = _NUMBER.sub("#", text)
        key = (record.name, record.levelno, text, exc, _errno(record))
        now = time.monotonic()
        seen = self._seen.get(key)
        if seen is None or now - seen[0] >= self.window:
            if seen is not None and seen[1]:
                record.msg = f"{record.msg} [repeated {int(seen[1]):,} times in the last {now - seen[0]:.0f} s]"
            if len(self._seen) >= self.max_keys:
                self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.window}
                if len(self._seen) >= self.max_keys:
                    self._seen.clear()
            self._seen[key] = [now, 0]
            return True
        seen[1] += 1
        return False


def _errno(record: logging.LogRecord) -> Any:
    if record.exc_info and record.exc_info[1] is not None:
        return getattr(record.exc_info[1], "errno", None)
    return None


def log_config(level: str = "info", dedupe_window: float = 60.0) -> dict[str, Any]:
    """uvicorn's default logging configuration plus the two filters (and a root handler)."""
    from uvicorn.config import LOGGING_CONFIG

    filters = {"redact": {"()": "yezi.server.logs.Redact"},
               "dedupe": {"()": "yezi.server.logs.Dedupe", "window": dedupe_window}}
    handlers = {name: {**h, "filters": ["redact", "dedupe"]} for name, h in LOGGING_CONFIG["handlers"].items()}
    loggers = {name: dict(cfg) for name, cfg in LOGGING_CONFIG["loggers"].items()}
    return {
        **LOGGING_CONFIG,
        "filters": filters,
        "handlers": handlers,
        "loggers": loggers,
        "root": {"handlers": ["default"], "level": level.upper() if level.lower() != "trace" else "DEBUG"},
    }
