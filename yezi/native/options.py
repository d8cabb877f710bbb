"""The native engines' option tables: how a ruleset becomes the integers a Rust module reads.

Options cross the C ABI as a position-ordered array of ``int64``. Each wrapper used to build it by
hand, indexing the options it knew; an option added later was then silently played by the
default rules (issue 25: one Python-only 打天九 option made 5 of 5 games pay differently natively
while every test passed). Now each game declares, in ``native.toml`` beside its ``options.toml``,
every slot of the array and the code of every option value, and `NativeTable.encode` walks the
ruleset: an option no slot reads, unless the table declares it as acting only between deals or
only on text, is refused with `Unsupported`, so every consumer plays that ruleset on the Python
reference engine instead of the wrong rules.

The file (docs/native.md, "Option tables")::

    between_deals = ["next_banker"]   # read only between deals (yezi.core.match): never sent
    text_only = ["names"]             # change only words: never sent
    slots = [                         # in the order the Rust module reads them
      { option = "mixed", codes = { all = 0, pairs = 1, none = 2 } },
      { option = "two_pairs", codes = { false = 0, true = 1 } },
      { name = "two_ends", code = 0 },                       # a constant of this game
      { name = "over", options = ["players", "cap"], codes = { "2,1000" = 1000, "3,700" = 700 } },
    ]

A value is written as ``-o`` reads it in TOML keys: ``true`` / ``false`` for a switch, the number
or the word otherwise; several options of one slot are joined by commas. A value a slot does not
list is `Unsupported` too (the native engine does not implement it).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FILE = "native.toml"


class Unsupported(Exception):
    """The ruleset uses an option or an option value the native engine does not implement (yet)."""


def value_key(value: Any) -> str:
    """An option value as a table's key names it: ``true`` / ``false``, ``3``, ``hand-first``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Slot:
    """One integer of the option array: a constant, or the code of one or more options' values."""

    name: str
    options: tuple[str, ...]
    codes: Mapping[str, int]  # value keys (comma-joined for several options) -> code
    code: int | None = None  # a constant slot's code

    def encode(self, game: str, rules: Mapping[str, Any]) -> int:
        if not self.options:
            assert self.code is not None
            return self.code
        key = ",".join(value_key(rules[o]) for o in self.options)
        if key not in self.codes:
            shown = ", ".join(f"{o}={rules[o]!r}" for o in self.options)
            raise Unsupported(f"{game}: the native engine does not implement {shown}")
        return self.codes[key]


@dataclass(frozen=True)
class NativeTable:
    """A game's option table for its native engine (`FILE` beside its ``options.toml``)."""

    game: str
    slots: tuple[Slot, ...]
    between_deals: frozenset[str]
    text_only: frozenset[str]

    @property
    def encoded(self) -> frozenset[str]:
        """The options some slot reads."""
        return frozenset(o for s in self.slots for o in s.options)

    @property
    def accepted(self) -> frozenset[str]:
        """Every option a ruleset may hold and still run natively."""
        return self.encoded | self.between_deals | self.text_only

    def encode(self, rules: Mapping[str, Any]) -> list[int]:
        """The ruleset as the option array; `Unsupported` for an option or value the table lacks."""
        unknown = sorted(set(rules) - self.accepted)
        if unknown:
            raise Unsupported(f"{self.game}: no native encoding for option {', '.join(unknown)} (the Python "
                              f"engine plays it; add it to {self.game}'s {FILE} once the Rust module reads it)")
        missing = sorted(self.encoded - set(rules))
        if missing:
            raise Unsupported(f"{self.game}: the ruleset has no value for {', '.join(missing)}")
        return [slot.encode(self.game, rules) for slot in self.slots]


def parse(game: str, data: Mapping[str, Any], options: Mapping[str, Any]) -> NativeTable:
    """A table from its TOML data, checked against the game's options (`options`: name → its
    `OptionSpec`): a slot naming an option or a value the game does not have is a ValueError (a
    typo in the table must not pass as "not implemented")."""
    def known(name: str, where: str) -> Any:
        if name not in options:
            raise ValueError(f"{game} {FILE}: {where} names no option of {game}: {name!r}")
        return options[name]

    slots = []
    for i, raw in enumerate(data.get("slots", ())):
        names = tuple(raw["options"]) if "options" in raw else ((raw["option"],) if "option" in raw else ())
        name = raw.get("name") or (names[0] if len(names) == 1 else f"slot {i}")
        if not names:
            if "code" not in raw or "codes" in raw:
                raise ValueError(f"{game} {FILE}: slot {name!r} needs an option and codes, or one code")
            slots.append(Slot(name, (), {}, int(raw["code"])))
            continue
        specs = [known(n, f"slot {name!r}") for n in names]
        codes = {str(k): int(v) for k, v in raw.get("codes", {}).items()}
        for key in codes:
            parts = key.split(",")
            if len(parts) != len(specs) or any(p not in {value_key(c.value) for c in s.choices}
                                               for p, s in zip(parts, specs)):
                raise ValueError(f"{game} {FILE}: slot {name!r} codes {key!r}, not a value of {', '.join(names)}")
        slots.append(Slot(name, names, codes))
    between = frozenset(data.get("between_deals", ()))
    text = frozenset(data.get("text_only", ()))
    for n in between | text:
        known(n, "between_deals / text_only")
    return NativeTable(game, tuple(slots), between, text)


@cache
def table_for(game: str) -> NativeTable:
    """The option table of `game`'s native engine, read once from its options package."""
    from yezi.core.registry import game_class

    cls = game_class(game)
    data = tomllib.loads((resources.files(cls.options_package) / FILE).read_text(encoding="utf-8"))
    return parse(game, data, cls.option_table().options)
