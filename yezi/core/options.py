"""Rule options and presets as data with sources.

Each game ships two TOML files next to its rules: ``options.toml`` declares every option (its
variant ids from rules-notes.md, its choices, each with the source that describes it, and the
default) and ``presets.toml`` names complete rulesets that reproduce one source each.
A `Ruleset` is the resolved, immutable mapping that an engine reads.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from yezi.core.errors import OptionError
from yezi.i18n import NP_, PerLanguage, Words, _c

#: the refusals of a bad ``--preset`` or ``-o``, read in the reader's language where they are shown
REFUSALS = Words("options", {
    "no-value": NP_("options:no-value", "option {name} has no value {value}; expected one of {values}"),
    "no-preset": NP_("options:no-preset", "{game} has no preset {preset}; presets: {presets}"),
    "no-option": NP_("options:no-option", "{game} has no option {option}; options: {options}"),
    "not-name-value": NP_("options:not-name-value", "option override {part} is not of the form name=value"),
})


def _refusal(key: str, **params: Any) -> PerLanguage:
    return PerLanguage(lambda lang: _c(lang, REFUSALS.context(key), REFUSALS.table[key], **params))


@dataclass(frozen=True)
class Choice:
    value: Any
    description: str
    source: str
    label: str = ""  # a short name for menus, in English (a catalog msgid); identifiers need one, numbers do not
    variant: str = ""  # the variant id of rules-notes.md this choice is (kept out of the words a player reads)


@dataclass(frozen=True)
class OptionSpec:
    name: str
    description: str
    default: Any
    choices: tuple[Choice, ...]
    variant_ids: tuple[str, ...] = ()
    note: str = ""
    label: str = ""  # a short name for menus, in English (a catalog msgid: translated where shown)

    def choice(self, value: Any) -> Choice:
        for c in self.choices:
            if c.value == value:
                return c
        raise OptionError(_refusal("no-value", name=repr(self.name), value=repr(value),
                                   values=", ".join(repr(c.value) for c in self.choices)))

    def coerce(self, text: Any) -> Any:
        """Turn a command-line string into the option's typed value."""
        if not isinstance(text, str):
            return self.choice(text).value
        for c in self.choices:
            if str(c.value).lower() == text.lower():
                return c.value
            if isinstance(c.value, bool) and text.lower() in (("yes", "on", "1", "是") if c.value else ("no", "off", "0", "否")):
                return c.value
        for c in self.choices:
            if isinstance(c.value, int) and not isinstance(c.value, bool) and text.isdigit() and int(text) == c.value:
                return c.value
        return self.choice(text).value


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    source: str
    values: Mapping[str, Any]
    notes: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Ruleset(Mapping[str, Any]):
    """The resolved option values a game engine runs with."""

    game: str
    preset: str
    values: Mapping[str, Any]  # type: ignore[assignment]  # shadows Mapping.values(): `.values` is this mapping
    overrides: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __hash__(self) -> int:
        return hash((self.game, self.preset, tuple(sorted(self.values.items(), key=lambda kv: kv[0]))))

    def overrides_text(self) -> str:
        return ",".join(f"{k}={_fmt(v)}" for k, v in sorted(self.overrides.items()))

    def values_text(self) -> str:
        """Every option's value as ``name=value,...`` (what a record's ``[Rules]`` tag pins), read back
        by `OptionTable.pinned` after `parse_overrides`."""
        return ",".join(f"{k}={_fmt(v)}" for k, v in sorted(self.values.items()))


def notation(v: Any) -> str:
    """An option value as a reader types it after ``-o name=``: ``yes`` / ``no`` for a switch (what
    `OptionSpec.coerce` reads, never Python's ``True``), the value itself otherwise."""
    return _fmt(v)


def _fmt(v: Any, lang: str = "en") -> str:
    if isinstance(v, bool):
        if lang != "en":
            from yezi.i18n import N_, _

            return _(lang, N_("yes") if v else N_("no"))
        return "yes" if v else "no"
    return str(v)


