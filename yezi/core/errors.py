"""Errors with enough structure for every client to answer bad input clearly."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class YeziError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(YeziError):
    """An action that the rules forbid in this state.

    `rule` is a short stable identifier of the rule broken (for example ``"must-beat"``), so
    clients can link it; the message says what was wrong in plain words. `message` is the English
    text; `text(lang)` the same message in the reader's language when it was built as a
    `yezi.i18n.Msg` (engines do that, so a zh-hans player reads the refusal in simplified characters).
    The state that raised it is guaranteed unchanged.
    """

    def __init__(self, rule: str, message: Any, legal: list[str] | None = None):
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.msg = message
        self.message = str(message)
        self.legal = legal or []

    def text(self, lang: str) -> str:
        """The message in `lang` (the English text where it was not built as a translatable message)."""
        render = getattr(self.msg, "render", None)
        return render(lang) if render is not None else self.message


class NotationError(YeziError):
    """Text that does not parse as an action, card or record; says what was expected."""


class ReadableError(YeziError):
    """An error whose message may be built to be read in any language (a `yezi.i18n.Msg` or a
    per-language mapping, as the option table's refusals are): ``str(e)`` is the English text,
    `text(lang)` the reader's."""

    def __init__(self, message: Any = ""):
        self.msg = message
        super().__init__(message["en"] if isinstance(message, Mapping) else str(message))

    def text(self, lang: str) -> str:
        """The message in `lang` (the English text where it was not built to be translated)."""
        from yezi.i18n import render

        out = render(self.msg, lang)
        return out if isinstance(out, str) else str(self)


class OptionError(ReadableError):
    """An unknown option, an unknown value or an unknown preset (readable in any language)."""


class RecordError(ReadableError):
    """A record that cannot be read or does not replay (readable in any language where it was built so)."""
