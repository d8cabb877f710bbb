"""Everything the server keeps about a person, as named sections: what "export my data" gives and
what "delete my account" removes.

Each part of the accounts registers its own section (`register`): an export function (the user's
rows as JSON-able data, never a secret: no password hash, no session or seat credential) and, where
it keeps rows of its own, an erase function run when the account is deleted. So ratings, clubs or
passkeys add theirs beside the profile's and the friends', and the export stays complete without
this module knowing them.

A section also says which columns holding a user's id it answers for (`covers`: table and column),
and which of those tables keep their rows after the deletion (`keeps`: linked to the user row, which
stays as "a deleted player", with every name and address in them anonymised). A test walks every
table of the metadata and fails on a column holding a user's id that no section covers, so a new
table cannot be forgotten. `MODULES` are imported before any export or erasure, so a section is
there however the app was started.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine

Exporter = Callable[[Engine, str], Any]
Eraser = Callable[[Engine, str], None]


#: every module that registers a section (in this order: a later eraser may read what an earlier kept)
MODULES = (
    "yezi.server.accounts.social",
    "yezi.server.accounts.ratings",
    "yezi.server.accounts.auth",
    "yezi.server.accounts.passkeys",
    "yezi.server.accounts.clubs",
    "yezi.server.accounts.talk",
    "yezi.server.accounts.userdata",
)


@dataclass(frozen=True)
class Section:
    name: str
    export: Exporter
    erase: Eraser | None = None
    covers: tuple[tuple[str, str], ...] = ()  # (table, column) holding a user's id
    keeps: tuple[str, ...] = ()  # of those tables, the ones whose rows stay, anonymised


SECTIONS: dict[str, Section] = {}


def register(name: str, export: Exporter, erase: Eraser | None = None,
             covers: tuple[tuple[str, str], ...] = (), keeps: tuple[str, ...] = ()) -> None:
    """Add (or replace: a module imported again) the section `name`."""
    SECTIONS[name] = Section(name, export, erase, covers, keeps)


def sections() -> dict[str, Section]:
    """Every section, each registering module imported first."""
    for m in MODULES:
        importlib.import_module(m)
    return SECTIONS


def export_user(engine: Engine, user_id: str) -> dict[str, Any]:
    """Every section's data about the user, in registration order."""
    return {name: s.export(engine, user_id) for name, s in sections().items()}


def erase_user(engine: Engine, user_id: str) -> None:
    """Every section's rows about the user removed (each section decides what stays anonymised)."""
    for s in sections().values():
        if s.erase is not None:
            s.erase(engine, user_id)
