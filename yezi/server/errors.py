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



#: The HTTP status of each refusal code of the routes that share one table (tournaments, notices, the
#: club's and friends' chat, quick match); 400 for a code not listed. The older routes (clubs, social,
#: passkeys, after the match) keep their own tables, which disagree on a few codes (`seat-taken` is a
#: 409 at a club's table and a 400 for a friend's invitation); merging them is left to a change of its own.
REFUSAL_STATUS: dict[str, int] = {
    "not-signed-in": 401,
    "not-member": 403, "not-friends": 403, "not-tournament-organiser": 403, "quick-sign-in": 403,
    "not-organiser": 403,
    "no-club": 404, "no-message": 404, "no-tournament": 404, "no-ticket": 404, "no-table": 404,
    "tournament-started": 409, "tournament-over": 409, "already-entered": 409, "not-entered": 409,
    "tournament-full": 409, "too-few-players": 409, "quick-forming": 409, "seat-reissued": 409,
    "rate-limited": 429, "quick-too-many": 429,
    "full": 503, "quick-full": 503,
}
