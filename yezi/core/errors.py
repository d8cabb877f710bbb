"""Errors with enough structure for every client to answer bad input clearly."""

from __future__ import annotations


class YeziError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(YeziError):
    """An action that the rules forbid in this state.

    `rule` is a short stable identifier of the rule broken (for example ``"must-beat"``), so
    clients can localise or link it; the message says what was wrong in plain words.
    The state that raised it is guaranteed unchanged.
    """

    def __init__(self, rule: str, message: str, legal: list[str] | None = None):
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message
        self.legal = legal or []


class NotationError(YeziError):
    """Text that does not parse as an action, card or record; says what was expected."""


class OptionError(YeziError):
    """An unknown option, an unknown value or an unknown preset."""


class RecordError(YeziError):
    """A record that cannot be read or does not replay."""
