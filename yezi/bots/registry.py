"""Bot levels by name, so that a new kind of bot (a learned policy, a tuned search) plugs into every
client that names bots: `yezi.bots.make_bot`, ``yezi play|simulate|tournament --bots``, the web
lobby's bot choice (`yezi.server.catalog.bot_levels`) and hints (`Game.hint`).

    from yezi.bots.registry import register_level
    register_level("learned-v1", lambda game, engine: PolicyBot(...), games={"lukfu"},
                   label=N_("Learned · v1"), hints=True)

A level's factory is called as ``factory(game_name, engine)`` and returns a bot (``choose(game,
view, legal, rng)``, deciding from the seat's view alone). ``games`` limits it to some games
(None: every game); ``web`` offers it at the web's tables (a registered name is the only kind of
bot the web ever builds); ``hints`` makes it a hint level; ``label`` is its name for players, a
msgid of the translation catalogs (`yezi.i18n`), or None for the bare name.

Two more kinds of spec are for trusted callers only (the command line, scripts; never web input,
`make_bot(..., trusted=False)` refuses them):

* ``module:Class`` (or ``module:function``): the object is imported and called with no argument;
* ``<scheme>:PATH``, e.g. ``learned:weights/lukfu.npz``: a weights file read by the loader
  registered for the scheme (`register_loader`), called as ``loader(path, game_name)``. Where no
  loader is registered yet, the module named in `LOADER_MODULES` is imported first (``learned`` →
  ``yezi.bots.learned``): that module registers its loader when imported, so the branch that
  writes it needs to touch nothing here.

Levels come from the modules of `LEVEL_MODULES` (``yezi.bots.learned``), imported on the first
lookup, where present: each registers its levels when imported, so every process (a tournament's
workers, the server's job processes) sees the same names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from yezi.core.errors import OptionError

#: factory(game_name, engine) -> a bot
Factory = Callable[[str, "str | None"], Any]
#: loader(path, game_name) -> a bot
Loader = Callable[[str, str], Any]


class UnknownBot(OptionError, ValueError):
    """A bot name no bot answers to; the message lists the names that work.

    An `OptionError` so that every client answers it like any other bad setting, and a `ValueError`
    for callers that caught it as one before."""


@dataclass(frozen=True)
class BotLevel:
    name: str
    factory: Factory
    games: frozenset[str] | None = None  # None: every game
    label: str | None = None  # a msgid of the catalogs
    web: bool = True  # offered at the web's tables
    hints: bool = False  # a hint level
    #: whether it plays a game's rules as its label says (a network trained on other rules would
    #: play as a stand-in); None: every rules of the games it serves
    fits: Callable[[Any], bool] | None = None

    def serves(self, game_name: str) -> bool:
        return self.games is None or game_name in self.games

    def plays(self, game: Any) -> bool:
        """Whether it plays `game` (a built game: its rules) as itself."""
        return self.serves(game.name) and (self.fits is None or self.fits(game))


_LEVELS: dict[str, BotLevel] = {}
_LOADERS: dict[str, Loader] = {}

#: scheme -> the module that registers its loader when imported (the other branches fill these in)
LOADER_MODULES: dict[str, str] = {"learned": "yezi.bots.learned"}

#: modules that register levels when imported (a missing one is skipped), imported on the first lookup
LEVEL_MODULES: list[str] = ["yezi.bots.learned"]
_loaded = False


def _import_optional(module: str) -> None:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name is None or not module.startswith(e.name):  # a module it imports is missing: say so
            raise


def _ensure_loaded() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for m in LEVEL_MODULES:
            _import_optional(m)


#: names a registered level may not take: the built-in bots and the search specs
RESERVED = ("random", "heuristic", "search")


def register_level(name: str, factory: Factory, games: Iterable[str] | None = None, *, label: str | None = None,
                   web: bool = True, hints: bool = False, replace: bool = False,
                   fits: Callable[[Any], bool] | None = None) -> BotLevel:
    """Register a bot level by name (lower case, no ``:``); see the module docstring."""
    if not name or name != name.strip().lower() or ":" in name or "," in name or name.startswith(RESERVED):
        raise ValueError(f"bad bot level name {name!r}: lower case, no ':' or ',', not one of {', '.join(RESERVED)}")
    if name in _LEVELS and not replace:
        raise ValueError(f"bot level {name!r} is already registered")
    level = BotLevel(name, factory, None if games is None else frozenset(games), label, web, hints, fits)
    _LEVELS[name] = level
    return level


def unregister_level(name: str) -> None:
    _LEVELS.pop(name, None)


def get_level(name: str) -> BotLevel | None:
    _ensure_loaded()
    return _LEVELS.get(name)


def levels(game_name: str, *, web: bool | None = None, hints: bool | None = None) -> list[BotLevel]:
    """The registered levels that serve `game_name` (only those offered at the web / as hints when asked)."""
    _ensure_loaded()
    return [lv for lv in _LEVELS.values() if lv.serves(game_name)
            and (web is None or lv.web == web) and (hints is None or lv.hints == hints)]


def register_loader(scheme: str, loader: Loader, *, replace: bool = False) -> None:
    """Read ``<scheme>:PATH`` specs with `loader(path, game_name)` (trusted callers only)."""
    if scheme in _LOADERS and not replace:
        raise ValueError(f"a loader for {scheme!r} is already registered")
    _LOADERS[scheme] = loader


def loader(scheme: str) -> Loader | None:
    """The loader of a scheme, importing the module that registers it (`LOADER_MODULES`) when needed."""
    if scheme not in _LOADERS and scheme in LOADER_MODULES:
        _import_optional(LOADER_MODULES[scheme])
    return _LOADERS.get(scheme)


def build(game_name: str, spec: str, engine: str | None = None, *, trusted: bool = False) -> Any | None:
    """The bot a registered level, a loader spec or an import spec names; None if the spec is none of
    these. Loader and import specs are refused (`UnknownBot`) unless `trusted`."""
    name = spec.strip().lower()
    level = get_level(name)
    if level is not None:
        if not level.serves(game_name):
            raise UnknownBot(f"bot level {name!r} does not play {game_name}")
        return level.factory(game_name, engine)
    head, sep, rest = spec.strip().partition(":")
    if not sep or not head or not rest:
        return None
    if not trusted:
        raise UnknownBot(f"bot {spec!r}: only registered bot levels may be named here")
    scheme = head.lower()
    if scheme in _LOADERS or scheme in LOADER_MODULES:
        load = loader(scheme)
        if load is None:
            raise UnknownBot(f"no loader for {scheme}: weights ({LOADER_MODULES.get(scheme, '?')} is not installed)")
        return load(rest, game_name)
    if "." in head or head.isidentifier():  # module:Class
        try:
            obj = getattr(importlib.import_module(head), rest)
        except (ImportError, AttributeError, TypeError, ValueError) as e:  # (a relative name: TypeError)
            raise UnknownBot(f"bot {spec!r}: cannot import it ({e})") from None
        return obj()
    return None


__all__ = ["LEVEL_MODULES", "LOADER_MODULES", "RESERVED", "BotLevel", "Factory", "Loader", "UnknownBot", "build",
           "get_level", "levels", "loader", "register_level", "register_loader", "unregister_level"]
