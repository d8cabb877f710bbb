"""What the table code and the modules around it share without importing the tables: the error a
request gets when a table refuses it, and how numbers go into JSON.

They live here rather than in `yezi.server.tables` so that the request schemas, replays of uploaded
records (run in worker processes) and frame encoding can use them without importing the tables
module, which imports them (an import circle otherwise: tables -> workers -> jobs -> replays ->
schemas -> tables).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


class TableError(Exception):
    """A request the table refuses; `code` is stable for clients, `message` says why (in English, for
    developers). A player reads the text of the code from the errors table of yezi/web/i18n.js, in the
    page's language, or the refusal's own translations (``messages``) where it carries them: a new code
    a page can meet needs a text there (tests/i18n/test_error_codes.py finds the codes sent here)."""

    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def message_for(self, lang: str) -> str:
        """The message in `lang` where the refusal carries translations (``messages``), else `message`."""
        return (self.extra.get("messages") or {}).get(lang, self.message)


def json_num(x: Any) -> Any:
    """A payment or total for JSON: whole numbers as ints, fractions as "p/q" text."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else str(x)
    return x
