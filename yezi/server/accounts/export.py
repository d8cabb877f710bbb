"""Everything the server keeps about a person, as named sections: what "export my data" gives and
what "delete my account" removes.

Each part of the accounts registers its own section (`register`): an export function (the user's
rows as JSON-able data, never a secret: no password hash, no session or seat credential) and, where
it keeps rows of its own, an erase function run when the account is deleted. So ratings, clubs or
passkeys add theirs beside the profile's and the friends', and the export stays complete without
this module knowing them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine

Exporter = Callable[[Engine, str], Any]
Eraser = Callable[[Engine, str], None]


@dataclass(frozen=True)
class Section:
    name: str
    export: Exporter
    erase: Eraser | None = None


SECTIONS: dict[str, Section] = {}


def register(name: str, export: Exporter, erase: Eraser | None = None) -> None:
    """Add (or replace: a module imported again) the section `name`."""
    SECTIONS[name] = Section(name, export, erase)


def export_user(engine: Engine, user_id: str) -> dict[str, Any]:
    """Every section's data about the user, in registration order."""
    return {name: s.export(engine, user_id) for name, s in SECTIONS.items()}


def erase_user(engine: Engine, user_id: str) -> None:
    """Every section's rows about the user removed (each section decides what stays anonymised)."""
    for s in SECTIONS.values():
        if s.erase is not None:
            s.erase(engine, user_id)