class OptionTable:
    """All options and presets of one game, loaded from its package data."""

    def __init__(self, game: str, options: dict[str, OptionSpec], presets: dict[str, Preset], default_preset: str,
                 notice: str = ""):
        self.game = game
        self.options = options
        self.presets = presets
        self.default_preset = default_preset
        self.notice = notice  # a game-wide caveat printed first (e.g. "a reconstruction from one source")

    @classmethod
    def from_package(cls, game: str, package: str) -> OptionTable:
        root = resources.files(package)
        opt_data = tomllib.loads((root / "options.toml").read_text(encoding="utf-8"))
        pre_data = tomllib.loads((root / "presets.toml").read_text(encoding="utf-8"))
        options: dict[str, OptionSpec] = {}
        for name, o in opt_data.items():
            choices = tuple(
                Choice(value=c["value"], description=c.get("description", ""), source=c.get("source", ""),
                       label=c.get("label", ""), variant=c.get("variant", ""))
                for c in o["choices"]
            )
            options[name] = OptionSpec(
                name=name,
                description=o.get("description", ""),
                default=o["default"],
                choices=choices,
                variant_ids=tuple(o.get("variant_ids", ())),
                note=o.get("note", ""),
                label=o.get("label", name),
            )
            options[name].choice(o["default"])  # validates the default
        default_preset = pre_data.pop("default", None)
        notice = pre_data.pop("notice", "")
        presets: dict[str, Preset] = {}
        for name, p in pre_data.items():
            values = dict(p.get("options", {}))
            for k, v in values.items():
                if k not in options:
                    raise OptionError(f"preset {name!r} sets unknown option {k!r}")
                options[k].choice(v)
            presets[name] = Preset(
                name=name, title=p.get("title", name), source=p.get("source", ""), values=values,
                notes=dict(p.get("notes", {})),
            )
        if default_preset is None:
            default_preset = next(iter(presets))
        return cls(game, options, presets, default_preset, notice)

    def preset_title(self, name: str, lang: str) -> str:
        """A preset's title in `lang` (what a banner shows the reader; the id stays for `--preset`)."""
        from yezi.i18n import _

        p = self.presets.get(name)
        return _(lang, p.title) if p is not None and p.title else name

    def resolve(self, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Ruleset:
        preset = preset or self.default_preset
        if preset not in self.presets:
            raise OptionError(_refusal("no-preset", game=self.game, preset=repr(preset), presets=", ".join(self.presets)))
        values = {name: spec.default for name, spec in self.options.items()}
        values.update(self.presets[preset].values)
        typed: dict[str, Any] = {}
        for k, v in (overrides or {}).items():
            if k not in self.options:
                raise OptionError(_refusal("no-option", game=self.game, option=repr(k), options=", ".join(self.options)))
            typed[k] = self.options[k].coerce(v)
        values.update(typed)
        return Ruleset(game=self.game, preset=preset, values=values, overrides=typed)

    def pinned(self, preset: str, values: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Ruleset:
        """The ruleset a record or a stored table pinned (every option's value), so that a default or
        a preset changed since does not change what it means. `preset` and `overrides` are only kept,
        as the names a reader sees; the values alone decide. An option added since (absent from
        `values`) takes its default, which is the rule as it was played before the option existed; an
        option or a value this version no longer knows is refused, never guessed."""
        typed: dict[str, Any] = {name: spec.default for name, spec in self.options.items()}
        for k, v in values.items():
            if k not in self.options:
                raise OptionError(_refusal("no-option", game=self.game, option=repr(k), options=", ".join(self.options)))
            typed[k] = self.options[k].coerce(v)
        for k in overrides or {}:
            if k not in self.options:
                raise OptionError(_refusal("no-option", game=self.game, option=repr(k), options=", ".join(self.options)))
        return Ruleset(game=self.game, preset=preset, values=typed, overrides={k: typed[k] for k in overrides or {}})

    def describe(self, lang: str = "en") -> str:
        """The presets and options as text, in `lang` (names, descriptions and titles from the catalogs;
        the per-value descriptions and the sources are English only)."""
        from yezi.i18n import N_, _

        zh = lang != "en"
        lines = [_(lang, N_("Note: {notice}"), notice=_(lang, self.notice)), ""] if self.notice else []
        lines.append(_(lang, N_("Presets of {game} (default {preset}):"), game=self.game, preset=self.default_preset))
        w = max(len(p) for p in self.presets) + 2
        for p in self.presets.values():
            lines.append(f"  {p.name:<{w}}{_(lang, p.title)}")
            lines.append(f"  {'':<{w}}" + _(lang, N_("source: {source}"), source=p.source))
            for k, v in p.values.items():
                note = p.notes.get(k, "")
                lines.append(f"  {'':<{w + 2}}{k}={_fmt(v)}" + (f"  ({note})" if note else ""))
        lines.append("")
        lines.append(_(lang, N_("Options:")))
        for o in self.options.values():
            vid = f" [{', '.join(o.variant_ids)}]" if o.variant_ids else ""
            name = f"{o.name}（{_(lang, o.label)}）" if zh and o.label else o.name
            def shown(c: Choice) -> str:  # in Chinese a choice's label beside the value one types
                return f"{c.value}（{_(lang, c.label)}）" if zh and c.label else _fmt(c.value, lang)

            default = next((shown(c) for c in o.choices if c.value == o.default), _fmt(o.default, lang))
            lines.append("  " + _(lang, N_("{name}{vid}: {description} (default {value})"), name=name, vid=vid,
                                  description=_(lang, o.description), value=default))
            for c in o.choices:
                value = shown(c) + (f" [{c.variant}]" if c.variant else "")
                lines.append(f"      {value:<16} " + _(lang, N_("{description} — source: {source}"),
                                                               description=_(lang, c.description), source=c.source))
            if o.note:
                lines.append("      " + _(lang, N_("note: {note}"), note=o.note))
        return "\n".join(lines)


def parse_overrides(items: list[str] | str | None) -> dict[str, str]:
    """Parse ``["a=b", "c=d"]`` or ``"a=b,c=d"`` into a dict of strings."""
    if not items:
        return {}
    if isinstance(items, str):
        items = [s for s in items.split(",") if s.strip()]
    out: dict[str, str] = {}
    for item in items:
        for part in item.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise OptionError(_refusal("not-name-value", part=repr(part)))
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out
